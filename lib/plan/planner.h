/* The planner: from a validated transform to a built plan.
 *
 *   wisdom      the entry for the problem that serves this device at the closest level (this
 *               device, another driver, the architecture class; wisdom/store.h), made by this
 *               generator; a plan it names that no longer builds here counts as none
 *   ESTIMATE    without wisdom, the estimate (plan/solver_estimate.c)
 *   MEASURE     without wisdom, the search: every applicable solver's candidates (plan/solver.h)
 *   EXHAUSTIVE  timed, whole plan against whole plan; the winner joins the context's wisdom
 *
 * ppfft-tune runs the same search (planner_search) under a budget, in builder processes too. */
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

/* The estimate's plan for t, built (plan/solver_estimate.c). */
ppfft_status estimate_plan(ppfft_context *c, const transform *t, ppfft_plan **out);

#endif
