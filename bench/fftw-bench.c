/* fftw-bench: FFTW's number on the host CPU for the problems ppfft-bench and cufft-bench time, the
 * same way as the other peers (bench/peer.h): batched complex-to-complex forward transforms,
 * out-of-place, interleaved, f32 (fftwf) and f64 (fftw), rank 1 to 3, about -m MiB of random data
 * (64 by default: a CPU's caches and bandwidth are smaller), FFTW_MEASURE plans on -t threads (one
 * per online CPU by default) with the planning left out of the time, 3 warm-ups, the median of -r
 * runs timed by clock_gettime(CLOCK_MONOTONIC) around fftw_execute, each result checked against
 * FFTW_ESTIMATE in double first (for f64 that is FFTW against another FFTW plan: it catches a
 * broken setup, not a bug FFTW shares with itself).  --kind r2c and c2r (peer.h) plan
 * fftw_plan_many_dft_r2c and _c2r the same way (packed: real rows of n, complex rows of n/2+1); a
 * c2r destroys its input (FFTW's default for it), so the check reads a copy of the input made
 * before the first execute.
 *
 * FFTW is set up as its manual (fftw.org/fftw3_doc) describes for transforms repeated on data of
 * one size: one plan per size, made once and executed again and again (the batch through the
 * advanced interface, fftw_plan_many_dft: howmany transforms at distance N), with FFTW_MEASURE
 * ("Planner Flags": it times several algorithms and keeps the fastest, where FFTW_ESTIMATE
 * guesses), planned before the data is written since MEASURE overwrites the arrays, and with
 * threads (fftw_plan_with_nthreads, "Usage of Multi-threaded FFTW"), one per online CPU by default
 * ("How Many Threads to Use?": about the number of processors).  The CSV's config column says so:
 * "measure+T120+threads16" (T only when -T is given).
 *
 *   fftw-bench [-p f32|f64|f32,f64] [-m MiB] [-r repeats] [--kind c2c|r2c|c2r] [-t threads] [-T seconds]
 *              [--csv FILE] SHAPE...
 *
 * -T caps FFTW_MEASURE's planning per transform (fftw_set_timelimit): planning 2^27 points can take
 * FFTW minutes, and the plan it has by then is what a user with that limit would run.
 *
 * A size FFTW cannot plan or allocate gives a FAILED row, and the run goes on. */
#include "peer.h"
#include <limits.h>
#include <unistd.h>

typedef struct bench {
  char device[320];
  char config[64]; /* the CSV's config column */
  const peer_options *o;
  FILE *csv;
  peer_tally tally;
} bench;

/* The CPU's model name from /proc/cpuinfo, or "CPU". */
static void cpu_name(char *buf, size_t len)
{
  snprintf(buf, len, "CPU");
  FILE *f = fopen("/proc/cpuinfo", "r");
  if (!f) return;
  char line[512];
  while (fgets(line, sizeof line, f)) {
    char *colon = strchr(line, ':');
    if (strncmp(line, "model name", 10) != 0 || !colon) continue;
    colon += strspn(colon + 1, " \t") + 1;
    colon[strcspn(colon, "\r\n")] = '\0';
    snprintf(buf, len, "%s", colon);
    break;
  }
  fclose(f);
}

static void run(bench *b, const bench_shape *sh, int prec)
{
  const peer_options *o = b->o;
  int f64 = prec == BENCH_F64, kind = o->kind;
  long long batch = peer_batch(sh, kind, prec, o->mib), count = peer_check_count(sh, batch);
  size_t in_one = bench_side_bytes(sh, kind, prec, 0), in_bytes = in_one * (size_t)batch;
  size_t out_bytes = bench_side_bytes(sh, kind, prec, 1) * (size_t)batch;
  const char *why = NULL;
  double err = NAN, *ms = (double *)calloc((size_t)o->repeats, sizeof *ms);
  void *in = NULL, *out = NULL, *kept = NULL;
  fftw_plan pd = NULL;
  fftwf_plan pf = NULL;
  if (batch > INT_MAX) why = "the batch is more than FFTW's int takes";
  else if (!ms || !(in = f64 ? fftw_malloc(in_bytes) : fftwf_malloc(in_bytes)) ||
           !(out = f64 ? fftw_malloc(out_bytes) : fftwf_malloc(out_bytes)) || !(kept = malloc(in_one * (size_t)count)))
    why = "out of host memory";
  if (!why) {
    /* planning with FFTW_MEASURE overwrites the arrays: the data comes after */
    int *n = (int *)sh->n, howmany = (int)batch, nr = (int)sh->N, nc = (int)bench_complex_count(sh, kind);
    if (f64 && kind == BENCH_C2C)
      pd = fftw_plan_many_dft(sh->rank, n, howmany, (fftw_complex *)in, NULL, 1, nc, (fftw_complex *)out, NULL, 1, nc, FFTW_FORWARD,
                              FFTW_MEASURE);
    else if (f64 && kind == BENCH_R2C)
      pd = fftw_plan_many_dft_r2c(sh->rank, n, howmany, (double *)in, NULL, 1, nr, (fftw_complex *)out, NULL, 1, nc, FFTW_MEASURE);
    else if (f64)
      pd = fftw_plan_many_dft_c2r(sh->rank, n, howmany, (fftw_complex *)in, NULL, 1, nc, (double *)out, NULL, 1, nr, FFTW_MEASURE);
    else if (kind == BENCH_C2C)
      pf = fftwf_plan_many_dft(sh->rank, n, howmany, (fftwf_complex *)in, NULL, 1, nc, (fftwf_complex *)out, NULL, 1, nc, FFTW_FORWARD,
                               FFTW_MEASURE);
    else if (kind == BENCH_R2C)
      pf = fftwf_plan_many_dft_r2c(sh->rank, n, howmany, (float *)in, NULL, 1, nr, (fftwf_complex *)out, NULL, 1, nc, FFTW_MEASURE);
    else
      pf = fftwf_plan_many_dft_c2r(sh->rank, n, howmany, (fftwf_complex *)in, NULL, 1, nc, (float *)out, NULL, 1, nr, FFTW_MEASURE);
    if (!pd && !pf) why = kind == BENCH_C2C ? (f64 ? "fftw_plan_many_dft returned NULL" : "fftwf_plan_many_dft returned NULL")
                          : kind == BENCH_R2C ? (f64 ? "fftw_plan_many_dft_r2c returned NULL" : "fftwf_plan_many_dft_r2c returned NULL")
                                              : (f64 ? "fftw_plan_many_dft_c2r returned NULL" : "fftwf_plan_many_dft_c2r returned NULL");
  }
  if (!why) {
    bench_fill_input(in, prec, sh, kind, batch);
    memcpy(kept, in, in_one * (size_t)count); /* c2r destroys its input */
    /* the check: one execute, its first transforms compared with FFTW_ESTIMATE in double */
    if (f64) fftw_execute(pd);
    else fftwf_execute(pf);
    err = peer_check(sh, prec, kind, count, kept, out);
    for (int r = -PEER_WARMUPS; r < o->repeats; ++r) {
      double t0 = bench_now_ms();
      if (f64) fftw_execute(pd);
      else fftwf_execute(pf);
      double t1 = bench_now_ms();
      if (r >= 0) ms[r] = t1 - t0;
    }
    peer_row(&b->tally, b->csv, "fftw", b->device, prec, kind, sh, batch, bench_median(ms, (size_t)o->repeats), err, NULL, b->config);
  } else {
    peer_row(&b->tally, b->csv, "fftw", b->device, prec, kind, sh, batch, NAN, NAN, why, b->config);
  }
  if (pd) fftw_destroy_plan(pd);
  if (pf) fftwf_destroy_plan(pf);
  if (f64) fftw_free(in), fftw_free(out);
  else fftwf_free(in), fftwf_free(out);
  free(ms), free(kept);
}

int main(int argc, char **argv)
{
  const char *prog = "fftw-bench";
  peer_options o;
  int s = peer_parse_args(argc, argv, prog, PEER_ALLOW_FFTW | PEER_ALLOW_KIND, 64, &o);
  if (s) return s < 0 ? 0 : s;
  int threads = o.threads;
  if (threads < 1) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    threads = n > 0 && n < 4096 ? (int)n : 1;
  }
  if (!fftw_init_threads() || !fftwf_init_threads()) return fprintf(stderr, "%s: FFTW's threads would not start\n", prog), 1;
  fftw_plan_with_nthreads(threads);
  fftwf_plan_with_nthreads(threads);
  if (o.plan_limit > 0) fftw_set_timelimit(o.plan_limit), fftwf_set_timelimit(o.plan_limit);
  bench b;
  memset(&b, 0, sizeof b);
  b.o = &o;
  char cpu[256];
  cpu_name(cpu, sizeof cpu);
  snprintf(b.device, sizeof b.device, "%s (%d threads)", cpu, threads);
  char library[128];
  char limit[64] = "";
  if (o.plan_limit > 0) snprintf(limit, sizeof limit, " planning at most %g s", o.plan_limit);
  snprintf(library, sizeof library, "%s (FFTW_MEASURE%s, %d threads)", fftw_version, limit, threads);
  /* config: measure, T<seconds> when planning is capped, threads<N> */
  char token[32];
  bench_config_add(b.config, sizeof b.config, "measure");
  snprintf(token, sizeof token, "T%g", o.plan_limit);
  if (o.plan_limit > 0) bench_config_add(b.config, sizeof b.config, token);
  snprintf(token, sizeof token, "threads%d", threads);
  bench_config_add(b.config, sizeof b.config, token);
  if (o.csv_path && !(b.csv = peer_csv_open(prog, o.csv_path))) return 1;
  peer_print_header(prog, library, b.device, &o, "clock_gettime around fftw_execute");
  for (int p = 0; p < BENCH_NPREC; ++p)
    for (int i = 0; o.prec[p] && i < o.nshapes; ++i) run(&b, &o.shapes[i], p);
  int status = peer_summary(prog, &b.tally);
  if (b.csv) fclose(b.csv);
  fftw_cleanup_threads();
  fftwf_cleanup_threads();
  return status;
}
