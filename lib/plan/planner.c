/* planner_plan and planner_search: the loop over the solver table. */
#include "plan/planner.h"
#include "gen/signature.h"
#include "plan/candidates.h"
#include "plan/solver.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_CANDIDATES = 512 }; /* a solver's candidates: 2^40 split into three factors of 64 or more is 276 */

/* Times each FFT pass of split sp over its candidate list (as a stand-alone problem on interleaved
 * data) and builds the plan from the winners; *sum_ms is the sum of those passes' medians (XP's
 * transposes, which have no variants, are not timed here).  In a builder process (o->build_shares)
 * it only builds its share of every pass's candidates, and *out stays NULL. */
static ppfft_status measure_split(ppfft_context *c, const transform *t, const split *sp, int exhaustive, const measure_opts *o,
                                  double deadline, ppfft_plan **out, double *sum_ms)
{
  pass_desc pd[DECOMPOSE_MAX_PASSES];
  size_t tmp;
  char msg[512];
  *out = NULL;
  *sum_ms = 0;
  int np = decompose(t, sp, pd, &tmp, msg, sizeof msg);
  if (np < 0) return err_set(c, PPFFT_ERROR_UNSUPPORTED, "%s", msg);
  variant chosen[DECOMPOSE_MAX_PASSES];
  int nchosen = 0;
  for (int i = 0; i < np; ++i) {
    if (pd[i].variant < 0) continue; /* a transpose or a pointwise pass */
    problem proxy = pd[i].pb;
    proxy.in_planar = proxy.out_planar = 0; /* the same traffic, one buffer per side */
    variant shortlist[CANDIDATES_MEASURE_MAX], *list = shortlist;
    size_t count;
    if (exhaustive) list = candidates_exhaustive(&proxy, &c->info, &count);
    else count = candidates_measure(&proxy, &c->info, shortlist, sizeof shortlist / sizeof shortlist[0]);
    if (count == 0) {
      if (list != shortlist) free(list);
      return err_set(c, PPFFT_ERROR_UNSUPPORTED, "no variant fits pass %d (N = %zu) on %s", i + 1, proxy.n, c->info.name);
    }
    ppfft_plan *best = NULL;
    double pms = 0;
    measure_opts po = o ? *o : (measure_opts){0};
    if (deadline > 0) { /* the budget is for the whole search: what is left of it, at least a candidate */
      double left = deadline - measure_now_s();
      po.budget_s = left > 1e-3 ? left : 1e-3;
    }
    ppfft_status s = measure_best(c, &proxy, list, count, &po, &best, &pms);
    if (list != shortlist) free(list);
    if (s != PPFFT_SUCCESS) return s;
    if (!best) continue; /* a builder process: its share is in the disk cache, nothing was timed */
    chosen[nchosen++] = best->pass[0].v;
    *sum_ms += pms;
    plan_free(best);
  }
  if (o && o->build_shares) return PPFFT_SUCCESS; /* a builder makes no plan */
  for (int i = 0, k = 0; i < np; ++i) /* XP marks the variant of each transposed dimension, BSF/BSI Bluestein's */
    if (pd[i].variant >= 0) {
      chosen[k].bluestein = pd[i].bluestein;
      chosen[k++].xpose = (i > 0 && pd[i - 1].transpose) ? 1 : 0;
    }
  return plan_build_transform(c, t, chosen, nchosen, out);
}

ppfft_status planner_search(ppfft_context *c, const transform *t, int exhaustive, const measure_opts *o, ppfft_plan **out, double *ms)
{
  *out = NULL;
  *ms = 0;
  search_problem sp = {.t = t, .exhaustive = exhaustive};
  if (split_fewest(c, t, &sp.fewest) != 0) return PPFFT_ERROR_UNSUPPORTED;
  plan_candidate *cands = malloc(MAX_CANDIDATES * sizeof *cands);
  if (!cands) return err_set(c, PPFFT_ERROR_OUT_OF_MEMORY, "out of memory");
  double deadline = o && o->budget_s > 0 ? measure_now_s() + o->budget_s : 0;
  int timing = !(o && o->build_shares); /* a builder process visits every candidate and times none */
  int planar = t->in.planar || t->out.planar; /* no whole-plan timing: planar plans compare by their passes' sums */
  ppfft_status s = PPFFT_ERROR_UNSUPPORTED, failure = PPFFT_ERROR_UNSUPPORTED;
  size_t timed = 0;
  for (const solver *const *sv = solvers; *sv; ++sv) {
    if (!(*sv)->applicable(c, &sp)) continue;
    size_t n = (*sv)->candidates(c, &sp, cands, MAX_CANDIDATES);
    for (size_t i = 0; i < n; ++i) {
      ppfft_plan *plan = NULL;
      double pms = 0;
      ppfft_status ps;
      if (cands[i].estimate) { /* the guard: even past the deadline */
        if (!timing || (planar && s == PPFFT_SUCCESS)) continue;
        ps = estimate_plan(c, t, &plan);
      } else {
        if (timed && deadline && measure_now_s() >= deadline) continue; /* the first always: a search finds something */
        ++timed;
        ps = measure_split(c, t, &cands[i].sp, exhaustive, o, deadline, &plan, &pms);
      }
      if (ps == PPFFT_SUCCESS && plan && !planar) ps = measure_whole(c, o, plan, &pms);
      if (ps != PPFFT_SUCCESS || !plan) {
        if (ps != PPFFT_SUCCESS && ps != PPFFT_ERROR_UNSUPPORTED) failure = ps; /* worse than "does not apply" */
        plan_free(plan);
        continue;
      }
      if (s != PPFFT_SUCCESS || pms < *ms) { /* a tie keeps the earlier solver's plan */
        plan_free(*out);
        *out = plan;
        *ms = pms;
        s = PPFFT_SUCCESS;
      } else {
        plan_free(plan);
      }
    }
  }
  free(cands);
  if (!timing) return PPFFT_SUCCESS;
  if (s != PPFFT_SUCCESS && failure != PPFFT_ERROR_UNSUPPORTED) s = failure;
  if (s == PPFFT_SUCCESS) (*out)->origin = PLAN_MEASURED;
  return s;
}

wisdom_level planner_wisdom_plan(ppfft_context *c, const transform *t, char *name, size_t len, ppfft_plan **out, ppfft_status *s)
{
  *out = NULL;
  char wise[PLAN_STRING_MAX];
  wisdom_level level = WISDOM_NONE;
  if (wisdom_lookup(&c->wisdom, &c->names, GEN_SIGNATURE, t, wise, sizeof wise, &level) != 0) return WISDOM_NONE;
  if (name) snprintf(name, len, "%s", wise);
  variant vs[DECOMPOSE_MAX_PASSES];
  char msg[256];
  int n = plan_string_parse(wise, vs, DECOMPOSE_MAX_PASSES, msg, sizeof msg);
  *s = n < 0 ? err_set(c, PPFFT_ERROR_UNSUPPORTED, "the wisdom's plan does not parse: %s", msg) : plan_build_transform(c, t, vs, n, out);
  if (*s == PPFFT_SUCCESS) {
    (*out)->origin = PLAN_WISDOM;
    (*out)->level = level;
  }
  return level;
}

ppfft_status planner_plan(ppfft_context *c, const transform *t, unsigned flags, ppfft_plan **out)
{
  if (flags & PPFFT_ABFT) return plan_abft(c, t, flags & ~(unsigned)PPFFT_ABFT, out);
  ppfft_status s;
  if (planner_wisdom_plan(c, t, NULL, 0, out, &s) != WISDOM_NONE) {
    if (s != PPFFT_ERROR_UNSUPPORTED || (flags & PPFFT_WISDOM_ONLY)) return s;
    /* wisdom from another device or driver that does not run here: plan as if there were none */
  } else if (flags & PPFFT_WISDOM_ONLY) {
    char key[WISDOM_KEY_MAX];
    problem_key(t, key, sizeof key);
    return err_set(c, PPFFT_ERROR_UNSUPPORTED, "PPFFT_WISDOM_ONLY: no wisdom for %s on %s (run ppfft-tune)", key, c->names.key);
  }
  if (!(flags & (PPFFT_MEASURE | PPFFT_EXHAUSTIVE))) return estimate_plan(c, t, out);
  /* The search runs only where no entry serves t or its plan no longer builds here, which is where
   * the tuner's rule (planner_tune) replaces an entry too: MEASURE's wisdom never gets worse. */
  double ms;
  measure_opts o = {.budget_s = c->plan_time_limit};
  s = planner_search(c, t, (flags & PPFFT_EXHAUSTIVE) != 0, &o, out, &ms);
  if (s == PPFFT_SUCCESS && wisdom_add(&c->wisdom, &c->names, GEN_SIGNATURE, t, (*out)->name, ms) != 0) {
    plan_free(*out);
    *out = NULL;
    return err_set(c, PPFFT_ERROR_OUT_OF_MEMORY, "out of memory recording wisdom");
  }
  return s;
}
