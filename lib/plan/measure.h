/* Timing candidate variants on the device: what PPFFT_MEASURE, PPFFT_EXHAUSTIVE and ppfft-tune do.
 * Whole plans are timed with OpenCL event profiling, after a warm-up, as the median of repeats, on
 * random data of the problem's own size; a candidate clearly slower than the best is dropped early. */
#ifndef PPFFT_PLAN_MEASURE_H
#define PPFFT_PLAN_MEASURE_H
#include "core/problem.h"
#include "core/variant.h"
#include "plan/plan.h"

typedef struct measure_opts {
  unsigned warmup, repeats;  /* 0: 2 and 7 */
  double budget_s;           /* stop timing new candidates this long after the start (0: no limit);
                              * the candidates are all built first, on host threads */
  /* called after each candidate (may be NULL): candidates done and total, this candidate (its
   * median; NAN where it did not build or run, the reason then the calling thread's last error;
   * minus its median of the samples taken where it was dropped early as clearly slower than the
   * best) and the best so far */
  void (*progress)(void *arg, size_t done, size_t total, double ms, const char *name, double best_ms, const char *best);
  void *arg;
  /* how whole plans are timed (may be NULL: measure_plan), with arg: the search's whole-plan
   * timings and planner_tune's comparison with the existing wisdom; tests make chosen plans slow */
  ppfft_status (*time_plan)(void *arg, ppfft_context *c, ppfft_plan *plan, double *ms);
  /* build_shares > 0: time nothing; only build (into the disk cache) this process's share of the
   * candidates, so that several ppfft-tune processes compile in parallel (NVIDIA's OpenCL compiler
   * runs one build at a time per process, whatever the threads).  Candidates are numbered over
   * every call of the process (*build_seen counts them; NULL: from 0 in each call) and a process
   * builds those numbered build_share modulo build_shares: short lists, such as a multi-pass
   * plan's 14 per pass, then still spread evenly over the processes. */
  unsigned build_share, build_shares;
  size_t *build_seen;
} measure_opts;

/* A monotonic clock in seconds (budgets). */
double measure_now_s(void);

/* Times cands[0..n-1] for p on c (skipping those that do not apply or build) and returns the
 * fastest as a built plan in *out with its median time in *ms (the caller records it as wisdom).  With
 * o->build_shares, builds its share untimed and returns PPFFT_SUCCESS with *out NULL and *ms = 0.
 * Errors: UNSUPPORTED when none runs, OPENCL, OUT_OF_MEMORY. */
ppfft_status measure_best(ppfft_context *c, const problem *p, const variant *cands, size_t n, const measure_opts *o,
                          ppfft_plan **out, double *ms);

/* Times a whole built plan (interleaved sides) on random data of its layout: from a marker just
 * before it to the end of its last pass, after warm-up, the median of repeats.  Errors: UNSUPPORTED
 * for a planar plan, OPENCL, OUT_OF_MEMORY. */
ppfft_status measure_plan(ppfft_context *c, ppfft_plan *plan, double *ms);

/* A whole plan's time as o says (o->time_plan, else measure_plan; o may be NULL). */
ppfft_status measure_whole(ppfft_context *c, const measure_opts *o, ppfft_plan *plan, double *ms);

#endif
