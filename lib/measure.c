/* measure_best. */
#include "measure.h"
#include "plan.h"
#include <stdlib.h>
#include <string.h>
#include <stdatomic.h>
#include <threads.h>
#include <time.h>

double measure_now_s(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* The buffers one timing run needs: input (and a pristine copy for in-place), output. */
typedef struct rig {
  cl_command_queue q;
  cl_mem in, out, pristine;
  size_t in_bytes;
} rig;

static void rig_free(rig *r)
{
  if (r->in) clReleaseMemObject(r->in);
  if (r->out) clReleaseMemObject(r->out);
  if (r->pristine) clReleaseMemObject(r->pristine);
  if (r->q) clReleaseCommandQueue(r->q);
}

/* Fills bytes of buf with random values in [-1, 1) (never zeros, which can run faster than real
 * data): a block of at most 1 MiB made on the host, copied across the buffer on the device.  Making
 * and uploading 256 MiB on the host would cost a short search more than timing its candidates. */
static cl_int fill_random(cl_command_queue q, cl_mem buf, size_t bytes, int f64)
{
  size_t block = bytes < ((size_t)1 << 20) ? bytes : (size_t)1 << 20;
  void *h = malloc(block);
  if (!h) return CL_OUT_OF_HOST_MEMORY;
  unsigned long long s = 0x2545F4914F6CDD1Dull;
  for (size_t i = 0; i < block / (f64 ? 8 : 4); ++i) {
    s ^= s << 13, s ^= s >> 7, s ^= s << 17;
    double x = (double)(s >> 11) * 0x1.0p-52 - 1.0;
    if (f64) ((double *)h)[i] = x;
    else ((float *)h)[i] = (float)x;
  }
  cl_int e = clEnqueueWriteBuffer(q, buf, CL_TRUE, 0, block, h, 0, NULL, NULL);
  free(h);
  for (size_t have = block; e == CL_SUCCESS && have < bytes; have *= 2) /* [0, have) to [have, 2 have) */
    e = clEnqueueCopyBuffer(q, buf, buf, 0, have, have < bytes - have ? have : bytes - have, 0, NULL, NULL);
  return e;
}

/* Buffers for in_elems / out_elems elements (out unused in place), random input (with a pristine
 * copy in place, to restore it before each run). */
static ppfft_status rig_make_elems(ppfft_context *c, int f64, int inplace, size_t in_elems, size_t out_elems, rig *r)
{
  memset(r, 0, sizeof *r);
  cl_int e;
  r->q = clCreateCommandQueue(c->ctx, c->dev, CL_QUEUE_PROFILING_ENABLE, &e);
  if (!r->q) return err_cl(c, "clCreateCommandQueue(profiling)", e);
  size_t eb = f64 ? 16 : 8;
  r->in_bytes = in_elems * eb;
  r->in = clCreateBuffer(c->ctx, CL_MEM_READ_WRITE, r->in_bytes, NULL, &e);
  if (r->in && inplace) r->pristine = clCreateBuffer(c->ctx, CL_MEM_READ_ONLY, r->in_bytes, NULL, &e);
  if (r->in && !inplace) r->out = clCreateBuffer(c->ctx, CL_MEM_READ_WRITE, out_elems * eb, NULL, &e);
  if (!r->in || (inplace ? !r->pristine : !r->out)) return err_cl(c, "clCreateBuffer(measurement data)", e);
  e = fill_random(r->q, r->in, r->in_bytes, f64);
  if (e == CL_SUCCESS && inplace) e = clEnqueueCopyBuffer(r->q, r->in, r->pristine, 0, 0, r->in_bytes, 0, NULL, NULL);
  if (e == CL_SUCCESS) e = clFinish(r->q);
  return e == CL_SUCCESS ? PPFFT_SUCCESS : err_cl(c, "filling the measurement data", e);
}

static ppfft_status rig_make(ppfft_context *c, const problem *p, rig *r)
{
  return rig_make_elems(c, p->f64, p->inplace, problem_span(p, 0), problem_span(p, 1), r);
}

ppfft_status measure_event_ms(const ppfft_context *c, cl_event ev, double *ms)
{
  cl_ulong t0 = 0, t1 = 0;
  cl_int e = clWaitForEvents(1, &ev);
  if (e == CL_SUCCESS) e = clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof t0, &t0, NULL);
  if (e == CL_SUCCESS) e = clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL);
  clReleaseEvent(ev);
  if (e != CL_SUCCESS) return err_cl(c, "clGetEventProfilingInfo", e);
  *ms = (double)(t1 - t0) * 1e-6;
  return PPFFT_SUCCESS;
}

/* One timed run of plan: kernel time in ms from event profiling (the in-place refresh of the input
 * is outside the event). */
static ppfft_status run_once(ppfft_context *c, ppfft_plan *plan, rig *r, double *ms)
{
  cl_int e = CL_SUCCESS;
  if (r->pristine) e = clEnqueueCopyBuffer(r->q, r->pristine, r->in, 0, 0, r->in_bytes, 0, NULL, NULL);
  if (e != CL_SUCCESS) return err_cl(c, "clEnqueueCopyBuffer", e);
  cl_event done = NULL;
  ppfft_status s = ppfft_execute(plan, r->q, r->in, r->out, 0, NULL, &done);
  return s == PPFFT_SUCCESS ? measure_event_ms(c, done, ms) : s;
}

/* Building is most of the cost and needs only the host: plans are built on several threads first
 * (the program cache is thread-safe), then timed one by one.  Under a budget, no new build starts
 * after stop_at once one candidate has built, so that a slow compiler cannot spend the whole budget
 * building what there is then no time to time: the lists are best first, and what was built is
 * timed. */
typedef struct builder {
  ppfft_context *c;
  const problem *p;
  const variant *cands;
  ppfft_plan **plans;
  size_t n;
  double stop_at; /* 0: build every candidate */
  atomic_size_t next;
  atomic_int built_one; /* some candidate built: past stop_at, the rest may be skipped */
} builder;

static int build_worker(void *arg)
{
  builder *b = arg;
  for (size_t i; (i = atomic_fetch_add(&b->next, 1)) < b->n;) {
    if (b->stop_at > 0 && atomic_load(&b->built_one) && measure_now_s() > b->stop_at) continue; /* plans[i] stays NULL */
    if (plan_build(b->c, b->p, &b->cands[i], &b->plans[i]) != PPFFT_SUCCESS) b->plans[i] = NULL;
    else atomic_store(&b->built_one, 1);
  }
  return 0;
}

static void build_all(ppfft_context *c, const problem *p, const variant *cands, size_t n, double stop_at, ppfft_plan **plans)
{
  enum { THREADS = 8 };
  builder b = {c, p, cands, plans, n, stop_at, 0, 0};
  thrd_t th[THREADS];
  size_t started = 0;
  for (; started < THREADS && started < n; ++started)
    if (thrd_create(&th[started], build_worker, &b) != thrd_success) break;
  if (started == 0) build_worker(&b);
  for (size_t i = 0; i < started; ++i) thrd_join(th[i], NULL);
}

/* A builder process's part of measure_best: its share of the candidates into the disk cache (the
 * timing run loads them from there).  Nothing to return: a builder times nothing. */
static ppfft_status build_share(ppfft_context *c, const problem *p, const variant *cands, size_t n, const measure_opts *o,
                                ppfft_plan **out)
{
  double start = measure_now_s();
  size_t first = o->build_seen ? *o->build_seen : 0;
  for (size_t i = 0; i < n; ++i) {
    if ((first + i) % o->build_shares != o->build_share) continue;
    if (o->budget_s > 0 && measure_now_s() - start > o->budget_s) break; /* leave the rest to the timing run */
    ppfft_plan *plan;
    if (plan_build(c, p, &cands[i], &plan) == PPFFT_SUCCESS) ppfft_plan_destroy(plan);
  }
  if (o->build_seen) *o->build_seen += n;
  *out = NULL;
  return PPFFT_SUCCESS;
}

ppfft_status measure_best(ppfft_context *c, const problem *p, const variant *cands, size_t n, const measure_opts *o,
                          ppfft_plan **out, double *best_ms)
{
  *out = NULL;
  *best_ms = 0;
  if (o && o->build_shares) return build_share(c, p, cands, n, o, out);
  unsigned warmup = o && o->warmup ? o->warmup : 2, repeats = o && o->repeats ? o->repeats : 7;
  double budget = o ? o->budget_s : 0, start = measure_now_s();
  rig r;
  ppfft_status s = rig_make(c, p, &r);
  double *samples = malloc(repeats * sizeof *samples);
  ppfft_plan **plans = calloc(n ? n : 1, sizeof *plans);
  if (s == PPFFT_SUCCESS && (!samples || !plans)) s = err_set(c, PPFFT_ERROR_OUT_OF_MEMORY, "out of memory");
  /* half of the budget at most for building: the rest times what was built */
  if (s == PPFFT_SUCCESS) build_all(c, p, cands, n, budget > 0 ? start + 0.5 * budget : 0, plans);
  ppfft_plan *best = NULL;
  char best_name[256] = "";
  for (size_t i = 0; s == PPFFT_SUCCESS && i < n; ++i) {
    if (budget > 0 && best && measure_now_s() - start > budget) break;
    ppfft_plan *plan = plans[i];
    plans[i] = NULL;
    if (!plan) continue; /* does not apply or build here */
    double ms = 0;
    unsigned k = 0;
    ppfft_status rs = PPFFT_SUCCESS;
    for (unsigned w = 0; w < warmup && rs == PPFFT_SUCCESS; ++w) rs = run_once(c, plan, &r, &ms);
    for (; k < repeats && rs == PPFFT_SUCCESS; ++k) {
      rs = run_once(c, plan, &r, &samples[k]);
      /* clearly slower than the best: no need for a precise median */
      if (best && k >= 1 && samples[0] > 1.5 * *best_ms && samples[k] > 1.5 * *best_ms) {
        ++k;
        break;
      }
    }
    if (rs != PPFFT_SUCCESS) {
      ppfft_plan_destroy(plan);
      continue;
    }
    qsort(samples, k, sizeof *samples, cmp_double);
    ms = samples[k / 2];
    if (!best || ms < *best_ms) {
      ppfft_plan_destroy(best);
      best = plan;
      *best_ms = ms;
      variant_print(&cands[i], best_name, sizeof best_name);
    } else {
      ppfft_plan_destroy(plan);
    }
    if (o && o->progress) o->progress(o->arg, i + 1, n, *best_ms, best_name);
  }
  for (size_t i = 0; plans && i < n; ++i) ppfft_plan_destroy(plans[i]); /* those the budget left */
  free(plans);
  free(samples);
  rig_free(&r);
  if (s != PPFFT_SUCCESS) {
    ppfft_plan_destroy(best);
    return s;
  }
  if (!best) return err_set(c, PPFFT_ERROR_UNSUPPORTED, "none of the %zu candidate variants runs for N = %zu on %s", n, p->n, c->info.name);
  *out = best;
  return PPFFT_SUCCESS;
}

/* One timed run of a whole plan: from a marker just before it (after the in-place refresh) to the
 * end of its last pass, so every pass and the gaps between them count. */
static ppfft_status run_whole(ppfft_context *c, ppfft_plan *plan, rig *r, double *ms)
{
  cl_int e = CL_SUCCESS;
  if (r->pristine) e = clEnqueueCopyBuffer(r->q, r->pristine, r->in, 0, 0, r->in_bytes, 0, NULL, NULL);
  cl_event start = NULL, done = NULL;
  if (e == CL_SUCCESS) e = clEnqueueMarkerWithWaitList(r->q, 0, NULL, &start);
  if (e != CL_SUCCESS) return err_cl(c, "clEnqueueMarkerWithWaitList", e);
  ppfft_status s = ppfft_execute(plan, r->q, r->in, r->out, 1, &start, &done);
  cl_ulong t0 = 0, t1 = 0;
  if (s == PPFFT_SUCCESS) {
    e = clWaitForEvents(1, &done);
    if (e == CL_SUCCESS) e = clGetEventProfilingInfo(start, CL_PROFILING_COMMAND_END, sizeof t0, &t0, NULL);
    if (e == CL_SUCCESS) e = clGetEventProfilingInfo(done, CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL);
    if (e != CL_SUCCESS) s = err_cl(c, "clGetEventProfilingInfo", e);
    clReleaseEvent(done);
  }
  clReleaseEvent(start);
  *ms = (double)(t1 - t0) * 1e-6;
  return s;
}

ppfft_status measure_plan(ppfft_context *c, ppfft_plan *plan, double *ms)
{
  if (plan->in_planar || plan->out_planar)
    return err_set(c, PPFFT_ERROR_UNSUPPORTED, "measure_plan times interleaved plans only");
  rig r;
  ppfft_status s = rig_make_elems(c, plan->f64, plan->inplace, plan->in_span, plan->out_span, &r);
  enum { WARMUP = 2, REPEATS = 7 };
  double samples[REPEATS], w;
  for (int i = 0; i < WARMUP && s == PPFFT_SUCCESS; ++i) s = run_whole(c, plan, &r, &w);
  for (int i = 0; i < REPEATS && s == PPFFT_SUCCESS; ++i) s = run_whole(c, plan, &r, &samples[i]);
  rig_free(&r);
  if (s != PPFFT_SUCCESS) return s;
  qsort(samples, REPEATS, sizeof samples[0], cmp_double);
  *ms = samples[REPEATS / 2];
  return PPFFT_SUCCESS;
}
