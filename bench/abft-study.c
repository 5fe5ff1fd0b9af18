/* abft-study: the measurements of issue 14's study for ppfft's fault tolerance (PPFFT_ABFT), on
 * the default OpenCL device (PPFFT_DEVICE=P:D picks another) or, built with -DABFT_STUDY_CUDA
 * (bench/abft-study-cuda), on CUDA device 0.  Two subcommands, CSV on stdout (or --csv FILE),
 * progress on stderr; bench/abft-plot.py draws the CSVs, bench/abft-run.sh runs everything.
 *
 *   abft-study roc [-p f32,f64] [-n 64,1024,4096] [--signals 2000] [--faulty 1000] [--batch 1] [--seed S]
 *                  [--deltas 1e-9:1e-1:25] [--deltas64 1e-17:1e-1:33] [--bit B] [--stage S] [--pass P] [--signals-csv FILE] [--csv FILE]
 *   abft-study overhead [-p f32,f64] [--log2 4:24] [--mib 256] [--repeats 20] [--inject-per-minute 300]
 *                  [--inject-seconds 2] [--seed S] [--csv FILE]
 *
 * roc: TurboFFT's experiment (Wu et al. 2024, II-A and V-C1).  For each precision and N, --signals
 * random signals (complex, real and imaginary parts drawn from N(0, 1) as in the seed, by a
 * xorshift generator seeded with --seed), of which --faulty, chosen at random, get one bit flipped.
 * Every signal is transformed alone by a batch-1 plan made with PPFFT_ABFT (the default scheme,
 * ABFT2), so that the plan's counters (ppfft_plan_abft_stats) speak of that signal only (or, with
 * --batch B, among B - 1 unit impulses whose checks cannot fail: roc_one says how): the fault
 * is injected with ppfft_plan_inject_faults at rate 1 (every execution is hit), its bit drawn here
 * (uniform over the 32 or 64 bits of the value, so that it can be recorded) and its pass, stage,
 * element drawn by the library (-1) from a seed that is a hash of (--seed, precision, N, signal).
 * Calling ppfft_plan_inject_faults again with the same spec replays the same fault (the header's
 * "the same seed, the same faults"), which is how each signal is run once per threshold; the
 * program checks that the replays agree (runs without a detection must give the very same output)
 * and counts those that do not.
 *   For each signal:
 *     1. clean:  threshold 1e30 (no check can fail on finite data), no injection: the clean output.
 *     2. faulty signals: threshold 1e30 with the fault: the faulty output, uncorrected.  Its change
 *        ||faulty - clean||_2 / ||clean||_2 against the library's test bound (5e-7 log2 N for f32,
 *        1e-15 log2 N for f64: bench_bound) says whether the flip mattered ("beyond the bound").  A
 *        flip that makes a checksum NaN or infinite is detected even at 1e30 (the kernels fail a
 *        check that is not a number); such a flip is counted as beyond the bound (the output it
 *        would give is not a number or is huge), with `nonfinite` counted apart.
 *     3. for every threshold delta of the sweep (--deltas LO:HI:K for f32, --deltas64 for f64, K
 *        values log-spaced; f64's reaches down to 1e-17, below its rounding, so that its curve shows
 *        where false alarms start) and the default (ppfft_abft_default_threshold): the same run (with the same fault for a faulty
 *        signal) with the counters reset first.  Detected: stats.detected > 0.  For a faulty
 *        signal that is a detection, for a clean one a false alarm.  The output is compared with
 *        the clean one again: `ok_after` counts outputs within the bound after ABFT2's correction.
 *   Rows (one per precision, N, delta): detection rate over all flips, over the flips beyond the
 *   bound, false-alarm rate over the clean signals, and the counts.  --signals-csv writes one row
 *   per signal (bit, relative change, detected and ok at the default threshold).
 *
 * overhead: for N = 2^a..2^b (--log2 a:b), a batched 1D complex forward out-of-place transform
 * of batch = MiB x 2^20 / (N x element bytes) (at least 1) on the benchmarks' random data
 * (bench_fill), timed for five schemes: plain (ppfft_plan_create with flags 0, no ABFT), ABFT2
 * (PPFFT_ABFT), ABFT1 (ABFT2's plan string with every ABFT2 knob replaced by ABFT1, through
 * ppfft_plan_create_variant; a size where that fails is a row saying why), ABFT3 (likewise, and
 * VAVM made VASM: the thread-level scheme checks scalar butterflies), and ABFT2+inject: the
 * ABFT2 plan with faults injected at --inject-per-minute faults per minute of device time, i.e. a
 * rate per call of per_minute x ms_per_call / 60000 (ms_per_call: ABFT2's median; clamped to 1).
 * Timing as bench/peer.h's b2b window: 3 warm-ups, then per timed run an untimed execution and
 * the timed one right behind it (OpenCL: a marker before it, the window from the marker's end to
 * the end of the transform's event, by event profiling; CUDA: cudaEvents around
 * ppfft_execute_cuda), median of --repeats (and the mean).  The injected scheme runs at least
 * --inject-seconds of timed executions (so that at hundreds of faults a minute some calls are hit;
 * the median hides rare hits, the mean shows them).  GB/s = 2 x bytes / time; overhead = ms /
 * plain ms - 1.  ABFT rows carry the counters over the timed executions (the untimed b2b partners
 * included: `calls`), and diff_vs_plain, the relative L2 difference of the whole output from the
 * plain plan's (for ABFT2+inject: of one more execution with one fault injected at rate 1, whose
 * counters are check_run, "detected/corrected/uncorrectable"), a check that protection and
 * correction leave the result alone. */
#include "bench_common.h"
#include "ppfft.h"
#ifdef ABFT_STUDY_CUDA
#include "ppfft_cuda.h"
#include <cuda_runtime_api.h>
#endif
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PROG "abft-study"
enum { WARMUPS = 3, STATUS_MAX = 300 };
static const double NO_CHECK = 1e30; /* a threshold no finite check exceeds */

/* ---- small helpers ---- */

/* printf into a malloc'd string (never truncated); NULL when out of memory. */
static char *str_printf(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0) return NULL;
  char *s = malloc((size_t)n + 1);
  if (!s) return NULL;
  va_start(ap, fmt);
  vsnprintf(s, (size_t)n + 1, fmt, ap);
  va_end(ap);
  return s;
}

/* A status for the CSV: the message on one line, cut (with "...") past STATUS_MAX characters, as
 * build logs can be long.  Malloc'd. */
static char *status_text(const char *what, const char *msg)
{
  char *s = str_printf("FAILED: %s: %s", what, msg ? msg : "");
  if (!s) return NULL;
  for (char *c = s; *c; ++c)
    if (*c == '\n' || *c == '\r' || *c == '\t') *c = ' ';
  if (strlen(s) > STATUS_MAX) strcpy(s + STATUS_MAX - 3, "...");
  return s;
}

static uint64_t splitmix64(uint64_t x)
{
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

/* xorshift64 (bench_common.h's generator) as uniform in (0, 1). */
static double uniform01(unsigned long long *s)
{
  for (;;) {
    double u = 0.5 * (bench_random(s) + 1.0);
    if (u > 0 && u < 1) return u;
  }
}

/* A standard normal value (Box-Muller). */
static double normal01(unsigned long long *s)
{
  double u = uniform01(s), v = uniform01(s);
  return sqrt(-2.0 * log(u)) * cos(6.283185307179586 * v);
}

/* Relative L2 distance of a from b (2 n reals each, f32 or f64); infinite if a is not finite. */
static double rel_diff(const void *a, const void *b, size_t reals, int f64)
{
  long double num = 0, den = 0;
  for (size_t i = 0; i < reals; ++i) {
    double x = f64 ? ((const double *)a)[i] : (double)((const float *)a)[i];
    double y = f64 ? ((const double *)b)[i] : (double)((const float *)b)[i];
    long double d = (long double)x - y;
    num += d * d;
    den += (long double)y * y;
  }
  double r = den > 0 ? (double)sqrtl(num / den) : (double)sqrtl(num);
  return isfinite(r) ? r : INFINITY;
}

/* The plan's description, malloc'd (grown until it fits); NULL on failure. */
static char *plan_string(const ppfft_plan *p)
{
  for (size_t len = 256; len <= ((size_t)1 << 24); len *= 2) {
    char *buf = malloc(len);
    if (!buf) return NULL;
    if (ppfft_plan_describe(p, buf, len) == PPFFT_SUCCESS) return buf;
    free(buf);
  }
  return NULL;
}

/* The plan string proper: the description without its notes (" (temporary buffer: ...)", " (from
 * wisdom: ...)"), malloc'd. */
static char *plan_string_bare(const char *described)
{
  const char *note = strstr(described, " (");
  size_t n = note ? (size_t)(note - described) : strlen(described);
  char *s = malloc(n + 1);
  if (s) memcpy(s, described, n), s[n] = '\0';
  return s;
}

/* s with every `from` replaced by `to` (same length), malloc'd; *count gets the replacements. */
static char *replace_all(const char *s, const char *from, const char *to, int *count)
{
  char *r = strdup(s);
  *count = 0;
  if (!r) return NULL;
  size_t k = strlen(from);
  for (char *c = strstr(r, from); c; c = strstr(c + k, from)) memcpy(c, to, k), ++*count;
  return r;
}

static void csv_str(FILE *f, const char *s) { bench_csv_field(f, s ? s : ""); }

/* ---- the device: OpenCL or CUDA, behind the same few calls ---- */

typedef struct dev {
  ppfft_context *ctx;
  char *name, *driver; /* malloc'd */
  const char *backend; /* "opencl" or "cuda" */
#ifdef ABFT_STUDY_CUDA
  cudaEvent_t a, b;
#else
  cl_command_queue q;
#endif
} dev;

typedef struct dbuf {
#ifdef ABFT_STUDY_CUDA
  void *p;
#else
  cl_mem m;
#endif
} dbuf;

#ifdef ABFT_STUDY_CUDA

static int cuda_fail(const char *what, cudaError_t e)
{
  fprintf(stderr, PROG ": %s: %s (%s)\n", what, cudaGetErrorString(e), cudaGetErrorName(e));
  cudaGetLastError();
  return -1;
}
#define CUDA_TRY(what, call)                              \
  do {                                                    \
    cudaError_t e_ = (call);                              \
    if (e_ != cudaSuccess) return cuda_fail(what, e_);    \
  } while (0)

static int dev_open(dev *d)
{
  memset(d, 0, sizeof *d);
  d->backend = "cuda";
  if (ppfft_context_create_cuda(0, &d->ctx) != PPFFT_SUCCESS) {
    fprintf(stderr, PROG ": no CUDA context: %s\n", ppfft_context_last_error(NULL));
    return -1;
  }
  struct cudaDeviceProp prop;
  int drv = 0, rt = 0;
  CUDA_TRY("cudaGetDeviceProperties", cudaGetDeviceProperties(&prop, 0));
  cudaDriverGetVersion(&drv);
  cudaRuntimeGetVersion(&rt);
  d->name = strdup(prop.name);
  d->driver = str_printf("CUDA driver %d, runtime %d", drv, rt);
  CUDA_TRY("cudaEventCreate", cudaEventCreate(&d->a));
  CUDA_TRY("cudaEventCreate", cudaEventCreate(&d->b));
  return d->name && d->driver ? 0 : -1;
}

static void dev_close(dev *d)
{
  if (d->a) cudaEventDestroy(d->a);
  if (d->b) cudaEventDestroy(d->b);
  ppfft_context_destroy(d->ctx);
  free(d->name), free(d->driver);
}

static int buf_alloc(dev *d, dbuf *b, size_t bytes)
{
  (void)d;
  b->p = NULL;
  CUDA_TRY("cudaMalloc", cudaMalloc(&b->p, bytes));
  return 0;
}

static void buf_free(dbuf *b)
{
  if (b->p) cudaFree(b->p);
  b->p = NULL;
}

static int buf_write_at(dev *d, dbuf *b, size_t offset, const void *host, size_t bytes)
{
  (void)d;
  CUDA_TRY("cudaMemcpy", cudaMemcpy((char *)b->p + offset, host, bytes, cudaMemcpyHostToDevice));
  return 0;
}

static int buf_read_at(dev *d, const dbuf *b, size_t offset, void *host, size_t bytes)
{
  (void)d;
  CUDA_TRY("cudaMemcpy", cudaMemcpy(host, (const char *)b->p + offset, bytes, cudaMemcpyDeviceToHost));
  return 0;
}

/* Enqueues one execution of p (in -> out). */
static int dev_exec(dev *d, ppfft_plan *p, dbuf *in, dbuf *out)
{
  ppfft_status s = ppfft_execute_cuda(p, 0, in->p, out->p);
  if (s == PPFFT_SUCCESS) return 0;
  fprintf(stderr, PROG ": ppfft_execute_cuda: %s: %s\n", ppfft_status_string(s), ppfft_context_last_error(d->ctx));
  return -1;
}

static int dev_finish(dev *d)
{
  (void)d;
  CUDA_TRY("cudaDeviceSynchronize", cudaDeviceSynchronize());
  return 0;
}

/* One timed run in the b2b window: an untimed execution, then events around the timed one. */
static int dev_time(dev *d, ppfft_plan *p, dbuf *in, dbuf *out, double *ms)
{
  float t = 0;
  if (dev_exec(d, p, in, out)) return -1;
  CUDA_TRY("cudaEventRecord", cudaEventRecord(d->a, 0));
  if (dev_exec(d, p, in, out)) return -1;
  CUDA_TRY("cudaEventRecord", cudaEventRecord(d->b, 0));
  CUDA_TRY("cudaEventSynchronize", cudaEventSynchronize(d->b));
  CUDA_TRY("cudaEventElapsedTime", cudaEventElapsedTime(&t, d->a, d->b));
  *ms = t;
  return 0;
}

#else /* OpenCL */

static int cl_fail(const char *what, cl_int e)
{
  fprintf(stderr, PROG ": %s failed: OpenCL error %d\n", what, (int)e);
  return -1;
}
#define CL_TRY(what, call)                            \
  do {                                                \
    cl_int e_ = (call);                               \
    if (e_ != CL_SUCCESS) return cl_fail(what, e_);   \
  } while (0)

/* A device string parameter, malloc'd. */
static char *device_string(cl_device_id dv, cl_device_info what)
{
  size_t n = 0;
  if (clGetDeviceInfo(dv, what, 0, NULL, &n) != CL_SUCCESS) return strdup("?");
  char *s = malloc(n + 1);
  if (s && clGetDeviceInfo(dv, what, n, s, NULL) != CL_SUCCESS) strcpy(s, "?");
  if (s) s[n] = '\0';
  return s;
}

static int dev_open(dev *d)
{
  memset(d, 0, sizeof *d);
  d->backend = "opencl";
  if (ppfft_context_create_default(&d->ctx) != PPFFT_SUCCESS) {
    fprintf(stderr, PROG ": no OpenCL context: %s\n", ppfft_context_last_error(NULL));
    return -1;
  }
  cl_device_id dv = ppfft_context_cl_device(d->ctx);
  d->name = device_string(dv, CL_DEVICE_NAME);
  d->driver = device_string(dv, CL_DRIVER_VERSION);
  cl_int e;
  d->q = clCreateCommandQueue(ppfft_context_cl_context(d->ctx), dv, CL_QUEUE_PROFILING_ENABLE, &e);
  if (!d->q) return cl_fail("clCreateCommandQueue", e);
  return d->name && d->driver ? 0 : -1;
}

static void dev_close(dev *d)
{
  if (d->q) clReleaseCommandQueue(d->q);
  ppfft_context_destroy(d->ctx);
  free(d->name), free(d->driver);
}

static int buf_alloc(dev *d, dbuf *b, size_t bytes)
{
  cl_int e;
  b->m = clCreateBuffer(ppfft_context_cl_context(d->ctx), CL_MEM_READ_WRITE, bytes, NULL, &e);
  return b->m ? 0 : cl_fail("clCreateBuffer", e);
}

static void buf_free(dbuf *b)
{
  if (b->m) clReleaseMemObject(b->m);
  b->m = NULL;
}

static int buf_write_at(dev *d, dbuf *b, size_t offset, const void *host, size_t bytes)
{
  CL_TRY("clEnqueueWriteBuffer", clEnqueueWriteBuffer(d->q, b->m, CL_TRUE, offset, bytes, host, 0, NULL, NULL));
  return 0;
}

static int buf_read_at(dev *d, const dbuf *b, size_t offset, void *host, size_t bytes)
{
  CL_TRY("clEnqueueReadBuffer", clEnqueueReadBuffer(d->q, b->m, CL_TRUE, offset, bytes, host, 0, NULL, NULL));
  return 0;
}

static int exec_ev(dev *d, ppfft_plan *p, dbuf *in, dbuf *out, cl_uint nwait, const cl_event *wait, cl_event *done)
{
  ppfft_status s = ppfft_execute(p, d->q, in->m, out->m, nwait, wait, done);
  if (s == PPFFT_SUCCESS) return 0;
  fprintf(stderr, PROG ": ppfft_execute: %s: %s\n", ppfft_status_string(s), ppfft_context_last_error(d->ctx));
  return -1;
}

/* Enqueues one execution of p (in -> out). */
static int dev_exec(dev *d, ppfft_plan *p, dbuf *in, dbuf *out) { return exec_ev(d, p, in, out, 0, NULL, NULL); }

static int dev_finish(dev *d)
{
  CL_TRY("clFinish", clFinish(d->q));
  return 0;
}

/* One timed run in the b2b window (peer_cl.h): an untimed execution, a marker, the timed one; the
 * window runs from the marker's end to the end of the transform's event (every pass). */
static int dev_time(dev *d, ppfft_plan *p, dbuf *in, dbuf *out, double *ms)
{
  cl_event start = NULL, done = NULL;
  cl_ulong t0 = 0, t1 = 0;
  int r = dev_exec(d, p, in, out);
  if (r == 0) {
    cl_int e = clEnqueueMarkerWithWaitList(d->q, 0, NULL, &start);
    r = e == CL_SUCCESS ? 0 : cl_fail("clEnqueueMarkerWithWaitList", e);
  }
  if (r == 0) r = exec_ev(d, p, in, out, 0, NULL, &done);
  if (r == 0) {
    cl_int e = clWaitForEvents(1, &done);
    if (e == CL_SUCCESS) e = clGetEventProfilingInfo(start, CL_PROFILING_COMMAND_END, sizeof t0, &t0, NULL);
    if (e == CL_SUCCESS) e = clGetEventProfilingInfo(done, CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL);
    r = e == CL_SUCCESS ? 0 : cl_fail("clGetEventProfilingInfo", e);
  }
  if (start) clReleaseEvent(start);
  if (done) clReleaseEvent(done);
  *ms = ((double)t1 - (double)t0) * 1e-6;
  return r;
}

#endif

static int buf_write(dev *d, dbuf *b, const void *host, size_t bytes) { return buf_write_at(d, b, 0, host, bytes); }
static int buf_read(dev *d, const dbuf *b, void *host, size_t bytes) { return buf_read_at(d, b, 0, host, bytes); }

/* The plan's counters; FAULT (uncorrectable > 0) is a result, not a failure.  0, or -1. */
static int read_stats(dev *d, ppfft_plan *p, ppfft_abft_stats *st)
{
  memset(st, 0, sizeof *st);
  ppfft_status s = ppfft_plan_abft_stats(p, st);
  if (s == PPFFT_SUCCESS || s == PPFFT_ERROR_FAULT) return 0;
  fprintf(stderr, PROG ": ppfft_plan_abft_stats: %s: %s\n", ppfft_status_string(s), ppfft_context_last_error(d->ctx));
  return -1;
}

static int api_ok(dev *d, const char *what, ppfft_status s)
{
  if (s == PPFFT_SUCCESS) return 1;
  fprintf(stderr, PROG ": %s: %s: %s\n", what, ppfft_status_string(s), ppfft_context_last_error(d->ctx));
  return 0;
}

/* ---- options ---- */

typedef struct options {
  int prec[2];               /* f32, f64 */
  const char *csv_path;
  /* roc */
  size_t *ns;
  size_t nns;
  long signals, faulty, batch;
  unsigned long long seed;
  double delta_lo[2], delta_hi[2]; /* per precision: f32, f64 */
  int ndeltas[2];
  int bit, stage, pass;      /* -1: random */
  const char *signals_csv;
  /* overhead */
  int log2_lo, log2_hi;
  size_t mib;
  int repeats;
  double per_minute, inject_seconds;
} options;

static void usage(FILE *f)
{
  fprintf(f,
          "usage: " PROG " roc [options]       the detection experiment (ROC over thresholds)\n"
          "       " PROG " overhead [options]  the time of the schemes against ppfft without ABFT\n"
          "common:\n"
          "  -p LIST                 precisions, f32,f64 (default both)\n"
          "  --csv FILE              write the CSV to FILE instead of stdout\n"
          "  --seed S                seed of the signals and faults (default 1)\n"
          "roc:\n"
          "  -n LIST                 lengths (powers of two; default 64,1024,4096)\n"
          "  --signals S             random signals per (precision, N) (default 2000)\n"
          "  --faulty F              of them, signals with one bit flipped (default 1000)\n"
          "  --batch B               each signal transformed among B-1 unit impulses (default 1: alone)\n"
          "  --deltas LO:HI:K        f32's K thresholds, log-spaced from LO to HI (default 1e-9:1e-1:25);\n"
          "                          the default threshold is added\n"
          "  --deltas64 LO:HI:K      f64's (default 1e-17:1e-1:33)\n"
          "  --bit B, --stage S, --pass P   fix the flipped bit, stage or pass (default: random)\n"
          "  --signals-csv FILE      one row per signal (bit, change, detected at the default threshold)\n"
          "overhead:\n"
          "  --log2 A:B              N = 2^A .. 2^B (default 4:24)\n"
          "  --mib M                 MiB of data per run (default 256)\n"
          "  --repeats R             timed runs, after %d warm-ups (default 20, at least 10 advised)\n"
          "  --inject-per-minute R   faults per minute of device time for ABFT2+inject (default 300)\n"
          "  --inject-seconds T      the injected scheme runs at least T seconds of timed calls (default 2)\n"
          "The OpenCL build runs on ppfft's default device (PPFFT_DEVICE=P:D), the CUDA build on device 0.\n",
          WARMUPS);
}

static int parse_ull(const char *s, unsigned long long *v)
{
  if (!s || *s < '0' || *s > '9') return -1;
  errno = 0;
  char *end;
  *v = strtoull(s, &end, 0);
  return errno || *end ? -1 : 0;
}

static int parse_long(const char *s, long lo, long hi, long *v)
{
  if (!s || !*s) return -1;
  errno = 0;
  char *end;
  long x = strtol(s, &end, 10);
  if (errno || *end || x < lo || x > hi) return -1;
  *v = x;
  return 0;
}

static int parse_double(const char *s, double *v)
{
  if (!s || !*s) return -1;
  errno = 0;
  char *end;
  *v = strtod(s, &end);
  return errno || *end || !isfinite(*v) ? -1 : 0;
}

static int parse_precisions(const char *s, options *o)
{
  o->prec[0] = o->prec[1] = 0;
  for (;;) {
    size_t len = strcspn(s, ",");
    if (len == 3 && !strncmp(s, "f32", 3)) o->prec[0] = 1;
    else if (len == 3 && !strncmp(s, "f64", 3)) o->prec[1] = 1;
    else if (len == 4 && !strncmp(s, "both", 4)) o->prec[0] = o->prec[1] = 1;
    else return -1;
    if (!s[len]) return 0;
    s += len + 1;
  }
}

static int parse_lengths(const char *s, options *o)
{
  size_t count = 1;
  for (const char *c = s; *c; ++c) count += *c == ',';
  size_t *v = malloc(count * sizeof *v);
  if (!v) return -1;
  size_t k = 0;
  while (k < count) {
    size_t len = strcspn(s, ",");
    char *item = strndup(s, len);
    unsigned long long x;
    int bad = !item || parse_ull(item, &x) != 0 || x < 2 || x > (1ull << 30) || (x & (x - 1));
    free(item);
    if (bad) {
      free(v);
      return -1;
    }
    v[k++] = (size_t)x;
    s += len + (s[len] == ',');
  }
  free(o->ns);
  o->ns = v;
  o->nns = k;
  return 0;
}

/* "A:B" of integers; 0 on success. */
static int parse_range(const char *s, int *a, int *b)
{
  char *end;
  errno = 0;
  long x = strtol(s, &end, 10);
  if (errno || end == s || *end != ':') return -1;
  const char *t = end + 1;
  long y = strtol(t, &end, 10);
  if (errno || end == t || *end || x < 1 || y < x || y > 30) return -1;
  *a = (int)x, *b = (int)y;
  return 0;
}

/* "LO:HI:K" into precision f64's sweep; 0 on success. */
static int parse_deltas(const char *s, int f64, options *o)
{
  char *end;
  errno = 0;
  double lo = strtod(s, &end);
  if (errno || end == s || *end != ':') return -1;
  const char *t = end + 1;
  double hi = strtod(t, &end);
  if (errno || end == t || *end != ':') return -1;
  t = end + 1;
  long k = strtol(t, &end, 10);
  if (errno || end == t || *end || !(lo > 0) || !(hi >= lo) || !isfinite(hi) || k < 1 || k > 10000) return -1;
  o->delta_lo[f64] = lo, o->delta_hi[f64] = hi, o->ndeltas[f64] = (int)k;
  return 0;
}

/* Parses argv[2..] for subcommand cmd (0 roc, 1 overhead).  0, 1 for -h, -1 on misuse. */
static int parse_args(int argc, char **argv, int cmd, options *o)
{
  memset(o, 0, sizeof *o);
  o->prec[0] = o->prec[1] = 1;
  o->signals = 2000, o->faulty = 1000, o->batch = 1, o->seed = 1;
  o->delta_lo[0] = 1e-9, o->delta_hi[0] = 1e-1, o->ndeltas[0] = 25;  /* 3 a decade */
  o->delta_lo[1] = 1e-17, o->delta_hi[1] = 1e-1, o->ndeltas[1] = 33; /* 2 a decade, from below f64's rounding */
  o->bit = o->stage = o->pass = -1;
  o->log2_lo = 4, o->log2_hi = 24, o->mib = 256, o->repeats = 20;
  o->per_minute = 300, o->inject_seconds = 2;
  if (parse_lengths("64,1024,4096", o) != 0) return -1;
  for (int i = 2; i < argc; ++i) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) return 1;
    int bad = 0, takes = 1;
    long x;
    unsigned long long u;
    double dv;
    if (!strcmp(a, "-p")) bad = !v || parse_precisions(v, o);
    else if (!strcmp(a, "--csv")) bad = !v || !*(o->csv_path = v);
    else if (!strcmp(a, "--seed")) bad = parse_ull(v, &o->seed);
    else if (cmd == 0 && !strcmp(a, "-n")) bad = !v || parse_lengths(v, o);
    else if (cmd == 0 && !strcmp(a, "--signals")) bad = parse_long(v, 1, 100000000, &o->signals);
    else if (cmd == 0 && !strcmp(a, "--faulty")) bad = parse_long(v, 0, 100000000, &o->faulty);
    else if (cmd == 0 && !strcmp(a, "--batch")) bad = parse_long(v, 1, 1 << 20, &o->batch);
    else if (cmd == 0 && !strcmp(a, "--deltas")) bad = !v || parse_deltas(v, 0, o);
    else if (cmd == 0 && !strcmp(a, "--deltas64")) bad = !v || parse_deltas(v, 1, o);
    else if (cmd == 0 && !strcmp(a, "--bit")) bad = parse_long(v, -1, 63, &x) || (o->bit = (int)x, 0);
    else if (cmd == 0 && !strcmp(a, "--stage")) bad = parse_long(v, -1, 1000, &x) || (o->stage = (int)x, 0);
    else if (cmd == 0 && !strcmp(a, "--pass")) bad = parse_long(v, -1, 1000, &x) || (o->pass = (int)x, 0);
    else if (cmd == 0 && !strcmp(a, "--signals-csv")) bad = !v || !*(o->signals_csv = v);
    else if (cmd == 1 && !strcmp(a, "--log2")) bad = !v || parse_range(v, &o->log2_lo, &o->log2_hi);
    else if (cmd == 1 && !strcmp(a, "--mib")) bad = parse_ull(v, &u) || u < 1 || u > (1ull << 20) || (o->mib = (size_t)u, 0);
    else if (cmd == 1 && !strcmp(a, "--repeats")) bad = parse_long(v, 1, 10000000, &x) || (o->repeats = (int)x, 0);
    else if (cmd == 1 && !strcmp(a, "--inject-per-minute")) bad = parse_double(v, &dv) || dv < 0 || (o->per_minute = dv, 0);
    else if (cmd == 1 && !strcmp(a, "--inject-seconds")) bad = parse_double(v, &dv) || dv < 0 || (o->inject_seconds = dv, 0);
    else {
      fprintf(stderr, PROG ": unknown argument '%s' (-h for help)\n", a);
      return -1;
    }
    if (bad) {
      fprintf(stderr, PROG ": invalid or missing value for %s (-h for help)\n", a);
      return -1;
    }
    i += takes;
  }
  if (o->faulty > o->signals) {
    fprintf(stderr, PROG ": --faulty %ld is more than --signals %ld\n", o->faulty, o->signals);
    return -1;
  }
  if (!o->prec[0] && !o->prec[1]) return -1;
  return 0;
}

static ppfft_precision prec_of(int f64) { return f64 ? PPFFT_F64 : PPFFT_F32; }
static const char *prec_name(int f64) { return f64 ? "f64" : "f32"; }

/* ---- roc ---- */

/* What one threshold has seen over the signals of one (precision, N). */
typedef struct roc_count {
  double delta;
  int is_default;
  long faulty, beyond, detected, detected_beyond, faulty_ok_after;
  long clean, false_alarms, clean_ok_after, uncorrectable_runs, corrected_runs;
} roc_count;

#define ROC_HEADER                                                                                                          \
  "backend,device,precision,N,batch,delta,is_default,signals,faulty,beyond_bound,nonfinite,detected,detected_beyond,det_rate," \
  "det_rate_beyond,clean,false_alarms,fa_rate,faulty_ok_after,clean_ok_after,corrected_runs,uncorrectable_runs,"         \
  "replay_mismatch,bound,status,plan\n"

static void roc_row(FILE *f, const dev *d, int f64, size_t n, size_t batch, const roc_count *c, long nonfinite, long replay_mismatch, double bound,
                    const char *status, const char *plan)
{
  csv_str(f, d->backend);
  fputc(',', f);
  csv_str(f, d->name);
  fprintf(f, ",%s,%zu,%zu,", prec_name(f64), n, batch);
  if (c) {
    double dr = c->faulty ? (double)c->detected / (double)c->faulty : NAN;
    double drb = c->beyond ? (double)c->detected_beyond / (double)c->beyond : NAN;
    double fa = c->clean ? (double)c->false_alarms / (double)c->clean : NAN;
    fprintf(f, "%.4g,%d,%ld,%ld,%ld,%ld,%ld,%ld,%.6f,%.6f,%ld,%ld,%.6f,%ld,%ld,%ld,%ld,%ld,%.3g,", c->delta, c->is_default,
            c->faulty + c->clean, c->faulty, c->beyond, nonfinite, c->detected, c->detected_beyond, dr, drb, c->clean,
            c->false_alarms, fa, c->faulty_ok_after, c->clean_ok_after, c->corrected_runs, c->uncorrectable_runs, replay_mismatch,
            bound);
  } else {
    fprintf(f, ",,,,,,,,,,,,,,,,,,%.3g,", bound);
  }
  csv_str(f, status);
  fputc(',', f);
  csv_str(f, plan);
  fputc('\n', f);
  fflush(f);
}

/* One run of the roc's plan at threshold delta, the fault spec (NULL: none) injected afresh and the
 * counters reset first; bytes of the output from offset read into host_out, the counters into st.
 * 0, or -1. */
static int roc_run(dev *d, ppfft_plan *p, double delta, const ppfft_fault_injection *spec, dbuf *in, dbuf *out, void *host_out,
                   size_t offset, size_t bytes, ppfft_abft_stats *st)
{
  if (!api_ok(d, "ppfft_plan_set_abft_threshold", ppfft_plan_set_abft_threshold(p, delta)) ||
      !api_ok(d, "ppfft_plan_inject_faults", ppfft_plan_inject_faults(p, spec)) ||
      !api_ok(d, "ppfft_plan_abft_reset", ppfft_plan_abft_reset(p)))
    return -1;
  if (dev_exec(d, p, in, out) || read_stats(d, p, st) || buf_read_at(d, out, offset, host_out, bytes)) return -1;
  return 0;
}

/* The largest relative L2 distance, transform by transform, of a from b (count transforms of
 * `reals` reals each); infinite where a is not finite. */
static double rel_diff_max(const void *a, const void *b, size_t reals, size_t count, int f64)
{
  size_t step = reals * (f64 ? 8 : 4);
  double m = 0;
  for (size_t t = 0; t < count; ++t) {
    double r = rel_diff((const char *)a + t * step, (const char *)b + t * step, reals, f64);
    if (!(r <= m)) m = r;
  }
  return m;
}

/* The experiment for one (precision, N); rows to f, per-signal rows to sig (may be NULL).  0, or
 * -1 when the device failed (the row says why when the plan could not be made).
 *
 * With --batch B > 1 the plan transforms B signals at once, as ABFT2's windows see them in use: the
 * signal under test sits at a random transform `tgt` of the batch, the others are unit impulses
 * (x = e_0, whose transform is exactly all ones), and the fault is aimed at tgt.  The impulses'
 * checks fail only below the checks' own rounding floor (about 1e-7 in f32 on PoCL, where random
 * signals fail them too), so that above it the counters speak of the signal under test alone;
 * the program checks at the sweep's lowest threshold and warns that false alarms there count the
 * impulses too.  (Zeros would never fail, but would leave ABFT2's correction nothing to subtract.)  A plan in
 * several passes numbers its passes' transforms its own way: there the fault's transform is left
 * to the library (-1), it may land in an impulse, and every transform's change is compared. */
static int roc_one(dev *d, const options *o, int f64, size_t n, FILE *f, FILE *sig)
{
  double bound = bench_bound((long long)n, f64 ? BENCH_F64 : BENCH_F32);
  size_t B = (size_t)o->batch, elem = f64 ? 16 : 8, one = n * elem, reals = 2 * n;
  ppfft_desc desc;
  ppfft_desc_init(&desc, 1, &n, B);
  desc.precision = prec_of(f64);
  ppfft_plan *p = NULL;
  ppfft_status s = ppfft_plan_create(d->ctx, &desc, PPFFT_ABFT, &p);
  if (s != PPFFT_SUCCESS) {
    char *st = status_text("ppfft_plan_create(PPFFT_ABFT)", ppfft_context_last_error(d->ctx));
    fprintf(stderr, PROG ": roc %s N=%zu batch=%zu: %s\n", prec_name(f64), n, B, st ? st : "out of memory");
    roc_row(f, d, f64, n, B, NULL, 0, 0, bound, st, "");
    free(st);
    return 0;
  }
  char *described = plan_string(p);
  fprintf(stderr, PROG ": roc %s N=%zu batch=%zu: %s\n", prec_name(f64), n, B, described ? described : "?");
  int aimed = B == 1 || (described && !strchr(described, ';'));
  size_t window = aimed ? one : B * one; /* the bytes of output compared */
  size_t wcount = aimed ? 1 : B;         /* transforms in them */
  if (!aimed) fprintf(stderr, PROG ": roc: a plan in several passes: faults land in any transform of the batch\n");

  int nsweep = o->ndeltas[f64], nd = nsweep + 1; /* the sweep, then the default */
  double lo = o->delta_lo[f64], hi = o->delta_hi[f64];
  roc_count *cnt = calloc((size_t)nd, sizeof *cnt);
  unsigned char *is_faulty = calloc((size_t)o->signals, 1);
  long *order = malloc((size_t)o->signals * sizeof *order);
  void *host_in = malloc(one), *impulse = calloc(1, one), *clean = malloc(window), *faulty = malloc(window), *after = malloc(window);
  dbuf in = {0}, out = {0};
  int ok = cnt && is_faulty && order && host_in && impulse && clean && faulty && after && !buf_alloc(d, &in, B * one) &&
           !buf_alloc(d, &out, B * one);
  if (!ok) fprintf(stderr, PROG ": roc: out of memory\n");
  if (f64 && impulse) ((double *)impulse)[0] = 1;
  else if (impulse) ((float *)impulse)[0] = 1;
  for (size_t t = 0; ok && B > 1 && t < B; ++t) ok = !buf_write_at(d, &in, t * one, impulse, one);
  if (ok && B > 1) { /* the impulses' own checks, at the lowest threshold: none should fail */
    ppfft_abft_stats st;
    double lowest = fmin(lo, ppfft_abft_default_threshold(prec_of(f64)));
    ok = !roc_run(d, p, lowest, NULL, &in, &out, clean, 0, one, &st);
    if (ok && st.detected)
      fprintf(stderr, PROG ": note: a batch of impulses fails %llu checks at threshold %g (the checks' floor): false alarms "
              "below the floor count them too\n", (unsigned long long)st.detected, lowest);
  }
  for (int k = 0; ok && k < nd; ++k) {
    cnt[k].delta = k < nsweep ? (nsweep == 1 ? lo : lo * pow(hi / lo, (double)k / (nsweep - 1))) : ppfft_abft_default_threshold(prec_of(f64));
    cnt[k].is_default = k == nsweep;
  }
  /* which signals are faulty: the first --faulty of a random permutation */
  unsigned long long rng = splitmix64(o->seed ^ ((unsigned long long)f64 << 62) ^ ((unsigned long long)n << 20) ^ (unsigned long long)B) | 1;
  for (long i = 0; ok && i < o->signals; ++i) order[i] = i;
  for (long i = o->signals - 1; ok && i > 0; --i) {
    long j = (long)(uniform01(&rng) * (double)(i + 1));
    if (j > i) j = i;
    long t = order[i];
    order[i] = order[j], order[j] = t;
  }
  for (long i = 0; ok && i < o->faulty; ++i) is_faulty[order[i]] = 1;

  long nonfinite = 0, replay_mismatch = 0, clean_alarms_at_nocheck = 0;
  size_t tgt = 0;
  double t_start = bench_now_ms();
  for (long i = 0; ok && i < o->signals; ++i) {
    for (size_t r = 0; r < reals; ++r) {
      double v = normal01(&rng);
      if (f64) ((double *)host_in)[r] = v;
      else ((float *)host_in)[r] = (float)v;
    }
    size_t prev = tgt;
    tgt = B > 1 ? (size_t)(uniform01(&rng) * (double)B) % B : 0;
    size_t offset = aimed ? tgt * one : 0;
    if (B > 1 && prev != tgt) ok = !buf_write_at(d, &in, prev * one, impulse, one);
    ppfft_abft_stats st;
    ok = ok && !buf_write_at(d, &in, tgt * one, host_in, one) && !roc_run(d, p, NO_CHECK, NULL, &in, &out, clean, offset, window, &st);
    if (!ok) break;
    if (st.detected) ++clean_alarms_at_nocheck;
    ppfft_fault_injection spec = {0};
    int bit = -1, beyond = 0, nf = 0;
    double change = 0;
    if (is_faulty[i]) {
      unsigned long long hs = splitmix64(o->seed ^ splitmix64(((unsigned long long)n << 33) ^ ((unsigned long long)f64 << 32) ^ (unsigned long long)i));
      bit = o->bit >= 0 ? o->bit : (int)(splitmix64(hs) % (f64 ? 64u : 32u));
      spec.rate = 1.0;
      spec.seed = hs;
      spec.faults = 1;
      spec.pass = o->pass;
      spec.stage = o->stage;
      spec.transform = aimed ? (long long)tgt : -1;
      spec.element = -1;
      spec.bit = bit;
      ok = !roc_run(d, p, NO_CHECK, &spec, &in, &out, faulty, offset, window, &st);
      if (!ok) break;
      change = rel_diff_max(faulty, clean, reals, wcount, f64);
      nf = st.detected > 0; /* only a check that is not a number fails at 1e30 */
      beyond = nf || !(change <= bound);
      nonfinite += nf;
    }
    for (int k = 0; ok && k < nd; ++k) {
      ok = !roc_run(d, p, cnt[k].delta, is_faulty[i] ? &spec : NULL, &in, &out, after, offset, window, &st);
      if (!ok) break;
      int det = st.detected > 0, ok_after = rel_diff_max(after, clean, reals, wcount, f64) <= bound;
      roc_count *c = &cnt[k];
      if (is_faulty[i]) {
        ++c->faulty;
        c->beyond += beyond;
        c->detected += det;
        c->detected_beyond += det && beyond;
        c->faulty_ok_after += ok_after;
        /* a run without a detection must replay the uncorrected faulty output exactly */
        if (!det && !nf && memcmp(after, faulty, window) != 0) ++replay_mismatch;
      } else {
        ++c->clean;
        c->false_alarms += det;
        c->clean_ok_after += ok_after;
      }
      c->corrected_runs += st.corrected > 0;
      c->uncorrectable_runs += st.uncorrectable > 0;
      if (sig && c->is_default)
        fprintf(sig, "%s,%s,%zu,%zu,%ld,%zu,%d,%d,%.4g,%d,%d,%d,%d,%llu,%llu,%llu\n", d->backend, prec_name(f64), n, B, i, tgt, is_faulty[i], bit,
                change, beyond, nf, det, ok_after, (unsigned long long)st.detected, (unsigned long long)st.corrected,
                (unsigned long long)st.uncorrectable);
    }
    if ((i + 1) % 250 == 0 || i + 1 == o->signals)
      fprintf(stderr, PROG ": roc %s N=%zu batch=%zu: %ld/%ld signals (%.1f s)\n", prec_name(f64), n, B, i + 1, o->signals,
              (bench_now_ms() - t_start) * 1e-3);
  }
  if (ok) {
    if (clean_alarms_at_nocheck) fprintf(stderr, PROG ": warning: %ld clean runs failed a check at threshold 1e30\n", clean_alarms_at_nocheck);
    if (replay_mismatch) fprintf(stderr, PROG ": warning: %ld faulty runs without a detection did not replay the faulty output\n", replay_mismatch);
    char *bare = described ? plan_string_bare(described) : NULL;
    for (int k = 0; k < nd; ++k) roc_row(f, d, f64, n, B, &cnt[k], nonfinite, replay_mismatch, bound, "ok", bare ? bare : "?");
    free(bare);
  }
  buf_free(&in), buf_free(&out);
  free(cnt), free(is_faulty), free(order), free(host_in), free(impulse), free(clean), free(faulty), free(after), free(described);
  ppfft_plan_destroy(p);
  return ok ? 0 : -1;
}

static int cmd_roc(dev *d, const options *o, FILE *f)
{
  FILE *sig = NULL;
  if (o->signals_csv) {
    if (!(sig = fopen(o->signals_csv, "w"))) {
      fprintf(stderr, PROG ": cannot write %s\n", o->signals_csv);
      return 1;
    }
    fprintf(sig, "backend,precision,N,batch,signal,target,faulty,bit,change,beyond_bound,nonfinite,detected_at_default,ok_at_default,stats_detected,"
                 "stats_corrected,stats_uncorrectable\n");
  }
  fprintf(f, ROC_HEADER);
  int failed = 0;
  for (int f64 = 0; f64 < 2; ++f64)
    for (size_t i = 0; o->prec[f64] && i < o->nns; ++i) failed |= roc_one(d, o, f64, o->ns[i], f, sig) != 0;
  if (sig) fclose(sig);
  return failed;
}

/* ---- overhead ---- */

#define OVERHEAD_HEADER                                                                                                      \
  "backend,device,precision,N,batch,scheme,ms,mean_ms,GBps,overhead_vs_plain_pct,repeats,rate_per_call,calls,checked,"  \
  "detected,corrected,uncorrectable,diff_vs_plain,check_run,status,plan\n"

/* What one scheme's timing gave. */
typedef struct timing {
  double ms, mean_ms;
  int repeats;
  double rate;        /* injection rate per call; 0 none */
  long long calls;    /* executions the counters cover */
  int have_stats;
  ppfft_abft_stats st;
  double diff;        /* vs plain; NaN if not measured */
  int have_check;     /* ABFT2+inject: the counters of the one run with a fault (diff's run) */
  ppfft_abft_stats check;
} timing;

static void overhead_row(FILE *f, const dev *d, int f64, size_t n, size_t batch, size_t bytes, const char *scheme, const timing *t,
                         double plain_ms, const char *status, const char *plan)
{
  csv_str(f, d->backend);
  fputc(',', f);
  csv_str(f, d->name);
  fprintf(f, ",%s,%zu,%zu,%s,", prec_name(f64), n, batch, scheme);
  if (t) {
    double gbps = 2.0 * (double)bytes / (t->ms * 1e-3) / 1e9;
    fprintf(f, "%.6f,%.6f,%.2f,", t->ms, t->mean_ms, gbps);
    if (plain_ms > 0) fprintf(f, "%.3f", (t->ms / plain_ms - 1.0) * 100.0);
    fprintf(f, ",%d,%.6g,%lld,", t->repeats, t->rate, t->calls);
    if (t->have_stats)
      fprintf(f, "%llu,%llu,%llu,%llu,", (unsigned long long)t->st.checked, (unsigned long long)t->st.detected,
              (unsigned long long)t->st.corrected, (unsigned long long)t->st.uncorrectable);
    else
      fputs(",,,,", f);
    if (!isnan(t->diff)) fprintf(f, "%.3g", t->diff);
    fputc(',', f);
    if (t->have_check)
      fprintf(f, "%llu/%llu/%llu", (unsigned long long)t->check.detected, (unsigned long long)t->check.corrected,
              (unsigned long long)t->check.uncorrectable);
    fputc(',', f);
  } else {
    fputs(",,,,,,,,,,,,,", f);
  }
  csv_str(f, status);
  fputc(',', f);
  csv_str(f, plan);
  fputc('\n', f);
  fflush(f);
}

/* Times p: WARMUPS untimed executions, then `repeats` b2b runs, or more until min_seconds of timed
 * device time have passed; with stats, the counters over the timed runs (and their partners).
 * 0, or -1. */
static int time_plan(dev *d, ppfft_plan *p, dbuf *in, dbuf *out, int repeats, double min_seconds, int stats, timing *t)
{
  for (int i = 0; i < WARMUPS; ++i)
    if (dev_exec(d, p, in, out)) return -1;
  if (dev_finish(d)) return -1;
  if (stats && !api_ok(d, "ppfft_plan_abft_reset", ppfft_plan_abft_reset(p))) return -1;
  size_t cap = (size_t)repeats, count = 0;
  double *ms = malloc(cap * sizeof *ms), total = 0;
  int r = ms ? 0 : -1;
  while (r == 0 && (count < (size_t)repeats || total < min_seconds * 1e3) && count < 10000000) {
    if (count == cap) {
      double *grown = realloc(ms, 2 * cap * sizeof *ms);
      if (!grown) {
        r = -1;
        break;
      }
      ms = grown, cap *= 2;
    }
    r = dev_time(d, p, in, out, &ms[count]);
    if (r == 0) total += ms[count++];
  }
  if (r == 0) {
    t->repeats = (int)count;
    t->calls = 2 * (long long)count;
    t->mean_ms = total / (double)count;
    t->ms = bench_median(ms, count);
    if (stats) {
      r = read_stats(d, p, &t->st);
      t->have_stats = r == 0;
    }
  }
  free(ms);
  return r;
}

/* The relative L2 difference of out (on the device) from ref (host), read into scratch. */
static int diff_output(dev *d, dbuf *out, void *scratch, const void *ref, size_t bytes, int f64, double *diff)
{
  if (buf_read(d, out, scratch, bytes)) return -1;
  *diff = rel_diff(scratch, ref, bytes / (f64 ? 8 : 4), f64);
  return 0;
}

/* One size: the five schemes.  0, or -1 when the device failed. */
static int overhead_one(dev *d, const options *o, int f64, size_t n, FILE *f)
{
  size_t elem = f64 ? 16 : 8;
  size_t batch = (o->mib << 20) / (n * elem);
  if (batch < 1) batch = 1;
  size_t bytes = n * batch * elem;
  void *host = malloc(bytes), *ref = malloc(bytes), *scratch = malloc(bytes);
  dbuf in = {0}, out = {0};
  if (!host || !ref || !scratch || buf_alloc(d, &in, bytes) || buf_alloc(d, &out, bytes)) {
    fprintf(stderr, PROG ": overhead %s N=%zu: cannot allocate 3 x %zu bytes on the host or 2 on the device\n", prec_name(f64), n, bytes);
    free(host), free(ref), free(scratch);
    buf_free(&in), buf_free(&out);
    return -1;
  }
  bench_fill(host, f64 ? BENCH_F64 : BENCH_F32, 2 * n * batch);
  int ok = !buf_write(d, &in, host, bytes);
  ppfft_desc desc;
  ppfft_desc_init(&desc, 1, &n, batch);
  desc.precision = prec_of(f64);
  ppfft_plan *plain = NULL, *abft2 = NULL, *abft1 = NULL;
  char *plain_str = NULL, *abft2_str = NULL, *abft1_str = NULL, *abft2_bare = NULL;
  double plain_ms = 0;
  timing t;

  /* plain */
  if (ok) {
    memset(&t, 0, sizeof t);
    t.diff = NAN;
    ppfft_status s = ppfft_plan_create(d->ctx, &desc, 0, &plain);
    if (s != PPFFT_SUCCESS) {
      char *st = status_text("ppfft_plan_create", ppfft_context_last_error(d->ctx));
      overhead_row(f, d, f64, n, batch, bytes, "plain", NULL, 0, st, "");
      free(st);
    } else {
      plain_str = plan_string(plain);
      ok = !time_plan(d, plain, &in, &out, o->repeats, 0, 0, &t) && !buf_read(d, &out, ref, bytes);
      if (ok) {
        plain_ms = t.ms;
        overhead_row(f, d, f64, n, batch, bytes, "plain", &t, plain_ms, "ok", plain_str);
      }
    }
  }
  /* ABFT2 */
  if (ok) {
    memset(&t, 0, sizeof t);
    t.diff = NAN;
    ppfft_status s = ppfft_plan_create(d->ctx, &desc, PPFFT_ABFT, &abft2);
    if (s != PPFFT_SUCCESS) {
      char *st = status_text("ppfft_plan_create(PPFFT_ABFT)", ppfft_context_last_error(d->ctx));
      overhead_row(f, d, f64, n, batch, bytes, "ABFT2", NULL, 0, st, "");
      free(st);
    } else {
      abft2_str = plan_string(abft2);
      abft2_bare = abft2_str ? plan_string_bare(abft2_str) : NULL;
      ok = !time_plan(d, abft2, &in, &out, o->repeats, 0, 1, &t);
      if (ok && plain) ok = !diff_output(d, &out, scratch, ref, bytes, f64, &t.diff);
      if (ok) overhead_row(f, d, f64, n, batch, bytes, "ABFT2", &t, plain_ms, "ok", abft2_str);
    }
  }
  double abft2_ms = ok && abft2 ? t.ms : 0;
  /* ABFT1 and ABFT3: the same plan string with the one-sided or the thread-level scheme (ABFT3 on
   * scalar math: VAVM becomes VASM) */
  for (int scheme = 1; scheme <= 3 && ok && abft2; scheme += 2) {
    const char *name = scheme == 1 ? "ABFT1" : "ABFT3";
    memset(&t, 0, sizeof t);
    t.diff = NAN;
    int count = 0, vm = 0;
    char *vs = abft2_bare ? replace_all(abft2_bare, "ABFT2", name, &count) : NULL;
    if (vs && scheme == 3) {
      char *w = replace_all(vs, "VAVM", "VASM", &vm);
      free(vs);
      vs = w;
    }
    ppfft_status s = !vs ? PPFFT_ERROR_OUT_OF_MEMORY : count == 0 ? PPFFT_ERROR_UNSUPPORTED : ppfft_plan_create_variant(d->ctx, &desc, vs, &abft1);
    if (s != PPFFT_SUCCESS) {
      char *st = count == 0 && vs ? status_text(name, "the ABFT2 plan string has no ABFT2 knob")
                                  : status_text("ppfft_plan_create_variant", ppfft_context_last_error(d->ctx));
      fprintf(stderr, PROG ": overhead %s N=%zu: %s skipped: %s\n", prec_name(f64), n, name, st ? st : "");
      overhead_row(f, d, f64, n, batch, bytes, name, NULL, 0, st, vs ? vs : "");
      free(st);
    } else {
      abft1_str = plan_string(abft1);
      ok = !time_plan(d, abft1, &in, &out, o->repeats, 0, 1, &t);
      if (ok && plain) ok = !diff_output(d, &out, scratch, ref, bytes, f64, &t.diff);
      if (ok) overhead_row(f, d, f64, n, batch, bytes, name, &t, plain_ms, "ok", abft1_str);
    }
    free(vs);
    ppfft_plan_destroy(abft1);
    free(abft1_str);
    abft1 = NULL, abft1_str = NULL;
  }
  /* ABFT2 under injection, then one execution with a fault for the check */
  if (ok && abft2) {
    memset(&t, 0, sizeof t);
    t.diff = NAN;
    double rate = o->per_minute * abft2_ms / 60000.0;
    if (rate > 1) rate = 1;
    ppfft_fault_injection spec = {rate, splitmix64(o->seed ^ ((unsigned long long)n << 1) ^ (unsigned long long)f64), 1, -1, -1, -1, -1, -1};
    ok = api_ok(d, "ppfft_plan_inject_faults", ppfft_plan_inject_faults(abft2, &spec)) &&
         !time_plan(d, abft2, &in, &out, o->repeats, o->inject_seconds, 1, &t);
    t.rate = rate;
    if (ok && plain) {
      spec.rate = 1;
      ok = api_ok(d, "ppfft_plan_inject_faults", ppfft_plan_inject_faults(abft2, &spec)) &&
           api_ok(d, "ppfft_plan_abft_reset", ppfft_plan_abft_reset(abft2)) && !dev_exec(d, abft2, &in, &out) &&
           !read_stats(d, abft2, &t.check) && !diff_output(d, &out, scratch, ref, bytes, f64, &t.diff);
      t.have_check = ok;
    }
    if (ok) ok = api_ok(d, "ppfft_plan_inject_faults", ppfft_plan_inject_faults(abft2, NULL));
    if (ok) overhead_row(f, d, f64, n, batch, bytes, "ABFT2+inject", &t, plain_ms, "ok", abft2_str);
  }
  if (ok) fprintf(stderr, PROG ": overhead %s N=%zu batch=%zu done\n", prec_name(f64), n, batch);
  ppfft_plan_destroy(plain), ppfft_plan_destroy(abft2), ppfft_plan_destroy(abft1);
  free(plain_str), free(abft2_str), free(abft1_str), free(abft2_bare);
  buf_free(&in), buf_free(&out);
  free(host), free(ref), free(scratch);
  return ok ? 0 : -1;
}

static int cmd_overhead(dev *d, const options *o, FILE *f)
{
  fprintf(f, OVERHEAD_HEADER);
  int failed = 0;
  for (int f64 = 0; f64 < 2; ++f64)
    for (int lg = o->log2_lo; o->prec[f64] && lg <= o->log2_hi; ++lg) failed |= overhead_one(d, o, f64, (size_t)1 << lg, f) != 0;
  return failed;
}

int main(int argc, char **argv)
{
  int cmd = argc >= 2 && !strcmp(argv[1], "roc") ? 0 : argc >= 2 && !strcmp(argv[1], "overhead") ? 1 : -1;
  if (cmd < 0) {
    int help = argc >= 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"));
    usage(help ? stdout : stderr);
    return help ? 0 : 2;
  }
  options o;
  int r = parse_args(argc, argv, cmd, &o);
  if (r) {
    if (r > 0) usage(stdout); /* on misuse parse_args has said what is wrong */
    free(o.ns);
    return r > 0 ? 0 : 2;
  }
  FILE *f = stdout;
  if (o.csv_path && !(f = fopen(o.csv_path, "w"))) {
    fprintf(stderr, PROG ": cannot write %s\n", o.csv_path);
    free(o.ns);
    return 1;
  }
  dev d;
  if (dev_open(&d)) {
    if (f != stdout) fclose(f);
    free(o.ns);
    return 77; /* no device: skipped, as the tests say it */
  }
  fprintf(stderr, PROG ": %s on %s (%s); default thresholds f32 %g, f64 %g\n", cmd ? "overhead" : "roc", d.name, d.driver,
          ppfft_abft_default_threshold(PPFFT_F32), ppfft_abft_default_threshold(PPFFT_F64));
  r = cmd ? cmd_overhead(&d, &o, f) : cmd_roc(&d, &o, f);
  dev_close(&d);
  if (f != stdout) fclose(f);
  free(o.ns);
  return r ? 1 : 0;
}
