/* ABFT plans: the knob added to the plan the flags give (plan_abft), and what an execution of a
 * plan with it does first (plan_abft_before_execute): count its checks, draw its injected faults. */
#include "core/abft.h"
#include "core/geometry.h"
#include "plan/candidates.h"
#include "plan/planner.h"
#include "plan/plan.h"
#include <string.h>

ppfft_status plan_abft(ppfft_context *c, const transform *t, unsigned flags, ppfft_plan **out)
{
  ppfft_plan *base = NULL;
  ppfft_status s = planner_plan(c, t, flags, &base);
  if (s != PPFFT_SUCCESS) return s;
  variant vs[DECOMPOSE_MAX_PASSES];
  int n = 0;
  for (int i = 0; i < base->npasses; ++i) {
    plan_pass *ps = &base->pass[i];
    if (ps->transpose || ps->pointwise) continue;
    variant v = ps->v;
    v.abft = 2;
    /* ABFT checks the FFT's own loads and stores: Bluestein's and Rader's steps unfused (BFF, BFI ->
     * BSF, BSI), the same FFT passes with the pointwise ones between them */
    problem pb = ps->pb;
    pb.fuse_in = pb.fuse_out = 0;
    pb.fuse_digit = 0;
    if (v.bluestein > 2) v.bluestein -= 2;
    geometry g;
    char msg[256];
    if (geometry_of(&pb, &v, &c->info, &g, msg, sizeof msg) != PPFFT_SUCCESS) {
      /* the plan's variant cannot carry the checksums (another on-chip mode, COLS, SHFL): the
       * estimate's first variant that can, in the same place of the plan */
      variant list[64];
      size_t count = candidates_estimate(&pb, &c->info, list, sizeof list / sizeof list[0], msg, sizeof msg);
      for (size_t k = 0; k < count; ++k) {
        variant w = list[k];
        w.abft = 2;
        w.xpose = v.xpose;
        w.bluestein = v.bluestein;
        if (geometry_of(&pb, &w, &c->info, &g, msg, sizeof msg) == PPFFT_SUCCESS) {
          v = w;
          break;
        }
      }
    }
    /* half the work-group and its transforms, where it has 256 work-items and 2 transforms or more:
     * a window's blocks then wait at barriers of half as many work-items, and twice as many work-groups
     * interleave (H200, CUDA, N = 1024: ABFT2 0.204 -> 0.185 ms f32, 0.245 -> 0.221 f64 at wg128/t2,
     * the plain kernel 0.138 -> 0.135, 0.138 -> 0.137; bench/results/2026-11-25-h200-abft7) */
    if (v.wg >= 256 && v.tpw >= 2) {
      variant h = v;
      h.wg /= 2;
      h.tpw /= 2;
      if (geometry_of(&pb, &h, &c->info, &g, msg, sizeof msg) == PPFFT_SUCCESS) v = h;
    }
    /* and halved again while the launch bound keeps a multiprocessor as many threads (geometry's
     * min_blocks x wg, CUDA only): smaller blocks wait at their barriers for fewer warps, at the same
     * occupancy.  f64 (4 x 128 -> 8 x 64) takes it, f32 not (6 x 128 -> at most 8 x 64): on the H200,
     * N = 1024 wg64/t1 f64 0.212 ms against 0.222 at wg128/t2, N = 16 0.160 against 0.164; f32 0.189
     * against 0.185, at 126 registers (bench/results/2026-11-25-h200-abft8, -abft7) */
    while (v.tpw >= 2 && geometry_of(&pb, &v, &c->info, &g, msg, sizeof msg) == PPFFT_SUCCESS && g.min_blocks) {
      variant h = v;
      geometry gh;
      h.wg /= 2;
      h.tpw /= 2;
      if (geometry_of(&pb, &h, &c->info, &gh, msg, sizeof msg) != PPFFT_SUCCESS || gh.min_blocks * h.wg < g.min_blocks * v.wg) break;
      v = h;
    }
    vs[n++] = v;
  }
  plan_origin origin = base->origin;
  wisdom_level level = base->level;
  plan_free(base);
  s = plan_build_transform(c, t, vs, n, out);
  if (s == PPFFT_SUCCESS) {
    (*out)->origin = origin;
    (*out)->level = level;
  }
  return s;
}

/* splitmix64: the injection's reproducible draws */
static uint64_t next(uint64_t *x)
{
  uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static uint64_t below(uint64_t *x, uint64_t n) { return n ? next(x) % n : 0; }

/* The passes a fault may be aimed at: those with checks. */
static int pick_pass(ppfft_plan *p, int given)
{
  if (given >= 0) return given;
  int checked[DECOMPOSE_MAX_PASSES], n = 0;
  for (int i = 0; i < p->npasses; ++i)
    if (!p->pass[i].transpose && p->pass[i].v.abft) checked[n++] = i;
  return checked[below(&p->inj_rng, (uint64_t)n)];
}

/* One fault's words (core/abft.h): transform `tr` of pass i, or one drawn. */
static void draw_fault(ppfft_plan *p, int i, uint64_t tr, uint32_t *w)
{
  const ppfft_fault_injection *f = &p->inj;
  const plan_pass *ps = &p->pass[i];
  uint64_t *x = &p->inj_rng;
  w[0] = (uint32_t)i;
  /* (ABFT3 sees the butterflies' faults, not the loaded values': its draws skip stage 0) */
  int from = ps->v.abft == 3;
  w[1] = (uint32_t)(f->stage >= 0 ? (uint64_t)f->stage : from + below(x, (uint64_t)ps->v.npasses + 1 - from));
  w[2] = (uint32_t)tr;
  w[3] = (uint32_t)(tr >> 32);
  w[4] = (uint32_t)(f->element >= 0 ? (uint64_t)f->element : below(x, 2 * (uint64_t)ps->pb.n));
  w[5] = (uint32_t)(f->bit >= 0 ? (uint64_t)f->bit : below(x, ps->pb.f64 ? 64 : 32));
}

/* ABFT3's second fault: the value of w's work-item in another butterfly of the same stage (another
 * group of the pass, or another lane), the uncorrectable case of gen/abft_thread.c; 0 when the
 * work-item computes one butterfly a pass. */
static int other_butterfly(const plan_pass *ps, const uint32_t *w, uint32_t *w2)
{
  const geometry *g = &ps->g;
  unsigned stage = w[1], k = w[4] >> 1, ec = g->ec, wi = g->w, rq = g->rq;
  unsigned q = k / ec / wi, e = k % ec, tid = (k / ec) % wi;
  unsigned S = stage ? rq / ps->v.radix[stage - 1] : rq;
  if (S > 1) q = (q % S + 1) % S + q / S * S;
  else if (ec > 1) e = (e + 1) % ec;
  else return 0;
  for (int i = 0; i < ABFT_CTL_INJ_WORDS; ++i) w2[i] = w[i];
  w2[4] = 2 * ((q * wi + tid) * ec + e) + (w[4] & 1u);
  return 1;
}

void plan_abft_before_execute(ppfft_plan *p)
{
  if (!p->abft) return;
  pthread_mutex_lock(&p->abft_lock);
  for (int i = 0; i < p->npasses; ++i)
    if (!p->pass[i].transpose && p->pass[i].v.abft) p->abft_checked += p->pass[i].pb.batch;
  uint32_t words[ABFT_CTL_WORDS - ABFT_CTL_NINJ] = {0};
  int write = p->inj_was_on; /* after injection stops, one write of none */
  p->inj_was_on = p->inj_on;
  if (p->inj_on && (double)(next(&p->inj_rng) >> 11) * 0x1.0p-53 < p->inj.rate) {
    write = 1;
    int i = pick_pass(p, p->inj.pass);
    const plan_pass *ps = &p->pass[i];
    uint64_t batch = ps->pb.batch, tr = p->inj.transform >= 0 ? (uint64_t)p->inj.transform : below(&p->inj_rng, batch);
    words[0] = 1;
    draw_fault(p, i, tr, words + 1);
    if (p->inj.faults == 2 && ps->v.abft == 3 && other_butterfly(ps, words + 1, words + 1 + ABFT_CTL_INJ_WORDS)) words[0] = 2;
    else if (p->inj.faults == 2) { /* another transform of tr's correction window (gen/abft.c): same lane, another block */
      uint64_t t = ps->g.t, span = t * ps->g.abft_window, base = tr - tr % span, other = tr;
      for (uint64_t k = 1; k < span / t && other == tr; ++k) {
        uint64_t cand = base + (tr % t) + ((tr % span) / t + k) % (span / t) * t;
        if (cand < batch) other = cand;
      }
      if (other == tr && batch > 1) other = (tr + 1) % batch; /* a window of one transform: any other */
      words[0] = 2;
      draw_fault(p, i, other, words + 1 + ABFT_CTL_INJ_WORDS);
    }
  }
  if (write) p->ctx->be->abft_set(p->chain, p->abft_delta, words);
  pthread_mutex_unlock(&p->abft_lock);
}
