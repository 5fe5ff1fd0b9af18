/* ppfft-bench: times batched complex transforms (1D lengths, 2D and 3D shapes) on one device and
 * checks each against FFTW; with --kind r2c or c2r, real transforms (ppfft_desc.kind PPFFT_R2C /
 * PPFFT_C2R, out of place, packed; batch, bytes and rates as bench_common.h counts them for every
 * bench program: -m MiB of the real side, GB/s = (input + output bytes) / time, GFLOPS = 2.5 N
 * log2 N x batch / time), checked against fftw_plan_many_dft_r2c / _c2r, on Hermitian-consistent
 * input for c2r.  A kind or length the library refuses is a row with its status and message.
 *
 * For every shape and precision it uploads random data once, then for each plan (the estimate, a
 * measured plan, one named variant or plan string, or every variant the planner enumerates for a
 * single-pass 1D length) runs WARMUP untimed and REPEATS timed executes, takes the median device
 * time from OpenCL event profiling, and compares the first min(batch, 32) transforms of one more
 * execute with FFTW in double precision.  Run with -h for the options. */
#include "cl/clerr.h"
#include "cl/timer.h"
#include "plan/candidates.h"
#include "plan/planner.h"
#include "ppfft.h"
#include "bench_common.h"
#include <errno.h>
#include <fftw3.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdatomic.h>
#include <string.h>
#include <threads.h>
#include <time.h>

enum { CHECK_TRANSFORMS = 32, MSG_MAX = 240, SHAPE_MAX = 64 };

typedef enum { MODE_ESTIMATE, MODE_MEASURE, MODE_ALL, MODE_ONE, MODE_FIT } variant_mode;

typedef struct options {
  bench_shape *shapes;   /* -n's lengths and shapes in C order (bench_common.h) */
  size_t nshapes;
  int prec_f32, prec_f64;
  size_t mib, batch; /* batch 0: derive from mib */
  variant_mode mode;
  const char *variant;
  size_t repeats, warmup;
  size_t threads;         /* host threads building kernels for "all" */
  unsigned twiddles;      /* "all" keeps these twiddle modes (bit per twiddle_mode) */
  int backward, inplace;
  int kind;               /* --kind: BENCH_C2C, BENCH_R2C or BENCH_C2R */
  int plan_time;          /* time plan creation instead of transforms */
  unsigned build_share, build_shares; /* --build j/J (J > 0): compile share j into the disk cache, time nothing */
  const char *csv_path;
} options;

/* What one (shape, precision) run shares across its plans. */
typedef struct workload {
  ppfft_context *ctx;
  cl_command_queue q;
  ppfft_desc desc;
  problem pb;             /* with -v all only: desc as the single problem candidates_enumerate works from */
  char name[SHAPE_MAX];   /* the shape as -n writes it */
  size_t n;               /* elements of one transform: the product of the shape's lengths */
  size_t batch, elem_bytes, bytes; /* bytes: of the input */
  bench_shape shape;
  int kind;                         /* BENCH_C2C, BENCH_R2C or BENCH_C2R */
  size_t out_bytes;                 /* of the output (the input's size for c2c) */
  size_t out_one;                   /* bytes of one transform's output */
  size_t check_batch;     /* transforms compared with FFTW */
  void *host_in;          /* the input in device format (float or double pairs) */
  void *host_out;         /* read-back of the first check_batch transforms */
  double *ref;            /* FFTW's result for them, scaled as the descriptor says */
  cl_mem in, out;         /* out is NULL in place */
  size_t repeats, warmup;
  double *times;          /* repeats entries, ms */
} workload;

typedef struct result {
  char variant[PLAN_STRING_MAX + 64]; /* ppfft_plan_describe may add a note after the plan string */
  double ms, gbps, gflops, rel_err;
  const char *status;     /* "ok", "inaccurate" or a ppfft_status_string */
  char msg[MSG_MAX + 8];  /* the library's message on failure, folded onto one line */
  const char *config;     /* how the plan was made, the CSV's config column (config_name) */
} result;

#define CSV_HEADER "device,driver,precision,kind,n,batch,variant,ms,gbps,gflops,rel_err,status,config\n"

/* The config column: how a row's plan was made.  "wisdom": ppfft_plan_create found an entry (the
 * estimate and MEASURE use it first); "estimate": the heuristic, no entry; "measure": PPFFT_MEASURE
 * timed its short list, no entry; "variant": a variant or plan string named with -v (also each row
 * of -v all); "fit": -v fit:OPTS, the set fitted to the estimate's split. */
static const char *config_name(variant_mode mode)
{
  switch (mode) {
  case MODE_MEASURE: return "measure";
  case MODE_ALL:
  case MODE_ONE: return "variant";
  case MODE_FIT: return "fit";
  default: return "estimate";
  }
}

/* Output: the text table and, optionally, the CSV file. */
typedef struct report {
  FILE *csv;
  const char *device, *driver;
  int width;              /* of the table's shape column: the longest shape, at least 6 */
} report;

static void usage(FILE *f, const char *prog)
{
  fprintf(f,
          "usage: %s [options]\n"
          "  -n LIST        comma-separated lengths or shapes of up to 3 lengths in C order, the last\n"
          "                 contiguous (default 16,64,256,1024,4096; e.g. 65536,256x256,64x64x64)\n"
          "  -p f32|f64|both precision, or a list such as f32,f64 (default f32)\n"
          "  -m MIB         MiB of data per run (default 256); batch = MIB*2^20 / (N * element bytes),\n"
          "                 N the elements of one transform (the product of the shape's lengths)\n"
          "  -b BATCH       explicit batch instead of -m\n"
          "  -v VARIANT     \"estimate\" (default: the planner's estimate), \"measure\" (PPFFT_MEASURE),\n"
          "                 a variant or plan string (passes' variants joined by ';'), or \"all\"\n"
          "                 (every valid variant of a single-pass 1D length, fast-math included),\n"
          "                 or \"fit:OPTS\" (e.g. fit:GM+VASM4+TW-CALC: those optimisations with the\n"
          "                 radices and launch the planner fits to each pass of the estimate's split)\n"
          "  -r REPEATS     timed repeats (default 20)\n"
          "  -w WARMUP      untimed warm-up runs (default 3)\n"
          "  -t LIST        with \"all\": only these twiddle modes (e.g. TW-GM,CM-K; default every one)\n"
          "  -j THREADS     host threads that build the kernels of \"all\" before timing (default 8)\n"
          "  --kind KIND    c2c (default), r2c (real to complex) or c2r (complex to real, unnormalised): FFTW's\n"
          "                 conventions, out of place, packed; -m counts the real side\n"
          "  --backward     backward transforms (default forward; c2c only)\n"
          "  --inplace      in-place transforms (with scale 1/sqrt(N), so repeats keep the data's size)\n"
          "  --csv FILE     also append rows to FILE as CSV (a new file, or one this program wrote); its last\n"
          "                 column, config, says how each plan was made: wisdom (an entry answered), estimate,\n"
          "                 measure, variant (named with -v, or -v all) or fit\n"
          "  --plan-time    time plan creation (ESTIMATE, wisdom and disk cache warm) instead of transforms\n"
          "  --build J/K    compile, time nothing: the kernels of every K-th plan this run would time,\n"
          "                 from the J-th (the shapes, or with \"all\" the variants), into the disk cache,\n"
          "                 so K processes build in parallel before one times them (NVIDIA's OpenCL\n"
          "                 compiles one program at a time per process; with \"measure\", the candidates\n"
          "                 of its search)\n"
          "  -h             this help\n"
          "The device is ppfft's default; PPFFT_DEVICE=P:D picks platform P, device D.\n",
          prog);
}

/* A whole-string unsigned decimal number; -1 if s is not one or it overflows. */
static int parse_size(const char *s, size_t *out)
{
  if (!s || *s < '0' || *s > '9') return -1;
  errno = 0;
  char *end;
  unsigned long long v = strtoull(s, &end, 10);
  if (errno || *end || v > SIZE_MAX) return -1;
  *out = (size_t)v;
  return 0;
}

static int parse_shapes(const char *s, options *o)
{
  size_t count = 1;
  for (const char *c = s; *c; ++c) count += *c == ',';
  bench_shape *v = malloc(count * sizeof *v);
  char *copy = strdup(s);
  if (!v || !copy) {
    free(v);
    free(copy);
    return -1;
  }
  size_t k = 0;
  int bad = 0;
  /* strsep-like split by hand: strtok would skip empty items such as "16,,64" */
  for (char *item = copy;;) {
    char *comma = strchr(item, ',');
    if (comma) *comma = '\0';
    if (bench_parse_shape(item, &v[k]) != 0) bad = 1;
    ++k;
    if (!comma) break;
    item = comma + 1;
  }
  free(copy);
  if (bad) {
    free(v);
    return -1;
  }
  free(o->shapes);
  o->shapes = v;
  o->nshapes = k;
  return 0;
}

/* Parses a comma-separated list of twiddle names into a bit mask; 0 on success. */
static int parse_twiddles(const char *s, unsigned *mask)
{
  *mask = 0;
  while (*s) {
    size_t len = strcspn(s, ",");
    int found = 0;
    for (int t = TW_CALC; t <= TW_GM; ++t) {
      const char *name = variant_twiddle_name((twiddle_mode)t);
      if (strlen(name) == len && !strncmp(s, name, len)) {
        *mask |= 1u << t;
        found = 1;
      }
    }
    if (!found) return -1;
    s += len;
    if (*s == ',') ++s;
  }
  return *mask ? 0 : -1;
}

/* "f32", "f64", "both" or a comma-separated list of them ("f32,f64"); 0 on success. */
static int parse_precisions(const char *s, options *o)
{
  o->prec_f32 = o->prec_f64 = 0;
  for (;;) {
    size_t len = strcspn(s, ",");
    if (len == 3 && !strncmp(s, "f32", 3)) o->prec_f32 = 1;
    else if (len == 3 && !strncmp(s, "f64", 3)) o->prec_f64 = 1;
    else if (len == 4 && !strncmp(s, "both", 4)) o->prec_f32 = o->prec_f64 = 1;
    else return -1;
    if (!s[len]) return 0;
    s += len + 1;
  }
}

/* Parses argv into o.  Returns 0, 1 for -h, or -1 after printing what is wrong. */
static int parse_args(int argc, char **argv, options *o)
{
  if (parse_shapes("16,64,256,1024,4096", o) != 0) return -1;
  o->prec_f32 = 1;
  o->mib = 256;
  o->mode = MODE_ESTIMATE;
  o->repeats = 20;
  o->warmup = 3;
  o->threads = 8;
  o->twiddles = ~0u;

  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) return 1;
    if (!strcmp(a, "--backward")) {
      o->backward = 1;
      continue;
    }
    if (!strcmp(a, "--inplace")) {
      o->inplace = 1;
      continue;
    }
    if (!strcmp(a, "--kind")) {
      if (i + 1 >= argc || (o->kind = bench_parse_kind(argv[i + 1])) < 0) {
        fprintf(stderr, "ppfft-bench: --kind needs c2c, r2c or c2r (-h for help)\n");
        return -1;
      }
      ++i;
      continue;
    }
    if (!strcmp(a, "--plan-time")) {
      o->plan_time = 1;
      continue;
    }
    if (!strcmp(a, "--build")) {
      if (i + 1 >= argc || sscanf(argv[i + 1], "%u/%u", &o->build_share, &o->build_shares) != 2 || o->build_shares == 0 ||
          o->build_share >= o->build_shares) {
        fprintf(stderr, "ppfft-bench: --build needs J/K with 0 <= J < K (-h for help)\n");
        return -1;
      }
      ++i;
      continue;
    }
    /* everything else takes a value: "-n 16,64", "-n16,64", "--csv FILE" or "--csv=FILE" */
    const char *val = NULL;
    char opt;
    if (!strcmp(a, "--csv") || !strncmp(a, "--csv=", 6)) {
      opt = 'c';
      val = a[5] == '=' ? a + 6 : NULL;
    } else if (a[0] == '-' && a[1] && strchr("npmbvrwjt", a[1])) {
      opt = a[1];
      val = a[2] ? a + 2 : NULL;
    } else {
      fprintf(stderr, "ppfft-bench: unknown argument '%s' (-h for help)\n", a);
      return -1;
    }
    if (!val) {
      if (i + 1 >= argc) {
        fprintf(stderr, "ppfft-bench: %s needs a value\n", a);
        return -1;
      }
      val = argv[++i];
    }
    int bad = 0;
    switch (opt) {
    case 'n': bad = parse_shapes(val, o) != 0; break;
    case 'p': bad = parse_precisions(val, o) != 0; break;
    case 'm': bad = parse_size(val, &o->mib) != 0 || o->mib > SIZE_MAX >> 20; break;
    case 'b': bad = parse_size(val, &o->batch) != 0 || o->batch == 0; break;
    case 'v':
      if (!strcmp(val, "all")) o->mode = MODE_ALL;
      else if (!strcmp(val, "estimate")) o->mode = MODE_ESTIMATE;
      else if (!strcmp(val, "measure")) o->mode = MODE_MEASURE;
      else if (!strncmp(val, "fit:", 4)) {
        variant v;
        char probe[300], msg[256];
        snprintf(probe, sizeof probe, "r2/%s/wg1/t1", val + 4);
        if (strlen(val + 4) > 255 || variant_parse(probe, &v, msg, sizeof msg) != 0) {
          fprintf(stderr, "ppfft-bench: invalid optimisation set in '%s': %s\n", val, msg);
          return -1;
        }
        o->mode = MODE_FIT;
        o->variant = val;
      } else {
        /* reject a malformed string now rather than once per shape */
        variant vs[DECOMPOSE_MAX_PASSES];
        char msg[256];
        if (plan_string_parse(val, vs, DECOMPOSE_MAX_PASSES, msg, sizeof msg) < 0) {
          fprintf(stderr, "ppfft-bench: invalid variant or plan string '%s': %s\n", val, msg);
          return -1;
        }
        o->mode = MODE_ONE;
        o->variant = val;
      }
      break;
    case 'r': bad = parse_size(val, &o->repeats) != 0 || o->repeats == 0 || o->repeats > 1000000; break;
    case 'w': bad = parse_size(val, &o->warmup) != 0 || o->warmup > 1000000; break;
    case 't': bad = parse_twiddles(val, &o->twiddles) != 0; break;
    case 'j': bad = parse_size(val, &o->threads) != 0 || o->threads == 0 || o->threads > 64; break;
    case 'c': bad = !*val; o->csv_path = val; break;
    default: bad = 1; break;
    }
    if (bad) {
      fprintf(stderr, "ppfft-bench: invalid value '%s' for %s (-h for help)\n", val, a);
      return -1;
    }
  }
  if (o->kind != BENCH_C2C && (o->backward || o->inplace)) {
    fprintf(stderr, "ppfft-bench: --kind %s is out of place with its own direction: no --backward or --inplace\n",
            bench_kind_name(o->kind));
    return -1;
  }
  return 0;
}

/* Copies a library message onto one line of at most MSG_MAX characters: build logs are long. */
static void fold_message(char *dst, const char *src)
{
  size_t k = 0;
  for (; src && *src && k < MSG_MAX; ++src) dst[k++] = (*src == '\n' || *src == '\r' || *src == '\t') ? ' ' : *src;
  strcpy(dst + k, src && *src ? "..." : "");
}

static void print_header(const report *r)
{
  printf("%*s %9s %4s %-8s %-64s %10s %8s %8s %9s  %s\n", r->width, "N", "batch", "prec", "config", "variant", "median_ms", "GB/s",
         "GFLOPS", "rel_err", "status");
}

static void print_row(const report *r, const workload *w, const result *res)
{
  const char *prec = w->desc.precision == PPFFT_F64 ? "f64" : "f32";
  printf("%*s %9zu %4s %-8s %-64s %10.4f %8.2f %8.2f %9.2e  %s%s%s\n", r->width, w->name, w->batch, prec, res->config, res->variant,
         res->ms, res->gbps, res->gflops, res->rel_err, res->status, res->msg[0] ? ": " : "", res->msg);
  fflush(stdout);
  if (!r->csv) return;
  bench_csv_field(r->csv, r->device);
  fputc(',', r->csv);
  bench_csv_field(r->csv, r->driver);
  fprintf(r->csv, ",%s,%s,", prec, bench_kind_name(w->kind));
  bench_csv_field(r->csv, w->name);
  fprintf(r->csv, ",%zu,", w->batch);
  bench_csv_field(r->csv, res->variant);
  fprintf(r->csv, ",%.6f,%.4f,%.4f,%.3e,", res->ms, res->gbps, res->gflops, res->rel_err);
  if (res->msg[0]) {
    char both[MSG_MAX + 64];
    snprintf(both, sizeof both, "%s: %s", res->status, res->msg);
    bench_csv_field(r->csv, both);
  } else {
    bench_csv_field(r->csv, res->status);
  }
  fputc(',', r->csv);
  bench_csv_field(r->csv, res->config);
  fputc('\n', r->csv);
  fflush(r->csv);
}

static void set_failure(result *res, ppfft_status s, const char *msg)
{
  res->status = ppfft_status_string(s);
  fold_message(res->msg, msg);
}

static ppfft_status upload_input(workload *w)
{
  cl_int e = clEnqueueWriteBuffer(w->q, w->in, CL_TRUE, 0, w->bytes, w->host_in, 0, NULL, NULL);
  return e == CL_SUCCESS ? PPFFT_SUCCESS : cl_error(&w->ctx->err, "clEnqueueWriteBuffer", e);
}

/* Runs the plan once on fresh input and compares the first check_batch transforms with FFTW. */
static ppfft_status check_plan(workload *w, ppfft_plan *p, double *rel_err)
{
  ppfft_status s = upload_input(w);
  cl_event done = NULL;
  if (s == PPFFT_SUCCESS) s = ppfft_execute(p, w->q, w->in, w->out, 0, NULL, &done);
  if (s != PPFFT_SUCCESS) return s;
  cl_int e = clWaitForEvents(1, &done);
  clReleaseEvent(done);
  size_t bytes = w->out_one * w->check_batch, count = bytes / (w->elem_bytes / 2); /* real numbers */
  if (e == CL_SUCCESS) e = clEnqueueReadBuffer(w->q, w->out ? w->out : w->in, CL_TRUE, 0, bytes, w->host_out, 0, NULL, NULL);
  if (e != CL_SUCCESS) return cl_error(&w->ctx->err, "clEnqueueReadBuffer", e);
  long double num = 0, den = 0;
  for (size_t i = 0; i < count; ++i) {
    double got = w->elem_bytes == 16 ? ((const double *)w->host_out)[i] : (double)((const float *)w->host_out)[i];
    long double d = (long double)got - w->ref[i];
    num += d * d;
    den += (long double)w->ref[i] * w->ref[i];
  }
  *rel_err = isnan((double)num) ? INFINITY : den > 0 ? (double)sqrtl(num / den) : (double)sqrtl(num);
  return PPFFT_SUCCESS;
}

/* One execute's device time in ms.  A single pass's event gives it directly; a multi-pass plan's
 * event covers only its last pass, so a marker goes just before the plan: the time runs from the
 * marker to the last pass's end, the gaps between passes included, as the tuner times whole plans
 * (measure_plan).  (Holding the passes behind a user event instead, to leave the host's enqueueing
 * out, put NVIDIA's OpenCL on a slow path: plans with a temporary buffer timed 10x slower.) */
static ppfft_status execute_ms(workload *w, ppfft_plan *p, int multi_pass, double *ms)
{
  cl_event done = NULL;
  if (!multi_pass) {
    ppfft_status s = ppfft_execute(p, w->q, w->in, w->out, 0, NULL, &done);
    return s == PPFFT_SUCCESS ? cl_event_ms(&w->ctx->err, done, ms) : s;
  }
  cl_event start = NULL;
  cl_int e = clEnqueueMarkerWithWaitList(w->q, 0, NULL, &start);
  ppfft_status s = e != CL_SUCCESS ? cl_error(&w->ctx->err, "clEnqueueMarkerWithWaitList", e)
                                   : ppfft_execute(p, w->q, w->in, w->out, 1, &start, &done);
  cl_ulong t0 = 0, t1 = 0;
  if (s == PPFFT_SUCCESS) {
    e = clWaitForEvents(1, &done);
    if (e == CL_SUCCESS) e = clGetEventProfilingInfo(start, CL_PROFILING_COMMAND_END, sizeof t0, &t0, NULL);
    if (e == CL_SUCCESS) e = clGetEventProfilingInfo(done, CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL);
    if (e != CL_SUCCESS) s = cl_error(&w->ctx->err, "clGetEventProfilingInfo", e);
    *ms = ((double)t1 - (double)t0) * 1e-6;
  }
  if (start) clReleaseEvent(start);
  if (done) clReleaseEvent(done);
  return s;
}

/* Times WARMUP + REPEATS executes of p; fills res->ms with the median. */
static ppfft_status time_plan(workload *w, ppfft_plan *p, int multi_pass, result *res)
{
  for (size_t i = 0; i < w->warmup; ++i) {
    ppfft_status s = ppfft_execute(p, w->q, w->in, w->out, 0, NULL, NULL);
    if (s != PPFFT_SUCCESS) return s;
  }
  cl_int e = clFinish(w->q);
  if (e != CL_SUCCESS) return cl_error(&w->ctx->err, "clFinish", e);
  for (size_t i = 0; i < w->repeats; ++i) {
    /* waiting per execute keeps each one alone on the device, and bounds the live events */
    ppfft_status s = execute_ms(w, p, multi_pass, &w->times[i]);
    if (s != PPFFT_SUCCESS) return s;
  }
  res->ms = bench_median(w->times, w->repeats);
  return PPFFT_SUCCESS;
}

/* -v fit:OPTS: the plan string, into name, that runs the optimisation set OPTS (a variant's middle
 * part, such as GM+VASM4+TW-CALC) on every pass of the estimate's split, each pass with the radices
 * and launch fit_variant gives those optimisations on that pass's problem.  Returns PPFFT_SUCCESS,
 * or the status with the reason (which pass, and why nothing fits) in the context's last error. */
static ppfft_status fit_plan(workload *w, const char *opts, char *name, size_t len)
{
  char probe[300], msg[256], plan[PLAN_STRING_MAX + 64] = "";
  variant knobs, vs[DECOMPOSE_MAX_PASSES];
  snprintf(probe, sizeof probe, "r2/%s/wg1/t1", opts);
  if (variant_parse(probe, &knobs, msg, sizeof msg) != 0) return err_set(w->ctx, PPFFT_ERROR_INVALID_ARGUMENT, "fit:%s: %s", opts, msg);
  /* the split: the one the estimate plans (one pass per dimension where a work-group holds it) */
  ppfft_plan *p = NULL;
  ppfft_status s = ppfft_plan_create(w->ctx, &w->desc, PPFFT_ESTIMATE, &p);
  if (s == PPFFT_SUCCESS) s = ppfft_plan_describe(p, plan, sizeof plan);
  ppfft_plan_destroy(p);
  if (s != PPFFT_SUCCESS) return s;
  transform t;
  s = transform_from_desc(&w->ctx->err, &w->ctx->info, &w->desc, &t);
  if (s != PPFFT_SUCCESS) return s;
  split sp;
  pass_desc pd[DECOMPOSE_MAX_PASSES];
  size_t tmp;
  int np = plan_string_parse(plan, vs, DECOMPOSE_MAX_PASSES, msg, sizeof msg);
  if (np > 0 && plan_string_split(&t, vs, np, &sp, msg, sizeof msg) == 0) np = decompose(&t, &sp, pd, &tmp, msg, sizeof msg);
  else np = -1;
  if (np < 0) return err_set(w->ctx, PPFFT_ERROR_UNSUPPORTED, "the estimate's plan \"%s\" does not split again: %s", plan, msg);
  for (int i = 0; i < np; ++i) {
    geometry g;
    vs[i] = knobs;
    if (fit_variant(&pd[i].pb, &w->ctx->info, &vs[i], 0, &g, msg, sizeof msg) != 0)
      return np > 1 ? err_set(w->ctx, PPFFT_ERROR_UNSUPPORTED, "%s fits no pass %d of %d (N = %zu): %s", opts, i + 1, np, pd[i].pb.n, msg)
                    : err_set(w->ctx, PPFFT_ERROR_UNSUPPORTED, "%s fits no N = %zu: %s", opts, pd[i].pb.n, msg);
  }
  plan_string_print(vs, np, name, len);
  return PPFFT_SUCCESS;
}

/* Plans (with ppfft_plan_create and flags when name is NULL), times, checks and reports one
 * variant or plan string; config is the row's config column for a named one. */
static void run_variant(const report *r, workload *w, const char *name, unsigned flags, const char *config, result *res)
{
  memset(res, 0, sizeof *res);
  res->ms = res->gbps = res->gflops = res->rel_err = NAN;
  const char *label = name ? name : flags & PPFFT_MEASURE ? "measure" : "estimate";
  snprintf(res->variant, sizeof res->variant, "%s", label);
  res->config = name ? config : label;
  ppfft_plan *p = NULL;
  ppfft_status s;
  if (name) s = ppfft_plan_create_variant(w->ctx, &w->desc, name, &p);
  else if ((s = ppfft_plan_create(w->ctx, &w->desc, PPFFT_WISDOM_ONLY, &p)) == PPFFT_SUCCESS) res->config = "wisdom";
  else s = ppfft_plan_create(w->ctx, &w->desc, flags, &p); /* what flags alone does when wisdom has no entry */
  int multi_pass = 1; /* if describe fails: the span of all passes is right for any plan */
  if (s == PPFFT_SUCCESS) {
    char plan[sizeof res->variant];
    if (ppfft_plan_describe(p, plan, sizeof plan) == PPFFT_SUCCESS) {
      multi_pass = strchr(plan, ';') != NULL;
      if (!name) snprintf(res->variant, sizeof res->variant, "%s", plan);
    }
  }
  if (s == PPFFT_SUCCESS) s = time_plan(w, p, multi_pass, res);
  if (s == PPFFT_SUCCESS) s = check_plan(w, p, &res->rel_err);
  if (s != PPFFT_SUCCESS) {
    set_failure(res, s, ppfft_context_last_error(w->ctx));
  } else {
    double sec = res->ms * 1e-3;
    int f64 = w->desc.precision == PPFFT_F64;
    res->gbps = bench_bytes(&w->shape, w->kind, f64 ? BENCH_F64 : BENCH_F32, (long long)w->batch) / sec / 1e9;
    res->gflops = bench_flops(&w->shape, w->kind, (long long)w->batch) / sec / 1e9;
    /* fast-math variants use the device's native sin/cos and make no accuracy promise */
    res->status = res->rel_err <= bench_bound((long long)w->n, f64 ? BENCH_F64 : BENCH_F32) || strstr(res->variant, "fast-math") ? "ok" : "inaccurate";
  }
  ppfft_plan_destroy(p);
  print_row(r, w, res);
}

/* candidates_enumerate's callback: appends each variant's string to a list. */
typedef struct variant_list {
  char **items;
  size_t count, cap;
  int failed;
  unsigned twiddles; /* bit t set: keep variants with twiddle mode t */
} variant_list;

static void collect_variant(const variant *v, void *arg)
{
  variant_list *l = arg;
  if (l->failed || !(l->twiddles & (1u << v->twiddle))) return;
  int len = variant_print(v, NULL, 0);
  char *s = len >= 0 ? malloc((size_t)len + 1) : NULL;
  if (s && l->count == l->cap) {
    size_t cap = l->cap ? 2 * l->cap : 64;
    char **items = realloc(l->items, cap * sizeof *items);
    if (!items) {
      free(s);
      s = NULL;
    } else {
      l->items = items;
      l->cap = cap;
    }
  }
  if (!s) {
    l->failed = 1;
    return;
  }
  variant_print(v, s, (size_t)len + 1);
  l->items[l->count++] = s;
}

/* Building the kernels is most of an "all" run's time and uses only the host: threads build every
 * variant's program into the context's cache first, then the variants are timed one by one. */
typedef struct prebuild {
  workload *w;
  const variant_list *list;
  atomic_size_t next;
} prebuild;

static int prebuild_worker(void *arg)
{
  prebuild *pb = arg;
  for (size_t i; (i = atomic_fetch_add(&pb->next, 1)) < pb->list->count;) {
    ppfft_plan *p = NULL;
    if (ppfft_plan_create_variant(pb->w->ctx, &pb->w->desc, pb->list->items[i], &p) == PPFFT_SUCCESS) ppfft_plan_destroy(p);
  }
  return 0;
}

static void prebuild_all(workload *w, const variant_list *list, size_t threads)
{
  enum { MAX_THREADS = 64 };
  thrd_t th[MAX_THREADS];
  prebuild pb = {w, list, 0};
  size_t started = 0;
  if (threads > MAX_THREADS) threads = MAX_THREADS;
  for (; started < threads && threads > 1; ++started)
    if (thrd_create(&th[started], prebuild_worker, &pb) != thrd_success) break;
  if (started == 0) prebuild_worker(&pb);
  for (size_t i = 0; i < started; ++i) thrd_join(th[i], NULL);
}

/* Every enumerated variant for w's problem, then the fastest accurate one. */
static void run_all(const report *r, workload *w, size_t threads, unsigned twiddles)
{
  result res;
  variant_list list = {0};
  list.twiddles = twiddles;
  candidates_enumerate(&w->pb, &w->ctx->info, 1, collect_variant, &list);
  if (list.failed) fprintf(stderr, "ppfft-bench: out of memory listing variants; timing the first %zu\n", list.count);
  prebuild_all(w, &list, threads);
  char best[sizeof res.variant] = "";
  double best_gbps = -1;
  for (size_t i = 0; i < list.count; ++i) {
    run_variant(r, w, list.items[i], PPFFT_ESTIMATE, config_name(MODE_ALL), &res);
    if (!strcmp(res.status, "ok") && res.gbps > best_gbps) {
      best_gbps = res.gbps;
      snprintf(best, sizeof best, "%s", res.variant);
    }
    free(list.items[i]);
  }
  free(list.items);
  const char *prec = w->desc.precision == PPFFT_F64 ? "f64" : "f32";
  if (best_gbps >= 0)
    printf("best  N=%s %s of %zu variants: %s  %.2f GB/s\n", w->name, prec, list.count, best, best_gbps);
  else
    printf("best  N=%s %s of %zu variants: none ran within the error bound\n", w->name, prec, list.count);
}

/* Frees what workload_alloc made; safe on a partly made one. */
static void workload_free(workload *w)
{
  if (w->in) clReleaseMemObject(w->in);
  if (w->out) clReleaseMemObject(w->out);
  free(w->host_in);
  free(w->host_out);
  free(w->ref);
  free(w->times);
  w->in = w->out = NULL;
  w->host_in = w->host_out = NULL;
  w->ref = w->times = NULL;
}

/* Fills w's descriptor and sizes for shape sh and validates them.  On failure returns the status
 * with the message in the context's last error. */
static ppfft_status workload_describe(workload *w, const options *o, const bench_shape *sh, int f64)
{
  snprintf(w->name, sizeof w->name, "%s", sh->text);
  w->n = (size_t)sh->N;
  w->shape = *sh;
  w->kind = o->kind;
  w->elem_bytes = f64 ? 16 : 8;
  /* bench_batch's count, in size_t: -m of complex data for c2c, of the real side for r2c and c2r */
  w->batch = o->batch ? o->batch : (o->mib << 20) / (w->n * (o->kind == BENCH_C2C ? w->elem_bytes : w->elem_bytes / 2));
  if (w->batch == 0) w->batch = 1;
  size_t lengths[3];
  for (int d = 0; d < sh->rank; ++d) lengths[d] = (size_t)sh->n[d];
  ppfft_desc_init(&w->desc, sh->rank, lengths, w->batch);
  w->desc.precision = f64 ? PPFFT_F64 : PPFFT_F32;
  w->desc.direction = o->backward ? PPFFT_BACKWARD : PPFFT_FORWARD;
  w->desc.inplace = o->inplace;
  w->desc.kind = o->kind == BENCH_R2C ? PPFFT_R2C : o->kind == BENCH_C2R ? PPFFT_C2R : PPFFT_C2C;
  /* Repeated in-place transforms grow the data's norm by sqrt(N) each time and overflow; 1/N would
   * shrink it as fast, into denormals and zeros within the default 23 runs for N = 4096 in f32.
   * 1/sqrt(N) makes the transform unitary, so the data keeps its size however often it runs. */
  if (o->inplace) w->desc.scale = 1.0 / sqrt((double)w->n);
  /* reject what no plan can do (a length that is not a power of two, f64 without fp64) before
   * allocating and transforming up to MIB of data for it */
  transform t;
  ppfft_status s = transform_from_desc(&w->ctx->err, &w->ctx->info, &w->desc, &t);
  if (s != PPFFT_SUCCESS) return s;
  if (w->batch > SIZE_MAX / w->n / w->elem_bytes)
    return err_set(w->ctx, PPFFT_ERROR_INVALID_SIZE, "N %s x batch %zu overflows size_t", w->name, w->batch);
  int prec = f64 ? BENCH_F64 : BENCH_F32;
  w->bytes = bench_side_bytes(sh, w->kind, prec, 0) * w->batch;
  w->out_one = bench_side_bytes(sh, w->kind, prec, 1);
  w->out_bytes = w->out_one * w->batch;
  w->check_batch = w->batch < CHECK_TRANSFORMS ? w->batch : CHECK_TRANSFORMS;
  w->repeats = o->repeats;
  w->warmup = o->warmup;
  return PPFFT_SUCCESS;
}

/* Whether -v all applies to w: it enumerates the variants of one kernel, so only a rank-1
 * transform that the planner fits in one pass.  Fills w->pb for candidates_enumerate. */
static int single_pass_1d(workload *w)
{
  variant v;
  char msg[256];
  return problem_from_desc(&w->ctx->err, &w->ctx->info, &w->desc, &w->pb) == PPFFT_SUCCESS &&
         candidates_estimate(&w->pb, &w->ctx->info, &v, 1, msg, sizeof msg) > 0;
}

/* Makes random input, its FFTW reference and the device buffers for w as workload_describe set
 * it up.  On failure returns the status with the message in the context's last error. */
static ppfft_status workload_alloc(workload *w, const options *o)
{
  int f64 = w->desc.precision == PPFFT_F64, prec = f64 ? BENCH_F64 : BENCH_F32;
  ppfft_status s = PPFFT_SUCCESS;
  /* real numbers of the first check_batch transforms' input and output */
  size_t half = w->elem_bytes / 2, in_reals = bench_side_bytes(&w->shape, w->kind, prec, 0) / half * w->check_batch;
  size_t out_reals = w->out_one / half * w->check_batch;
  w->host_in = malloc(w->bytes);
  w->host_out = malloc(out_reals * half);
  w->ref = malloc(out_reals * sizeof *w->ref);
  w->times = malloc(w->repeats * sizeof *w->times);
  double *a = fftw_malloc(in_reals * sizeof *a), *b = fftw_malloc(out_reals * sizeof *b);
  if (!w->host_in || !w->host_out || !w->ref || !w->times || !a || !b) {
    s = err_set(w->ctx, PPFFT_ERROR_OUT_OF_MEMORY, "out of memory for %zu bytes of host data", w->bytes);
    goto done;
  }

  /* The random input every bench program times (bench_common.h: Hermitian-consistent for c2r), in
   * the device's format; the reference transforms the values exactly as the device sees them
   * (rounded to float for f32). */
  bench_fill_input(w->host_in, prec, &w->shape, w->kind, (long long)w->batch);
  for (size_t i = 0; i < in_reals; ++i) a[i] = f64 ? ((double *)w->host_in)[i] : ((float *)w->host_in)[i];
  int dims[3], nr = (int)w->n, nc = (int)bench_complex_count(&w->shape, w->kind); /* bench_parse_shape keeps these within int */
  for (int d = 0; d < w->desc.rank; ++d) dims[d] = (int)w->desc.n[d];
  int howmany = (int)w->check_batch;
  fftw_plan fp = w->kind == BENCH_R2C ? fftw_plan_many_dft_r2c(w->desc.rank, dims, howmany, a, NULL, 1, nr, (fftw_complex *)b, NULL, 1, nc, FFTW_ESTIMATE)
                 : w->kind == BENCH_C2R ? fftw_plan_many_dft_c2r(w->desc.rank, dims, howmany, (fftw_complex *)a, NULL, 1, nc, b, NULL, 1, nr, FFTW_ESTIMATE)
                                        : fftw_plan_many_dft(w->desc.rank, dims, howmany, (fftw_complex *)a, NULL, 1, nc, (fftw_complex *)b, NULL, 1,
                                                             nc, o->backward ? FFTW_BACKWARD : FFTW_FORWARD, FFTW_ESTIMATE);
  if (!fp) {
    s = err_set(w->ctx, PPFFT_ERROR_OUT_OF_MEMORY, "FFTW could not plan the reference");
    goto done;
  }
  fftw_execute(fp);
  fftw_destroy_plan(fp);
  for (size_t i = 0; i < out_reals; ++i) w->ref[i] = b[i] * w->desc.scale;

  cl_context cl = ppfft_context_cl_context(w->ctx);
  cl_int e;
  w->in = clCreateBuffer(cl, CL_MEM_READ_WRITE, w->bytes, NULL, &e);
  if (w->in && !o->inplace) w->out = clCreateBuffer(cl, CL_MEM_READ_WRITE, w->out_bytes, NULL, &e);
  if (!w->in || (!o->inplace && !w->out)) {
    s = cl_error(&w->ctx->err, "clCreateBuffer", e);
    goto done;
  }
  s = upload_input(w);
done:
  fftw_free(a);
  fftw_free(b);
  if (s != PPFFT_SUCCESS) workload_free(w);
  return s;
}

/* Median time of ppfft_plan_create in a fresh context (empty program cache, wisdom loaded from the
 * default places), after one creation that warms the disk cache.  The batch is -b, else 1024 or as
 * many transforms as -m's MiB hold if fewer (planning checks that the device can hold them). */
static void time_plan_creation(const ppfft_context *base, const options *o)
{
  enum { RUNS = 21 };
  for (int f64 = 0; f64 < 2; ++f64) {
    if (!(f64 ? o->prec_f64 : o->prec_f32)) continue;
    for (size_t i = 0; i < o->nshapes; ++i) {
      const bench_shape *sh = &o->shapes[i];
      const char *shape_str = sh->text;
      size_t fit = (o->mib << 20) / ((size_t)sh->N * (f64 ? 16 : 8)), batch = o->batch ? o->batch : fit < 1024 ? fit : 1024;
      size_t lengths[3];
      for (int d = 0; d < sh->rank; ++d) lengths[d] = (size_t)sh->n[d];
      ppfft_desc d;
      ppfft_desc_init(&d, sh->rank, lengths, batch ? batch : 1);
      d.precision = f64 ? PPFFT_F64 : PPFFT_F32;
      d.kind = o->kind == BENCH_R2C ? PPFFT_R2C : o->kind == BENCH_C2R ? PPFFT_C2R : PPFFT_C2C;
      double ms[RUNS];
      char name[PLAN_STRING_MAX + 64] = "";
      ppfft_status s = PPFFT_SUCCESS;
      int k;
      for (k = -1; k < RUNS && s == PPFFT_SUCCESS; ++k) {
        ppfft_context *c;
        s = ppfft_context_create(base->cl->ctx, base->cl->dev, &c);
        if (s != PPFFT_SUCCESS) break;
        ppfft_plan *p = NULL;
        double t0 = bench_now_ms();
        s = ppfft_plan_create(c, &d, PPFFT_ESTIMATE, &p);
        double t1 = bench_now_ms();
        if (s == PPFFT_SUCCESS && k >= 0) ms[k] = t1 - t0;
        if (s == PPFFT_SUCCESS) ppfft_plan_describe(p, name, sizeof name);
        else fprintf(stderr, "ppfft-bench: N=%s: %s\n", shape_str, ppfft_context_last_error(c));
        ppfft_plan_destroy(p);
        ppfft_context_destroy(c);
      }
      if (s != PPFFT_SUCCESS) continue;
      double median = bench_median(ms, RUNS); /* sorts ms: the minimum and maximum are its ends */
      printf("plan-time N=%-7s %s  median %.3f ms  min %.3f  max %.3f  %s\n", shape_str, f64 ? "f64" : "f32", median, ms[0],
             ms[RUNS - 1], name);
    }
  }
}

/* --build j/J: the plans this run would time, numbered over precisions, shapes and (with -v all)
 * variants; those numbered j modulo J are created, so their programs reach the disk cache, and
 * dropped.  With -v measure, the candidates of PPFFT_MEASURE's search are numbered instead.
 * Nothing is allocated or timed. */
static void build_share(ppfft_context *ctx, const options *o)
{
  size_t k = 0, built = 0, failed = 0;
  for (int f64 = 0; f64 < 2; ++f64) {
    if (!(f64 ? o->prec_f64 : o->prec_f32)) continue;
    for (size_t i = 0; i < o->nshapes; ++i) {
      workload w = {.ctx = ctx};
      if (workload_describe(&w, o, &o->shapes[i], f64) != PPFFT_SUCCESS) continue;
      if (o->mode == MODE_MEASURE) { /* the search's own builder share, as ppfft-tune's builders do */
        transform t;
        measure_opts mo = {.build_share = o->build_share, .build_shares = o->build_shares, .build_seen = &k};
        ppfft_plan *p = NULL;
        double ms;
        if (transform_from_desc(&ctx->err, &ctx->info, &w.desc, &t) == PPFFT_SUCCESS && planner_search(ctx, &t, 0, &mo, &p, &ms) == PPFFT_SUCCESS) ++built;
        else ++failed;
        ppfft_plan_destroy(p);
        continue;
      }
      variant_list list = {0};
      char fitted[PLAN_STRING_MAX];
      const char *one = o->mode == MODE_ONE ? o->variant : NULL;
      if (o->mode == MODE_ALL) {
        if (!single_pass_1d(&w)) continue;
        list.twiddles = o->twiddles;
        candidates_enumerate(&w.pb, &ctx->info, 1, collect_variant, &list);
      }
      for (size_t v = 0; v < (o->mode == MODE_ALL ? list.count : 1); ++v) {
        if (k++ % o->build_shares != o->build_share) continue;
        if (o->mode == MODE_ALL) one = list.items[v];
        ppfft_plan *p = NULL;
        ppfft_status s = PPFFT_SUCCESS;
        if (o->mode == MODE_FIT) s = fit_plan(&w, o->variant + 4, fitted, sizeof fitted), one = fitted;
        if (s == PPFFT_SUCCESS)
          s = one ? ppfft_plan_create_variant(ctx, &w.desc, one, &p) : ppfft_plan_create(ctx, &w.desc, PPFFT_ESTIMATE, &p);
        ppfft_plan_destroy(p);
        if (s == PPFFT_SUCCESS) ++built;
        else ++failed;
      }
      for (size_t v = 0; v < list.count; ++v) free(list.items[v]);
      free(list.items);
    }
  }
  if (o->mode == MODE_MEASURE)
    printf("build %u/%u: %zu searches' shares built, %zu failed (%zu candidates in all)\n", o->build_share, o->build_shares, built, failed, k);
  else
    printf("build %u/%u: %zu plans built, %zu did not build (of %zu this run would time)\n", o->build_share, o->build_shares, built,
           failed, k);
}

int main(int argc, char **argv)
{
  options o = {0};
  int a = parse_args(argc, argv, &o);
  if (a != 0) {
    if (a > 0) usage(stdout, argv[0]); /* errors already said what is wrong and to try -h */
    free(o.shapes);
    return a > 0 ? 0 : 2;
  }

  ppfft_context *ctx = NULL;
  ppfft_status s = ppfft_context_create_default(&ctx);
  if (s != PPFFT_SUCCESS) {
    fprintf(stderr, "ppfft-bench: cannot open a device: %s: %s\n", ppfft_status_string(s), ppfft_context_last_error(NULL));
    free(o.shapes);
    return 2;
  }
  cl_int e;
  cl_command_queue q = clCreateCommandQueue(ctx->cl->ctx, ctx->cl->dev, CL_QUEUE_PROFILING_ENABLE, &e);
  if (!q) {
    fprintf(stderr, "ppfft-bench: clCreateCommandQueue failed (OpenCL error %d)\n", (int)e);
    ppfft_context_destroy(ctx);
    free(o.shapes);
    return 2;
  }

  if (o.plan_time || o.build_shares) {
    if (o.plan_time) time_plan_creation(ctx, &o);
    else build_share(ctx, &o);
    clReleaseCommandQueue(q);
    ppfft_context_destroy(ctx);
    free(o.shapes);
    return 0;
  }
  report r = {NULL, ctx->info.name, ctx->info.driver, 6};
  for (size_t i = 0; i < o.nshapes; ++i) {
    int len = (int)strlen(o.shapes[i].text);
    if (len > r.width) r.width = len;
  }
  if (o.csv_path) {
    /* rows are appended: to a file of another schema (an older ppfft-bench's) they would not fit */
    FILE *old = fopen(o.csv_path, "r");
    char first[256] = "";
    if (old) {
      if (!fgets(first, sizeof first, old)) first[0] = '\0';
      fclose(old);
    }
    if (first[0] && strcmp(first, CSV_HEADER) != 0) {
      fprintf(stderr, "ppfft-bench: %s has other columns than this ppfft-bench writes (%.*s); write to a new file\n", o.csv_path,
              (int)strcspn(first, "\r\n"), first);
      clReleaseCommandQueue(q);
      ppfft_context_destroy(ctx);
      free(o.shapes);
      return 2;
    }
    r.csv = fopen(o.csv_path, "a");
    if (!r.csv) {
      fprintf(stderr, "ppfft-bench: cannot open %s for appending: %s\n", o.csv_path, strerror(errno));
      clReleaseCommandQueue(q);
      ppfft_context_destroy(ctx);
      free(o.shapes);
      return 2;
    }
    /* "a" leaves the initial position implementation-defined: seek to learn the size */
    if (fseek(r.csv, 0, SEEK_END) == 0 && ftell(r.csv) == 0)
      fputs(CSV_HEADER, r.csv);
  }

  printf("device:  %s\nvendor:  %s\ndriver:  %s\nkey:     %s\n", ctx->info.name, ctx->info.vendor, ctx->info.driver,
         ppfft_context_device_key(ctx));
  printf("%s, %s, %s\n", bench_kind_name(o.kind), o.kind == BENCH_R2C ? "forward" : o.kind == BENCH_C2R || o.backward ? "backward" : "forward",
         o.inplace ? "in place (scale 1/sqrt(N): unitary, so repeated runs keep the data's size)" : "out of place");
  printf("%zu warm-up + %zu timed runs, median of event profiling times; rel_err over the first %d transforms vs FFTW\n",
         o.warmup, o.repeats, CHECK_TRANSFORMS);
  printf("GB/s = (input + output bytes) / time; GFLOPS = %s N log2(N) batch / time, N the elements of one transform (nominal where N "
         "is not a power of two)\n", o.kind == BENCH_C2C ? "5" : "2.5");
  print_header(&r);

  for (int f64 = 0; f64 < 2; ++f64) {
    if (!(f64 ? o.prec_f64 : o.prec_f32)) continue;
    for (size_t i = 0; i < o.nshapes; ++i) {
      workload w = {.ctx = ctx, .q = q};
      result res;
      s = workload_describe(&w, &o, &o.shapes[i], f64);
      if (s == PPFFT_SUCCESS && o.mode == MODE_ALL && !single_pass_1d(&w)) {
        printf("skip  N=%s %s: -v all covers single-pass 1D lengths only (use -v estimate, measure or a plan string)\n", w.name,
               f64 ? "f64" : "f32");
        continue;
      }
      if (s == PPFFT_SUCCESS) s = workload_alloc(&w, &o);
      if (s != PPFFT_SUCCESS) {
        /* report and go on to the next shape: a bench run never aborts halfway */
        memset(&res, 0, sizeof res);
        res.ms = res.gbps = res.gflops = res.rel_err = NAN;
        snprintf(res.variant, sizeof res.variant, "%s",
                 o.mode == MODE_ALL                            ? "all"
                 : o.mode == MODE_ONE || o.mode == MODE_FIT ? o.variant
                 : o.mode == MODE_MEASURE ? "measure"
                                          : "estimate");
        res.config = config_name(o.mode);
        set_failure(&res, s, ppfft_context_last_error(ctx));
        print_row(&r, &w, &res);
        continue;
      }
      char fitted[PLAN_STRING_MAX];
      if (o.mode == MODE_FIT && (s = fit_plan(&w, o.variant + 4, fitted, sizeof fitted)) != PPFFT_SUCCESS) {
        memset(&res, 0, sizeof res);
        res.ms = res.gbps = res.gflops = res.rel_err = NAN;
        snprintf(res.variant, sizeof res.variant, "%s", o.variant);
        res.config = config_name(o.mode);
        set_failure(&res, s, ppfft_context_last_error(ctx));
        print_row(&r, &w, &res);
      } else if (o.mode == MODE_FIT) run_variant(&r, &w, fitted, PPFFT_ESTIMATE, config_name(o.mode), &res);
      else if (o.mode == MODE_ALL) run_all(&r, &w, o.threads, o.twiddles);
      else
        run_variant(&r, &w, o.mode == MODE_ONE ? o.variant : NULL, o.mode == MODE_MEASURE ? PPFFT_MEASURE : PPFFT_ESTIMATE,
                    config_name(o.mode), &res);
      workload_free(&w);
    }
  }

  if (r.csv) fclose(r.csv);
  clReleaseCommandQueue(q);
  ppfft_context_destroy(ctx);
  fftw_cleanup();
  free(o.shapes);
  return 0;
}
