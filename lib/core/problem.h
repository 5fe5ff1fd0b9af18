/* A problem is what one generated kernel computes: a batch of 1D transforms of one length, each
 * read from and written to a strided layout.  A plain batched 1D transform is one problem; the
 * passes of multi-dimensional and large transforms (decompose.h) are problems with element strides,
 * several levels of transform index, separate real and imaginary buffers, or a four-step twiddle.
 *
 * Transform b (0 <= b < batch) is split into levels b = b0 + c0 * (b1 + c1 * (b2 + ...)); on each
 * side its first element is offset + b0 * dist0 + b1 * dist1 + ..., and its element k is at that
 * plus k * stride.  With one level this is the familiar offset + b * dist. */
#ifndef PPFFT_CORE_PROBLEM_H
#define PPFFT_CORE_PROBLEM_H
#include "core/transform.h"
#include "ppfft.h"

enum { PROBLEM_MAX_LEVELS = 6 };

typedef struct problem {
  size_t n;                     /* transform length */
  size_t batch;                 /* transforms, the product of the level counts */
  int f64;                      /* 0: f32, 1: f64 */
  int f16;                      /* half2 data in memory (CUDA), computed in f32 (f64 is 0) */
  int sign;                     /* -1 forward, +1 backward */
  int inplace;                  /* one buffer, the same layout on both sides */
  size_t in_dist, out_dist;     /* level 0's distances */
  size_t in_offset, out_offset; /* elements */
  double scale;
  /* the general layout (a plain problem has strides 1, one level, no twiddle, interleaved) */
  size_t in_stride, out_stride;
  int nlev;                                   /* levels of transform index, >= 1 */
  size_t lev_count[PROBLEM_MAX_LEVELS];       /* c0, c1, ...; the last level's count is implied */
  size_t lev_in_dist[PROBLEM_MAX_LEVELS];     /* dist of levels 1..; level 0's are in_dist and */
  size_t lev_out_dist[PROBLEM_MAX_LEVELS];    /* out_dist (read them with problem_level_dist) */
  size_t twiddle_n;  /* four-step: output k of a transform whose index at level twiddle_level is
                      * m is multiplied by exp(sign 2 pi i m k / twiddle_n); 0: none */
  int twiddle_level;
  int in_planar, out_planar;
  /* the real dimension of a real transform, as a complex transform of length n whose global
   * loads and stores map indices (no extra pass): r2c reads real values (imaginary 0; in_stride
   * and in_dist count reals) and stores k <= n/2 only; c2r reads k <= n/2 and conj(x[n-k]) for
   * k > n/2 and stores real parts (out_stride and out_dist count reals) */
  int r2c, c2r;
  /* with r2c or c2r: the fast path for an even real length N.  n is N/2, element k of the
   * transform is the pair of reals 2k, 2k+1 (z_k = x_2k + i x_2k+1); r2c pairs Z_k with
   * Z_(n-k) after the transform and stores X_0..X_n; c2r builds Z_k from X_k and X_(n-k) in its
   * loads (gen/real.c has the formulas) */
  int half;
  /* with r2c or c2r: which part of the real processing this pass does.  REAL_WHOLE: all of it (the
   * real dimension in one pass, as above).  A real dimension in several passes (four-step, or
   * Bluestein's chirps) splits it: REAL_FIRST does only the loads' part (r2c: reads reals; c2r:
   * reads the Hermitian half and builds Z_k, or in a chirp-in on the general path extends it by
   * conj X_(N-k), at the dimension's global index: in a four-step first pass, the twiddle level's
   * index r plus twiddle_n / n times the position) and stores complex values; REAL_LAST only the
   * stores' part (c2r: real values; a chirp-out on the general path: r2c's k <= N/2) from complex
   * loads.  Four-step passes are on the fast path only.  An R2C's pairing on the fast path is then
   * the last pass's (mirror, below), or where it cannot be a pointwise pass of its own
   * (POINTWISE_R2C_POST). */
  int real_part;
  /* the last pass (r2c, half, REAL_LAST) of a split fast R2C: its lowest levels are the earlier
   * passes' output digit d, of count mirror (even), and it pairs Z_k with Z_(M-k) itself
   * (gen/real.c).  The transforms are permuted within each run of mirror (gen/layout.c): transform
   * 2x holds digit x and 2x+1 digit mirror - x (mirror/2 for x = 0), so the rows that pair, d and
   * mirror - d, are neighbours in one work-group (an even t).  0: none */
  size_t mirror;
  /* the fast path's real side in a split real dimension: its stride counts reals between z_k and
   * z_(k+1), and x_2k+1 is pair_stride reals after x_2k; 0 (REAL_WHOLE): the stride counts reals
   * between x_2k and x_2k+1, z_k's are twice that apart */
  size_t pair_stride;
  /* Bluestein's or Rader's pointwise steps fused into the loads and the final stores of an FFT_M
   * (core/decompose.h; gen/io.c emits them): fuse_in (POINTWISE_CHIRP_IN or RADER_IN, else 0)
   * on the loads, fuse_out (FILTER, CHIRP_OUT, RADER_FILTER or RADER_OUT, else 0) on the stores, for
   * a dimension of length fuse_n in the direction fuse_sign (the pass's own sign is forward); their
   * tables are the kernel's argument fz (core/fuse.h) */
  int fuse_in, fuse_out;
  size_t fuse_n;
  int fuse_sign;
  /* a fused FFT_M in two or three passes (four-step): the first pass's loads index the dimension's
   * element m + (twiddle_n / n) pos (m: the twiddle level's index), and the last pass's stores
   * element d + fuse_digit pos, d the transform index mod fuse_digit (its innermost levels, the
   * earlier passes' output digits: fuse_digit f0, or f0 f1); 0 in a one-pass FFT_M: element pos */
  size_t fuse_digit;
} problem;

enum { REAL_WHOLE = 0, REAL_FIRST = 1, REAL_LAST = 2 };

/* Whether p's input (side 0) or output (1) holds reals: an R2C's input or a C2R's output, unless
 * the pass is the other end of a split real dimension. */
static inline int problem_side_real(const problem *p, int side)
{
  return side ? p->c2r && p->real_part != REAL_FIRST : p->r2c && p->real_part != REAL_LAST;
}

/* Whether p's input (side 0) or output (1) is the Hermitian half (k <= N/2) of a real transform:
 * a C2R's input, read by its whole or first pass; an R2C's output, written by its whole or last
 * pass. */
static inline int problem_side_half_spectrum(const problem *p, int side)
{
  return side ? p->r2c && p->real_part != REAL_FIRST : p->c2r && p->real_part != REAL_LAST;
}

/* Validates a rank-1 descriptor d and fills p with the single problem it is.  Statuses as
 * transform_from_desc, plus UNSUPPORTED for rank > 1 (those are several problems). */
ppfft_status problem_from_desc(const errors *e, const device_info *di, const ppfft_desc *d, problem *p);

/* The single problem of a rank-1 transform. */
void problem_of_rank1(const transform *t, problem *p);

/* Fills p with the plain packed problem: batch transforms of length n, out of place, scale 1. */
void problem_init_plain(problem *p, size_t n, size_t batch, int f64, int sign);

/* A plain problem: unit strides, one level, no four-step twiddle, interleaved. */
int problem_is_plain(const problem *p);

/* The distance of level l on the input (side 0) or output side. */
static inline size_t problem_level_dist(const problem *p, int side, int l)
{
  if (l == 0) return side ? p->out_dist : p->in_dist;
  return side ? p->lev_out_dist[l] : p->lev_in_dist[l];
}

/* The precision as ppfft_precision (what the backends' rigs and host runs take), and the bytes of
 * one complex element in memory. */
static inline int problem_precision(const problem *p) { return p->f64 ? PPFFT_F64 : p->f16 ? PPFFT_F16 : PPFFT_F32; }
static inline size_t problem_elem_bytes(const problem *p) { return precision_elem_bytes(problem_precision(p)); }

/* Bytes of one complex entry of a table (twiddles, chirps): the compute precision, f32 for f16 data. */
static inline size_t problem_table_elem_bytes(const problem *p) { return p->f64 ? 16 : 8; }

/* Elements (of that side's type: real on a real side) a buffer must hold for the input (which =
 * 0) or output (1) layout. */
size_t problem_span(const problem *p, int which);

#endif
