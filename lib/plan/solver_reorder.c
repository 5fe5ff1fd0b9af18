/* The fewest passes of a long 1D transform with the long factor first, and one pass fewer than the
 * fewest the estimate found.  The balanced split puts the shorter factor first, so the long one is
 * the last pass, which reads rows and writes columns: staged through local memory, it holds half
 * the columns (COLS) of a first pass, whose sides are both columns and whose exchange goes in
 * rounds.  The other order, and a split into fewer passes that the estimate's fit refused for that
 * reason (2^21 f32 on NVIDIA's OpenCL: 1024 x 2048 has a 2048-point row-in pass of 16 bytes a row,
 * 2048 x 1024 a row-in pass of 1024 with 32), are timed here; a pass without candidates leaves its
 * split out.  (PPFFT_EXHAUSTIVE's four-step solver already times every order of the fewest.)  A
 * real transform on the fast path splits its complex length N/2 the same way: its last pass (an
 * R2C's pairing, a C2R's paired real stores) is the one whose order matters most. */
#include "plan/solver.h"

static int applicable(const ppfft_context *c, const search_problem *sp)
{
  (void)c;
  const transform *t = sp->t;
  return !split_has_bluestein(&sp->fewest) && t->rank == 1 && sp->fewest.nfactors[0] >= 2;
}

/* f[0..k-1] in descending order into out, if that is another order; returns whether it is. */
static int descending(const size_t *f, int k, size_t *out)
{
  int other = 0;
  for (int i = 0; i < k; ++i) out[i] = f[k - 1 - i];
  for (int i = 0; i + 1 < k; ++i)
    if (out[i] < out[i + 1]) return 0; /* not ascending to begin with: leave it */
  for (int i = 0; i < k; ++i) other |= out[i] != f[i];
  return other;
}

static size_t candidates(const ppfft_context *c, const search_problem *sp, plan_candidate *out, size_t max)
{
  (void)c;
  size_t n = 0;
  int k = sp->fewest.nfactors[0];
  size_t f[DECOMPOSE_MAX_FACTORS], r[DECOMPOSE_MAX_FACTORS];
  if (!sp->exhaustive && n < max && descending(sp->fewest.factor[0], k, r)) {
    out[n] = (plan_candidate){.sp = sp->fewest, .from = solver_reorder.name};
    for (int i = 0; i < k; ++i) out[n].sp.factor[0][i] = r[i];
    ++n;
  }
  if (k > 2 && split_balanced(decompose_fft_length(sp->t, &sp->fewest, 0), k - 1, f)) /* one pass fewer, both orders */
    for (int o = 0; o < 2 && n < max; ++o) {
      if (o && !descending(f, k - 1, r)) break;
      out[n] = (plan_candidate){.sp = sp->fewest, .from = solver_reorder.name};
      out[n].sp.nfactors[0] = k - 1;
      for (int i = 0; i < DECOMPOSE_MAX_FACTORS; ++i) out[n].sp.factor[0][i] = i < k - 1 ? (o ? r[i] : f[i]) : 0;
      ++n;
    }
  return n;
}

const solver solver_reorder = {"long factor first, one pass fewer", applicable, candidates};
