/* Rader's algorithm (core/rader.h) for every dimension of a complex transform whose length is a
 * prime with a 13-smooth N - 1: each such dimension as a cyclic convolution of N - 1 points, its two
 * FFTs split as the estimate fits them (the other prime lengths Bluestein's); the other dimensions
 * as the fewest passes.  The planner times it against solver_bluestein's plan; the estimate takes
 * it by cost (plan/split.c).  Where an FFT is one pass, with and without the pointwise steps fused
 * into it (BFF, BFI). */
#include "plan/solver.h"

static int applicable(const ppfft_context *c, const search_problem *sp)
{
  (void)c;
  return split_rader_applies(sp->t);
}

static size_t candidates(const ppfft_context *c, const search_problem *sp, plan_candidate *out, size_t max)
{
  if (max < 1) return 0;
  split r = sp->fewest;
  if (!split_has_rader(&r) && split_fewest_prime(c, sp->t, PRIME_RADER, &r) != 0) return 0;
  out[0] = (plan_candidate){.sp = r, .from = solver_rader.name};
  if (max < 2) return 1;
  out[1] = out[0]; /* the pointwise steps fused into the FFTs (the estimate's are not) */
  return split_fuse(sp->t, &out[1].sp, !r.fused[0] && !r.fused[1] && !r.fused[2]) ? 2 : 1;
}

const solver solver_rader = {"Rader", applicable, candidates};
