/* Shared by the CUDA test files (check_cuda.c, check_abft_cuda.c, check_f16.c): NVRTC builds of the
 * generator's CUDA dialect for a Hopper GPU, which need no device (CI). */
#ifndef PPFFT_TESTCUDA_H
#define PPFFT_TESTCUDA_H
#include "core/device_info.h"
#include "core/geometry.h"
#include "core/problem.h"
#include "core/variant.h"
#include "core/decompose.h"
#include "cuda/program.h"

/* What NVRTC builds for without a GPU: an H200 with the CUDA backend's limits (cuda/runtime.c), no
 * Tensor Core fragment map (tc_ok 0), sm_90 cubins. */
void test_hopper(device_info *di, cuda_runtime *rt);

/* Compiles the CUDA dialect of (p, v, g) with NVRTC (v NULL: p's transpose) and asserts it built;
 * must, if given, is a text the generated source must contain. */
void test_nvrtc_builds(const cuda_runtime *rt, const problem *p, const variant *v, const geometry *g, const char *must);

/* The passes of t split as sp into pd (asserts that decompose takes it); returns their count. */
int test_decompose(const transform *t, const split *sp, pass_desc *pd);

/* Builds pass pd with NVRTC as a plan would: a pointwise pass (Bluestein's chirps and filter, R2C's
 * post pass) or a transpose as it is, an FFT pass with the estimate's first variant for di, which
 * it leaves in v and g (for the caller to build others).  must as for test_nvrtc_builds (not for
 * pointwise passes).  Returns 1 for an FFT pass, else 0. */
int test_nvrtc_builds_pass(const cuda_runtime *rt, const device_info *di, const pass_desc *pd, const char *must, variant *v, geometry *g);

#endif
