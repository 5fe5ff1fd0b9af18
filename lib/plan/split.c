/* Splits of a transform's dimensions into passes, as the estimate prefers them (plan/solver.h). */
#include "plan/candidates.h"
#include "plan/solver.h"
#include "core/bluestein.h"
#include "core/rader.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* qsort's order of splits (each k factors, the rest zero): the more balanced first, i.e. the smaller
 * largest factor, then the smaller factors first. */
static int by_balance(const void *pa, const void *pb)
{
  const size_t *a = pa, *b = pb;
  size_t ma = 0, mb = 0;
  for (int i = 0; i < DECOMPOSE_MAX_FACTORS; ++i) ma = a[i] > ma ? a[i] : ma, mb = b[i] > mb ? b[i] : mb;
  if (ma != mb) return ma < mb ? -1 : 1;
  for (int i = 0; i < DECOMPOSE_MAX_FACTORS; ++i)
    if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

/* The i-th most balanced split of L (not a power of two) into k factors of at least 2; 0 when there
 * are not that many.  A length with many small factors has tens of thousands of splits (2^8 3 5^4
 * 11^2 13: 34833 into three), so they are sorted in n log n, not by insertion. */
static int split_smooth(size_t L, int k, int i, size_t *f)
{
  int n = decompose_splits(L, k, 2, NULL, 0);
  if (i >= n) return 0;
  size_t(*all)[DECOMPOSE_MAX_FACTORS] = calloc((size_t)n, sizeof *all);
  if (!all) return 0;
  decompose_splits(L, k, 2, all, n);
  qsort(all, (size_t)n, sizeof *all, by_balance);
  memcpy(f, all[i], (size_t)k * sizeof *f);
  free(all);
  return 1;
}

int split_balanced(size_t L, int k, size_t *f)
{
  if (L & (L - 1)) return split_smooth(L, k, 0, f);
  int a = 0;
  while (((size_t)1 << a) < L) ++a;
  if (a < k) return 0;
  for (int i = 0; i < k; ++i) f[i] = (size_t)1 << (a / k + (i >= k - a % k));
  return 1;
}

/* Whether the estimate takes Rader's algorithm for a length n both algorithms compute: when its two
 * FFTs of L = n - 1 points cost less than Bluestein's of M, at 5 L log2 L flops each and 1.3 times
 * that for an L that is not a power of two (the 13-smooth radices run at 0.71-0.82x the powers of
 * two on the H200: bench/results/2026-11-24-h200-lengths).  With L < M / 2 it always does. */
static int rader_cheaper(size_t n)
{
  size_t L = n - 1, M = bluestein_m(n);
  double cl = 5.0 * (double)L * log2((double)L) * ((L & (L - 1)) ? 1.3 : 1.0), cm = 5.0 * (double)M * log2((double)M);
  return cl < cm;
}

void split_prime(const transform *t, prime_algorithm a, split *sp)
{
  for (int d = 0; d < 3; ++d) {
    int rader = d < t->rank && t->kind == PPFFT_C2C && rader_applies(t->n[d]) &&
                (a == PRIME_RADER || (a == PRIME_ESTIMATE && rader_cheaper(t->n[d])));
    sp->rader[d] = rader;
    sp->bluestein[d] = rader ? t->n[d] - 1 : d < t->rank && transform_needs_bluestein(t->n[d]) ? bluestein_m(t->n[d]) : 0;
  }
  int last = t->rank - 1;
  if (t->kind != PPFFT_C2C && sp->bluestein[last] && t->n[last] % 2 == 0) { /* the fast path's N/2 (it needs Bluestein too) */
    sp->real_half = 1;
    sp->bluestein[last] = bluestein_m(t->n[last] / 2);
  }
}

void split_bluestein(const transform *t, split *sp) { split_prime(t, PRIME_ESTIMATE, sp); }

int split_has_rader(const split *sp) { return sp->rader[0] || sp->rader[1] || sp->rader[2]; }

int split_rader_applies(const transform *t)
{
  for (int d = 0; d < t->rank; ++d)
    if (t->kind == PPFFT_C2C && rader_applies(t->n[d])) return 1;
  return 0;
}

/* split_real_path with the given algorithm for prime lengths. */
static void real_path_prime(const transform *t, real_path path, prime_algorithm a, split *sp)
{
  int last = t->rank - 1;
  sp->real_half = path == REAL_PATH_HALF;
  split_prime(t, a, sp);
  if (path == REAL_PATH_BLUESTEIN && !sp->bluestein[last]) sp->bluestein[last] = bluestein_m(t->n[last]);
}

void split_real_path(const transform *t, real_path path, split *sp) { real_path_prime(t, path, PRIME_ESTIMATE, sp); }

int split_has_bluestein(const split *sp) { return sp->bluestein[0] || sp->bluestein[1] || sp->bluestein[2]; }

int split_next_estimate(const transform *t, int d, int *attempt, split *sp)
{
  /* attempt = (phase x passes) x SPLIT_ALTERNATIVES + alternative: a length that is not a power of
   * two tries the less balanced splits too, since some factors fit no kernel (143 = 11 x 13 does
   * not, as one pass: each work-item would hold 143 elements) */
  size_t L = decompose_fft_length(t, sp, d);
  int alternatives = (L & (L - 1)) ? SPLIT_ALTERNATIVES : 1;
  while (*attempt < 2 * DECOMPOSE_MAX_FACTORS * alternatives) {
    int step = *attempt / alternatives, alt = *attempt % alternatives;
    int k = step % DECOMPOSE_MAX_FACTORS + 1, on_chip_only = step < DECOMPOSE_MAX_FACTORS;
    ++*attempt;
    if (k == 1) {
      if (alt > 0) continue;
      sp->factor[d][0] = L;
    } else if (alternatives > 1 ? !split_smooth(L, k, alt, sp->factor[d]) : !split_balanced(L, k, sp->factor[d])) {
      if (alt > 0) { /* no more splits into k factors */
        *attempt = (step + 1) * alternatives;
        continue;
      }
      /* too short for k passes, and for more */
      *attempt = (on_chip_only ? DECOMPOSE_MAX_FACTORS : 2 * DECOMPOSE_MAX_FACTORS) * alternatives;
      continue;
    }
    sp->nfactors[d] = k;
    /* the estimate does not fuse Bluestein's and Rader's steps (BFF, BFI): fused kernels read and
     * write the user's layout, so each length builds its own where unfused ones share theirs per M
     * (make check's sweeps of prime lengths on PoCL: 2.5x the build time); the planner's search
     * (solver_rader, solver_bluestein) times them, and wisdom names them */
    sp->fused[d] = 0;
    return on_chip_only;
  }
  return -1;
}

int split_fusable(const transform *t, const split *sp, int d)
{
  int real_dim = t->kind != PPFFT_C2C && d == t->rank - 1;
  int k = sp->nfactors[d];
  return sp->bluestein[d] && (k == 1 || !sp->rader[d] || (k == 2 && t->rank == 1)) && !sp->xpose[d] && !real_dim && !t->f16;
}

int split_fuse(const transform *t, split *sp, int fused)
{
  int any = 0;
  for (int d = 0; d < t->rank; ++d)
    if (split_fusable(t, sp, d)) {
      any |= sp->fused[d] != fused;
      sp->fused[d] = fused;
    }
  return any;
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

/* split_fewest with a real transform's real dimension on the given path. */
static int fewest_with(const ppfft_context *c, const transform *t, real_path path, prime_algorithm alg, split *sp)
{
  int dims[3], nd = decompose_dims(t, dims);
  pass_desc pd[DECOMPOSE_MAX_PASSES];
  size_t tmp;
  char msg[512] = "";
  *sp = (split){0};
  real_path_prime(t, path, alg, sp);
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

int split_fewest_prime(const ppfft_context *c, const transform *t, prime_algorithm a, split *sp)
{
  /* a real dimension too long for the general path's one pass may fit the fast path's half */
  if (fewest_with(c, t, REAL_PATH_GENERAL, a, sp) == 0) return 0;
  size_t N = t->n[t->rank - 1];
  if (t->kind == PPFFT_C2C || N < 4) return -1;
  /* an odd length too long for the general path's one pass: Bluestein's, whose FFTs split */
  return fewest_with(c, t, N % 2 ? REAL_PATH_BLUESTEIN : REAL_PATH_HALF, a, sp);
}

int split_fewest(const ppfft_context *c, const transform *t, split *sp) { return split_fewest_prime(c, t, PRIME_ESTIMATE, sp); }
