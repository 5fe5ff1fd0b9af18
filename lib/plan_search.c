/* How a plan is chosen when no wisdom names it: how many passes each dimension takes (the
 * estimate: as few as fit, on-chip and coalesced first; the search: timed, also with one pass
 * more) and which variant each pass runs. */
#include "measure.h"
#include "plan.h"
#include "planner.h"
#include "wisdom.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Splits L = 2^a into k power-of-two factors, the smaller first; 0 if some factor would be 1. */
static int balanced_factors(size_t L, int k, size_t *f)
{
  int a = 0;
  while (((size_t)1 << a) < L) ++a;
  if (a < k) return 0;
  for (int i = 0; i < k; ++i) f[i] = (size_t)1 << (a / k + (i >= k - a % k));
  return 1;
}

/* The next split of dimension d to try, in the order the estimate prefers: on-chip kernels in 1,
 * 2, then 3 passes, then any kernels (GM too) in 1, 2, 3.  Advances *a (start at 0), sets d's
 * factors in sp and returns 1 (on-chip kernels only) or 0; -1 when every split has been tried. */
static int split_attempt(const transform *t, int d, int *a, split *sp)
{
  while (*a < 2 * DECOMPOSE_MAX_FACTORS) {
    int k = *a % DECOMPOSE_MAX_FACTORS + 1, on_chip_only = *a < DECOMPOSE_MAX_FACTORS;
    ++*a;
    if (k == 1) sp->factor[d][0] = t->n[d];
    else if (!balanced_factors(t->n[d], k, sp->factor[d])) { /* too short for k passes, and for more */
      *a = on_chip_only ? DECOMPOSE_MAX_FACTORS : 2 * DECOMPOSE_MAX_FACTORS;
      continue;
    }
    sp->nfactors[d] = k;
    return on_chip_only;
  }
  return -1;
}

/* Whether v on pb moves whole memory segments: a side that could read or write across
 * neighbouring transforms (a column pass) needs enough of them per work-group for 32 bytes. */
static int coalesced(ppfft_context *c, const problem *pb, const variant *v)
{
  geometry g;
  char msg[256];
  if (geometry_of(pb, v, &c->info, &g, msg, sizeof msg) != PPFFT_SUCCESS) return 0;
  for (int side = 0; side < 2; ++side) {
    size_t stride = side ? pb->out_stride : pb->in_stride, dist = side ? pb->out_dist : pb->in_dist;
    if (stride != 1 && dist == 1 && g.t * problem_elem_bytes(pb) < 32) return 0;
  }
  return 1;
}

/* The estimate's candidates for pb; with on_chip_only, without GM (whose every pass goes through
 * global memory) and without column passes too long to read across enough transforms: one more
 * four-step pass costs less than either. */
static size_t estimate_candidates(ppfft_context *c, const problem *pb, int on_chip_only, variant *out, size_t max, char *msg, size_t len)
{
  size_t n = planner_estimate(pb, &c->info, out, max, msg, len), k = 0;
  for (size_t i = 0; i < n; ++i)
    if (!on_chip_only || (out[i].onchip != ONCHIP_GM && coalesced(c, pb, &out[i]))) out[k++] = out[i];
  if (n && !k) snprintf(msg, len, "N = %zu fits one pass only with GM or uncoalesced columns", pb->n);
  return k;
}

/* Builds the passes [first, first + count) of pd into p, each with the first of the estimate's
 * candidates that builds; on failure releases what it built. */
static ppfft_status build_estimated(ppfft_context *c, ppfft_plan *p, const pass_desc *pd, int first, int count, int on_chip_only)
{
  ppfft_status s = PPFFT_SUCCESS;
  for (int i = first; i < first + count && s == PPFFT_SUCCESS; ++i) {
    variant cands[12];
    char msg[512] = "";
    size_t nc = estimate_candidates(c, &pd[i].pb, on_chip_only, cands, sizeof cands / sizeof cands[0], msg, sizeof msg);
    if (nc == 0) s = err_set(c, PPFFT_ERROR_UNSUPPORTED, "no variant fits a pass of length %zu on %s: %s", pd[i].pb.n, c->info.name, msg);
    plan_pass *ps = &p->pass[i];
    s = nc ? PPFFT_ERROR_UNSUPPORTED : s;
    for (size_t k = 0; k < nc && s == PPFFT_ERROR_UNSUPPORTED; ++k) {
      pass_release(ps);
      *ps = (plan_pass){.pb = pd[i].pb, .v = cands[k], .src = pd[i].src, .dst = pd[i].dst};
      s = pass_build(c, ps);
    }
  }
  if (s != PPFFT_SUCCESS)
    for (int i = first; i < first + count; ++i) pass_release(&p->pass[i]);
  return s;
}

/* ESTIMATE without wisdom: each dimension in as few passes as its length allows (1, 2 or 3) with
 * on-chip kernels, else (GM) in as few as it allows at all, each pass with the heuristic's first
 * variant that builds. */
ppfft_status plan_estimate(ppfft_context *c, const transform *t, ppfft_plan **out)
{
  int dims[3], nd = decompose_dims(t, dims);
  split sp = {0};
  pass_desc pd[DECOMPOSE_MAX_PASSES];
  size_t tmp = 0;
  char msg[512] = "";
  ppfft_plan *p;
  ppfft_status s = plan_alloc(c, &p);
  if (s != PPFFT_SUCCESS) return s;
  int first = 0;
  for (int kd = 0; kd < nd && s == PPFFT_SUCCESS; ++kd) {
    int d = dims[kd];
    s = PPFFT_ERROR_UNSUPPORTED;
    for (int a = 0, only; s == PPFFT_ERROR_UNSUPPORTED && (only = split_attempt(t, d, &a, &sp)) >= 0;) {
      if (decompose(t, &sp, pd, &tmp, msg, sizeof msg) < 0) {
        s = err_set(c, PPFFT_ERROR_UNSUPPORTED, "%s", msg);
        break;
      }
      s = build_estimated(c, p, pd, first, sp.nfactors[d], only);
    }
    if (s == PPFFT_ERROR_UNSUPPORTED) {
      char why[512];
      snprintf(why, sizeof why, "%s", ppfft_context_last_error(c));
      s = err_set(c, PPFFT_ERROR_UNSUPPORTED, "dimension %d (N = %zu, %s) cannot be planned on %s in up to %d passes: %s", d, t->n[d],
                  t->f64 ? "f64" : "f32", c->info.name, DECOMPOSE_MAX_FACTORS, why);
    }
    first += sp.nfactors[d];
  }
  /* The last dimension's trial was the whole split: its passes carry the scale, tmp its size. */
  p->npasses = first;
  if (s == PPFFT_SUCCESS) s = plan_finish(c, p, t, tmp);
  if (s != PPFFT_SUCCESS) {
    p->npasses = DECOMPOSE_MAX_PASSES; /* release whatever was built */
    ppfft_plan_destroy(p);
    return s;
  }
  *out = p;
  return PPFFT_SUCCESS;
}

/* The fewest passes per dimension that the estimate can fit (without building anything), with
 * on-chip kernels if any fit, else with GM; 0, or -1 with the message set. */
static int min_split(ppfft_context *c, const transform *t, split *sp)
{
  int dims[3], nd = decompose_dims(t, dims), first = 0;
  pass_desc pd[DECOMPOSE_MAX_PASSES];
  size_t tmp;
  char msg[512] = "";
  *sp = (split){0};
  for (int kd = 0; kd < nd; ++kd) {
    int d = dims[kd], ok = 0;
    for (int a = 0, only; !ok && (only = split_attempt(t, d, &a, sp)) >= 0;) {
      if (decompose(t, sp, pd, &tmp, msg, sizeof msg) < 0) break;
      ok = 1;
      for (int i = first; i < first + sp->nfactors[d] && ok; ++i) {
        variant v[12];
        ok = estimate_candidates(c, &pd[i].pb, only, v, 12, msg, sizeof msg) > 0;
      }
    }
    if (!ok) {
      err_set(c, PPFFT_ERROR_UNSUPPORTED, "dimension %d (N = %zu, %s) cannot be planned on %s in up to %d passes: %s", d, t->n[d],
              t->f64 ? "f64" : "f32", c->info.name, DECOMPOSE_MAX_FACTORS, msg);
      return -1;
    }
    first += sp->nfactors[d];
  }
  return 0;
}

/* Times each FFT pass of split sp over its candidates (as a stand-alone problem on interleaved data)
 * and builds the plan from the winners; *ms is the sum of those passes' medians (XP's transposes,
 * which have no variants, are not timed here).  In a builder process (o->build_shares) it only
 * builds its share of every pass's candidates, and *out stays NULL. */
static ppfft_status measure_split(ppfft_context *c, const transform *t, const split *sp, int exhaustive, const measure_opts *o,
                                  double deadline, ppfft_plan **out, double *ms)
{
  pass_desc pd[DECOMPOSE_MAX_PASSES];
  size_t tmp;
  char msg[512];
  int np = decompose(t, sp, pd, &tmp, msg, sizeof msg);
  if (np < 0) return err_set(c, PPFFT_ERROR_UNSUPPORTED, "%s", msg);
  variant chosen[DECOMPOSE_MAX_PASSES];
  int nchosen = 0;
  *ms = 0;
  for (int i = 0; i < np; ++i) {
    if (pd[i].transpose) continue;
    problem proxy = pd[i].pb;
    proxy.in_planar = proxy.out_planar = 0; /* the same traffic, one buffer per side */
    variant shortlist[48], *list = shortlist;
    size_t count;
    if (exhaustive) list = planner_exhaustive_candidates(&proxy, &c->info, &count);
    else count = planner_measure_candidates(&proxy, &c->info, shortlist, sizeof shortlist / sizeof shortlist[0]);
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
    *ms += pms;
    ppfft_plan_destroy(best);
  }
  if (o && o->build_shares) return PPFFT_SUCCESS; /* *out stays NULL: a builder makes no plan */
  for (int i = 0, k = 0; i < np; ++i) /* XP marks the variant of each transposed dimension */
    if (!pd[i].transpose) chosen[k++].xpose = (i > 0 && pd[i - 1].transpose) ? 1 : 0;
  return plan_build_transform(c, t, chosen, nchosen, out);
}

/* Keeps other (timed at oms) in *out if it is faster, or if *s says nothing was planned yet. */
static void keep_faster(ppfft_status *s, ppfft_plan **out, double *ms, ppfft_status os, ppfft_plan *other, double oms)
{
  if (os == PPFFT_SUCCESS && (*s != PPFFT_SUCCESS || oms < *ms)) {
    ppfft_plan_destroy(*out);
    *out = other;
    *ms = oms;
    *s = PPFFT_SUCCESS;
  } else {
    ppfft_plan_destroy(other);
  }
}

/* EXHAUSTIVE, a 1D transform in k >= 2 passes: besides the balanced split, every other order and
 * proportion of k power-of-two factors (2^20 = 64 x 16384 ... 16384 x 64), none shorter than
 * EXHAUSTIVE_MIN_FACTOR (or the balanced split's shortest): a pass moves all the data whatever its
 * length, so a shorter one only makes the others longer.  Splits that no kernel fits fail fast. */
static void search_other_splits(ppfft_context *c, const transform *t, const split *balanced, const measure_opts *o, double deadline,
                                ppfft_status *s, ppfft_plan **out, double *ms)
{
  enum { EXHAUSTIVE_MIN_FACTOR = 64, MAX_SPLITS = 512 }; /* 2^40 in three factors of 64 or more: 276 */
  size_t f[MAX_SPLITS][DECOMPOSE_MAX_FACTORS];
  int d = t->rank - 1, k = balanced->nfactors[d];
  size_t lo = balanced->factor[d][0] < EXHAUSTIVE_MIN_FACTOR ? balanced->factor[d][0] : EXHAUSTIVE_MIN_FACTOR;
  int n = k >= 2 ? decompose_splits(t->n[d], k, lo, f, MAX_SPLITS) : 0;
  for (int i = 0; i < n && i < MAX_SPLITS && (!deadline || measure_now_s() < deadline); ++i) {
    if (memcmp(f[i], balanced->factor[d], (size_t)k * sizeof f[i][0]) == 0) continue; /* timed already */
    split sp = *balanced;
    memcpy(sp.factor[d], f[i], sizeof f[i]);
    ppfft_plan *other = NULL;
    double oms = 0;
    ppfft_status os = measure_split(c, t, &sp, 1, o, deadline, &other, &oms);
    keep_faster(s, out, ms, os, other, oms);
  }
}

ppfft_status plan_search(ppfft_context *c, const transform *t, int exhaustive, const measure_opts *o, ppfft_plan **out, double *ms)
{
  *out = NULL;
  split sp;
  if (min_split(c, t, &sp) != 0) return PPFFT_ERROR_UNSUPPORTED;
  double deadline = o && o->budget_s > 0 ? measure_now_s() + o->budget_s : 0;
  ppfft_status s = measure_split(c, t, &sp, exhaustive, o, deadline, out, ms);
  int timing = !(o && o->build_shares); /* a builder process visits every split, times none */
  if (exhaustive && t->rank == 1 && (s == PPFFT_SUCCESS || s == PPFFT_ERROR_UNSUPPORTED))
    search_other_splits(c, t, &sp, o, deadline, &s, out, ms);
  int whole = 0; /* *ms is a whole-plan time (measure_plan), not a sum of per-pass times */
  /* explicit transposes for the strided dimensions of a multi-dimensional transform: the whole
   * plans are timed against each other (the transposes have no per-pass candidates) */
  if (s == PPFFT_SUCCESS && t->rank > 1 && !t->in.planar && !t->out.planar && (!deadline || measure_now_s() < deadline)) {
    split xp = sp;
    pass_desc pd[DECOMPOSE_MAX_PASSES];
    size_t tmp;
    char msg[256];
    int any = 0;
    for (int d = 0; d < t->rank; ++d) {
      if (xp.nfactors[d] != 1) continue;
      xp.xpose[d] = 1;
      if (decompose(t, &xp, pd, &tmp, msg, sizeof msg) < 0) xp.xpose[d] = 0; /* contiguous: nothing to transpose */
      else any = 1;
    }
    ppfft_plan *other = NULL;
    double oms = 0, bms = 0;
    if (any && measure_split(c, t, &xp, exhaustive, o, deadline, &other, &oms) == PPFFT_SUCCESS && timing &&
        measure_plan(c, other, &oms) == PPFFT_SUCCESS && measure_plan(c, *out, &bms) == PPFFT_SUCCESS && oms < bms) {
      ppfft_plan_destroy(*out);
      *out = other;
      *ms = oms;
      whole = 1;
    } else {
      ppfft_plan_destroy(other);
      if (bms > 0) *ms = bms, whole = 1; /* the whole plan's time, as XP's would have been */
    }
  }
  /* one more pass than needed may be faster for long 1D transforms (shorter kernels, more
   * transforms per work-group): time that split too and keep the faster; also the way out when no
   * candidate of the fewest passes built (e.g. every one-pass kernel needs more registers) */
  int d = t->rank - 1, k = sp.nfactors[d];
  if ((s == PPFFT_SUCCESS || s == PPFFT_ERROR_UNSUPPORTED) && t->rank == 1 && t->n[d] >= 4096 && k < DECOMPOSE_MAX_FACTORS &&
      (!deadline || measure_now_s() < deadline) && balanced_factors(t->n[d], k + 1, sp.factor[d])) {
    sp.nfactors[d] = k + 1;
    ppfft_plan *other = NULL;
    double oms = 0;
    ppfft_status os = measure_split(c, t, &sp, exhaustive, o, deadline, &other, &oms);
    keep_faster(&s, out, ms, os, other, oms);
  }
  /* the estimate's own plan is always a candidate, so a search cut short by its budget, or misled
   * by per-pass timings, never ends slower than planning without one: whole plans against each other */
  ppfft_plan *est = NULL;
  double ems = 0, bms = whole ? *ms : 0;
  if (s == PPFFT_SUCCESS && timing && plan_estimate(c, t, &est) == PPFFT_SUCCESS && strcmp(est->name, (*out)->name) != 0 &&
      measure_plan(c, est, &ems) == PPFFT_SUCCESS && (whole || measure_plan(c, *out, &bms) == PPFFT_SUCCESS)) {
    if (ems < bms) {
      ppfft_plan_destroy(*out);
      *out = est;
      est = NULL;
      *ms = ems;
    } else {
      *ms = bms;
    }
  }
  ppfft_plan_destroy(est);
  return s;
}

/* MEASURE and EXHAUSTIVE without wisdom: time the candidates now, keep the fastest, remember it. */
ppfft_status plan_measure(ppfft_context *c, const transform *t, int exhaustive, ppfft_plan **out)
{
  double ms;
  ppfft_status s = plan_search(c, t, exhaustive, NULL, out, &ms);
  if (s == PPFFT_SUCCESS && wisdom_add(&c->wisdom, t, (*out)->name, ms) != 0) {
    ppfft_plan_destroy(*out);
    *out = NULL;
    return err_set(c, PPFFT_ERROR_OUT_OF_MEMORY, "out of memory recording wisdom");
  }
  return s;
}
