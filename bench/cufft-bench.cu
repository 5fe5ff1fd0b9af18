/* cufft-bench: the vendor's number for the same problems ppfft-bench times, on the same GPU, the
 * same way: batched complex-to-complex, out-of-place, interleaved, random input of about 256 MiB,
 * CUDA events after warm-up, median of repeats, and the first transforms checked against a direct
 * evaluation of the DFT (a few output points) so that a broken setup cannot report a speed.
 *
 *   cufft-bench [-p f32|f64|f32,f64] [-m MiB] [-r repeats] [--csv FILE] SHAPE...
 *
 * SHAPE is a length or lengths in C order, e.g. 8192 256x256 64x64x64.  Prints one row per shape:
 * GB/s = 2 x bytes / time, GFLOPS = 5 N log2 N x batch / time. */
#include <cuda_runtime.h>
#include <cufft.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct shape {
  int rank;
  int n[3];
  char text[64];
} shape;

static int parse_shape(const char *s, shape *sh)
{
  snprintf(sh->text, sizeof sh->text, "%s", s);
  sh->rank = 0;
  for (const char *q = s;;) {
    char *end;
    long x = strtol(q, &end, 10);
    if (end == q || x <= 0 || sh->rank == 3) return -1;
    sh->n[sh->rank++] = (int)x;
    if (*end == '\0') return 0;
    if (*end != 'x') return -1;
    q = end + 1;
  }
}

static int cmp_float(const void *a, const void *b)
{
  float x = *(const float *)a, y = *(const float *)b;
  return (x > y) - (x < y);
}

#define CUDA_OK(call) (cuda_ok((call), #call))
static int cuda_ok(cudaError_t e, const char *what)
{
  if (e == cudaSuccess) return 1;
  fprintf(stderr, "cufft-bench: %s: %s\n", what, cudaGetErrorString(e));
  return 0;
}

/* Relative error of a few output points of transform 0 against the DFT summed in double. */
static double spot_check(const shape *sh, const double *x, const double *y, long long N)
{
  double num = 0, den = 0;
  for (int t = 0; t < 4; ++t) {
    long long k = (N / 4) * t + t; /* a few flat output indices */
    if (k >= N) k = N - 1;
    int kk[3];
    long long r = k;
    for (int d = sh->rank - 1; d >= 0; --d) kk[d] = (int)(r % sh->n[d]), r /= sh->n[d];
    double re = 0, im = 0;
    for (long long i = 0; i < N; ++i) {
      long long q = i;
      double phase = 0;
      for (int d = sh->rank - 1; d >= 0; --d) {
        int id = (int)(q % sh->n[d]);
        q /= sh->n[d];
        phase += (double)((long long)id * kk[d] % sh->n[d]) / sh->n[d];
      }
      double c = cos(-2 * M_PI * phase), s = sin(-2 * M_PI * phase);
      re += x[2 * i] * c - x[2 * i + 1] * s;
      im += x[2 * i] * s + x[2 * i + 1] * c;
    }
    num += (y[2 * k] - re) * (y[2 * k] - re) + (y[2 * k + 1] - im) * (y[2 * k + 1] - im);
    den += re * re + im * im;
  }
  return sqrt(num / den);
}

static int run(const shape *sh, int f64, size_t mib, int repeats, FILE *csv, const char *device)
{
  long long N = 1;
  for (int d = 0; d < sh->rank; ++d) N *= sh->n[d];
  size_t elem = f64 ? 16 : 8;
  long long batch = (long long)((mib << 20) / (N * elem));
  if (batch < 1) batch = 1;
  size_t bytes = (size_t)(N * batch) * elem;
  size_t reals = 2 * (size_t)(N * batch);
  void *host = malloc(bytes);
  double *x = (double *)malloc(16 * N), *y = (double *)malloc(16 * N);
  if (!host || !x || !y) return fprintf(stderr, "cufft-bench: out of host memory\n"), -1;
  unsigned long long s = 0x9E3779B97F4A7C15ull;
  for (size_t i = 0; i < reals; ++i) {
    s ^= s << 13, s ^= s >> 7, s ^= s << 17;
    double v = (double)(s >> 11) * 0x1.0p-52 - 1.0;
    if (f64) ((double *)host)[i] = v;
    else ((float *)host)[i] = (float)v;
    if (i < (size_t)(2 * N)) x[i] = f64 ? v : (double)(float)v;
  }
  void *in = NULL, *out = NULL;
  cufftHandle plan;
  int ok = CUDA_OK(cudaMalloc(&in, bytes)) && CUDA_OK(cudaMalloc(&out, bytes)) &&
           CUDA_OK(cudaMemcpy(in, host, bytes, cudaMemcpyHostToDevice));
  if (ok && cufftPlanMany(&plan, sh->rank, (int *)sh->n, NULL, 1, (int)N, NULL, 1, (int)N, f64 ? CUFFT_Z2Z : CUFFT_C2C,
                          (int)batch) != CUFFT_SUCCESS) {
    fprintf(stderr, "cufft-bench: cufftPlanMany failed for %s\n", sh->text);
    ok = 0;
  }
  float *ms = (float *)calloc((size_t)repeats, sizeof *ms);
  cudaEvent_t a, b;
  ok = ok && CUDA_OK(cudaEventCreate(&a)) && CUDA_OK(cudaEventCreate(&b));
  for (int r = -3; ok && r < repeats; ++r) { /* three untimed warm-ups */
    cufftResult e;
    ok = CUDA_OK(cudaEventRecord(a));
    if (f64) e = cufftExecZ2Z(plan, (cufftDoubleComplex *)in, (cufftDoubleComplex *)out, CUFFT_FORWARD);
    else e = cufftExecC2C(plan, (cufftComplex *)in, (cufftComplex *)out, CUFFT_FORWARD);
    ok = ok && e == CUFFT_SUCCESS && CUDA_OK(cudaEventRecord(b)) && CUDA_OK(cudaEventSynchronize(b));
    if (ok && r >= 0) CUDA_OK(cudaEventElapsedTime(&ms[r], a, b));
  }
  double err = INFINITY;
  if (ok && CUDA_OK(cudaMemcpy(host, out, elem * (size_t)N, cudaMemcpyDeviceToHost))) {
    for (long long i = 0; i < 2 * N; ++i) y[i] = f64 ? ((double *)host)[i] : ((float *)host)[i];
    err = spot_check(sh, x, y, N);
  }
  if (ok) {
    qsort(ms, (size_t)repeats, sizeof *ms, cmp_float);
    double med = ms[repeats / 2], gbps = 2.0 * (double)bytes / (med * 1e-3) / 1e9;
    double gflops = 5.0 * (double)N * log2((double)N) * (double)batch / (med * 1e-3) / 1e9;
    double bound = (f64 ? 1e-15 : 5e-7) * (N > 2 ? log2((double)N) : 1.0) * 4;
    printf("%-5s %-14s %9lld %10.4f ms %8.1f GB/s %9.1f GFLOPS  err %.2g%s\n", f64 ? "f64" : "f32", sh->text, batch, med, gbps,
           gflops, err, err <= bound ? "" : "  CHECK FAILED");
    if (csv)
      fprintf(csv, "cufft,\"%s\",%s,%s,%lld,%.6f,%.1f,%.1f,%.3g,%s\n", device, f64 ? "f64" : "f32", sh->text, batch, med, gbps, gflops,
              err, err <= bound ? "ok" : "FAILED");
  }
  if (ok) cufftDestroy(plan);
  cudaFree(in);
  cudaFree(out);
  free(ms), free(host), free(x), free(y);
  return ok ? 0 : -1;
}

int main(int argc, char **argv)
{
  int f32 = 1, f64 = 0, repeats = 20;
  size_t mib = 256;
  const char *csv_path = NULL;
  shape shapes[64];
  int nshapes = 0;
  for (int i = 1; i < argc; ++i) {
    if (!strcmp(argv[i], "-p") && i + 1 < argc) {
      ++i;
      f32 = strstr(argv[i], "f32") != NULL;
      f64 = strstr(argv[i], "f64") != NULL;
    } else if (!strcmp(argv[i], "-m") && i + 1 < argc) mib = (size_t)atol(argv[++i]);
    else if (!strcmp(argv[i], "-r") && i + 1 < argc) repeats = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--csv") && i + 1 < argc) csv_path = argv[++i];
    else if (argv[i][0] != '-' && nshapes < 64 && parse_shape(argv[i], &shapes[nshapes]) == 0) ++nshapes;
    else {
      fprintf(stderr, "usage: cufft-bench [-p f32|f64|f32,f64] [-m MiB] [-r repeats] [--csv FILE] SHAPE...\n"
                      "  SHAPE: 8192, 256x256, 64x64x64 (C order)\n");
      return 2;
    }
  }
  if (nshapes == 0 || repeats < 1 || mib == 0 || (!f32 && !f64)) {
    fprintf(stderr, "cufft-bench: give at least one SHAPE (and sensible -p, -m, -r)\n");
    return 2;
  }
  cudaDeviceProp prop;
  int dev = 0, driver = 0, runtime = 0;
  if (!CUDA_OK(cudaGetDevice(&dev)) || !CUDA_OK(cudaGetDeviceProperties(&prop, dev))) return 1;
  cudaDriverGetVersion(&driver);
  cudaRuntimeGetVersion(&runtime);
  int cufft_version = 0;
  cufftGetVersion(&cufft_version);
  printf("cufft-bench: %s, CUDA driver %d, runtime %d, cuFFT %d, %zu MiB per run, median of %d\n", prop.name, driver, runtime,
         cufft_version, mib, repeats);
  FILE *csv = NULL;
  if (csv_path) {
    csv = fopen(csv_path, "w");
    if (!csv) return fprintf(stderr, "cufft-bench: cannot write %s\n", csv_path), 1;
    fprintf(csv, "library,device,precision,shape,batch,ms,GBps,GFLOPS,err,check\n");
  }
  int failed = 0;
  for (int p = 0; p < 2; ++p) {
    if ((p == 0 && !f32) || (p == 1 && !f64)) continue;
    for (int i = 0; i < nshapes; ++i) failed |= run(&shapes[i], p, mib, repeats, csv, prop.name) != 0;
  }
  if (csv) fclose(csv);
  return failed ? 1 : 0;
}
