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
 * neighbouring transforms are neighbours in memory.
 *
 * A Bluestein dimension (core/bluestein.h) of length N is five steps over rows of M elements, one
 * row per transform of that dimension, at the start of the temporary buffer (before the four-step
 * and XP scratch space):
 * a pointwise chirp-in pass from the source into the rows (zero past N), FFT_M forward on the rows
 * in place (one pass, or four-step through the scratch space), the pointwise filter (which writes
 * the conjugate), FFT_M forward again, and the pointwise chirp-out pass (which reads the conjugate:
 * the inverse FFT) to the destination (k < N).  Both FFTs are forward whatever the transform's
 * direction, so that they and both directions share their kernels.  A Rader dimension (core/rader.h)
 * is the same five steps over rows of L + 2 = N + 1 elements, with Rader's pointwise passes.
 * Fused (split.fused, a complex dimension whose FFT_M is one pass, not GM): two passes, the first
 * FFT_M from the source into the rows with chirp-in (rader-in) in its loads and the filter in its
 * stores, the second from the rows to the destination with chirp-out (rader-out) in its stores
 * (problem.h's fuse_in, fuse_out).  Bluestein's FFT_M in two or three passes (four-step) fuses the
 * same way: chirp-in in the first pass's loads (from the source), the filter in the last forward
 * pass's stores (into the rows), chirp-out in the inverse's last (to the destination), where the
 * last passes' innermost levels are the earlier passes' output digits (else, quietly, the five
 * steps unfused: the plan string says BSF/BSI then).  Rader's FFT in two passes of a 1D transform
 * too: the first pass's loads also copy x_0 into the row's element L, the second's stores X_0 into
 * L + 1, and rader-out in the fourth reads both from the rows at the start of its input buffer.
 *
 * A real transform's real dimension (core/problem.h's r2c, c2r) in one pass is that pass's loads and
 * stores.  Split into passes (four-step on the fast path, or Bluestein's), its real processing goes
 * into the first pass's loads and the last pass's stores (problem.h's real_part); the fast R2C's
 * pairing of Z_k with Z_(M-k) goes into the last four-step pass (problem.h's mirror), or where it
 * cannot (Bluestein's, a layout whose lowest level is not the four-step digit) into an extra
 * pointwise pass in place on the output (POINTWISE_R2C_POST; decompose.c's real_split_passes). */
#ifndef PPFFT_CORE_DECOMPOSE_H
#define PPFFT_CORE_DECOMPOSE_H
#include "core/bluestein.h"
#include "core/problem.h"
#include "core/transform.h"

/* at most 2 FFTs of 3 passes and 3 pointwise passes per dimension (Bluestein), and an R2C's
 * post-processing pass */
enum { DECOMPOSE_MAX_FACTORS = 3, DECOMPOSE_MAX_PASSES = 3 * (2 * DECOMPOSE_MAX_FACTORS + 3) + 1 };

typedef enum { BUF_OUT, BUF_IN, BUF_TMP } buffer_role; /* in-place plans use BUF_OUT only */

typedef struct pass_desc {
  problem pb;
  buffer_role src, dst;
  int transpose; /* an explicit transpose (XP), not an FFT pass */
  int variant;   /* which of the plan string's variants the pass runs (-1 for a transpose or a
                  * pointwise pass) */
  int dim;       /* the dimension the pass belongs to */
  int bluestein; /* an FFT pass of a Bluestein dimension: 1 the first FFT, 2 the second (BSF, BSI);
                  * 3, 4 the same with the pointwise steps fused into them (BFF, BFI) */
  pointwise_kind pointwise; /* a Bluestein pointwise pass (no variant): which */
  size_t chirp_n;           /* its dimension's length N (pb.n is M) */
} pass_desc;

/* How each dimension is split: factor[d][0..nfactors[d]-1] multiply to n[d] (nfactors[d] = 0 for
 * a dimension of length 1, which needs no pass). */
typedef struct split {
  int nfactors[3];
  size_t factor[3][DECOMPOSE_MAX_FACTORS];
  int xpose[3]; /* XP: a strided dimension in one pass between two transposes */
  int real_half; /* a real transform's (even) real dimension as a complex transform of half its
                  * length on pairs of reals (the fast path; its factors multiply to n/2) */
  size_t bluestein[3]; /* Bluestein's M for the dimension (0: none); its factors then split M */
  int rader[3];        /* instead Rader's algorithm (core/rader.h): bluestein[d] is then L = n[d] - 1 */
  int fused[3];        /* Bluestein's or Rader's FFT_M in one pass (nfactors[d] = 1) with the pointwise
                        * steps fused into its loads and stores: two passes, BFF and BFI */
} split;

/* The passes for t under sp, in execution order, into out[DECOMPOSE_MAX_PASSES]; the temporary
 * buffer's length in elements in *tmp_elems (0: none).  Returns the number of passes, or -1 with
 * the reason in msg. */
int decompose(const transform *t, const split *sp, pass_desc *out, size_t *tmp_elems, char *msg, size_t len);

/* The length that dimension d's FFT passes multiply to under sp: n[d], Bluestein's M, or half a
 * real dimension on the fast path. */
size_t decompose_fft_length(const transform *t, const split *sp, int d);

/* Every ordered split of L into k factors, none shorter than min_factor: the first factor
 * ascending, then the second (2^20, k = 2, 64: 64 x 16384, 128 x 8192, ..., 16384 x 64; 96, k = 2,
 * 2: 2 x 48, 3 x 32, ..., 48 x 2).  Writes the first max of them to f and returns how many there are
 * (0 if k is not 1..DECOMPOSE_MAX_FACTORS, or out of memory). */
int decompose_splits(size_t L, int k, size_t min_factor, size_t (*f)[DECOMPOSE_MAX_FACTORS], int max);

/* The processing order of dimensions: d = rank-1 down to 0, skipping lengths of 1 (all of them
 * only when every length is 1: then the last dimension, as one pass of length 1). */
int decompose_dims(const transform *t, int *dims);

#endif
