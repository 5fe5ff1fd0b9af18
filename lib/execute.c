/* ppfft_execute and ppfft_execute_planar: check every argument before anything is enqueued (a bad
 * call changes no buffer), then enqueue the passes in order, each behind the one before, each in
 * launches of at most 2^30 work-items. */
#include "plan.h"
#include <stdlib.h>

enum { MAX_ITEMS_PER_LAUNCH = 1 << 30 };

/* The user's buffers: per side, the interleaved buffer or the real and imaginary ones. */
typedef struct user_buffers {
  cl_mem in[2], out[2];
} user_buffers;

/* The buffer must belong to the plan's context and hold `elems` elements of `bytes_each`. */
static ppfft_status check_buffer(const ppfft_plan *p, cl_mem m, const char *what, size_t elems, size_t bytes_each)
{
  const ppfft_context *c = p->ctx;
  cl_context mctx = NULL;
  size_t bytes = 0;
  cl_int e = clGetMemObjectInfo(m, CL_MEM_CONTEXT, sizeof mctx, &mctx, NULL);
  if (e == CL_SUCCESS) e = clGetMemObjectInfo(m, CL_MEM_SIZE, sizeof bytes, &bytes, NULL);
  if (e == CL_INVALID_MEM_OBJECT) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "the %s buffer is not a valid cl_mem", what);
  if (e != CL_SUCCESS) return err_cl(c, "clGetMemObjectInfo", e);
  if (mctx != c->ctx) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "the %s buffer belongs to another OpenCL context", what);
  size_t need = elems * bytes_each;
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

/* Sets the pass's buffer arguments from its roles; returns the next argument index, or -1. */
static int set_buffers(const ppfft_plan *p, const plan_pass *ps, const user_buffers *ub, cl_int *e)
{
  cl_uint arg = 0;
  for (int side = ps->pb.inplace ? 1 : 0; side < 2; ++side) {
    buffer_role role = side ? ps->dst : ps->src;
    int planar = side ? ps->pb.out_planar : ps->pb.in_planar;
    const cl_mem *m = role == BUF_TMP ? &p->tmp : role == BUF_IN ? ub->in : ub->out;
    for (int k = 0; k < (planar ? 2 : 1) && *e == CL_SUCCESS; ++k) *e = clSetKernelArg(ps->kernel, arg++, sizeof(cl_mem), &m[k]);
  }
  return *e == CL_SUCCESS ? (int)arg : -1;
}

/* Enqueues one pass behind the wait list; its launches' events go to *events (*count of them). */
static ppfft_status enqueue_pass(ppfft_plan *p, plan_pass *ps, cl_command_queue q, const user_buffers *ub, cl_uint nwait,
                                 const cl_event *wait, cl_event **events, size_t *count)
{
  const ppfft_context *c = p->ctx;
  const geometry *g = &ps->g;
  cl_ulong batch = ps->pb.batch;
  cl_int e = CL_SUCCESS;
  int first_arg = set_buffers(p, ps, ub, &e);
  cl_uint arg = (cl_uint)first_arg + 1;
  if (e == CL_SUCCESS) e = clSetKernelArg(ps->kernel, arg++, sizeof batch, &batch);
  if (e == CL_SUCCESS && ps->table) e = clSetKernelArg(ps->kernel, arg++, sizeof(cl_mem), &ps->table);
  if (e == CL_SUCCESS && ps->tw4) e = clSetKernelArg(ps->kernel, arg++, sizeof(cl_mem), &ps->tw4);
  if (e != CL_SUCCESS) return err_cl(c, "clSetKernelArg", e);

  size_t groups_total = (ps->pb.batch + g->t - 1) / g->t;
  size_t per_launch = MAX_ITEMS_PER_LAUNCH / g->wg;
  size_t launches = (groups_total + per_launch - 1) / per_launch;
  *events = calloc(launches, sizeof **events);
  *count = 0;
  if (!*events) return err_set(c, PPFFT_ERROR_OUT_OF_MEMORY, "out of memory");
  for (size_t k = 0; k < launches; ++k) {
    size_t groups = groups_total - k * per_launch < per_launch ? groups_total - k * per_launch : per_launch;
    cl_ulong first = (cl_ulong)k * per_launch * g->t;
    size_t global = groups * g->wg, local = g->wg;
    e = clSetKernelArg(ps->kernel, (cl_uint)first_arg, sizeof first, &first);
    if (e == CL_SUCCESS) e = clEnqueueNDRangeKernel(q, ps->kernel, 1, NULL, &global, &local, nwait, nwait ? wait : NULL, &(*events)[k]);
    if (e != CL_SUCCESS) return err_cl(c, "clEnqueueNDRangeKernel", e);
    *count = k + 1;
  }
  return PPFFT_SUCCESS;
}

static void release_events(cl_event *ev, size_t n)
{
  for (size_t k = 0; k < n; ++k)
    if (ev[k]) clReleaseEvent(ev[k]);
  free(ev);
}

/* Whether the previous execution needs no wait: it has finished, or it ran on this same in-order
 * queue.  Waiting on it anyway would be correct, but an extra event in the first pass's wait list
 * can send NVIDIA's OpenCL down a slow host-side path. */
static int last_is_behind(const ppfft_plan *p, cl_command_queue q)
{
  if (q == p->last_q && p->last_q_in_order) return 1;
  cl_int status = CL_QUEUED;
  return clGetEventInfo(p->last, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, NULL) == CL_SUCCESS && status == CL_COMPLETE;
}

/* Enqueues every pass, each behind the previous one (the queue may be out of order); called with
 * the plan's lock held.  With a temporary buffer, the first pass also waits for the previous
 * execution, which may run on another queue. */
static ppfft_status enqueue(ppfft_plan *p, cl_command_queue q, const user_buffers *ub, cl_uint nwait, const cl_event *wait,
                            cl_event *done)
{
  const ppfft_context *c = p->ctx;
  cl_event *prev = NULL, *first_wait = NULL;
  size_t nprev = 0;
  if (p->last && !last_is_behind(p, q)) { /* the caller's wait list plus the previous execution */
    first_wait = malloc((nwait + 1) * sizeof *first_wait);
    if (!first_wait) return err_set(c, PPFFT_ERROR_OUT_OF_MEMORY, "out of memory");
    for (cl_uint i = 0; i < nwait; ++i) first_wait[i] = wait[i];
    first_wait[nwait++] = p->last;
    wait = first_wait;
  }
  ppfft_status s = PPFFT_SUCCESS;
  for (int i = 0; i < p->npasses && s == PPFFT_SUCCESS; ++i) {
    cl_event *ev = NULL;
    size_t nev = 0;
    s = i == 0 ? enqueue_pass(p, &p->pass[i], q, ub, nwait, wait, &ev, &nev)
               : enqueue_pass(p, &p->pass[i], q, ub, (cl_uint)nprev, prev, &ev, &nev);
    if (prev) release_events(prev, nprev);
    prev = ev;
    nprev = nev;
  }
  free(first_wait);
  cl_event end = NULL;
  if (s == PPFFT_SUCCESS) {
    if (nprev == 1) {
      end = prev[0];
      prev[0] = NULL;
    } else {
      cl_int e = clEnqueueMarkerWithWaitList(q, (cl_uint)nprev, prev, &end);
      if (e != CL_SUCCESS) s = err_cl(c, "clEnqueueMarkerWithWaitList", e);
    }
  }
  if (prev) release_events(prev, nprev);
  if (s != PPFFT_SUCCESS) return s;
  if (p->tmp) {
    if (p->last) clReleaseEvent(p->last);
    clRetainEvent(end);
    p->last = end;
    if (p->last_q != q) { /* asked once per queue change, not at every execution */
      if (p->last_q) clReleaseCommandQueue(p->last_q);
      clRetainCommandQueue(q);
      p->last_q = q;
      cl_command_queue_properties props = CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE;
      p->last_q_in_order = clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES, sizeof props, &props, NULL) == CL_SUCCESS &&
                           !(props & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
    }
  }
  if (done) *done = end;
  else clReleaseEvent(end);
  return PPFFT_SUCCESS;
}

/* Checks the call and the buffers of one side: n buffers (1 interleaved, 2 planar). */
static ppfft_status check_side(const ppfft_plan *p, const cl_mem *m, int planar, const char *what, size_t span)
{
  size_t rs = p->f64 ? 8 : 4;
  static const char *names[2][3] = {{"input", "input real", "input imaginary"}, {"output", "output real", "output imaginary"}};
  int out = what[0] == 'o';
  for (int k = 0; k < (planar ? 2 : 1); ++k) {
    ppfft_status s = check_buffer(p, m[k], names[out][planar ? 1 + k : 0], span, planar ? rs : 2 * rs);
    if (s != PPFFT_SUCCESS) return s;
  }
  return PPFFT_SUCCESS;
}

static ppfft_status execute(ppfft_plan *p, cl_command_queue q, user_buffers *ub, cl_uint nwait, const cl_event *wait, cl_event *done)
{
  const ppfft_context *c = p->ctx;
  if (!q) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "the command queue is NULL");
  if (nwait && !wait) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "nwait is %u but the wait list is NULL", nwait);
  if (!nwait && wait) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "a wait list is given with nwait 0");
  for (int k = 0; k < (p->in_planar ? 2 : 1); ++k)
    if (!ub->in[k]) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "the input buffer is NULL");
  if (p->inplace) {
    for (int k = 0; k < 2; ++k) {
      if (ub->out[k] && ub->out[k] != ub->in[k])
        return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "an in-place plan takes out = NULL (or the input buffer)");
      ub->out[k] = ub->in[k];
    }
  } else {
    for (int k = 0; k < (p->out_planar ? 2 : 1); ++k)
      if (!ub->out[k]) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "an out-of-place plan needs an output buffer");
    for (int a = 0; a < (p->in_planar ? 2 : 1); ++a)
      for (int b = 0; b < (p->out_planar ? 2 : 1); ++b)
        if (ub->in[a] == ub->out[b])
          return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "an out-of-place plan was given the same buffer for input and output");
  }
  if (p->in_planar && ub->in[0] == ub->in[1]) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "the real and imaginary input buffers are the same");
  if (p->out_planar && ub->out[0] == ub->out[1])
    return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "the real and imaginary output buffers are the same");
  ppfft_status s = check_queue(p, q);
  if (s == PPFFT_SUCCESS) s = check_side(p, ub->in, p->in_planar, "input", p->in_span);
  if (s == PPFFT_SUCCESS && !p->inplace) s = check_side(p, ub->out, p->out_planar, "output", p->out_span);
  if (s != PPFFT_SUCCESS) return s;
  mtx_lock(&p->lock);
  s = enqueue(p, q, ub, nwait, wait, done);
  mtx_unlock(&p->lock);
  return s;
}

ppfft_status ppfft_execute(ppfft_plan *p, cl_command_queue q, cl_mem in, cl_mem out, cl_uint nwait, const cl_event *wait,
                           cl_event *done)
{
  if (done) *done = NULL;
  if (!p) return err_set(NULL, PPFFT_ERROR_INVALID_ARGUMENT, "the plan is NULL");
  if (p->in_planar || p->out_planar)
    return err_set(p->ctx, PPFFT_ERROR_INVALID_ARGUMENT, "the plan has a planar side: use ppfft_execute_planar");
  user_buffers ub = {{in, NULL}, {out, NULL}};
  return execute(p, q, &ub, nwait, wait, done);
}

ppfft_status ppfft_execute_planar(ppfft_plan *p, cl_command_queue q, cl_mem in_re, cl_mem in_im, cl_mem out_re,
                                  cl_mem out_im, cl_uint nwait, const cl_event *wait, cl_event *done)
{
  if (done) *done = NULL;
  if (!p) return err_set(NULL, PPFFT_ERROR_INVALID_ARGUMENT, "the plan is NULL");
  if ((!p->in_planar && in_im) || (!p->out_planar && !p->inplace && out_im))
    return err_set(p->ctx, PPFFT_ERROR_INVALID_ARGUMENT, "an interleaved side takes its buffer as *_re and NULL as *_im");
  user_buffers ub = {{in_re, in_im}, {out_re, out_im}};
  return execute(p, q, &ub, nwait, wait, done);
}
