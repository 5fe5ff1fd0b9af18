/* ppfft-tune: times kernel variants on one device and writes the winners as wisdom, which every
 * ppfft context on that device then loads.  Run it once per GPU (and again after a driver update).
 *
 *   ppfft-tune [--backend opencl|cuda] [--device P:D | D] [--problems LIST | --canonical]
 *              [--budget SECONDS] [--exhaustive] [--jobs J] [--resume] [-o FILE] [-v]
 *   ppfft-tune [--backend opencl|cuda] [--device P:D | D] --check [FILE...]
 *
 * Problems use fftw-wisdom's letters: c (complex) or r (real: forward is R2C, backward C2R), o/i
 * (out-of-place/in-place), f/b (forward/backward), then the lengths (real lengths for r), e.g.
 * cof1024, cib4096, cof256x256, rof1000 (R2C), rob64x64 (C2R); ":f64" for double precision, ":f16"
 * for half (CUDA only: half2 data, computed in f32), and ":b<batch>" for a batch (default: enough transforms for 256 MiB, 16 MiB on a CPU device, at most
 * an eighth of the device's memory).  Each winner is checked against FFTW before it is written.
 * Wisdom never gets worse: the plan of an entry that already serves a problem is timed against the
 * search's winner and kept unless the winner is faster by more than the noise (plan/tune.c).
 *
 * Building kernels costs far more than timing them, and NVIDIA's OpenCL compiler builds one program
 * at a time per process.  So J - 1 builder processes (this program again, with --build-share j/J-1:
 * tuner/builders.h) compile the candidates into the disk cache, each its share, problem by problem,
 * while this process times each problem from the cache, alone on the device, as soon as every
 * builder has passed it.
 *
 * --check reads the wisdom this device's contexts load (or the files named) and says, entry by
 * entry, at which level it serves the device (wisdom/device_keys.h) and whether the generator that
 * made it is this ppfft's: an entry of another generator is ignored, and its problem needs tuning
 * again. */
#include "core/half.h"
#include "gen/signature.h"
#include "plan/planner.h"
#include "ppfft.h"
#include "wisdom/files.h"
#include "builders.h"
#ifdef PPFFT_TUNE_CUDA
#include "ppfft_cuda.h"
#endif
#include <fftw3.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

typedef struct tune_problem {
  char name[64];
  ppfft_desc desc;
} tune_problem;

typedef struct options {
  const char *device, *problems, *output;
  int cuda;                           /* --backend cuda: a CUDA context (--device D: CUDA device D) */
  int canonical, exhaustive, verbose, resume, check;
  char **files;                       /* --check FILE...: these instead of the default places */
  int nfiles;
  double budget;
  unsigned jobs;                      /* processes that compile first, this one included (1: build while timing) */
  int jobs_given;                     /* --jobs: exactly that many, else as many as the lists need */
  unsigned build_share, build_shares; /* set: this is builder build_share of build_shares */
} options;

static double now_s(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void usage(FILE *f)
{
  fprintf(f, "usage: ppfft-tune [--backend opencl|cuda] [--device P:D | D] [--problems LIST | --canonical]\n"
             "                  [--budget SECONDS] [--exhaustive] [--jobs J] [--resume] [-o FILE] [-v]\n"
             "       ppfft-tune [--backend opencl|cuda] [--device P:D | D] --check [FILE...]\n"
             "  --backend B      tune OpenCL's device (default; --device P:D as clinfo -l lists them) or, with cuda, the\n"
             "                   CUDA backend's (--device D: CUDA device D, default 0; a build with --with-cuda)\n"
             "  --problems LIST  comma-separated, e.g. cof1024,cib4096:f64,cof256:b64,rof1000 (c=complex, r=real: R2C\n"
             "                   forward, C2R backward; o/i=out-of/in-place, f/b=forward/backward, lengths, :f64\n"
             "                   double precision, :f16 half precision (CUDA), :b<batch>)\n"
             "  --canonical      1D 2^1..2^24, 2D squares 2^2..2^12, 3D cubes 2^2..2^8, some lengths of radix 3,\n"
             "                   5, 7 and Bluestein's, R2C and C2R (1D 2^8..2^14, 1024^2, 4096^2, 128^3, 256^3),\n"
             "                   f32 and f64 (what this version cannot plan yet is listed and skipped); with --backend\n"
             "                   cuda also their powers of two in f16, and 512x256 f16\n"
             "  --budget S       stop after about S seconds in all (default 600)\n"
             "  --exhaustive     time the whole search space instead of the short list (PPFFT_EXHAUSTIVE in\n"
             "                   ppfft.h: every variant and launch shape, every split into passes)\n"
             "  --jobs J         J-1 builder processes compile the candidates ahead of this one, which times each\n"
             "                   problem once they have passed it (default: about one per six candidates, at\n"
             "                   most the CPUs and 16; 1, no builders, when PPFFT_CACHE=0, since the builds reach\n"
             "                   the timing run through the disk cache)\n"
             "  -o FILE          wisdom file to write (default: $XDG_DATA_HOME/ppfft/wisdom/<device>.wisdom,\n"
             "                   where every ppfft program looks; an existing file there is merged)\n"
             "  --resume         skip the problems for which the wisdom loaded at start has an entry of this device\n"
             "                   (an interrupted run again, with PPFFT_WISDOM_PATH=FILE -o FILE); an entry of\n"
             "                   its architecture class or of another driver is tuned over\n"
             "  -v               one line per candidate, and per problem the existing entry against the search's winner:\n"
             "                   wisdom never gets worse, an entry that serves the problem (this device's or its class's)\n"
             "                   is replaced only by a plan more than %.0f %% faster, timed side by side, or when it no longer builds\n"
             "  --check          list the wisdom this device loads (or FILE...): the level at which each entry serves\n"
             "                   it, and the entries made by another generator, which are ignored (exit status 1 when\n"
             "                   some would serve this device: tune those problems again)\n",
          100 * TUNE_NOISE);
}

/* Parses one problem ("cof1024:f64:b64") into p; 0 on success. */
static int parse_problem(const char *s, tune_problem *p)
{
  if (strlen(s) >= sizeof p->name || (s[0] != 'c' && s[0] != 'r') || (s[1] != 'o' && s[1] != 'i') || (s[2] != 'f' && s[2] != 'b'))
    return -1;
  snprintf(p->name, sizeof p->name, "%s", s);
  size_t n[3];
  int rank = 0;
  const char *q = s + 3;
  for (;;) {
    char *end;
    unsigned long long x = strtoull(q, &end, 10);
    if (end == q || x == 0 || rank == 3) return -1;
    n[rank++] = (size_t)x;
    q = end;
    if (*q != 'x') break;
    ++q;
  }
  ppfft_desc_init(&p->desc, rank, n, 0);
  p->desc.inplace = s[1] == 'i';
  p->desc.direction = s[2] == 'f' ? PPFFT_FORWARD : PPFFT_BACKWARD;
  if (s[0] == 'r') p->desc.kind = s[2] == 'f' ? PPFFT_R2C : PPFFT_C2R;
  while (*q == ':') {
    ++q;
    if (!strncmp(q, "f64", 3)) p->desc.precision = PPFFT_F64, q += 3;
    else if (!strncmp(q, "f32", 3)) p->desc.precision = PPFFT_F32, q += 3;
    else if (!strncmp(q, "f16", 3)) p->desc.precision = PPFFT_F16, q += 3;
    else if (*q == 'b') {
      char *end;
      unsigned long long b = strtoull(q + 1, &end, 10);
      if (end == q + 1 || b == 0) return -1;
      p->desc.batch = (size_t)b;
      q = end;
    } else return -1;
  }
  return *q ? -1 : 0;
}

/* The batch that fills 256 MiB (16 MiB on a CPU device, whose caches are smaller and whose runs
 * are slow), capped at an eighth of the device's memory. */
static size_t fill_batch(const ppfft_desc *d, const device_info *di)
{
  size_t per = precision_elem_bytes(d->precision) / (d->kind == PPFFT_C2C ? 1 : 2); /* real kinds: the real side */
  for (int i = 0; i < d->rank; ++i) per *= d->n[i];
  size_t bytes = (size_t)((di->type & CL_DEVICE_TYPE_CPU) ? 16 : 256) << 20;
  if (di->global_mem / 8 < bytes) bytes = (size_t)(di->global_mem / 8);
  if (di->max_alloc < bytes) bytes = (size_t)di->max_alloc;
  return bytes / per ? bytes / per : 1;
}

/* The canonical set: powers of two (C2C: 1D 2^1..2^24, 2D squares 2^2..2^12, 3D cubes 2^2..2^8),
 * then lengths of other radices and Bluestein's, then real transforms (R2C and C2R), each in f32
 * and f64; on CUDA contexts the powers of two again in f16 (half precision is CUDA's only), with
 * 512x256, a 2D shape of issue 15's acceptance that is not a square, last. */
static const char *const canonical_other[] = {
  /* mixed radix, 1D, 2D and 3D */
  "cof12", "cof100", "cof243", "cof1000", "cof2187", "cof15625", "cof16807", "cof27648", "cof100x100", "cof480x640", "cof96x96x96",
  "cof100x100x100",
  /* Bluestein */
  "cof17", "cof127", "cof4099", "cof65537",
  /* real */
  "rof256", "rof1024", "rof4096", "rof16384", "rof1024x1024", "rof4096x4096", "rof128x128x128", "rof256x256x256", "rob256", "rob1024",
  "rob4096", "rob16384", "rob1024x1024", "rob4096x4096", "rob128x128x128", "rob256x256x256"};

/* Appends the powers of two of the canonical set in precision suffix sfx to list[*n]. */
static void add_powers(tune_problem *list, size_t *n, const char *sfx)
{
  char name[64];
  for (int k = 1; k <= 24; ++k) snprintf(name, sizeof name, "cof%llu%s", 1ull << k, sfx), parse_problem(name, &list[(*n)++]);
  for (int k = 2; k <= 12; ++k)
    snprintf(name, sizeof name, "cof%llux%llu%s", 1ull << k, 1ull << k, sfx), parse_problem(name, &list[(*n)++]);
  for (int k = 2; k <= 8; ++k)
    snprintf(name, sizeof name, "cof%llux%llux%llu%s", 1ull << k, 1ull << k, 1ull << k, sfx), parse_problem(name, &list[(*n)++]);
}

static size_t canonical(int cuda, tune_problem **out)
{
  size_t nother = sizeof canonical_other / sizeof canonical_other[0], cap = 3 * (24 + 11 + 7) + 1 + 2 * nother, n = 0;
  tune_problem *list = calloc(cap, sizeof *list);
  if (!list) return 0;
  char name[64];
  add_powers(list, &n, "");
  add_powers(list, &n, ":f64");
  for (int prec = 0; prec < 2; ++prec)
    for (size_t i = 0; i < nother; ++i)
      snprintf(name, sizeof name, "%s%s", canonical_other[i], prec ? ":f64" : ""), parse_problem(name, &list[n++]);
  if (cuda) {
    add_powers(list, &n, ":f16");
    parse_problem("cof512x256:f16", &list[n++]);
  }
  *out = list;
  return n;
}

/* Progress: a bar on a terminal, nothing otherwise (one line per problem is printed anyway). */
typedef struct progress {
  ppfft_context *ctx; /* its last error says why a candidate did not build or run */
  int tty, verbose;
  const char *problem;
  size_t index, total;
  double deadline;
} progress;

static void show_progress(void *arg, size_t done, size_t total, double ms, const char *name, double best_ms, const char *best)
{
  progress *pr = arg;
  if (pr->verbose) {
    if (isnan(ms)) { /* the reason's first line (a build log follows it) */
      const char *why = ppfft_context_last_error(pr->ctx);
      fprintf(stderr, "  %s  candidate %zu/%zu  %s  did not build or run: %.*s\n", pr->problem, done, total, name, (int)strcspn(why, "\n"), why);
    }
    else fprintf(stderr, "  %s  candidate %zu/%zu  %s  %s%.4f ms  (best %.4f ms %s)\n", pr->problem, done, total, name,
                 ms < 0 ? "dropped at " : "", ms < 0 ? -ms : ms, best_ms, best);
  }
  if (!pr->tty) return;
  int width = 24, fill = total ? (int)(width * done / total) : width;
  double left = pr->deadline - now_s();
  fprintf(stderr, "\r[%-*.*s] problem %zu/%zu %-18s %3zu/%-3zu best %.4f ms  %4.0f s left  %-40.40s", width, fill,
          "########################", pr->index, pr->total, pr->problem, done, total, best_ms, left > 0 ? left : 0, best);
  fflush(stderr);
}

/* -v: the existing entry against the search's winner (plan/tune.c's rule). */
static void report_existing(const char *name, const tune_report *r)
{
  switch (r->outcome) {
  case TUNE_NEW: fprintf(stderr, "  %s  no existing entry\n", name); break;
  case TUNE_STALE:
    fprintf(stderr, "  %s  the existing entry (%s) %s no longer builds or runs here: replaced\n", name, wisdom_level_name(r->level),
            r->old_plan);
    break;
  case TUNE_REPLACED:
  case TUNE_KEPT:
    if (isnan(r->old_ms)) {
      fprintf(stderr, "  %s  the existing entry (%s) %s: kept, %s\n", name, wisdom_level_name(r->level), r->old_plan,
              strcmp(r->old_plan, r->new_plan) ? "not timed whole (planar)" : "the search's winner too");
      break;
    }
    fprintf(stderr, "  %s  the existing entry (%s) %s %.4f ms, the search's winner %s %.4f ms: %s more than %.0f %% faster\n", name,
            wisdom_level_name(r->level), r->old_plan, r->old_ms, r->new_plan, r->new_ms,
            r->outcome == TUNE_KEPT ? "kept the existing entry, the winner is not" : "replaced, the winner is", 100 * TUNE_NOISE);
    break;
  }
}

/* Relative L2 error of the plan's output against FFTW in double precision on random data, over
 * the first few transforms.  Only those are made on the host and compared; the rest of the batch is
 * zeros (transforms do not mix), so a check costs little next to the search.  f16 data are rounded
 * to half on the host, and FFTW transforms those halves. */
static double check_against_fftw(ppfft_plan *plan, const transform *p)
{
  size_t n = transform_length(p), check = p->batch < 8 ? p->batch : 8, count = n * check, eb = transform_elem_bytes(p);
  int f64 = p->f64, f16 = p->f16;
  double *x = malloc(16 * count), *ref = malloc(16 * count), *got = malloc(16 * count);
  void *in = calloc(plan->in_span, eb), *out = malloc(plan->out_span * eb);
  double err = INFINITY;
  if (x && ref && got && in && out) {
    unsigned long long s = 7;
    for (size_t i = 0; i < 2 * count; ++i) {
      s ^= s << 13, s ^= s >> 7, s ^= s << 17;
      x[i] = (double)(s >> 11) * 0x1.0p-52 - 1.0;
      if (f64) ((double *)in)[i] = x[i];
      else if (f16) x[i] = half_to_float(((uint16_t *)in)[i] = half_from_float((float)x[i]));
      else x[i] = ((float *)in)[i] = (float)x[i];
    }
    if (plan_run_host(plan, in, out) == PPFFT_SUCCESS) {
      for (size_t i = 0; i < 2 * count; ++i)
        got[i] = f64 ? ((double *)out)[i] : f16 ? half_to_float(((uint16_t *)out)[i]) : ((float *)out)[i];
      int len[3];
      for (int d = 0; d < p->rank; ++d) len[d] = (int)p->n[d];
      fftw_plan fp = fftw_plan_many_dft(p->rank, len, (int)check, (fftw_complex *)x, NULL, 1, (int)n, (fftw_complex *)ref, NULL, 1, (int)n,
                                        p->sign < 0 ? FFTW_FORWARD : FFTW_BACKWARD, FFTW_ESTIMATE);
      fftw_execute(fp);
      fftw_destroy_plan(fp);
      double num = 0, den = 0;
      for (size_t i = 0; i < 2 * count; ++i) {
        double r = ref[i] * p->scale;
        num += (got[i] - r) * (got[i] - r);
        den += r * r;
      }
      err = sqrt(num / den);
    }
  }
  free(x), free(ref), free(got), free(in), free(out);
  return err;
}

/* The same for R2C and C2R, on each side's own layout (core/transform.h: element i of a row at
 * offset + b dist + sum i_d stride[d], in that side's units): R2C of random reals against FFTW's r2c;
 * C2R of the r2c of random reals (a Hermitian input) against FFTW's c2r of it. */
static double check_real_against_fftw(ppfft_plan *plan, const transform *p)
{
  int rank = p->rank, len[3];
  size_t n = transform_length(p), check = p->batch < 8 ? p->batch : 8, nl = p->n[rank - 1], nc = n / nl * (nl / 2 + 1);
  for (int d = 0; d < rank; ++d) len[d] = (int)p->n[d];
  int f64 = p->f64, r2c = p->kind == PPFFT_R2C;
  size_t room = (plan->in_span + plan->out_span + 1) * 16; /* run_host moves spans of complex elements */
  double *x = fftw_malloc(sizeof(double) * n * check), *y = fftw_malloc(sizeof(fftw_complex) * nc * check);
  double *ref = fftw_malloc(sizeof(double) * 2 * (n > nc ? n : nc) * check);
  void *in = calloc(1, room), *out = calloc(1, room);
  double err = INFINITY;
  fftw_plan fr = NULL, fc = NULL;
  if (x && y && ref && in && out) {
    fr = fftw_plan_many_dft_r2c(rank, len, (int)check, x, NULL, 1, (int)n, (fftw_complex *)y, NULL, 1, (int)nc, FFTW_ESTIMATE);
    fc = fftw_plan_many_dft_c2r(rank, len, (int)check, (fftw_complex *)y, NULL, 1, (int)nc, ref, NULL, 1, (int)n, FFTW_ESTIMATE);
  }
  if (fr && fc) {
    unsigned long long s = 7;
    for (size_t i = 0; i < n * check; ++i) {
      s ^= s << 13, s ^= s >> 7, s ^= s << 17;
      x[i] = (double)(s >> 11) * 0x1.0p-52 - 1.0;
      if (!f64) x[i] = (float)x[i];
    }
    fftw_execute(fr); /* y: the Hermitian half of x's transform */
    if (!r2c) {
      for (size_t i = 0; i < 2 * nc * check; ++i) ((double *)y)[i] = f64 ? ((double *)y)[i] : (float)((double *)y)[i];
      double *keep = fftw_malloc(sizeof(fftw_complex) * nc * check);
      if (keep) memcpy(keep, y, sizeof(fftw_complex) * nc * check);
      fftw_execute(fc); /* ref: C2R of y (destroys y) */
      if (keep) memcpy(y, keep, sizeof(fftw_complex) * nc * check);
      fftw_free(keep);
      if (!keep) goto done;
    }
    /* the input, at its layout: reals for R2C, y for C2R */
    const side_layout *si = &p->in, *so = &p->out;
    size_t ri = r2c ? 1 : 2, ro = r2c ? 2 : 1; /* reals per element on each side */
    for (size_t b = 0; b < check; ++b)
      for (size_t e = 0; e < (r2c ? n : nc); ++e) {
        size_t at = si->offset + b * si->dist, rest = e;
        for (int d = rank - 1; d >= 0; --d) {
          size_t m = (r2c || d < rank - 1) ? p->n[d] : nl / 2 + 1;
          at += (rest % m) * si->stride[d];
          rest /= m;
        }
        for (size_t c = 0; c < ri; ++c) {
          double v = r2c ? x[b * n + e] : ((double *)y)[2 * (b * nc + e) + c];
          if (f64) ((double *)in)[at * ri + c] = v;
          else ((float *)in)[at * ri + c] = (float)v;
        }
      }
    if (plan_run_host(plan, in, out) == PPFFT_SUCCESS) {
      double num = 0, den = 0;
      for (size_t b = 0; b < check; ++b)
        for (size_t e = 0; e < (r2c ? nc : n); ++e) {
          size_t at = so->offset + b * so->dist, rest = e;
          for (int d = rank - 1; d >= 0; --d) {
            size_t m = (!r2c || d < rank - 1) ? p->n[d] : nl / 2 + 1;
            at += (rest % m) * so->stride[d];
            rest /= m;
          }
          for (size_t c = 0; c < ro; ++c) {
            double got = f64 ? ((double *)out)[at * ro + c] : ((float *)out)[at * ro + c];
            double r = (r2c ? ((double *)y)[2 * (b * nc + e) + c] : ref[b * n + e]) * p->scale;
            num += (got - r) * (got - r);
            den += r * r;
          }
        }
      err = sqrt(num / den);
    }
  }
done:
  if (fr) fftw_destroy_plan(fr);
  if (fc) fftw_destroy_plan(fc);
  fftw_free(x), fftw_free(y), fftw_free(ref), free(in), free(out);
  return err;
}

static int parse_args(int argc, char **argv, options *o)
{
  o->budget = 600;
  long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  o->jobs = cpus < 1 ? 1 : cpus > 16 ? 16 : (unsigned)cpus;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    const char *val = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) return 1;
    if (!strcmp(a, "--canonical")) o->canonical = 1;
    else if (!strcmp(a, "--exhaustive")) o->exhaustive = 1;
    else if (!strcmp(a, "-v")) o->verbose = 1;
    else if (!strcmp(a, "--resume")) o->resume = 1;
    else if (!strcmp(a, "--check")) {
      o->check = 1;
      o->files = argv + i + 1; /* the rest are files */
      o->nfiles = argc - i - 1;
      break;
    }
    else if (!strcmp(a, "--device") && val) o->device = val, ++i;
    else if (!strcmp(a, "--backend") && val) {
      if (!strcmp(val, "cuda")) o->cuda = 1;
      else if (strcmp(val, "opencl")) return -1;
      ++i;
    }
    else if (!strcmp(a, "--problems") && val) o->problems = val, ++i;
    else if (!strcmp(a, "-o") && val) o->output = val, ++i;
    else if (!strcmp(a, "--jobs") && val) {
      char *end;
      unsigned long j = strtoul(val, &end, 10);
      if (*end || j < 1 || j > 256) return -1;
      o->jobs = (unsigned)j, o->jobs_given = 1, ++i;
    } else if (!strcmp(a, "--build-share") && val) {
      if (sscanf(val, "%u/%u", &o->build_share, &o->build_shares) != 2 || o->build_share >= o->build_shares) return -1;
      ++i;
    }
    else if (!strcmp(a, "--budget") && val) {
      char *end;
      o->budget = strtod(val, &end);
      if (*end || !(o->budget > 0)) return -1;
      ++i;
    } else return -1;
  }
  return o->problems || o->canonical || o->check ? 0 : -1;
}

/* How many builder processes the problems need, at most cap.  Starting one costs about as much as
 * several compiles, and the driver starts them one at a time (NVIDIA's OpenCL on the H200: 0.5 s for
 * one process, 3.4 s for 16 at once), so a short list is built faster by fewer: about six
 * candidates a builder.  The counts are the lists' usual lengths (planner.h): 26 a pass for the
 * default search, 1000 or more for the exhaustive one (so it always gets the cap); a problem of 4096 points or more also tries a
 * split into more passes, and a multi-dimensional one explicit transposes, so count three passes. */
static unsigned builders_for(const tune_problem *list, size_t count, int exhaustive, unsigned cap)
{
  double candidates = 0;
  for (size_t i = 0; i < count; ++i) {
    size_t n = 1;
    for (int d = 0; d < list[i].desc.rank; ++d) n *= list[i].desc.n[d];
    candidates += (exhaustive ? 1000 : 26) * (n >= 4096 || list[i].desc.rank > 1 ? 3 : 1);
  }
  double want = ceil(candidates / 6);
  return want >= cap ? cap : want < 2 ? 2 : (unsigned)want;
}

/* --resume's rule: a problem is done when the wisdom holds an entry that this device made (its exact
 * key); an entry of its architecture class or of another driver is what a tune is for, not a finished one. */
static int tuned_here(ppfft_context *c, const transform *tf, char *known, size_t len)
{
  wisdom_level level;
  return wisdom_lookup(&c->wisdom, &c->names, GEN_SIGNATURE, tf, known, len, &level) == 0 && level == WISDOM_EXACT;
}

/* A builder process: planner_search over every problem with builds only, into the disk cache. */
static int build_only(ppfft_context *c, tune_problem *list, size_t count, const options *o)
{
  double deadline = now_s() + o->budget;
  size_t seen = 0; /* candidates numbered over every problem and pass, for balanced shares */
  for (size_t i = 0; i < count && now_s() < deadline; builders_report(o->build_share, i++)) {
    tune_problem *tp = &list[i];
    if (tp->desc.batch == 0) tp->desc.batch = fill_batch(&tp->desc, &c->info);
    transform tf;
    char known[PLAN_STRING_MAX];
    if (transform_from_desc(&c->err, &c->info, &tp->desc, &tf) != PPFFT_SUCCESS) continue;
    if (o->resume && tuned_here(c, &tf, known, sizeof known)) continue;
    measure_opts mo = {0};
    mo.budget_s = deadline - now_s();
    mo.build_share = o->build_share, mo.build_shares = o->build_shares, mo.build_seen = &seen;
    ppfft_plan *plan = NULL;
    double ms;
    if (planner_search(c, &tf, o->exhaustive, &mo, &plan, &ms) == PPFFT_SUCCESS) ppfft_plan_destroy(plan);
  }
  return 0;
}

/* Creates the folder path and its missing parents; 0 if it exists afterwards. */
static int make_dirs(const char *path)
{
  char *p = strdup(path);
  if (!p) return -1;
  for (char *q = p + 1;; ++q) {
    if (*q != '/' && *q != '\0') continue;
    char end = *q;
    *q = '\0';
    if (mkdir(p, 0755) != 0 && errno != EEXIST) break;
    if (!(*q = end)) break;
  }
  struct stat st;
  int ok = stat(p, &st) == 0 && S_ISDIR(st.st_mode);
  free(p);
  return ok ? 0 : -1;
}

/* The default wisdom file for this device, where contexts look (its folder created), in a new
 * string; NULL with a message when there is no such place. */
static char *default_output(const ppfft_context *c)
{
  const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
  const char *base = xdg && *xdg ? xdg : home && *home ? home : NULL, *sub = xdg && *xdg ? "ppfft/wisdom" : ".local/share/ppfft/wisdom";
  if (!base) {
    fprintf(stderr, "ppfft-tune: neither XDG_DATA_HOME nor HOME is set: name the output with -o FILE\n");
    return NULL;
  }
  size_t len = strlen(base) + strlen(sub) + strlen(c->names.key) + 16;
  char *path = malloc(len);
  if (!path) return NULL;
  int n = snprintf(path, len, "%s/%s", base, sub);
  if (make_dirs(path) != 0) fprintf(stderr, "ppfft-tune: cannot create %s: %s\n", path, strerror(errno));
  snprintf(path + n, len - (size_t)n, "/%s.wisdom", c->names.key);
  for (char *q = path + n + 1; *q; ++q)
    if (*q == '/') *q = '_';
  return path;
}

/* --check's tally over the files. */
typedef struct checker {
  const ppfft_context *c;
  int named; /* the files were named: a missing one is an error, not an empty default place */
  size_t files, bad_files, entries, serve[4], stale, foreign;
} checker;

static void check_file(const char *path, void *arg)
{
  checker *k = arg;
  char *text = wisdom_read_file(path);
  if (!text) {
    if (!k->named && errno == ENOENT) {
      printf("%s: none\n", path);
      return;
    }
    printf("%s: cannot read: %s\n", path, strerror(errno));
    ++k->bad_files;
    return;
  }
  wisdom_entry *e;
  size_t n;
  char msg[512];
  int r = wisdom_parse(text, &e, &n, msg, sizeof msg);
  free(text);
  ++k->files;
  if (r != 0) {
    printf("%s: rejected whole: %s\n", path, r == -2 ? "out of memory" : msg);
    ++k->bad_files;
    return;
  }
  size_t serve[4] = {0}, stale = 0;
  for (size_t i = 0; i < n; ++i) {
    wisdom_level level = device_match(&k->c->names, e[i].device, e[i].arch);
    if (level != WISDOM_NONE && e[i].generator != GEN_SIGNATURE) {
      printf("  stale: %s:b%llu on %s, made by generator g%u (this ppfft is g%u): ignored, tune it again\n", e[i].base,
             1ull << (2 * e[i].batch_log4), e[i].device, e[i].generator, (unsigned)GEN_SIGNATURE);
      ++stale;
    } else {
      ++serve[level];
    }
  }
  printf("%s: %zu entries: %zu for this device, %zu for it under another driver, %zu for its architecture class, %zu stale, "
         "%zu for other devices\n",
         path, n, serve[WISDOM_EXACT], serve[WISDOM_DRIVER], serve[WISDOM_ARCH], stale, serve[WISDOM_NONE]);
  for (int l = 0; l < 4; ++l) k->serve[l] += serve[l];
  k->entries += n;
  k->stale += stale;
  k->foreign += serve[WISDOM_NONE];
  free(e);
}

/* --check: returns the exit status (1 when stale entries would serve this device or a file is bad). */
static int check_wisdom(const ppfft_context *c, const options *o)
{
  checker k = {.c = c, .named = o->nfiles > 0};
  printf("ppfft-tune --check: device %s, class %s, generator g%u\n", c->names.key, c->names.arch, (unsigned)GEN_SIGNATURE);
  if (o->nfiles)
    for (int i = 0; i < o->nfiles; ++i) check_file(o->files[i], &k);
  else wisdom_each_default_file(PPFFT_WISDOM_DIR, check_file, &k);
  printf("%zu files, %zu entries: %zu serve this device (%zu exactly, %zu under another driver, %zu by architecture class), %zu "
         "stale, %zu for other devices%s\n",
         k.files, k.entries, k.serve[WISDOM_EXACT] + k.serve[WISDOM_DRIVER] + k.serve[WISDOM_ARCH], k.serve[WISDOM_EXACT],
         k.serve[WISDOM_DRIVER], k.serve[WISDOM_ARCH], k.stale, k.foreign, k.bad_files ? "; some files could not be read" : "");
  return k.stale || k.bad_files ? 1 : 0;
}

/* The context to tune: OpenCL's default device (PPFFT_DEVICE, from --device P:D), or with
 * --backend cuda CUDA device D (--device D, default 0). */
static ppfft_status make_context(const options *o, ppfft_context **c)
{
  if (!o->cuda) return ppfft_context_create_default(c);
#ifdef PPFFT_TUNE_CUDA
  return ppfft_context_create_cuda(o->device ? atoi(o->device) : 0, c);
#else
  *c = NULL;
  return PPFFT_ERROR_UNSUPPORTED; /* main refused --backend cuda already */
#endif
}

int main(int argc, char **argv)
{
  options o = {0};
  int pa = parse_args(argc, argv, &o);
  if (pa) {
    usage(pa > 0 ? stdout : stderr);
    return pa > 0 ? 0 : 2;
  }
#ifndef PPFFT_TUNE_CUDA
  if (o.cuda) return fprintf(stderr, "ppfft-tune: this build has no CUDA backend (configure --with-cuda)\n"), 2;
#endif
  if (o.device && !o.cuda) setenv("PPFFT_DEVICE", o.device, 1);
  if (o.check) {
    ppfft_context *c;
    if (make_context(&o, &c) != PPFFT_SUCCESS) {
      fprintf(stderr, "ppfft-tune: %s\n", ppfft_context_last_error(NULL));
      return 2;
    }
    int rc = check_wisdom(c, &o);
    ppfft_context_destroy(c);
    return rc;
  }
  tune_problem *list = NULL;
  size_t count = 0;
  if (o.canonical) count = canonical(o.cuda, &list);
  else {
    list = calloc(strlen(o.problems) + 1, sizeof *list);
    char *copy = strdup(o.problems);
    for (char *save = NULL, *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save))
      if (parse_problem(t, &list[count++]) != 0) {
        fprintf(stderr, "ppfft-tune: cannot read problem \"%s\" (e.g. cof1024, cib4096:f64:b64)\n", t);
        return 2;
      }
    free(copy);
  }
  if (!o.jobs_given) o.jobs = builders_for(list, count, o.exhaustive, o.jobs);
  /* the builders first: a process started after this one opened the GPU may not see the GPU's
   * platform (seen with NVIDIA's OpenCL in a sandbox) */
  double start = now_s();
  builders bs = {.fd = -1};
  const char *cache = getenv("PPFFT_CACHE");
  if (!o.build_shares && o.jobs >= 2 && !(cache && !strcmp(cache, "0"))) {
    /* this program's own file (some sandboxes cannot exec /proc/self/exe itself), else argv[0] */
    char self[4096];
    ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
    self[len > 0 ? len : 0] = 0;
    builders_start(&bs, len > 0 && (size_t)len < sizeof self - 1 ? self : NULL, argc, argv, o.jobs - 1, o.budget);
  }
  ppfft_context *c;
  if (make_context(&o, &c) != PPFFT_SUCCESS) {
    fprintf(stderr, "ppfft-tune: %s\n", ppfft_context_last_error(NULL));
    builders_stop(&bs);
    free(list);
    return 1;
  }
  if (o.build_shares) {
    int rc = build_only(c, list, count, &o);
    free(list);
    ppfft_context_destroy(c);
    return rc;
  }
  char *out_path = o.output ? strdup(o.output) : default_output(c);
  if (!out_path) {
    builders_stop(&bs);
    free(list);
    ppfft_context_destroy(c);
    return 1;
  }
  fprintf(stderr, "ppfft-tune: %s (%s), %zu problems, budget %.0f s, %s search -> %s\n", c->info.name, c->names.key, count, o.budget,
          o.exhaustive ? "exhaustive" : "default", out_path);

  progress pr = {c, isatty(2), o.verbose, NULL, 0, count, start + o.budget};
  size_t tuned = 0, skipped = 0, rejected = 0, kept = 0, outcomes[4] = {0}; /* outcomes: of the tuned, by tune_outcome */
  for (size_t i = 0; i < count; ++i) {
    tune_problem *tp = &list[i];
    if (tp->desc.batch == 0) tp->desc.batch = fill_batch(&tp->desc, &c->info);
    double left = start + o.budget - now_s();
    if (left <= 0) {
      printf("%-22s skipped: budget spent\n", tp->name);
      ++skipped;
      continue;
    }
    transform tf;
    if (transform_from_desc(&c->err, &c->info, &tp->desc, &tf) != PPFFT_SUCCESS) {
      printf("%-22s skipped: %s\n", tp->name, ppfft_context_last_error(c));
      ++skipped;
      continue;
    }
    char known[PLAN_STRING_MAX];
    if (o.resume && tuned_here(c, &tf, known, sizeof known)) {
      printf("%-22s kept: %s (already in the wisdom)\n", tp->name, known);
      ++kept;
      continue;
    }
    /* this problem's candidates in the cache first, built by every builder's share; waiting at most
     * half of what is left, so that the timing (which builds what the builders have not reached)
     * keeps the rest and the run ends within its budget */
    if (bs.count) {
      builders_await(&bs, i, now_s() + left / 2, now_s);
      left = start + o.budget - now_s();
    }
    pr.problem = tp->name;
    pr.index = i + 1;
    /* the budget is for the whole run: a problem takes what its lists need while time is left (at
     * least its first candidate: a budget of 0 would mean none) */
    measure_opts mo = {.budget_s = left > 1e-3 ? left : 1e-3, .progress = show_progress, .arg = &pr};
    ppfft_plan *best = NULL;
    double ms = 0, t0 = now_s();
    tune_report tr;
    ppfft_status s = planner_tune(c, &tf, o.exhaustive, &mo, &best, &ms, &tr);
    if (pr.tty) fprintf(stderr, "\r%*s\r", 150, "");
    if (s == PPFFT_SUCCESS && o.verbose) report_existing(tp->name, &tr);
    if (s == PPFFT_ERROR_UNSUPPORTED) {
      printf("%-22s skipped: %s\n", tp->name, ppfft_context_last_error(c));
      ++skipped;
      continue;
    }
    if (s != PPFFT_SUCCESS) {
      printf("%-22s failed: %s\n", tp->name, ppfft_context_last_error(c));
      ++skipped;
      continue;
    }
    size_t N = transform_length(&tf);
    double err = tf.kind == PPFFT_C2C ? check_against_fftw(best, &tf) : check_real_against_fftw(best, &tf);
    /* f16: half storage rounds every trip through memory (tests/check_f16.c's bound) */
    double bound = tf.f16 ? 4.0 * 0x1.0p-11 * sqrt(N > 2 ? log2((double)N) : 1.0) : (tf.f64 ? 1e-15 : 5e-7) * (N > 2 ? log2((double)N) : 1.0);
    size_t eb = transform_elem_bytes(&tf), bytes = 2 * N * eb; /* one transform's bytes in and out */
    if (tf.kind != PPFFT_C2C) bytes = N * eb / 2 + N / tf.n[tf.rank - 1] * (tf.n[tf.rank - 1] / 2 + 1) * eb;
    double gbps = (double)(bytes * tf.batch) / (ms * 1e-3) / 1e9;
    if (!(err <= bound)) { /* never write a winner that computes the wrong thing */
      printf("%-22s REJECTED %s: error %.3g against FFTW exceeds %.3g\n", tp->name, best->name, err, bound);
      ++rejected;
    } else if (wisdom_add(&c->wisdom, &c->names, GEN_SIGNATURE, &tf, best->name, ms) != 0) {
      printf("%-22s failed: out of memory recording wisdom\n", tp->name);
      ++skipped;
    } else {
      printf("%-22s %-60s %9.4f ms %8.1f GB/s  err %.2g  (%.1f s)%s\n", tp->name, best->name, ms, gbps, err, now_s() - t0,
             tr.outcome == TUNE_KEPT ? "  (the existing entry, kept)" : "");
      ++tuned;
      ++outcomes[tr.outcome];
    }
    fflush(stdout);
    ppfft_plan_destroy(best);
    /* write after every problem, so an interrupted run keeps what it found: this device's entries
     * (those of other drivers and devices that the context loaded stay where they came from) */
    char *text = wisdom_export(&c->wisdom, c->names.key);
    text_buf head;
    text_buf_init(&head);
    tb_printf(&head, "# written by: ppfft-tune %s%s%s%s%s%s --budget %.0f\n# device: %s, driver %s\n", o.canonical ? "--canonical" : "--problems ",
              o.canonical ? "" : o.problems, o.exhaustive ? " --exhaustive" : "", o.cuda ? " --backend cuda" : "", o.device ? " --device " : "", o.device ? o.device : "",
              o.budget, c->info.name, c->info.driver);
    char *header = text_buf_take(&head);
    if (!text || !header || wisdom_write_file(out_path, header, text) != 0)
      fprintf(stderr, "ppfft-tune: cannot write %s: %s\n", out_path, text && header ? strerror(errno) : "out of memory");
    free(text);
    free(header);
  }
  if (bs.count) {
    unsigned n = bs.count, ok = builders_stop(&bs);
    fprintf(stderr, "ppfft-tune: %u builder process%s compiled candidates alongside the timing (%u ended well or were stopped at its end)\n", n,
            n == 1 ? "" : "es", ok);
  }
  printf("tuned %zu, kept %zu, skipped %zu, rejected %zu problems in %.1f s; wisdom in %s\n", tuned, kept, skipped, rejected, now_s() - start,
         out_path);
  printf("of the tuned: kept the existing entry for %zu problems, replaced %zu by a plan faster by more than %.0f %%, %zu that no "
         "longer build; %zu new\n",
         outcomes[TUNE_KEPT], outcomes[TUNE_REPLACED], 100 * TUNE_NOISE, outcomes[TUNE_STALE], outcomes[TUNE_NEW]);
  free(list);
  free(out_path);
  ppfft_context_destroy(c);
  return rejected ? 1 : 0;
}
