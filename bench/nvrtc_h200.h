/* An H200 as NVRTC alone sees it (no GPU needed): the device description and CUDA runtime with
 * which bench/abft-regs and bench/plan-regs generate kernels and compile them to PTX for ptxas -v. */
#ifndef PPFFT_BENCH_NVRTC_H200_H
#define PPFFT_BENCH_NVRTC_H200_H

#include "cuda/runtime.h"
#include <stdio.h>
#include <string.h>

/* local_mem: what a work-group may take (227 KiB on CUDA, 48 KiB to fit NVIDIA's OpenCL). */
static inline void nvrtc_h200(cuda_runtime *rt, cl_ulong local_mem)
{
  device_info di;
  memset(&di, 0, sizeof di);
  snprintf(di.name, sizeof di.name, "NVIDIA H200 (NVRTC only)");
  di.type = CL_DEVICE_TYPE_GPU;
  di.max_wg = 1024;
  di.local_mem = local_mem;
  di.max_const = 64 * 1024;
  di.max_const_args = 64;
  di.global_mem = di.max_alloc = (cl_ulong)1 << 37;
  di.compute_units = 132;
  di.fp64 = 1;
  di.cc_major = 9;
  di.cuda = 1;
  di.regs_per_block = 65536;
  memset(rt, 0, sizeof *rt);
  rt->info = di;
  snprintf(rt->arch_option, sizeof rt->arch_option, "--gpu-architecture=sm_90");
  rt->cubin = 0; /* PTX, for ptxas -v */
}

#endif
