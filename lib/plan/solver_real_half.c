/* The fast path of a real transform (R2C, C2R) of even real length N: its real dimension as a
 * complex transform of N/2 points on pairs of reals, the pairing of k with N/2-k fused into the
 * kernel's last stores (R2C) or first loads (C2R) (gen/real.c); the other dimensions as the fewest
 * passes.  (Where N/2 itself needs several passes, the fewest split is already the fast path's,
 * which the four-step solver times.)  The one-pass solver's candidate is the general path (a complex transform of N points),
 * so a search times one against the other and wisdom keeps the winner's plan string, whose real
 * pass's length (N/2 or N) says which. */
#include "plan/solver.h"

static int applicable(const ppfft_context *c, const search_problem *sp)
{
  (void)c;
  const transform *t = sp->t;
  size_t N = t->n[t->rank - 1];
  /* (a fewest split already on the fast path, or Bluestein's, is the other solvers' candidate) */
  return t->kind != PPFFT_C2C && N % 2 == 0 && N >= 4 && !sp->fewest.real_half && !split_has_bluestein(&sp->fewest);
}

static size_t candidates(const ppfft_context *c, const search_problem *sp, plan_candidate *out, size_t max)
{
  (void)c;
  int d = sp->t->rank - 1;
  if (max < 1 || sp->fewest.nfactors[d] != 1) return 0; /* the general path runs in one pass */
  out[0] = (plan_candidate){.sp = sp->fewest, .from = solver_real_half.name};
  out[0].sp.real_half = 1;
  out[0].sp.factor[d][0] = sp->t->n[d] / 2;
  return 1;
}

const solver solver_real_half = {"real half-length", applicable, candidates};
