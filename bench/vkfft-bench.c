/* vkfft-bench: VkFFT's number (its OpenCL backend, VKFFT_BACKEND 3) for the problems ppfft-bench and
 * cufft-bench time, on the same OpenCL device, the same way (bench/peer.h): batched complex-to-complex
 * forward transforms, out-of-place, interleaved, f32 and f64, rank 1 to 3, about -m MiB of random
 * data, 3 warm-ups, the median of -r runs, each result checked against FFTW first.
 *
 * Timing: VkFFTAppend enqueues its kernels without returning events, so each run is bracketed by
 * two markers on the profiling queue: the time runs from the end of a marker before VkFFT's first
 * kernel to the end of a marker after its last, by OpenCL event profiling; each timed run follows
 * an untimed one back to back, as VkFFT's own benchmarks run back to back (--window, peer.h and
 * peer_cl.h; --window alone holds the kernels behind a user event instead, as runs before
 * 2026-11-24 did).
 *
 *   vkfft-bench [-p f32|f64|f32,f64] [-m MiB] [-r repeats] [--kind c2c|r2c|c2r]
 *               [--batch-layout axis|batches|best] [--window b2b|alone] [--csv FILE] SHAPE...
 *
 * VkFFT is set up as its API guide (documentation/VkFFT_API_guide) and its benchmark samples
 * (benchmark_scripts/vkFFT_scripts, sample_0/1 and the 2D/3D sample_3) set up a timed transform:
 *   - the sizes fastest first (VkFFT's WHD order: C order reversed), FFTdim the transform's rank;
 *   - the batch in one of two places, --batch-layout: "axis", the first axis that is not
 *     transformed (size[1] of a 1D, size[2] of a 2D transform, FFTdim unchanged), as the samples
 *     of VkFFT up to 1.2.7 did; or "batches", numberBatches, as the samples since 1.2.8 and the API
 *     guide do ("the main batching is done by specifying N").  A 3D transform has no free axis in
 *     VkFFT 1.2's three sizes: numberBatches.  The default, "best", times both and keeps the faster
 *     per size, and prints both times (VkFFT 1.2.26 folds numberBatches of a 1D transform into
 *     its second axis itself, so they should agree there);
 *   - out of place as the API guide's out-of-place example does: isInputFormatted with the input
 *     in inputBuffer and the result in buffer (nothing is written to the input);
 *   - makeForwardPlanOnly (the inverse is never run, so its kernels are not built); everything
 *     else at VkFFT's defaults, which it tunes per device (the samples set nothing more for C2C);
 *   - --kind r2c and c2r (peer.h): performR2C, as the API guide's R2C example, out of place and
 *     packed: the real side in inputBuffer with inputBufferStride[0] = n (not VkFFT's default
 *     in-place padding n + 2), the complex side in buffer (n/2+1 per row, VkFFT's default).  r2c is
 *     the forward transform from inputBuffer to buffer; c2r the inverse (makeInversePlanOnly,
 *     VkFFTAppend(app, 1, ...), unnormalised as VkFFT's inverse is by default) from buffer back to
 *     inputBuffer (inverseReturnToInputBuffer), and it overwrites the complex input in buffer;
 *   - one application per size and layout, initialised once (initializeVkFFT) and appended again
 *     and again (VkFFTAppend): no per-run reinitialisation.
 * The CSV's config column says which, with the timing window: "batch-in-axis+oop+plan-once+b2b" or
 * "numberBatches+...", with "(best)" after the layout that "best" kept.
 *
 * PPFFT_DEVICE=P:D picks the device as for ppfft.  A size VkFFT refuses gives a FAILED row with
 * VkFFT's error code, and the run goes on; the exit status is nonzero only when the setup (device,
 * CSV file) fails. */
#include "peer_cl.h"
#define VKFFT_BACKEND 3 /* OpenCL */
/* vkFFT.h is one header of generator code; from a path that is not a system directory (configure's
 * VKFFT_CFLAGS) it warns under the project's flags, so these are off for it alone */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wshadow"
#pragma GCC diagnostic ignored "-Wstrict-prototypes"
#pragma GCC diagnostic ignored "-Wunused-variable"
#pragma GCC diagnostic ignored "-Wunused-but-set-variable"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"
#include <vkFFT.h>
#pragma GCC diagnostic pop

static const char *vkfft_result_name(VkFFTResult r)
{
  switch (r) {
  case VKFFT_ERROR_MALLOC_FAILED: return "VKFFT_ERROR_MALLOC_FAILED";
  case VKFFT_ERROR_INSUFFICIENT_CODE_BUFFER: return "VKFFT_ERROR_INSUFFICIENT_CODE_BUFFER";
  case VKFFT_ERROR_INSUFFICIENT_TEMP_BUFFER: return "VKFFT_ERROR_INSUFFICIENT_TEMP_BUFFER";
  case VKFFT_ERROR_UNSUPPORTED_RADIX: return "VKFFT_ERROR_UNSUPPORTED_RADIX";
  case VKFFT_ERROR_UNSUPPORTED_FFT_LENGTH: return "VKFFT_ERROR_UNSUPPORTED_FFT_LENGTH";
  case VKFFT_ERROR_FAILED_TO_ALLOCATE: return "VKFFT_ERROR_FAILED_TO_ALLOCATE";
  case VKFFT_ERROR_FAILED_TO_CREATE_PROGRAM: return "VKFFT_ERROR_FAILED_TO_CREATE_PROGRAM";
  case VKFFT_ERROR_FAILED_TO_COMPILE_PROGRAM: return "VKFFT_ERROR_FAILED_TO_COMPILE_PROGRAM";
  case VKFFT_ERROR_FAILED_TO_LAUNCH_KERNEL: return "VKFFT_ERROR_FAILED_TO_LAUNCH_KERNEL";
  case VKFFT_ERROR_FAILED_TO_SET_KERNEL_ARG: return "VKFFT_ERROR_FAILED_TO_SET_KERNEL_ARG";
  case VKFFT_ERROR_FAILED_TO_COPY: return "VKFFT_ERROR_FAILED_TO_COPY";
  case VKFFT_ERROR_FAILED_TO_SYNCHRONIZE: return "VKFFT_ERROR_FAILED_TO_SYNCHRONIZE";
  default: return "VkFFTResult"; /* the number says which; see vkFFT.h */
  }
}

typedef struct bench {
  cl_device_id dev;
  cl_context ctx;
  cl_command_queue q;
  int fp64;
  char device[256];
  const peer_options *o;
  FILE *csv;
  peer_tally tally;
} bench;


static int vk_ok(char *why, size_t len, const char *what, VkFFTResult r)
{
  return r == VKFFT_SUCCESS || peer_failed(why, len, what, (int)r, vkfft_result_name(r));
}

/* Where VkFFT gets the batch (the header says why both). */
typedef enum { LAYOUT_AXIS, LAYOUT_BATCHES } layout;

static const char *layout_token(layout l)
{
  return l == LAYOUT_AXIS ? "batch-in-axis" : "numberBatches";
}

/* One layout of one (shape, precision): an application made once, the check (one transform of the
 * uploaded input, read back into back and compared with FFTW), the warm-ups and the timed runs.
 * Returns 1 with *median and *err, else 0 with the failing call in why. */
static int time_layout(bench *b, const bench_shape *sh, int prec, long long batch, layout l, cl_mem in, cl_mem out, const void *host,
                       void *back, double *ms, double *median, double *err, char *why, size_t why_len)
{
  const peer_options *o = b->o;
  int kind = o->kind;
  long long count = peer_check_count(sh, batch);
  /* the complex side in buffer, the real side (or c2c's input) in inputBuffer */
  uint64_t in_size = (uint64_t)bench_side_bytes(sh, kind, prec, 0) * (uint64_t)batch;
  uint64_t out_size = (uint64_t)bench_side_bytes(sh, kind, prec, 1) * (uint64_t)batch;
  uint64_t real_size = kind == BENCH_C2R ? out_size : in_size, cplx_size = kind == BENCH_C2R ? in_size : out_size;
  cl_mem *real_buf = kind == BENCH_C2R ? &out : &in, *cplx_buf = kind == BENCH_C2R ? &in : &out;
  int dir = kind == BENCH_C2R ? 1 : -1; /* VkFFTAppend's inverse flag */
  VkFFTApplication *app = (VkFFTApplication *)calloc(1, sizeof *app);
  if (!app) return peer_failed(why, why_len, "malloc", 0, "out of host memory");

  /* VkFFT's sizes are fastest first (its WHD order): C order reversed; unused ones 1 */
  VkFFTConfiguration cfg;
  memset(&cfg, 0, sizeof cfg);
  cfg.FFTdim = (uint64_t)sh->rank;
  for (int d = 0; d < 3; ++d) cfg.size[d] = d < sh->rank ? (uint64_t)sh->n[sh->rank - 1 - d] : 1;
  if (l == LAYOUT_AXIS) cfg.size[sh->rank] = (uint64_t)batch; /* the first axis not transformed (rank < 3) */
  else cfg.numberBatches = (uint64_t)batch;
  cfg.doublePrecision = prec == BENCH_F64;
  cfg.device = &b->dev;
  cfg.context = &b->ctx;
  cfg.commandQueue = &b->q;
  cfg.isInputFormatted = 1; /* out-of-place: read in, write out */
  cfg.inputBuffer = real_buf;
  cfg.inputBufferSize = &real_size;
  cfg.buffer = cplx_buf;
  cfg.bufferSize = &cplx_size;
  if (kind != BENCH_C2C) {
    cfg.performR2C = 1;
    cfg.inputBufferStride[0] = cfg.size[0]; /* packed real rows (the default pads them for in place) */
  }
  if (kind == BENCH_C2R) cfg.makeInversePlanOnly = 1, cfg.inverseReturnToInputBuffer = 1;
  else cfg.makeForwardPlanOnly = 1;
  int ok = vk_ok(why, why_len, "initializeVkFFT", initializeVkFFT(app, cfg)), have_app = ok;

  VkFFTLaunchParams lp;
  memset(&lp, 0, sizeof lp);
  lp.commandQueue = &b->q;
  lp.inputBuffer = real_buf;
  lp.buffer = cplx_buf;
  /* fresh input for the check: the layout timed before may have overwritten it (c2r does) */
  if (ok)
    ok = peer_cl_ok(why, why_len, "clEnqueueWriteBuffer", clEnqueueWriteBuffer(b->q, in, CL_TRUE, 0, (size_t)in_size, host, 0, NULL, NULL)) &&
         vk_ok(why, why_len, "VkFFTAppend", VkFFTAppend(app, dir, &lp)) &&
         peer_cl_ok(why, why_len, "clEnqueueReadBuffer",
                    clEnqueueReadBuffer(b->q, out, CL_TRUE, 0, bench_side_bytes(sh, kind, prec, 1) * (size_t)count, back, 0, NULL, NULL));
  if (ok) *err = peer_check(sh, prec, kind, count, host, back);
  for (int r = 0; ok && r < PEER_WARMUPS; ++r) ok = vk_ok(why, why_len, "VkFFTAppend", VkFFTAppend(app, dir, &lp));
  if (ok) ok = peer_cl_ok(why, why_len, "clFinish", clFinish(b->q));
  for (int r = 0; ok && r < o->repeats; ++r) {
    /* waiting per run bounds the live events and keeps runs of different sizes apart */
    peer_cl_window w;
    cl_event end = NULL;
    if (o->window == PEER_WINDOW_B2B) /* the untimed run the timed one follows (peer_cl.h) */
      ok = vk_ok(why, why_len, "VkFFTAppend", VkFFTAppend(app, dir, &lp));
    ok = ok && peer_cl_ok(why, why_len, "clEnqueueMarkerWithWaitList", peer_cl_open(b->ctx, b->q, o->window, &w));
    if (!ok) break;
    ok = vk_ok(why, why_len, "VkFFTAppend", VkFFTAppend(app, dir, &lp)) &&
         peer_cl_ok(why, why_len, "clEnqueueMarkerWithWaitList", clEnqueueMarkerWithWaitList(b->q, 0, NULL, &end));
    cl_int e = peer_cl_close(&w, end, &ms[r]);
    ok = ok && peer_cl_ok(why, why_len, "clGetEventProfilingInfo", e);
  }
  if (ok) *median = bench_median(ms, (size_t)o->repeats);
  clFinish(b->q);
  if (have_app) deleteVkFFT(app);
  free(app);
  return ok;
}

static void run(bench *b, const bench_shape *sh, int prec)
{
  const peer_options *o = b->o;
  int kind = o->kind;
  long long batch = peer_batch(sh, kind, prec, o->mib), count = peer_check_count(sh, batch);
  size_t bytes = bench_side_bytes(sh, kind, prec, 0) * (size_t)batch, out_bytes = bench_side_bytes(sh, kind, prec, 1) * (size_t)batch;
  char why[256] = "", config[96] = "";
  cl_mem in = NULL, out = NULL;
  double *ms = (double *)calloc((size_t)o->repeats, sizeof *ms);
  void *host = malloc(bytes), *back = malloc(bench_side_bytes(sh, kind, prec, 1) * (size_t)count);
  int ok = 1;
  if (prec == BENCH_F64 && !b->fp64) ok = peer_failed(why, sizeof why, "device", 0, "no fp64");
  if (ok && (!ms || !host || !back)) ok = peer_failed(why, sizeof why, "malloc", 0, "out of host memory");
  if (ok) {
    bench_fill_input(host, prec, sh, kind, batch);
    ok = peer_cl_buffers(b->ctx, b->q, host, bytes, out_bytes, &in, &out, why, sizeof why);
  }

  /* the layouts to time: the one asked for, or both ("best"); a 3D transform has numberBatches only */
  layout tries[2];
  int ntries = 0;
  if (sh->rank < 3 && o->layout != PEER_LAYOUT_BATCHES) tries[ntries++] = LAYOUT_AXIS;
  if (sh->rank == 3 || o->layout != PEER_LAYOUT_AXIS) tries[ntries++] = LAYOUT_BATCHES;
  double best = NAN, best_err = NAN;
  int kept = -1;
  char note[256] = "";
  for (int t = 0; ok && t < ntries; ++t) {
    double median = NAN, err = NAN;
    char fail[256] = "";
    int ran = time_layout(b, sh, prec, batch, tries[t], in, out, host, back, ms, &median, &err, fail, sizeof fail);
    size_t at = strlen(note);
    if (ran) snprintf(note + at, sizeof note - at, "%s%s %.4f ms", at ? ", " : "", layout_token(tries[t]), median);
    else snprintf(note + at, sizeof note - at, "%s%s failed", at ? ", " : "", layout_token(tries[t]));
    if (ran && (kept < 0 || median < best)) best = median, best_err = err, kept = t;
    if (!ran && !why[0]) snprintf(why, sizeof why, "%s", fail); /* the first failure, if none ran */
  }
  if (ok && ntries > 1) printf("#    %s %s layouts: %s%s%s\n", bench_prec_name(prec), sh->text, note, kept >= 0 ? "; kept " : "",
                               kept >= 0 ? layout_token(tries[kept]) : "");
  if (kept >= 0) {
    char token[48];
    snprintf(token, sizeof token, "%s%s", layout_token(tries[kept]), o->layout == PEER_LAYOUT_BEST && sh->rank < 3 ? "(best)" : "");
    bench_config_add(config, sizeof config, token);
  } else {
    bench_config_add(config, sizeof config, o->layout == PEER_LAYOUT_BEST && sh->rank < 3 ? "best" : layout_token(tries[0]));
  }
  bench_config_add(config, sizeof config, "oop");
  bench_config_add(config, sizeof config, "plan-once");
  bench_config_add(config, sizeof config, peer_window_name(o->window));
  if (ok && kept >= 0) peer_row(&b->tally, b->csv, "vkfft", b->device, prec, kind, sh, batch, best, best_err, NULL, config);
  else peer_row(&b->tally, b->csv, "vkfft", b->device, prec, kind, sh, batch, NAN, NAN, why, config);
  if (in) clReleaseMemObject(in);
  if (out) clReleaseMemObject(out);
  free(ms), free(host), free(back);
}

int main(int argc, char **argv)
{
  const char *prog = "vkfft-bench";
  peer_options o;
  int s = peer_parse_args(argc, argv, prog, PEER_ALLOW_LAYOUT | PEER_ALLOW_WINDOW | PEER_ALLOW_KIND, 256, &o);
  if (s) return s < 0 ? 0 : s;
  bench b;
  memset(&b, 0, sizeof b);
  b.o = &o;
  if (peer_cl_pick_device(prog, &b.dev) != 0) return 1;
  char longer[1024];
  b.fp64 = peer_cl_describe(b.dev, b.device, sizeof b.device, longer, sizeof longer);
  cl_int e;
  b.ctx = clCreateContext(NULL, 1, &b.dev, NULL, NULL, &e);
  if (b.ctx) b.q = clCreateCommandQueue(b.ctx, b.dev, CL_QUEUE_PROFILING_ENABLE, &e);
  if (!b.q) return fprintf(stderr, "%s: cannot create an OpenCL context and profiling queue: %s\n", prog, clerr_name(e)), 1;
  int v = VkFFTGetVersion();
  char library[64];
  snprintf(library, sizeof library, "VkFFT %d.%d.%d (OpenCL backend)", v / 10000, v / 100 % 100, v % 100);
  if (o.csv_path && !(b.csv = peer_csv_open(prog, o.csv_path))) return 1;
  peer_print_header(prog, library, longer, &o,
                    o.window == PEER_WINDOW_B2B ? "OpenCL events, runs back to back: marker before VkFFTAppend's kernels to a marker after them"
                                                : "OpenCL events, runs alone: marker before VkFFTAppend's kernels to a marker after them");
  for (int p = 0; p < BENCH_NPREC; ++p)
    for (int i = 0; o.prec[p] && i < o.nshapes; ++i) run(&b, &o.shapes[i], p);
  int status = peer_summary(prog, &b.tally);
  if (b.csv) fclose(b.csv);
  clReleaseCommandQueue(b.q);
  clReleaseContext(b.ctx);
  return status;
}
