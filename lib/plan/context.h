/* The context the planner works in: one device's runtime (its backend, plan/backend.h: OpenCL or
 * CUDA), what the device can do, its names at each wisdom fallback level, the wisdom it holds, and
 * the last error message of each thread.  The public functions that make and destroy it are in
 * api/context.c (and api/context_cuda.c). */
#ifndef PPFFT_PLAN_CONTEXT_H
#define PPFFT_PLAN_CONTEXT_H
#include "cl/runtime.h"
#include "plan/backend.h"
#include "core/errors.h"
#include "wisdom/device_keys.h"
#include "wisdom/store.h"

struct ppfft_context {
  const backend *be;    /* the runtime the plans run on */
  void *rt;             /* be's state of that runtime */
  cl_runtime *cl;       /* rt, on the OpenCL backend; else NULL */
  device_info info;     /* what the device can do */
  device_names names;   /* names.key is ppfft_context_device_key() */
  wisdom_store wisdom;  /* guarded by its own mutex */
  errors err;
  double plan_time_limit; /* seconds a MEASURE or EXHAUSTIVE search may take; 0: no limit */
};

/* Records a formatted message as the calling thread's last error on c (c NULL: the context-less
 * slot) and returns s, so that callers can write `return err_set(...)`. */
ppfft_status err_set(const ppfft_context *c, ppfft_status s, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* c's error slots (NULL for c NULL: the context-less slot), for the layers below the planner. */
static inline const errors *ctx_errors(const ppfft_context *c) { return c ? &c->err : NULL; }

/* A new context on backend be with runtime rt (which it then owns, also on failure) for the device
 * info describes: error slots, wisdom store, names, and the wisdom installed for it (dir: the
 * installed wisdom folder).  Errors (contextless): OUT_OF_MEMORY. */
ppfft_status context_make(const backend *be, void *rt, const device_info *info, const char *dir, ppfft_context **out);

/* Releases c and its runtime. */
void context_free(ppfft_context *c);

#endif
