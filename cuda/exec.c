/* Building a pass's kernel and tables, and launching a chain of passes. */
#include "cuda/exec.h"
#include "cuda/cudaerr.h"
#include "cuda/program.h"
#include <string.h>

enum { MAX_BLOCKS_PER_LAUNCH = 1 << 30 };

int cuda_chain_init(cuda_chain *x, cuda_runtime *rt)
{
  memset(x, 0, sizeof *x);
  x->rt = rt;
  return pthread_mutex_init(&x->lock, NULL) == 0 ? 0 : -1;
}

void cuda_pass_release(cuda_pass *ps)
{
  if (ps->lib) cudaLibraryUnload(ps->lib);
  if (ps->table) cudaFree(ps->table);
  if (ps->tw4) cudaFree(ps->tw4);
  if (ps->abft_a) cudaFree(ps->abft_a);
  ps->lib = NULL;
  ps->kernel = NULL;
  ps->table = ps->tw4 = ps->abft_a = NULL;
}

void cuda_chain_release(cuda_chain *x)
{
  int prev;
  int entered = cuda_enter(x->rt, NULL, &prev) == PPFFT_SUCCESS;
  for (int i = 0; i < x->npasses; ++i) cuda_pass_release(&x->pass[i]);
  if (x->tmp) cudaFree(x->tmp);
  if (x->abft_ctl) cudaFree(x->abft_ctl);
  if (x->last) cudaEventDestroy(x->last);
  if (entered) cuda_leave(prev);
  pthread_mutex_destroy(&x->lock);
}

/* A device copy of bytes at host, or NULL with the status in *s. */
static void *upload(const errors *e, const void *host, size_t bytes, const char *what, ppfft_status *s)
{
  void *d = NULL;
  cudaError_t err = cudaMalloc(&d, bytes);
  if (err == cudaSuccess) err = cudaMemcpy(d, host, bytes, cudaMemcpyHostToDevice);
  if (err != cudaSuccess) {
    if (d) cudaFree(d);
    *s = cuda_error(e, what, err);
    return NULL;
  }
  return d;
}

ppfft_status cuda_pass_build(cuda_runtime *rt, const errors *e, const char *source, const char *name, const char *what,
                             const void *table, size_t table_bytes, const void *tw4, size_t tw4_bytes, const void *abft_a,
                             size_t abft_bytes, cuda_pass *ps)
{
  int prev;
  ppfft_status s = cuda_enter(rt, e, &prev);
  if (s != PPFFT_SUCCESS) return s;
  s = cuda_program_load(rt, e, source, name, &ps->lib, &ps->kernel);
  if (s == PPFFT_SUCCESS && ps->l.local_bytes > 48 * 1024) { /* beyond 48 KiB a kernel must ask for its shared memory */
    cudaError_t err = cudaKernelSetAttributeForDevice(ps->kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)ps->l.local_bytes, rt->device);
    if (err != cudaSuccess) s = cuda_error(e, "cudaKernelSetAttributeForDevice(MaxDynamicSharedMemorySize)", err);
  }
  if (s == PPFFT_SUCCESS) { /* the compiler may need more registers per thread than the block allows */
    struct cudaFuncAttributes a;
    cudaError_t err = cudaFuncGetAttributes(&a, (const void *)ps->kernel);
    if (err != cudaSuccess) s = cuda_error(e, "cudaFuncGetAttributes", err);
    else if (a.maxThreadsPerBlock < (int)ps->l.wg)
      s = errors_set(e, PPFFT_ERROR_UNSUPPORTED, "%s: the compiled kernel allows blocks of %d threads, not %u (%d registers a thread)", what,
                     a.maxThreadsPerBlock, ps->l.wg, a.numRegs);
  }
  if (s == PPFFT_SUCCESS && table) ps->table = upload(e, table, table_bytes, "cudaMalloc(twiddle table)", &s);
  if (s == PPFFT_SUCCESS && tw4) ps->tw4 = upload(e, tw4, tw4_bytes, "cudaMalloc(four-step twiddle table)", &s);
  if (s == PPFFT_SUCCESS && abft_a) ps->abft_a = upload(e, abft_a, abft_bytes, "cudaMalloc(ABFT checksum table)", &s);
  if (s != PPFFT_SUCCESS) cuda_pass_release(ps);
  cuda_leave(prev);
  return s;
}

ppfft_status cuda_chain_alloc_tmp(cuda_runtime *rt, const errors *e, cuda_chain *x, size_t bytes)
{
  int prev;
  ppfft_status s = cuda_enter(rt, e, &prev);
  if (s != PPFFT_SUCCESS) return s;
  cudaError_t err = cudaMalloc(&x->tmp, bytes);
  if (err != cudaSuccess) {
    x->tmp = NULL;
    s = cuda_error(e, "cudaMalloc(temporary)", err);
  } else {
    x->tmp_bytes = bytes;
    err = cudaEventCreateWithFlags(&x->last, cudaEventDisableTiming);
    if (err != cudaSuccess) {
      x->last = NULL;
      s = cuda_error(e, "cudaEventCreateWithFlags", err);
    }
  }
  cuda_leave(prev);
  return s;
}

ppfft_status cuda_chain_abft_init(cuda_runtime *rt, const errors *e, cuda_chain *x)
{
  if (x->abft_ctl) return PPFFT_SUCCESS;
  uint32_t zero[ABFT_CTL_WORDS] = {0};
  ppfft_status s = PPFFT_SUCCESS;
  int prev;
  if ((s = cuda_enter(rt, e, &prev)) != PPFFT_SUCCESS) return s;
  x->abft_ctl = upload(e, zero, sizeof zero, "cudaMalloc(ABFT control)", &s);
  cuda_leave(prev);
  return s;
}

ppfft_status cuda_chain_abft_counters(cuda_runtime *rt, const errors *e, cuda_chain *x, uint32_t ctl[3], int reset)
{
  int prev;
  ppfft_status s = cuda_enter(rt, e, &prev);
  if (s != PPFFT_SUCCESS) return s;
  pthread_mutex_lock(&x->lock);
  cudaError_t err = x->abft_ran ? cudaStreamSynchronize(x->abft_stream) : cudaSuccess;
  const char *what = "cudaStreamSynchronize";
  if (err == cudaSuccess) {
    uint32_t zero[3] = {0, 0, 0};
    what = "cudaMemcpy(ABFT counters)";
    err = reset ? cudaMemcpy(x->abft_ctl, zero, sizeof zero, cudaMemcpyHostToDevice)
                : cudaMemcpy(ctl, x->abft_ctl, 3 * sizeof *ctl, cudaMemcpyDeviceToHost);
  }
  pthread_mutex_unlock(&x->lock);
  cuda_leave(prev);
  return err == cudaSuccess ? PPFFT_SUCCESS : cuda_error(e, what, err);
}

/* Launches one pass: its arguments in the generated kernel's order (buffers, first, batch, then the
 * tables, a pointwise pass's N and M), in launches of at most MAX_BLOCKS_PER_LAUNCH blocks. */
static ppfft_status launch_pass(const cuda_chain *x, const cuda_pass *ps, unsigned index, const errors *e, cudaStream_t s,
                                const cuda_buffers *b)
{
  void *ptrs[6], *args[14];
  unsigned long long first = 0, batch = ps->l.batch;
  int n = 0, np = 0;
  for (int side = ps->l.inplace ? 1 : 0; side < 2; ++side) {
    buffer_role role = side ? ps->l.dst : ps->l.src;
    int planar = side ? ps->l.out_planar : ps->l.in_planar;
    void *const *m = role == BUF_TMP ? &x->tmp : role == BUF_IN ? b->in : b->out;
    for (int k = 0; k < (planar ? 2 : 1); ++k) {
      ptrs[np] = m[k];
      args[n++] = &ptrs[np++];
    }
  }
  args[n++] = &first;
  args[n++] = &batch;
  void *table = ps->table, *tw4 = ps->tw4;
  if (table) args[n++] = &table;
  if (tw4) args[n++] = &tw4;
  unsigned chirp_n = ps->l.chirp_n, chirp_m = ps->l.chirp_m;
  if (chirp_n) args[n++] = &chirp_n, args[n++] = &chirp_m;
  void *abft_a = ps->abft_a, *ctl = x->abft_ctl;
  float d32 = (float)x->abft.delta;
  double d64 = x->abft.delta;
  if (ps->l.abft) { /* gen/abft.c: the table, the control buffer, delta, the pass */
    args[n++] = &abft_a;
    args[n++] = &ctl;
    args[n++] = ps->l.f64 ? (void *)&d64 : (void *)&d32;
    args[n++] = &index;
  }
  size_t per_group = (size_t)ps->l.t * (ps->l.window ? ps->l.window : 1); /* transforms a block computes */
  size_t groups_total = (ps->l.batch + per_group - 1) / per_group;
  for (size_t done = 0; done < groups_total; done += MAX_BLOCKS_PER_LAUNCH) {
    size_t groups = groups_total - done < MAX_BLOCKS_PER_LAUNCH ? groups_total - done : MAX_BLOCKS_PER_LAUNCH;
    first = (unsigned long long)done * per_group;
    cudaError_t err = cudaLaunchKernel((const void *)ps->kernel, (dim3){(unsigned)groups, 1, 1}, (dim3){ps->l.wg, 1, 1}, args, ps->l.local_bytes, s);
    if (err != cudaSuccess) return cuda_error(e, "cudaLaunchKernel", err);
  }
  return PPFFT_SUCCESS;
}

ppfft_status cuda_chain_enqueue(cuda_chain *x, const errors *e, cudaStream_t s, const cuda_buffers *b)
{
  ppfft_status st = PPFFT_SUCCESS;
  pthread_mutex_lock(&x->lock);
  if (x->tmp && x->ran && x->last_stream != s) { /* the previous execution may still use tmp on its stream */
    cudaError_t err = cudaStreamWaitEvent(s, x->last, 0);
    if (err != cudaSuccess) st = cuda_error(e, "cudaStreamWaitEvent", err);
  }
  if (st == PPFFT_SUCCESS && x->abft.inj_pending) { /* fault injection's words, from pageable memory: copied before the call returns */
    cudaError_t err = cudaMemcpyAsync(x->abft_ctl + ABFT_CTL_NINJ, x->abft.inj, sizeof x->abft.inj, cudaMemcpyHostToDevice, s);
    if (err != cudaSuccess) st = cuda_error(e, "cudaMemcpyAsync(ABFT fault injection)", err);
    x->abft.inj_pending = 0;
  }
  for (int i = 0; i < x->npasses && st == PPFFT_SUCCESS; ++i) st = launch_pass(x, &x->pass[i], (unsigned)i, e, s, b);
  if (st == PPFFT_SUCCESS && x->abft_ctl) {
    x->abft_ran = 1;
    x->abft_stream = s;
  }
  if (st == PPFFT_SUCCESS && x->tmp) {
    cudaError_t err = cudaEventRecord(x->last, s);
    if (err != cudaSuccess) st = cuda_error(e, "cudaEventRecord", err);
    x->ran = 1;
    x->last_stream = s;
  }
  pthread_mutex_unlock(&x->lock);
  return st;
}
