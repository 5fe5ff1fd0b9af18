/* The planner: from a validated transform to a built plan.
 *
 *   wisdom      the entry for the problem that serves this device at the closest level (this
 *               device, another driver, the architecture class; wisdom/store.h), made by this
 *               generator; a plan it names that no longer builds here counts as none
 *   ESTIMATE    without wisdom, the estimate (plan/solver_estimate.c)
 *   MEASURE     without wisdom, the search: every applicable solver's candidates (plan/solver.h)
 *   EXHAUSTIVE  timed, whole plan against whole plan; the winner joins the context's wisdom
 *
 * ppfft-tune runs the same search under a budget, against the plan of the existing wisdom
 * (planner_tune), and in builder processes (planner_search). */
#ifndef PPFFT_PLAN_PLANNER_H
#define PPFFT_PLAN_PLANNER_H
#include "plan/measure.h"
#include "plan/plan.h"

/* The plan for t under the ppfft_plan_create flags.  Errors as ppfft_plan_create. */
ppfft_status planner_plan(ppfft_context *c, const transform *t, unsigned flags, ppfft_plan **out);

/* The search (PPFFT_MEASURE, or the whole space with exhaustive): times every applicable solver's
 * candidates and returns the fastest plan with its time in ms (the whole plan's, from a marker
 * before its first pass to the end of its last; for planar plans the sum of their passes').  Does
 * not record wisdom.  With o->build_shares (a builder process) it only builds its share of every
 * candidate list into the disk cache and returns PPFFT_SUCCESS with *out NULL. */
ppfft_status planner_search(ppfft_context *c, const transform *t, int exhaustive, const measure_opts *o, ppfft_plan **out, double *ms);

/* The plan the context's wisdom gives for t: the level of the entry that answered (WISDOM_NONE:
 * none, and *out NULL), its plan string in name[0..len-1] (name may be NULL), and in *s whether it
 * built (*out then the plan, origin PLAN_WISDOM; UNSUPPORTED where it no longer applies here). */
wisdom_level planner_wisdom_plan(ppfft_context *c, const transform *t, char *name, size_t len, ppfft_plan **out, ppfft_status *s);

/* The search against the existing wisdom (plan/tune.c), what ppfft-tune runs: wisdom never gets
 * worse.  How it ended for the entry that served t before the search: */
typedef enum tune_outcome {
  TUNE_NEW,      /* none served t: the search's winner */
  TUNE_STALE,    /* its plan no longer builds or runs here: the search's winner replaces it */
  TUNE_REPLACED, /* the search's winner is faster by more than the noise (tune_replaces) */
  TUNE_KEPT      /* its plan is kept: the winner is not faster by more than the noise (or is its plan) */
} tune_outcome;

typedef struct tune_report {
  tune_outcome outcome;
  wisdom_level level;           /* the entry's level (TUNE_NEW: WISDOM_NONE) */
  char old_plan[PLAN_STRING_MAX]; /* the entry's plan string ("" for TUNE_NEW) */
  char new_plan[PLAN_STRING_MAX]; /* the search's winner's ("" in a builder process) */
  double old_ms, new_ms;        /* TUNE_REPLACED, TUNE_KEPT: both re-timed side by side (NAN for a
                                 * planar plan, which has no whole-plan timing, or the same plan) */
} tune_report;

/* The timing noise of the rule, a fraction of the old plan's time. */
#define TUNE_NOISE 0.02

/* The rule: a new plan replaces a plan that builds only when it is faster by more than the noise. */
int tune_replaces(double old_ms, double new_ms);

/* planner_search for t, then the plan the existing wisdom gives (planner_wisdom_plan) built and
 * timed with the search's winner, in the same conditions (measure_whole, twice each, the faster of
 * each); *out is the winner unless tune_replaces says otherwise (and a planar entry that
 * builds is kept: its plans cannot be timed whole), with its time in *ms; *r says what happened.
 * Does not record wisdom.  In a builder process (o->build_shares) it is planner_search.  Errors as
 * planner_search. */
ppfft_status planner_tune(ppfft_context *c, const transform *t, int exhaustive, const measure_opts *o, ppfft_plan **out, double *ms,
                          tune_report *r);

/* The estimate's plan for t, built (plan/solver_estimate.c). */
ppfft_status estimate_plan(ppfft_context *c, const transform *t, ppfft_plan **out);

#endif
