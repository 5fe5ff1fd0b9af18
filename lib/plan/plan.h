/* A plan: a validated transform as a chain of passes (core/decompose.h), each with its variant and
 * geometry, and the chain's built kernels, tables and temporary buffer on the device (the context's
 * backend's, plan/backend.h).
 * Which variants it runs is decided by the planner (plan/planner.h). */
#ifndef PPFFT_PLAN_PLAN_H
#define PPFFT_PLAN_PLAN_H
#include "core/decompose.h"
#include "core/geometry.h"
#include "core/plan_string.h"
#include "plan/context.h"
#include <pthread.h>
#include <stdint.h>

typedef struct plan_pass {
  problem pb;
  variant v;
  geometry g;
  int transpose; /* an explicit transpose (XP); v is then unused */
  pointwise_kind pointwise; /* a Bluestein pointwise pass (core/bluestein.h); v is then unused */
  size_t chirp_n;           /* its dimension's length */
} plan_pass;

/* Where a plan's variants came from, for ppfft_plan_describe. */
typedef enum plan_origin { PLAN_NAMED, PLAN_ESTIMATE, PLAN_MEASURED, PLAN_WISDOM } plan_origin;

struct ppfft_plan {
  ppfft_context *ctx;
  int npasses;
  plan_pass pass[DECOMPOSE_MAX_PASSES];
  int f64, inplace, in_planar, out_planar;
  int prec;            /* ppfft_precision of the data (F16: half2 in memory, f64 0) */
  int in_real, out_real;    /* a side of real values (R2C's input, C2R's output) */
  size_t in_span, out_span; /* elements (of each side's type) the user's buffers must hold */
  char name[PLAN_STRING_MAX]; /* the plan string */
  plan_origin origin;
  wisdom_level level;       /* PLAN_WISDOM: the level that answered */
  void *chain;              /* the backend's chain: its pass i is pass[i] on the device */
  /* ABFT plans (a pass with the ABFT knob; plan/abft.c) */
  int abft;
  double abft_delta;
  unsigned long long abft_checked; /* transforms checked so far, counted as they are enqueued */
  int inj_on, inj_was_on;          /* fault injection (ppfft_plan_inject_faults) */
  ppfft_fault_injection inj;
  uint64_t inj_rng;
  pthread_mutex_t abft_lock;       /* the fields above, for executions from several threads */
};

/* An empty plan on c.  Errors: OUT_OF_MEMORY. */
ppfft_status plan_alloc(ppfft_context *c, ppfft_plan **out);

/* Releases p and everything it holds; NULL does nothing. */
void plan_free(ppfft_plan *p);

/* Generates, builds and uploads pass i of p (pass[i].pb and .v, or .transpose, set), or releases
 * what it built on failure.  Errors: UNSUPPORTED (the variant does not apply or fit), BUILD,
 * OPENCL or CUDA, OUT_OF_MEMORY. */
ppfft_status plan_build_pass(ppfft_context *c, ppfft_plan *p, int i);

/* Releases what pass i built (to try another variant in its place). */
void plan_release_pass(ppfft_plan *p, int i);

/* Pass i's launch shape and buffer roles in p's chain. */
pass_launch *plan_launch(const ppfft_plan *p, int i);

/* The plan-level state of a plan whose passes are built: spans, flags, the plan string, and the
 * temporary buffer of tmp_elems elements (0: none).  Errors: OUT_OF_MEMORY, OPENCL or CUDA. */
ppfft_status plan_finish(ppfft_context *c, ppfft_plan *p, const transform *t, size_t tmp_elems);

/* Runs p once on host data (interleaved complex in p's precision: in_span elements in, out_span
 * out), for checks such as the tuner's.  Errors: INVALID_ARGUMENT (a planar plan), the backend's. */
ppfft_status plan_run_host(ppfft_plan *p, const void *in, void *out);

/* ABFT, before an execution of p is enqueued: counts the transforms its passes will check and, with
 * fault injection on, draws this execution's faults and has the chain write them first.  Nothing
 * for a plan without ABFT. */
void plan_abft_before_execute(ppfft_plan *p);

/* The plan for t with the ABFT knob (PPFFT_ABFT): the plan the flags give without it, each pass
 * with ABFT2 (a pass whose on-chip mode cannot take it gets the estimate's first RP+LM-CM
 * variant).  Errors as planner_plan. */
ppfft_status plan_abft(ppfft_context *c, const transform *t, unsigned flags, ppfft_plan **out);

/* The one-pass plan for problem pb with variant v (what the measurements time). */
ppfft_status plan_build(ppfft_context *c, const problem *pb, const variant *v, ppfft_plan **out);

/* The plan for t from its plan string's variants vs[0..n-1] (which also fix the split). */
ppfft_status plan_build_transform(ppfft_context *c, const transform *t, const variant *vs, int n, ppfft_plan **out);

#endif
