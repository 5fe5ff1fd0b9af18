/* A plan: a validated transform as a chain of passes (decompose.h), each with its variant, built
 * kernel and twiddle table, and the temporary buffer the passes share. */
#ifndef PPFFT_PLAN_H
#define PPFFT_PLAN_H
#include "context.h"
#include "decompose.h"
#include "geometry.h"
#include "plan_string.h"
#include "problem.h"
#include "variant.h"
#include <threads.h>

typedef struct plan_pass {
  problem pb;
  variant v;
  geometry g;
  buffer_role src, dst;
  int transpose;     /* an explicit transpose (XP); v is then unused */
  cl_program program;
  cl_kernel kernel;
  cl_mem table;      /* CM-K / TW-GM twiddles, else NULL */
  cl_mem tw4;        /* the four-step twiddles of a column pass, else NULL */
} plan_pass;

struct ppfft_plan {
  ppfft_context *ctx;
  int npasses;
  plan_pass pass[DECOMPOSE_MAX_PASSES];
  int f64, inplace, in_planar, out_planar;
  size_t in_span, out_span; /* elements the user's buffers must hold */
  cl_mem tmp;               /* the four-step passes' temporary buffer, else NULL */
  size_t tmp_bytes;
  cl_event last;            /* with tmp: the previous execution's end, which the next waits for */
  cl_command_queue last_q;  /* the queue it ran on (retained, so its handle cannot be reused) */
  int last_q_in_order;      /* last_q executes in order: a next execution there needs no wait */
  mtx_t lock;               /* kernel arguments are per cl_kernel: set and enqueue under this lock */
  char name[PLAN_STRING_MAX]; /* the plan string */
};

/* Builds the one-pass plan for problem pb with variant v on c (what the tuner times).  On failure
 * returns the status (message set on c) and leaves *out NULL. */
ppfft_status plan_build(ppfft_context *c, const problem *pb, const variant *v, ppfft_plan **out);

/* Builds the plan for transform t from its plan string's variants vs[0..n-1]. */
ppfft_status plan_build_transform(ppfft_context *c, const transform *t, const variant *vs, int n, ppfft_plan **out);

/* Building blocks for plan_search.c: release or build one pass (pb and v set), allocate an empty
 * plan, and finish one whose passes are built (spans, flags, the plan string, the temporary buffer
 * of tmp_elems elements). */
void pass_release(plan_pass *ps);
ppfft_status pass_build(ppfft_context *c, plan_pass *ps);
ppfft_status plan_alloc(ppfft_context *c, ppfft_plan **out);
ppfft_status plan_finish(ppfft_context *c, ppfft_plan *p, const transform *t, size_t tmp_elems);

/* ESTIMATE without wisdom (plan_search.c): each dimension in as few passes as fit, each pass with
 * the heuristic's first variant that builds. */
ppfft_status plan_estimate(ppfft_context *c, const transform *t, ppfft_plan **out);

/* MEASURE (exhaustive 0) or EXHAUSTIVE without wisdom: plan_search, and the winner into c's wisdom. */
ppfft_status plan_measure(ppfft_context *c, const transform *t, int exhaustive, ppfft_plan **out);

/* Times candidates for t now (PPFFT_MEASURE, or every valid variant with exhaustive): each pass of
 * the fewest-pass split, and for long 1D transforms also of a split with one pass more; returns the
 * fastest plan and its time in ms (the sum of its passes').  Does not record wisdom. */
struct measure_opts;
ppfft_status plan_search(ppfft_context *c, const transform *t, int exhaustive, const struct measure_opts *o, ppfft_plan **out,
                         double *ms);

#endif
