/* transform_from_desc: descriptor validation, in the order a user would want to hear about it:
 * argument errors, then sizes, then layout, then what this version cannot do. */
#include "core/transform.h"
#include <math.h>
#include <stdint.h>

enum { MAX_LENGTH_LOG2 = 30 }; /* kernels count positions within one dimension in 32 bits */

/* The lengths the generator's butterflies reach: every prime factor in 2, 3, 5, 7, 11, 13.  Sets
 * *prime to the first factor beyond them when there is one. */
static int length_is_smooth(size_t n, size_t *prime)
{
  static const size_t primes[] = {2, 3, 5, 7, 11, 13};
  for (size_t i = 0; i < sizeof primes / sizeof primes[0]; ++i)
    while (n % primes[i] == 0) n /= primes[i];
  *prime = 1;
  for (size_t p = 17; n > 1 && p * p <= n; p += 2)
    if (n % p == 0) {
      *prime = p;
      return 0;
    }
  if (n > 1) *prime = n;
  return n == 1;
}

/* a * b + c without overflow; returns 0 on overflow. */
static int muladd(size_t a, size_t b, size_t c, size_t *r)
{
  if (b && a > (SIZE_MAX - c) / b) return 0;
  *r = a * b + c;
  return 1;
}

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

size_t transform_span(const transform *t, int which)
{
  const side_layout *s = which ? &t->out : &t->in;
  return s->offset + (t->batch - 1) * s->dist + one_span(t->rank, t->n, s->stride);
}

int transform_side_is_packed(const transform *t, int which)
{
  const side_layout *s = which ? &t->out : &t->in;
  size_t want = 1;
  for (int i = t->rank - 1; i >= 0; --i) {
    if (t->n[i] > 1 && s->stride[i] != want) return 0;
    want *= t->n[i];
  }
  return (t->batch == 1 || s->dist == want) && s->offset == 0 && !s->planar;
}

/* The output must address every element once.  Sorted by stride, each dimension (and the batch)
 * must start past the end of the ones inside it: sufficient, and what every real layout does. */
static int side_overlaps(const transform *t, const side_layout *s)
{
  size_t len[4], str[4];
  int k = 0;
  for (int i = 0; i < t->rank; ++i)
    if (t->n[i] > 1) len[k] = t->n[i], str[k++] = s->stride[i];
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

/* Fills and checks one side from the descriptor's strides, distance and offset. */
static ppfft_status side_from_desc(const errors *e, const transform *t, const char *name, const size_t *strides,
                                   size_t dist, size_t offset, ppfft_layout layout, int must_not_overlap, side_layout *s)
{
  int zeros = 0;
  for (int i = 0; i < t->rank; ++i) zeros += strides[i] == 0;
  if (zeros != 0 && zeros != t->rank)
    return errors_set(e, PPFFT_ERROR_INVALID_LAYOUT, "%s strides mix 0 (packed) and non-zero values", name);
  size_t packed = 1;
  for (int i = t->rank - 1; i >= 0; --i) {
    s->stride[i] = zeros ? packed : strides[i];
    packed *= t->n[i];
  }
  for (int i = t->rank; i < 3; ++i) s->stride[i] = 0;
  size_t span = one_span(t->rank, t->n, s->stride);
  s->dist = dist ? dist : span;
  s->offset = offset;
  s->planar = layout == PPFFT_PLANAR;
  size_t total;
  if (span == 0 || !muladd(t->batch - 1, s->dist, span, &total) || !muladd(1, total, offset, &total) || total > SIZE_MAX / 16)
    return errors_set(e, PPFFT_ERROR_INVALID_LAYOUT, "the %s layout addresses more elements than size_t can count", name);
  if (must_not_overlap && side_overlaps(t, s))
    return errors_set(e, PPFFT_ERROR_INVALID_LAYOUT,
                   "%s strides and distance make elements overlap: every output element needs its own place", name);
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
  t->rank = d->rank;
  for (int i = 0; i < d->rank; ++i) t->n[i] = d->n[i];
  t->batch = d->batch;
  t->f64 = d->precision == PPFFT_F64;
  t->sign = d->direction == PPFFT_FORWARD ? -1 : 1;
  t->inplace = d->inplace != 0;
  t->scale = d->scale;
  ppfft_status s = side_from_desc(e, t, "input", d->in_strides, d->in_dist, d->in_offset, d->in_layout, t->inplace, &t->in);
  if (s != PPFFT_SUCCESS) return s;
  if (t->inplace) t->out = t->in; /* the output takes the input's layout */
  else {
    s = side_from_desc(e, t, "output", d->out_strides, d->out_dist, d->out_offset, d->out_layout, 1, &t->out);
    if (s != PPFFT_SUCCESS) return s;
  }

  if (d->precision == PPFFT_F16)
    return errors_set(e, PPFFT_ERROR_UNSUPPORTED, "f16 is available only through the CUDA side-backend (ppfft_cuda.h)");
  if (d->kind != PPFFT_C2C)
    return errors_set(e, PPFFT_ERROR_UNSUPPORTED, "real-data transforms (R2C/C2R) are not supported by this version");
  for (int i = 0; i < d->rank; ++i) {
    size_t prime;
    if (!length_is_smooth(d->n[i], &prime))
      return errors_set(e, PPFFT_ERROR_UNSUPPORTED,
                     "length n[%d] = %zu has the prime factor %zu; this version supports lengths whose prime factors are all 2, 3, 5, 7, 11 or 13",
                     i, d->n[i], prime);
  }
  if (t->f64 && di && !di->fp64)
    return errors_set(e, PPFFT_ERROR_UNSUPPORTED, "f64 needs double precision (cl_khr_fp64), which device \"%s\" lacks", di->name);
  return PPFFT_SUCCESS;
}
