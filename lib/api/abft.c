/* The ABFT calls of ppfft.h: counters, threshold, fault injection. */
#include "core/abft.h"
#include "plan/plan.h"
#include <math.h>

static ppfft_status need_abft(const ppfft_plan *p, const char *what)
{
  if (!p) return err_set(NULL, PPFFT_ERROR_INVALID_ARGUMENT, "%s: the plan is NULL", what);
  if (!p->abft) return err_set(p->ctx, PPFFT_ERROR_INVALID_ARGUMENT, "%s: the plan was made without PPFFT_ABFT", what);
  return PPFFT_SUCCESS;
}

ppfft_status ppfft_plan_abft_stats(ppfft_plan *p, ppfft_abft_stats *out)
{
  ppfft_status s = need_abft(p, "ppfft_plan_abft_stats");
  if (s != PPFFT_SUCCESS) return s;
  if (!out) return err_set(p->ctx, PPFFT_ERROR_INVALID_ARGUMENT, "ppfft_plan_abft_stats: out is NULL");
  uint32_t ctl[3];
  s = p->ctx->be->abft_counters(p->ctx->rt, &p->ctx->err, p->chain, ctl, 0);
  if (s != PPFFT_SUCCESS) return s;
  pthread_mutex_lock(&p->abft_lock);
  out->checked = p->abft_checked;
  pthread_mutex_unlock(&p->abft_lock);
  out->detected = ctl[ABFT_CTL_DETECTED];
  out->corrected = ctl[ABFT_CTL_CORRECTED];
  out->uncorrectable = ctl[ABFT_CTL_UNCORRECTABLE];
  if (out->uncorrectable)
    return err_set(p->ctx, PPFFT_ERROR_FAULT, "%llu transform%s left wrong by faults ABFT could not correct (two in one window)",
                   out->uncorrectable, out->uncorrectable == 1 ? "" : "s");
  return PPFFT_SUCCESS;
}

ppfft_status ppfft_plan_abft_reset(ppfft_plan *p)
{
  ppfft_status s = need_abft(p, "ppfft_plan_abft_reset");
  if (s != PPFFT_SUCCESS) return s;
  uint32_t ctl[3];
  s = p->ctx->be->abft_counters(p->ctx->rt, &p->ctx->err, p->chain, ctl, 1);
  if (s != PPFFT_SUCCESS) return s;
  pthread_mutex_lock(&p->abft_lock);
  p->abft_checked = 0;
  pthread_mutex_unlock(&p->abft_lock);
  return PPFFT_SUCCESS;
}

ppfft_status ppfft_plan_set_abft_threshold(ppfft_plan *p, double delta)
{
  ppfft_status s = need_abft(p, "ppfft_plan_set_abft_threshold");
  if (s != PPFFT_SUCCESS) return s;
  if (!isfinite(delta) || delta <= 0)
    return err_set(p->ctx, PPFFT_ERROR_INVALID_ARGUMENT, "ppfft_plan_set_abft_threshold: delta %g is not a positive finite number", delta);
  /* the kernels square it in the plan's precision: beyond these, delta^2 n would overflow, and an
   * all-zero transform would compare with inf * 0 (NaN) and fail; larger values detect nothing */
  double most = p->f64 ? 1e100 : 1e15;
  pthread_mutex_lock(&p->abft_lock);
  p->abft_delta = delta;
  p->ctx->be->abft_set(p->chain, delta < most ? delta : most, NULL);
  pthread_mutex_unlock(&p->abft_lock);
  return PPFFT_SUCCESS;
}

double ppfft_abft_default_threshold(ppfft_precision precision)
{
  return precision == PPFFT_F32 ? abft_default_threshold(0) : precision == PPFFT_F64 ? abft_default_threshold(1) : 0;
}

/* Whether a given field (not -1) lies in [0, limit) for every pass it may aim at. */
static int in_range(long long given, unsigned long long limit) { return given == -1 || (given >= 0 && (unsigned long long)given < limit); }

ppfft_status ppfft_plan_inject_faults(ppfft_plan *p, const ppfft_fault_injection *f)
{
  ppfft_status s = need_abft(p, "ppfft_plan_inject_faults");
  if (s != PPFFT_SUCCESS) return s;
  if (f) {
    const char *bad = NULL;
    if (!(f->rate >= 0 && f->rate <= 1)) bad = "rate must lie in [0, 1]";
    else if (f->faults != 1 && f->faults != 2) bad = "faults must be 1 or 2";
    else if (!in_range(f->pass, (unsigned long long)p->npasses) || (f->pass >= 0 && (p->pass[f->pass].transpose || !p->pass[f->pass].v.abft)))
      bad = "pass must be -1 or a checked pass of the plan (not a transpose)";
    for (int i = 0; i < p->npasses && !bad; ++i) {
      const plan_pass *ps = &p->pass[i];
      if (ps->transpose || !ps->v.abft || (f->pass >= 0 && f->pass != i)) continue;
      if (!in_range(f->stage, (unsigned long long)ps->v.npasses + 1)) bad = "stage must be -1 or at most the pass's radix passes";
      else if (!in_range(f->transform, ps->pb.batch)) bad = "transform must be -1 or below the pass's transforms";
      else if (!in_range(f->element, 2ull * ps->pb.n)) bad = "element must be -1 or below twice the pass's length";
      else if (!in_range(f->bit, ps->pb.f64 ? 64 : 32)) bad = "bit must be -1 or below the bits of a real";
    }
    if (bad) return err_set(p->ctx, PPFFT_ERROR_INVALID_ARGUMENT, "ppfft_plan_inject_faults: %s", bad);
  }
  pthread_mutex_lock(&p->abft_lock);
  p->inj_on = f != NULL;
  if (f) {
    p->inj = *f;
    p->inj_rng = f->seed;
  }
  pthread_mutex_unlock(&p->abft_lock);
  return PPFFT_SUCCESS;
}
