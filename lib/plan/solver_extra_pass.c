/* One pass more than needed: for a long 1D transform, shorter kernels with more transforms per
 * work-group may beat the fewest passes; also the way out when no kernel of the fewest passes
 * builds (every one-pass kernel may need more registers than the device gives). */
#include "plan/solver.h"

static int applicable(const ppfft_context *c, const search_problem *sp)
{
  (void)c;
  const transform *t = sp->t;
  int d = t->rank - 1, k = sp->fewest.nfactors[d];
  size_t f[DECOMPOSE_MAX_FACTORS];
  return !split_has_bluestein(&sp->fewest) && t->rank == 1 && t->n[d] >= 4096 && k < DECOMPOSE_MAX_FACTORS && split_balanced(t->n[d], k + 1, f);
}

static size_t candidates(const ppfft_context *c, const search_problem *sp, plan_candidate *out, size_t max)
{
  (void)c;
  if (max < 1) return 0;
  int d = sp->t->rank - 1;
  out[0] = (plan_candidate){.sp = sp->fewest, .from = solver_extra_pass.name};
  out[0].sp.nfactors[d] += 1;
  split_balanced(sp->t->n[d], out[0].sp.nfactors[d], out[0].sp.factor[d]);
  return 1;
}

const solver solver_extra_pass = {"one pass more", applicable, candidates};
