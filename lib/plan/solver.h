/* Solvers: the ways the planner knows to compute a transform, one file each, tried in the order of
 * the table in plan/solvers.c (FFTW's dft/conf.c).  A solver says whether it applies to a transform
 * and which candidate plans it proposes; the planner (plan/planner.c) times every applicable
 * solver's candidates, whole plan against whole plan, and keeps the fastest.  A new algorithm (a
 * real-data transform, Bluestein, a CUDA kernel family) is a new file and a row in the table.
 *
 * A candidate is a split of the transform's dimensions into passes (core/decompose.h) whose passes'
 * variants are chosen by timing each pass's candidate list (plan/candidates.h), or the estimate's
 * own plan, built without timing. */
#ifndef PPFFT_PLAN_SOLVER_H
#define PPFFT_PLAN_SOLVER_H
#include "core/decompose.h"
#include "plan/context.h"

/* What every solver looks at: the transform, and the fewest passes per dimension that the estimate's
 * kernels fit (computed once per search). */
typedef struct search_problem {
  const transform *t;
  split fewest;   /* each dimension in as few passes as fit: on-chip kernels if any, else GM */
  int exhaustive; /* PPFFT_EXHAUSTIVE: the whole search space */
} search_problem;

typedef struct plan_candidate {
  split sp;         /* the split to time, each pass over its candidate list */
  int estimate;     /* instead: the estimate's plan (sp unused) */
  const char *from; /* the solver's name */
} plan_candidate;

typedef struct solver {
  const char *name;
  /* whether the solver applies to the problem */
  int (*applicable)(const ppfft_context *c, const search_problem *sp);
  /* its candidates, at most max, into out; returns how many */
  size_t (*candidates)(const ppfft_context *c, const search_problem *sp, plan_candidate *out, size_t max);
} solver;

/* The table, in the order the planner tries it; NULL-terminated. */
extern const solver *const solvers[];

extern const solver solver_onepass, solver_fourstep, solver_reorder, solver_short_factor, solver_xpose, solver_extra_pass, solver_real_half, solver_bluestein,
    solver_rader, solver_estimate;

/* Helpers the solvers share (plan/split.c). */

/* Sets Bluestein's M (core/bluestein.h: the power of two >= 2N - 1) for every dimension of t whose
 * length needs it (transform_needs_bluestein), 0 for the others; a real transform's even real
 * dimension that needs it goes on the fast path (real_half), M for N/2.  A complex transform's
 * dimension whose length Rader's algorithm takes (core/rader.h) goes to it instead where the
 * estimate's cost says so (split.c's rader_cheaper). */
void split_bluestein(const transform *t, split *sp);

/* Which algorithm the dimensions of prime lengths take: the estimate's choice, Bluestein's
 * wherever, or Rader's wherever it applies (a complex transform's prime length whose N - 1 is
 * 13-smooth; the others Bluestein's). */
typedef enum { PRIME_ESTIMATE, PRIME_BLUESTEIN, PRIME_RADER } prime_algorithm;
void split_prime(const transform *t, prime_algorithm a, split *sp);

/* Whether some dimension of sp is Rader's, and whether some dimension of t can be. */
int split_has_rader(const split *sp);
int split_rader_applies(const transform *t);

/* The ways to a real transform's real dimension: its N points in one pass (the general path), N/2
 * points on pairs of reals (the fast path, even N, one pass or four-step), or, for an odd N whose N
 * points fit no pass, its N points through Bluestein's algorithm; set in sp with split_bluestein. */
typedef enum { REAL_PATH_GENERAL, REAL_PATH_HALF, REAL_PATH_BLUESTEIN } real_path;
void split_real_path(const transform *t, real_path path, split *sp);

/* Whether dimension d of sp can fuse Bluestein's or Rader's pointwise steps into its FFT_M (BFF,
 * BFI; core/decompose.h): a complex dimension of theirs whose FFT_M is one pass (Bluestein's: or
 * two or three; Rader's of a 1D transform: or two), without XP, not f16.  split_fuse sets every such dimension fused or not, and returns whether that changed sp. */
int split_fusable(const transform *t, const split *sp, int d);
int split_fuse(const transform *t, split *sp, int fused);

/* Whether some dimension of sp is Bluestein's (the other solvers then do not apply). */
int split_has_bluestein(const split *sp);

/* Splits L into k factors as even as they go, the smaller first: powers of two for L = 2^a, else
 * the split whose largest factor is smallest; 0 when some factor would be 1. */
int split_balanced(size_t L, int k, size_t *f);

/* How many splits into k factors the estimate tries for a length that is not a power of two, most
 * balanced first. */
enum { SPLIT_ALTERNATIVES = 8 };

/* The fewest passes per dimension that the estimate's kernels fit, without building anything:
 * on-chip kernels if any fit, else GM; a real transform's real dimension on the general path, else
 * (too long for it) on the fast one, or for an odd length through Bluestein's algorithm.  0, or -1 with the message set on c. */
int split_fewest(const ppfft_context *c, const transform *t, split *sp);
/* The same with the given algorithm for prime lengths. */
int split_fewest_prime(const ppfft_context *c, const transform *t, prime_algorithm a, split *sp);

/* The next split of dimension d to try, in the order the estimate prefers: on-chip kernels in 1, 2,
 * then 3 passes, then any kernels (GM too) in 1, 2, 3 (of Bluestein's M for such a dimension); for a
 * length that is not a power of two, up to SPLIT_ALTERNATIVES splits into each number of passes, the
 * most balanced first.  Advances *attempt (start at 0), sets d's
 * factors in sp and returns 1 (on-chip kernels only) or 0; -1 when every split has been tried. */
int split_next_estimate(const transform *t, int d, int *attempt, split *sp);

/* The estimate's candidates for one pass problem; with on_chip_only, without GM (whose every pass
 * goes through global memory) and without column passes too long to read across enough
 * transforms: one more four-step pass costs less than either.  Returns how many. */
size_t split_pass_candidates(const ppfft_context *c, const problem *pb, int on_chip_only, variant *out, size_t max, char *msg,
                             size_t len);

#endif
