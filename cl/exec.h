/* Running a plan on an OpenCL queue: each pass is one built kernel (with its twiddle tables),
 * launched in pieces of at most 2^30 work-items, each pass behind the one before.  A chain with a
 * temporary buffer orders its executions, so that two queues never share the buffer at once. */
#ifndef PPFFT_CL_EXEC_H
#define PPFFT_CL_EXEC_H
#include "cl/runtime.h"
#include "core/abft.h"
#include "core/launch.h"
#include <pthread.h>

/* One pass's device objects and launch shape. */
typedef struct cl_pass {
  cl_program program;
  cl_kernel kernel;
  cl_mem table;          /* CM-K / TW-GM twiddles, else NULL */
  cl_mem tw4;            /* the four-step twiddles of a column pass, else NULL */
  cl_mem abft_a;         /* ABFT's input checksum table (core/abft.h), else NULL */
  pass_launch l;         /* launch shape and buffer roles */
} cl_pass;

/* A plan's passes, their temporary buffer and the order of their executions. */
typedef struct cl_chain {
  cl_runtime *rt;
  int npasses;
  cl_pass pass[DECOMPOSE_MAX_PASSES];
  cl_mem tmp;               /* the four-step and XP passes' temporary buffer, else NULL */
  size_t tmp_bytes;
  cl_event last;            /* with tmp: the previous execution's end, which the next waits for */
  cl_command_queue last_q;  /* the queue it ran on (retained, so its handle cannot be reused) */
  int last_q_in_order;      /* last_q executes in order: a next execution there needs no wait */
  pthread_mutex_t lock;     /* kernel arguments are per cl_kernel: set and enqueue under it */
  /* ABFT plans: the control buffer (core/abft.h), the threshold, and the fault-injection words
   * (from ABFT_CTL_NINJ on) to write before the next execution */
  cl_mem abft_ctl;
  abft_host abft;
} cl_chain;

/* The user's buffers: per side, the interleaved buffer, or the real and imaginary ones. */
typedef struct cl_buffers {
  cl_mem in[2], out[2];
} cl_buffers;

/* An empty chain on rt (0), or -1 when its mutex cannot be made. */
int cl_chain_init(cl_chain *x, cl_runtime *rt);

/* Releases every pass's objects, the temporary buffer, the ordering event and queue, the mutex. */
void cl_chain_release(cl_chain *x);

/* Builds ps's kernel, kernel_name of the program source (from the caches or compiled), named `what`
 * in messages, and checks that the compiled kernel takes ps->l.wg work-items (it may need too many
 * registers), then uploads the host twiddle tables given (NULL: none).  Errors (message to e):
 * BUILD, UNSUPPORTED (work-group too large for the compiled kernel), OPENCL, OUT_OF_MEMORY. */
ppfft_status cl_pass_build(cl_runtime *rt, const errors *e, const char *source, const char *kernel_name, const char *what,
                           const void *table, size_t table_bytes, const void *tw4, size_t tw4_bytes, const void *abft_a,
                           size_t abft_bytes, cl_pass *ps);
void cl_pass_release(cl_pass *ps);

/* Allocates the chain's temporary buffer of the given size.  Errors: OUT_OF_MEMORY (also beyond the
 * device's largest allocation), OPENCL. */
ppfft_status cl_chain_alloc_tmp(cl_runtime *rt, const errors *e, cl_chain *x, size_t bytes);

/* ABFT: allocates the chain's control buffer (zeroed) if it has none.  Errors: OPENCL. */
ppfft_status cl_chain_abft_init(cl_runtime *rt, const errors *e, cl_chain *x);

/* ABFT: reads the control buffer's counters (ABFT_CTL_DETECTED .. UNCORRECTABLE) into ctl[0..2],
 * after the chain's executions on its last queue have completed, or (reset) sets them to zero.
 * Errors: OPENCL. */
ppfft_status cl_chain_abft_counters(cl_runtime *rt, const errors *e, cl_chain *x, uint32_t ctl[3], int reset);

/* Errors (INVALID_ARGUMENT) unless q is a valid queue of rt's context and device. */
ppfft_status cl_check_queue(const cl_runtime *rt, const errors *e, cl_command_queue q);

/* Errors unless m is a valid buffer of rt's context (INVALID_ARGUMENT) holding at least `bytes`
 * (BUFFER_TOO_SMALL); `what` names it in messages. */
ppfft_status cl_check_buffer(const cl_runtime *rt, const errors *e, cl_mem m, const char *what, size_t bytes);

/* Enqueues every pass on q behind the wait list, each behind the previous one (q may execute out of
 * order), without blocking; *done (if not NULL) completes when the last pass has.  Errors: OPENCL,
 * OUT_OF_MEMORY. */
ppfft_status cl_chain_enqueue(cl_chain *x, const errors *e, cl_command_queue q, const cl_buffers *b, cl_uint nwait,
                              const cl_event *wait, cl_event *done);

#endif
