/* A first ppfft program: a batched forward 1D complex FFT of 8192 x 1024 floats (64 MiB),
 * checked against FFTW, timed, and inverted again.
 *
 *   make examples/example && ./examples/example        (PPFFT_DEVICE=P:D picks another device)
 *
 * The steps: context -> descriptor -> plan -> execute on your own queue -> read back. */
#include "ppfft.h"
#include <fftw3.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 1024, BATCH = 8192, WARMUP = 2, REPEATS = 10 };
#define COUNT ((size_t)N * BATCH) /* complex elements */

/* Every ppfft call returns a status; on failure the context keeps a message saying why. */
static int check(ppfft_status s, const ppfft_context *c, const char *what)
{
  if (s == PPFFT_SUCCESS) return 0;
  fprintf(stderr, "%s failed: %s: %s\n", what, ppfft_status_string(s), ppfft_context_last_error(c));
  return 1;
}

static int check_cl(cl_int e, const char *what)
{
  if (e == CL_SUCCESS) return 0;
  fprintf(stderr, "%s failed: OpenCL error %d\n", what, (int)e);
  return 1;
}

/* ||a - b|| / ||b|| over count interleaved complex values. */
static double rel_error(const float *a, const double *b, size_t count)
{
  double num = 0, den = 0;
  for (size_t i = 0; i < 2 * count; ++i) {
    double d = a[i] - b[i];
    num += d * d;
    den += b[i] * b[i];
  }
  return sqrt(num / den);
}

static int cmp_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(void)
{
  int rc = 1;
  ppfft_context *ctx = NULL;
  ppfft_plan *fwd = NULL, *bwd = NULL;
  cl_command_queue q = NULL;
  cl_mem in = NULL, out = NULL, back = NULL;
  float *x = malloc(COUNT * 2 * sizeof *x), *y = malloc(COUNT * 2 * sizeof *y);
  fftw_complex *ref = fftw_malloc(COUNT * sizeof *ref);
  if (!x || !y || !ref) {
    fprintf(stderr, "out of memory\n");
    goto cleanup;
  }

  /* 1. A context on the default device (the first GPU, else the first device). */
  ppfft_status s = ppfft_context_create_default(&ctx);
  if (s != PPFFT_SUCCESS) {
    fprintf(stderr, "no device: %s: %s\n", ppfft_status_string(s), ppfft_context_last_error(NULL));
    goto cleanup;
  }
  cl_context cl = ppfft_context_cl_context(ctx);
  cl_device_id dev = ppfft_context_cl_device(ctx);
  char name[256] = "";
  clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof name, name, NULL);
  printf("device: %s\nkey:    %s\n", name, ppfft_context_device_key(ctx));

  /* 2. Describe the transform: ppfft_desc_init gives f32, C2C, forward, out-of-place, packed. */
  size_t n = N;
  ppfft_desc desc;
  ppfft_desc_init(&desc, 1, &n, BATCH);

  /* 3. Plan it.  PPFFT_ESTIMATE uses wisdom if imported, else the heuristic: no timing now. */
  if (check(ppfft_plan_create(ctx, &desc, PPFFT_ESTIMATE, &fwd), ctx, "ppfft_plan_create (forward)")) goto cleanup;
  char variant[512];
  if (check(ppfft_plan_describe(fwd, variant, sizeof variant), ctx, "ppfft_plan_describe")) goto cleanup;
  printf("variant: %s\n", variant);

  /* 4. Random input in [-1, 1), and device buffers.  The queue is yours; profiling is only for
   *    the timing below. */
  srand(1);
  for (size_t i = 0; i < 2 * COUNT; ++i) x[i] = 2.0f * (float)rand() / (float)RAND_MAX - 1.0f;
  cl_int e;
  q = clCreateCommandQueue(cl, dev, CL_QUEUE_PROFILING_ENABLE, &e);
  if (check_cl(e, "clCreateCommandQueue")) goto cleanup;
  size_t bytes = COUNT * 2 * sizeof(float);
  in = clCreateBuffer(cl, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes, x, &e);
  if (!check_cl(e, "clCreateBuffer")) out = clCreateBuffer(cl, CL_MEM_READ_WRITE, bytes, NULL, &e);
  if (!check_cl(e, "clCreateBuffer")) back = clCreateBuffer(cl, CL_MEM_READ_WRITE, bytes, NULL, &e);
  if (check_cl(e, "clCreateBuffer")) goto cleanup;

  /* 5. Execute.  It only enqueues; the blocking read waits for it (the queue is in order). */
  if (check(ppfft_execute(fwd, q, in, out, 0, NULL, NULL), ctx, "ppfft_execute (forward)")) goto cleanup;
  if (check_cl(clEnqueueReadBuffer(q, out, CL_TRUE, 0, bytes, y, 0, NULL, NULL), "clEnqueueReadBuffer")) goto cleanup;

  /* 6. Compare with FFTW in double precision, on the very same (float) input. */
  for (size_t i = 0; i < COUNT; ++i) {
    ref[i][0] = x[2 * i];
    ref[i][1] = x[2 * i + 1];
  }
  int len = N;
  fftw_plan fp = fftw_plan_many_dft(1, &len, BATCH, ref, NULL, 1, N, ref, NULL, 1, N, FFTW_FORWARD, FFTW_ESTIMATE);
  fftw_execute(fp);
  fftw_destroy_plan(fp);
  double bound = 5e-7 * log2((double)N);
  double err = rel_error(y, (const double *)ref, COUNT);
  printf("forward error:    %.3e (bound %.3e)\n", err, bound);

  /* 7. Time it: the `done` event of each execute carries the device's start and end times. */
  double ms[REPEATS];
  for (int i = 0; i < WARMUP + REPEATS; ++i) {
    cl_event done;
    if (check(ppfft_execute(fwd, q, in, out, 0, NULL, &done), ctx, "ppfft_execute (timing)")) goto cleanup;
    cl_ulong t0 = 0, t1 = 0;
    e = clWaitForEvents(1, &done);
    clGetEventProfilingInfo(done, CL_PROFILING_COMMAND_START, sizeof t0, &t0, NULL);
    clGetEventProfilingInfo(done, CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL);
    clReleaseEvent(done); /* the caller owns `done` */
    if (check_cl(e, "clWaitForEvents")) goto cleanup;
    if (i >= WARMUP) ms[i - WARMUP] = (double)(t1 - t0) * 1e-6;
  }
  qsort(ms, REPEATS, sizeof ms[0], cmp_double);
  double t = 0.5 * (ms[REPEATS / 2 - 1] + ms[REPEATS / 2]) * 1e-3; /* median, seconds */
  printf("time:             %.3f ms, %.2f GB/s, %.2f GFLOPS\n", t * 1e3, 2.0 * (double)bytes / t / 1e9,
         5.0 * N * log2((double)N) * BATCH / t / 1e9);

  /* 8. The inverse: a backward plan on the forward result.  Backward is unnormalised (as in
   *    FFTW), so we divide by N here; desc.scale = 1.0 / N would let the kernel do it instead. */
  desc.direction = PPFFT_BACKWARD;
  if (check(ppfft_plan_create(ctx, &desc, PPFFT_ESTIMATE, &bwd), ctx, "ppfft_plan_create (backward)")) goto cleanup;
  if (check(ppfft_execute(bwd, q, out, back, 0, NULL, NULL), ctx, "ppfft_execute (backward)")) goto cleanup;
  if (check_cl(clEnqueueReadBuffer(q, back, CL_TRUE, 0, bytes, y, 0, NULL, NULL), "clEnqueueReadBuffer")) goto cleanup;
  for (size_t i = 0; i < COUNT; ++i) {
    ref[i][0] = x[2 * i];
    ref[i][1] = x[2 * i + 1];
  }
  for (size_t i = 0; i < 2 * COUNT; ++i) y[i] /= N;
  double rt_err = rel_error(y, (const double *)ref, COUNT);
  printf("round-trip error: %.3e (bound %.3e)\n", rt_err, 2 * bound);

  rc = err <= bound && rt_err <= 2 * bound ? 0 : 1;
  printf("%s\n", rc == 0 ? "OK" : "FAILED: error above the bound");

cleanup: /* plans before their context; release(NULL) is not allowed in OpenCL, so test first */
  ppfft_plan_destroy(fwd);
  ppfft_plan_destroy(bwd);
  if (in) clReleaseMemObject(in);
  if (out) clReleaseMemObject(out);
  if (back) clReleaseMemObject(back);
  if (q) clReleaseCommandQueue(q);
  ppfft_context_destroy(ctx);
  fftw_free(ref);
  free(x);
  free(y);
  fftw_cleanup();
  return rc;
}
