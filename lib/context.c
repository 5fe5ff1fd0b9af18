/* Context lifecycle, default device selection and per-thread error messages. */
#include "context.h"
#include "clerr.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ERR_LEN = 8192 };

/* Errors from ppfft_context_create* have no context to live in; they are the one piece of state
 * outside a context, and per thread. */
static _Thread_local char contextless_error[ERR_LEN];

struct err_buf {
  struct err_buf *next;
  char text[ERR_LEN];
};

static char *err_buffer(const ppfft_context *c)
{
  if (!c) return contextless_error;
  struct err_buf *b = tss_get(c->err_key);
  if (!b) {
    b = calloc(1, sizeof *b);
    if (!b || tss_set(c->err_key, b) != thrd_success) {
      free(b);
      return NULL;
    }
    ppfft_context *mc = (ppfft_context *)c; /* the list is the context's own bookkeeping */
    mtx_lock(&mc->err_lock);
    b->next = mc->err_bufs;
    mc->err_bufs = b;
    mtx_unlock(&mc->err_lock);
  }
  return b->text;
}

ppfft_status err_set(const ppfft_context *c, ppfft_status s, const char *fmt, ...)
{
  char *buf = err_buffer(c);
  if (buf) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, ERR_LEN, fmt, ap);
    va_end(ap);
    if (!buf[0]) snprintf(buf, ERR_LEN, "%s", ppfft_status_string(s));
  }
  return s;
}

ppfft_status err_cl(const ppfft_context *c, const char *call, cl_int e)
{
  ppfft_status s = (e == CL_OUT_OF_HOST_MEMORY || e == CL_MEM_OBJECT_ALLOCATION_FAILURE)
                       ? PPFFT_ERROR_OUT_OF_MEMORY : PPFFT_ERROR_OPENCL;
  return err_set(c, s, "%s failed: %s", call, clerr_name(e));
}

const char *ppfft_context_last_error(const ppfft_context *c)
{
  if (!c) return contextless_error;
  const struct err_buf *b = tss_get(c->err_key);
  return b ? b->text : "";
}

ppfft_status ppfft_context_create(cl_context ctx, cl_device_id dev, ppfft_context **out)
{
  if (!out) return err_set(NULL, PPFFT_ERROR_INVALID_ARGUMENT, "ppfft_context_create: out is NULL");
  *out = NULL;
  contextless_error[0] = '\0';
  if (!ctx || !dev)
    return err_set(NULL, PPFFT_ERROR_INVALID_ARGUMENT, "ppfft_context_create: %s is NULL", ctx ? "device" : "cl_context");
  /* The device must belong to the context. */
  cl_uint ndev = 0;
  cl_int e = clGetContextInfo(ctx, CL_CONTEXT_NUM_DEVICES, sizeof ndev, &ndev, NULL);
  if (e != CL_SUCCESS) return err_cl(NULL, "clGetContextInfo(CL_CONTEXT_NUM_DEVICES)", e);
  cl_device_id *devs = calloc(ndev ? ndev : 1, sizeof *devs);
  if (!devs) return err_set(NULL, PPFFT_ERROR_OUT_OF_MEMORY, "ppfft_context_create: out of memory");
  e = clGetContextInfo(ctx, CL_CONTEXT_DEVICES, ndev * sizeof *devs, devs, NULL);
  int found = 0;
  for (cl_uint i = 0; e == CL_SUCCESS && i < ndev; ++i) found |= devs[i] == dev;
  free(devs);
  if (e != CL_SUCCESS) return err_cl(NULL, "clGetContextInfo(CL_CONTEXT_DEVICES)", e);
  if (!found) return err_set(NULL, PPFFT_ERROR_INVALID_ARGUMENT, "ppfft_context_create: the device is not in the cl_context");

  ppfft_context *c = calloc(1, sizeof *c);
  if (!c) return err_set(NULL, PPFFT_ERROR_OUT_OF_MEMORY, "ppfft_context_create: out of memory");
  char msg[512] = "";
  ppfft_status s = device_query(dev, &c->info, msg, sizeof msg);
  if (s != PPFFT_SUCCESS) {
    free(c);
    return err_set(NULL, s, "%s", msg);
  }
  if (tss_create(&c->err_key, NULL) != thrd_success) {
    free(c);
    return err_set(NULL, PPFFT_ERROR_OUT_OF_MEMORY, "ppfft_context_create: tss_create failed");
  }
  if (mtx_init(&c->err_lock, mtx_plain) != thrd_success) {
    tss_delete(c->err_key);
    free(c);
    return err_set(NULL, PPFFT_ERROR_OUT_OF_MEMORY, "ppfft_context_create: mtx_init failed");
  }
  if (program_cache_init(&c->cache) != 0) {
    mtx_destroy(&c->err_lock);
    tss_delete(c->err_key);
    free(c);
    return err_set(NULL, PPFFT_ERROR_OUT_OF_MEMORY, "ppfft_context_create: mtx_init failed");
  }
  if (wisdom_init(&c->wisdom) != 0) {
    program_cache_destroy(&c->cache);
    mtx_destroy(&c->err_lock);
    tss_delete(c->err_key);
    free(c);
    return err_set(NULL, PPFFT_ERROR_OUT_OF_MEMORY, "ppfft_context_create: mtx_init failed");
  }
  device_key(&c->info, c->key, sizeof c->key);
  disk_cache_init(&c->disk);
  wisdom_load_defaults(c);
  clRetainContext(ctx);
  c->ctx = ctx;
  c->dev = dev;
  *out = c;
  return PPFFT_SUCCESS;
}

/* Parses "P:D" into two indices; returns 0 on success. */
static int parse_device_env(const char *s, unsigned *p, unsigned *d)
{
  char *end;
  unsigned long a = strtoul(s, &end, 10);
  if (end == s || *end != ':') return -1;
  const char *t = end + 1;
  unsigned long b = strtoul(t, &end, 10);
  if (end == t || *end != '\0' || a > 1000 || b > 1000) return -1;
  *p = (unsigned)a;
  *d = (unsigned)b;
  return 0;
}

/* Finds the device: PPFFT_DEVICE, else the first GPU, else the first device of any platform. */
static ppfft_status pick_device(cl_device_id *dev)
{
  cl_uint np = 0;
  cl_int e = clGetPlatformIDs(0, NULL, &np);
  if (e == -1001 /* CL_PLATFORM_NOT_FOUND_KHR: the ICD loader found no platform */ || (e == CL_SUCCESS && np == 0))
    return err_set(NULL, PPFFT_ERROR_NO_DEVICE, "no OpenCL platform found (is an ICD such as pocl-opencl-icd installed?)");
  if (e != CL_SUCCESS) return err_cl(NULL, "clGetPlatformIDs", e);
  cl_platform_id plats[64];
  if (np > 64) np = 64;
  e = clGetPlatformIDs(np, plats, NULL);
  if (e != CL_SUCCESS) return err_cl(NULL, "clGetPlatformIDs", e);

  const char *env = getenv("PPFFT_DEVICE");
  if (env && *env) {
    unsigned pi, di;
    if (parse_device_env(env, &pi, &di) != 0)
      return err_set(NULL, PPFFT_ERROR_INVALID_ARGUMENT, "PPFFT_DEVICE=\"%s\" is not of the form P:D (platform:device indices)", env);
    if (pi >= np) return err_set(NULL, PPFFT_ERROR_NO_DEVICE, "PPFFT_DEVICE=%s: there are only %u platforms", env, np);
    cl_uint nd = 0;
    e = clGetDeviceIDs(plats[pi], CL_DEVICE_TYPE_ALL, 0, NULL, &nd);
    if (e == CL_DEVICE_NOT_FOUND) nd = 0;
    else if (e != CL_SUCCESS) return err_cl(NULL, "clGetDeviceIDs", e);
    if (di >= nd) return err_set(NULL, PPFFT_ERROR_NO_DEVICE, "PPFFT_DEVICE=%s: platform %u has only %u devices", env, pi, nd);
    cl_device_id devs[64];
    e = clGetDeviceIDs(plats[pi], CL_DEVICE_TYPE_ALL, nd < 64 ? nd : 64, devs, NULL);
    if (e != CL_SUCCESS) return err_cl(NULL, "clGetDeviceIDs", e);
    if (di >= 64) return err_set(NULL, PPFFT_ERROR_NO_DEVICE, "PPFFT_DEVICE=%s: device index too large", env);
    *dev = devs[di];
    return PPFFT_SUCCESS;
  }
  const cl_device_type order[2] = {CL_DEVICE_TYPE_GPU, CL_DEVICE_TYPE_ALL};
  for (int k = 0; k < 2; ++k)
    for (cl_uint i = 0; i < np; ++i) {
      cl_device_id d;
      if (clGetDeviceIDs(plats[i], order[k], 1, &d, NULL) == CL_SUCCESS) {
        *dev = d;
        return PPFFT_SUCCESS;
      }
    }
  return err_set(NULL, PPFFT_ERROR_NO_DEVICE, "no OpenCL device found on %u platform(s)", np);
}

ppfft_status ppfft_context_create_default(ppfft_context **out)
{
  if (!out) return err_set(NULL, PPFFT_ERROR_INVALID_ARGUMENT, "ppfft_context_create_default: out is NULL");
  *out = NULL;
  contextless_error[0] = '\0';
  cl_device_id dev = NULL;
  ppfft_status s = pick_device(&dev);
  if (s != PPFFT_SUCCESS) return s;
  cl_int e;
  cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
  if (!ctx) return err_cl(NULL, "clCreateContext", e);
  s = ppfft_context_create(ctx, dev, out);
  clReleaseContext(ctx); /* the ppfft context holds its own reference */
  return s;
}

void ppfft_context_destroy(ppfft_context *c)
{
  if (!c) return;
  program_cache_destroy(&c->cache);
  wisdom_destroy(&c->wisdom);
  tss_delete(c->err_key);
  for (struct err_buf *b = c->err_bufs, *next; b; b = next) {
    next = b->next;
    free(b);
  }
  mtx_destroy(&c->err_lock);
  clReleaseContext(c->ctx);
  free(c);
}

const char *ppfft_context_device_key(const ppfft_context *c) { return c ? c->key : ""; }
cl_context ppfft_context_cl_context(const ppfft_context *c) { return c ? c->ctx : NULL; }
cl_device_id ppfft_context_cl_device(const ppfft_context *c) { return c ? c->dev : NULL; }
