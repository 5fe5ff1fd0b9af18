/* Bluestein's chirp-z algorithm (core/bluestein.h) for a transform with a dimension that no FFT
 * passes of its own length compute (transform_needs_bluestein): each such dimension as a cyclic
 * convolution of length M, the power of two >= 2N - 1, with its two FFT_M split as the estimate
 * fits them; the other dimensions as the fewest passes.  With PPFFT_EXHAUSTIVE also with 2M for a
 * 1D transform: a longer M can split into faster passes (or one pass fewer is none of them).  Where
 * the estimate took Rader's algorithm (solver_rader), Bluestein's there instead.  Where an FFT is
 * one pass (Bluestein's: or two), with and without the pointwise steps fused into it (BFF, BFI). */
#include "plan/solver.h"

static int applicable(const ppfft_context *c, const search_problem *sp)
{
  (void)c;
  return split_has_bluestein(&sp->fewest);
}

static size_t candidates(const ppfft_context *c, const search_problem *sp, plan_candidate *out, size_t max)
{
  if (max < 1) return 0;
  split b = sp->fewest;
  /* the estimate took Rader's for some dimension (solver_rader's): Bluestein's there instead */
  if (split_has_rader(&b) && split_fewest_prime(c, sp->t, PRIME_BLUESTEIN, &b) != 0) return 0;
  out[0] = (plan_candidate){.sp = b, .from = solver_bluestein.name};
  const transform *t = sp->t;
  size_t n = 1;
  if (max >= 2) { /* the pointwise steps fused into the FFTs (the estimate's are not) */
    out[1] = out[0];
    n += (size_t)split_fuse(t, &out[1].sp, !b.fused[0] && !b.fused[1] && !b.fused[2]);
  }
  int d = t->rank - 1, k = b.nfactors[d];
  size_t M2 = 2 * b.bluestein[d];
  if (!sp->exhaustive || max < n + 1 || t->rank != 1 || !M2 || M2 > ((size_t)1 << 30)) return n;
  out[n] = out[0];
  out[n].sp.bluestein[d] = M2;
  out[n].sp.fused[d] = 0;
  if (k == 1) out[n].sp.factor[d][0] = M2;
  else if (!split_balanced(M2, k, out[n].sp.factor[d])) return n;
  return n + 1;
}

const solver solver_bluestein = {"Bluestein", applicable, candidates};
