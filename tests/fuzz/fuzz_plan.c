/* Fuzz target: descriptors, through what ppfft_plan_create does before it compiles anything.
 * Properties: validation returns one of its documented statuses with a message; a valid descriptor
 * splits into passes (the estimate's fewest, fitted to an H200's limits) whose every pass reads and
 * writes only inside the buffers its roles name (the user's spans, or the temporary buffer); the
 * estimate's variant for each pass generates a kernel.  Kernels are generated, not compiled. */
#include "fuzz_common.h"
#include "gen/kernel.h"
#include "plan/candidates.h"
#include "plan/solver.h"
#include <math.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

typedef struct reader {
  const unsigned char *d;
  size_t n, at;
} reader;

static unsigned byte(reader *r) { return r->at < r->n ? r->d[r->at++] : 0; }

/* A length or count: mostly powers of two, sometimes small numbers, 0, or huge. */
static size_t count(reader *r, unsigned max_log2)
{
  unsigned b = byte(r);
  switch (b >> 6) {
  case 0:
  case 1: return (size_t)1 << ((b & 63) % (max_log2 + 1));
  case 2: return b & 63;
  default: return (b & 1) ? (size_t)-1 / (1 + (b & 15)) : ((size_t)byte(r) << 24 | (size_t)byte(r) << 8);
  }
}

/* A stride, distance or offset: mostly 0 (packed), or small, or large. */
static size_t spacing(reader *r)
{
  unsigned b = byte(r);
  if (b < 128) return 0;
  if (b < 224) return b & 31;
  return (size_t)byte(r) << (b & 31);
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
  static ppfft_context ctx;
  static int ready;
  if (!ready) {
    ctx.info = fuzz_device();
    device_names_of(&ctx.info, &ctx.names);
    FUZZ_ASSERT(errors_init(&ctx.err) == 0, "errors_init");
    ready = 1;
  }
  reader r = {data, size, 0};
  ppfft_desc d;
  memset(&d, 0, sizeof d);
  d.rank = (int)(byte(&r) % 5);
  for (int i = 0; i < 3; ++i) d.n[i] = count(&r, 22);
  d.batch = count(&r, 12);
  d.precision = (ppfft_precision)(byte(&r) % 4);
  d.kind = (ppfft_kind)(byte(&r) % 4);
  static const int dirs[] = {PPFFT_FORWARD, PPFFT_BACKWARD, 0, 2};
  d.direction = (ppfft_direction)dirs[byte(&r) % 4];
  d.inplace = byte(&r) & 1;
  d.in_layout = (ppfft_layout)(byte(&r) % 3);
  d.out_layout = (ppfft_layout)(byte(&r) % 3);
  for (int i = 0; i < 3; ++i) d.in_strides[i] = spacing(&r), d.out_strides[i] = spacing(&r);
  d.in_dist = spacing(&r), d.out_dist = spacing(&r), d.in_offset = spacing(&r), d.out_offset = spacing(&r);
  static const double scales[] = {1.0, 0.5, -2.0, 0.0, NAN, INFINITY};
  d.scale = scales[byte(&r) % 6];

  transform t;
  ppfft_status s = transform_from_desc(&ctx.err, &ctx.info, &d, &t);
  FUZZ_ASSERT(s == PPFFT_SUCCESS || s == PPFFT_ERROR_INVALID_ARGUMENT || s == PPFFT_ERROR_INVALID_SIZE ||
                  s == PPFFT_ERROR_INVALID_LAYOUT || s == PPFFT_ERROR_UNSUPPORTED,
              "validation returned %d", (int)s);
  if (s != PPFFT_SUCCESS) {
    FUZZ_ASSERT(errors_last(&ctx.err)[0] != '\0', "a refused descriptor without a message");
    return 0;
  }
  split sp;
  if (split_fewest(&ctx, &t, &sp) != 0) return 0; /* no kernel fits: the planner says so */
  pass_desc pd[DECOMPOSE_MAX_PASSES];
  size_t tmp = 0;
  char msg[512];
  int np = decompose(&t, &sp, pd, &tmp, msg, sizeof msg);
  FUZZ_ASSERT(np > 0, "the fewest split does not decompose: %s", msg);
  /* in reals, as the sides of real transforms count reals (an in-place buffer holds both sides) */
  size_t in_span = transform_span(&t, 0) * (transform_side_is_real(&t, 0) ? 1 : 2);
  size_t out_span = transform_span(&t, 1) * (transform_side_is_real(&t, 1) ? 1 : 2);
  if (t.inplace) in_span = out_span = in_span > out_span ? in_span : out_span;
  for (int i = 0; i < np; ++i) {
    const problem *p = &pd[i].pb;
    size_t src = pd[i].src == BUF_IN ? in_span : pd[i].src == BUF_OUT ? out_span : 2 * tmp;
    size_t dst = pd[i].dst == BUF_IN ? in_span : pd[i].dst == BUF_OUT ? out_span : 2 * tmp;
    size_t reads = problem_span(p, 0) * (problem_side_real(p, 0) ? 1 : 2), writes = problem_span(p, 1) * (problem_side_real(p, 1) ? 1 : 2);
    if (pd[i].pointwise == POINTWISE_CHIRP_IN || pd[i].pointwise == POINTWISE_CHIRP_OUT) { /* the user's side: N of M */
      problem q = *p;
      q.n = pd[i].chirp_n;
      if (pd[i].pointwise == POINTWISE_CHIRP_IN) reads = problem_span(&q, 0) * (problem_side_real(p, 0) ? 1 : 2);
      else writes = problem_span(&q, 1) * (problem_side_real(p, 1) ? 1 : 2);
    }
    FUZZ_ASSERT(reads <= src && writes <= dst, "pass %d of %d addresses %zu/%zu reals of buffers of %zu/%zu", i, np, reads, writes, src, dst);
    if (pd[i].transpose || pd[i].pointwise || p->n > 4096) continue; /* (pointwise passes are gen/pointwise.c's) */
    variant v;
    if (candidates_estimate(p, &ctx.info, &v, 1, msg, sizeof msg) == 0) continue;
    geometry g;
    FUZZ_ASSERT(geometry_of(p, &v, &ctx.info, &g, msg, sizeof msg) == PPFFT_SUCCESS, "the estimate does not fit: %s", msg);
    kernel_source ks;
    FUZZ_ASSERT(gen_kernel(p, &v, &g, &dialect_opencl, &ks) == 0, "the estimate's kernel does not generate");
    free(ks.text);
  }
  return 0;
}
