/* Generator of Bluestein's pointwise passes (core/bluestein.h): chirp-in, filter, chirp-out, each
 * one complex product per element with a table that the kernel takes as an argument, and the
 * lengths N and M arguments too, so that the source depends on the layouts only (a batch of one
 * packed transform of any length shares them).  The filter writes, and chirp-out reads, the
 * conjugate (core/bluestein.h). */
#ifndef PPFFT_GEN_POINTWISE_H
#define PPFFT_GEN_POINTWISE_H
#include "core/bluestein.h"
#include "core/problem.h"
#include "gen/kernel.h"

enum { POINTWISE_WG = 64, POINTWISE_CHUNK = 4096 }; /* work-items, elements per work-group */

/* Work-groups per transform of p (p->n = M elements each). */
size_t gen_pointwise_chunks(const problem *p);

/* The pass `kind` of a Bluestein dimension of length N over p's batch transforms of p->n = M
 * elements, from p's input layout to its output layout: chirp-in reads n < N and writes all M
 * (zero from N on), the filter all M in place, chirp-out reads and writes k < N; each element
 * times table entry k.  Rader's (core/rader.h; N = p, p->n = M = p - 1, rows of M + 2 on the
 * temporary side): rader-in and rader-out gather and scatter through a uint table, the filter
 * multiplies by its table.  Arguments (buffers, ulong first, ulong units, table, uint N, uint M): units =
 * batch x gen_pointwise_chunks(p), one work-group of POINTWISE_WG work-items each.  Returns as
 * gen_kernel (table_arg set). */
int gen_pointwise(const problem *p, pointwise_kind kind, const dialect *d, kernel_source *out);

#endif
