/* fit_variant. */
#include "plan/fit.h"
#include <stdio.h>

/* The local memory a work-group may use: half the device's, so that two fit on a compute unit. */
static size_t local_budget(const device_info *di) { return di ? di->local_mem / 2 : 32768; }

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
  size_t max_wg = di ? di->max_wg : 1024;
  if (max_wg > 1024) max_wg = 1024;
  unsigned rq = rmax <= n / lanes ? rmax : n / lanes;
  if (n == 1) rq = 1;
  while ((n / lanes) / rq > max_wg && rq * lanes < GEOMETRY_MAX_ELEMS) rq *= 2;
  for (; widen > 0 && rq * lanes < n && rq * lanes < GEOMETRY_MAX_ELEMS; --widen) rq *= 2;
  if (widen > 0) {
    snprintf(msg, len, "%s", "no wider work-items possible");
    return -1;
  }
  unsigned w = n / (rq * lanes);
  if (w == 0) w = 1;
  /* transforms per work-group: about 256 work-items, fewer when the batch is short, the local
   * memory (geometry's count of it) would not leave room for two work-groups, or (CUDA) the
   * block's registers would not hold them */
  v->rounds = 0;
  const device_info *regs = di && di->regs_per_block ? di : NULL; /* CUDA: registers bound the block too */
  for (unsigned t = w >= 256 ? 1 : 256 / w;; t /= 2) {
    v->wg = w * t;
    v->tpw = t;
    if (t == 1) break;
    geometry at;
    char why[256];
    if (t / 2 >= p->batch || (size_t)t * w > max_wg) continue;
    if (geometry_of(p, v, regs, &at, why, sizeof why) == PPFFT_SUCCESS && at.local_bytes <= local_budget(di)) break;
  }
  int ok = geometry_of(p, v, di, g, msg, len) == PPFFT_SUCCESS;
  /* RP+LM-CM whose exchange does not fit local memory at once: in 2 or 4 rounds */
  for (unsigned xr = 2; !ok && v->onchip == ONCHIP_RP_LM_CM && !v->shfl && xr <= 4; xr *= 2) {
    char why[256];
    v->rounds = xr;
    ok = geometry_of(p, v, di, g, why, sizeof why) == PPFFT_SUCCESS;
  }
  if (!ok) v->rounds = 0;
  return ok ? 0 : -1;
}
