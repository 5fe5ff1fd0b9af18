/* ppfft_execute and ppfft_execute_planar: every argument and buffer is checked before anything is
 * enqueued (a bad call changes no buffer); then the plan's chain is enqueued (cl/exec.h). */
#include "cl/exec.h"
#include "plan/plan.h"

/* Checks one side's n buffers (1 interleaved, 2 planar) against the span they must hold, in that
 * side's own elements (real values on a real side). */
static ppfft_status check_side(const ppfft_plan *p, const cl_mem *m, int planar, int out, size_t span)
{
  static const char *const names[2][3] = {{"input", "input real", "input imaginary"}, {"output", "output real", "output imaginary"}};
  size_t rs = p->f64 ? 8 : 4;
  int real = out ? p->out_real : p->in_real;
  for (int k = 0; k < (planar ? 2 : 1); ++k) {
    ppfft_status s = cl_check_buffer(p->ctx->cl, &p->ctx->err, m[k], names[out][planar ? 1 + k : 0], span * (planar || real ? rs : 2 * rs));
    if (s != PPFFT_SUCCESS) return s;
  }
  return PPFFT_SUCCESS;
}

static ppfft_status execute(ppfft_plan *p, cl_command_queue q, cl_buffers *b, cl_uint nwait, const cl_event *wait, cl_event *done)
{
  const ppfft_context *c = p->ctx;
  if (!c->cl) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "an OpenCL call on a plan of a %s context (use its own execute call)", c->be->name);
  if (!q) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "the command queue is NULL");
  if (nwait && !wait) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "nwait is %u but the wait list is NULL", nwait);
  if (!nwait && wait) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "a wait list is given with nwait 0");
  for (int k = 0; k < (p->in_planar ? 2 : 1); ++k)
    if (!b->in[k]) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "the input buffer is NULL");
  if (p->inplace) {
    for (int k = 0; k < 2; ++k) {
      if (b->out[k] && b->out[k] != b->in[k])
        return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "an in-place plan takes out = NULL (or the input buffer)");
      b->out[k] = b->in[k];
    }
  } else {
    for (int k = 0; k < (p->out_planar ? 2 : 1); ++k)
      if (!b->out[k]) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "an out-of-place plan needs an output buffer");
    for (int i = 0; i < (p->in_planar ? 2 : 1); ++i)
      for (int o = 0; o < (p->out_planar ? 2 : 1); ++o)
        if (b->in[i] == b->out[o])
          return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "an out-of-place plan was given the same buffer for input and output");
  }
  if (p->in_planar && b->in[0] == b->in[1]) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "the real and imaginary input buffers are the same");
  if (p->out_planar && b->out[0] == b->out[1])
    return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "the real and imaginary output buffers are the same");
  ppfft_status s = cl_check_queue(c->cl, &c->err, q);
  if (s == PPFFT_SUCCESS) s = check_side(p, b->in, p->in_planar, 0, p->in_span);
  if (s == PPFFT_SUCCESS && (!p->inplace || p->in_real || p->out_real)) /* in place, a real transform's sides differ */
    s = check_side(p, b->out, p->out_planar, 1, p->out_span);
  if (s != PPFFT_SUCCESS) return s;
  plan_abft_before_execute(p);
  return cl_chain_enqueue(p->chain, &c->err, q, b, nwait, wait, done);
}

ppfft_status ppfft_execute(ppfft_plan *p, cl_command_queue q, cl_mem in, cl_mem out, cl_uint nwait, const cl_event *wait,
                           cl_event *done)
{
  if (done) *done = NULL;
  if (!p) return err_set(NULL, PPFFT_ERROR_INVALID_ARGUMENT, "the plan is NULL");
  if (p->in_planar || p->out_planar)
    return err_set(p->ctx, PPFFT_ERROR_INVALID_ARGUMENT, "the plan has a planar side: use ppfft_execute_planar");
  cl_buffers b = {{in, NULL}, {out, NULL}};
  return execute(p, q, &b, nwait, wait, done);
}

ppfft_status ppfft_execute_planar(ppfft_plan *p, cl_command_queue q, cl_mem in_re, cl_mem in_im, cl_mem out_re, cl_mem out_im,
                                  cl_uint nwait, const cl_event *wait, cl_event *done)
{
  if (done) *done = NULL;
  if (!p) return err_set(NULL, PPFFT_ERROR_INVALID_ARGUMENT, "the plan is NULL");
  if ((!p->in_planar && in_im) || (!p->out_planar && !p->inplace && out_im))
    return err_set(p->ctx, PPFFT_ERROR_INVALID_ARGUMENT, "an interleaved side takes its buffer as *_re and NULL as *_im");
  cl_buffers b = {{in_re, in_im}, {out_re, out_im}};
  return execute(p, q, &b, nwait, wait, done);
}
