/* cl_runtime_init and cl_runtime_destroy. */
#include "cl/runtime.h"
#include "cl/clerr.h"
#include "cl/device.h"
#include <stdlib.h>
#include <string.h>

/* Whether dev is one of ctx's devices. */
static ppfft_status device_in_context(cl_context ctx, cl_device_id dev, const errors *err)
{
  cl_uint ndev = 0;
  cl_int e = clGetContextInfo(ctx, CL_CONTEXT_NUM_DEVICES, sizeof ndev, &ndev, NULL);
  if (e != CL_SUCCESS) return cl_error(err, "clGetContextInfo(CL_CONTEXT_NUM_DEVICES)", e);
  cl_device_id *devs = calloc(ndev ? ndev : 1, sizeof *devs);
  if (!devs) return errors_set(err, PPFFT_ERROR_OUT_OF_MEMORY, "out of memory");
  e = clGetContextInfo(ctx, CL_CONTEXT_DEVICES, ndev * sizeof *devs, devs, NULL);
  int found = 0;
  for (cl_uint i = 0; e == CL_SUCCESS && i < ndev; ++i) found |= devs[i] == dev;
  free(devs);
  if (e != CL_SUCCESS) return cl_error(err, "clGetContextInfo(CL_CONTEXT_DEVICES)", e);
  return found ? PPFFT_SUCCESS : errors_set(err, PPFFT_ERROR_INVALID_ARGUMENT, "the device is not in the cl_context");
}

ppfft_status cl_runtime_init(cl_runtime *rt, cl_context ctx, cl_device_id dev, const errors *e)
{
  memset(rt, 0, sizeof *rt);
  ppfft_status s = device_in_context(ctx, dev, e);
  if (s == PPFFT_SUCCESS) s = device_query(dev, &rt->info, e);
  if (s != PPFFT_SUCCESS) return s;
  if (program_cache_init(&rt->cache) != 0) return errors_set(e, PPFFT_ERROR_OUT_OF_MEMORY, "cannot make the program cache's mutex");
  disk_cache_init(&rt->disk);
  clRetainContext(ctx);
  rt->ctx = ctx;
  rt->dev = dev;
  return PPFFT_SUCCESS;
}

void cl_fault_arm(cl_runtime *rt, cl_fault_kind kind, int nth) { atomic_store(&rt->fault[kind], nth > 0 ? nth : 0); }

int cl_fault_fires(cl_runtime *rt, cl_fault_kind kind)
{
  int left = atomic_load(&rt->fault[kind]);
  while (left > 0 && !atomic_compare_exchange_weak(&rt->fault[kind], &left, left - 1)) {
  }
  return left == 1;
}

cl_mem cl_buffer(cl_runtime *rt, cl_mem_flags flags, size_t bytes, void *host, cl_int *e)
{
  if (cl_fault_fires(rt, CL_FAULT_ALLOC)) {
    *e = CL_MEM_OBJECT_ALLOCATION_FAILURE;
    return NULL;
  }
  return clCreateBuffer(rt->ctx, flags, bytes, host, e);
}

void cl_runtime_destroy(cl_runtime *rt)
{
  program_cache_destroy(&rt->cache);
  if (rt->ctx) clReleaseContext(rt->ctx);
  memset(rt, 0, sizeof *rt);
}
