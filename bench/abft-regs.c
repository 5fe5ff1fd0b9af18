/* abft-regs: the PTX of generated CUDA kernels, for ptxas's register and spill counts without a GPU
 * (issue 14: what each part of the ABFT code costs in registers, the occupancy's first cause).
 *
 *   abft-regs OUTDIR [--f64] [N VARIANT[@M]]...
 *
 * For each pair, the kernel of the one-pass problem of length N (batch 37) in the CUDA dialect,
 * VARIANT@M with gen/emit.h's ABFT_OMIT_* bits M left out, compiled by NVRTC for sm_90 into
 * OUTDIR/K.ptx (K counting from 0; its source in OUTDIR/K.cu); its name on stdout as "K,precision,N,VARIANT[@M]".  Then, e.g.,
 *   ptxas -arch=sm_90 -v OUTDIR/K.ptx -o /dev/null
 * gives the registers (bench/abft-regs.sh does both). */
#include "core/geometry.h"
#include "core/problem.h"
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
  if (argc < 2) {
    fprintf(stderr, "usage: abft-regs OUTDIR [--f64] [N VARIANT[@M]]...\n");
    return 2;
  }
  cuda_runtime rt;
  nvrtc_h200(&rt, 227 * 1024);
  const device_info di = rt.info;
  int f64 = 0, failed = 0, k = 0;
  for (int i = 2; i < argc; ++i) {
    if (!strcmp(argv[i], "--f64")) {
      f64 = 1;
      continue;
    }
    if (i + 1 >= argc) break;
    size_t n = (size_t)strtoull(argv[i], NULL, 10);
    char name[256], msg[512];
    snprintf(name, sizeof name, "%s", argv[++i]);
    dialect d = dialect_cuda;
    char *at = strchr(name, '@');
    if (at) *at = 0, d.abft_omit = (unsigned)strtoul(at + 1, NULL, 0);
    variant v;
    ppfft_desc desc;
    ppfft_desc_init(&desc, 1, &n, 37);
    desc.precision = f64 ? PPFFT_F64 : PPFFT_F32;
    problem p;
    geometry g;
    kernel_source ks;
    if (variant_parse(name, &v, msg, sizeof msg) != 0 || problem_from_desc(NULL, &di, &desc, &p) != PPFFT_SUCCESS ||
        geometry_of(&p, &v, &di, &g, msg, sizeof msg) != PPFFT_SUCCESS || gen_kernel(&p, &v, &g, &d, &ks) != 0) {
      fprintf(stderr, "abft-regs: %zu %s: %s\n", n, name, msg);
      failed = 1;
      continue;
    }
    errors e;
    unsigned char *image = NULL;
    size_t len = 0;
    if (errors_init(&e) != 0) return 1;
    if (cuda_program_image(&rt, &e, ks.text, &image, &len) != PPFFT_SUCCESS) {
      fprintf(stderr, "abft-regs: %zu %s: %s\n", n, name, errors_last(&e));
      failed = 1;
    } else {
      char path[4096];
      snprintf(path, sizeof path, "%s/%d.ptx", argv[1], k);
      while (len && image[len - 1] == 0) --len; /* NVRTC counts the PTX's terminating NUL */
      FILE *f = fopen(path, "wb");
      if (!f || fwrite(image, 1, len, f) != len) failed = 1;
      if (f) fclose(f);
      snprintf(path, sizeof path, "%s/%d.cu", argv[1], k); /* and the source */
      if (!(f = fopen(path, "w")) || fputs(ks.text, f) < 0) failed = 1;
      if (f) fclose(f);
      printf("%d,%s,%zu,%s%s%s\n", k++, f64 ? "f64" : "f32", n, name, at ? "@" : "", at ? at + 1 : "");
    }
    free(image);
    free(ks.text);
    errors_destroy(&e);
  }
  return failed;
}
