/* planner_tune: the search against the plan the existing wisdom gives, and the one rule that says
 * which of the two the wisdom keeps, so that a tuned entry is never slower than the entry it
 * replaces (FFTW's rule: wisdom never gets worse).  The search's own time for its winner is the
 * fastest of many noisy timings, so both plans are timed again here, side by side. */
#include "plan/planner.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

int tune_replaces(double old_ms, double new_ms) { return new_ms < (1.0 - TUNE_NOISE) * old_ms; }

/* The faster of two timings of a and of b, in the order a, b, b, a (so that a drift of the
 * device's clocks or temperature favours neither); a's failure is returned, b's leaves *b_ms. */
static ppfft_status time_both(ppfft_context *c, const measure_opts *o, ppfft_plan *a, ppfft_plan *b, double *a_ms, double *b_ms)
{
  double ta[2], tb[2];
  ppfft_status s = measure_whole(c, o, a, &ta[0]);
  if (s != PPFFT_SUCCESS) return s;
  int nb = measure_whole(c, o, b, &tb[0]) == PPFFT_SUCCESS;
  nb += nb && measure_whole(c, o, b, &tb[1]) == PPFFT_SUCCESS;
  s = measure_whole(c, o, a, &ta[1]);
  if (s != PPFFT_SUCCESS) return s;
  *a_ms = fmin(ta[0], ta[1]);
  if (nb) *b_ms = nb == 2 ? fmin(tb[0], tb[1]) : tb[0];
  return PPFFT_SUCCESS;
}

ppfft_status planner_tune(ppfft_context *c, const transform *t, int exhaustive, const measure_opts *o, ppfft_plan **out, double *ms,
                          tune_report *r)
{
  memset(r, 0, sizeof *r);
  r->old_ms = r->new_ms = NAN;
  if (o && o->build_shares) return planner_search(c, t, exhaustive, o, out, ms);
  ppfft_status s = planner_search(c, t, exhaustive, o, out, ms);
  if (s != PPFFT_SUCCESS) return s;
  snprintf(r->new_plan, sizeof r->new_plan, "%s", (*out)->name);
  /* the entry's plan built after the search, so that it holds no device memory meanwhile */
  ppfft_plan *old = NULL;
  ppfft_status os = PPFFT_ERROR_UNSUPPORTED;
  r->level = planner_wisdom_plan(c, t, r->old_plan, sizeof r->old_plan, &old, &os);
  r->outcome = r->level == WISDOM_NONE ? TUNE_NEW : os == PPFFT_SUCCESS ? TUNE_KEPT : TUNE_STALE;
  if (!old || strcmp(old->name, (*out)->name) == 0) { /* nothing to compare */
    plan_free(old);
    return PPFFT_SUCCESS;
  }
  if (!(t->in.planar || t->out.planar)) {
    double new_ms = *ms;
    if (time_both(c, o, old, *out, &r->old_ms, &new_ms) != PPFFT_SUCCESS) {
      r->outcome = TUNE_STALE; /* it builds but does not run here */
      plan_free(old);
      return PPFFT_SUCCESS;
    }
    r->new_ms = new_ms;
    if (tune_replaces(r->old_ms, r->new_ms)) {
      r->outcome = TUNE_REPLACED;
      *ms = r->new_ms;
      plan_free(old);
      return PPFFT_SUCCESS;
    }
    *ms = r->old_ms;
  } /* a planar entry is kept at the search's time: planar plans cannot be timed whole */
  plan_free(*out);
  *out = old;
  old->origin = PLAN_MEASURED;
  return PPFFT_SUCCESS;
}
