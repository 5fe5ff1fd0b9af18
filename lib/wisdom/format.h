/* The wisdom text format (wisdom/store.h shows a line): one entry per line, parsed whatever its
 * device, and printed.  Version 1 files (before generator signatures and architecture
 * classes: "<device key> <problem key> <plan> <ms>") are read with generator 0, which no lookup
 * applies, and the device's own name as the class. */
#ifndef PPFFT_WISDOM_FORMAT_H
#define PPFFT_WISDOM_FORMAT_H
#include "core/plan_string.h"
#include "core/text_buf.h"
#include "wisdom/device_keys.h"
#include "wisdom/problem_key.h"

enum { WISDOM_FORMAT_VERSION = 2 };

/* One line: a plan measured for a problem on a device. */
typedef struct wisdom_entry {
  char device[DEVICE_KEY_MAX]; /* the device key it was measured on */
  char arch[DEVICE_KEY_MAX];   /* that device's architecture class */
  unsigned generator;          /* the generator signature of its kernels (0: unknown) */
  char base[WISDOM_KEY_MAX];   /* the problem key without its batch class */
  unsigned batch_log4;         /* the batch class is 4^batch_log4 */
  char plan[PLAN_STRING_MAX];  /* the plan string (core/plan_string.h) */
  double ms;
} wisdom_entry;

/* Parses text, strictly: every line must be well formed (comments and blank lines aside).  Returns
 * 0 with the entries in a new array (*out, caller frees; NULL when none) and their count, -1 with
 * "line N: what" in msg, or -2 when out of memory. */
int wisdom_parse(const char *text, wisdom_entry **out, size_t *count, char *msg, size_t len);

/* The header line and the column comment. */
void wisdom_print_header(text_buf *b);

/* One entry's line. */
void wisdom_print_entry(text_buf *b, const wisdom_entry *e);

#endif
