/* XP, the 3D FFT report's way to a strided dimension: copy its transforms into contiguous rows of
 * the temporary buffer (a tiled transpose), transform the rows (any vector width), copy them back.
 * For multi-dimensional transforms, against reading across neighbouring transforms in place. */
#include "plan/solver.h"

/* The fewest split with XP on every one-pass dimension that decompose accepts it for (the strided
 * ones); 0 when there is none. */
static int xpose_split(const search_problem *sp, split *xp)
{
  const transform *t = sp->t;
  pass_desc pd[DECOMPOSE_MAX_PASSES];
  size_t tmp;
  char msg[256];
  int any = 0;
  *xp = sp->fewest;
  for (int d = 0; d < t->rank; ++d) {
    if (xp->nfactors[d] != 1) continue;
    xp->xpose[d] = 1;
    if (decompose(t, xp, pd, &tmp, msg, sizeof msg) < 0) xp->xpose[d] = 0; /* contiguous: nothing to transpose */
    else any = 1;
  }
  return any;
}

static int applicable(const ppfft_context *c, const search_problem *sp)
{
  (void)c;
  split xp;
  return !split_has_bluestein(&sp->fewest) && sp->t->rank > 1 && !sp->t->in.planar && !sp->t->out.planar && xpose_split(sp, &xp);
}

static size_t candidates(const ppfft_context *c, const search_problem *sp, plan_candidate *out, size_t max)
{
  (void)c;
  if (max < 1) return 0;
  out[0] = (plan_candidate){.from = solver_xpose.name};
  return (size_t)xpose_split(sp, &out[0].sp);
}

const solver solver_xpose = {"transposed (XP)", applicable, candidates};
