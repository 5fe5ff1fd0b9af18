/* Reading plan strings in the tests ("r16x16/RP+LM-CM+...+ABFT2/wg64/t4;r16x8/..."): a plan's
 * string, its passes, each pass's radices, transforms per work-group and knobs (testutil's library;
 * the OpenCL and the CUDA ABFT tests read the same strings). */
#ifndef PPFFT_TEST_PLAN_TEXT_H
#define PPFFT_TEST_PLAN_TEXT_H
#include "ppfft.h"
#include <stddef.h>

enum { PLAN_TEXT_LEN = 4096 }; /* the buffers below hold this many chars */

/* p's plan string, without the notes ppfft_plan_describe adds after the first space ("(from the
 * estimate)", "(temporary buffer: ...)"). */
void plan_text_of(const ppfft_plan *p, char *buf);

/* The number of passes of v (its ';'-separated parts). */
int plan_text_passes(const char *v);

/* The text of pass k of v (up to its ';' or the end) in out. */
void plan_text_pass(const char *v, int k, char *out);

/* The radices of pass k ("r16x16x4/..." -> 3), and their product in *len (when len is not NULL). */
int plan_text_radices(const char *v, int k, size_t *len);

/* The transforms per work-group ("/t4") of pass k. */
size_t plan_text_tpw(const char *v, int k);

/* The work-group size ("/wg64") of pass k. */
size_t plan_text_wg(const char *v, int k);

/* Whether the knob list of every pass of v holds the token (between '/' or '+' delimiters). */
int plan_text_every_pass_has(const char *v, const char *token);

/* v with every ABFT2 replaced by ABFT1, in out. */
void plan_text_abft1_of(const char *v, char *out);

#endif
