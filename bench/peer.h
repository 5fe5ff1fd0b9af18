/* peer.h: what the peer benchmarks (cufft-bench, clfft-bench, vkfft-bench, fftw-bench) share, so
 * that they time the same problems the same way and report them alike:
 *
 *   PROG [-p f32,f64(,f16)] [-m MiB] [-r repeats] [--kind c2c|r2c|c2r] [-t threads] [--batch-layout L]
 *        [--window W] [--csv FILE] SHAPE...
 *
 * SHAPE is a length or lengths in C order (the last contiguous): 8192, 256x256, 64x64x64, any
 * lengths (not only powers of two).  Every (precision, shape) is a batched transform of --kind
 * (bench_common.h): c2c (the default) complex-to-complex forward, r2c real-to-complex (forward),
 * c2r complex-to-real (backward, unnormalised), FFTW's conventions for the real kinds; out of
 * place, interleaved and packed (real rows of n values, complex rows of n/2+1), of as many
 * transforms as -m MiB hold (of complex data for c2c, of the real side for r2c and c2r; at least
 * one), on random non-zero input in [-1, 1) (for c2r Hermitian-consistent: the r2c of a real
 * signal).  Each result is checked against FFTW in double precision before its time is reported
 * (fftw_plan_many_dft, _dft_r2c or _dft_c2r): the first min(batch, 8) transforms (fewer when that
 * would pass 2^23 elements), or, for a transform of more than 2^23 elements, 8 outputs of the first
 * one against the DFT summed directly.  A library's c2r may overwrite its complex input (cuFFT's,
 * VkFFT's and FFTW's multi-dimensional c2r do): the check runs on fresh input, the timed runs then
 * on whatever the run before left, which is the speed a user of the same buffers gets (values do
 * not change a GPU's speed).  Each program prints one row per (precision, shape) and, with --csv,
 * writes the same CSV schema:
 *
 *   library,device,precision,kind,shape,batch,ms,GBps,GFLOPS,err,check,config
 *
 * with GB/s = (input bytes + output bytes) / time (for c2c 2 x bytes), GFLOPS = 5 N log2 N x batch
 * / time for c2c and 2.5 N log2 N x batch / time for r2c and c2r (N: one transform's real or
 * complex elements, the product of the lengths; log2 N of an N that is not a power of two is the
 * nominal count, bench_flops), err the relative L2 error, check one of "ok", "CHECK FAILED" (it ran; the error is above the
 * bound) or "FAILED: reason" (the library refused or failed; ms to err are then empty), and config
 * how the library was set up for the row: tokens joined by '+' (e.g. "planmany+plan-once"), each
 * program's own, chosen as the library's documentation and benchmark programs set it up and
 * explained at the top of the program, so that a reader can reproduce the row.
 *
 * The shapes, random input, bound, median and CSV fields are bench_common.h's, shared with
 * ppfft-bench.  Everything is static inline, in C11 that also compiles as C++ (nvcc builds
 * cufft-bench.cu). */
#ifndef PPFFT_BENCH_PEER_H
#define PPFFT_BENCH_PEER_H

#include "bench_common.h"
#include <fftw3.h>

#define PEER_PI 3.14159265358979323846
#define PEER_MAX_SHAPES 64
#define PEER_WARMUPS 3
#define PEER_CHECK_TRANSFORMS 8
#ifndef PEER_FULL_CHECK_MAX /* (a test may lower it to reach the spot check) */
#define PEER_FULL_CHECK_MAX (1LL << 23) /* complex elements FFTW transforms for one check */
#endif
#define PEER_SPOT_POINTS 8

/* What a program takes beyond the common options (peer_parse_args' allow). */
enum {
  PEER_ALLOW_F16 = 1 << 0,    /* -p f16 (cufft-bench) */
  PEER_ALLOW_FFTW = 1 << 1,   /* -t threads, -T seconds (fftw-bench) */
  PEER_ALLOW_LAYOUT = 1 << 2, /* --batch-layout (vkfft-bench) */
  PEER_ALLOW_WINDOW = 1 << 3, /* --window (the GPU peers) */
  PEER_ALLOW_KIND = 1 << 4    /* --kind (every program that does real transforms) */
};

/* --window: what a timed run's window holds.  b2b (back to back): each timed run is enqueued right
 * behind an untimed run of the same transform, so the device is busy while the host enqueues the
 * timed one, and the window (from the end of the run before to the end of the timed one) holds
 * device time only, as the libraries' own benchmarks time back-to-back runs.  alone: each timed run
 * starts on an idle device (OpenCL: its kernels held behind a user event until all are enqueued;
 * CUDA: events recorded around the exec), the method of the runs before 2026-11-24, whose window
 * also holds what the device or driver takes to start it. */
enum { PEER_WINDOW_B2B, PEER_WINDOW_ALONE };

static inline const char *peer_window_name(int window)
{
  return window == PEER_WINDOW_ALONE ? "alone" : "b2b";
}

/* --batch-layout: where VkFFT gets the batch (vkfft-bench.c says why). */
enum { PEER_LAYOUT_BEST, PEER_LAYOUT_AXIS, PEER_LAYOUT_BATCHES };

typedef struct peer_options {
  int prec[BENCH_NPREC]; /* the precisions asked for */
  size_t mib;
  int repeats;
  int threads; /* -t, fftw-bench only; 0: one per online CPU */
  double plan_limit; /* -T, fftw-bench only: seconds FFTW_MEASURE may plan (fftw_set_timelimit); 0: no limit */
  int layout; /* --batch-layout, vkfft-bench only: PEER_LAYOUT_* */
  int window; /* --window, the GPU peers: PEER_WINDOW_* */
  int kind;   /* --kind: BENCH_C2C, BENCH_R2C or BENCH_C2R */
  const char *csv_path;
  bench_shape shapes[PEER_MAX_SHAPES];
  int nshapes;
} peer_options;

static inline void peer_usage(FILE *f, const char *prog, unsigned allow, size_t default_mib)
{
  fprintf(f,
          "usage: %s [-p f32|f64%s|LIST] [-m MiB] [-r repeats]%s%s%s%s [--csv FILE] SHAPE...\n"
          "  SHAPE          8192, 256x256, 64x64x64 (C order, the last length contiguous)\n"
          "  -p LIST        precisions, comma-separated (default f32; \"both\" is f32,f64)\n"
          "  -m MiB         data per run; batch = MiB * 2^20 / (N * element bytes), at least 1 (default %zu);\n"
          "                 the element is complex for c2c, real for r2c and c2r (MiB of the real side)\n"
          "  -r REPEATS     timed runs after %d warm-ups; the median is reported (default 20)\n"
          "%s%s%s%s"
          "  --csv FILE     also write the rows to FILE as CSV (its last column, config, says how the\n"
          "                 library was set up, as the row's last column does)\n"
          "  -h             this help\n",
          prog, allow & PEER_ALLOW_F16 ? "|f16" : "", allow & PEER_ALLOW_KIND ? " [--kind c2c|r2c|c2r]" : "",
          allow & PEER_ALLOW_FFTW ? " [-t threads] [-T seconds]" : "",
          allow & PEER_ALLOW_LAYOUT ? " [--batch-layout axis|batches|best]" : "", allow & PEER_ALLOW_WINDOW ? " [--window b2b|alone]" : "",
          default_mib, PEER_WARMUPS,
          allow & PEER_ALLOW_KIND ? "  --kind KIND    c2c (default: complex forward), r2c (real to complex) or c2r (complex to real,\n"
                                    "                 unnormalised), out of place, packed, FFTW's conventions\n"
                                  : "",
          allow & PEER_ALLOW_FFTW ? "  -t THREADS     FFTW threads (default: one per online CPU)\n"
                                    "  -T SECONDS     time FFTW_MEASURE may plan each transform (fftw_set_timelimit; default: no limit)\n"
                                  : "",
          allow & PEER_ALLOW_LAYOUT
              ? "  --batch-layout where VkFFT gets the batch: \"axis\", the first axis not transformed (size[1] of a\n"
                "                 1D, size[2] of a 2D transform); \"batches\", numberBatches; \"best\" (default): both, and\n"
                "                 the faster is kept (3D transforms have no free axis: numberBatches)\n"
              : "",
          allow & PEER_ALLOW_WINDOW
              ? "  --window W     b2b (default): each timed run right behind an untimed one, so the window holds\n"
                "                 device time only; alone: each timed run on an idle device (the method of earlier runs)\n"
              : "");
}

/* Parses the command line into o: 0 to go on, -1 after -h (exit 0), 2 for misuse (exit 2).  allow:
 * the PEER_ALLOW_* options this program takes. */
static inline int peer_parse_args(int argc, char **argv, const char *prog, unsigned allow, size_t default_mib, peer_options *o)
{
  memset(o, 0, sizeof *o);
  o->prec[BENCH_F32] = 1;
  o->mib = default_mib;
  o->repeats = 20;
  o->layout = PEER_LAYOUT_BEST;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    char *end = NULL;
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      peer_usage(stdout, prog, allow, default_mib);
      return -1;
    } else if (!strcmp(a, "-p") && v) {
      ++i;
      o->prec[BENCH_F32] = o->prec[BENCH_F64] = o->prec[BENCH_F16] = 0;
      char list[64];
      snprintf(list, sizeof list, "%s", v);
      for (char *tok = strtok(list, ","); tok; tok = strtok(NULL, ",")) {
        if (!strcmp(tok, "f32")) o->prec[BENCH_F32] = 1;
        else if (!strcmp(tok, "f64")) o->prec[BENCH_F64] = 1;
        else if (!strcmp(tok, "both")) o->prec[BENCH_F32] = o->prec[BENCH_F64] = 1;
        else if (!strcmp(tok, "f16") && (allow & PEER_ALLOW_F16)) o->prec[BENCH_F16] = 1;
        else {
          fprintf(stderr, "%s: unknown or unsupported precision '%s'\n", prog, tok);
          return 2;
        }
      }
    } else if (!strcmp(a, "-m") && v) {
      long long m = strtoll(argv[++i], &end, 10);
      if (*end || m <= 0 || m > (1LL << 20)) {
        fprintf(stderr, "%s: invalid -m '%s'\n", prog, v);
        return 2;
      }
      o->mib = (size_t)m;
    } else if (!strcmp(a, "-r") && v) {
      long r = strtol(argv[++i], &end, 10);
      if (*end || r < 1 || r > 100000) {
        fprintf(stderr, "%s: invalid -r '%s'\n", prog, v);
        return 2;
      }
      o->repeats = (int)r;
    } else if (!strcmp(a, "-t") && v && (allow & PEER_ALLOW_FFTW)) {
      long t = strtol(argv[++i], &end, 10);
      if (*end || t < 1 || t > 4096) {
        fprintf(stderr, "%s: invalid -t '%s'\n", prog, v);
        return 2;
      }
      o->threads = (int)t;
    } else if (!strcmp(a, "-T") && v && (allow & PEER_ALLOW_FFTW)) {
      double t = strtod(argv[++i], &end);
      if (*end || !(t > 0) || t > 1e6) {
        fprintf(stderr, "%s: invalid -T '%s'\n", prog, v);
        return 2;
      }
      o->plan_limit = t;
    } else if (!strcmp(a, "--batch-layout") && v && (allow & PEER_ALLOW_LAYOUT)) {
      ++i;
      if (!strcmp(v, "best")) o->layout = PEER_LAYOUT_BEST;
      else if (!strcmp(v, "axis")) o->layout = PEER_LAYOUT_AXIS;
      else if (!strcmp(v, "batches")) o->layout = PEER_LAYOUT_BATCHES;
      else {
        fprintf(stderr, "%s: invalid --batch-layout '%s' (axis, batches or best)\n", prog, v);
        return 2;
      }
    } else if (!strcmp(a, "--window") && v && (allow & PEER_ALLOW_WINDOW)) {
      ++i;
      if (!strcmp(v, "b2b")) o->window = PEER_WINDOW_B2B;
      else if (!strcmp(v, "alone")) o->window = PEER_WINDOW_ALONE;
      else {
        fprintf(stderr, "%s: invalid --window '%s' (b2b or alone)\n", prog, v);
        return 2;
      }
    } else if (!strcmp(a, "--kind") && v && (allow & PEER_ALLOW_KIND)) {
      if ((o->kind = bench_parse_kind(argv[++i])) < 0) {
        fprintf(stderr, "%s: invalid --kind '%s' (c2c, r2c or c2r)\n", prog, v);
        return 2;
      }
    } else if (!strcmp(a, "--csv") && v) {
      o->csv_path = argv[++i];
    } else if (a[0] != '-' && o->nshapes < PEER_MAX_SHAPES && bench_parse_shape(a, &o->shapes[o->nshapes]) == 0) {
      ++o->nshapes;
    } else {
      fprintf(stderr, "%s: bad argument '%s'\n", prog, a);
      peer_usage(stderr, prog, allow, default_mib);
      return 2;
    }
  }
  if (o->nshapes == 0 || (!o->prec[BENCH_F32] && !o->prec[BENCH_F64] && !o->prec[BENCH_F16])) {
    fprintf(stderr, "%s: give at least one SHAPE and one precision (-h for help)\n", prog);
    return 2;
  }
  return 0;
}

/* Transforms in -m MiB, at least one (bench_batch: of the real side for the real kinds). */
static inline long long peer_batch(const bench_shape *sh, int kind, int prec, size_t mib)
{
  return bench_batch(sh, kind, prec, mib);
}

/* Records the first failure of a run as its FAILED reason, "call: NAME (code)" (the call's text up
 * to its arguments); returns 0 so that `ok = ok_expr || peer_failed(...)` reads naturally. */
static inline int peer_failed(char *why, size_t len, const char *what, int code, const char *name)
{
  if (!why[0]) snprintf(why, len, "%.*s: %s (%d)", (int)strcspn(what, "("), what, name, code);
  return 0;
}

/* IEEE binary16 bits to double (for cuFFT's half data, decoded without CUDA's headers). */
static inline double peer_half_to_double(unsigned short h)
{
  int e = (h >> 10) & 31, m = h & 1023;
  double v = e == 0 ? ldexp((double)m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexp((double)(m + 1024), e - 25);
  return (h & 0x8000) ? -v : v;
}

/* Real number i of an interleaved complex buffer of precision prec. */
static inline double peer_get(const void *buf, int prec, size_t i)
{
  if (prec == BENCH_F64) return ((const double *)buf)[i];
  if (prec == BENCH_F16) return peer_half_to_double(((const unsigned short *)buf)[i]);
  return (double)((const float *)buf)[i];
}

/* Transforms whose output the check reads (the first ones of the batch). */
static inline long long peer_check_count(const bench_shape *sh, long long batch)
{
  long long c = batch < PEER_CHECK_TRANSFORMS ? batch : PEER_CHECK_TRANSFORMS;
  while (c > 1 && c * sh->N > PEER_FULL_CHECK_MAX) --c;
  return c;
}

/* W_n^m = exp(-2 pi i m / n) as coarse[m / B] * fine[m % B], B about sqrt(n): two small tables of
 * correctly rounded values whose product is good to a few ulps. */
typedef struct peer_twiddle {
  long long n, B;
  double *coarse, *fine; /* interleaved complex */
} peer_twiddle;

static inline int peer_twiddle_init(peer_twiddle *t, long long n)
{
  t->n = n;
  t->B = (long long)ceil(sqrt((double)n));
  if (t->B < 1) t->B = 1;
  long long nc = (n + t->B - 1) / t->B;
  t->coarse = (double *)malloc(2 * sizeof(double) * (size_t)nc);
  t->fine = (double *)malloc(2 * sizeof(double) * (size_t)t->B);
  if (!t->coarse || !t->fine) return -1;
  for (long long j = 0; j < nc; ++j) {
    double a = -2 * PEER_PI * (double)(j * t->B) / (double)n;
    t->coarse[2 * j] = cos(a), t->coarse[2 * j + 1] = sin(a);
  }
  for (long long r = 0; r < t->B; ++r) {
    double a = -2 * PEER_PI * (double)r / (double)n;
    t->fine[2 * r] = cos(a), t->fine[2 * r + 1] = sin(a);
  }
  return 0;
}

static inline void peer_twiddle_get(const peer_twiddle *t, long long m, double *re, double *im)
{
  const double *c = t->coarse + 2 * (m / t->B), *f = t->fine + 2 * (m % t->B);
  *re = c[0] * f[0] - c[1] * f[1];
  *im = c[0] * f[1] + c[1] * f[0];
}

/* Value i (C order over the whole transform, i0 slowest) of transform 0's input, as the DFT sees
 * it: complex for c2c; real for r2c; for c2r the Hermitian half extended to the full spectrum (x[k]
 * = conj(x[-k]) where the last index passes n/2). */
static inline void peer_spot_input(const int n[3], int kind, int prec, const void *in, int i0, int i1, int i2, double *re, double *im)
{
  if (kind == BENCH_R2C) {
    *re = peer_get(in, prec, ((size_t)i0 * (size_t)n[1] + (size_t)i1) * (size_t)n[2] + (size_t)i2);
    *im = 0;
    return;
  }
  int h = kind == BENCH_C2R ? n[2] / 2 + 1 : n[2], conj = kind == BENCH_C2R && i2 >= h;
  if (conj) i0 = (n[0] - i0) % n[0], i1 = (n[1] - i1) % n[1], i2 = n[2] - i2;
  size_t at = ((size_t)i0 * (size_t)n[1] + (size_t)i1) * (size_t)h + (size_t)i2;
  *re = peer_get(in, prec, 2 * at);
  *im = conj ? -peer_get(in, prec, 2 * at + 1) : peer_get(in, prec, 2 * at + 1);
}

/* Relative L2 error of PEER_SPOT_POINTS outputs of transform 0 against the DFT summed in long double
 * (its twiddles exact to a few ulps for any n, peer_twiddle, so any length is checked as well):
 * forward for c2c and r2c (a point of the Hermitian half), backward for c2r, whose real output is
 * compared with the real part of the sum. */
static inline double peer_spot_check(const bench_shape *sh, int prec, int kind, const void *in, const void *out)
{
  int n[3] = {1, 1, 1};
  for (int d = 0; d < sh->rank; ++d) n[3 - sh->rank + d] = sh->n[d];
  int out_last = kind == BENCH_R2C ? n[2] / 2 + 1 : n[2]; /* the output's last length */
  double sign = kind == BENCH_C2R ? -1.0 : 1.0;           /* c2r: conjugate twiddles */
  peer_twiddle tw[3];
  memset(tw, 0, sizeof tw);
  int ok = 1;
  for (int d = 0; d < 3; ++d) ok = ok && peer_twiddle_init(&tw[d], n[d]) == 0;
  long double num = 0, den = 0;
  for (int t = 0; ok && t < PEER_SPOT_POINTS; ++t) {
    long long k[3], flat = 0;
    for (int d = 0; d < 3; ++d) {
      int len = d == 2 ? out_last : n[d];
      k[d] = (long long)((2654435761ULL * (unsigned long long)(t + 1) + 40503ULL * (unsigned long long)d) % (unsigned long long)len);
      if (t == 0) k[d] = 0; /* the first point is the sum of the input */
      flat = flat * len + k[d];
    }
    long double re = 0, im = 0;
    long long m0 = 0;
    for (int i0 = 0; i0 < n[0]; ++i0) {
      double w0r, w0i;
      peer_twiddle_get(&tw[0], m0, &w0r, &w0i);
      long long m1 = 0;
      for (int i1 = 0; i1 < n[1]; ++i1) {
        double w1r, w1i;
        peer_twiddle_get(&tw[1], m1, &w1r, &w1i);
        double ar = w0r * w1r - w0i * w1i, ai = w0r * w1i + w0i * w1r;
        long long m2 = 0;
        for (int i2 = 0; i2 < n[2]; ++i2) {
          double w2r, w2i, xr, xi;
          peer_twiddle_get(&tw[2], m2, &w2r, &w2i);
          double wr = ar * w2r - ai * w2i, wi = sign * (ar * w2i + ai * w2r);
          peer_spot_input(n, kind, prec, in, i0, i1, i2, &xr, &xi);
          re += (long double)(xr * wr) - (long double)(xi * wi);
          im += (long double)(xr * wi) + (long double)(xi * wr);
          m2 += k[2];
          if (m2 >= n[2]) m2 -= n[2];
        }
        m1 += k[1];
        if (m1 >= n[1]) m1 -= n[1];
      }
      m0 += k[0];
      if (m0 >= n[0]) m0 -= n[0];
    }
    if (kind == BENCH_C2R) {
      long double dr = (long double)peer_get(out, prec, (size_t)flat) - re;
      num += dr * dr;
      den += re * re;
      continue;
    }
    long double dr = (long double)peer_get(out, prec, 2 * (size_t)flat) - re;
    long double di = (long double)peer_get(out, prec, 2 * (size_t)flat + 1) - im;
    num += dr * dr + di * di;
    den += re * re + im * im;
  }
  for (int d = 0; d < 3; ++d) free(tw[d].coarse), free(tw[d].fine);
  if (!ok) return NAN;
  return den > 0 ? (double)sqrtl(num / den) : (double)sqrtl(num);
}

/* Relative L2 error of the first `count` (peer_check_count) transforms of out, computed by the
 * library from in with kind, against FFTW in double (fftw_plan_many_dft, _dft_r2c or _dft_c2r on a
 * copy of in, packed as the bench lays data out); NaN if the reference could not be made. */
static inline double peer_check(const bench_shape *sh, int prec, int kind, long long count, const void *in, const void *out)
{
  if (sh->N > PEER_FULL_CHECK_MAX) return peer_spot_check(sh, prec, kind, in, out);
  long long nc = bench_complex_count(sh, kind), nr = sh->N;
  /* values (complex or real) of one transform on each side */
  long long in_n = kind == BENCH_R2C ? nr : nc, out_n = kind == BENCH_C2R ? nr : nc;
  int in_cplx = kind != BENCH_R2C, out_cplx = kind != BENCH_C2R;
  size_t in_total = (size_t)(count * in_n), out_total = (size_t)(count * out_n);
  double *a = (double *)fftw_malloc(in_total * (in_cplx ? 2 : 1) * sizeof *a);
  double *b = (double *)fftw_malloc(out_total * (out_cplx ? 2 : 1) * sizeof *b);
  fftw_plan p = NULL;
  if (a && b && kind == BENCH_C2C)
    p = fftw_plan_many_dft(sh->rank, sh->n, (int)count, (fftw_complex *)a, NULL, 1, (int)nc, (fftw_complex *)b, NULL, 1, (int)nc,
                           FFTW_FORWARD, FFTW_ESTIMATE);
  else if (a && b && kind == BENCH_R2C)
    p = fftw_plan_many_dft_r2c(sh->rank, sh->n, (int)count, a, NULL, 1, (int)nr, (fftw_complex *)b, NULL, 1, (int)nc, FFTW_ESTIMATE);
  else if (a && b)
    p = fftw_plan_many_dft_c2r(sh->rank, sh->n, (int)count, (fftw_complex *)a, NULL, 1, (int)nc, b, NULL, 1, (int)nr, FFTW_ESTIMATE);
  double err = NAN;
  if (p) {
    size_t in_reals = in_total * (in_cplx ? 2 : 1), out_reals = out_total * (out_cplx ? 2 : 1);
    for (size_t i = 0; i < in_reals; ++i) a[i] = peer_get(in, prec, i);
    fftw_execute(p);
    long double num = 0, den = 0;
    for (size_t i = 0; i < out_reals; ++i) {
      long double d = (long double)peer_get(out, prec, i) - b[i];
      num += d * d;
      den += (long double)b[i] * b[i];
    }
    err = den > 0 ? (double)sqrtl(num / den) : (double)sqrtl(num);
    fftw_destroy_plan(p);
  }
  fftw_free(a);
  fftw_free(b);
  return err;
}

/* Opens FILE for --csv and writes the schema line; NULL (with a message) if it cannot. */
static inline FILE *peer_csv_open(const char *prog, const char *path)
{
  FILE *f = fopen(path, "w");
  if (!f) {
    fprintf(stderr, "%s: cannot write %s\n", prog, path);
    return NULL;
  }
  fprintf(f, "library,device,precision,kind,shape,batch,ms,GBps,GFLOPS,err,check,config\n");
  return f;
}

/* The header line every peer prints, then the columns. */
static inline void peer_print_header(const char *prog, const char *library, const char *device, const peer_options *o,
                                     const char *timing)
{
  printf("%s: %s on %s; %s transforms, %zu MiB per run, %d warm-ups, median of %d, timed by %s; checked against FFTW %s in double\n",
         prog, library, device, bench_kind_name(o->kind), o->mib, PEER_WARMUPS, o->repeats, timing, fftw_version);
  printf("%-4s %-14s %9s %13s %13s %16s  %-8s %-8s %s\n", "prec", "shape", "batch", "median", "bandwidth", "rate", "err", "check",
         "config");
  fflush(stdout);
}

/* Tally of the rows, for the closing line. */
typedef struct peer_tally {
  int rows, check_failed, failed;
} peer_tally;

/* Prints one row, and writes it to csv if any.  failure: NULL if the library ran the transform
 * (then ms and err are its median time and error), else why it did not ("FAILED: failure").
 * config: how the library was set up for this row (tokens joined by '+', bench_common.h), the
 * last column of the table and of the CSV. */
static inline void peer_row(peer_tally *tally, FILE *csv, const char *library, const char *device, int prec, int kind,
                            const bench_shape *sh, long long batch, double ms, double err, const char *failure, const char *config)
{
  const char *p = bench_prec_name(prec), *k = bench_kind_name(kind);
  ++tally->rows;
  char check[320];
  if (failure) {
    ++tally->failed;
    snprintf(check, sizeof check, "FAILED: %s", failure);
    printf("%-4s %-14s %9lld  %s  %s\n", p, sh->text, batch, check, config);
  } else {
    double gbps = bench_bytes(sh, kind, prec, batch) / (ms * 1e-3) / 1e9;
    double gflops = bench_flops(sh, kind, batch) / (ms * 1e-3) / 1e9;
    int ok = err <= bench_bound(sh->N, prec); /* false for NaN */
    if (!ok) ++tally->check_failed;
    snprintf(check, sizeof check, "%s", ok ? "ok" : "CHECK FAILED");
    printf("%-4s %-14s %9lld %10.4f ms %8.1f GB/s %9.1f GFLOPS  %-8.2g %-8s %s\n", p, sh->text, batch, ms, gbps, gflops, err, check,
           config);
    if (csv) {
      bench_csv_field(csv, library);
      fputc(',', csv);
      bench_csv_field(csv, device);
      fprintf(csv, ",%s,%s,%s,%lld,%.6f,%.1f,%.1f,%.3g,%s,", p, k, sh->text, batch, ms, gbps, gflops, err, check);
    }
  }
  if (failure && csv) {
    bench_csv_field(csv, library);
    fputc(',', csv);
    bench_csv_field(csv, device);
    fprintf(csv, ",%s,%s,%s,%lld,,,,,", p, k, sh->text, batch);
    bench_csv_field(csv, check);
    fputc(',', csv);
  }
  if (csv) {
    bench_csv_field(csv, config);
    fputc('\n', csv);
    fflush(csv);
  }
  fflush(stdout);
}

/* The closing line on stderr when a row did not pass; returns the program's exit status: 3 when a
 * library computed a wrong result (CHECK FAILED), else 0 (a size a library refuses is a row, not
 * an error). */
static inline int peer_summary(const char *prog, const peer_tally *t)
{
  if (t->failed || t->check_failed)
    fprintf(stderr, "%s: of %d rows, %d FAILED (the library could not run them) and %d CHECK FAILED (wrong results)\n", prog, t->rows,
            t->failed, t->check_failed);
  return t->check_failed ? 3 : 0;
}

#endif
