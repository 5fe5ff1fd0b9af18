/* The OpenCL backend: the planner's view (plan/backend.h) of cl/'s runtime. */
#include "plan/backend.h"
#include "core/transform.h"
#include "cl/clerr.h"
#include "cl/exec.h"
#include "cl/timer.h"
#include <stdlib.h>

static void destroy(void *rt)
{
  cl_runtime_destroy(rt);
  free(rt);
}

static void *chain_new(void *rt)
{
  cl_chain *x = malloc(sizeof *x);
  if (x && cl_chain_init(x, rt) != 0) {
    free(x);
    x = NULL;
  }
  return x;
}

static void chain_free(void *x)
{
  if (!x) return;
  cl_chain_release(x);
  free(x);
}

static pass_launch *launch(void *x, int i) { return &((cl_chain *)x)->pass[i].l; }
static void set_npasses(void *x, int n) { ((cl_chain *)x)->npasses = n; }

static ppfft_status pass_build(void *rt, const errors *e, void *x, int i, const pass_code *k)
{
  cl_chain *chain = x;
  if (chain->npasses <= i) chain->npasses = i + 1;
  return cl_pass_build(rt, e, k->source, k->kernel_name, k->what, k->table, k->table_bytes, k->tw4, k->tw4_bytes, k->abft, k->abft_bytes,
                       &chain->pass[i]);
}

static void pass_release(void *x, int i) { cl_pass_release(&((cl_chain *)x)->pass[i]); }
static ppfft_status alloc_tmp(void *rt, const errors *e, void *x, size_t bytes) { return cl_chain_alloc_tmp(rt, e, x, bytes); }
static size_t tmp_bytes(const void *x) { return ((const cl_chain *)x)->tmp ? ((const cl_chain *)x)->tmp_bytes : 0; }

static ppfft_status rig_make(void *rt, const errors *e, int prec, int inplace, size_t in_elems, size_t out_elems, void **out)
{
  cl_rig *r = malloc(sizeof *r);
  if (!r) return errors_set(e, PPFFT_ERROR_OUT_OF_MEMORY, "out of memory");
  ppfft_status s = cl_rig_make(rt, e, prec, inplace, in_elems, out_elems, r);
  if (s != PPFFT_SUCCESS) {
    free(r);
    r = NULL;
  }
  *out = r;
  return s;
}

static ppfft_status rig_run(void *r, const errors *e, void *x, int whole, double *ms) { return cl_rig_run(r, e, x, whole, ms); }

static void rig_free(void *r)
{
  if (!r) return;
  cl_rig_free(r);
  free(r);
}

static ppfft_status run_host(void *rtp, const errors *e, void *x, int prec, int inplace, size_t in_elems, size_t out_elems, const void *in,
                             void *out)
{
  cl_runtime *rt = rtp;
  size_t eb = precision_elem_bytes(prec);
  cl_int ce;
  cl_command_queue q = clCreateCommandQueue(rt->ctx, rt->dev, 0, &ce);
  if (!q) return cl_error(e, "clCreateCommandQueue", ce);
  cl_mem a = cl_buffer(rt, CL_MEM_READ_WRITE, (inplace ? backend_inplace_elems(in_elems, out_elems) : in_elems) * eb, NULL, &ce), b = NULL;
  if (a && !inplace) b = cl_buffer(rt, CL_MEM_READ_WRITE, out_elems * eb, NULL, &ce);
  ppfft_status s = a && (inplace || b) ? PPFFT_SUCCESS : cl_error(e, "clCreateBuffer", ce);
  if (s == PPFFT_SUCCESS) {
    ce = clEnqueueWriteBuffer(q, a, CL_TRUE, 0, in_elems * eb, in, 0, NULL, NULL);
    if (ce != CL_SUCCESS) s = cl_error(e, "clEnqueueWriteBuffer", ce);
  }
  cl_buffers bufs = {{a, NULL}, {inplace ? a : b, NULL}};
  if (s == PPFFT_SUCCESS) s = cl_chain_enqueue(x, e, q, &bufs, 0, NULL, NULL);
  if (s == PPFFT_SUCCESS) {
    ce = clEnqueueReadBuffer(q, inplace ? a : b, CL_TRUE, 0, out_elems * eb, out, 0, NULL, NULL);
    if (ce != CL_SUCCESS) s = cl_error(e, "clEnqueueReadBuffer", ce);
  }
  if (a) clReleaseMemObject(a);
  if (b) clReleaseMemObject(b);
  clReleaseCommandQueue(q);
  return s;
}

static ppfft_status abft_init(void *rt, const errors *e, void *x) { return cl_chain_abft_init(rt, e, x); }

static void abft_set(void *xp, double delta, const uint32_t *inj)
{
  cl_chain *x = xp;
  pthread_mutex_lock(&x->lock);
  abft_host_set(&x->abft, delta, inj);
  pthread_mutex_unlock(&x->lock);
}

static ppfft_status abft_counters(void *rt, const errors *e, void *x, uint32_t ctl[3], int reset) { return cl_chain_abft_counters(rt, e, x, ctl, reset); }

const backend backend_opencl = {
  .name = "OpenCL",
  .dialect = &dialect_opencl,
  .destroy = destroy,
  .chain_new = chain_new,
  .chain_free = chain_free,
  .launch = launch,
  .set_npasses = set_npasses,
  .pass_build = pass_build,
  .pass_release = pass_release,
  .alloc_tmp = alloc_tmp,
  .tmp_bytes = tmp_bytes,
  .rig_make = rig_make,
  .rig_run = rig_run,
  .rig_free = rig_free,
  .run_host = run_host,
  .abft_init = abft_init,
  .abft_set = abft_set,
  .abft_counters = abft_counters,
};
