/* ppfft-cuda-bench: ppfft's CUDA backend (include/ppfft_cuda.h) on the problems and in the way of
 * the peers (bench/peer.h; cufft-bench is its vendor twin): batched complex-to-complex forward
 * transforms, out-of-place, interleaved, about 256 MiB of random input, CUDA events around each run
 * (back to back behind an untimed run, --window), 3 warm-ups, median of repeats, the first
 * transforms checked against FFTW.
 *
 *   ppfft-cuda-bench [-p f32|f64|f16|LIST] [-m MiB] [-r repeats] [--kind c2c|r2c|c2r] [--window b2b|alone]
 *                    [--csv FILE] SHAPE...
 *
 * --kind r2c and c2r (peer.h) set ppfft_desc.kind = PPFFT_R2C / PPFFT_C2R, packed and out of place
 * (the descriptor's defaults); where the library does not do them yet the row is FAILED with its
 * status, and its message is on stderr.  f16 (PPFFT_F16: half2 data) gets the same input as
 * cufft-bench's f16 rows (the same generator, seed and rounding), so the errors compare.
 *
 * The plan is made as a user makes it: ppfft_plan_create on a context of CUDA device 0 with
 * PPFFT_ESTIMATE (the wisdom installed or found for the device, else the heuristic), or with
 * PPFFT_MEASURE when PPFFT_BENCH_FLAGS=measure; once per size, executed on the default stream.  The
 * config column is "wisdom+plan-once+b2b" where a wisdom entry answered, else "estimate+..." (or
 * "measure+..."), and each row's plan string is printed on stderr.
 *
 * PPFFT_BENCH_VARIANT=PLAN: every shape with that plan string (ppfft_plan_create_variant), config
 * "variant+...", instead of the planner's plan (a study of one shape's alternatives).
 *
 * PPFFT_BENCH_TC=1 (f16): after each f16 row, its plan again with TC (the radix-16 passes on the
 * Tensor Cores) added to every RP+LM-CM pass, or to as many of them as take it, made by
 * ppfft_plan_create_variant; config "...+tc".  A plan none of whose passes takes TC gives no row. */
#include "config.h"
#include "peer.h"
#include "core/half.h"
#include "ppfft_cuda.h"
#include <cuda_runtime_api.h>

static int cuda_ok(char *why, size_t len, const char *what, cudaError_t e)
{
  return e == cudaSuccess || peer_failed(why, len, what, (int)e, cudaGetErrorName(e));
}

/* A failed ppfft call: the row's reason is the call, the status and the library's message (cut to
 * the row's buffer, "..." marking a cut); the whole message on stderr. */
static int ppfft_ok(char *why, size_t len, const char *what, ppfft_status s, ppfft_context *c)
{
  if (s == PPFFT_SUCCESS) return 1;
  const char *msg = ppfft_context_last_error(c);
  fprintf(stderr, "ppfft-cuda-bench: %s: %s\n", what, msg);
  if (!why[0]) {
    int n = snprintf(why, len, "%s: %s (%d): %s", what, ppfft_status_string(s), (int)s, msg ? msg : "");
    if (n >= (int)len && len > 4) strcpy(why + len - 4, "...");
    for (char *q = why; *q; ++q)
      if (*q == '\n' || *q == '\r') *q = ' ';
  }
  return 0;
}
#define CUDA_OK(what, e) cuda_ok(why, sizeof why, what, (e))
#define PPFFT_OK(what, s) ppfft_ok(why, sizeof why, what, (s), c)

static char last_plan[4096]; /* the plan string of run's last plan */

/* cufft-bench's f16 input of reals values, value for value: one seed for every shape, so shapes of
 * as many values (every shape at -m 256) draw the same ones; drawn once and kept. */
static const uint16_t *f16_input(size_t reals)
{
  static uint16_t *kept;
  static size_t kept_reals;
  if (kept && kept_reals == reals) return kept;
  free(kept);
  kept = malloc(reals * sizeof *kept);
  kept_reals = kept ? reals : 0;
  unsigned long long s = 0x9E3779B97F4A7C15ull;
  for (size_t i = 0; kept && i < reals; ++i) {
    uint16_t h = half_from_float((float)bench_random(&s));
    while (half_to_float(h) == 0.0f) h = half_from_float((float)bench_random(&s));
    kept[i] = h;
  }
  return kept;
}

static void run(ppfft_context *c, unsigned flags, const char *variant, const bench_shape *sh, int prec, const peer_options *o, FILE *csv,
                const char *device, peer_tally *tally)
{
  last_plan[0] = '\0';
  int kind = o->kind;
  long long batch = peer_batch(sh, kind, prec, o->mib), count = peer_check_count(sh, batch);
  size_t bytes = bench_side_bytes(sh, kind, prec, 0) * (size_t)batch, out_bytes = bench_side_bytes(sh, kind, prec, 1) * (size_t)batch;
  size_t back_bytes = bench_side_bytes(sh, kind, prec, 1) * (size_t)count;
  char why[256] = "", config[64] = "";
  double err = NAN, *ms = calloc((size_t)o->repeats, sizeof *ms);
  void *host = malloc(bytes), *back = malloc(back_bytes), *in = NULL, *out = NULL;
  ppfft_plan *plan = NULL;
  cudaEvent_t a = NULL, b = NULL;
  int ok = ms && host && back ? 1 : peer_failed(why, sizeof why, "malloc", 0, "out of host memory");
  if (ok) {
    if (prec != BENCH_F16) bench_fill_input(host, prec, sh, kind, batch);
    size_t reals = 2 * (size_t)(sh->N * batch);
    const uint16_t *f16 = prec == BENCH_F16 ? f16_input(reals) : NULL;
    if (f16) memcpy(host, f16, reals * sizeof *f16);
    else if (prec == BENCH_F16) ok = peer_failed(why, sizeof why, "malloc", 0, "out of host memory");
    ok = CUDA_OK("cudaMalloc", cudaMalloc(&in, bytes)) && CUDA_OK("cudaMalloc", cudaMalloc(&out, out_bytes)) &&
         CUDA_OK("cudaMemcpy", cudaMemcpy(in, host, bytes, cudaMemcpyHostToDevice));
  }
  if (ok) {
    ppfft_desc d;
    size_t n[3] = {(size_t)sh->n[0], (size_t)sh->n[1], (size_t)sh->n[2]};
    ppfft_desc_init(&d, sh->rank, n, (size_t)batch);
    d.precision = prec == BENCH_F64 ? PPFFT_F64 : prec == BENCH_F16 ? PPFFT_F16 : PPFFT_F32;
    d.kind = kind == BENCH_R2C ? PPFFT_R2C : kind == BENCH_C2R ? PPFFT_C2R : PPFFT_C2C;
    ok = variant ? PPFFT_OK("ppfft_plan_create_variant", ppfft_plan_create_variant(c, &d, variant, &plan))
                 : PPFFT_OK("ppfft_plan_create", ppfft_plan_create(c, &d, flags, &plan));
  }
  int from_wisdom = 0;
  if (ok) {
    char text[4096];
    if (ppfft_plan_describe(plan, text, sizeof text) == PPFFT_SUCCESS) {
      fprintf(stderr, "ppfft-cuda-bench: %s %s: %s\n", bench_prec_name(prec), sh->text, text);
      from_wisdom = strstr(text, "(from wisdom") != NULL;
      snprintf(last_plan, sizeof last_plan, "%.*s", (int)strcspn(text, " "), text);
    }
    ok = PPFFT_OK("ppfft_execute_cuda", ppfft_execute_cuda(plan, 0, in, out)) && CUDA_OK("cudaDeviceSynchronize", cudaDeviceSynchronize()) &&
         CUDA_OK("cudaMemcpy", cudaMemcpy(back, out, back_bytes, cudaMemcpyDeviceToHost));
  }
  /* how the plan was made, as ppfft-bench says it: wisdom where an entry answered */
  bench_config_add(config, sizeof config, variant ? "variant" : from_wisdom ? "wisdom" : flags & PPFFT_MEASURE ? "measure" : "estimate");
  bench_config_add(config, sizeof config, "plan-once");
  bench_config_add(config, sizeof config, peer_window_name(o->window));
  if (variant && strstr(variant, "+TC")) bench_config_add(config, sizeof config, "tc");
  if (ok) err = peer_check(sh, prec, kind, count, host, back);
  ok = ok && CUDA_OK("cudaEventCreate", cudaEventCreate(&a)) && CUDA_OK("cudaEventCreate", cudaEventCreate(&b));
  for (int r = -PEER_WARMUPS; ok && r < o->repeats; ++r) {
    float t = 0;
    if (o->window == PEER_WINDOW_B2B) ok = PPFFT_OK("ppfft_execute_cuda", ppfft_execute_cuda(plan, 0, in, out));
    ok = ok && CUDA_OK("cudaEventRecord", cudaEventRecord(a, 0)) && PPFFT_OK("ppfft_execute_cuda", ppfft_execute_cuda(plan, 0, in, out)) &&
         CUDA_OK("cudaEventRecord", cudaEventRecord(b, 0)) && CUDA_OK("cudaEventSynchronize", cudaEventSynchronize(b)) &&
         CUDA_OK("cudaEventElapsedTime", cudaEventElapsedTime(&t, a, b));
    if (ok && r >= 0) ms[r] = t;
  }
  if (ok) peer_row(tally, csv, "ppfft-cuda", device, prec, kind, sh, batch, bench_median(ms, (size_t)o->repeats), err, NULL, config);
  else peer_row(tally, csv, "ppfft-cuda", device, prec, kind, sh, batch, NAN, NAN, why, config);
  ppfft_plan_destroy(plan);
  if (a) cudaEventDestroy(a);
  if (b) cudaEventDestroy(b);
  cudaFree(in);
  cudaFree(out);
  cudaGetLastError();
  free(ms), free(host), free(back);
}

/* plan with "+TC" after "RP+LM-CM" in the passes that mask selects (bit i: pass i), into out;
 * returns how many passes got it */
static int with_tc(const char *plan, unsigned mask, char *out, size_t len)
{
  size_t at = 0;
  int pass = 0, added = 0;
  out[0] = '\0';
  for (const char *s = plan; *s && at + 8 < len; ++pass) {
    size_t l = strcspn(s, ";");
    const char *lm = strstr(s, "/RP+LM-CM+");
    int add = (mask >> pass & 1) && lm && lm < s + l;
    size_t head = add ? (size_t)(lm - s) + strlen("/RP+LM-CM") : l;
    if (at + l + 8 >= len) break;
    memcpy(out + at, s, head), at += head;
    if (add) memcpy(out + at, "+TC", 3), at += 3, ++added;
    memcpy(out + at, s + head, l - head), at += l - head;
    s += l;
    if (*s == ';') out[at++] = *s++;
  }
  out[at] = '\0';
  return added;
}

/* The f16 row's plan with TC in as many passes as take it (all first, then fewer): a row.  TC
 * computes on single elements, so where no pass takes it as the plan is, the plan again with one
 * half2 an access (VASM2 for the wide VASM4 and VASM8). */
static void run_tc(ppfft_context *c, const bench_shape *sh, const peer_options *o, FILE *csv, const char *device, peer_tally *tally)
{
  char plan[4096], tc[4200];
  snprintf(plan, sizeof plan, "%s", last_plan);
  int passes = 1;
  for (const char *s = plan; (s = strchr(s, ';')); ++s) ++passes;
  for (int narrow = 0; narrow < 2; ++narrow) {
    if (narrow) { /* (the tokens have the same length) */
      int changed = 0;
      for (char *s = plan; (s = strstr(s, "+VASM")); s += 5)
        if ((s[5] == '4' || s[5] == '8') && s[6] == '+') s[5] = '2', changed = 1;
      if (!changed) break;
    }
    for (unsigned mask = (1u << passes) - 1; plan[0] && mask > 0; --mask) {
      if (!with_tc(plan, mask, tc, sizeof tc)) continue;
      ppfft_desc d;
      size_t n[3] = {(size_t)sh->n[0], (size_t)sh->n[1], (size_t)sh->n[2]};
      ppfft_desc_init(&d, sh->rank, n, 1);
      d.precision = PPFFT_F16;
      ppfft_plan *p = NULL;
      if (ppfft_plan_create_variant(c, &d, tc, &p) != PPFFT_SUCCESS) continue;
      ppfft_plan_destroy(p);
      run(c, 0, tc, sh, BENCH_F16, o, csv, device, tally);
      return;
    }
  }
  fprintf(stderr, "ppfft-cuda-bench: f16 %s: no pass of %s takes TC\n", sh->text, plan);
}

int main(int argc, char **argv)
{
  const char *prog = "ppfft-cuda-bench";
  peer_options o;
  int s = peer_parse_args(argc, argv, prog, PEER_ALLOW_F16 | PEER_ALLOW_WINDOW | PEER_ALLOW_KIND, 256, &o);
  if (s) return s < 0 ? 0 : s;
  ppfft_context *c;
  if (ppfft_context_create_cuda(0, &c) != PPFFT_SUCCESS) return fprintf(stderr, "%s: %s\n", prog, ppfft_context_last_error(NULL)), 1;
  const char *f = getenv("PPFFT_BENCH_FLAGS");
  unsigned flags = f && strcmp(f, "measure") == 0 ? PPFFT_MEASURE : PPFFT_ESTIMATE;
  struct cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  char library[256];
  snprintf(library, sizeof library, "ppfft %s CUDA backend (%s)", PACKAGE_VERSION, ppfft_context_device_key(c));
  FILE *csv = NULL;
  if (o.csv_path && !(csv = peer_csv_open(prog, o.csv_path))) return 1;
  peer_print_header(prog, library, prop.name, &o,
                    o.window == PEER_WINDOW_B2B ? "CUDA events around ppfft_execute_cuda, runs back to back" : "CUDA events around ppfft_execute_cuda, runs alone");
  peer_tally tally;
  memset(&tally, 0, sizeof tally);
  const char *named = getenv("PPFFT_BENCH_VARIANT"); /* a plan string for every shape instead of the planner's */
  for (int p = 0; p < BENCH_NPREC; ++p)
    for (int i = 0; o.prec[p] && i < o.nshapes; ++i) {
      run(c, flags, named && *named ? named : NULL, &o.shapes[i], p, &o, csv, prop.name, &tally);
      const char *tc = getenv("PPFFT_BENCH_TC");
      if (p == BENCH_F16 && tc && !strcmp(tc, "1")) run_tc(c, &o.shapes[i], &o, csv, prop.name, &tally);
    }
  int status = peer_summary(prog, &tally);
  if (csv) fclose(csv);
  ppfft_context_destroy(c);
  return status;
}
