/* decompose: a transform as a chain of passes, each a batched 1D problem one kernel computes.
 *
 * Dimensions are transformed one after another, the contiguous one first; the first pass reads the
 * input and writes the output, later passes work in place on the output.  A dimension too long for
 * one work-group is split into factors L = f0 x f1 [x f2] (four-step): the first pass transforms
 * columns of f0 (input stride L/f0) into the temporary buffer and multiplies by the twiddles
 * w_L^(m k); middle passes do the same in place inside the temporary buffer; the last transforms
 * contiguous rows of the temporary buffer and writes them transposed to their final places.  The
 * temporary buffer holds one transform set.  The other dimensions and the batch become the levels
 * of each pass's transform index (problem.h), the smallest stride first, so that a column pass's
 * neighbouring transforms are neighbours in memory. */
#ifndef PPFFT_CORE_DECOMPOSE_H
#define PPFFT_CORE_DECOMPOSE_H
#include "core/problem.h"
#include "core/transform.h"

enum { DECOMPOSE_MAX_FACTORS = 3, DECOMPOSE_MAX_PASSES = 3 * DECOMPOSE_MAX_FACTORS };

typedef enum { BUF_OUT, BUF_IN, BUF_TMP } buffer_role; /* in-place plans use BUF_OUT only */

typedef struct pass_desc {
  problem pb;
  buffer_role src, dst;
  int transpose; /* an explicit transpose (XP), not an FFT pass */
  int variant;   /* which of the plan string's variants the pass runs (-1 for a transpose) */
} pass_desc;

/* How each dimension is split: factor[d][0..nfactors[d]-1] multiply to n[d] (nfactors[d] = 0 for
 * a dimension of length 1, which needs no pass). */
typedef struct split {
  int nfactors[3];
  size_t factor[3][DECOMPOSE_MAX_FACTORS];
  int xpose[3]; /* XP: a strided dimension in one pass between two transposes */
} split;

/* The passes for t under sp, in execution order, into out[DECOMPOSE_MAX_PASSES]; the temporary
 * buffer's length in elements in *tmp_elems (0: none).  Returns the number of passes, or -1 with
 * the reason in msg. */
int decompose(const transform *t, const split *sp, pass_desc *out, size_t *tmp_elems, char *msg, size_t len);

/* Every ordered split of L into k factors, none shorter than min_factor: the first factor
 * ascending, then the second (2^20, k = 2, 64: 64 x 16384, 128 x 8192, ..., 16384 x 64; 96, k = 2,
 * 2: 2 x 48, 3 x 32, ..., 48 x 2).  Writes the first max of them to f and returns how many there are
 * (0 if k is not 1..DECOMPOSE_MAX_FACTORS, or out of memory). */
int decompose_splits(size_t L, int k, size_t min_factor, size_t (*f)[DECOMPOSE_MAX_FACTORS], int max);

/* The processing order of dimensions: d = rank-1 down to 0, skipping lengths of 1 (all of them
 * only when every length is 1: then the last dimension, as one pass of length 1). */
int decompose_dims(const transform *t, int *dims);

#endif
