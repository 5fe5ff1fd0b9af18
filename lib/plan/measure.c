/* measure_best, measure_plan and measure_whole: what to time, in which order, under which budget; the timed runs
 * themselves are the backend's (plan/backend.h). */
#include "plan/measure.h"
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
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

/* The rig for a one-pass problem. */
static ppfft_status rig_make(ppfft_context *c, const problem *p, void **r)
{
  size_t in = problem_span(p, 0), out = problem_span(p, 1);
  return c->be->rig_make(c->rt, &c->err, problem_precision(p), p->inplace, p->inplace ? backend_inplace_elems(in, out) : in, out, r);
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
  char **why; /* a candidate's build failure, in the building thread's words (NULL: none kept) */
  size_t n;
  double stop_at; /* 0: build every candidate */
  atomic_size_t next;
  atomic_int built_one; /* some candidate built: past stop_at, the rest may be skipped */
} builder;

static void *build_worker(void *arg)
{
  builder *b = arg;
  for (size_t i; (i = atomic_fetch_add(&b->next, 1)) < b->n;) {
    if (b->stop_at > 0 && atomic_load(&b->built_one) && measure_now_s() > b->stop_at) continue; /* plans[i] stays NULL */
    if (plan_build(b->c, b->p, &b->cands[i], &b->plans[i]) != PPFFT_SUCCESS) {
      b->plans[i] = NULL;
      b->why[i] = strdup(errors_last(&b->c->err));
    } else atomic_store(&b->built_one, 1);
  }
  return NULL;
}

/* How many threads build: $PPFFT_BUILD_THREADS (1..64; 1 builds one candidate at a time, for
 * OpenCL implementations whose compiler is not thread-safe, such as oclgrind's), else 8. */
enum { BUILD_THREADS_DEFAULT = 8, BUILD_THREADS_MAX = 64 };

static size_t build_threads(void)
{
  const char *s = getenv("PPFFT_BUILD_THREADS");
  char *end;
  long v = s && *s ? strtol(s, &end, 10) : 0;
  return s && *s && *end == '\0' && v >= 1 && v <= BUILD_THREADS_MAX ? (size_t)v : BUILD_THREADS_DEFAULT;
}

static void build_all(ppfft_context *c, const problem *p, const variant *cands, size_t n, double stop_at, ppfft_plan **plans, char **why)
{
  builder b = {c, p, cands, plans, why, n, stop_at, 0, 0};
  pthread_t th[BUILD_THREADS_MAX];
  size_t threads = build_threads(), started = 0;
  for (; started < threads && started < n; ++started)
    if (pthread_create(&th[started], NULL, build_worker, &b) != 0) break;
  if (started == 0) build_worker(&b);
  for (size_t i = 0; i < started; ++i) pthread_join(th[i], NULL);
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
    if (plan_build(c, p, &cands[i], &plan) == PPFFT_SUCCESS) plan_free(plan);
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
  void *r = NULL;
  ppfft_status s = rig_make(c, p, &r);
  double *samples = malloc(repeats * sizeof *samples);
  ppfft_plan **plans = calloc(n ? n : 1, sizeof *plans);
  char **why = calloc(n ? n : 1, sizeof *why);
  if (s == PPFFT_SUCCESS && (!samples || !plans || !why)) s = err_set(c, PPFFT_ERROR_OUT_OF_MEMORY, "out of memory");
  /* half of the budget at most for building: the rest times what was built */
  if (s == PPFFT_SUCCESS) build_all(c, p, cands, n, budget > 0 ? start + 0.5 * budget : 0, plans, why);
  ppfft_plan *best = NULL;
  char best_name[256] = "";
  for (size_t i = 0; s == PPFFT_SUCCESS && i < n; ++i) {
    if (budget > 0 && best && measure_now_s() - start > budget) break;
    ppfft_plan *plan = plans[i];
    plans[i] = NULL;
    char name[256] = "";
    if (o && o->progress) variant_print(&cands[i], name, sizeof name);
    if (!plan) { /* does not apply or build here: the reason is this thread's last error while progress runs */
      if (why[i]) err_set(c, PPFFT_ERROR_UNSUPPORTED, "%s", why[i]);
      if (o && o->progress) o->progress(o->arg, i + 1, n, NAN, name, *best_ms, best_name);
      continue;
    }
    double ms = 0;
    unsigned k = 0;
    ppfft_status rs = PPFFT_SUCCESS;
    for (unsigned w = 0; w < warmup && rs == PPFFT_SUCCESS; ++w) rs = c->be->rig_run(r, &c->err, plan->chain, 0, &ms);
    for (; k < repeats && rs == PPFFT_SUCCESS; ++k) {
      rs = c->be->rig_run(r, &c->err, plan->chain, 0, &samples[k]);
      /* clearly slower than the best: no need for a precise median */
      if (best && k >= 1 && samples[0] > 1.5 * *best_ms && samples[k] > 1.5 * *best_ms) {
        ++k;
        break;
      }
    }
    if (rs != PPFFT_SUCCESS) {
      plan_free(plan);
      if (o && o->progress) o->progress(o->arg, i + 1, n, NAN, name, *best_ms, best_name);
      continue;
    }
    int dropped = k < repeats;
    qsort(samples, k, sizeof *samples, cmp_double);
    ms = samples[k / 2];
    if (!best || ms < *best_ms) {
      plan_free(best);
      best = plan;
      *best_ms = ms;
      variant_print(&cands[i], best_name, sizeof best_name);
    } else {
      plan_free(plan);
    }
    if (o && o->progress) o->progress(o->arg, i + 1, n, dropped ? -ms : ms, name, *best_ms, best_name);
  }
  for (size_t i = 0; plans && i < n; ++i) plan_free(plans[i]); /* those the budget left */
  for (size_t i = 0; why && i < n; ++i) free(why[i]);
  free(plans);
  free(why);
  free(samples);
  c->be->rig_free(r);
  if (s != PPFFT_SUCCESS) {
    plan_free(best);
    return s;
  }
  if (!best) return err_set(c, PPFFT_ERROR_UNSUPPORTED, "none of the %zu candidate variants runs for N = %zu on %s", n, p->n, c->info.name);
  *out = best;
  return PPFFT_SUCCESS;
}

ppfft_status measure_plan(ppfft_context *c, ppfft_plan *plan, double *ms)
{
  if (plan->in_planar || plan->out_planar) return err_set(c, PPFFT_ERROR_UNSUPPORTED, "measure_plan times interleaved plans only");
  void *r = NULL;
  size_t in = plan->inplace ? backend_inplace_elems(plan->in_span, plan->out_span) : plan->in_span;
  ppfft_status s = c->be->rig_make(c->rt, &c->err, plan->prec, plan->inplace, in, plan->out_span, &r);
  enum { WARMUP = 2, REPEATS = 7 };
  double samples[REPEATS], w;
  for (int i = 0; i < WARMUP && s == PPFFT_SUCCESS; ++i) s = c->be->rig_run(r, &c->err, plan->chain, 1, &w);
  for (int i = 0; i < REPEATS && s == PPFFT_SUCCESS; ++i) s = c->be->rig_run(r, &c->err, plan->chain, 1, &samples[i]);
  c->be->rig_free(r);
  if (s != PPFFT_SUCCESS) return s;
  qsort(samples, REPEATS, sizeof samples[0], cmp_double);
  *ms = samples[REPEATS / 2];
  return PPFFT_SUCCESS;
}

ppfft_status measure_whole(ppfft_context *c, const measure_opts *o, ppfft_plan *plan, double *ms)
{
  return o && o->time_plan ? o->time_plan(o->arg, c, plan, ms) : measure_plan(c, plan, ms);
}
