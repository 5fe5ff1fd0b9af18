/* The CUDA tests' NVRTC machinery, no device needed (see testcuda.h). */
#include "testcuda.h"
#include "gen/dialect.h"
#include "gen/kernel.h"
#include "gen/pointwise.h"
#include "plan/candidates.h"
#include "gen/transpose.h"
#include "testutil.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What NVRTC builds for in CI: a Hopper GPU with the CUDA backend's limits (cuda/runtime.c). */
void test_hopper(device_info *di, cuda_runtime *rt)
{
  memset(di, 0, sizeof *di);
  snprintf(di->name, sizeof di->name, "NVIDIA H200 (NVRTC only)");
  di->type = CL_DEVICE_TYPE_GPU;
  di->max_wg = 1024;
  di->local_mem = 227 * 1024; /* sharedMemPerBlockOptin: the dialect's shared memory is dynamic */
  di->max_const = 64 * 1024;
  di->max_const_args = 64;
  di->global_mem = di->max_alloc = (cl_ulong)1 << 37;
  di->compute_units = 132;
  di->fp64 = 1;
  di->cc_major = 9;
  di->cuda = 1;
  di->regs_per_block = 65536;
  memset(rt, 0, sizeof *rt);
  rt->info = *di;
  snprintf(rt->arch_option, sizeof rt->arch_option, "--gpu-architecture=sm_90");
  rt->cubin = 1;
}

void test_nvrtc_builds(const cuda_runtime *rt, const problem *p, const variant *v, const geometry *g, const char *must)
{
  kernel_source ks;
  char name[256] = "transpose";
  if (v) variant_print(v, name, sizeof name);
  ck_assert_int_eq(v ? gen_kernel(p, v, g, &dialect_cuda, &ks) : gen_transpose(p, &dialect_cuda, &ks), 0);
  if (must) ck_assert_msg(strstr(ks.text, must), "N=%zu %s: no %s in the source", p->n, name, must);
  errors e;
  ck_assert_int_eq(errors_init(&e), 0);
  unsigned char *image = NULL;
  size_t len = 0;
  ppfft_status s = cuda_program_image(rt, &e, ks.text, &image, &len);
  ck_assert_msg(s == PPFFT_SUCCESS, "N=%zu %s %s: %s", p->n, p->f16 ? "f16" : p->f64 ? "f64" : "f32", name, errors_last(&e));
  ck_assert_uint_gt(len, 0);
  free(image);
  free(ks.text);
  errors_destroy(&e);
}

int test_decompose(const transform *t, const split *sp, pass_desc *pd)
{
  size_t tmp = 0;
  char msg[512];
  int np = decompose(t, sp, pd, &tmp, msg, sizeof msg);
  ck_assert_msg(np > 0, "%s", msg);
  return np;
}

int test_nvrtc_builds_pass(const cuda_runtime *rt, const device_info *di, const pass_desc *pd, const char *must, variant *v, geometry *g)
{
  if (pd->transpose) {
    test_nvrtc_builds(rt, &pd->pb, NULL, NULL, must);
    return 0;
  }
  char msg[512];
  if (pd->pointwise) {
    kernel_source ks;
    ck_assert_int_eq(gen_pointwise(&pd->pb, pd->pointwise, &dialect_cuda, &ks), 0);
    errors e;
    ck_assert_int_eq(errors_init(&e), 0);
    unsigned char *image = NULL;
    size_t len = 0;
    ppfft_status s = cuda_program_image(rt, &e, ks.text, &image, &len);
    ck_assert_msg(s == PPFFT_SUCCESS, "pointwise pass %d (N = %zu): %s", (int)pd->pointwise, pd->pb.n, errors_last(&e));
    free(image);
    free(ks.text);
    errors_destroy(&e);
    return 0;
  }
  ck_assert_msg(candidates_estimate(&pd->pb, di, v, 1, msg, sizeof msg) > 0, "pass of %zu: %s", pd->pb.n, msg);
  ck_assert_int_eq(geometry_of(&pd->pb, v, di, g, msg, sizeof msg), PPFFT_SUCCESS);
  test_nvrtc_builds(rt, &pd->pb, v, g, must);
  return 1;
}
