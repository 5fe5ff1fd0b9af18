/* Four-step: a dimension too long for one work-group in 2 or 3 passes, N = N1 x N2 [x N3] (see
 * core/decompose.h): the balanced split, and with PPFFT_EXHAUSTIVE, for a 1D transform, every
 * other order and proportion of its power-of-two factors (2^20 = 64 x 16384 ... 16384 x 64), none
 * shorter than EXHAUSTIVE_MIN_FACTOR (or the balanced split's shortest): a pass moves all the data
 * whatever its length, so a shorter one only makes the others longer. */
#include "plan/solver.h"
#include <stdlib.h>
#include <string.h>

enum { EXHAUSTIVE_MIN_FACTOR = 64 };

static int applicable(const ppfft_context *c, const search_problem *sp)
{
  (void)c;
  if (split_has_bluestein(&sp->fewest)) return 0; /* solver_bluestein's */
  for (int d = 0; d < sp->t->rank; ++d)
    if (sp->fewest.nfactors[d] > 1) return 1;
  return 0;
}

static size_t candidates(const ppfft_context *c, const search_problem *sp, plan_candidate *out, size_t max)
{
  (void)c;
  if (max < 1) return 0;
  size_t n = 0;
  out[n++] = (plan_candidate){.sp = sp->fewest, .from = solver_fourstep.name};
  const transform *t = sp->t;
  int d = t->rank - 1, k = sp->fewest.nfactors[d];
  if (!sp->exhaustive || t->rank != 1 || k < 2) return n;
  size_t lo = sp->fewest.factor[d][0] < EXHAUSTIVE_MIN_FACTOR ? sp->fewest.factor[d][0] : EXHAUSTIVE_MIN_FACTOR;
  size_t(*f)[DECOMPOSE_MAX_FACTORS] = malloc(max * sizeof *f);
  int found = f ? decompose_splits(t->n[d], k, lo, f, (int)max) : 0;
  for (int i = 0; i < found && (size_t)i < max && n < max; ++i) {
    if (memcmp(f[i], sp->fewest.factor[d], (size_t)k * sizeof f[i][0]) == 0) continue; /* the balanced one, above */
    out[n] = out[0];
    memcpy(out[n].sp.factor[d], f[i], sizeof f[i]);
    ++n;
  }
  free(f);
  return n;
}

const solver solver_fourstep = {"four-step", applicable, candidates};
