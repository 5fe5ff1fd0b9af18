/* Addressing a general layout from a generated kernel (see gen_layout.c). */
#ifndef PPFFT_GEN_LAYOUT_H
#define PPFFT_GEN_LAYOUT_H
#include "core/problem.h"
#include "gen/dialect.h"

/* Emits IN_AT(g) and OUT_AT(g) (the first element of transform g, decomposed into p's levels) and
 * LD_IN(a), LD_OUT(a), ST_OUT(a, v) (one element of a side's buffer or buffers). */
void gen_layout_macros(text_buf *b, const dialect *d, const problem *p);

/* Emits the kernel's name and arguments up to the opening brace: the buffers (one per side, two if
 * planar; in-place, the output's only), then first, batch and table_arg (text, may be ""). */
void gen_layout_signature(text_buf *b, const dialect *d, const problem *p, const char *table_arg);

#endif
