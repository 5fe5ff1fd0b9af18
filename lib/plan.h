/* A plan: one validated problem, one variant, its built kernel and twiddle table. */
#ifndef PPFFT_PLAN_H
#define PPFFT_PLAN_H
#include "context.h"
#include "geometry.h"
#include "problem.h"
#include "variant.h"
#include <threads.h>

struct ppfft_plan {
  ppfft_context *ctx;
  problem pb;
  variant v;
  geometry g;
  cl_program program;
  cl_kernel kernel;
  cl_mem table;      /* CM-K / TW-GM twiddles, else NULL */
  mtx_t lock;        /* kernel arguments are per cl_kernel: set and enqueue under this lock */
  char name[256];    /* the variant string */
};

/* Builds the plan for problem pb with variant v on c.  On failure returns the status (message set on
 * c) and leaves *out NULL. */
ppfft_status plan_build(ppfft_context *c, const problem *pb, const variant *v, ppfft_plan **out);

#endif
