/* Fuzz target: variant and plan strings.  Properties: a string that parses prints canonically and
 * that print parses to the same knobs; a variant that geometry accepts for its own length generates
 * a kernel in both dialects (nothing cut short, nothing refused, every shuffle exchange scheduled). */
#include "fuzz_common.h"
#include "core/geometry.h"
#include "core/plan_string.h"
#include "gen/kernel.h"
#include <string.h>

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

/* Print, reparse, compare. */
static void round_trip(const variant *v)
{
  char a[PLAN_STRING_MAX], b[PLAN_STRING_MAX], msg[256];
  variant w;
  FUZZ_ASSERT((size_t)variant_print(v, a, sizeof a) < sizeof a, "print too long");
  FUZZ_ASSERT(variant_parse(a, &w, msg, sizeof msg) == 0, "\"%s\" does not parse back: %s", a, msg);
  variant_print(&w, b, sizeof b);
  FUZZ_ASSERT(strcmp(a, b) == 0 && memcmp(v, &w, sizeof w) == 0, "\"%s\" reparses as \"%s\"", a, b);
}

/* A variant that fits its own length generates, in OpenCL C on di and in CUDA C++ on a CUDA view of
 * it (where the shuffle exchange applies: gen/shuffle.c must find a schedule for every exchange
 * that geometry admits). */
static void generates(const variant *v, const device_info *di)
{
  device_info cuda = *di;
  cuda.cuda = 1;
  cuda.local_mem = 227 * 1024;
  cuda.regs_per_block = 65536;
  size_t n = variant_length(v);
  if (n < 2 || n > 16384) return;
  for (int f64 = 0; f64 < 2; ++f64) {
    problem p;
    problem_init_plain(&p, n, 64, f64, -1);
    geometry g;
    char msg[256];
    if (geometry_of(&p, v, di, &g, msg, sizeof msg) != PPFFT_SUCCESS) continue;
    kernel_source ks;
    int r = gen_kernel(&p, v, &g, &dialect_opencl, &ks);
    FUZZ_ASSERT(r == 0, "gen_kernel returned %d for a variant geometry accepts", r);
    free(ks.text);
  }
  for (int f64 = 0; f64 < 2; ++f64) {
    problem p;
    problem_init_plain(&p, n, 64, f64, -1);
    geometry g;
    char msg[256];
    if (geometry_of(&p, v, &cuda, &g, msg, sizeof msg) != PPFFT_SUCCESS) continue;
    kernel_source ks;
    int r = gen_kernel(&p, v, &g, &dialect_cuda, &ks);
    FUZZ_ASSERT(r == 0, "gen_kernel (CUDA) returned %d for a variant geometry accepts", r);
    free(ks.text);
  }
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
  device_info di = fuzz_device();
  char *s = fuzz_string(data, size), msg[256];
  variant vs[DECOMPOSE_MAX_PASSES];
  if (variant_parse(s, &vs[0], msg, sizeof msg) == 0) {
    round_trip(&vs[0]);
    generates(&vs[0], &di);
  }
  int n = plan_string_parse(s, vs, DECOMPOSE_MAX_PASSES, msg, sizeof msg);
  if (n > 0) {
    char a[PLAN_STRING_MAX * 2], b[PLAN_STRING_MAX * 2];
    variant ws[DECOMPOSE_MAX_PASSES];
    if ((size_t)plan_string_print(vs, n, a, sizeof a) < sizeof a) {
      FUZZ_ASSERT(plan_string_parse(a, ws, DECOMPOSE_MAX_PASSES, msg, sizeof msg) == n, "plan \"%s\" does not parse back", a);
      plan_string_print(ws, n, b, sizeof b);
      FUZZ_ASSERT(strcmp(a, b) == 0, "plan \"%s\" reparses as \"%s\"", a, b);
    }
    for (int i = 0; i < n; ++i) round_trip(&vs[i]);
  }
  free(s);
  return 0;
}
