/* The OpenCL side of a ppfft context: the caller's OpenCL context and device, what the device can
 * do, and the programs built for it (in memory, and on disk for later processes). */
#ifndef PPFFT_CL_RUNTIME_H
#define PPFFT_CL_RUNTIME_H
#include "cl/program_cache.h"
#include "core/device_info.h"
#include "core/disk_cache.h"
#include "core/errors.h"
#include <stdatomic.h>

/* Faults that tests inject (cl_fault_arm): a device allocation, a program build, a kernel launch. */
typedef enum cl_fault_kind { CL_FAULT_ALLOC, CL_FAULT_BUILD, CL_FAULT_ENQUEUE, CL_FAULT_KINDS } cl_fault_kind;

typedef struct cl_runtime {
  cl_context ctx;       /* retained */
  cl_device_id dev;
  device_info info;
  program_cache cache;  /* guarded by its own mutex */
  disk_cache disk;      /* read-only after init */
  atomic_int fault[CL_FAULT_KINDS]; /* calls until an injected fault (0: none) */
} cl_runtime;

/* Checks that dev belongs to ctx, queries the device and sets up the caches; retains ctx.
 * Errors (message to e): INVALID_ARGUMENT for a device that is not in ctx, OPENCL, OUT_OF_MEMORY. */
ppfft_status cl_runtime_init(cl_runtime *rt, cl_context ctx, cl_device_id dev, const errors *e);
void cl_runtime_destroy(cl_runtime *rt);

/* Test hook: the nth call of that kind from now on rt fails as the device would: an allocation, or
 * a launch (drivers allocate lazily), with CL_MEM_OBJECT_ALLOCATION_FAILURE; a build with a compile
 * error in its log.  nth 0 disarms.  Unarmed, a call costs one atomic load. */
void cl_fault_arm(cl_runtime *rt, cl_fault_kind kind, int nth);

/* Whether this call of that kind is the one that fails (counts the armed calls down). */
int cl_fault_fires(cl_runtime *rt, cl_fault_kind kind);

/* clCreateBuffer through the allocation fault hook. */
cl_mem cl_buffer(cl_runtime *rt, cl_mem_flags flags, size_t bytes, void *host, cl_int *e);

#endif
