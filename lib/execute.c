/* ppfft_execute: checks every argument before anything is enqueued (a bad call changes no buffer),
 * then enqueues the kernel in launches of at most 2^30 work-items, behind the caller's wait list. */
#include "plan.h"
#include <stdlib.h>

enum { MAX_ITEMS_PER_LAUNCH = 1 << 30 };

/* The buffer must belong to the plan's context and hold `elems` complex elements. */
static ppfft_status check_buffer(const ppfft_plan *p, cl_mem m, const char *what, size_t elems)
{
  const ppfft_context *c = p->ctx;
  cl_context mctx = NULL;
  size_t bytes = 0;
  cl_int e = clGetMemObjectInfo(m, CL_MEM_CONTEXT, sizeof mctx, &mctx, NULL);
  if (e == CL_SUCCESS) e = clGetMemObjectInfo(m, CL_MEM_SIZE, sizeof bytes, &bytes, NULL);
  if (e == CL_INVALID_MEM_OBJECT) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "the %s buffer is not a valid cl_mem", what);
  if (e != CL_SUCCESS) return err_cl(c, "clGetMemObjectInfo", e);
  if (mctx != c->ctx) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "the %s buffer belongs to another OpenCL context", what);
  size_t need = elems * problem_elem_bytes(&p->pb);
  if (bytes < need)
    return err_set(c, PPFFT_ERROR_BUFFER_TOO_SMALL, "the %s buffer holds %zu bytes; the layout addresses %zu", what, bytes, need);
  return PPFFT_SUCCESS;
}

static ppfft_status check_queue(const ppfft_plan *p, cl_command_queue q)
{
  const ppfft_context *c = p->ctx;
  cl_context qctx = NULL;
  cl_device_id qdev = NULL;
  cl_int e = clGetCommandQueueInfo(q, CL_QUEUE_CONTEXT, sizeof qctx, &qctx, NULL);
  if (e == CL_SUCCESS) e = clGetCommandQueueInfo(q, CL_QUEUE_DEVICE, sizeof qdev, &qdev, NULL);
  if (e == CL_INVALID_COMMAND_QUEUE) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "the command queue is not valid");
  if (e != CL_SUCCESS) return err_cl(c, "clGetCommandQueueInfo", e);
  if (qctx != c->ctx || qdev != c->dev)
    return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "the command queue is for another context or device than the plan");
  return PPFFT_SUCCESS;
}

/* Sets the arguments and enqueues every launch; called with the plan's lock held. */
static ppfft_status enqueue(ppfft_plan *p, cl_command_queue q, cl_mem in, cl_mem out, cl_uint nwait, const cl_event *wait,
                            cl_event *done)
{
  const ppfft_context *c = p->ctx;
  const geometry *g = &p->g;
  cl_ulong batch = p->pb.batch;
  cl_uint arg = 0;
  cl_int e = clSetKernelArg(p->kernel, arg++, sizeof(cl_mem), &in);
  if (e == CL_SUCCESS && !p->pb.inplace) e = clSetKernelArg(p->kernel, arg++, sizeof(cl_mem), &out);
  cl_uint first_arg = arg++;
  if (e == CL_SUCCESS) e = clSetKernelArg(p->kernel, arg++, sizeof batch, &batch);
  if (e == CL_SUCCESS && p->table) e = clSetKernelArg(p->kernel, arg++, sizeof(cl_mem), &p->table);
  if (e != CL_SUCCESS) return err_cl(c, "clSetKernelArg", e);

  size_t groups_total = (p->pb.batch + g->t - 1) / g->t;
  size_t per_launch = MAX_ITEMS_PER_LAUNCH / g->wg;
  size_t launches = (groups_total + per_launch - 1) / per_launch;
  cl_event *events = calloc(launches, sizeof *events);
  if (!events) return err_set(c, PPFFT_ERROR_OUT_OF_MEMORY, "out of memory");
  ppfft_status s = PPFFT_SUCCESS;
  size_t made = 0;
  for (size_t k = 0; k < launches; ++k) {
    size_t groups = groups_total - k * per_launch < per_launch ? groups_total - k * per_launch : per_launch;
    cl_ulong first = (cl_ulong)k * per_launch * g->t;
    size_t global = groups * g->wg, local = g->wg;
    e = clSetKernelArg(p->kernel, first_arg, sizeof first, &first);
    if (e == CL_SUCCESS)
      e = clEnqueueNDRangeKernel(q, p->kernel, 1, NULL, &global, &local, nwait, nwait ? wait : NULL, done ? &events[k] : NULL);
    if (e != CL_SUCCESS) {
      s = err_cl(c, "clEnqueueNDRangeKernel", e);
      break;
    }
    made = k + 1;
  }
  if (s == PPFFT_SUCCESS && done) {
    if (launches == 1) {
      *done = events[0];
      events[0] = NULL;
    } else {
      /* one event that completes when every launch has (the queue may be out of order) */
      e = clEnqueueMarkerWithWaitList(q, (cl_uint)launches, events, done);
      if (e != CL_SUCCESS) s = err_cl(c, "clEnqueueMarkerWithWaitList", e);
    }
  }
  for (size_t k = 0; k < made; ++k)
    if (events[k]) clReleaseEvent(events[k]);
  free(events);
  return s;
}

ppfft_status ppfft_execute(ppfft_plan *p, cl_command_queue q, cl_mem in, cl_mem out, cl_uint nwait, const cl_event *wait,
                           cl_event *done)
{
  if (!p) return err_set(NULL, PPFFT_ERROR_INVALID_ARGUMENT, "the plan is NULL");
  const ppfft_context *c = p->ctx;
  if (done) *done = NULL;
  if (!q) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "the command queue is NULL");
  if (!in) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "the input buffer is NULL");
  if (nwait && !wait) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "nwait is %u but the wait list is NULL", nwait);
  if (!nwait && wait) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "a wait list is given with nwait 0");
  if (p->pb.inplace && out && out != in)
    return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "an in-place plan takes out = NULL (or the input buffer)");
  if (!p->pb.inplace && !out) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "an out-of-place plan needs an output buffer");
  if (!p->pb.inplace && out == in)
    return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "an out-of-place plan was given the same buffer for input and output");
  ppfft_status s = check_queue(p, q);
  if (s == PPFFT_SUCCESS) s = check_buffer(p, in, "input", problem_span(&p->pb, 0));
  if (s == PPFFT_SUCCESS && !p->pb.inplace) s = check_buffer(p, out, "output", problem_span(&p->pb, 1));
  if (s != PPFFT_SUCCESS) return s;
  mtx_lock(&p->lock);
  s = enqueue(p, q, in, out, nwait, wait, done);
  mtx_unlock(&p->lock);
  return s;
}

ppfft_status ppfft_execute_planar(ppfft_plan *p, cl_command_queue q, cl_mem in_re, cl_mem in_im, cl_mem out_re,
                                  cl_mem out_im, cl_uint nwait, const cl_event *wait, cl_event *done)
{
  if (done) *done = NULL;
  if (!p) return err_set(NULL, PPFFT_ERROR_INVALID_ARGUMENT, "the plan is NULL");
  return err_set(p->ctx, PPFFT_ERROR_UNSUPPORTED, "planar execution is not supported by this version (the plan is interleaved)");
}
