/* Generator of the transpose passes: the explicit-transpose way to transform a strided dimension
 * (the 3D FFT report's approach; variant token XP): copy its transforms into rows of the temporary
 * buffer, transform the rows, copy them back. */
#ifndef PPFFT_GEN_TRANSPOSE_H
#define PPFFT_GEN_TRANSPOSE_H
#include "core/problem.h"
#include "gen/kernel.h"

enum { TRANSPOSE_TILE = 32, TRANSPOSE_WG = 256 };

/* The copy of p's batch transforms of p->n elements from its input layout to its output layout
 * (times p->scale), TRANSPOSE_TILE transforms per work-group of TRANSPOSE_WG work-items, moved
 * TILE x TILE elements at a time through local memory: neighbouring work-items take neighbouring
 * transforms on a strided side and neighbouring elements on a contiguous one, so both sides move
 * whole segments, in dialect d.  Arguments and return values as gen_kernel's (no table). */
int gen_transpose(const problem *p, const dialect *d, kernel_source *out);

#endif
