/* bench_common.h: what every benchmark program in bench/ shares (ppfft-bench and the peers of
 * peer.h: cufft-bench, clfft-bench, vkfft-bench, fftw-bench), so that they read the same shapes,
 * time the same random data, take medians and bounds alike and write CSV the same way:
 *
 *   - precisions (f32, f64, f16), their names and element sizes;
 *   - kinds (c2c, r2c, c2r) and what a transform of each kind reads and writes: real transforms
 *     follow FFTW's conventions (n[] the real lengths; the complex side has n[rank-1]/2+1 values in
 *     its last dimension; C2R unnormalised), out of place and packed (real rows of n[rank-1] values,
 *     complex rows of n[rank-1]/2+1);
 *   - shapes: 1 to 3 lengths in C order joined by 'x' ("8192", "256x256", "64x64x64");
 *   - the random input (xorshift64, values in [-1, 1), never 0; Hermitian-consistent for C2R) and
 *     the accuracy bound;
 *   - how batch, bytes and rates count (bench_batch, bench_bytes, bench_flops: one convention for
 *     every program);
 *   - the median of a set of times and a monotonic clock;
 *   - RFC 4180 CSV fields, and the configuration column: tokens joined by '+' that say how a
 *     library was set up for a row (e.g. "batch-in-axis+oop+plan-once+b2b"), so a reader can
 *     reproduce it.
 *
 * Everything is static inline, in C11 that also compiles as C++ (nvcc builds cufft-bench.cu). */
#ifndef PPFFT_BENCH_COMMON_H
#define PPFFT_BENCH_COMMON_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { BENCH_F32, BENCH_F64, BENCH_F16, BENCH_NPREC };

static inline const char *bench_prec_name(int prec)
{
  return prec == BENCH_F64 ? "f64" : prec == BENCH_F16 ? "f16" : "f32";
}

/* Bytes of one complex element. */
static inline size_t bench_elem_bytes(int prec)
{
  return prec == BENCH_F64 ? 16 : prec == BENCH_F16 ? 4 : 8;
}

enum { BENCH_C2C, BENCH_R2C, BENCH_C2R, BENCH_NKIND };

static inline const char *bench_kind_name(int kind)
{
  return kind == BENCH_R2C ? "r2c" : kind == BENCH_C2R ? "c2r" : "c2c";
}

/* "c2c", "r2c" or "c2r" to BENCH_*; -1 for anything else. */
static inline int bench_parse_kind(const char *s)
{
  for (int k = 0; k < BENCH_NKIND; ++k)
    if (!strcmp(s, bench_kind_name(k))) return k;
  return -1;
}

/* A transform's lengths in C order (n[rank-1] contiguous), N their product, and the text it was
 * read from (as the tables and CSVs print it). */
typedef struct bench_shape {
  int rank;
  int n[3];
  long long N;
  char text[64];
} bench_shape;

/* Parses "8192", "256x256" or "64x64x64" into sh: 0 on success, -1 if s is not 1 to 3 positive
 * decimal lengths joined by 'x' whose product fits an int (FFTW takes each length, and N as the
 * distance between transforms, as an int).  sh->text is the shape written back ("016" is "16"). */
static inline int bench_parse_shape(const char *s, bench_shape *sh)
{
  if (strlen(s) >= sizeof sh->text) return -1;
  sh->rank = 0;
  sh->N = 1;
  for (const char *q = s;;) {
    char *end;
    long long x = strtoll(q, &end, 10);
    if (end == q || *q < '0' || *q > '9' || x <= 0 || sh->rank == 3 || x > 2147483647LL / sh->N) return -1;
    sh->n[sh->rank++] = (int)x;
    sh->N *= x;
    if (*end == '\0') break;
    if (*end != 'x') return -1;
    q = end + 1;
  }
  int at = 0;
  for (int d = 0; d < sh->rank; ++d) at += snprintf(sh->text + at, sizeof sh->text - (size_t)at, d ? "x%d" : "%d", sh->n[d]);
  return 0;
}

/* Complex values of one transform's complex side: N for C2C, N / n[rank-1] x (n[rank-1]/2 + 1) for
 * the real kinds (FFTW's Hermitian half). */
static inline long long bench_complex_count(const bench_shape *sh, int kind)
{
  if (kind == BENCH_C2C) return sh->N;
  return sh->N / sh->n[sh->rank - 1] * (sh->n[sh->rank - 1] / 2 + 1);
}

/* Bytes of one transform's input (out 0) or output (out 1), packed: complex values of
 * bench_elem_bytes, real values of half that. */
static inline size_t bench_side_bytes(const bench_shape *sh, int kind, int prec, int out)
{
  size_t c = bench_elem_bytes(prec);
  int real = (kind == BENCH_R2C && !out) || (kind == BENCH_C2R && out);
  return real ? (size_t)sh->N * (c / 2) : (size_t)bench_complex_count(sh, kind) * c;
}

/* Transforms in mib MiB of data, at least one: of complex data for C2C, of the real side for R2C
 * and C2R (so a real transform of the same -m does twice the transforms of a complex one, and its
 * complex side is about as large again). */
static inline long long bench_batch(const bench_shape *sh, int kind, int prec, size_t mib)
{
  size_t e = bench_elem_bytes(prec) / (kind == BENCH_C2C ? 1 : 2);
  long long b = (long long)(((unsigned long long)mib << 20) / ((unsigned long long)sh->N * e));
  return b < 1 ? 1 : b;
}

/* Bytes a run moves, for GB/s: its input bytes + its output bytes (for C2C, 2 x bytes). */
static inline double bench_bytes(const bench_shape *sh, int kind, int prec, long long batch)
{
  return (double)batch * (double)(bench_side_bytes(sh, kind, prec, 0) + bench_side_bytes(sh, kind, prec, 1));
}

/* Nominal floating-point operations of one run, for GFLOPS: 5 N log2 N per complex transform, half
 * that (2.5 N log2 N) per real one, as FFTW's benchFFT counts; for an N that is not a power of two
 * log2 N is not an integer and the count is nominal too (the real operation count of a mixed-radix
 * or Bluestein transform differs), so GFLOPS compare libraries on one size, not sizes. */
static inline double bench_flops(const bench_shape *sh, int kind, long long batch)
{
  double n = (double)sh->N;
  return (kind == BENCH_C2C ? 5.0 : 2.5) * n * (n > 1 ? log2(n) : 0.0) * (double)batch;
}

static inline int bench_is_pow2(const bench_shape *sh)
{
  for (int d = 0; d < sh->rank; ++d)
    if (sh->n[d] & (sh->n[d] - 1)) return 0;
  return 1;
}

/* xorshift64; values in [-1, 1), never 0 (the caller re-draws if rounding to its precision gives 0). */
static inline double bench_random(unsigned long long *s)
{
  for (;;) {
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    double v = (double)(*s >> 11) * (1.0 / 4503599627370496.0) - 1.0; /* 2^-52 */
    if (v != 0) return v;
  }
}

/* Fills reals values of host with the benchmarks' random input, in f32 or f64 (never 0: |v| >=
 * 2^-52): the same sequence in every program, so they all transform the same data. */
static inline void bench_fill(void *host, int prec, size_t reals)
{
  unsigned long long s = 0x9E3779B97F4A7C15ull;
  for (size_t i = 0; i < reals; ++i) {
    double v = bench_random(&s);
    if (prec == BENCH_F64) ((double *)host)[i] = v;
    else ((float *)host)[i] = (float)v;
  }
}

/* The input of a run of batch transforms of kind: bench_fill's values, as complex pairs (C2C), reals
 * (R2C), or for C2R complex values of the Hermitian half made Hermitian-consistent: in the planes
 * where the last index is 0 or (n even) n/2, the value at k is the conjugate of the value at -k
 * (the indices of the other dimensions taken modulo their lengths), and a point that is its own
 * mirror is real.  Such input is the R2C of a real signal, so every library's C2R computes the same
 * thing, whatever it does with the parts a real signal cannot have. */
static inline void bench_fill_input(void *host, int prec, const bench_shape *sh, int kind, long long batch)
{
  if (kind == BENCH_R2C) {
    bench_fill(host, prec, (size_t)(sh->N * batch));
    return;
  }
  long long nc = bench_complex_count(sh, kind);
  bench_fill(host, prec, 2 * (size_t)(nc * batch));
  if (kind != BENCH_C2R) return;
  int n[3] = {1, 1, 1}; /* the outer lengths in n[0], n[1]; the last one's half in h */
  for (int d = 0; d < sh->rank - 1; ++d) n[3 - sh->rank + d] = sh->n[d];
  int last = sh->n[sh->rank - 1], h = last / 2 + 1;
  for (long long b = 0; b < batch; ++b)
    for (int plane = 0; plane < (last % 2 ? 1 : 2); ++plane) {
      int kl = plane ? last / 2 : 0;
      for (int a0 = 0; a0 < n[0]; ++a0)
        for (int a1 = 0; a1 < n[1]; ++a1) {
          int m0 = (n[0] - a0) % n[0], m1 = (n[1] - a1) % n[1];
          size_t at = (size_t)(b * nc + ((long long)a0 * n[1] + a1) * h + kl), mirror = (size_t)(b * nc + ((long long)m0 * n[1] + m1) * h + kl);
          if (mirror > at) continue;
          if (prec == BENCH_F64) {
            double *x = (double *)host;
            x[2 * at] = x[2 * mirror], x[2 * at + 1] = mirror == at ? 0.0 : -x[2 * mirror + 1];
          } else {
            float *x = (float *)host;
            x[2 * at] = x[2 * mirror], x[2 * at + 1] = mirror == at ? 0.0f : -x[2 * mirror + 1];
          }
        }
    }
}

/* The accuracy bound of ppfft's tests for a transform of N elements: 5e-7 log2 N for f32, 1e-15
 * log2 N for f64.  For f16 (cuFFT's half transforms compute in half: unit roundoff 2^-11 = 4.9e-4
 * at each of log2 N stages, on data that grows by sqrt(N)) a flat 1e-2, loose enough for 2^27
 * points and still far below the O(1) error of a wrong result. */
static inline double bench_bound(long long N, int prec)
{
  double lg = N > 2 ? log2((double)N) : 1.0;
  return prec == BENCH_F16 ? 1e-2 : prec == BENCH_F64 ? 1e-15 * lg : 5e-7 * lg;
}

static inline int bench_cmp_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* The median of ms[0..count) (sorts ms); count >= 1. */
static inline double bench_median(double *ms, size_t count)
{
  qsort(ms, count, sizeof *ms, bench_cmp_double);
  return count % 2 ? ms[count / 2] : 0.5 * (ms[count / 2 - 1] + ms[count / 2]);
}

/* CLOCK_MONOTONIC in ms. */
static inline double bench_now_ms(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec * 1e-6;
}

/* Writes s as one CSV field, quoted as RFC 4180 says where needed; ';' (plan strings have it) is
 * quoted too, as some readers take it for the delimiter. */
static inline void bench_csv_field(FILE *f, const char *s)
{
  if (!strpbrk(s, ",;\"\r\n")) {
    fputs(s, f);
    return;
  }
  fputc('"', f);
  for (; *s; ++s) {
    if (*s == '"') fputc('"', f);
    fputc(*s, f);
  }
  fputc('"', f);
}

/* Appends token to the configuration string buf (tokens joined by '+'; truncated, never
 * overflowed, if buf is too short). */
static inline void bench_config_add(char *buf, size_t len, const char *token)
{
  size_t at = strlen(buf);
  if (at + 1 < len) snprintf(buf + at, len - at, "%s%s", at ? "+" : "", token);
}

#endif
