/* Test machinery on the OpenCL device; see testutil.h. */
#include "plan/context.h"
#include "testutil.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static test_env env;
static int env_state; /* 0 untried, 1 ready, -1 none */

test_env *test_env_get(void)
{
  if (env_state == 1) return &env;
  if (env_state == -1) return NULL;
  env_state = -1;
  if (ppfft_context_create_default(&env.ctx) != PPFFT_SUCCESS) return NULL;
  env.cl = ppfft_context_cl_context(env.ctx);
  env.dev = ppfft_context_cl_device(env.ctx);
  cl_int e;
  env.q = clCreateCommandQueue(env.cl, env.dev, 0, &e);
  if (!env.q) {
    ppfft_context_destroy(env.ctx);
    return NULL;
  }
  env_state = 1;
  return &env;
}

void test_env_release(void)
{
  if (env_state != 1) return;
  clReleaseCommandQueue(env.q);
  ppfft_context_destroy(env.ctx);
  env_state = 0;
}

int test_device_open(const char *prog)
{
  test_env *t = test_env_get();
  if (!t) {
    fprintf(stderr, "%s: no OpenCL device (%s): skipping\n", prog, ppfft_context_last_error(NULL));
    return -1;
  }
  char name[256] = "";
  clGetDeviceInfo(t->dev, CL_DEVICE_NAME, sizeof name, name, NULL);
  printf("%s: testing on %s (%s)%s\n", prog, name, ppfft_context_device_key(t->ctx), test_full() ? ", full product of knobs" : "");
  ppfft_wisdom_forget(t->ctx); /* and none from an installed ppfft */
  return 0;
}

int test_has_fp64_at(const char *func, const char *what)
{
  test_env *t = test_env_get();
  if (t && t->ctx->info.fp64) return 1;
  test_skip_at(func, "%s: the device has no fp64 (cl_khr_fp64)", what);
  return 0;
}

cl_mem test_upload(const double *x, size_t count, int f64)
{
  test_env *t = test_env_get();
  size_t bytes = count * (f64 ? 16 : 8);
  void *h = malloc(bytes ? bytes : 1);
  for (size_t i = 0; i < 2 * count; ++i) {
    if (f64) ((double *)h)[i] = x[i];
    else ((float *)h)[i] = (float)x[i];
  }
  cl_int e;
  cl_mem m = clCreateBuffer(t->cl, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes ? bytes : 1, h, &e);
  free(h);
  return m;
}

void test_download(cl_mem m, double *x, size_t count, int f64)
{
  test_env *t = test_env_get();
  size_t bytes = count * (f64 ? 16 : 8);
  void *h = malloc(bytes ? bytes : 1);
  clEnqueueReadBuffer(t->q, m, CL_TRUE, 0, bytes, h, 0, NULL, NULL);
  for (size_t i = 0; i < 2 * count; ++i) x[i] = f64 ? ((double *)h)[i] : (double)((float *)h)[i];
  free(h);
}

/* test_run and test_run_flags: the plan from vname, else from ppfft_plan_create with flags. */
static ppfft_status run(const ppfft_desc *d, const char *vname, unsigned flags, unsigned seed, double *err)
{
  test_env *t = test_env_get();
  *err = INFINITY;
  ppfft_plan *p = NULL;
  ppfft_status s = vname ? ppfft_plan_create_variant(t->ctx, d, vname, &p) : ppfft_plan_create(t->ctx, d, flags, &p);
  if (s != PPFFT_SUCCESS) return s;
  size_t n = d->n[0], count = n * d->batch;
  int f64 = d->precision == PPFFT_F64;
  double *in = calloc(2 * count, sizeof *in), *ref = calloc(2 * count, sizeof *ref), *got = calloc(2 * count, sizeof *got);
  test_random(in, 2 * count, seed);
  if (!f64) /* the reference transforms exactly what the device sees */
    for (size_t i = 0; i < 2 * count; ++i) in[i] = (float)in[i];
  test_reference(in, ref, n, d->batch, d->direction);
  for (size_t i = 0; i < 2 * count; ++i) ref[i] *= d->scale;
  cl_mem a = test_upload(in, count, f64), b = NULL;
  if (!d->inplace) {
    for (size_t i = 0; i < 2 * count; ++i) got[i] = NAN; /* poison: every output must be written */
    b = test_upload(got, count, f64);
  }
  cl_event done = NULL;
  s = ppfft_execute(p, t->q, a, b, 0, NULL, &done);
  if (s == PPFFT_SUCCESS) {
    clWaitForEvents(1, &done);
    clReleaseEvent(done);
    test_download(d->inplace ? a : b, got, count, f64);
    *err = test_rel_error(got, ref, count);
    if (!d->inplace) { /* an out-of-place transform leaves its input alone */
      double *back = malloc(16 * count);
      test_download(a, back, count, f64);
      if (memcmp(back, in, 16 * count) != 0) *err = INFINITY;
      free(back);
    }
  }
  clReleaseMemObject(a);
  if (b) clReleaseMemObject(b);
  ppfft_plan_destroy(p);
  free(in);
  free(ref);
  free(got);
  return s;
}

ppfft_status test_run(const ppfft_desc *d, const char *vname, unsigned seed, double *err) { return run(d, vname, PPFFT_ESTIMATE, seed, err); }

ppfft_status test_run_flags(const ppfft_desc *d, unsigned flags, unsigned seed, double *err) { return run(d, NULL, flags, seed, err); }
