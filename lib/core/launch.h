/* How a built pass runs, whatever the runtime: its launch shape and which buffers it reads and
 * writes.  The planner fills it; the runtimes (cl/exec.h, cuda/exec.h) launch from it. */
#ifndef PPFFT_CORE_LAUNCH_H
#define PPFFT_CORE_LAUNCH_H
#include "core/decompose.h"
#include <stddef.h>

typedef struct pass_launch {
  unsigned wg, t;        /* work-group size, transforms per work-group */
  size_t batch;          /* transforms */
  buffer_role src, dst;  /* in place: dst only */
  int inplace, in_planar, out_planar;
  size_t local_bytes;    /* the kernel's local (shared) memory: CUDA kernels take it dynamically at
                          * launch (beyond 48 KiB only so), OpenCL ones declare it */
  int abft;              /* the kernel checks its transforms (gen/abft.c): it takes ABFT's arguments */
  unsigned window;       /* blocks of t transforms each work-group computes in turn (ABFT2), else 1 */
  int f64;               /* the kernel's precision (the type of ABFT's threshold argument) */
  unsigned chirp_n, chirp_m; /* a Bluestein pointwise pass (gen/pointwise.h): its dimension's length
                              * N and M, uint arguments after the table (so that kernels do not
                              * depend on them); 0 for the other passes */
} pass_launch;

#endif
