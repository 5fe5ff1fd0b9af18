/* cuda_runtime_init: the device's limits and identity, and how NVRTC builds for it. */
#include "cuda/runtime.h"
#include "cuda/cudaerr.h"
#include <nvrtc.h>
#include <stdio.h>
#include <string.h>

ppfft_status cuda_enter(const cuda_runtime *rt, const errors *e, int *prev)
{
  cudaError_t err = cudaGetDevice(prev);
  if (err != cudaSuccess) return cuda_error(e, "cudaGetDevice", err);
  if (*prev == rt->device) return PPFFT_SUCCESS;
  err = cudaSetDevice(rt->device);
  return err == cudaSuccess ? PPFFT_SUCCESS : cuda_error(e, "cudaSetDevice", err);
}

void cuda_leave(int prev)
{
  int now;
  if (cudaGetDevice(&now) == cudaSuccess && now != prev) cudaSetDevice(prev);
}

/* The architecture NVRTC is asked for: the device's own (a cubin) when NVRTC supports it, else
 * the newest virtual architecture it supports at or below the device's (PTX, which the driver
 * compiles for the device). */
static ppfft_status pick_arch(cuda_runtime *rt, const errors *e)
{
  int want = (int)(rt->info.cc_major * 10 + rt->info.cc_minor), n = 0, best = 0;
  if (nvrtcGetNumSupportedArchs(&n) != NVRTC_SUCCESS || n <= 0)
    return errors_set(e, PPFFT_ERROR_BUILD, "NVRTC lists no supported architectures");
  int archs[128];
  if (n > 128) n = 128;
  if (nvrtcGetSupportedArchs(archs) != NVRTC_SUCCESS) return errors_set(e, PPFFT_ERROR_BUILD, "nvrtcGetSupportedArchs failed");
  for (int i = 0; i < n; ++i)
    if (archs[i] <= want && archs[i] > best) best = archs[i];
  if (!best) return errors_set(e, PPFFT_ERROR_UNSUPPORTED, "NVRTC %d.%d cannot build for compute capability %u.%u", rt->nvrtc_major,
                               rt->nvrtc_minor, rt->info.cc_major, rt->info.cc_minor);
  rt->cubin = best == want;
  snprintf(rt->arch_option, sizeof rt->arch_option, "--gpu-architecture=%s_%d", rt->cubin ? "sm" : "compute", best);
  return PPFFT_SUCCESS;
}

ppfft_status cuda_runtime_init(cuda_runtime *rt, int device, const errors *e)
{
  memset(rt, 0, sizeof *rt);
  int count = 0;
  cudaError_t err = cudaGetDeviceCount(&count);
  if (err != cudaSuccess) return cuda_error(e, "cudaGetDeviceCount", err);
  if (device < 0 || device >= count)
    return errors_set(e, PPFFT_ERROR_NO_DEVICE, "CUDA device %d: there %s %d", device, count == 1 ? "is" : "are", count);
  struct cudaDeviceProp prop;
  err = cudaGetDeviceProperties(&prop, device);
  if (err != cudaSuccess) return cuda_error(e, "cudaGetDeviceProperties", err);
  int driver = 0;
  cudaDriverGetVersion(&driver);
  if (nvrtcVersion(&rt->nvrtc_major, &rt->nvrtc_minor) != NVRTC_SUCCESS) return errors_set(e, PPFFT_ERROR_BUILD, "nvrtcVersion failed");
  rt->device = device;
  device_info *di = &rt->info;
  snprintf(di->name, sizeof di->name, "%s", prop.name);
  snprintf(di->vendor, sizeof di->vendor, "NVIDIA CUDA");
  /* the CUDA version the driver implements and NVRTC's: the compiler and the driver decide the code */
  snprintf(di->driver, sizeof di->driver, "cuda %d.%d nvrtc %d.%d", driver / 1000, driver % 1000 / 10, rt->nvrtc_major, rt->nvrtc_minor);
  snprintf(di->platform, sizeof di->platform, "CUDA");
  di->type = CL_DEVICE_TYPE_GPU;
  di->max_wg = (size_t)prop.maxThreadsPerBlock;
  /* The CUDA dialect's kernels take their shared memory dynamically (dialect_cuda.dynamic_local),
   * so a block may have what the device grants on request: 227 KiB on Hopper, not 48. */
  di->local_mem = prop.sharedMemPerBlockOptin > prop.sharedMemPerBlock ? prop.sharedMemPerBlockOptin : prop.sharedMemPerBlock;
  di->max_const = prop.totalConstMem;
  di->max_const_args = 64; /* CM-K tables are plain read-only pointers in CUDA: no argument limit */
  di->global_mem = prop.totalGlobalMem;
  di->max_alloc = prop.totalGlobalMem;
  di->compute_units = (cl_uint)prop.multiProcessorCount;
  di->mem_align_bits = 256 * 8; /* cudaMalloc aligns to 256 bytes */
  di->fp64 = 1;
  di->cc_major = (unsigned)prop.major;
  di->cc_minor = (unsigned)prop.minor;
  di->cuda = 1;
  di->regs_per_block = (size_t)prop.regsPerBlock;
  ppfft_status s = pick_arch(rt, e);
  if (s != PPFFT_SUCCESS) return s;
  disk_cache_init(&rt->disk);
  return PPFFT_SUCCESS;
}

void cuda_runtime_destroy(cuda_runtime *rt) { (void)rt; /* the primary context is the runtime's, not ours */ }
