/* The table of a one-pass FFT_M with Bluestein's or Rader's pointwise steps fused into it
 * (problem.h's fuse_in, fuse_out; core/decompose.h): one buffer, the kernel's argument fz, holding
 * a head of FUSE_HEAD complex entries (its first uint32: N, so that the kernels' text depends on M
 * alone and every N of one M shares them, as the unfused FFT kernels do), from entry FUSE_HEAD the
 * loads' table (chirp-in c_n, n < N, in a slot of M; rader-in's g^q, uint32) and then, from entry
 * fuse_out_offset (in complex entries of the plan's precision), the stores' table (the filter,
 * M or L entries; chirp-out c_k / M, k < N; rader-out's g^-m, uint32).  The scale is not in it:
 * the pass applies its own.  A four-step first pass (fused loads) has its four-step table first,
 * fz after it (the kernel's one table argument, tw4). */
#ifndef PPFFT_CORE_FUSE_H
#define PPFFT_CORE_FUSE_H
#include "core/problem.h"
#include <stddef.h>

enum { FUSE_HEAD = 1 }; /* complex entries before the loads' table */

/* Whether p has fused steps (then its kernel takes fz). */
static inline int fuse_any(const problem *p) { return p->fuse_in || p->fuse_out; }

/* Where the stores' table starts, in complex entries (FUSE_HEAD without fused loads). */
size_t fuse_out_offset(const problem *p);

/* The table (after the four-step one where p has a four-step twiddle) in a new array the caller
 * free()s, its size in *bytes; NULL if out of memory. */
void *fuse_table(const problem *p, size_t *bytes);

#endif
