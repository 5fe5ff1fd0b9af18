/* A validated transform: what the user asked for, in ppfft_desc's terms, with every default filled
 * in (packed strides and distances computed) and every layout checked.  The planner splits it into
 * passes (core/decompose.h); each pass is a batched 1D problem (core/problem.h) that one kernel
 * computes. */
#ifndef PPFFT_CORE_TRANSFORM_H
#define PPFFT_CORE_TRANSFORM_H
#include "core/device_info.h"
#include "core/errors.h"
#include "ppfft.h"

/* One side (input or output) of a transform: where element (i0, i1, i2) of transform b lives. */
typedef struct side_layout {
  size_t stride[3]; /* per dimension, in elements (never 0 once validated) */
  size_t dist;      /* between transforms */
  size_t offset;
  int planar;       /* separate real and imaginary buffers */
} side_layout;

typedef struct transform {
  ppfft_kind kind;  /* R2C: the input side is real, C2R: the output side; the other is complex */
  int rank;
  size_t n[3];      /* n[rank-1] is the fastest dimension of the packed layout (real lengths) */
  size_t batch;
  int f64;
  int f16;          /* half-precision data (CUDA only): half2 in memory, computed in f32 (f64 is 0) */
  int sign;         /* -1 forward, +1 backward */
  int inplace;
  side_layout in, out; /* in-place C2C: out is a copy of in; real kinds: each side in its own units */
  double scale;
} transform;

/* Validates d (DESIGN "Semantics") and fills t; a failure's message goes to e.  di, when not NULL,
 * supplies the device's limits (double precision).  Statuses: INVALID_ARGUMENT, INVALID_SIZE,
 * INVALID_LAYOUT, UNSUPPORTED. */
ppfft_status transform_from_desc(const errors *e, const device_info *di, const ppfft_desc *d, transform *t);

/* Bytes of one complex element of precision prec (a ppfft_precision: PPFFT_F16's half2 is 4). */
static inline size_t precision_elem_bytes(int prec) { return prec == PPFFT_F64 ? 16 : prec == PPFFT_F16 ? 4 : 8; }

/* The transform's precision as ppfft_precision, and the bytes of one complex element in memory. */
static inline int transform_precision(const transform *t) { return t->f64 ? PPFFT_F64 : t->f16 ? PPFFT_F16 : PPFFT_F32; }
static inline size_t transform_elem_bytes(const transform *t) { return precision_elem_bytes(transform_precision(t)); }

/* Elements of one transform (product of the lengths). */
size_t transform_length(const transform *t);

/* The lengths of one side (which = 0 input, 1 output): n, but n[rank-1]/2+1 in the last dimension
 * of a real transform's complex side. */
void transform_side_n(const transform *t, int which, size_t *n);

/* Whether a side holds real values (the input of an R2C, the output of a C2R). */
int transform_side_is_real(const transform *t, int which);

/* Elements (of that side's own type) a buffer must hold for the input (which = 0) or output (1) side: one past the highest
 * element the layout addresses. */
size_t transform_span(const transform *t, int which);

/* Whether a side is the packed layout of its transform (unit inner stride, C order, dist = N, no
 * offset, interleaved). */
int transform_side_is_packed(const transform *t, int which);

/* Whether a dimension of length n is computed by Bluestein's algorithm (core/bluestein.h) instead of
 * FFT passes of its own length: a length with a prime factor above 13, which the butterflies
 * (radices 2..16) cannot reach. */
int transform_needs_bluestein(size_t n);

#endif
