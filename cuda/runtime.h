/* The CUDA side of a ppfft context: one device (worked on in the CUDA runtime's primary context),
 * what it can do, NVRTC's version and the disk cache of built cubins. */
#ifndef PPFFT_CUDA_RUNTIME_H
#define PPFFT_CUDA_RUNTIME_H
#include "core/device_info.h"
#include "core/disk_cache.h"
#include "core/errors.h"

typedef struct cuda_runtime {
  int device;
  device_info info;
  int nvrtc_major, nvrtc_minor;
  char arch_option[48]; /* NVRTC's --gpu-architecture for this device: sm_XY, or compute_XY (PTX for
                         * the driver to compile) when NVRTC does not know the device */
  int cubin;            /* the build makes a cubin (else PTX) */
  disk_cache disk;      /* read-only after init */
} cuda_runtime;

/* Queries device (an index as cudaGetDeviceCount counts) and sets up the cache.  Errors (message
 * to e): NO_DEVICE (no CUDA device or driver, or device out of range), CUDA, BUILD (NVRTC unusable). */
ppfft_status cuda_runtime_init(cuda_runtime *rt, int device, const errors *e);
void cuda_runtime_destroy(cuda_runtime *rt);

/* Makes rt's device current for the calls that follow, the caller's current device saved in *prev;
 * cuda_leave restores it, so that ppfft leaves the caller's device as it found it.  Errors: CUDA. */
ppfft_status cuda_enter(const cuda_runtime *rt, const errors *e, int *prev);
void cuda_leave(int prev);

#endif
