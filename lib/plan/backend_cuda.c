/* The CUDA backend: the planner's view (plan/backend.h) of cuda/'s runtime.  In libppfft_cuda only. */
#include "plan/backend.h"
#include "core/transform.h"
#include "cuda/cudaerr.h"
#include "cuda/exec.h"
#include "cuda/timer.h"
#include <stdlib.h>

static void destroy(void *rt)
{
  cuda_runtime_destroy(rt);
  free(rt);
}

static void *chain_new(void *rt)
{
  cuda_chain *x = malloc(sizeof *x);
  if (x && cuda_chain_init(x, rt) != 0) {
    free(x);
    x = NULL;
  }
  return x;
}

static void chain_free(void *x)
{
  if (!x) return;
  cuda_chain_release(x);
  free(x);
}

static pass_launch *launch(void *x, int i) { return &((cuda_chain *)x)->pass[i].l; }
static void set_npasses(void *x, int n) { ((cuda_chain *)x)->npasses = n; }

static ppfft_status pass_build(void *rt, const errors *e, void *x, int i, const pass_code *k)
{
  cuda_chain *chain = x;
  if (chain->npasses <= i) chain->npasses = i + 1;
  return cuda_pass_build(rt, e, k->source, k->kernel_name, k->what, k->table, k->table_bytes, k->tw4, k->tw4_bytes, k->abft, k->abft_bytes,
                         &chain->pass[i]);
}

static void pass_release(void *x, int i)
{
  cuda_chain *chain = x;
  int prev;
  int entered = cuda_enter(chain->rt, NULL, &prev) == PPFFT_SUCCESS;
  cuda_pass_release(&chain->pass[i]);
  if (entered) cuda_leave(prev);
}

static ppfft_status alloc_tmp(void *rt, const errors *e, void *x, size_t bytes) { return cuda_chain_alloc_tmp(rt, e, x, bytes); }
static size_t tmp_bytes(const void *x) { return ((const cuda_chain *)x)->tmp ? ((const cuda_chain *)x)->tmp_bytes : 0; }

static ppfft_status rig_make(void *rt, const errors *e, int prec, int inplace, size_t in_elems, size_t out_elems, void **out)
{
  cuda_rig *r = malloc(sizeof *r);
  if (!r) return errors_set(e, PPFFT_ERROR_OUT_OF_MEMORY, "out of memory");
  ppfft_status s = cuda_rig_make(rt, e, prec, inplace, in_elems, out_elems, r);
  if (s != PPFFT_SUCCESS) {
    free(r);
    r = NULL;
  }
  *out = r;
  return s;
}

/* CUDA events time a one-pass chain and a whole one alike. */
static ppfft_status rig_run(void *r, const errors *e, void *x, int whole, double *ms)
{
  (void)whole;
  return cuda_rig_run(r, e, x, ms);
}

static void rig_free(void *r)
{
  if (!r) return;
  cuda_rig_free(r);
  free(r);
}

static ppfft_status run_host(void *rt, const errors *e, void *x, int prec, int inplace, size_t in_elems, size_t out_elems, const void *in,
                             void *out)
{
  int prev;
  ppfft_status s = cuda_enter(rt, e, &prev);
  if (s != PPFFT_SUCCESS) return s;
  size_t eb = precision_elem_bytes(prec);
  void *a = NULL, *b = NULL;
  const char *call = "cudaMalloc";
  cudaError_t err = cudaMalloc(&a, (inplace ? backend_inplace_elems(in_elems, out_elems) : in_elems) * eb);
  if (err == cudaSuccess && !inplace) err = cudaMalloc(&b, out_elems * eb);
  if (err == cudaSuccess) call = "cudaMemcpy", err = cudaMemcpy(a, in, in_elems * eb, cudaMemcpyHostToDevice);
  if (err != cudaSuccess) s = cuda_error(e, call, err);
  cuda_buffers bufs = {{a, NULL}, {inplace ? a : b, NULL}};
  if (s == PPFFT_SUCCESS) s = cuda_chain_enqueue(x, e, 0, &bufs);
  if (s == PPFFT_SUCCESS) {
    err = cudaMemcpy(out, inplace ? a : b, out_elems * eb, cudaMemcpyDeviceToHost); /* behind the chain on the default stream */
    if (err != cudaSuccess) s = cuda_error(e, "cudaMemcpy", err);
  }
  if (a) cudaFree(a);
  if (b) cudaFree(b);
  cuda_leave(prev);
  return s;
}

static ppfft_status abft_init(void *rt, const errors *e, void *x) { return cuda_chain_abft_init(rt, e, x); }

static void abft_set(void *xp, double delta, const uint32_t *inj)
{
  cuda_chain *x = xp;
  pthread_mutex_lock(&x->lock);
  abft_host_set(&x->abft, delta, inj);
  pthread_mutex_unlock(&x->lock);
}

static ppfft_status abft_counters(void *rt, const errors *e, void *x, uint32_t ctl[3], int reset) { return cuda_chain_abft_counters(rt, e, x, ctl, reset); }

const backend backend_cuda = {
  .name = "CUDA",
  .dialect = &dialect_cuda,
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
