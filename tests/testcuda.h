/* Shared by the CUDA test files (check_cuda.c, check_abft_cuda.c, check_f16.c): NVRTC builds of the
 * generator's CUDA dialect for a Hopper GPU, which need no device (CI). */
#ifndef PPFFT_TESTCUDA_H
#define PPFFT_TESTCUDA_H
#include "core/device_info.h"
#include "core/geometry.h"
#include "core/problem.h"
#include "core/variant.h"
#include "cuda/program.h"

/* What NVRTC builds for without a GPU: an H200 with the CUDA backend's limits (cuda/runtime.c), no
 * Tensor Core fragment map (tc_ok 0), sm_90 cubins. */
void test_hopper(device_info *di, cuda_runtime *rt);

/* Compiles the CUDA dialect of (p, v, g) with NVRTC (v NULL: p's transpose) and asserts it built;
 * must, if given, is a text the generated source must contain. */
void test_nvrtc_builds(const cuda_runtime *rt, const problem *p, const variant *v, const geometry *g, const char *must);

#endif
