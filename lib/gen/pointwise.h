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

enum { POINTWISE_WG = 256, POINTWISE_CHUNK = 4096 }; /* work-items, elements per work-group */

/* The elements a pass `kind` of a dimension of length nlen visits over p's batch (p->n = M each):
 * what its kernel takes as `batch`, POINTWISE_CHUNK of them per work-group. */
size_t gen_pointwise_elements(const problem *p, pointwise_kind kind, size_t nlen);

/* The pass `kind` of a Bluestein dimension of length N over p's batch transforms of p->n = M
 * elements, from p's input layout to its output layout: chirp-in reads n < N and writes all M
 * (zero from N on), the filter all M in place, chirp-out reads and writes k < N; each element
 * times table entry k.  Rader's (core/rader.h; N = p, p->n = M = p - 1, rows of M + 2 on the
 * temporary side): rader-in and rader-out gather and scatter through a uint table, the filter
 * multiplies by its table.  Arguments (buffers, ulong first, ulong elements, table, uint N, uint M): elements =
 * gen_pointwise_elements(p, kind, N), first a multiple of POINTWISE_CHUNK, POINTWISE_CHUNK elements
 * of them (of several transforms where M is short) per work-group of POINTWISE_WG work-items.  Returns as
 * gen_kernel (table_arg set). */
int gen_pointwise(const problem *p, pointwise_kind kind, const dialect *d, kernel_source *out);

#endif
