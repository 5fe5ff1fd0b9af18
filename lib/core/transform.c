/* transform_from_desc: descriptor validation, in the order a user would want to hear about it:
 * argument errors, then sizes, then layout, then what this version cannot do. */
#include "core/transform.h"
#include <math.h>
#include <stdint.h>

enum { MAX_LENGTH_LOG2 = 30 }; /* kernels count positions within one dimension in 32 bits */

/* The lengths the generator's butterflies reach: every prime factor in 2, 3, 5, 7, 11, 13. */
static int length_is_smooth(size_t n)
{
  static const size_t primes[] = {2, 3, 5, 7, 11, 13};
  for (size_t i = 0; i < sizeof primes / sizeof primes[0]; ++i)
    while (n % primes[i] == 0) n /= primes[i];
  return n == 1;
}

/* a * b + c without overflow; returns 0 on overflow. */
static int muladd(size_t a, size_t b, size_t c, size_t *r)
{
  if (b && a > (SIZE_MAX - c) / b) return 0;
  *r = a * b + c;
  return 1;
}

int transform_needs_bluestein(size_t n) { return !length_is_smooth(n); }

size_t transform_length(const transform *t)
{
  size_t n = 1;
  for (int i = 0; i < t->rank; ++i) n *= t->n[i];
  return n;
}

/* One past the highest element of one transform, relative to its first; 0 on overflow. */
static size_t one_span(int rank, const size_t *n, const size_t *stride)
{
  size_t span = 1;
  for (int i = 0; i < rank; ++i)
    if (!muladd(n[i] - 1, stride[i], span, &span)) return 0;
  return span;
}

void transform_side_n(const transform *t, int which, size_t *n)
{
  for (int i = 0; i < 3; ++i) n[i] = i < t->rank ? t->n[i] : 1;
  if (t->kind != PPFFT_C2C && !transform_side_is_real(t, which)) n[t->rank - 1] = t->n[t->rank - 1] / 2 + 1;
}

int transform_side_is_real(const transform *t, int which)
{
  return (t->kind == PPFFT_R2C && which == 0) || (t->kind == PPFFT_C2R && which == 1);
}

size_t transform_span(const transform *t, int which)
{
  const side_layout *s = which ? &t->out : &t->in;
  size_t n[3];
  transform_side_n(t, which, n);
  return s->offset + (t->batch - 1) * s->dist + one_span(t->rank, n, s->stride);
}

/* The packed strides of a side of lengths n: C order, the last dimension counted as pad long (its
 * length, or a real in-place row's padding). */
static void packed_strides(int rank, const size_t *n, size_t pad, size_t *stride)
{
  size_t packed = 1;
  for (int i = rank - 1; i >= 0; --i) {
    stride[i] = packed;
    packed *= i == rank - 1 ? pad : n[i];
  }
  for (int i = rank; i < 3; ++i) stride[i] = 0;
}

/* The length a side's packed rows take: the last length, or 2 * (n/2 + 1) on a real in-place side. */
static size_t packed_row(const transform *t, int which)
{
  size_t n[3];
  transform_side_n(t, which, n);
  if (t->inplace && transform_side_is_real(t, which)) return 2 * (t->n[t->rank - 1] / 2 + 1);
  return n[t->rank - 1];
}

int transform_side_is_packed(const transform *t, int which)
{
  const side_layout *s = which ? &t->out : &t->in;
  size_t n[3], stride[3];
  transform_side_n(t, which, n);
  packed_strides(t->rank, n, packed_row(t, which), stride);
  size_t want = 1;
  for (int i = 0; i < t->rank; ++i) {
    if (n[i] > 1 && s->stride[i] != stride[i]) return 0;
    want *= i == t->rank - 1 ? packed_row(t, which) : n[i];
  }
  return (t->batch == 1 || s->dist == want) && s->offset == 0 && !s->planar;
}

/* The output must address every element once.  Sorted by stride, each dimension (and the batch)
 * must start past the end of the ones inside it: sufficient, and what every real layout does. */
static int side_overlaps(const transform *t, const size_t *n, const side_layout *s)
{
  size_t len[4], str[4];
  int k = 0;
  for (int i = 0; i < t->rank; ++i)
    if (n[i] > 1) len[k] = n[i], str[k++] = s->stride[i];
  if (t->batch > 1) len[k] = t->batch, str[k++] = s->dist;
  for (int i = 1; i < k; ++i) /* insertion sort by stride */
    for (int j = i; j > 0 && str[j] < str[j - 1]; --j) {
      size_t a = str[j], b = len[j];
      str[j] = str[j - 1], len[j] = len[j - 1];
      str[j - 1] = a, len[j - 1] = b;
    }
  for (int i = 0; i + 1 < k; ++i) {
    size_t end;
    if (!muladd(str[i], len[i], 0, &end) || str[i + 1] < end) return 1;
  }
  return 0;
}

/* Fills and checks one side (which: 0 input, 1 output) from the descriptor's strides, distance and
 * offset. */
static ppfft_status side_from_desc(const errors *e, const transform *t, int which, const char *name, const size_t *strides,
                                   size_t dist, size_t offset, ppfft_layout layout, int must_not_overlap, side_layout *s)
{
  int zeros = 0;
  for (int i = 0; i < t->rank; ++i) zeros += strides[i] == 0;
  if (zeros != 0 && zeros != t->rank)
    return errors_set(e, PPFFT_ERROR_INVALID_LAYOUT, "%s strides mix 0 (packed) and non-zero values", name);
  size_t n[3];
  transform_side_n(t, which, n);
  packed_strides(t->rank, n, packed_row(t, which), s->stride);
  for (int i = 0; i < t->rank; ++i)
    if (!zeros) s->stride[i] = strides[i];
  size_t span = one_span(t->rank, n, s->stride);
  if (zeros && t->inplace && transform_side_is_real(t, which) && span) /* the padded row */
    span += (packed_row(t, which) - n[t->rank - 1]) * s->stride[t->rank - 1];
  s->dist = dist ? dist : span;
  s->offset = offset;
  s->planar = layout == PPFFT_PLANAR;
  size_t total;
  if (span == 0 || !muladd(t->batch - 1, s->dist, span, &total) || !muladd(1, total, offset, &total) || total > SIZE_MAX / 16)
    return errors_set(e, PPFFT_ERROR_INVALID_LAYOUT, "the %s layout addresses more elements than size_t can count", name);
  if (layout == PPFFT_PLANAR && transform_side_is_real(t, which))
    return errors_set(e, PPFFT_ERROR_INVALID_LAYOUT, "the %s side of a real transform holds real values: PLANAR applies to the complex side only", name);
  if (must_not_overlap && side_overlaps(t, n, s))
    return errors_set(e, PPFFT_ERROR_INVALID_LAYOUT,
                   "%s strides and distance make elements overlap: every output element needs its own place", name);
  return PPFFT_SUCCESS;
}

/* Whether r reals and c complex values are the same bytes (without overflow). */
static int same_bytes(size_t r, size_t c) { return r % 2 == 0 && r / 2 == c; }

/* In place, a real transform's two sides share FFTW's padded layout: the last stride the same
 * count on both sides, every other stride, the dist and the offset the same in bytes; a dist of 0
 * on one side follows the other's (both 0: the complex side's span).  Each complex row's extent must
 * be apart from the others', so that no row of one side shares bytes with another row of the other
 * (a real row lies inside its complex row's bytes). */
static ppfft_status real_inplace_check(const errors *e, transform *t, size_t real_dist, size_t cplx_dist)
{
  side_layout *r = t->kind == PPFFT_R2C ? &t->in : &t->out, *c = t->kind == PPFFT_R2C ? &t->out : &t->in;
  const char *rn = t->kind == PPFFT_R2C ? "input (real)" : "output (real)", *cn = t->kind == PPFFT_R2C ? "output (complex)" : "input (complex)";
  int last = t->rank - 1;
  if (c->planar)
    return errors_set(e, PPFFT_ERROR_INVALID_LAYOUT, "in place, the %s side shares the real rows' bytes: it must be interleaved, not PLANAR", cn);
  if (!cplx_dist && real_dist) c->dist = real_dist / 2;
  else if (!real_dist) r->dist = 2 * c->dist;
  if (r->stride[last] != c->stride[last])
    return errors_set(e, PPFFT_ERROR_INVALID_LAYOUT,
                      "in place, the last stride must be the same count on both sides: %s %zu, %s %zu", rn, r->stride[last], cn, c->stride[last]);
  for (int i = 0; i < last; ++i)
    if (t->n[i] > 1 && !same_bytes(r->stride[i], c->stride[i]))
      return errors_set(e, PPFFT_ERROR_INVALID_LAYOUT,
                        "in place, stride %d must be the same in bytes on both sides (real %zu = 2 x complex %zu)", i, r->stride[i], c->stride[i]);
  if (t->batch > 1 && !same_bytes(r->dist, c->dist))
    return errors_set(e, PPFFT_ERROR_INVALID_LAYOUT, "in place, the dist must be the same in bytes on both sides (real %zu = 2 x complex %zu)",
                      r->dist, c->dist);
  if (!same_bytes(r->offset, c->offset))
    return errors_set(e, PPFFT_ERROR_INVALID_LAYOUT, "in place, the offset must be the same in bytes on both sides (real %zu = 2 x complex %zu)",
                      r->offset, c->offset);
  /* the rows: every other dimension and the batch, sorted by stride, past the extent of a row */
  size_t len[3], str[3], row = (t->n[last] / 2) * c->stride[last] + 1;
  int k = 0;
  for (int i = 0; i < last; ++i)
    if (t->n[i] > 1) len[k] = t->n[i], str[k++] = c->stride[i];
  if (t->batch > 1) len[k] = t->batch, str[k++] = c->dist;
  for (int i = 1; i < k; ++i)
    for (int j = i; j > 0 && str[j] < str[j - 1]; --j) {
      size_t a = str[j], b = len[j];
      str[j] = str[j - 1], len[j] = len[j - 1];
      str[j - 1] = a, len[j - 1] = b;
    }
  size_t end = row;
  for (int i = 0; i < k; ++i) {
    if (str[i] < end)
      return errors_set(e, PPFFT_ERROR_INVALID_LAYOUT,
                        "in place, rows of one side would share bytes with other rows of the other: a complex row spans %zu elements, "
                        "but rows are %zu apart", row, str[i]);
    if (!muladd(str[i], len[i], 0, &end)) return errors_set(e, PPFFT_ERROR_INVALID_LAYOUT, "the layout overflows size_t");
  }
  return PPFFT_SUCCESS;
}

/* What half precision (PPFFT_F16) runs on: CUDA devices with Tensor Cores (sm_70 on), complex
 * interleaved data, powers of two in every dimension (the Tensor Core radix-16 merging and its
 * leftover radices 2..8); the rest is refused here, with the reason. */
static ppfft_status f16_check(const errors *e, const device_info *di, const transform *t)
{
  if (!di || !di->cuda)
    return errors_set(e, PPFFT_ERROR_UNSUPPORTED, "f16 is available only through the CUDA side-backend (ppfft_cuda.h): OpenCL devices %s",
                      "need cl_khr_fp16, which NVIDIA's OpenCL lacks");
  if (di->cc_major < 7)
    return errors_set(e, PPFFT_ERROR_UNSUPPORTED, "f16 needs a device with Tensor Cores (compute capability 7.0 or later); \"%s\" is %u.%u",
                      di->name, di->cc_major, di->cc_minor);
  if (t->kind != PPFFT_C2C) return errors_set(e, PPFFT_ERROR_UNSUPPORTED, "%s", "f16 transforms are complex-to-complex only (no R2C, C2R)");
  if (t->in.planar || t->out.planar) return errors_set(e, PPFFT_ERROR_UNSUPPORTED, "%s", "f16 data are interleaved half2 (no planar layout)");
  for (int i = 0; i < t->rank; ++i)
    if (t->n[i] & (t->n[i] - 1))
      return errors_set(e, PPFFT_ERROR_UNSUPPORTED, "f16 transforms need power-of-two lengths; n[%d] = %zu is not", i, t->n[i]);
  return PPFFT_SUCCESS;
}

ppfft_status transform_from_desc(const errors *e, const device_info *di, const ppfft_desc *d, transform *t)
{
  if (!d) return errors_set(e, PPFFT_ERROR_INVALID_ARGUMENT, "descriptor is NULL");
  if (d->precision != PPFFT_F32 && d->precision != PPFFT_F64 && d->precision != PPFFT_F16)
    return errors_set(e, PPFFT_ERROR_INVALID_ARGUMENT, "unknown precision %d", (int)d->precision);
  if (d->kind != PPFFT_C2C && d->kind != PPFFT_R2C && d->kind != PPFFT_C2R)
    return errors_set(e, PPFFT_ERROR_INVALID_ARGUMENT, "unknown kind %d", (int)d->kind);
  if (d->direction != PPFFT_FORWARD && d->direction != PPFFT_BACKWARD)
    return errors_set(e, PPFFT_ERROR_INVALID_ARGUMENT, "unknown direction %d (use PPFFT_FORWARD or PPFFT_BACKWARD)", (int)d->direction);
  if ((d->in_layout != PPFFT_INTERLEAVED && d->in_layout != PPFFT_PLANAR) ||
      (d->out_layout != PPFFT_INTERLEAVED && d->out_layout != PPFFT_PLANAR))
    return errors_set(e, PPFFT_ERROR_INVALID_ARGUMENT, "unknown data layout");
  if (!isfinite(d->scale)) return errors_set(e, PPFFT_ERROR_INVALID_ARGUMENT, "scale is not finite");

  if (d->rank < 1 || d->rank > 3) return errors_set(e, PPFFT_ERROR_INVALID_SIZE, "rank %d is outside 1..3", d->rank);
  size_t total = 1;
  for (int i = 0; i < d->rank; ++i) {
    if (d->n[i] == 0) return errors_set(e, PPFFT_ERROR_INVALID_SIZE, "length n[%d] is 0", i);
    if (!muladd(total, d->n[i], 0, &total))
      return errors_set(e, PPFFT_ERROR_INVALID_SIZE, "the transform's element count overflows size_t");
  }
  if (d->batch == 0) return errors_set(e, PPFFT_ERROR_INVALID_SIZE, "batch is 0");
  if (!muladd(total, d->batch, 0, &total) || total > SIZE_MAX / 16)
    return errors_set(e, PPFFT_ERROR_INVALID_SIZE, "batch x lengths overflows size_t when counted in bytes");
  for (int i = 0; i < d->rank; ++i)
    if (d->n[i] > ((size_t)1 << MAX_LENGTH_LOG2))
      return errors_set(e, PPFFT_ERROR_INVALID_SIZE, "length n[%d] = %zu is beyond 2^%d, the longest dimension ppfft computes", i,
                     d->n[i], MAX_LENGTH_LOG2);

  *t = (transform){0};
  t->kind = d->kind;
  t->rank = d->rank;
  for (int i = 0; i < d->rank; ++i) t->n[i] = d->n[i];
  t->batch = d->batch;
  t->f64 = d->precision == PPFFT_F64;
  t->f16 = d->precision == PPFFT_F16;
  t->sign = d->kind == PPFFT_R2C ? -1 : d->kind == PPFFT_C2R ? 1 : d->direction == PPFFT_FORWARD ? -1 : 1;
  t->inplace = d->inplace != 0;
  t->scale = d->scale;
  int real = d->kind != PPFFT_C2C;
  ppfft_status s = side_from_desc(e, t, 0, "input", d->in_strides, d->in_dist, d->in_offset, d->in_layout, t->inplace, &t->in);
  if (s != PPFFT_SUCCESS) return s;
  if (t->inplace && !real) t->out = t->in; /* the output takes the input's layout */
  else {
    s = side_from_desc(e, t, 1, "output", d->out_strides, d->out_dist, d->out_offset, d->out_layout, 1, &t->out);
    if (s != PPFFT_SUCCESS) return s;
  }
  if (real && t->inplace) {
    s = real_inplace_check(e, t, d->kind == PPFFT_R2C ? d->in_dist : d->out_dist, d->kind == PPFFT_R2C ? d->out_dist : d->in_dist);
    if (s != PPFFT_SUCCESS) return s;
  }

  if (t->f16) {
    ppfft_status s16 = f16_check(e, di, t);
    if (s16 != PPFFT_SUCCESS) return s16;
  }
  for (int i = 0; i < d->rank; ++i) {
    if (transform_needs_bluestein(d->n[i]) && d->n[i] > ((size_t)1 << (MAX_LENGTH_LOG2 - 1)))
      return errors_set(e, PPFFT_ERROR_INVALID_SIZE,
                        "length n[%d] = %zu needs Bluestein's algorithm over 2^%d points or more, beyond the longest ppfft computes", i,
                        d->n[i], MAX_LENGTH_LOG2 + 1);
  }
  if (t->f64 && di && !di->fp64)
    return errors_set(e, PPFFT_ERROR_UNSUPPORTED, "f64 needs double precision (cl_khr_fp64), which device \"%s\" lacks", di->name);
  return PPFFT_SUCCESS;
}
