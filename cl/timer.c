/* Random measurement data and timed runs. */
#include "cl/timer.h"
#include "cl/clerr.h"
#include <stdlib.h>
#include <string.h>

void cl_rig_free(cl_rig *r)
{
  if (r->in) clReleaseMemObject(r->in);
  if (r->out) clReleaseMemObject(r->out);
  if (r->pristine) clReleaseMemObject(r->pristine);
  if (r->q) clReleaseCommandQueue(r->q);
  memset(r, 0, sizeof *r);
}

/* Fills bytes of buf with random values in [-1, 1): a block of at most 1 MiB made on the host,
 * copied across the buffer on the device.  Making and uploading 256 MiB on the host would cost a
 * short search more than timing its candidates. */
static cl_int fill_random(cl_command_queue q, cl_mem buf, size_t bytes, int f64)
{
  size_t block = bytes < ((size_t)1 << 20) ? bytes : (size_t)1 << 20;
  void *h = malloc(block);
  if (!h) return CL_OUT_OF_HOST_MEMORY;
  unsigned long long s = 0x2545F4914F6CDD1Dull;
  for (size_t i = 0; i < block / (f64 ? 8 : 4); ++i) {
    s ^= s << 13, s ^= s >> 7, s ^= s << 17;
    double x = (double)(s >> 11) * 0x1.0p-52 - 1.0;
    if (f64) ((double *)h)[i] = x;
    else ((float *)h)[i] = (float)x;
  }
  cl_int e = clEnqueueWriteBuffer(q, buf, CL_TRUE, 0, block, h, 0, NULL, NULL);
  free(h);
  for (size_t have = block; e == CL_SUCCESS && have < bytes; have *= 2) /* [0, have) to [have, 2 have) */
    e = clEnqueueCopyBuffer(q, buf, buf, 0, have, have < bytes - have ? have : bytes - have, 0, NULL, NULL);
  return e;
}

ppfft_status cl_rig_make(cl_runtime *rt, const errors *err, int f64, int inplace, size_t in_elems, size_t out_elems, cl_rig *r)
{
  memset(r, 0, sizeof *r);
  cl_int e;
  r->q = clCreateCommandQueue(rt->ctx, rt->dev, CL_QUEUE_PROFILING_ENABLE, &e);
  if (!r->q) return cl_error(err, "clCreateCommandQueue(profiling)", e);
  size_t eb = f64 ? 16 : 8;
  r->in_bytes = in_elems * eb;
  r->in = cl_buffer(rt, CL_MEM_READ_WRITE, r->in_bytes, NULL, &e);
  if (r->in && inplace) r->pristine = cl_buffer(rt, CL_MEM_READ_ONLY, r->in_bytes, NULL, &e);
  if (r->in && !inplace) r->out = cl_buffer(rt, CL_MEM_READ_WRITE, out_elems * eb, NULL, &e);
  ppfft_status s = PPFFT_SUCCESS;
  if (!r->in || (inplace ? !r->pristine : !r->out)) s = cl_error(err, "clCreateBuffer(measurement data)", e);
  if (s == PPFFT_SUCCESS) {
    e = fill_random(r->q, r->in, r->in_bytes, f64);
    if (e == CL_SUCCESS && inplace) e = clEnqueueCopyBuffer(r->q, r->in, r->pristine, 0, 0, r->in_bytes, 0, NULL, NULL);
    if (e == CL_SUCCESS) e = clFinish(r->q);
    if (e != CL_SUCCESS) s = cl_error(err, "filling the measurement data", e);
  }
  if (s != PPFFT_SUCCESS) cl_rig_free(r);
  return s;
}

ppfft_status cl_event_ms(const errors *err, cl_event ev, double *ms)
{
  cl_ulong t0 = 0, t1 = 0;
  cl_int e = clWaitForEvents(1, &ev);
  if (e == CL_SUCCESS) e = clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof t0, &t0, NULL);
  if (e == CL_SUCCESS) e = clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL);
  clReleaseEvent(ev);
  if (e != CL_SUCCESS) return cl_error(err, "clGetEventProfilingInfo", e);
  *ms = (double)(t1 - t0) * 1e-6;
  return PPFFT_SUCCESS;
}

ppfft_status cl_rig_run(cl_rig *r, const errors *err, cl_chain *x, int whole, double *ms)
{
  cl_int e = CL_SUCCESS;
  if (r->pristine) e = clEnqueueCopyBuffer(r->q, r->pristine, r->in, 0, 0, r->in_bytes, 0, NULL, NULL);
  cl_event start = NULL, done = NULL;
  if (e == CL_SUCCESS && whole) e = clEnqueueMarkerWithWaitList(r->q, 0, NULL, &start);
  if (e != CL_SUCCESS) return cl_error(err, whole ? "clEnqueueMarkerWithWaitList" : "clEnqueueCopyBuffer", e);
  cl_buffers b = {{r->in, NULL}, {r->out ? r->out : r->in, NULL}};
  ppfft_status s = cl_chain_enqueue(x, err, r->q, &b, whole ? 1 : 0, whole ? &start : NULL, &done);
  if (!whole) return s == PPFFT_SUCCESS ? cl_event_ms(err, done, ms) : s;
  cl_ulong t0 = 0, t1 = 0;
  if (s == PPFFT_SUCCESS) {
    e = clWaitForEvents(1, &done);
    if (e == CL_SUCCESS) e = clGetEventProfilingInfo(start, CL_PROFILING_COMMAND_END, sizeof t0, &t0, NULL);
    if (e == CL_SUCCESS) e = clGetEventProfilingInfo(done, CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL);
    if (e != CL_SUCCESS) s = cl_error(err, "clGetEventProfilingInfo", e);
    clReleaseEvent(done);
  }
  clReleaseEvent(start);
  *ms = (double)(t1 - t0) * 1e-6;
  return s;
}
