/* One pass per dimension: each dimension fits one work-group's kernel, which reads across
 * neighbouring transforms where the dimension is strided (a column pass).  The common case: every
 * 1D transform up to 4096 points (8192 f32 / 4096 f64 with exchange rounds on NVIDIA's 48 KB). */
#include "plan/solver.h"

static int applicable(const ppfft_context *c, const search_problem *sp)
{
  (void)c;
  if (split_has_bluestein(&sp->fewest)) return 0; /* solver_bluestein's */
  for (int d = 0; d < sp->t->rank; ++d)
    if (sp->fewest.nfactors[d] > 1) return 0;
  return 1;
}

static size_t candidates(const ppfft_context *c, const search_problem *sp, plan_candidate *out, size_t max)
{
  (void)c;
  if (max < 1) return 0;
  out[0] = (plan_candidate){.sp = sp->fewest, .from = solver_onepass.name};
  return 1;
}

const solver solver_onepass = {"one pass", applicable, candidates};
