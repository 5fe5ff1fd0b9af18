/* A backend: the runtime a context's plans run on, as the planner sees it.  The planner generates
 * each pass's source in the backend's dialect and hands it over; the backend builds it, keeps its
 * device objects in a chain (one per plan), runs the chain for the measurements, and the public
 * execute call of its own API runs it for the user.  OpenCL's is in libppfft (backend_opencl.c);
 * CUDA's is in the companion library libppfft_cuda (backend_cuda.c), so that libppfft never links
 * CUDA.  A new runtime is a new table, not branches through the planner. */
#ifndef PPFFT_PLAN_BACKEND_H
#define PPFFT_PLAN_BACKEND_H
#include "core/device_info.h"
#include "core/errors.h"
#include "core/launch.h"
#include <stdint.h>
#include "gen/dialect.h"

/* What plan_build_pass hands a backend for one pass. */
typedef struct pass_code {
  const char *source;      /* the program, in the backend's dialect */
  const char *kernel_name;
  const char *what;        /* the variant's name, for messages */
  const void *table;       /* the twiddle table argument (CM-K, TW-GM), else NULL */
  size_t table_bytes;
  const void *tw4;         /* the four-step twiddle table argument, else NULL */
  size_t tw4_bytes;
  const void *abft;        /* ABFT's input checksum table (core/abft.h), else NULL */
  size_t abft_bytes;
} pass_code;

typedef struct backend {
  const char *name;        /* "OpenCL", "CUDA": in messages */
  const dialect *dialect;  /* the language its kernels are generated in */
  void (*destroy)(void *rt);
  /* A plan's chain of device objects (NULL when out of memory), and its release. */
  void *(*chain_new)(void *rt);
  void (*chain_free)(void *chain);
  /* Pass i's launch shape and buffer roles, which the planner fills (i < DECOMPOSE_MAX_PASSES). */
  pass_launch *(*launch)(void *chain, int i);
  /* How many passes the chain runs. */
  void (*set_npasses)(void *chain, int n);
  /* Builds pass i from code (launch(chain, i)->wg set) and uploads its tables.  Errors: BUILD,
   * UNSUPPORTED (the compiled kernel cannot take the work-group), OUT_OF_MEMORY, the runtime's own. */
  ppfft_status (*pass_build)(void *rt, const errors *e, void *chain, int i, const pass_code *code);
  void (*pass_release)(void *chain, int i);
  /* The temporary buffer of four-step and XP plans; tmp_bytes gives its size (0: none). */
  ppfft_status (*alloc_tmp)(void *rt, const errors *e, void *chain, size_t bytes);
  size_t (*tmp_bytes)(const void *chain);
  /* Random data for a measurement (in_elems and out_elems complex elements of precision prec, a
   * ppfft_precision; out unused in place),
   * timed runs of a chain on it in ms (whole: every pass and the gaps between them; otherwise the
   * single launch of a one-pass chain), and its release. */
  ppfft_status (*rig_make)(void *rt, const errors *e, int prec, int inplace, size_t in_elems, size_t out_elems, void **rig);
  ppfft_status (*rig_run)(void *rig, const errors *e, void *chain, int whole, double *ms);
  void (*rig_free)(void *rig);
  /* One run of a chain on host data, for checks (not timed): in_elems complex elements of in (in
   * the chain's precision, interleaved) to the device, the chain run, out_elems of the result (in
   * place: the input buffer) back into out.  Errors: the runtime's, OUT_OF_MEMORY. */
  ppfft_status (*run_host)(void *rt, const errors *e, void *chain, int prec, int inplace, size_t in_elems, size_t out_elems, const void *in,
                           void *out);
  /* ABFT (core/abft.h): the chain's control buffer, made zeroed (abft_init); the threshold and the
   * fault-injection words (ABFT_CTL_NINJ on) the next execution writes first (abft_set, inj NULL:
   * none to write); the counters ABFT_CTL_DETECTED .. UNCORRECTABLE read after the chain's last
   * executions, or zeroed (abft_counters).  Errors: the runtime's. */
  ppfft_status (*abft_init)(void *rt, const errors *e, void *chain);
  void (*abft_set)(void *chain, double delta, const uint32_t *inj);
  ppfft_status (*abft_counters)(void *rt, const errors *e, void *chain, uint32_t ctl[3], int reset);
} backend;

/* The elements of the one buffer of an in-place run (rig_make, run_host): the larger span.  A pass
 * from one part of a plan's temporary buffer to another (Bluestein's and Rader's rows and the
 * four-step scratch space after them) is in place, and writes past its input's span. */
static inline size_t backend_inplace_elems(size_t in_elems, size_t out_elems) { return in_elems > out_elems ? in_elems : out_elems; }

extern const backend backend_opencl;
extern const backend backend_cuda; /* in libppfft_cuda only */

#endif
