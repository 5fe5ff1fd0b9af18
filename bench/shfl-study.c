/* shfl-study: del Mundo and Feng's Fig. 6 on a CUDA device.  For each N of the seed (16, 64, 256
 * as 4 x 4, 8 x 8 and 16 x 16: one exchange, a square transpose) and each exchange (LM-CM through
 * shared memory, and the four warp-shuffle modes), a batch of 256 MiB is timed twice: the kernel as
 * it is, and the same kernel with the exchange left out (the generator's omit_exchange: wrong
 * results, for the split).  Communication is the difference, computation the rest.  With them:
 * registers per thread, local (spill) bytes, shared memory and occupancy, from the loaded kernel.
 *
 *   shfl-study [--device D] [--wg W] [--f64] [--reps R] [--carveout P] [N VARIANT]...   CSV on stdout
 *
 * With N VARIANT pairs it times those variants instead (the exchange column then says "given"), to
 * see what the exchanges of any kernel cost.  VARIANT@M generates an ABFT variant with the parts M
 * (gen/emit.h's ABFT_OMIT_* bits, a number) left out, for issue 14's split of the checks' cost (the
 * exchange column then says "omit M").
 *
 * --carveout P sets the kernels' preferred shared-memory carveout (cudaFuncAttributePreferred-
 * SharedMemoryCarveout) to P percent; ppfft's runtime sets none (the driver chooses), which the
 * last column calls -1.  For issue 14's study of it: bench/results/2026-11-25-h200-abft9.
 *
 * Times are the median of R runs after a warm-up, each from an event before the kernel to one after
 * it (cuda/timer.h); GB/s is 2 x bytes / time. */
#include "cuda/exec.h"
#include "cuda/timer.h"
#include "gen/dialect.h"
#include "plan/plan.h"
#include "ppfft_cuda.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int carveout = -1; /* --carveout: -1 sets none */

static int by_value(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Median time in ms of the one-pass plan of v on pb, and its kernel's resources (fa NULL: not
 * wanted); -1 on failure (the reason on stderr). */
static int time_variant(ppfft_context *c, const problem *pb, const variant *v, cuda_rig *rig, int reps, double *ms,
                        struct cudaFuncAttributes *fa, int *blocks, size_t *shared, int *used_carveout)
{
  ppfft_plan *p;
  if (plan_build(c, pb, v, &p) != PPFFT_SUCCESS) {
    fprintf(stderr, "shfl-study: %s\n", ppfft_context_last_error(c));
    return -1;
  }
  cuda_chain *x = p->chain;
  const void *k = (const void *)x->pass[0].kernel;
  if (carveout != -1) {
    cudaError_t err = cudaKernelSetAttributeForDevice(x->pass[0].kernel, cudaFuncAttributePreferredSharedMemoryCarveout, carveout, x->rt->device);
    if (err != cudaSuccess) {
      fprintf(stderr, "shfl-study: carveout %d: %s\n", carveout, cudaGetErrorString(err));
      plan_free(p);
      return -1;
    }
  }
  if (fa) *used_carveout = carveout;
  if (shared) *shared = x->pass[0].l.local_bytes; /* dynamic: given at launch */
  int ok = !fa || (cudaFuncGetAttributes(fa, k) == cudaSuccess &&
                   cudaOccupancyMaxActiveBlocksPerMultiprocessor(blocks, k, (int)x->pass[0].l.wg, x->pass[0].l.local_bytes) == cudaSuccess);
  double *t = malloc(sizeof *t * (size_t)reps);
  for (int i = -2; ok && i < reps; ++i) { /* two warm-up runs */
    double one;
    ok = cuda_rig_run(rig, &c->err, x, &one) == PPFFT_SUCCESS;
    if (i >= 0) t[i] = one;
  }
  if (ok) {
    qsort(t, (size_t)reps, sizeof *t, by_value);
    *ms = t[reps / 2];
  } else {
    fprintf(stderr, "shfl-study: %s\n", ppfft_context_last_error(c));
  }
  free(t);
  plan_free(p);
  return ok ? 0 : -1;
}

/* One CSV row: variant `name` on N = n, timed as it is and without its exchange; baseline_ms (0:
 * none) is the LM-CM time the speedup column divides.  Returns its time in ms, or -1. */
static double study_row(ppfft_context *c, const backend *real, const backend *study, size_t n, int f64, const char *label,
                        const char *name, int reps, double baseline_ms)
{
  size_t elem = f64 ? 16 : 8, batch = ((size_t)256 << 20) / (n * elem);
  ppfft_desc d;
  ppfft_desc_init(&d, 1, &n, batch ? batch : 1);
  d.precision = f64 ? PPFFT_F64 : PPFFT_F32;
  problem pb;
  variant v;
  char msg[256];
  if (variant_parse(name, &v, msg, sizeof msg) != 0) {
    fprintf(stderr, "shfl-study: %s: %s\n", name, msg);
    return -1;
  }
  if (problem_from_desc(&c->err, &c->info, &d, &pb) != PPFFT_SUCCESS) {
    fprintf(stderr, "shfl-study: N = %zu: %s\n", n, ppfft_context_last_error(c));
    return -1;
  }
  batch = d.batch;
  cuda_rig rig;
  if (cuda_rig_make(c->rt, &c->err, f64, 0, n * batch, n * batch, &rig) != PPFFT_SUCCESS) {
    fprintf(stderr, "shfl-study: %s\n", ppfft_context_last_error(c));
    return -1;
  }
  double ms, ms_nx;
  struct cudaFuncAttributes fa;
  int blocks;
  size_t shared;
  c->be = real;
  int used = -1;
  int r = time_variant(c, &pb, &v, &rig, reps, &ms, &fa, &blocks, &shared, &used);
  c->be = study;
  if (r == 0) r = time_variant(c, &pb, &v, &rig, reps, &ms_nx, NULL, NULL, NULL, NULL);
  c->be = real;
  cuda_rig_free(&rig);
  if (r != 0) return -1;
  double comm = ms > ms_nx ? ms - ms_nx : 0, bytes = 2.0 * (double)(n * batch * elem);
  int warps = blocks * (int)((v.wg + 31) / 32), max_warps = 64; /* Hopper: 64 warps a multiprocessor */
  printf("%s,%s,%zu,%s,%s,%zu,%.5f,%.1f,%.5f,%.5f,%.5f,%.3f,%d,%zu,%zu,%d,%.3f,%.3f,%d\n", c->info.name, f64 ? "f64" : "f32", n, label, name,
         batch, ms, bytes / (ms * 1e6), ms_nx, comm, ms - comm, comm / ms, fa.numRegs, fa.localSizeBytes, fa.sharedSizeBytes + shared, blocks,
         (double)warps / max_warps, baseline_ms > 0 ? baseline_ms / ms : 1.0, used);
  fflush(stdout);
  return ms;
}

int main(int argc, char **argv)
{
  int device = 0, f64 = 0, reps = 21, first_pair = argc;
  unsigned wg = 128;
  for (int i = 1; i < argc && first_pair == argc; ++i) {
    int known = 1;
    if (!strcmp(argv[i], "--device") && i + 1 < argc) device = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--wg") && i + 1 < argc) wg = (unsigned)atoi(argv[++i]);
    else if (!strcmp(argv[i], "--reps") && i + 1 < argc) reps = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--f64")) f64 = 1;
    else if (!strcmp(argv[i], "--carveout") && i + 1 < argc) carveout = atoi(argv[++i]);
    else if (argv[i][0] != '-') first_pair = i;
    else known = 0;
    if (!known || reps < 1 || wg < 1 || wg > 1024 || carveout < -1 || carveout > 100 || (argc - first_pair) % 2) {
      fprintf(stderr, "usage: shfl-study [--device D] [--wg W] [--f64] [--reps R] [--carveout P] [N VARIANT]...\n");
      return 2;
    }
  }
  ppfft_context *c;
  if (ppfft_context_create_cuda(device, &c) != PPFFT_SUCCESS) {
    fprintf(stderr, "shfl-study: %s\n", ppfft_context_last_error(NULL));
    return 77;
  }
  /* the same backend, its generator told to leave the exchange out */
  const backend *real = c->be;
  dialect no_exchange = *real->dialect;
  no_exchange.omit_exchange = 1;
  backend study = *real;
  study.dialect = &no_exchange;
  printf("device,precision,n,exchange,variant,batch,ms,gbs,ms_no_exchange,comm_ms,comp_ms,comm_share,regs,local_bytes,shared_bytes,"
         "blocks_per_sm,occupancy,speedup_vs_lmcm,carveout\n");
  int failed = 0;
  for (int i = first_pair; i + 1 < argc; i += 2) { /* the variants given */
    char name[256], label[32] = "given";
    snprintf(name, sizeof name, "%s", argv[i + 1]);
    char *at = strchr(name, '@');
    dialect omit = *real->dialect, omit_nx = no_exchange;
    backend with = *real, with_nx = study;
    if (at) {
      *at = 0;
      omit.abft_omit = omit_nx.abft_omit = (unsigned)strtoul(at + 1, NULL, 0);
      snprintf(label, sizeof label, "omit %u", omit.abft_omit);
    }
    with.dialect = &omit;
    with_nx.dialect = &omit_nx;
    failed |= study_row(c, &with, &with_nx, (size_t)strtoull(argv[i], NULL, 10), f64, label, name, reps, 0) < 0;
  }
  static const char *const exchanges[] = {"LM-CM", "SHFL-NAIVE", "SHFL-DIV", "SHFL-SELP-IP", "SHFL-SELP-OOP"};
  for (unsigned side = 4; first_pair == argc && side <= 16; side *= 2) { /* the seed's squares */
    double lmcm_ms = 0;
    for (int x = 0; x < 5; ++x) {
      unsigned w = wg < side ? side : wg;
      char name[256];
      snprintf(name, sizeof name, "r%ux%u/RP+%s+DIRECT+VASM2+CM-K+CSE+IL+LU/wg%u/t%u", side, side, exchanges[x], w, w / side);
      double ms = study_row(c, real, &study, (size_t)side * side, f64, exchanges[x], name, reps, lmcm_ms);
      if (x == 0) lmcm_ms = ms > 0 ? ms : 0;
      failed |= ms < 0;
    }
  }
  ppfft_context_destroy(c);
  return failed;
}
