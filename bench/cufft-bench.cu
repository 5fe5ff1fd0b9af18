/* cufft-bench: the vendor's number for the same problems ppfft-bench times, on the same GPU, the
 * same way (bench/peer.h, shared with the other peers): batched complex-to-complex forward
 * transforms, out-of-place, interleaved, random input of about 256 MiB, CUDA events around each run
 * (back to back behind an untimed run: --window, peer.h) after 3 warm-ups, median of repeats, and
 * the first transforms checked against FFTW in double so that a broken setup cannot report a speed.
 *
 *   cufft-bench [-p f32|f64|f16|LIST] [-m MiB] [-r repeats] [--kind c2c|r2c|c2r] [--window b2b|alone]
 *               [--csv FILE] SHAPE...
 *
 * SHAPE is a length or lengths in C order, e.g. 8192 256x256 64x64x64.  f16 (half2 data,
 * cufftXtMakePlanMany with CUDA_C_16F) takes power-of-two lengths only, as cuFFT does; other shapes
 * give a FAILED row.  --kind r2c and c2r (peer.h) plan CUFFT_R2C / CUFFT_C2R (f64: CUFFT_D2Z /
 * CUFFT_Z2D) with the same cufftPlanMany call, packed (real rows of n, complex rows of n/2+1: the
 * basic layout inembed/onembed NULL gives), executed with cufftExecR2C/C2R (D2Z/Z2D); f16 real
 * transforms are not benchmarked (a FAILED row).  Prints one row per (precision, shape): GB/s = 2 x bytes / time, GFLOPS =
 * 5 N log2 N x batch / time (peer.h: in + out bytes and 2.5 N log2 N for the real kinds).  A size cuFFT refuses gives a FAILED row with cuFFT's status and the
 * run goes on; the exit status is nonzero only when the setup (device, CSV file) fails.
 *
 * cuFFT is set up as its documentation (docs.nvidia.com/cuda/cufft: "Advanced Data Layout",
 * cufftPlanMany, cufftXtMakePlanMany) sets up batched transforms, and as VkFFT's cuFFT benchmark
 * scripts do (a batched plan, cufftPlan1d with its batch there): one plan per size, cufftPlanMany
 * with packed layouts (inembed/onembed NULL: stride 1, distance N) and the batch as its batch
 * argument, or for f16 cufftCreate + cufftXtMakePlanMany with CUDA_C_16F; made once, its work area
 * allocated by cuFFT at plan time, and executed again and again on the default stream.  The CSV's
 * config column says so, with the timing window (--window, peer.h): "planmany+plan-once+b2b"
 * ("xtmakeplanmany+..." for f16). */
#include "peer.h"
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <cufft.h>
#include <cufftXt.h>
#include <limits.h>

static const char *cufft_result_name(cufftResult r)
{
  switch (r) {
  case CUFFT_SUCCESS: return "CUFFT_SUCCESS";
  case CUFFT_INVALID_PLAN: return "CUFFT_INVALID_PLAN";
  case CUFFT_ALLOC_FAILED: return "CUFFT_ALLOC_FAILED";
  case CUFFT_INVALID_TYPE: return "CUFFT_INVALID_TYPE";
  case CUFFT_INVALID_VALUE: return "CUFFT_INVALID_VALUE";
  case CUFFT_INTERNAL_ERROR: return "CUFFT_INTERNAL_ERROR";
  case CUFFT_EXEC_FAILED: return "CUFFT_EXEC_FAILED";
  case CUFFT_SETUP_FAILED: return "CUFFT_SETUP_FAILED";
  case CUFFT_INVALID_SIZE: return "CUFFT_INVALID_SIZE";
  case CUFFT_INVALID_DEVICE: return "CUFFT_INVALID_DEVICE";
  case CUFFT_NO_WORKSPACE: return "CUFFT_NO_WORKSPACE";
  case CUFFT_NOT_IMPLEMENTED: return "CUFFT_NOT_IMPLEMENTED";
  case CUFFT_NOT_SUPPORTED: return "CUFFT_NOT_SUPPORTED";
  default: return "cufftResult";
  }
}


static int cuda_ok(char *why, size_t len, const char *what, cudaError_t e)
{
  return e == cudaSuccess || peer_failed(why, len, what, (int)e, cudaGetErrorName(e));
}

static int cufft_ok(char *why, size_t len, const char *what, cufftResult r)
{
  return r == CUFFT_SUCCESS || peer_failed(why, len, what, (int)r, cufft_result_name(r));
}
#define CUDA_OK(what, e) cuda_ok(why, sizeof why, what, (e))
#define CUFFT_OK(what, r) cufft_ok(why, sizeof why, what, (r))

static cufftResult execute(cufftHandle plan, int prec, int kind, void *in, void *out)
{
  if (kind == BENCH_R2C)
    return prec == BENCH_F64 ? cufftExecD2Z(plan, (cufftDoubleReal *)in, (cufftDoubleComplex *)out)
                             : cufftExecR2C(plan, (cufftReal *)in, (cufftComplex *)out);
  if (kind == BENCH_C2R)
    return prec == BENCH_F64 ? cufftExecZ2D(plan, (cufftDoubleComplex *)in, (cufftDoubleReal *)out)
                             : cufftExecC2R(plan, (cufftComplex *)in, (cufftReal *)out);
  if (prec == BENCH_F64) return cufftExecZ2Z(plan, (cufftDoubleComplex *)in, (cufftDoubleComplex *)out, CUFFT_FORWARD);
  if (prec == BENCH_F16) return cufftXtExec(plan, in, out, CUFFT_FORWARD);
  return cufftExecC2C(plan, (cufftComplex *)in, (cufftComplex *)out, CUFFT_FORWARD);
}

/* The f16 input of reals values: one seed for every shape, so shapes of as many values (every shape
 * at -m 256) draw the same ones; drawn once and kept (drawing 2^27 took about a second a shape). */
static const __half *f16_input(size_t reals)
{
  static __half *kept;
  static size_t kept_reals;
  if (kept && kept_reals == reals) return kept;
  free(kept);
  kept = (__half *)malloc(reals * sizeof *kept);
  kept_reals = kept ? reals : 0;
  unsigned long long s = 0x9E3779B97F4A7C15ull;
  for (size_t i = 0; kept && i < reals; ++i) {
    __half h = __float2half_rn((float)bench_random(&s));
    while (__half2float(h) == 0.0f) h = __float2half_rn((float)bench_random(&s)); /* |v| < 2^-25 rounds to 0 */
    kept[i] = h;
  }
  return kept;
}

static void run(const bench_shape *sh, int prec, const peer_options *o, FILE *csv, const char *device, peer_tally *tally)
{
  int kind = o->kind;
  long long batch = peer_batch(sh, kind, prec, o->mib), count = peer_check_count(sh, batch);
  size_t bytes = bench_side_bytes(sh, kind, prec, 0) * (size_t)batch, out_bytes = bench_side_bytes(sh, kind, prec, 1) * (size_t)batch;
  size_t back_bytes = bench_side_bytes(sh, kind, prec, 1) * (size_t)count, reals = 2 * (size_t)(sh->N * batch);
  char why[256] = "";
  double err = NAN, *ms = (double *)calloc((size_t)o->repeats, sizeof *ms);
  void *host = malloc(bytes), *back = malloc(back_bytes);
  void *in = NULL, *out = NULL;
  cufftHandle plan;
  int have_plan = 0;
  cudaEvent_t a = NULL, b = NULL;
  char config[64] = "";
  bench_config_add(config, sizeof config, prec == BENCH_F16 ? "xtmakeplanmany" : "planmany");
  bench_config_add(config, sizeof config, "plan-once");
  bench_config_add(config, sizeof config, peer_window_name(o->window));
  int ok = 1;
  if (prec == BENCH_F16 && kind != BENCH_C2C) ok = peer_failed(why, sizeof why, "cuFFT f16", 0, "real transforms not benchmarked");
  if (ok && prec == BENCH_F16 && !bench_is_pow2(sh)) ok = peer_failed(why, sizeof why, "cuFFT f16", 0, "needs power-of-two lengths");
  if (ok && batch > INT_MAX) ok = peer_failed(why, sizeof why, "batch", 0, "more than cuFFT's int takes");
  if (ok && (!ms || !host || !back)) ok = peer_failed(why, sizeof why, "malloc", 0, "out of host memory");
  if (ok) {
    if (prec != BENCH_F16) bench_fill_input(host, prec, sh, kind, batch);
    const __half *f16 = prec == BENCH_F16 ? f16_input(reals) : NULL;
    if (f16) memcpy(host, f16, reals * sizeof *f16);
    else if (prec == BENCH_F16) ok = peer_failed(why, sizeof why, "malloc", 0, "out of host memory");
    ok = CUDA_OK("cudaMalloc", cudaMalloc(&in, bytes)) && CUDA_OK("cudaMalloc", cudaMalloc(&out, out_bytes)) &&
         CUDA_OK("cudaMemcpy", cudaMemcpy(in, host, bytes, cudaMemcpyHostToDevice));
  }
  if (ok && prec != BENCH_F16) {
    int f64 = prec == BENCH_F64, nr = (int)sh->N, nc = (int)bench_complex_count(sh, kind);
    cufftType type = kind == BENCH_R2C ? (f64 ? CUFFT_D2Z : CUFFT_R2C) : kind == BENCH_C2R ? (f64 ? CUFFT_Z2D : CUFFT_C2R) : f64 ? CUFFT_Z2Z : CUFFT_C2C;
    ok = have_plan = CUFFT_OK("cufftPlanMany", cufftPlanMany(&plan, sh->rank, (int *)sh->n, NULL, 1, kind == BENCH_R2C ? nr : nc, NULL, 1,
                                                             kind == BENCH_C2R ? nr : nc, type, (int)batch));
  } else if (ok) {
    long long n[3] = {sh->n[0], sh->rank > 1 ? sh->n[1] : 1, sh->rank > 2 ? sh->n[2] : 1};
    size_t work = 0;
    ok = have_plan = CUFFT_OK("cufftCreate", cufftCreate(&plan));
    ok = ok && CUFFT_OK("cufftXtMakePlanMany", cufftXtMakePlanMany(plan, sh->rank, n, NULL, 1, sh->N, CUDA_C_16F, NULL, 1, sh->N, CUDA_C_16F,
                                                                   batch, &work, CUDA_C_16F));
  }
  /* the check: one transform of the uploaded input, read back and compared with FFTW */
  if (ok)
    ok = CUFFT_OK("cufftExec", execute(plan, prec, kind, in, out)) && CUDA_OK("cudaDeviceSynchronize", cudaDeviceSynchronize()) &&
         CUDA_OK("cudaMemcpy", cudaMemcpy(back, out, back_bytes, cudaMemcpyDeviceToHost));
  if (ok) err = peer_check(sh, prec, kind, count, host, back);
  ok = ok && CUDA_OK("cudaEventCreate", cudaEventCreate(&a)) && CUDA_OK("cudaEventCreate", cudaEventCreate(&b));
  for (int r = -PEER_WARMUPS; ok && r < o->repeats; ++r) { /* untimed warm-ups first */
    float t = 0;
    if (o->window == PEER_WINDOW_B2B) /* the untimed run the timed one follows (--window, peer.h) */
      ok = CUFFT_OK("cufftExec", execute(plan, prec, kind, in, out));
    ok = ok && CUDA_OK("cudaEventRecord", cudaEventRecord(a)) && CUFFT_OK("cufftExec", execute(plan, prec, kind, in, out)) &&
         CUDA_OK("cudaEventRecord", cudaEventRecord(b)) && CUDA_OK("cudaEventSynchronize", cudaEventSynchronize(b)) &&
         CUDA_OK("cudaEventElapsedTime", cudaEventElapsedTime(&t, a, b));
    if (ok && r >= 0) ms[r] = t;
  }
  if (ok) peer_row(tally, csv, "cufft", device, prec, kind, sh, batch, bench_median(ms, (size_t)o->repeats), err, NULL, config);
  else peer_row(tally, csv, "cufft", device, prec, kind, sh, batch, NAN, NAN, why, config);
  if (have_plan) cufftDestroy(plan);
  if (a) cudaEventDestroy(a);
  if (b) cudaEventDestroy(b);
  cudaFree(in);
  cudaFree(out);
  cudaGetLastError(); /* a failed row leaves nothing behind for the next */
  free(ms), free(host), free(back);
}

int main(int argc, char **argv)
{
  const char *prog = "cufft-bench";
  peer_options o;
  int s = peer_parse_args(argc, argv, prog, PEER_ALLOW_F16 | PEER_ALLOW_WINDOW | PEER_ALLOW_KIND, 256, &o);
  if (s) return s < 0 ? 0 : s;
  cudaDeviceProp prop;
  int dev = 0, driver = 0, runtime = 0, cufft_version = 0;
  cudaError_t e = cudaGetDevice(&dev);
  if (e == cudaSuccess) e = cudaGetDeviceProperties(&prop, dev);
  if (e != cudaSuccess) return fprintf(stderr, "%s: no CUDA device: %s\n", prog, cudaGetErrorString(e)), 1;
  cudaDriverGetVersion(&driver);
  cudaRuntimeGetVersion(&runtime);
  cufftGetVersion(&cufft_version);
  char library[128];
  snprintf(library, sizeof library, "cuFFT %d (CUDA driver %d, runtime %d)", cufft_version, driver, runtime);
  FILE *csv = NULL;
  if (o.csv_path && !(csv = peer_csv_open(prog, o.csv_path))) return 1;
  peer_print_header(prog, library, prop.name, &o,
                    o.window == PEER_WINDOW_B2B ? "CUDA events around cufftExec, runs back to back" : "CUDA events around cufftExec, runs alone");
  peer_tally tally;
  memset(&tally, 0, sizeof tally);
  for (int p = 0; p < BENCH_NPREC; ++p)
    for (int i = 0; o.prec[p] && i < o.nshapes; ++i) run(&o.shapes[i], p, &o, csv, prop.name, &tally);
  int status = peer_summary(prog, &tally);
  if (csv) fclose(csv);
  return status;
}
