/* The CUDA entry points (include/ppfft_cuda.h): a context on a CUDA device, and executing its plans
 * on the caller's streams.  In libppfft_cuda only. */
#include "ppfft_cuda.h"
#include "cuda/cudaerr.h"
#include "cuda/exec.h"
#include "cuda/tensor_probe.h"
#include "plan/plan.h"
#include <cuda.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#ifndef PPFFT_WISDOM_DIR
#define PPFFT_WISDOM_DIR "/usr/local/share/ppfft/wisdom"
#endif

ppfft_status ppfft_context_create_cuda(int device, ppfft_context **out)
{
  if (!out) return errors_set(NULL, PPFFT_ERROR_INVALID_ARGUMENT, "ppfft_context_create_cuda: out is NULL");
  *out = NULL;
  errors_clear_contextless();
  cuda_runtime *rt = malloc(sizeof *rt);
  if (!rt) return errors_set(NULL, PPFFT_ERROR_OUT_OF_MEMORY, "ppfft_context_create_cuda: out of memory");
  ppfft_status s = cuda_runtime_init(rt, device, NULL);
  if (s != PPFFT_SUCCESS) {
    free(rt);
    return s;
  }
  cuda_tensor_probe(rt); /* the fragment map TC needs (after init: the probe builds with the runtime's NVRTC) */
  return context_make(&backend_cuda, rt, &rt->info, PPFFT_WISDOM_DIR, out);
}

int ppfft_context_cuda_device(const ppfft_context *c) { return c && c->be == &backend_cuda ? ((const cuda_runtime *)c->rt)->device : -1; }

/* The driver's cuMemGetAddressRange, reached through the runtime (libppfft_cuda links cudart, not
 * libcuda): the allocation a device pointer lies in, for the size check below.  NULL where the
 * driver does not give it; the check is then skipped. */
typedef CUresult (*address_range_fn)(CUdeviceptr *base, size_t *size, CUdeviceptr ptr);
static address_range_fn address_range;
static pthread_once_t address_range_once = PTHREAD_ONCE_INIT;

static void find_address_range(void)
{
  void *fn = NULL;
  enum cudaDriverEntryPointQueryResult found;
#if CUDART_VERSION >= 12050
  cudaError_t err = cudaGetDriverEntryPointByVersion("cuMemGetAddressRange", &fn, CUDART_VERSION, cudaEnableDefault, &found);
#else
  cudaError_t err = cudaGetDriverEntryPoint("cuMemGetAddressRange", &fn, cudaEnableDefault, &found);
#endif
  if (err == cudaSuccess && found == cudaDriverEntryPointSuccess) address_range = (address_range_fn)fn;
  else (void)cudaGetLastError();
}

/* Errors unless ptr is device memory (or managed memory) that rt's device can use, with at least
 * `bytes` from ptr to the end of its allocation: a plan reads and writes that much, and a smaller
 * array would be overrun on the device with no error. */
static ppfft_status check_pointer(const ppfft_context *c, const void *ptr, const char *what, size_t bytes)
{
  const cuda_runtime *rt = c->rt;
  struct cudaPointerAttributes a;
  cudaError_t err = cudaPointerGetAttributes(&a, ptr);
  if (err != cudaSuccess) {
    ppfft_status s = cuda_error(&c->err, "cudaPointerGetAttributes", err); /* also clears the sticky error */
    return err == cudaErrorInvalidValue ? err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "the %s pointer is not a CUDA pointer", what) : s;
  }
  if (a.type != cudaMemoryTypeManaged && a.type != cudaMemoryTypeDevice)
    return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "the %s pointer is not device memory (cudaMalloc)", what);
  if (a.type == cudaMemoryTypeDevice && a.device != rt->device)
    return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "the %s pointer is memory of CUDA device %d; the plan runs on device %d", what, a.device, rt->device);
  pthread_once(&address_range_once, find_address_range);
  CUdeviceptr base = 0;
  size_t size = 0;
  if (address_range && address_range(&base, &size, (CUdeviceptr)(uintptr_t)ptr) == CUDA_SUCCESS) {
    size_t left = (size_t)(base + size - (CUdeviceptr)(uintptr_t)ptr);
    if (left < bytes)
      return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "the %s array holds %zu bytes from its pointer to the end of its allocation; the plan needs %zu",
                     what, left, bytes);
  }
  return PPFFT_SUCCESS;
}

/* The bytes one side's array must hold: span elements of its type (one real on a real or planar
 * side, else a complex pair; half, single or double precision). */
static size_t side_bytes(const ppfft_plan *p, int out)
{
  size_t rs = p->prec == PPFFT_F16 ? 2 : p->f64 ? 8 : 4;
  int single = out ? p->out_real || p->out_planar : p->in_real || p->in_planar;
  return (out ? p->out_span : p->in_span) * (single ? rs : 2 * rs);
}

static ppfft_status execute(ppfft_plan *p, cudaStream_t stream, cuda_buffers *b)
{
  const ppfft_context *c = p->ctx;
  if (c->be != &backend_cuda)
    return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "a CUDA call on a plan of an %s context (use ppfft_execute)", c->be->name);
  for (int k = 0; k < (p->in_planar ? 2 : 1); ++k)
    if (!b->in[k]) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "the input pointer is NULL");
  if (p->inplace) {
    for (int k = 0; k < 2; ++k) {
      if (b->out[k] && b->out[k] != b->in[k]) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "an in-place plan takes out = NULL (or the input pointer)");
      b->out[k] = b->in[k];
    }
  } else {
    for (int k = 0; k < (p->out_planar ? 2 : 1); ++k)
      if (!b->out[k]) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "an out-of-place plan needs an output pointer");
    for (int i = 0; i < (p->in_planar ? 2 : 1); ++i)
      for (int o = 0; o < (p->out_planar ? 2 : 1); ++o)
        if (b->in[i] == b->out[o]) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "an out-of-place plan was given the same array for input and output");
  }
  if (p->in_planar && b->in[0] == b->in[1]) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "the real and imaginary input arrays are the same");
  if (p->out_planar && b->out[0] == b->out[1]) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "the real and imaginary output arrays are the same");
  int prev;
  ppfft_status s = cuda_enter(c->rt, &c->err, &prev);
  if (s != PPFFT_SUCCESS) return s;
  static const char *const names[2][3] = {{"input", "input real", "input imaginary"}, {"output", "output real", "output imaginary"}};
  for (int k = 0; k < (p->in_planar ? 2 : 1) && s == PPFFT_SUCCESS; ++k)
    s = check_pointer(c, b->in[k], names[0][p->in_planar ? 1 + k : 0], side_bytes(p, 0));
  /* in place, a real transform's sides differ in size: the larger must fit */
  for (int k = 0; (!p->inplace || p->in_real || p->out_real) && k < (p->out_planar ? 2 : 1) && s == PPFFT_SUCCESS; ++k)
    s = check_pointer(c, b->out[k], names[1][p->out_planar ? 1 + k : 0], side_bytes(p, 1));
  if (s == PPFFT_SUCCESS) plan_abft_before_execute(p);
  if (s == PPFFT_SUCCESS) s = cuda_chain_enqueue(p->chain, &c->err, stream, b);
  cuda_leave(prev);
  return s;
}

ppfft_status ppfft_execute_cuda(ppfft_plan *p, cudaStream_t s, const void *in, void *out)
{
  if (!p) return err_set(NULL, PPFFT_ERROR_INVALID_ARGUMENT, "the plan is NULL");
  if (p->in_planar || p->out_planar) return err_set(p->ctx, PPFFT_ERROR_INVALID_ARGUMENT, "the plan has a planar side: use ppfft_execute_cuda_planar");
  cuda_buffers b = {{(void *)in, NULL}, {out, NULL}};
  return execute(p, s, &b);
}

ppfft_status ppfft_execute_cuda_planar(ppfft_plan *p, cudaStream_t s, const void *in_re, const void *in_im, void *out_re, void *out_im)
{
  if (!p) return err_set(NULL, PPFFT_ERROR_INVALID_ARGUMENT, "the plan is NULL");
  if ((!p->in_planar && in_im) || (!p->out_planar && !p->inplace && out_im))
    return err_set(p->ctx, PPFFT_ERROR_INVALID_ARGUMENT, "an interleaved side takes its array as *_re and NULL as *_im");
  cuda_buffers b = {{(void *)in_re, (void *)in_im}, {out_re, out_im}};
  return execute(p, s, &b);
}
