/* One pass more than needed: for a long 1D transform, shorter kernels with more transforms per
 * work-group may beat the fewest passes; also the way out when no kernel of the fewest passes
 * builds (every one-pass kernel may need more registers than the device gives).  A real transform
 * of even length splits on the fast path, its complex length N/2 (decompose_fft_length; the general
 * path runs in one pass): split by the real length N, its passes made no plan, so a C2R of 65536
 * in one pass of 32768 was never timed against two. */
#include "plan/solver.h"

/* The fewest split with one pass more in the last dimension into s; whether there is one. */
static int one_more(const search_problem *sp, split *s)
{
  const transform *t = sp->t;
  int d = t->rank - 1;
  *s = sp->fewest;
  if (split_has_bluestein(s) || t->rank != 1 || t->n[d] < 4096 || s->nfactors[d] >= DECOMPOSE_MAX_FACTORS) return 0;
  if (t->kind != PPFFT_C2C && t->n[d] % 2 == 0) s->real_half = 1;
  s->nfactors[d] += 1;
  return split_balanced(decompose_fft_length(t, s, d), s->nfactors[d], s->factor[d]);
}

static int applicable(const ppfft_context *c, const search_problem *sp)
{
  (void)c;
  split s;
  return one_more(sp, &s);
}

static size_t candidates(const ppfft_context *c, const search_problem *sp, plan_candidate *out, size_t max)
{
  (void)c;
  if (max < 1) return 0;
  out[0] = (plan_candidate){.from = solver_extra_pass.name};
  return one_more(sp, &out[0].sp) ? 1 : 0;
}

const solver solver_extra_pass = {"one pass more", applicable, candidates};
