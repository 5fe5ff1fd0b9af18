/* ppfft on CUDA: a batched forward 1D complex FFT of 1024 x 4096 floats on CUDA device 0, then the
 * backward one scaled by 1/N, which gives the input back.  Exits 77 when there is no CUDA device.
 *
 *   cc example_cuda.c $(pkg-config --cflags --libs ppfft-cuda) -lm && ./a.out
 *
 * The steps are the OpenCL example's: context -> descriptor -> plan -> execute on your own stream. */
#include "ppfft_cuda.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 1024, BATCH = 4096 };
#define COUNT ((size_t)N * BATCH)

static int check(ppfft_status s, const ppfft_context *c, const char *what)
{
  if (s == PPFFT_SUCCESS) return 0;
  fprintf(stderr, "%s failed: %s: %s\n", what, ppfft_status_string(s), ppfft_context_last_error(c));
  return 1;
}

int main(void)
{
  ppfft_context *c;
  ppfft_status s = ppfft_context_create_cuda(0, &c);
  if (s == PPFFT_ERROR_NO_DEVICE) return printf("no CUDA device (%s): nothing to run\n", ppfft_context_last_error(NULL)), 77;
  if (check(s, NULL, "ppfft_context_create_cuda")) return 1;
  size_t n = N;
  ppfft_desc d;
  ppfft_desc_init(&d, 1, &n, BATCH);
  ppfft_plan *fwd = NULL, *bwd = NULL;
  int bad = check(ppfft_plan_create(c, &d, PPFFT_ESTIMATE, &fwd), c, "forward plan");
  d.direction = PPFFT_BACKWARD;
  d.scale = 1.0 / N;
  bad = bad || check(ppfft_plan_create(c, &d, PPFFT_ESTIMATE, &bwd), c, "backward plan");
  float *x = malloc(8 * COUNT), *y = malloc(8 * COUNT);
  void *a = NULL, *b = NULL;
  bad = bad || !x || !y || cudaMalloc(&a, 8 * COUNT) != cudaSuccess || cudaMalloc(&b, 8 * COUNT) != cudaSuccess;
  if (!bad) {
    for (size_t i = 0; i < 2 * COUNT; ++i) x[i] = (float)((i * 7919 % 1000) / 500.0 - 1.0);
    cudaStream_t st;
    bad = cudaStreamCreate(&st) != cudaSuccess || cudaMemcpy(a, x, 8 * COUNT, cudaMemcpyHostToDevice) != cudaSuccess;
    bad = bad || check(ppfft_execute_cuda(fwd, st, a, b), c, "forward") || check(ppfft_execute_cuda(bwd, st, b, a), c, "backward");
    bad = bad || cudaStreamSynchronize(st) != cudaSuccess || cudaMemcpy(y, a, 8 * COUNT, cudaMemcpyDeviceToHost) != cudaSuccess;
    double num = 0, den = 0;
    for (size_t i = 0; !bad && i < 2 * COUNT; ++i) num += (y[i] - x[i]) * (y[i] - x[i]), den += x[i] * x[i];
    if (!bad) printf("forward then backward of %d x %d: relative error %.2g\n", BATCH, N, sqrt(num / den));
    bad = bad || !(sqrt(num / den) < 1e-5);
    cudaStreamDestroy(st);
  }
  cudaFree(a);
  cudaFree(b);
  free(x);
  free(y);
  ppfft_plan_destroy(fwd);
  ppfft_plan_destroy(bwd);
  ppfft_context_destroy(c);
  printf("%s\n", bad ? "FAILED" : "OK");
  return bad;
}
