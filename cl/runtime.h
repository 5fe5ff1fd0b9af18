/* The OpenCL side of a ppfft context: the caller's OpenCL context and device, what the device can
 * do, and the programs built for it (in memory, and on disk for later processes). */
#ifndef PPFFT_CL_RUNTIME_H
#define PPFFT_CL_RUNTIME_H
#include "cl/program_cache.h"
#include "core/device_info.h"
#include "core/disk_cache.h"
#include "core/errors.h"

typedef struct cl_runtime {
  cl_context ctx;       /* retained */
  cl_device_id dev;
  device_info info;
  program_cache cache;  /* guarded by its own mutex */
  disk_cache disk;      /* read-only after init */
} cl_runtime;

/* Checks that dev belongs to ctx, queries the device and sets up the caches; retains ctx.
 * Errors (message to e): INVALID_ARGUMENT for a device that is not in ctx, OPENCL, OUT_OF_MEMORY. */
ppfft_status cl_runtime_init(cl_runtime *rt, cl_context ctx, cl_device_id dev, const errors *e);
void cl_runtime_destroy(cl_runtime *rt);

#endif
