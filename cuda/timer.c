/* Random measurement data and timed runs on a CUDA device. */
#include "cuda/timer.h"
#include "cuda/cudaerr.h"
#include "core/half.h"
#include "core/transform.h"
#include <stdlib.h>
#include <string.h>

void cuda_rig_free(cuda_rig *r)
{
  int prev;
  if (r->rt && cuda_enter(r->rt, NULL, &prev) == PPFFT_SUCCESS) {
    if (r->in) cudaFree(r->in);
    if (r->out) cudaFree(r->out);
    if (r->pristine) cudaFree(r->pristine);
    if (r->start) cudaEventDestroy(r->start);
    if (r->end) cudaEventDestroy(r->end);
    if (r->stream) cudaStreamDestroy(r->stream);
    cuda_leave(prev);
  }
  memset(r, 0, sizeof *r);
}

/* Fills bytes of buf with random values in [-1, 1): a block of at most 1 MiB made on the host,
 * copied across the buffer on the device (as cl/timer.c does). */
static cudaError_t fill_random(cudaStream_t s, unsigned char *buf, size_t bytes, int prec)
{
  int f64 = prec == PPFFT_F64, f16 = prec == PPFFT_F16;
  size_t block = bytes < ((size_t)1 << 20) ? bytes : (size_t)1 << 20;
  void *h = malloc(block);
  if (!h) return cudaErrorMemoryAllocation;
  unsigned long long x = 0x2545F4914F6CDD1Dull;
  for (size_t i = 0; i < block / (f64 ? 8 : f16 ? 2 : 4); ++i) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    double v = (double)(x >> 11) * 0x1.0p-52 - 1.0;
    if (f64) ((double *)h)[i] = v;
    else if (f16) ((uint16_t *)h)[i] = half_from_float((float)v);
    else ((float *)h)[i] = (float)v;
  }
  cudaError_t e = cudaMemcpy(buf, h, block, cudaMemcpyHostToDevice);
  free(h);
  for (size_t have = block; e == cudaSuccess && have < bytes; have *= 2)
    e = cudaMemcpyAsync(buf + have, buf, have < bytes - have ? have : bytes - have, cudaMemcpyDeviceToDevice, s);
  return e == cudaSuccess ? cudaStreamSynchronize(s) : e;
}

ppfft_status cuda_rig_make(cuda_runtime *rt, const errors *e, int prec, int inplace, size_t in_elems, size_t out_elems, cuda_rig *r)
{
  memset(r, 0, sizeof *r);
  int prev;
  ppfft_status s = cuda_enter(rt, e, &prev);
  if (s != PPFFT_SUCCESS) return s;
  r->rt = rt;
  size_t eb = precision_elem_bytes(prec);
  r->in_bytes = in_elems * eb;
  const char *call = "cudaStreamCreateWithFlags";
  cudaError_t err = cudaStreamCreateWithFlags(&r->stream, cudaStreamNonBlocking);
  if (err == cudaSuccess) err = cudaEventCreate(&r->start), call = "cudaEventCreate";
  if (err == cudaSuccess) err = cudaEventCreate(&r->end);
  if (err == cudaSuccess) err = cudaMalloc(&r->in, r->in_bytes), call = "cudaMalloc(measurement data)";
  if (err == cudaSuccess) err = inplace ? cudaMalloc(&r->pristine, r->in_bytes) : cudaMalloc(&r->out, out_elems * eb);
  if (err == cudaSuccess) err = fill_random(r->stream, r->in, r->in_bytes, prec), call = "filling the measurement data";
  if (err == cudaSuccess && inplace) err = cudaMemcpy(r->pristine, r->in, r->in_bytes, cudaMemcpyDeviceToDevice);
  if (err != cudaSuccess) s = cuda_error(e, call, err);
  cuda_leave(prev);
  if (s != PPFFT_SUCCESS) cuda_rig_free(r);
  return s;
}

ppfft_status cuda_rig_run(cuda_rig *r, const errors *e, cuda_chain *x, double *ms)
{
  int prev;
  ppfft_status s = cuda_enter(r->rt, e, &prev);
  if (s != PPFFT_SUCCESS) return s;
  cudaError_t err = cudaSuccess;
  if (r->pristine) err = cudaMemcpyAsync(r->in, r->pristine, r->in_bytes, cudaMemcpyDeviceToDevice, r->stream);
  if (err == cudaSuccess) err = cudaEventRecord(r->start, r->stream);
  if (err != cudaSuccess) s = cuda_error(e, "cudaEventRecord", err);
  cuda_buffers b = {{r->in, NULL}, {r->out ? r->out : r->in, NULL}};
  if (s == PPFFT_SUCCESS) s = cuda_chain_enqueue(x, e, r->stream, &b);
  float t = 0;
  if (s == PPFFT_SUCCESS) {
    err = cudaEventRecord(r->end, r->stream);
    if (err == cudaSuccess) err = cudaEventSynchronize(r->end);
    if (err == cudaSuccess) err = cudaEventElapsedTime(&t, r->start, r->end);
    if (err != cudaSuccess) s = cuda_error(e, "timing a run (cudaEventElapsedTime)", err);
  }
  cuda_leave(prev);
  *ms = t;
  return s;
}
