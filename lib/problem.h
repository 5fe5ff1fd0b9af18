/* A validated transform problem: what the planner and generator work from.  Everything a user can
 * get wrong in a ppfft_desc is caught here, with a message that says what and why. */
#ifndef PPFFT_PROBLEM_H
#define PPFFT_PROBLEM_H
#include "ppfft.h"

typedef struct problem {
  size_t n;                /* transform length (rank 1) */
  size_t batch;
  int f64;                 /* 0: f32, 1: f64 */
  int sign;                /* -1 forward, +1 backward */
  int inplace;
  size_t in_dist, out_dist;     /* complex elements between transforms */
  size_t in_offset, out_offset; /* complex elements */
  double scale;
} problem;

/* Validates d (see DESIGN "Semantics") and fills p.  The context supplies device limits (fp64) and
 * receives the message.  Statuses: INVALID_ARGUMENT, INVALID_SIZE, INVALID_LAYOUT, UNSUPPORTED. */
ppfft_status problem_from_desc(const ppfft_context *c, const ppfft_desc *d, problem *p);

/* Bytes of one complex element. */
static inline size_t problem_elem_bytes(const problem *p) { return p->f64 ? 16 : 8; }

/* Elements a buffer must hold for the input (which = 0) or output (1) layout. */
size_t problem_span(const problem *p, int which);

#endif
