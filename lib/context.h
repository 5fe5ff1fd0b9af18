/* The context: one device, its limits, the built-program cache and per-thread error messages. */
#ifndef PPFFT_CONTEXT_H
#define PPFFT_CONTEXT_H
#include "ppfft.h"
#include "device.h"
#include "disk_cache.h"
#include "program_cache.h"
#include "wisdom.h"
#include <threads.h>

struct ppfft_context {
  cl_context ctx;
  cl_device_id dev;
  device_info info;
  char key[640];
  tss_t err_key;       /* this context's last error message, per thread */
  mtx_t err_lock;      /* guards err_bufs */
  struct err_buf *err_bufs; /* every thread's message buffer, freed with the context */
  program_cache cache; /* guarded by its own mutex */
  disk_cache disk;     /* built programs on disk ($XDG_CACHE_HOME/ppfft), read-only after creation */
  wisdom wisdom;       /* guarded by its own mutex */
};

/* Records a formatted message as the calling thread's last error on c (c NULL: the context-less
 * slot used by ppfft_context_create*) and returns s, so callers can write `return err_set(...)`. */
ppfft_status err_set(const ppfft_context *c, ppfft_status s, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* err_set for a failed OpenCL call: PPFFT_ERROR_OUT_OF_MEMORY for the allocation failures,
 * PPFFT_ERROR_OPENCL otherwise; the message names the call and the error. */
ppfft_status err_cl(const ppfft_context *c, const char *call, cl_int e);

#endif
