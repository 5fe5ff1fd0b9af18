/* The estimate: each dimension in as few passes as its length allows (1, 2 or 3) with on-chip
 * kernels, else (GM) in as few as it allows at all, each pass with the first of its estimate
 * candidates that builds: del Mundo and Feng's best-known set, fitted to the device.  It is what
 * PPFFT_ESTIMATE plans without wisdom, and the search's guard: its plan is always a candidate, so a
 * search cut short by its budget, or misled by per-pass timings, never ends slower than it. */
#include "plan/planner.h"
#include "plan/solver.h"
#include <stdio.h>

/* Builds dimension d's passes of pd[0..np-1] into p, each FFT pass with the first of the estimate's
 * candidates that builds (Bluestein's pointwise passes as they are); on failure releases what it
 * built. */
static ppfft_status build_estimated(ppfft_context *c, ppfft_plan *p, const pass_desc *pd, int np, int d, int on_chip_only)
{
  ppfft_status s = PPFFT_SUCCESS;
  for (int i = 0; i < np; ++i) { /* every FFT pass has candidates before any is built */
    variant cands[12];
    char msg[512] = "";
    if (pd[i].dim == d && !pd[i].pointwise &&
        split_pass_candidates(c, &pd[i].pb, on_chip_only, cands, sizeof cands / sizeof cands[0], msg, sizeof msg) == 0)
      return err_set(c, PPFFT_ERROR_UNSUPPORTED, "no variant fits a pass of length %zu on %s: %s", pd[i].pb.n, c->info.name, msg);
  }
  for (int i = 0; i < np && s == PPFFT_SUCCESS; ++i) {
    if (pd[i].dim != d) continue;
    if (pd[i].pointwise) {
      p->pass[i] = (plan_pass){.pb = pd[i].pb, .pointwise = pd[i].pointwise, .chirp_n = pd[i].chirp_n};
      s = plan_build_pass(c, p, i);
      plan_launch(p, i)->src = pd[i].src;
      plan_launch(p, i)->dst = pd[i].dst;
      continue;
    }
    variant cands[12];
    char msg[512] = "";
    size_t nc = split_pass_candidates(c, &pd[i].pb, on_chip_only, cands, sizeof cands / sizeof cands[0], msg, sizeof msg);
    if (nc == 0) s = err_set(c, PPFFT_ERROR_UNSUPPORTED, "no variant fits a pass of length %zu on %s: %s", pd[i].pb.n, c->info.name, msg);
    for (size_t k = 0; k < nc; ++k) {
      p->pass[i] = (plan_pass){.pb = pd[i].pb, .v = cands[k]};
      p->pass[i].v.bluestein = pd[i].bluestein;
      s = plan_build_pass(c, p, i);
      plan_launch(p, i)->src = pd[i].src;
      plan_launch(p, i)->dst = pd[i].dst;
      if (s != PPFFT_ERROR_UNSUPPORTED) break;
    }
  }
  if (s != PPFFT_SUCCESS)
    for (int i = 0; i < np; ++i)
      if (pd[i].dim == d) plan_release_pass(p, i);
  return s;
}

/* The estimate's plan with a real transform's real dimension on the given path. */
static ppfft_status estimate_with(ppfft_context *c, const transform *t, real_path path, ppfft_plan **out)
{
  int dims[3], nd = decompose_dims(t, dims);
  split sp = {0};
  split_real_path(t, path, &sp);
  pass_desc pd[DECOMPOSE_MAX_PASSES];
  size_t tmp = 0;
  char msg[512] = "";
  ppfft_plan *p;
  ppfft_status s = plan_alloc(c, &p);
  if (s != PPFFT_SUCCESS) return s;
  int np = 0;
  for (int kd = 0; kd < nd && s == PPFFT_SUCCESS; ++kd) {
    int d = dims[kd];
    s = PPFFT_ERROR_UNSUPPORTED;
    for (int a = 0, only; s == PPFFT_ERROR_UNSUPPORTED && (only = split_next_estimate(t, d, &a, &sp)) >= 0;) {
      np = decompose(t, &sp, pd, &tmp, msg, sizeof msg);
      if (np < 0) {
        s = err_set(c, PPFFT_ERROR_UNSUPPORTED, "%s", msg);
        break;
      }
      s = build_estimated(c, p, pd, np, d, only);
    }
    if (s == PPFFT_ERROR_UNSUPPORTED)
      s = err_set(c, PPFFT_ERROR_UNSUPPORTED, "dimension %d (N = %zu, %s) cannot be planned on %s in up to %d passes: %s", d, t->n[d],
                  t->f64 ? "f64" : "f32", c->info.name, DECOMPOSE_MAX_FACTORS, errors_last(&c->err));
  }
  /* The last dimension's trial was the whole split: its passes carry the scale, tmp its size. */
  p->npasses = np > 0 ? np : 0;
  if (s == PPFFT_SUCCESS) s = plan_finish(c, p, t, tmp);
  if (s != PPFFT_SUCCESS) {
    plan_free(p);
    return s;
  }
  p->origin = PLAN_ESTIMATE;
  *out = p;
  return PPFFT_SUCCESS;
}

ppfft_status estimate_plan(ppfft_context *c, const transform *t, ppfft_plan **out)
{
  /* a real transform: the half-length fast path when its kernels fit, else the general one, else
   * (an odd length too long for one pass) Bluestein's */
  if (solver_real_half.applicable(c, &(search_problem){.t = t})) {
    ppfft_status s = estimate_with(c, t, REAL_PATH_HALF, out);
    if (s != PPFFT_ERROR_UNSUPPORTED) return s;
  }
  ppfft_status s = estimate_with(c, t, REAL_PATH_GENERAL, out);
  size_t N = t->n[t->rank - 1];
  if (s != PPFFT_ERROR_UNSUPPORTED || t->kind == PPFFT_C2C || N % 2 == 0 || transform_needs_bluestein(N)) return s;
  return estimate_with(c, t, REAL_PATH_BLUESTEIN, out);
}

static int applicable(const ppfft_context *c, const search_problem *sp)
{
  (void)c, (void)sp;
  return 1;
}

static size_t candidates(const ppfft_context *c, const search_problem *sp, plan_candidate *out, size_t max)
{
  (void)c, (void)sp;
  if (max < 1) return 0;
  out[0] = (plan_candidate){.estimate = 1, .from = solver_estimate.name};
  return 1;
}

const solver solver_estimate = {"estimate", applicable, candidates};
