/* bench_common.h: what every benchmark program in bench/ shares (ppfft-bench and the peers of
 * peer.h: cufft-bench, clfft-bench, vkfft-bench, fftw-bench), so that they read the same shapes,
 * time the same random data, take medians and bounds alike and write CSV the same way:
 *
 *   - precisions (f32, f64, f16), their names and element sizes;
 *   - shapes: 1 to 3 lengths in C order joined by 'x' ("8192", "256x256", "64x64x64");
 *   - the random input (xorshift64, values in [-1, 1), never 0) and the accuracy bound;
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
