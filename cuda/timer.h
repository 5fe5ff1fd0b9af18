/* Timing on a CUDA device, for the planner's measurements and the tuner: buffers of random data for
 * one problem and runs of a chain on them, timed by CUDA events. */
#ifndef PPFFT_CUDA_TIMER_H
#define PPFFT_CUDA_TIMER_H
#include "cuda/exec.h"

/* A stream of its own, the input (and, in place, a pristine copy to restore it before each run)
 * and the output. */
typedef struct cuda_rig {
  cuda_runtime *rt;
  cudaStream_t stream;
  cudaEvent_t start, end;
  void *in, *out, *pristine;
  size_t in_bytes;
} cuda_rig;

/* Buffers for in_elems / out_elems complex elements of precision prec (a ppfft_precision; out
 * unused in place) with random input in
 * [-1, 1) (never zeros).  On failure frees what it made.  Errors: CUDA, OUT_OF_MEMORY. */
ppfft_status cuda_rig_make(cuda_runtime *rt, const errors *e, int prec, int inplace, size_t in_elems, size_t out_elems, cuda_rig *r);
void cuda_rig_free(cuda_rig *r);

/* One run of x on the rig's data in ms, from an event before its first pass to one after its last. */
ppfft_status cuda_rig_run(cuda_rig *r, const errors *e, cuda_chain *x, double *ms);

#endif
