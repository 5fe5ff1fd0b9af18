/* Every error path of the public API: the status, *out left NULL, a message in last_error, and no
 * buffer changed by a rejected call. */
#include "ppfft.h"
#include "plan/plan.h"
#include "cl/exec.h"
#include "cl/program.h"
#include "suites.h"
#include "testutil.h"
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>

static ppfft_plan *const NOT_NULL = (ppfft_plan *)&NOT_NULL; /* *out must be reset from this */

static ppfft_desc desc1(size_t n, size_t batch)
{
  ppfft_desc d;
  ppfft_desc_init(&d, 1, &n, batch);
  return d;
}

/* Plans d with ESTIMATE and checks the failure status, NULL plan and a non-empty message. */
static void expect_plan_error(const ppfft_desc *d, unsigned flags, ppfft_status want, const char *what)
{
  test_env *t = test_env_get();
  ppfft_plan *p = NOT_NULL;
  ppfft_status s = ppfft_plan_create(t->ctx, d, flags, &p);
  ck_assert_msg(s == want, "%s: got %s (%s), want %s", what, ppfft_status_string(s), ppfft_context_last_error(t->ctx),
                ppfft_status_string(want));
  ck_assert_ptr_null(p);
  ck_assert_msg(strlen(ppfft_context_last_error(t->ctx)) > 0, "%s: no message", what);
}

START_TEST(status_strings)
{
  for (int i = PPFFT_SUCCESS; i <= PPFFT_ERROR_FAULT; ++i) {
    const char *a = ppfft_status_string((ppfft_status)i);
    ck_assert_ptr_nonnull(a);
    ck_assert_int_gt((int)strlen(a), 0);
    for (int j = PPFFT_SUCCESS; j < i; ++j) ck_assert_str_ne(a, ppfft_status_string((ppfft_status)j));
  }
  const char *unknown = ppfft_status_string((ppfft_status)999);
  ck_assert_int_gt((int)strlen(unknown), 0);
  ck_assert_str_eq(unknown, ppfft_status_string((ppfft_status)-3));
}
END_TEST

START_TEST(context_errors)
{
  test_env *t = test_env_get();
  ppfft_context *c = (ppfft_context *)&c;
  ck_assert_int_eq(ppfft_context_create(NULL, t->dev, &c), PPFFT_ERROR_INVALID_ARGUMENT);
  ck_assert_ptr_null(c);
  ck_assert_int_gt((int)strlen(ppfft_context_last_error(NULL)), 0);
  c = (ppfft_context *)&c;
  ck_assert_int_eq(ppfft_context_create(t->cl, NULL, &c), PPFFT_ERROR_INVALID_ARGUMENT);
  ck_assert_ptr_null(c);
  ck_assert_int_eq(ppfft_context_create(t->cl, t->dev, NULL), PPFFT_ERROR_INVALID_ARGUMENT);
  ck_assert_int_eq(ppfft_context_create_default(NULL), PPFFT_ERROR_INVALID_ARGUMENT);
  ppfft_context_destroy(NULL);
  ppfft_plan_destroy(NULL);
  ck_assert_ptr_null(ppfft_context_cl_context(NULL));
  ck_assert_ptr_null(ppfft_context_cl_device(NULL));
  /* a context on the caller's own cl_context works and reports the same device key */
  ck_assert_int_eq(ppfft_context_create(t->cl, t->dev, &c), PPFFT_SUCCESS);
  ck_assert_str_eq(ppfft_context_device_key(c), ppfft_context_device_key(t->ctx));
  ck_assert_str_eq(ppfft_context_last_error(c), "");
  ck_assert_ptr_eq(ppfft_context_cl_context(c), t->cl);
  ppfft_context_destroy(c);
}
END_TEST

START_TEST(default_device_env)
{
  static const char *const malformed[] = {"x", "0", "0:", ":0", "0:0:0", "-1:0", "a:b"};
  ppfft_context *c;
  for (size_t i = 0; i < sizeof malformed / sizeof malformed[0]; ++i) {
    test_setenv("PPFFT_DEVICE", malformed[i]);
    c = (ppfft_context *)&c;
    ck_assert_msg(ppfft_context_create_default(&c) == PPFFT_ERROR_INVALID_ARGUMENT, "PPFFT_DEVICE=%s", malformed[i]);
    ck_assert_ptr_null(c);
    ck_assert_ptr_nonnull(strstr(ppfft_context_last_error(NULL), "PPFFT_DEVICE"));
  }
  test_setenv("PPFFT_DEVICE", "99:0");
  ck_assert_int_eq(ppfft_context_create_default(&c), PPFFT_ERROR_NO_DEVICE);
  test_setenv("PPFFT_DEVICE", "0:99");
  ck_assert_int_eq(ppfft_context_create_default(&c), PPFFT_ERROR_NO_DEVICE);
  test_setenv("PPFFT_DEVICE", "0:0");
  ck_assert_int_eq(ppfft_context_create_default(&c), PPFFT_SUCCESS);
  ck_assert_int_gt((int)strlen(ppfft_context_device_key(c)), 4);
  ppfft_context_destroy(c);
}
END_TEST

START_TEST(descriptor_errors)
{
  ppfft_desc d = desc1(64, 4);
  expect_plan_error(NULL, 0, PPFFT_ERROR_INVALID_ARGUMENT, "NULL descriptor");
  d.rank = 0;
  expect_plan_error(&d, 0, PPFFT_ERROR_INVALID_SIZE, "rank 0");
  d.rank = 4;
  expect_plan_error(&d, 0, PPFFT_ERROR_INVALID_SIZE, "rank 4");
  d = desc1(0, 4);
  expect_plan_error(&d, 0, PPFFT_ERROR_INVALID_SIZE, "n = 0");
  d = desc1(64, 0);
  expect_plan_error(&d, 0, PPFFT_ERROR_INVALID_SIZE, "batch 0");
  d = desc1(64, SIZE_MAX / 32);
  expect_plan_error(&d, 0, PPFFT_ERROR_INVALID_SIZE, "batch x n overflows");
  d = desc1((size_t)1 << 62, 8);
  expect_plan_error(&d, 0, PPFFT_ERROR_INVALID_SIZE, "bytes overflow");
  d = desc1(64, 4);
  d.in_offset = SIZE_MAX - 10;
  expect_plan_error(&d, 0, PPFFT_ERROR_INVALID_LAYOUT, "offset overflows");
  d = desc1(64, 4);
  d.in_dist = SIZE_MAX / 2;
  expect_plan_error(&d, 0, PPFFT_ERROR_INVALID_LAYOUT, "distance overflows");
  d = desc1(64, 4);
  d.out_dist = 32;
  expect_plan_error(&d, 0, PPFFT_ERROR_INVALID_LAYOUT, "overlapping output transforms");
  d = desc1(64, 4);
  d.inplace = 1;
  d.in_dist = 63;
  expect_plan_error(&d, 0, PPFFT_ERROR_INVALID_LAYOUT, "overlapping in-place transforms");
  d = desc1(8, 1);
  d.rank = 2;
  d.n[1] = 8;
  d.in_strides[0] = 8;
  expect_plan_error(&d, 0, PPFFT_ERROR_INVALID_LAYOUT, "strides mixing 0 and non-zero");
  d = desc1(64, 4);
  d.precision = (ppfft_precision)7;
  expect_plan_error(&d, 0, PPFFT_ERROR_INVALID_ARGUMENT, "unknown precision");
  d = desc1(64, 4);
  d.kind = (ppfft_kind)9;
  expect_plan_error(&d, 0, PPFFT_ERROR_INVALID_ARGUMENT, "unknown kind");
  d = desc1(64, 4);
  d.direction = (ppfft_direction)0;
  expect_plan_error(&d, 0, PPFFT_ERROR_INVALID_ARGUMENT, "direction 0");
  d = desc1(64, 4);
  d.in_layout = (ppfft_layout)5;
  expect_plan_error(&d, 0, PPFFT_ERROR_INVALID_ARGUMENT, "unknown layout");
  d = desc1(64, 4);
  d.scale = NAN;
  expect_plan_error(&d, 0, PPFFT_ERROR_INVALID_ARGUMENT, "NaN scale");
  d.scale = INFINITY;
  expect_plan_error(&d, 0, PPFFT_ERROR_INVALID_ARGUMENT, "infinite scale");
  d = desc1(64, 4);
  expect_plan_error(&d, 1u << 7, PPFFT_ERROR_INVALID_ARGUMENT, "unknown flag bit");
  expect_plan_error(&d, 0x80000000u, PPFFT_ERROR_INVALID_ARGUMENT, "unknown high flag bit");
  /* what this version does not do: UNSUPPORTED with a message, never a wrong answer */
  ppfft_wisdom_forget(test_env_get()->ctx);
  expect_plan_error(&d, PPFFT_WISDOM_ONLY, PPFFT_ERROR_UNSUPPORTED, "WISDOM_ONLY without wisdom");
  d.precision = PPFFT_F16;
  expect_plan_error(&d, 0, PPFFT_ERROR_UNSUPPORTED, "f16 on OpenCL");
  d = desc1(16, 1); /* (real transforms of every length run since issue 17: their real dimension in several passes, Bluestein's) */
  d.kind = PPFFT_R2C;
  expect_plan_error(&d, PPFFT_ABFT, PPFFT_ERROR_UNSUPPORTED, "ABFT on a real transform");
  d = desc1(((size_t)1 << 29) + 1, 1); /* Bluestein's M would be 2^31 */
  expect_plan_error(&d, 0, PPFFT_ERROR_INVALID_SIZE, "N = 2^29 + 1, beyond the longest Bluestein dimension");
  d = desc1((size_t)1 << 31, 1);
  expect_plan_error(&d, 0, PPFFT_ERROR_INVALID_SIZE, "N = 2^31, beyond the longest dimension");
  /* ppfft_desc_init ignores NULL and keeps a bad rank for the planner to reject */
  ppfft_desc_init(NULL, 1, (size_t[]){4}, 1);
  ppfft_desc_init(&d, 5, (size_t[]){4, 4, 4, 4, 4}, 1);
  ck_assert_int_eq(d.rank, 5);
  expect_plan_error(&d, 0, PPFFT_ERROR_INVALID_SIZE, "rank 5");
}
END_TEST

START_TEST(plan_argument_errors)
{
  test_env *t = test_env_get();
  ppfft_desc d = desc1(64, 4);
  ppfft_plan *p = NOT_NULL;
  ck_assert_int_eq(ppfft_plan_create(NULL, &d, 0, &p), PPFFT_ERROR_INVALID_ARGUMENT);
  ck_assert_ptr_null(p);
  ck_assert_int_eq(ppfft_plan_create(t->ctx, &d, 0, NULL), PPFFT_ERROR_INVALID_ARGUMENT);
  p = NOT_NULL;
  ck_assert_int_eq(ppfft_plan_create_variant(t->ctx, &d, NULL, &p), PPFFT_ERROR_INVALID_ARGUMENT);
  ck_assert_ptr_null(p);
  static const char *const malformed[] = {"", "garbage", "r8x8", "r8x8/RP+LM-CM+CGAP+VASM2/wg8/t1",
                                          "r8x8/RP+LM-CM+CGAP+VASM2+CM-K+XX/wg8/t1", "r8x8/RP+CGAP+VASM2+CM-K/wg8/t1"};
  for (size_t i = 0; i < sizeof malformed / sizeof malformed[0]; ++i) {
    p = NOT_NULL;
    ck_assert_msg(ppfft_plan_create_variant(t->ctx, &d, malformed[i], &p) == PPFFT_ERROR_INVALID_ARGUMENT, "%s", malformed[i]);
    ck_assert_ptr_null(p);
    ck_assert_ptr_nonnull(strstr(ppfft_context_last_error(t->ctx), "malformed variant"));
  }
  static const char *const inapplicable[] = {
      "r8x4/RP+LM-CM+CGAP+VASM2+CM-K/wg8/t1",        /* radices multiply to 32, not 64 */
      "r8x8/RP+LM-CM+CGAP+VASM2+CM-K/wg128/t1",      /* 128 work-items for 64 elements */
      "r8x8/RP+LM-CM+CGAP+VAVM16+CM-K/wg1/t1",       /* 16-lane vectors but radix 8 on 4 groups */
      "r16x4/RP+LM-CM+CGAP+VASM2+CM-K/wg16/t1",      /* radix 16 does not divide 4 elements per work-item */
      "r8x8/RP+LM-CM+CGAP+VASM2+CM-K/wg8192/t128",   /* beyond any device's work-group size */
      "r8x8/RP+SHFL-SELP-IP+DIRECT+VASM2+CM-K/wg64/t8", /* warp shuffles on an OpenCL device */
  };
  for (size_t i = 0; i < sizeof inapplicable / sizeof inapplicable[0]; ++i) {
    p = NOT_NULL;
    ppfft_status s = ppfft_plan_create_variant(t->ctx, &d, inapplicable[i], &p);
    ck_assert_msg(s == PPFFT_ERROR_UNSUPPORTED, "%s: %s", inapplicable[i], ppfft_status_string(s));
    ck_assert_ptr_null(p);
    ck_assert_ptr_nonnull(strstr(ppfft_context_last_error(t->ctx), "does not apply"));
  }
  ck_assert_ptr_nonnull(strstr(ppfft_context_last_error(t->ctx), "CUDA only")); /* the last one's reason */
  /* a variant that needs more local memory than the device has: LM-CC, N = 4096, 64 elements per
   * work-item, T transforms of 2 x 4224 padded floats each */
  cl_ulong local = 0;
  size_t max_wg = 0;
  clGetDeviceInfo(t->dev, CL_DEVICE_LOCAL_MEM_SIZE, sizeof local, &local, NULL);
  clGetDeviceInfo(t->dev, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof max_wg, &max_wg, NULL);
  unsigned tpw = 1;
  while ((cl_ulong)tpw * 2 * 4224 * 4 <= local) tpw *= 2;
  if (64u * tpw <= max_wg) {
    char v[128];
    d = desc1(4096, 64);
    snprintf(v, sizeof v, "r16x16x16/LM-CC+CGAP+VASM2+TW-CALC/wg%u/t%u", 64 * tpw, tpw);
    p = NOT_NULL;
    ppfft_status s = ppfft_plan_create_variant(t->ctx, &d, v, &p);
    ck_assert_msg(s == PPFFT_ERROR_UNSUPPORTED, "%s: %s %s", v, ppfft_status_string(s), ppfft_context_last_error(t->ctx));
    ck_assert_ptr_nonnull(strstr(ppfft_context_last_error(t->ctx), "local memory"));
  }
  /* describe */
  d = desc1(64, 4);
  ck_assert_int_eq(ppfft_plan_create(t->ctx, &d, PPFFT_ESTIMATE, &p), PPFFT_SUCCESS);
  char buf[256];
  ck_assert_int_eq(ppfft_plan_describe(p, buf, sizeof buf), PPFFT_SUCCESS);
  ck_assert_ptr_nonnull(strstr(buf, "RP+LM-CM+CGAP+VASM2"));
  ck_assert_int_eq(ppfft_plan_describe(p, NULL, 10), PPFFT_ERROR_INVALID_ARGUMENT);
  ck_assert_int_eq(ppfft_plan_describe(p, buf, 5), PPFFT_ERROR_INVALID_ARGUMENT);
  ck_assert_str_eq(buf, "");
  ck_assert_int_eq(ppfft_plan_describe(NULL, buf, sizeof buf), PPFFT_ERROR_INVALID_ARGUMENT);
  ppfft_plan_destroy(p);
}
END_TEST

/* A kernel that does not compile: PPFFT_ERROR_BUILD with the compiler's log in the message. */
START_TEST(build_error_carries_log)
{
  test_env *t = test_env_get();
  cl_program prog = (cl_program)&prog;
  ppfft_status s = program_get(t->ctx->cl, &t->ctx->err, "__kernel void k(__global float *x) { x[0] = undefined_name_42; }", &prog);
  ck_assert_int_eq(s, PPFFT_ERROR_BUILD);
  ck_assert_ptr_null(prog);
  ck_assert_ptr_nonnull(strstr(ppfft_context_last_error(t->ctx), "clBuildProgram"));
  ck_assert_ptr_nonnull(strstr(ppfft_context_last_error(t->ctx), "undefined_name_42"));
}
END_TEST

/* Reads a buffer of `bytes` and checks it is still all `byte`. */
static void expect_unchanged(cl_mem m, size_t bytes, unsigned char byte)
{
  test_env *t = test_env_get();
  unsigned char *h = malloc(bytes);
  ck_assert_int_eq(clEnqueueReadBuffer(t->q, m, CL_TRUE, 0, bytes, h, 0, NULL, NULL), CL_SUCCESS);
  for (size_t i = 0; i < bytes; ++i) ck_assert_msg(h[i] == byte, "byte %zu changed", i);
  free(h);
}

static cl_mem filled(size_t bytes, unsigned char byte)
{
  test_env *t = test_env_get();
  unsigned char *h = malloc(bytes);
  memset(h, byte, bytes);
  cl_int e;
  cl_mem m = clCreateBuffer(t->cl, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes, h, &e);
  free(h);
  ck_assert_ptr_nonnull(m);
  return m;
}

START_TEST(execute_errors)
{
  test_env *t = test_env_get();
  const size_t n = 64, batch = 3, bytes = n * batch * 8;
  ppfft_desc d = desc1(n, batch);
  ppfft_plan *p, *pin;
  ck_assert_int_eq(ppfft_plan_create(t->ctx, &d, 0, &p), PPFFT_SUCCESS);
  d.inplace = 1;
  ck_assert_int_eq(ppfft_plan_create(t->ctx, &d, 0, &pin), PPFFT_SUCCESS);
  cl_mem in = filled(bytes, 0x3c), out = filled(bytes, 0x5a);
  cl_mem small_in = filled(bytes - 8, 0x3c), small_out = filled(bytes - 8, 0x5a);
  cl_event ev = (cl_event)&ev;
  ck_assert_int_eq(ppfft_execute(NULL, t->q, in, out, 0, NULL, NULL), PPFFT_ERROR_INVALID_ARGUMENT);
  ck_assert_int_eq(ppfft_execute(p, NULL, in, out, 0, NULL, &ev), PPFFT_ERROR_INVALID_ARGUMENT);
  ck_assert_ptr_null(ev);
  ck_assert_int_eq(ppfft_execute(p, t->q, NULL, out, 0, NULL, NULL), PPFFT_ERROR_INVALID_ARGUMENT);
  ck_assert_int_eq(ppfft_execute(p, t->q, in, NULL, 0, NULL, NULL), PPFFT_ERROR_INVALID_ARGUMENT);
  ck_assert_int_eq(ppfft_execute(p, t->q, in, in, 0, NULL, NULL), PPFFT_ERROR_INVALID_ARGUMENT);
  ck_assert_int_eq(ppfft_execute(pin, t->q, in, out, 0, NULL, NULL), PPFFT_ERROR_INVALID_ARGUMENT);
  ck_assert_int_eq(ppfft_execute(p, t->q, in, out, 2, NULL, NULL), PPFFT_ERROR_INVALID_ARGUMENT);
  ck_assert_int_eq(ppfft_execute(p, t->q, in, out, 0, &ev, NULL), PPFFT_ERROR_INVALID_ARGUMENT);
  ck_assert_int_gt((int)strlen(ppfft_context_last_error(t->ctx)), 0);
  /* one element too small: nothing is enqueued, no buffer changes */
  ck_assert_int_eq(ppfft_execute(p, t->q, small_in, out, 0, NULL, NULL), PPFFT_ERROR_BUFFER_TOO_SMALL);
  ck_assert_int_eq(ppfft_execute(p, t->q, in, small_out, 0, NULL, NULL), PPFFT_ERROR_BUFFER_TOO_SMALL);
  ck_assert_int_eq(ppfft_execute(pin, t->q, small_in, NULL, 0, NULL, NULL), PPFFT_ERROR_BUFFER_TOO_SMALL);
  ck_assert_ptr_nonnull(strstr(ppfft_context_last_error(t->ctx), "bytes"));
  clFinish(t->q);
  expect_unchanged(in, bytes, 0x3c);
  expect_unchanged(out, bytes, 0x5a);
  expect_unchanged(small_in, bytes - 8, 0x3c);
  expect_unchanged(small_out, bytes - 8, 0x5a);
  /* a queue and a buffer of another OpenCL context */
  cl_int e;
  cl_context other = clCreateContext(NULL, 1, &t->dev, NULL, NULL, &e);
  cl_command_queue oq = clCreateCommandQueue(other, t->dev, 0, &e);
  cl_mem ob = clCreateBuffer(other, CL_MEM_READ_WRITE, bytes, NULL, &e);
  ck_assert_int_eq(ppfft_execute(p, oq, in, out, 0, NULL, NULL), PPFFT_ERROR_INVALID_ARGUMENT);
  ck_assert_int_eq(ppfft_execute(p, t->q, ob, out, 0, NULL, NULL), PPFFT_ERROR_INVALID_ARGUMENT);
  clReleaseMemObject(ob);
  clReleaseCommandQueue(oq);
  clReleaseContext(other);
  /* an interleaved plan through ppfft_execute_planar takes NULL imaginary buffers */
  ck_assert_int_eq(ppfft_execute_planar(p, t->q, in, in, out, out, 0, NULL, &ev), PPFFT_ERROR_INVALID_ARGUMENT);
  ck_assert_ptr_null(ev);
  /* and the valid calls work: out-of-place with an event, in-place with out == in */
  ck_assert_int_eq(ppfft_execute(p, t->q, in, out, 0, NULL, &ev), PPFFT_SUCCESS);
  ck_assert_int_eq(ppfft_execute(pin, t->q, in, in, 1, &ev, NULL), PPFFT_SUCCESS);
  clReleaseEvent(ev);
  clFinish(t->q);
  clReleaseMemObject(in);
  clReleaseMemObject(out);
  clReleaseMemObject(small_in);
  clReleaseMemObject(small_out);
  ppfft_plan_destroy(p);
  ppfft_plan_destroy(pin);
}
END_TEST

/* execute never blocks on its wait list: with a user event not yet complete it returns at once,
 * and the transform runs once the event completes. */
START_TEST(execute_does_not_block)
{
  test_env *t = test_env_get();
  const size_t n = 256, batch = 4;
  ppfft_desc d = desc1(n, batch);
  ppfft_plan *p;
  ck_assert_int_eq(ppfft_plan_create(t->ctx, &d, 0, &p), PPFFT_SUCCESS);
  double *x = malloc(16 * n * batch), *ref = malloc(16 * n * batch), *got = malloc(16 * n * batch);
  test_random(x, 2 * n * batch, 3);
  for (size_t i = 0; i < 2 * n * batch; ++i) x[i] = (float)x[i];
  test_reference(x, ref, n, batch, -1);
  cl_mem in = test_upload(x, n * batch, 0), out = test_upload(x, n * batch, 0);
  cl_int e;
  cl_event gate = clCreateUserEvent(t->cl, &e), done = NULL;
  ck_assert_int_eq(ppfft_execute(p, t->q, in, out, 1, &gate, &done), PPFFT_SUCCESS);
  cl_int st = 0;
  clGetEventInfo(done, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL);
  ck_assert_int_ne(st, CL_COMPLETE);
  clSetUserEventStatus(gate, CL_COMPLETE);
  clWaitForEvents(1, &done);
  test_download(out, got, n * batch, 0);
  ck_assert_double_le(test_rel_error(got, ref, n * batch), test_bound(n, 0));
  clReleaseEvent(done);
  clReleaseEvent(gate);
  clReleaseMemObject(in);
  clReleaseMemObject(out);
  ppfft_plan_destroy(p);
  free(x);
  free(ref);
  free(got);
}
END_TEST

/* One plan executed from several threads on their own queues gives the right answer on each, every
 * time: each thread runs it RUNS times, each run on an output poisoned with NaN, and checks that
 * run's status and result; the test counts the runs that failed. */
enum { THREADS = 4, RUNS = 20 };

typedef struct thread_job {
  ppfft_plan *plan;
  size_t n, batch;
  cl_mem in, out;
  const double *ref;     /* the reference result (FFTW) */
  int bad_status, bad_result, ran;
  ppfft_status first_bad; /* the first failing status */
  double worst;           /* the largest error of a run that executed */
} thread_job;

static void *run_job(void *arg)
{
  thread_job *j = arg;
  test_env *t = test_env_get();
  size_t count = j->n * j->batch;
  float *host = malloc(8 * count), nan_f = NAN;
  double *got = malloc(16 * count);
  cl_int e;
  cl_command_queue q = clCreateCommandQueue(t->cl, t->dev, 0, &e);
  for (int k = 0; q && host && got && k < RUNS; ++k) {
    ++j->ran;
    if (clEnqueueFillBuffer(q, j->out, &nan_f, sizeof nan_f, 0, 8 * count, 0, NULL, NULL) != CL_SUCCESS) {
      ++j->bad_status;
      continue;
    }
    ppfft_status s = ppfft_execute(j->plan, q, j->in, j->out, 0, NULL, NULL);
    if (s != PPFFT_SUCCESS) {
      if (!j->bad_status++) j->first_bad = s;
      continue;
    }
    if (clEnqueueReadBuffer(q, j->out, CL_TRUE, 0, 8 * count, host, 0, NULL, NULL) != CL_SUCCESS) {
      ++j->bad_status;
      continue;
    }
    for (size_t i = 0; i < 2 * count; ++i) got[i] = host[i];
    double err = test_rel_error(got, j->ref, count);
    if (!(err <= j->worst)) j->worst = err;
    j->bad_result += !(err <= test_bound(j->n, 0));
  }
  if (q) {
    clFinish(q);
    clReleaseCommandQueue(q);
  } else {
    j->bad_status = RUNS;
  }
  free(host);
  free(got);
  return NULL;
}

START_TEST(plan_shared_between_threads)
{
  const size_t n = 512, batch = 8;
  ppfft_desc d = desc1(n, batch);
  ppfft_plan *p;
  ck_assert_int_eq(ppfft_plan_create(test_env_get()->ctx, &d, 0, &p), PPFFT_SUCCESS);
  double *x[THREADS], *ref[THREADS];
  thread_job jobs[THREADS];
  pthread_t th[THREADS];
  for (int i = 0; i < THREADS; ++i) {
    x[i] = malloc(16 * n * batch);
    ref[i] = malloc(16 * n * batch);
    test_random(x[i], 2 * n * batch, 100 + (unsigned)i);
    for (size_t k = 0; k < 2 * n * batch; ++k) x[i][k] = (float)x[i][k];
    test_reference(x[i], ref[i], n, batch, -1);
    jobs[i] = (thread_job){p, n, batch, test_upload(x[i], n * batch, 0), test_upload(x[i], n * batch, 0), ref[i], 0, 0, 0, PPFFT_SUCCESS, 0};
  }
  for (int i = 0; i < THREADS; ++i) ck_assert_int_eq(pthread_create(&th[i], NULL, run_job, &jobs[i]), 0);
  for (int i = 0; i < THREADS; ++i) ck_assert_int_eq(pthread_join(th[i], NULL), 0);
  int bad = 0;
  for (int i = 0; i < THREADS; ++i) {
    if (jobs[i].bad_status || jobs[i].bad_result)
      printf("thread %d: %d of %d runs failed (first: %s), %d gave a wrong result (worst error %.3g)\n", i, jobs[i].bad_status, RUNS,
             ppfft_status_string(jobs[i].first_bad), jobs[i].bad_result, jobs[i].worst);
    bad += jobs[i].bad_status + jobs[i].bad_result;
    ck_assert_int_eq(jobs[i].ran, RUNS);
    clReleaseMemObject(jobs[i].in);
    clReleaseMemObject(jobs[i].out);
    free(x[i]);
    free(ref[i]);
  }
  ppfft_plan_destroy(p);
  ck_assert_msg(bad == 0, "%d of %d runs over %d threads failed or were wrong", bad, THREADS * RUNS, THREADS);
}
END_TEST

/* Planning on one context from several threads at once (ESTIMATE and MEASURE, the latter adding
 * wisdom) while another thread imports and exports the context's wisdom: every call succeeds, every
 * plan computes its transform, and the wisdom afterwards holds every measured problem.  ThreadSanitizer
 * runs this (make check-tsan). */
typedef struct planner_job {
  size_t n;
  unsigned flags;
  ppfft_status status;
  double err;
} planner_job;

static void *plan_job(void *arg)
{
  planner_job *j = arg;
  ppfft_desc d = desc1(j->n, 4);
  j->status = test_run_flags(&d, j->flags, 11, &j->err);
  return NULL;
}

static atomic_int wisdom_stop;

static void *wisdom_job(void *arg)
{
  ppfft_status *s = arg;
  *s = PPFFT_SUCCESS;
  while (!atomic_load(&wisdom_stop) && *s == PPFFT_SUCCESS) {
    char *w = ppfft_wisdom_export_string(test_env_get()->ctx);
    *s = w ? ppfft_wisdom_import_string(test_env_get()->ctx, w) : PPFFT_ERROR_OUT_OF_MEMORY;
    free(w);
  }
  return NULL;
}

START_TEST(concurrent_planning)
{
  enum { JOBS = 4 };
  ppfft_wisdom_forget(test_env_get()->ctx);
  planner_job jobs[JOBS] = {{16, PPFFT_ESTIMATE, 0, 0}, {4, PPFFT_MEASURE, 0, 0}, {64, PPFFT_ESTIMATE, 0, 0}, {2, PPFFT_MEASURE, 0, 0}};
  pthread_t th[JOBS], w;
  ppfft_status ws = PPFFT_SUCCESS;
  atomic_store(&wisdom_stop, 0);
  ck_assert_int_eq(pthread_create(&w, NULL, wisdom_job, &ws), 0);
  for (int i = 0; i < JOBS; ++i) ck_assert_int_eq(pthread_create(&th[i], NULL, plan_job, &jobs[i]), 0);
  for (int i = 0; i < JOBS; ++i) pthread_join(th[i], NULL);
  atomic_store(&wisdom_stop, 1);
  pthread_join(w, NULL);
  ck_assert_int_eq(ws, PPFFT_SUCCESS);
  for (int i = 0; i < JOBS; ++i) {
    ck_assert_msg(jobs[i].status == PPFFT_SUCCESS, "N = %zu: %s", jobs[i].n, ppfft_status_string(jobs[i].status));
    ck_assert_double_le(jobs[i].err, test_bound(jobs[i].n, 0));
  }
  char *w2 = ppfft_wisdom_export_string(test_env_get()->ctx);
  ck_assert_ptr_nonnull(strstr(w2, ":n4:packed:b4 "));
  ck_assert_ptr_nonnull(strstr(w2, ":n2:packed:b4 "));
  free(w2);
  ppfft_wisdom_forget(test_env_get()->ctx);
}
END_TEST

/* A second plan for the same problem reuses the built program (no second compile). */
START_TEST(program_cache_reuses_builds)
{
  test_env *t = test_env_get();
  ppfft_desc d = desc1(128, 2);
  ppfft_plan *a, *b;
  ck_assert_int_eq(ppfft_plan_create(t->ctx, &d, 0, &a), PPFFT_SUCCESS);
  ck_assert_int_eq(ppfft_plan_create(t->ctx, &d, 0, &b), PPFFT_SUCCESS);
  ck_assert_ptr_eq(((cl_chain *)a->chain)->pass[0].program, ((cl_chain *)b->chain)->pass[0].program); /* the same cl_program object, from the cache */
  ck_assert_ptr_ne(((cl_chain *)a->chain)->pass[0].kernel, ((cl_chain *)b->chain)->pass[0].kernel);
  ppfft_plan_destroy(a);
  ppfft_plan_destroy(b);
}
END_TEST

/* PPFFT_DUMP_KERNELS=dir writes each generated kernel there, readable OpenCL C. */
START_TEST(dump_kernels)
{
  test_env *t = test_env_get();
  char dir[] = "/tmp/ppfft-dump-XXXXXX";
  ck_assert_ptr_nonnull(mkdtemp(dir));
  test_setenv("PPFFT_DUMP_KERNELS", dir);
  ppfft_desc d = desc1(32, 3);
  ppfft_plan *p;
  ck_assert_int_eq(ppfft_plan_create_variant(t->ctx, &d, "r8x4/LM-CT+CGAP+VAVM2+TW-GM+CSE+IL+LU/wg4/t2", &p), PPFFT_SUCCESS);
  test_unsetenv("PPFFT_DUMP_KERNELS");
  ppfft_plan_destroy(p);
  char cmd[256];
  snprintf(cmd, sizeof cmd, "grep -l 'r8x4/LM-CT+CGAP+VAVM2+TW-GM+CSE+IL+LU' %s/*.cl | grep -q . && grep -q '__kernel' %s/*.cl", dir, dir);
  ck_assert_int_eq(system(cmd), 0);
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  ck_assert_int_eq(system(cmd), 0);
}
END_TEST

Suite *make_api_suite(void)
{
  Suite *s = suite_create("api");
  TCase *tc = test_tcase("errors");
  tcase_add_test(tc, status_strings);
  tcase_add_test(tc, context_errors);
  tcase_add_test(tc, default_device_env);
  tcase_add_test(tc, descriptor_errors);
  tcase_add_test(tc, plan_argument_errors);
  tcase_add_test(tc, build_error_carries_log);
  tcase_add_test(tc, execute_errors);
  suite_add_tcase(s, tc);
  TCase *tc2 = test_tcase("execution");
  tcase_add_test(tc2, execute_does_not_block);
  tcase_add_test(tc2, plan_shared_between_threads);
  tcase_add_test(tc2, concurrent_planning);
  tcase_add_test(tc2, program_cache_reuses_builds);
  tcase_add_test(tc2, dump_kernels);
  suite_add_tcase(s, tc2);
  return s;
}
