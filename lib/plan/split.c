/* Splits of a transform's dimensions into passes, as the estimate prefers them (plan/solver.h). */
#include "plan/candidates.h"
#include "plan/solver.h"
#include "core/bluestein.h"
#include <stdio.h>

int split_balanced(size_t L, int k, size_t *f)
{
  int a = 0;
  while (((size_t)1 << a) < L) ++a;
  if (a < k) return 0;
  for (int i = 0; i < k; ++i) f[i] = (size_t)1 << (a / k + (i >= k - a % k));
  return 1;
}

void split_bluestein(const transform *t, split *sp)
{
  for (int d = 0; d < 3; ++d) sp->bluestein[d] = d < t->rank && transform_needs_bluestein(t->n[d]) ? bluestein_m(t->n[d]) : 0;
}

int split_has_bluestein(const split *sp) { return sp->bluestein[0] || sp->bluestein[1] || sp->bluestein[2]; }

int split_next_estimate(const transform *t, int d, int *attempt, split *sp)
{
  size_t L = decompose_fft_length(t, sp, d);
  while (*attempt < 2 * DECOMPOSE_MAX_FACTORS) {
    int k = *attempt % DECOMPOSE_MAX_FACTORS + 1, on_chip_only = *attempt < DECOMPOSE_MAX_FACTORS;
    ++*attempt;
    if (k == 1) sp->factor[d][0] = L;
    else if (!split_balanced(L, k, sp->factor[d])) { /* too short for k passes, and for more */
      *attempt = on_chip_only ? DECOMPOSE_MAX_FACTORS : 2 * DECOMPOSE_MAX_FACTORS;
      continue;
    }
    sp->nfactors[d] = k;
    return on_chip_only;
  }
  return -1;
}

/* Whether v on pb moves whole memory segments (geometry's rule for column passes). */
static int coalesced(const ppfft_context *c, const problem *pb, const variant *v)
{
  geometry g;
  char msg[256];
  return geometry_of(pb, v, &c->info, &g, msg, sizeof msg) == PPFFT_SUCCESS && geometry_columns_coalesced(pb, &g);
}

size_t split_pass_candidates(const ppfft_context *c, const problem *pb, int on_chip_only, variant *out, size_t max, char *msg,
                             size_t len)
{
  size_t n = candidates_estimate(pb, &c->info, out, max, msg, len), k = 0;
  for (size_t i = 0; i < n; ++i)
    if (!on_chip_only || (out[i].onchip != ONCHIP_GM && coalesced(c, pb, &out[i]))) out[k++] = out[i];
  if (n && !k) snprintf(msg, len, "N = %zu fits one pass only with GM or uncoalesced columns", pb->n);
  return k;
}

/* split_fewest with the real dimension on the general path or (real_half) the fast one. */
static int fewest_with(const ppfft_context *c, const transform *t, int real_half, split *sp)
{
  int dims[3], nd = decompose_dims(t, dims);
  pass_desc pd[DECOMPOSE_MAX_PASSES];
  size_t tmp;
  char msg[512] = "";
  *sp = (split){0};
  sp->real_half = real_half;
  split_bluestein(t, sp);
  for (int kd = 0; kd < nd; ++kd) {
    int d = dims[kd], ok = 0;
    for (int a = 0, only; !ok && (only = split_next_estimate(t, d, &a, sp)) >= 0;) {
      int np = decompose(t, sp, pd, &tmp, msg, sizeof msg);
      if (np < 0) break;
      ok = 1;
      for (int i = 0; i < np && ok; ++i) { /* this dimension's FFT passes */
        variant v[12];
        if (pd[i].dim == d && pd[i].variant >= 0) ok = split_pass_candidates(c, &pd[i].pb, only, v, 12, msg, sizeof msg) > 0;
      }
    }
    if (!ok) {
      err_set(c, PPFFT_ERROR_UNSUPPORTED, "dimension %d (N = %zu, %s) cannot be planned on %s in up to %d passes: %s", d, t->n[d],
              t->f64 ? "f64" : "f32", c->info.name, DECOMPOSE_MAX_FACTORS, msg);
      return -1;
    }
  }
  return 0;
}

int split_fewest(const ppfft_context *c, const transform *t, split *sp)
{
  /* a real dimension too long for the general path's one pass may fit the fast path's half */
  if (fewest_with(c, t, 0, sp) == 0) return 0;
  size_t N = t->n[t->rank - 1];
  if (t->kind == PPFFT_C2C || N % 2 || N < 4) return -1;
  return fewest_with(c, t, 1, sp);
}
