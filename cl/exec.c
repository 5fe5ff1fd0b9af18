/* Building a pass's kernel and tables, and enqueueing a chain of passes. */
#include "cl/exec.h"
#include "cl/clerr.h"
#include "cl/program.h"
#include <stdlib.h>
#include <string.h>

enum { MAX_ITEMS_PER_LAUNCH = 1 << 30 };

int cl_chain_init(cl_chain *x, cl_runtime *rt)
{
  memset(x, 0, sizeof *x);
  x->rt = rt;
  return pthread_mutex_init(&x->lock, NULL) == 0 ? 0 : -1;
}

void cl_pass_release(cl_pass *ps)
{
  if (ps->kernel) clReleaseKernel(ps->kernel);
  if (ps->program) clReleaseProgram(ps->program);
  if (ps->table) clReleaseMemObject(ps->table);
  if (ps->tw4) clReleaseMemObject(ps->tw4);
  if (ps->abft_a) clReleaseMemObject(ps->abft_a);
  ps->kernel = NULL;
  ps->program = NULL;
  ps->table = ps->tw4 = ps->abft_a = NULL;
}

void cl_chain_release(cl_chain *x)
{
  for (int i = 0; i < x->npasses; ++i) cl_pass_release(&x->pass[i]);
  if (x->tmp) clReleaseMemObject(x->tmp);
  if (x->abft_ctl) clReleaseMemObject(x->abft_ctl);
  if (x->last) clReleaseEvent(x->last);
  if (x->last_q) clReleaseCommandQueue(x->last_q);
  pthread_mutex_destroy(&x->lock);
}

/* A read-only buffer holding a copy of bytes at host, or NULL with the status in *s. */
static cl_mem upload(cl_runtime *rt, const errors *e, const void *host, size_t bytes, const char *what, ppfft_status *s)
{
  cl_int ce;
  cl_mem m = cl_buffer(rt, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, (void *)host, &ce);
  if (!m) *s = cl_error(e, what, ce);
  return m;
}

ppfft_status cl_pass_build(cl_runtime *rt, const errors *e, const char *source, const char *kernel_name, const char *what,
                           const void *table, size_t table_bytes, const void *tw4, size_t tw4_bytes, const void *abft_a,
                           size_t abft_bytes, cl_pass *ps)
{
  ppfft_status s = program_get(rt, e, source, &ps->program);
  if (s != PPFFT_SUCCESS) return s;
  cl_int ce;
  ps->kernel = clCreateKernel(ps->program, kernel_name, &ce);
  if (!ps->kernel) return cl_error(e, "clCreateKernel", ce);
  /* The compiler may need more registers per work-item than the work-group size allows.  Not on
   * NVIDIA's OpenCL (a compute capability): there the query says 256 for every kernel, a trivial
   * one with reqd_work_group_size(1024) too, and each launches at its required size, as ptxas
   * caps the registers to fit it (spilling the rest; H200, driver 580:
   * bench/results/2026-11-25-h200-onepass). */
  size_t kwg = 0;
  ce = clGetKernelWorkGroupInfo(ps->kernel, rt->dev, CL_KERNEL_WORK_GROUP_SIZE, sizeof kwg, &kwg, NULL);
  if (ce != CL_SUCCESS) return cl_error(e, "clGetKernelWorkGroupInfo(CL_KERNEL_WORK_GROUP_SIZE)", ce);
  if (kwg < ps->l.wg && !rt->info.cc_major)
    return errors_set(e, PPFFT_ERROR_UNSUPPORTED, "%s: the compiled kernel allows work-groups of %zu, not %u (too many registers)", what,
                      kwg, ps->l.wg);
  s = PPFFT_SUCCESS;
  if (table) ps->table = upload(rt, e, table, table_bytes, "clCreateBuffer(twiddle table)", &s);
  if (tw4 && s == PPFFT_SUCCESS) ps->tw4 = upload(rt, e, tw4, tw4_bytes, "clCreateBuffer(four-step twiddle table)", &s);
  if (abft_a && s == PPFFT_SUCCESS) ps->abft_a = upload(rt, e, abft_a, abft_bytes, "clCreateBuffer(ABFT checksum table)", &s);
  return s;
}

ppfft_status cl_chain_abft_init(cl_runtime *rt, const errors *e, cl_chain *x)
{
  if (x->abft_ctl) return PPFFT_SUCCESS;
  cl_uint zero[ABFT_CTL_WORDS] = {0};
  cl_int ce;
  x->abft_ctl = cl_buffer(rt, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof zero, zero, &ce);
  if (!x->abft_ctl) return cl_error(e, "clCreateBuffer(ABFT control)", ce);
  return PPFFT_SUCCESS;
}

ppfft_status cl_chain_abft_counters(cl_runtime *rt, const errors *e, cl_chain *x, uint32_t ctl[3], int reset)
{
  pthread_mutex_lock(&x->lock);
  cl_int ce = CL_SUCCESS;
  cl_command_queue q = x->last_q;
  if (q) { /* behind every command of the queue the plan last ran on, in order or not */
    clRetainCommandQueue(q);
    ce = clFinish(q);
  } else q = clCreateCommandQueue(rt->ctx, rt->dev, 0, &ce);
  const char *what = q ? "clFinish" : "clCreateCommandQueue";
  if (q && ce == CL_SUCCESS) {
    cl_uint zero[3] = {0, 0, 0};
    what = reset ? "clEnqueueWriteBuffer(ABFT counters)" : "clEnqueueReadBuffer(ABFT counters)";
    if (reset) ce = clEnqueueWriteBuffer(q, x->abft_ctl, CL_TRUE, 0, sizeof zero, zero, 0, NULL, NULL);
    else ce = clEnqueueReadBuffer(q, x->abft_ctl, CL_TRUE, 0, 3 * sizeof *ctl, ctl, 0, NULL, NULL);
  }
  if (q) clReleaseCommandQueue(q);
  pthread_mutex_unlock(&x->lock);
  return ce == CL_SUCCESS ? PPFFT_SUCCESS : cl_error(e, what, ce);
}

ppfft_status cl_chain_alloc_tmp(cl_runtime *rt, const errors *e, cl_chain *x, size_t bytes)
{
  if (bytes > rt->info.max_alloc)
    return errors_set(e, PPFFT_ERROR_OUT_OF_MEMORY, "the plan needs a %zu-byte temporary buffer; %s allocates at most %llu bytes at once",
                      bytes, rt->info.name, (unsigned long long)rt->info.max_alloc);
  cl_int ce;
  x->tmp = cl_buffer(rt, CL_MEM_READ_WRITE, bytes, NULL, &ce);
  if (!x->tmp) return cl_error(e, "clCreateBuffer(temporary)", ce);
  x->tmp_bytes = bytes;
  return PPFFT_SUCCESS;
}

ppfft_status cl_check_buffer(const cl_runtime *rt, const errors *e, cl_mem m, const char *what, size_t need)
{
  cl_context mctx = NULL;
  size_t bytes = 0;
  cl_int ce = clGetMemObjectInfo(m, CL_MEM_CONTEXT, sizeof mctx, &mctx, NULL);
  if (ce == CL_SUCCESS) ce = clGetMemObjectInfo(m, CL_MEM_SIZE, sizeof bytes, &bytes, NULL);
  if (ce == CL_INVALID_MEM_OBJECT) return errors_set(e, PPFFT_ERROR_INVALID_ARGUMENT, "the %s buffer is not a valid cl_mem", what);
  if (ce != CL_SUCCESS) return cl_error(e, "clGetMemObjectInfo", ce);
  if (mctx != rt->ctx) return errors_set(e, PPFFT_ERROR_INVALID_ARGUMENT, "the %s buffer belongs to another OpenCL context", what);
  if (bytes < need)
    return errors_set(e, PPFFT_ERROR_BUFFER_TOO_SMALL, "the %s buffer holds %zu bytes; the layout addresses %zu", what, bytes, need);
  return PPFFT_SUCCESS;
}

ppfft_status cl_check_queue(const cl_runtime *rt, const errors *e, cl_command_queue q)
{
  cl_context qctx = NULL;
  cl_device_id qdev = NULL;
  cl_int ce = clGetCommandQueueInfo(q, CL_QUEUE_CONTEXT, sizeof qctx, &qctx, NULL);
  if (ce == CL_SUCCESS) ce = clGetCommandQueueInfo(q, CL_QUEUE_DEVICE, sizeof qdev, &qdev, NULL);
  if (ce == CL_INVALID_COMMAND_QUEUE) return errors_set(e, PPFFT_ERROR_INVALID_ARGUMENT, "the command queue is not valid");
  if (ce != CL_SUCCESS) return cl_error(e, "clGetCommandQueueInfo", ce);
  if (qctx != rt->ctx || qdev != rt->dev)
    return errors_set(e, PPFFT_ERROR_INVALID_ARGUMENT, "the command queue is for another context or device than the plan");
  return PPFFT_SUCCESS;
}

/* Sets the pass's buffer arguments from its roles; returns the next argument index, or -1. */
static int set_buffers(const cl_chain *x, const cl_pass *ps, const cl_buffers *b, cl_int *ce)
{
  cl_uint arg = 0;
  for (int side = ps->l.inplace ? 1 : 0; side < 2; ++side) {
    buffer_role role = side ? ps->l.dst : ps->l.src;
    int planar = side ? ps->l.out_planar : ps->l.in_planar;
    const cl_mem *m = role == BUF_TMP ? &x->tmp : role == BUF_IN ? b->in : b->out;
    for (int k = 0; k < (planar ? 2 : 1) && *ce == CL_SUCCESS; ++k) *ce = clSetKernelArg(ps->kernel, arg++, sizeof(cl_mem), &m[k]);
  }
  return *ce == CL_SUCCESS ? (int)arg : -1;
}

/* Enqueues one pass behind the wait list; its launches' events go to *events (*count of them). */
static ppfft_status enqueue_pass(const cl_chain *x, const cl_pass *ps, cl_uint index, const errors *e, cl_command_queue q,
                                 const cl_buffers *b, cl_uint nwait, const cl_event *wait, cl_event **events, size_t *count)
{
  cl_ulong batch = ps->l.batch;
  cl_int ce = CL_SUCCESS;
  int first_arg = set_buffers(x, ps, b, &ce);
  cl_uint arg = (cl_uint)first_arg + 1;
  if (ce == CL_SUCCESS) ce = clSetKernelArg(ps->kernel, arg++, sizeof batch, &batch);
  if (ce == CL_SUCCESS && ps->table) ce = clSetKernelArg(ps->kernel, arg++, sizeof(cl_mem), &ps->table);
  if (ce == CL_SUCCESS && ps->tw4) ce = clSetKernelArg(ps->kernel, arg++, sizeof(cl_mem), &ps->tw4);
  cl_uint chirp[2] = {ps->l.chirp_n, ps->l.chirp_m};
  for (int k = 0; k < 2 && ce == CL_SUCCESS && chirp[0]; ++k) ce = clSetKernelArg(ps->kernel, arg++, sizeof chirp[k], &chirp[k]);
  if (ce == CL_SUCCESS && ps->l.abft) { /* gen/abft.c: the table, the control buffer, delta, the pass */
    ce = clSetKernelArg(ps->kernel, arg++, sizeof(cl_mem), &ps->abft_a);
    if (ce == CL_SUCCESS) ce = clSetKernelArg(ps->kernel, arg++, sizeof(cl_mem), &x->abft_ctl);
    cl_float d32 = (cl_float)x->abft.delta;
    cl_double d64 = x->abft.delta;
    if (ce == CL_SUCCESS) ce = ps->l.f64 ? clSetKernelArg(ps->kernel, arg++, sizeof d64, &d64) : clSetKernelArg(ps->kernel, arg++, sizeof d32, &d32);
    if (ce == CL_SUCCESS) ce = clSetKernelArg(ps->kernel, arg++, sizeof index, &index);
  }
  if (ce != CL_SUCCESS) return cl_error(e, "clSetKernelArg", ce);

  size_t per_group = (size_t)ps->l.t * (ps->l.window ? ps->l.window : 1); /* transforms a work-group computes */
  size_t groups_total = (ps->l.batch + per_group - 1) / per_group;
  size_t per_launch = MAX_ITEMS_PER_LAUNCH / ps->l.wg;
  size_t launches = (groups_total + per_launch - 1) / per_launch;
  *events = calloc(launches, sizeof **events);
  *count = 0;
  if (!*events) return errors_set(e, PPFFT_ERROR_OUT_OF_MEMORY, "out of memory");
  for (size_t k = 0; k < launches; ++k) {
    size_t groups = groups_total - k * per_launch < per_launch ? groups_total - k * per_launch : per_launch;
    cl_ulong first = (cl_ulong)k * per_launch * per_group;
    size_t global = groups * ps->l.wg, local = ps->l.wg;
    ce = clSetKernelArg(ps->kernel, (cl_uint)first_arg, sizeof first, &first);
    if (ce == CL_SUCCESS && cl_fault_fires(x->rt, CL_FAULT_ENQUEUE)) ce = CL_MEM_OBJECT_ALLOCATION_FAILURE;
    if (ce == CL_SUCCESS) ce = clEnqueueNDRangeKernel(q, ps->kernel, 1, NULL, &global, &local, nwait, nwait ? wait : NULL, &(*events)[k]);
    if (ce != CL_SUCCESS) return cl_error(e, "clEnqueueNDRangeKernel", ce);
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
static int last_is_behind(const cl_chain *x, cl_command_queue q)
{
  if (q == x->last_q && x->last_q_in_order) return 1;
  cl_int status = CL_QUEUED;
  return clGetEventInfo(x->last, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, NULL) == CL_SUCCESS && status == CL_COMPLETE;
}

/* cl_chain_enqueue with the chain's lock held.  With a temporary buffer, the first pass also waits
 * for the previous execution, which may run on another queue. */
static ppfft_status enqueue_locked(cl_chain *x, const errors *e, cl_command_queue q, const cl_buffers *b, cl_uint nwait,
                                   const cl_event *wait, cl_event *done)
{
  cl_event *prev = NULL, *first_wait = NULL;
  size_t nprev = 0;
  if (x->last && !last_is_behind(x, q)) { /* the caller's wait list plus the previous execution */
    first_wait = malloc((nwait + 1) * sizeof *first_wait);
    if (!first_wait) return errors_set(e, PPFFT_ERROR_OUT_OF_MEMORY, "out of memory");
    for (cl_uint i = 0; i < nwait; ++i) first_wait[i] = wait[i];
    first_wait[nwait++] = x->last;
    wait = first_wait;
  }
  ppfft_status s = PPFFT_SUCCESS;
  if (x->abft.inj_pending) { /* fault injection's words, blocking (the next call may change them) */
    cl_int ce = clEnqueueWriteBuffer(q, x->abft_ctl, CL_TRUE, ABFT_CTL_NINJ * sizeof(uint32_t), sizeof x->abft.inj, x->abft.inj, nwait,
                                     nwait ? wait : NULL, NULL);
    if (ce != CL_SUCCESS) s = cl_error(e, "clEnqueueWriteBuffer(ABFT fault injection)", ce);
    x->abft.inj_pending = 0;
  }
  for (int i = 0; i < x->npasses && s == PPFFT_SUCCESS; ++i) {
    cl_event *ev = NULL;
    size_t nev = 0;
    s = i == 0 ? enqueue_pass(x, &x->pass[i], (cl_uint)i, e, q, b, nwait, wait, &ev, &nev)
               : enqueue_pass(x, &x->pass[i], (cl_uint)i, e, q, b, (cl_uint)nprev, prev, &ev, &nev);
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
      cl_int ce = clEnqueueMarkerWithWaitList(q, (cl_uint)nprev, prev, &end);
      if (ce != CL_SUCCESS) s = cl_error(e, "clEnqueueMarkerWithWaitList", ce);
    }
  }
  if (prev) release_events(prev, nprev);
  if (s != PPFFT_SUCCESS) return s;
  if (x->tmp || x->abft_ctl) { /* ABFT: its counters are read behind the queue */
    if (x->tmp) {
      if (x->last) clReleaseEvent(x->last);
      clRetainEvent(end);
      x->last = end;
    }
    if (x->last_q != q) { /* asked once per queue change, not at every execution */
      if (x->last_q) clReleaseCommandQueue(x->last_q);
      clRetainCommandQueue(q);
      x->last_q = q;
      cl_command_queue_properties props = CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE;
      x->last_q_in_order = clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES, sizeof props, &props, NULL) == CL_SUCCESS &&
                           !(props & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
    }
  }
  if (done) *done = end;
  else clReleaseEvent(end);
  return PPFFT_SUCCESS;
}

ppfft_status cl_chain_enqueue(cl_chain *x, const errors *e, cl_command_queue q, const cl_buffers *b, cl_uint nwait,
                              const cl_event *wait, cl_event *done)
{
  pthread_mutex_lock(&x->lock);
  ppfft_status s = enqueue_locked(x, e, q, b, nwait, wait, done);
  pthread_mutex_unlock(&x->lock);
  return s;
}
