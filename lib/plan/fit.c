/* fit_variant. */
#include "plan/fit.h"
#include <stdio.h>

/* The local memory a work-group may use: half the device's, so that two fit on a compute unit. */
static size_t local_budget(const device_info *di) { return di ? di->local_mem / 2 : 32768; }

/* COLS's columns fit in half of 48 KiB on CUDA too, not in half of Hopper's 227: on the H200 the
 * 1024-point column passes of 2^20 f32 fitted there (16 columns, blocks of 1024 threads, one a
 * multiprocessor) took 0.217 and 0.308 ms, fitted in 24 KiB (8 columns in two rounds, 4 columns)
 * 0.172 and 0.171, as NVIDIA's OpenCL (bench/results/2026-11-25-h200-cuda13).  MEASURE still times
 * twice the columns in the whole shared memory. */
static size_t cols_budget(const device_info *di)
{
  size_t b = local_budget(di);
  return di && di->cuda && b > 24576 ? 24576 : b;
}

static int fit_launch(const problem *p, const device_info *di, variant *v, unsigned w, geometry *g, char *msg, size_t len);

static unsigned gcd(unsigned a, unsigned b) { return b ? gcd(b, a % b) : a; }

typedef struct radix_choice {
  unsigned radix[VARIANT_MAX_PASSES];
  int npasses;
  unsigned lcm; /* a work-item holds a multiple of every radix: of their lcm */
} radix_choice;

/* Depth-first over non-increasing radices 16..2 whose product is n: the fewest passes, then the
 * smallest lcm (the fewest elements a work-item must hold), then the larger radices first. */
static void best_radices(unsigned rest, unsigned max_r, unsigned cap, radix_choice *cur, radix_choice *best)
{
  if (rest == 1) {
    if (!best->npasses || cur->npasses < best->npasses || (cur->npasses == best->npasses && cur->lcm < best->lcm)) *best = *cur;
    return;
  }
  if (cur->npasses == VARIANT_MAX_PASSES || (best->npasses && cur->npasses + 1 > best->npasses)) return;
  for (unsigned r = max_r; r >= 2; --r) {
    if (rest % r) continue;
    unsigned lcm = cur->lcm / gcd(cur->lcm, r) * r;
    if (lcm > cap) continue;
    radix_choice next = *cur;
    next.radix[next.npasses++] = r;
    next.lcm = lcm;
    best_radices(rest / r, r, cap, &next, best);
  }
}

/* The smallest prime factor of x (x > 1). */
static unsigned least_prime(unsigned x)
{
  unsigned q = 2;
  while (x % q) ++q;
  return q;
}

/* A length that is not a power of two: the radices (best_radices, each at most N/lanes, a
 * work-item's elements within GEOMETRY_MAX_ELEMS), then the register groups per work-item: their
 * lcm, times prime factors of the rest while the work-group would be too large or `widen` asks. */
static int fit_smooth(unsigned n, unsigned lanes, size_t max_wg, unsigned widen, variant *v, unsigned *w_out, char *msg, size_t len)
{
  if (n % lanes) {
    snprintf(msg, len, "%u-lane vectors do not divide N = %u", lanes, n);
    return -1;
  }
  unsigned m = n / lanes; /* lane groups per transform */
  radix_choice cur = {{0}, 0, 1}, best = {{0}, 0, 1};
  best_radices(n, m < 16 ? m : 16, GEOMETRY_MAX_ELEMS / lanes, &cur, &best);
  if (!best.npasses || m % best.lcm) { /* (every radix divides the register groups) */
    snprintf(msg, len, "N = %u has no radices (2..16) whose lcm fits %u-lane work-items of at most %d elements", n, lanes,
             GEOMETRY_MAX_ELEMS);
    return -1;
  }
  v->npasses = best.npasses;
  for (int i = 0; i < best.npasses; ++i) v->radix[i] = best.radix[i];
  unsigned rq = best.lcm, q;
  while (m / rq > max_wg && rq * (q = least_prime(m / rq)) * lanes <= GEOMETRY_MAX_ELEMS) rq *= q;
  for (; widen > 0 && m / rq > 1 && rq * (q = least_prime(m / rq)) * lanes <= GEOMETRY_MAX_ELEMS; --widen) rq *= q;
  if (widen > 0) {
    snprintf(msg, len, "%s", "no wider work-items possible");
    return -1;
  }
  *w_out = m / rq;
  return 0;
}

int fit_variant(const problem *p, const device_info *di, variant *v, unsigned widen, geometry *g, char *msg, size_t len)
{
  unsigned n = p->n > (1u << 24) ? 0 : (unsigned)p->n;
  unsigned lanes = variant_lanes(v);
  if (n == 0) {
    snprintf(msg, len, "length %zu is beyond one work-group", p->n);
    return -1;
  }
  if (lanes > n) {
    snprintf(msg, len, "%u-lane vectors need N >= %u", lanes, lanes);
    return -1;
  }
  size_t max_wg = di ? di->max_wg : 1024;
  if (max_wg > 1024) max_wg = 1024;
  unsigned w;
  if (n & (n - 1)) {
    if (fit_smooth(n, lanes, max_wg, widen, v, &w, msg, len)) return -1;
    return fit_launch(p, di, v, w, g, msg, len);
  }
  /* Radices: as many of the largest allowed as fit, then the remainder. */
  unsigned rmax = n / lanes < 16 ? n / lanes : 16;
  /* wide vectors: a smaller radix keeps a work-item's elements (radix x lanes) within the limit */
  while (rmax > 2 && rmax * lanes > GEOMETRY_MAX_ELEMS) rmax /= 2;
  if (rmax < 2) rmax = 2;
  v->npasses = 0;
  for (unsigned rest = n; rest > 1;) {
    unsigned r = rest < rmax ? rest : rmax;
    v->radix[v->npasses++] = r;
    rest /= r;
  }
  unsigned rq = rmax <= n / lanes ? rmax : n / lanes;
  if (n == 1) rq = 1;
  while ((n / lanes) / rq > max_wg && rq * lanes < GEOMETRY_MAX_ELEMS) rq *= 2;
  for (; widen > 0 && rq * lanes < n && rq * lanes < GEOMETRY_MAX_ELEMS; --widen) rq *= 2;
  if (widen > 0) {
    snprintf(msg, len, "%s", "no wider work-items possible");
    return -1;
  }
  w = n / (rq * lanes);
  if (w == 0) w = 1;
  return fit_launch(p, di, v, w, g, msg, len);
}

int fit_columns(const problem *p, const device_info *di, variant *v, unsigned t, int whole, geometry *g, char *msg, size_t len)
{
  size_t budget = whole && di ? di->local_mem : cols_budget(di);
  unsigned w = v->wg / v->tpw;
  size_t max_wg = di ? di->max_wg : 1024;
  if (max_wg > 1024) max_wg = 1024;
  if (t < 2 || (size_t)t * w > max_wg) {
    snprintf(msg, len, "%u columns of %u work-items are not a work-group of at most %zu (and two columns or more)", t, w, max_wg);
    return -1;
  }
  v->tpw = t;
  v->wg = w * t;
  int ok = 0;
  for (unsigned xr = 1; !ok && xr <= 4; xr *= 2) { /* the fewest rounds within the budget */
    v->rounds = xr > 1 ? xr : 0;
    ok = geometry_of(p, v, di, g, msg, len) == PPFFT_SUCCESS && g->local_bytes <= budget;
  }
  if (!ok) {
    v->rounds = 0;
    if (geometry_of(p, v, di, g, msg, len) == PPFFT_SUCCESS)
      snprintf(msg, len, "%u columns need more than %zu bytes of local memory in up to 4 exchange rounds", t, budget);
  }
  return ok ? 0 : -1;
}

/* COLS: as many columns as make each row's access 128 bytes (whole cache lines), at least the
 * usual ~256 work-items' worth, within the work-group limit and the batch; fewer where local
 * memory does not hold them in 4 rounds. */
static int fit_cols_launch(const problem *p, const device_info *di, variant *v, unsigned w, geometry *g, char *msg, size_t len)
{
  size_t max_wg = di ? di->max_wg : 1024;
  if (max_wg > 1024) max_wg = 1024;
  unsigned t = w >= 256 ? 1 : 256 / w, want = 128 / (unsigned)problem_elem_bytes(p);
  if (t < want) t = want;
  while (t > 2 && ((size_t)t * w > max_wg || t / 2 >= p->batch)) t /= 2;
  v->tpw = 1;
  v->wg = w;
  for (;; t /= 2) {
    if (fit_columns(p, di, v, t, 0, g, msg, len) == 0) return 0;
    if (t <= 2) return -1;
  }
}

/* The launch for w work-items per transform: transforms per work-group, exchange rounds. */
static int fit_launch(const problem *p, const device_info *di, variant *v, unsigned w, geometry *g, char *msg, size_t len)
{
  if (v->cols) return fit_cols_launch(p, di, v, w, g, msg, len);
  size_t max_wg = di ? di->max_wg : 1024;
  if (max_wg > 1024) max_wg = 1024;
  /* transforms per work-group: about 256 work-items, fewer when the batch is short, the local
   * memory (geometry's count of it) would not leave room for two work-groups, or (CUDA) the
   * block's registers would not hold them */
  v->rounds = 0;
  const device_info *regs = di && di->regs_per_block ? di : NULL; /* CUDA: registers bound the block too */
  unsigned tmin = p->mirror ? 2 : 1; /* a split R2C's last pass pairs transforms 2x, 2x+1 */
  for (unsigned t = w >= 256 / tmin ? tmin : 256 / w;; t /= 2) {
    if (t < tmin) t = tmin; /* halving from 256 / w need not pass through tmin (w = 5: 51, 25, 12, 6, 3, 1) */
    v->wg = w * t;
    v->tpw = t;
    if (t == tmin) break;
    geometry at;
    char why[256];
    if (t / 2 >= p->batch || (size_t)t * w > max_wg) continue;
    if (geometry_of(p, v, regs, &at, why, sizeof why) == PPFFT_SUCCESS && at.local_bytes <= local_budget(di)) break;
  }
  int ok = geometry_of(p, v, di, g, msg, len) == PPFFT_SUCCESS;
  /* RP+LM-CM whose exchange does not fit local memory at once: in rounds */
  if (!ok && v->onchip == ONCHIP_RP_LM_CM && !v->shfl) ok = fit_rounds(p, di, v, 1, g) == 0;
  if (!ok) v->rounds = 0;
  return ok ? 0 : -1;
}

/* v's radices with radix i moved last (the others keep their order). */
static variant radix_last(const variant *v, int i)
{
  variant w = *v;
  for (int k = i; k + 1 < w.npasses; ++k) w.radix[k] = v->radix[k + 1];
  w.radix[w.npasses - 1] = v->radix[i];
  return w;
}

int fit_rounds(const problem *p, const device_info *di, variant *v, unsigned above, geometry *g)
{
  int pow2 = !(p->n & (p->n - 1));
  unsigned most = pow2 ? 4 : 16, best_xr = 0;
  variant best = *v;
  /* the fit's order first; then (not on powers of two, whose last radix is the fit's remainder)
   * each other radix last, which the rounds must divide: 27648 = r16x12x12x12 splits only in 12
   * rounds (the radix-16 pass's 3 butterflies a work-item), r12x12x12x16 in 4 */
  for (int i = v->npasses - 1; i >= 0; --i) {
    if (i < v->npasses - 1 && (pow2 || v->radix[i] == v->radix[i + 1])) continue;
    variant w = radix_last(v, i);
    for (unsigned xr = above + 1; xr <= most && (!best_xr || xr < best_xr); ++xr) {
      geometry at;
      char why[256];
      if (pow2 && (xr & (xr - 1))) continue;
      w.rounds = xr;
      if (geometry_of(p, &w, di, &at, why, sizeof why) == PPFFT_SUCCESS) {
        best = w, best_xr = xr;
        break;
      }
    }
  }
  if (!best_xr) return -1;
  *v = best;
  char why[256];
  return geometry_of(p, v, di, g, why, sizeof why) == PPFFT_SUCCESS ? 0 : -1;
}

int fit_columns_estimate(const problem *p, const device_info *di, variant *v, geometry *g, char *msg, size_t len)
{
  variant best = {0};
  unsigned best_bytes = 0;
  for (unsigned widen = 0; widen < 3; ++widen) {
    variant w = *v;
    geometry at;
    if (fit_variant(p, di, &w, widen, &at, msg, len) != 0) continue;
    unsigned bytes = w.tpw * (unsigned)problem_elem_bytes(p);
    if (bytes > best_bytes) best = w, best_bytes = bytes;
    if (bytes >= 64) break; /* bench/results/2026-11-24-h200-cols: 32 -> 64 bytes a row took 1024 f32 from 0.223 to 0.174 ms */
  }
  if (!best_bytes) return -1;
  *v = best;
  return geometry_of(p, v, di, g, msg, len) == PPFFT_SUCCESS ? 0 : -1;
}
