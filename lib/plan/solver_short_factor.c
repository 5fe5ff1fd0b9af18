/* A long 1D f16 transform in two passes, one of them short (64, 128 or 256 points), in both orders.
 * The balanced split makes both passes long, and f16's long passes are slow: in the H200 tune of
 * 2^18 f16 (bench/results/2026-11-25-h200-f16, f16c-call1's -v log) the balanced 512 x 512 took
 * 0.324 ms (column pass) + 0.288 (row pass), where each 64-point COLS pass of 64 x 64 x 64 took
 * 0.165-0.191 ms, so the tune chose three passes.  Two passes, one of them a fast short one, move
 * the data once less.  The long factor first keeps the long pass's sides both columns (COLS in
 * exchange rounds), the short one first keeps the long pass a row pass; both are timed, and a split
 * whose pass no kernel fits leaves itself out.  Measured (the H200 tune at 96921dd, the same
 * folder's f16d-tune): 2^18 as 1024 x 256 took 0.479 ms (0.277 + 0.202 by pass), against 0.524 for
 * 512 x 512 and 0.527 for 64 x 64 x 64, and runs at 1.34x cuFFT f16 (1.23x in three passes).
 * The long factor is at most 2048: on CUDA a COLS pass of 4096 points holds 8 columns (32-byte
 * rows) in no block's registers (1024 threads x 32 elements, or 512 x 64), and fewer columns move
 * rows of 16 bytes or less.  The balanced two-pass split is the four-step and reorder solvers'.
 * Under PPFFT_EXHAUSTIVE the four-step solver times every split into the fewest passes, so this
 * one proposes its splits there only where the fewest is three. */
#include "plan/solver.h"

static const size_t short_factors[] = {64, 128, 256};
enum { LONG_FACTOR_MAX = 2048 };

static int applicable(const ppfft_context *c, const search_problem *sp)
{
  (void)c;
  const transform *t = sp->t;
  return t->f16 && t->rank == 1 && !split_has_bluestein(&sp->fewest) && !sp->fewest.real_half && sp->fewest.nfactors[0] >= 2 &&
         t->n[0] >= ((size_t)1 << 17) && (t->n[0] & (t->n[0] - 1)) == 0;
}

/* Whether a x b is the balanced two-pass split of L in either order: the four-step solver's (the
 * fewest passes) or the reorder solver's (its other order, or one pass fewer than three). */
static int is_balanced(size_t L, size_t a, size_t b)
{
  size_t f[DECOMPOSE_MAX_FACTORS];
  return split_balanced(L, 2, f) && ((f[0] == a && f[1] == b) || (f[0] == b && f[1] == a));
}

static size_t candidates(const ppfft_context *c, const search_problem *sp, plan_candidate *out, size_t max)
{
  (void)c;
  size_t n = 0, L = sp->t->n[0];
  if (sp->exhaustive && sp->fewest.nfactors[0] == 2) return 0; /* the four-step solver's */
  for (size_t i = 0; i < sizeof short_factors / sizeof short_factors[0]; ++i)
    for (int o = 0; o < 2 && n < max; ++o) {
      size_t s = short_factors[i], l = L / s, a = o ? s : l, b = o ? l : s;
      if (l <= s || l > LONG_FACTOR_MAX || is_balanced(L, a, b)) continue;
      out[n] = (plan_candidate){.sp = sp->fewest, .from = solver_short_factor.name};
      out[n].sp.nfactors[0] = 2;
      out[n].sp.factor[0][0] = a;
      out[n].sp.factor[0][1] = b;
      out[n].sp.factor[0][2] = 0;
      ++n;
    }
  return n;
}

const solver solver_short_factor = {"f16: two passes, one short", applicable, candidates};
