/* clfft-bench: clFFT's number for the problems ppfft-bench and cufft-bench time, on the same OpenCL
 * device, the same way (bench/peer.h): batched complex-to-complex forward transforms, out-of-place,
 * interleaved, f32 and f64, rank 1 to 3, about -m MiB of random data, 3 warm-ups, the median of -r
 * runs by OpenCL event profiling from a marker before clFFT's first kernel to the end of its last
 * (the event clfftEnqueueTransform returns), each run back to back behind an untimed one (--window,
 * peer.h and peer_cl.h), each result checked against FFTW first.
 *
 *   clfft-bench [-p f32|f64|f32,f64] [-m MiB] [-r repeats] [--kind c2c|r2c|c2r] [--window b2b|alone]
 *               [--csv FILE] SHAPE...
 *
 * --kind r2c and c2r (peer.h) use clFFT's real layouts: CLFFT_REAL to CLFFT_HERMITIAN_INTERLEAVED
 * (forward) and back (CLFFT_BACKWARD, its scale set to 1: clFFT scales a backward transform by 1/N
 * by default, FFTW and cuFFT do not), out of place, packed strides and distances on each side
 * (real rows of n, complex rows of n/2+1).
 *
 * clFFT is set up as its own client program (src/client/client.cpp, `clFFT-client -p N`) and its
 * README set up a timed transform: clfftSetup once; per size one plan, clfftCreateDefaultPlan with
 * its precision, interleaved layouts, out-of-place, the batch as clfftSetPlanBatchSize with packed
 * strides and the distance N between transforms, baked once (clfftBakePlan) before anything runs;
 * the temporary buffer it asks for (clfftGetTmpBufSize) allocated once by the caller and passed to
 * every clfftEnqueueTransform, so no run allocates.  The CSV's config column says so, with the
 * timing window (--window, peer.h): "bake-once+batch-dist+tmpbuf+b2b" (tmpbuf only when the plan
 * needs one).
 *
 * PPFFT_DEVICE=P:D picks the device as for ppfft.  A size clFFT refuses (it has limits: lengths
 * that are 2, 3, 5, 7, 11 and 13-smooth only, no Bluestein, large 1D lengths, memory) gives a FAILED
 * row with clFFT's status, and the run
 * goes on; the exit status is nonzero only when the setup (device, clFFT, CSV file) fails. */
#include "peer_cl.h"
/* clFFT.h declares clfftTeardown( ): from a path that is not a system directory that warns */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstrict-prototypes"
#include <clFFT.h>
#pragma GCC diagnostic pop

static const char *clfft_status_name(clfftStatus s)
{
  switch ((int)s) {
  case CLFFT_BUGCHECK: return "CLFFT_BUGCHECK";
  case CLFFT_NOTIMPLEMENTED: return "CLFFT_NOTIMPLEMENTED";
  case CLFFT_TRANSPOSED_NOTIMPLEMENTED: return "CLFFT_TRANSPOSED_NOTIMPLEMENTED";
  case CLFFT_FILE_NOT_FOUND: return "CLFFT_FILE_NOT_FOUND";
  case CLFFT_FILE_CREATE_FAILURE: return "CLFFT_FILE_CREATE_FAILURE";
  case CLFFT_VERSION_MISMATCH: return "CLFFT_VERSION_MISMATCH";
  case CLFFT_INVALID_PLAN: return "CLFFT_INVALID_PLAN";
  case CLFFT_DEVICE_NO_DOUBLE: return "CLFFT_DEVICE_NO_DOUBLE";
  case CLFFT_DEVICE_MISMATCH: return "CLFFT_DEVICE_MISMATCH";
  default: return clerr_name((cl_int)s); /* the other statuses are OpenCL's codes */
  }
}

typedef struct bench {
  cl_context ctx;
  cl_command_queue q;
  int fp64;
  char device[256];
  const peer_options *o;
  FILE *csv;
  peer_tally tally;
} bench;

#define CLFFT_OK(call) ((st = (call)) == CLFFT_SUCCESS || peer_failed(why, sizeof why, #call, (int)st, clfft_status_name(st)))
#define CL_OK(what, e) peer_cl_ok(why, sizeof why, what, (e))

static void run(bench *b, const bench_shape *sh, int prec)
{
  const peer_options *o = b->o;
  int kind = o->kind;
  long long batch = peer_batch(sh, kind, prec, o->mib), count = peer_check_count(sh, batch);
  size_t bytes = bench_side_bytes(sh, kind, prec, 0) * (size_t)batch, out_bytes = bench_side_bytes(sh, kind, prec, 1) * (size_t)batch;
  size_t back_bytes = bench_side_bytes(sh, kind, prec, 1) * (size_t)count;
  clfftDirection dir = kind == BENCH_C2R ? CLFFT_BACKWARD : CLFFT_FORWARD;
  char why[256] = "";
  clfftStatus st = CLFFT_SUCCESS;
  cl_int e = CL_SUCCESS;
  cl_mem in = NULL, out = NULL, tmp = NULL;
  clfftPlanHandle plan = 0;
  size_t tmp_bytes = 0;
  char config[64] = "";
  int have_plan = 0;
  double err = NAN, *ms = (double *)calloc((size_t)o->repeats, sizeof *ms);
  void *host = malloc(bytes), *back = malloc(back_bytes);
  int ok = 1;
  if (prec == BENCH_F64 && !b->fp64) ok = peer_failed(why, sizeof why, "device", 0, "no fp64");
  if (ok && (!ms || !host || !back)) ok = peer_failed(why, sizeof why, "malloc", 0, "out of host memory");
  if (ok) {
    bench_fill_input(host, prec, sh, kind, batch);
    ok = peer_cl_buffers(b->ctx, b->q, host, bytes, out_bytes, &in, &out, why, sizeof why);
  }

  /* clFFT takes the lengths fastest first: C order reversed; packed strides on each side (a real
   * kind's complex rows hold n/2+1 values) */
  size_t len[3], rstride[3], cstride[3], nr = (size_t)sh->N, nc = (size_t)bench_complex_count(sh, kind);
  for (int d = 0; d < sh->rank; ++d) len[d] = (size_t)sh->n[sh->rank - 1 - d];
  size_t clen0 = kind == BENCH_C2C ? len[0] : len[0] / 2 + 1;
  rstride[0] = 1, rstride[1] = len[0], rstride[2] = len[0] * (sh->rank > 1 ? len[1] : 1);
  cstride[0] = 1, cstride[1] = clen0, cstride[2] = clen0 * (sh->rank > 1 ? len[1] : 1);
  clfftDim dim = sh->rank == 1 ? CLFFT_1D : sh->rank == 2 ? CLFFT_2D : CLFFT_3D;
  clfftLayout lin = kind == BENCH_R2C ? CLFFT_REAL : kind == BENCH_C2R ? CLFFT_HERMITIAN_INTERLEAVED : CLFFT_COMPLEX_INTERLEAVED;
  clfftLayout lout = kind == BENCH_R2C ? CLFFT_HERMITIAN_INTERLEAVED : kind == BENCH_C2R ? CLFFT_REAL : CLFFT_COMPLEX_INTERLEAVED;
  size_t *istride = kind == BENCH_R2C ? rstride : cstride, *ostride = kind == BENCH_C2R ? rstride : cstride;
  if (ok) ok = have_plan = CLFFT_OK(clfftCreateDefaultPlan(&plan, b->ctx, dim, len));
  ok = ok && CLFFT_OK(clfftSetPlanPrecision(plan, prec == BENCH_F64 ? CLFFT_DOUBLE : CLFFT_SINGLE)) &&
       CLFFT_OK(clfftSetLayout(plan, lin, lout)) && CLFFT_OK(clfftSetResultLocation(plan, CLFFT_OUTOFPLACE)) &&
       CLFFT_OK(clfftSetPlanBatchSize(plan, (size_t)batch)) && CLFFT_OK(clfftSetPlanInStride(plan, dim, istride)) &&
       CLFFT_OK(clfftSetPlanOutStride(plan, dim, ostride)) &&
       CLFFT_OK(clfftSetPlanDistance(plan, kind == BENCH_R2C ? nr : nc, kind == BENCH_C2R ? nr : nc));
  if (ok && kind == BENCH_C2R) ok = CLFFT_OK(clfftSetPlanScale(plan, CLFFT_BACKWARD, 1.0f)); /* unnormalised, as the other peers */
  ok = ok && CLFFT_OK(clfftBakePlan(plan, 1, &b->q, NULL, NULL)) && CLFFT_OK(clfftGetTmpBufSize(plan, &tmp_bytes));
  if (ok && tmp_bytes) {
    tmp = clCreateBuffer(b->ctx, CL_MEM_READ_WRITE, tmp_bytes, NULL, &e);
    ok = CL_OK("clCreateBuffer", e);
  }
  bench_config_add(config, sizeof config, "bake-once");
  bench_config_add(config, sizeof config, "batch-dist");
  if (tmp_bytes) bench_config_add(config, sizeof config, "tmpbuf");
  bench_config_add(config, sizeof config, peer_window_name(o->window));

  /* the check: one transform of the uploaded input, read back and compared with FFTW */
  if (ok) {
    cl_event done = NULL;
    ok = CLFFT_OK(clfftEnqueueTransform(plan, dir, 1, &b->q, 0, NULL, &done, &in, &out, tmp)) &&
         CL_OK("clWaitForEvents", clWaitForEvents(1, &done)) &&
         CL_OK("clEnqueueReadBuffer",
               clEnqueueReadBuffer(b->q, out, CL_TRUE, 0, back_bytes, back, 0, NULL, NULL));
    if (done) clReleaseEvent(done);
    if (ok) err = peer_check(sh, prec, kind, count, host, back);
  }
  for (int r = 0; ok && r < PEER_WARMUPS; ++r)
    ok = CLFFT_OK(clfftEnqueueTransform(plan, dir, 1, &b->q, 0, NULL, NULL, &in, &out, tmp));
  if (ok) ok = CL_OK("clFinish", clFinish(b->q));
  for (int r = 0; ok && r < o->repeats; ++r) {
    /* waiting per run bounds the live events and keeps runs of different sizes apart */
    peer_cl_window w;
    cl_event end = NULL;
    if (o->window == PEER_WINDOW_B2B) /* the untimed run the timed one follows (peer_cl.h) */
      ok = CLFFT_OK(clfftEnqueueTransform(plan, dir, 1, &b->q, 0, NULL, NULL, &in, &out, tmp));
    ok = ok && CL_OK("clEnqueueMarkerWithWaitList", peer_cl_open(b->ctx, b->q, o->window, &w));
    if (!ok) break;
    ok = CLFFT_OK(clfftEnqueueTransform(plan, dir, 1, &b->q, 1, &w.start, &end, &in, &out, tmp));
    e = peer_cl_close(&w, end, &ms[r]);
    ok = ok && CL_OK("clGetEventProfilingInfo", e);
  }
  if (ok) peer_row(&b->tally, b->csv, "clfft", b->device, prec, kind, sh, batch, bench_median(ms, (size_t)o->repeats), err, NULL, config);
  else peer_row(&b->tally, b->csv, "clfft", b->device, prec, kind, sh, batch, NAN, NAN, why, config);
  clFinish(b->q);
  if (have_plan) clfftDestroyPlan(&plan);
  if (in) clReleaseMemObject(in);
  if (out) clReleaseMemObject(out);
  if (tmp) clReleaseMemObject(tmp);
  free(ms), free(host), free(back);
}

int main(int argc, char **argv)
{
  const char *prog = "clfft-bench";
  peer_options o;
  int s = peer_parse_args(argc, argv, prog, PEER_ALLOW_WINDOW | PEER_ALLOW_KIND, 256, &o);
  if (s) return s < 0 ? 0 : s;
  bench b;
  memset(&b, 0, sizeof b);
  b.o = &o;
  cl_device_id dev;
  if (peer_cl_pick_device(prog, &dev) != 0) return 1;
  char longer[1024];
  b.fp64 = peer_cl_describe(dev, b.device, sizeof b.device, longer, sizeof longer);
  cl_int e;
  b.ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
  if (b.ctx) b.q = clCreateCommandQueue(b.ctx, dev, CL_QUEUE_PROFILING_ENABLE, &e);
  if (!b.q) return fprintf(stderr, "%s: cannot create an OpenCL context and profiling queue: %s\n", prog, clerr_name(e)), 1;
  clfftSetupData setup;
  memset(&setup, 0, sizeof setup);
  setup.major = clfftVersionMajor, setup.minor = clfftVersionMinor, setup.patch = clfftVersionPatch;
  clfftStatus st = clfftSetup(&setup);
  if (st != CLFFT_SUCCESS) return fprintf(stderr, "%s: clfftSetup: %s (%d)\n", prog, clfft_status_name(st), (int)st), 1;
  cl_uint major = 0, minor = 0, patch = 0;
  clfftGetVersion(&major, &minor, &patch);
  char library[64];
  snprintf(library, sizeof library, "clFFT %u.%u.%u", major, minor, patch);
  if (o.csv_path && !(b.csv = peer_csv_open(prog, o.csv_path))) return 1;
  peer_print_header(prog, library, longer, &o,
                    o.window == PEER_WINDOW_B2B ? "OpenCL events, runs back to back: marker before the first kernel to the end of the last"
                                                : "OpenCL events, runs alone: marker before the first kernel to the end of the last");
  for (int p = 0; p < BENCH_NPREC; ++p)
    for (int i = 0; o.prec[p] && i < o.nshapes; ++i) run(&b, &o.shapes[i], p);
  int status = peer_summary(prog, &b.tally);
  if (b.csv) fclose(b.csv);
  clfftTeardown();
  clReleaseCommandQueue(b.q);
  clReleaseContext(b.ctx);
  return status;
}
