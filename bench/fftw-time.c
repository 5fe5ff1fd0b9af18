/* fftw-time: FFTW's speed on the host CPU for the shapes ppfft-bench times, the "speedup over
 * FFTW" column of bench/study's Table 6 (del Mundo and Feng compare with FFTW on a quad-core CPU).
 *
 * For every shape and precision: batched, out-of-place, forward complex transforms of -m MiB,
 * planned with FFTW_MEASURE (at most 10 s of planning) on -T threads (default: every online CPU),
 * random input, one untimed run, then the median wall-clock time of -r runs.  Prints GB/s and
 * GFLOPS as ppfft-bench does (2 x bytes / time, 5 N log2(N) batch / time) and appends the same CSV
 * columns (device "FFTW on <T> host threads", driver FFTW's version string). */
#include <fftw3.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { MAX_SHAPES = 64 };

typedef struct shape {
  int rank;
  int n[3];
  char name[64];
} shape;

static double now_ms(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec * 1e-6;
}

static int cmp_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Uniform in [-1, 1): xorshift64. */
static double next_random(unsigned long long *s)
{
  *s ^= *s << 13;
  *s ^= *s >> 7;
  *s ^= *s << 17;
  return (double)(*s >> 11) * 0x1.0p-52 - 1.0;
}

/* The median of `repeats` executes of a batched plan over `shape`, in ms, for one precision: P is
 * FFTW's prefix (fftwf, fftw) and R its real type.  Returns NAN if FFTW cannot plan it. */
#define DEFINE_TIMER(NAME, P, R)                                                                                       \
  static double NAME(const shape *sh, int batch, size_t repeats, double *times)                                      \
  {                                                                                                                    \
    int len = 1;                                                                                                       \
    for (int d = 0; d < sh->rank; ++d) len *= sh->n[d];                                                                \
    size_t count = (size_t)len * (size_t)batch;                                                                        \
    P##_complex *in = P##_malloc(count * sizeof *in), *out = P##_malloc(count * sizeof *out);                          \
    P##_plan plan = in && out ? P##_plan_many_dft(sh->rank, sh->n, batch, in, NULL, 1, len, out, NULL, 1, len,         \
                                                  FFTW_FORWARD, FFTW_MEASURE)                                          \
                              : NULL;                                                                                  \
    double ms = NAN;                                                                                                   \
    if (plan) {                                                                                                        \
      unsigned long long seed = 0x9E3779B97F4A7C15ull; /* planning overwrote the arrays */                           \
      for (size_t i = 0; i < count; ++i) {                                                                             \
        in[i][0] = (R)next_random(&seed);                                                                              \
        in[i][1] = (R)next_random(&seed);                                                                              \
      }                                                                                                                \
      P##_execute(plan);                                                                                               \
      for (size_t i = 0; i < repeats; ++i) {                                                                           \
        double t0 = now_ms();                                                                                          \
        P##_execute(plan);                                                                                             \
        times[i] = now_ms() - t0;                                                                                      \
      }                                                                                                                \
      qsort(times, repeats, sizeof *times, cmp_double);                                                                \
      ms = times[repeats / 2];                                                                                         \
      P##_destroy_plan(plan);                                                                                          \
    }                                                                                                                  \
    P##_free(in);                                                                                                      \
    P##_free(out);                                                                                                     \
    return ms;                                                                                                         \
  }
DEFINE_TIMER(time_f32, fftwf, float)
DEFINE_TIMER(time_f64, fftw, double)

static void usage(FILE *f)
{
  fprintf(f, "usage: fftw-time [-n LIST] [-p f32|f64|both] [-m MIB] [-r REPEATS] [-T THREADS] [--csv FILE]\n"
             "  -n LIST     lengths or shapes in C order, as ppfft-bench takes them (default 16,64,256,256x256)\n"
             "  -p PREC     f32 (default), f64 or both\n"
             "  -m MIB      MiB of data per run (default 256); batch = MIB*2^20 / (N * element bytes)\n"
             "  -r REPEATS  timed runs, median reported (default 20)\n"
             "  -T THREADS  FFTW threads (default: the online CPUs)\n"
             "  --csv FILE  also append rows to FILE in ppfft-bench's CSV columns\n"
             "Batched out-of-place forward complex transforms planned with FFTW_MEASURE.\n");
}

/* "16,64,256x256" into shapes; returns the count, or -1 if malformed. */
static int parse_shapes(const char *s, shape *out)
{
  int k = 0;
  while (*s) {
    if (k == MAX_SHAPES) return -1;
    shape *sh = &out[k++];
    size_t item = strcspn(s, ",");
    if (item == 0 || item >= sizeof sh->name) return -1;
    memcpy(sh->name, s, item);
    sh->name[item] = '\0';
    sh->rank = 0;
    long total = 1;
    for (const char *p = sh->name; *p;) {
      char *end;
      long v = strtol(p, &end, 10);
      if (end == p || v < 1 || sh->rank == 3 || v > (1L << 30) / total || (*end && *end != 'x')) return -1;
      sh->n[sh->rank++] = (int)v;
      total *= v;
      p = *end ? end + 1 : end;
    }
    s += item;
    if (*s == ',' && !*++s) return -1;
  }
  return k;
}

int main(int argc, char **argv)
{
  shape shapes[MAX_SHAPES];
  int nshapes = parse_shapes("16,64,256,256x256", shapes);
  int f32 = 1, f64 = 0;
  long mib = 256, repeats = 20, threads = sysconf(_SC_NPROCESSORS_ONLN);
  const char *csv_path = NULL;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      usage(stdout);
      return 0;
    }
    if (!val || (strcmp(a, "-n") && strcmp(a, "-p") && strcmp(a, "-m") && strcmp(a, "-r") && strcmp(a, "-T") && strcmp(a, "--csv"))) {
      fprintf(stderr, "fftw-time: bad argument '%s'\n", a);
      usage(stderr);
      return 2;
    }
    ++i;
    int bad = 0;
    if (!strcmp(a, "-n")) bad = (nshapes = parse_shapes(val, shapes)) <= 0;
    else if (!strcmp(a, "-p")) {
      f32 = !strcmp(val, "f32") || !strcmp(val, "both");
      f64 = !strcmp(val, "f64") || !strcmp(val, "both");
      bad = !f32 && !f64;
    } else if (!strcmp(a, "--csv")) csv_path = val;
    else {
      char *end;
      long v = strtol(val, &end, 10);
      bad = *end || v < 1 || v > 1000000;
      if (!strcmp(a, "-m")) mib = v;
      else if (!strcmp(a, "-r")) repeats = v;
      else threads = v;
    }
    if (bad) {
      fprintf(stderr, "fftw-time: invalid value '%s' for %s\n", val, a);
      return 2;
    }
  }
  if (threads < 1) threads = 1;
  double *times = malloc((size_t)repeats * sizeof *times);
  FILE *csv = csv_path ? fopen(csv_path, "a") : NULL;
  if (!times || (csv_path && !csv)) {
    fprintf(stderr, "fftw-time: %s\n", times ? "cannot open the CSV file" : "out of memory");
    return 2;
  }
  if (csv && fseek(csv, 0, SEEK_END) == 0 && ftell(csv) == 0)
    fputs("device,driver,precision,n,batch,variant,ms,gbps,gflops,rel_err,status\n", csv);
  fftwf_init_threads();
  fftw_init_threads();
  fftwf_plan_with_nthreads((int)threads);
  fftw_plan_with_nthreads((int)threads);
  fftwf_set_timelimit(10.0);
  fftw_set_timelimit(10.0);
  printf("FFTW %s on %ld threads, FFTW_MEASURE, out of place, forward; median of %ld runs\n", fftw_version, threads, repeats);
  printf("%10s %9s %4s %10s %8s %8s\n", "N", "batch", "prec", "median_ms", "GB/s", "GFLOPS");
  for (int p = 0; p < 2; ++p) {
    if (!(p ? f64 : f32)) continue;
    size_t elem = p ? 16 : 8;
    for (int k = 0; k < nshapes; ++k) {
      const shape *sh = &shapes[k];
      size_t n = 1;
      for (int d = 0; d < sh->rank; ++d) n *= (size_t)sh->n[d];
      size_t b = ((size_t)mib << 20) / (n * elem);
      int batch = b == 0 ? 1 : b > (1u << 30) / n ? (int)((1u << 30) / n) : (int)b;
      double ms = p ? time_f64(sh, batch, (size_t)repeats, times) : time_f32(sh, batch, (size_t)repeats, times);
      double bytes = (double)n * batch * (double)elem, sec = ms * 1e-3;
      double gbps = 2.0 * bytes / sec / 1e9, gflops = 5.0 * (double)n * log2((double)n) * batch / sec / 1e9;
      const char *prec = p ? "f64" : "f32", *status = isnan(ms) ? "FFTW could not plan it" : "ok";
      printf("%10s %9d %4s %10.4f %8.2f %8.2f  %s\n", sh->name, batch, prec, ms, gbps, gflops, status);
      if (csv)
        fprintf(csv, "FFTW on %ld host threads,%s,%s,%s,%d,fftw-measure,%.6f,%.4f,%.4f,nan,%s\n", threads, fftw_version, prec, sh->name,
                batch, ms, gbps, gflops, status);
    }
  }
  if (csv) fclose(csv);
  free(times);
  fftwf_cleanup_threads();
  fftw_cleanup_threads();
  return 0;
}
