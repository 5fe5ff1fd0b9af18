/* ppfft_context_*: making a context on a device (its runtime, names, wisdom and error slots) and
 * asking it what it runs on. */
#include "cl/clerr.h"
#include "cl/device.h"
#include "plan/context.h"
#include <math.h>
#include <stdlib.h>

#ifndef PPFFT_WISDOM_DIR
#define PPFFT_WISDOM_DIR "/usr/local/share/ppfft/wisdom"
#endif

ppfft_status ppfft_context_create(cl_context ctx, cl_device_id dev, ppfft_context **out)
{
  if (!out) return errors_set(NULL, PPFFT_ERROR_INVALID_ARGUMENT, "ppfft_context_create: out is NULL");
  *out = NULL;
  errors_clear_contextless();
  if (!ctx || !dev)
    return errors_set(NULL, PPFFT_ERROR_INVALID_ARGUMENT, "ppfft_context_create: %s is NULL", ctx ? "device" : "cl_context");
  cl_runtime *rt = malloc(sizeof *rt);
  if (!rt) return errors_set(NULL, PPFFT_ERROR_OUT_OF_MEMORY, "ppfft_context_create: out of memory");
  ppfft_status s = cl_runtime_init(rt, ctx, dev, NULL);
  if (s != PPFFT_SUCCESS) {
    free(rt);
    return s;
  }
  return context_make(&backend_opencl, rt, &rt->info, PPFFT_WISDOM_DIR, out);
}

ppfft_status ppfft_context_create_default(ppfft_context **out)
{
  if (!out) return errors_set(NULL, PPFFT_ERROR_INVALID_ARGUMENT, "ppfft_context_create_default: out is NULL");
  *out = NULL;
  errors_clear_contextless();
  cl_device_id dev = NULL;
  ppfft_status s = device_pick(&dev, NULL);
  if (s != PPFFT_SUCCESS) return s;
  cl_int e;
  cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
  if (!ctx) return cl_error(NULL, "clCreateContext", e);
  s = ppfft_context_create(ctx, dev, out);
  clReleaseContext(ctx); /* the ppfft context holds its own reference */
  return s;
}

void ppfft_context_destroy(ppfft_context *c)
{
  context_free(c);
}

ppfft_status ppfft_context_set_plan_time_limit(ppfft_context *c, double seconds)
{
  if (!c) return errors_set(NULL, PPFFT_ERROR_INVALID_ARGUMENT, "the ppfft context is NULL");
  if (isnan(seconds)) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "the plan time limit is NaN");
  c->plan_time_limit = seconds > 0 && isfinite(seconds) ? seconds : 0;
  return PPFFT_SUCCESS;
}

const char *ppfft_context_last_error(const ppfft_context *c) { return errors_last(ctx_errors(c)); }
const char *ppfft_context_device_key(const ppfft_context *c) { return c ? c->names.key : ""; }
cl_context ppfft_context_cl_context(const ppfft_context *c) { return c && c->cl ? c->cl->ctx : NULL; }
cl_device_id ppfft_context_cl_device(const ppfft_context *c) { return c && c->cl ? c->cl->dev : NULL; }
