/* Timing on the device, for the planner's measurements and the tuner: buffers of random data for
 * one problem and event-profiled runs of a chain of passes on them. */
#ifndef PPFFT_CL_TIMER_H
#define PPFFT_CL_TIMER_H
#include "cl/exec.h"

/* A profiling queue, the input (and, in place, a pristine copy to restore it before each run) and
 * the output. */
typedef struct cl_rig {
  cl_command_queue q;
  cl_mem in, out, pristine;
  size_t in_bytes;
} cl_rig;

/* Buffers for in_elems / out_elems complex elements (out unused in place) with random input in
 * [-1, 1) (never zeros, which can run faster than real data), made on the device from a 1 MiB
 * block.  On failure frees what it made.  Errors: OPENCL, OUT_OF_MEMORY. */
ppfft_status cl_rig_make(cl_runtime *rt, const errors *e, int f64, int inplace, size_t in_elems, size_t out_elems, cl_rig *r);
void cl_rig_free(cl_rig *r);

/* One run of x on the rig's data, in ms by event profiling: with `whole`, from a marker just
 * before the chain to the end of its last pass (every pass and the gaps between them); otherwise
 * the START..END of its single launch (one-pass chains). */
ppfft_status cl_rig_run(cl_rig *r, const errors *e, cl_chain *x, int whole, double *ms);

/* Waits for ev (from a queue with profiling on), releases it and gives its START..END in ms. */
ppfft_status cl_event_ms(const errors *e, cl_event ev, double *ms);

#endif
