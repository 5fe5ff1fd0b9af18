/* plan-regs: the PTX of every pass of a plan string, generated for the CUDA dialect and compiled by
 * NVRTC for sm_90 (no GPU needed), for ptxas's register and spill counts (issue 17: what a split
 * R2C's pairing pass costs in registers against the other passes).
 *
 *   plan-regs OUTDIR KIND N BATCH PLAN      KIND c2c, r2c, c2r or c2c:f16; f32 (f64 with PLAN_REGS_F64 set), out of place, packed
 *
 * writes OUTDIR/K.ptx and OUTDIR/K.cu for pass K (from 0) and prints "K,n,variant" for each;
 * bench/plan-regs.sh runs ptxas -v on them. */
#include "core/decompose.h"
#include "core/geometry.h"
#include "core/plan_string.h"
#include "core/problem.h"
#include "core/transform.h"
#include "core/variant.h"
#include "cuda/program.h"
#include "gen/dialect.h"
#include "gen/kernel.h"
#include "nvrtc_h200.h"
#include "ppfft_cuda.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
  if (argc != 6) {
    fprintf(stderr, "usage: plan-regs OUTDIR c2c|r2c|c2r|c2c:f16 N BATCH PLAN\n");
    return 2;
  }
  cuda_runtime rt;
  /* what NVIDIA's OpenCL gives a work-group; PLAN_REGS_SMEM=232448 for CUDA's 227 KiB */
  nvrtc_h200(&rt, getenv("PLAN_REGS_SMEM") ? strtoull(getenv("PLAN_REGS_SMEM"), NULL, 10) : 48 * 1024);
  const device_info di = rt.info;
  size_t n = (size_t)strtoull(argv[3], NULL, 10), batch = (size_t)strtoull(argv[4], NULL, 10);
  ppfft_desc desc;
  ppfft_desc_init(&desc, 1, &n, batch);
  desc.kind = !strcmp(argv[2], "r2c") ? PPFFT_R2C : !strcmp(argv[2], "c2r") ? PPFFT_C2R : PPFFT_C2C;
  if (desc.kind == PPFFT_C2R) desc.direction = PPFFT_BACKWARD;
  if (getenv("PLAN_REGS_F64")) desc.precision = PPFFT_F64; /* f64 when set */
  if (!strcmp(argv[2], "c2c:f16")) desc.precision = PPFFT_F16;
  transform t;
  variant vs[8];
  split sp;
  pass_desc passes[16];
  size_t tmp;
  char msg[512];
  int nv = plan_string_parse(argv[5], vs, 8, msg, sizeof msg);
  if (nv < 0 || transform_from_desc(NULL, &di, &desc, &t) != PPFFT_SUCCESS || plan_string_split(&t, vs, nv, &sp, msg, sizeof msg) != 0) {
    fprintf(stderr, "plan-regs: %s\n", nv < 0 ? msg : "the transform or its split");
    return 1;
  }
  int np = decompose(&t, &sp, passes, &tmp, msg, sizeof msg);
  if (np < 0) {
    fprintf(stderr, "plan-regs: %s\n", msg);
    return 1;
  }
  int failed = 0;
  for (int k = 0; k < np; ++k) {
    if (passes[k].variant < 0) continue; /* transposes and pointwise passes: not generated here */
    const variant *v = &vs[passes[k].variant];
    geometry g;
    kernel_source ks;
    char name[256];
    variant_print(v, name, sizeof name);
    if (geometry_of(&passes[k].pb, v, &di, &g, msg, sizeof msg) != PPFFT_SUCCESS || gen_kernel(&passes[k].pb, v, &g, &dialect_cuda, &ks) != 0) {
      fprintf(stderr, "plan-regs: pass %d %s: %s\n", k, name, msg);
      failed = 1;
      continue;
    }
    errors e;
    unsigned char *image = NULL;
    size_t len = 0;
    if (errors_init(&e) != 0) return 1;
    if (cuda_program_image(&rt, &e, ks.text, &image, &len) != PPFFT_SUCCESS) {
      fprintf(stderr, "plan-regs: pass %d: %s\n", k, errors_last(&e));
      failed = 1;
    } else {
      char path[4096];
      snprintf(path, sizeof path, "%s/%d.ptx", argv[1], k);
      while (len && image[len - 1] == 0) --len; /* NVRTC counts the PTX's terminating NUL */
      FILE *f = fopen(path, "wb");
      if (!f || fwrite(image, 1, len, f) != len) failed = 1;
      if (f) fclose(f);
      snprintf(path, sizeof path, "%s/%d.cu", argv[1], k);
      if (!(f = fopen(path, "w")) || fputs(ks.text, f) < 0) failed = 1;
      if (f) fclose(f);
      printf("%d,%zu,%s\n", k, passes[k].pb.n, name);
    }
    free(image);
    free(ks.text);
    errors_destroy(&e);
  }
  return failed;
}
