/* Running a plan on a CUDA stream: each pass is one loaded kernel (with its twiddle tables),
 * launched behind the one before on the caller's stream.  A chain with a temporary buffer orders
 * its executions by an event, so that two streams never share the buffer at once. */
#ifndef PPFFT_CUDA_EXEC_H
#define PPFFT_CUDA_EXEC_H
#include "core/abft.h"
#include "core/launch.h"
#include "cuda/runtime.h"
#include <cuda_runtime_api.h>
#include <pthread.h>

typedef struct cuda_pass {
  cudaLibrary_t lib;
  cudaKernel_t kernel;
  void *table, *tw4;  /* device copies of the twiddle tables, else NULL */
  void *abft_a;       /* ABFT's input checksum table (core/abft.h), else NULL */
  pass_launch l;
} cuda_pass;

typedef struct cuda_chain {
  cuda_runtime *rt;
  int npasses;
  cuda_pass pass[DECOMPOSE_MAX_PASSES];
  void *tmp;               /* the four-step and XP passes' temporary buffer, else NULL */
  size_t tmp_bytes;
  cudaEvent_t last;        /* with tmp: the previous execution's end, which the next waits for */
  cudaStream_t last_stream;
  int ran;                 /* last has been recorded */
  pthread_mutex_t lock;
  /* ABFT plans: the control buffer (core/abft.h), the threshold, the fault-injection words (from
   * ABFT_CTL_NINJ on) to write before the next execution, and the stream it last ran on */
  uint32_t *abft_ctl;
  abft_host abft;
  int abft_ran;
  cudaStream_t abft_stream;
} cuda_chain;

/* The user's device pointers: per side, the interleaved array, or the real and imaginary ones. */
typedef struct cuda_buffers {
  void *in[2], *out[2];
} cuda_buffers;

/* An empty chain on rt (0), or -1 when its mutex cannot be made. */
int cuda_chain_init(cuda_chain *x, cuda_runtime *rt);
void cuda_chain_release(cuda_chain *x);

/* Builds pass ps from source (kernel `name`, `what` in messages) for ps->l.wg threads per block,
 * and uploads the twiddle tables given.  Errors: BUILD, UNSUPPORTED (the compiled kernel cannot
 * take the block: too many registers), CUDA, OUT_OF_MEMORY. */
ppfft_status cuda_pass_build(cuda_runtime *rt, const errors *e, const char *source, const char *name, const char *what,
                             const void *table, size_t table_bytes, const void *tw4, size_t tw4_bytes, const void *abft_a,
                             size_t abft_bytes, cuda_pass *ps);
void cuda_pass_release(cuda_pass *ps);

/* Allocates the chain's temporary buffer.  Errors: OUT_OF_MEMORY, CUDA. */
ppfft_status cuda_chain_alloc_tmp(cuda_runtime *rt, const errors *e, cuda_chain *x, size_t bytes);

/* ABFT: allocates the chain's control buffer (zeroed) if it has none.  Errors: CUDA. */
ppfft_status cuda_chain_abft_init(cuda_runtime *rt, const errors *e, cuda_chain *x);

/* ABFT: reads the counters (ABFT_CTL_DETECTED .. UNCORRECTABLE) into ctl[0..2] after the stream
 * the chain last ran on has finished, or (reset) sets them to zero.  Errors: CUDA. */
ppfft_status cuda_chain_abft_counters(cuda_runtime *rt, const errors *e, cuda_chain *x, uint32_t ctl[3], int reset);

/* Launches every pass on stream s (rt's device current) without blocking.  Errors: CUDA,
 * OUT_OF_MEMORY. */
ppfft_status cuda_chain_enqueue(cuda_chain *x, const errors *e, cudaStream_t s, const cuda_buffers *b);

#endif
