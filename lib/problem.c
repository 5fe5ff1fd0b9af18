/* problem_from_desc: descriptor validation, in the order a user would want to hear about it:
 * argument errors, then sizes, then layout, then what this version cannot do yet. */
#include "problem.h"
#include "context.h"
#include <math.h>
#include <stdint.h>

static int is_pow2(size_t n) { return n && !(n & (n - 1)); }

/* a * b + c without overflow; returns 0 on overflow. */
static int muladd(size_t a, size_t b, size_t c, size_t *r)
{
  if (b && a > (SIZE_MAX - c) / b) return 0;
  *r = a * b + c;
  return 1;
}

size_t problem_span(const problem *p, int which)
{
  size_t dist = which ? p->out_dist : p->in_dist, off = which ? p->out_offset : p->in_offset;
  return off + (p->batch - 1) * dist + p->n;
}

/* Checks one side's layout (strides, distance, offset) for rank 1. */
static ppfft_status check_side(const ppfft_context *c, const ppfft_desc *d, const char *side,
                               const size_t *strides, size_t dist, size_t offset, int is_output,
                               size_t *dist_out)
{
  size_t n = d->n[0];
  if (strides[0] != 0 && strides[0] != 1)
    return err_set(c, PPFFT_ERROR_UNSUPPORTED,
                   "%s stride %zu: only unit element strides are supported by this version", side, strides[0]);
  if (dist == 0) dist = n;
  if (is_output && d->batch > 1 && dist < n)
    return err_set(c, PPFFT_ERROR_INVALID_LAYOUT,
                   "%s distance %zu is smaller than the transform length %zu: transforms would overlap", side, dist, n);
  size_t span;
  if (!muladd(d->batch - 1, dist, n, &span) || !muladd(1, span, offset, &span) || span > SIZE_MAX / 16)
    return err_set(c, PPFFT_ERROR_INVALID_LAYOUT, "%s layout addresses more than size_t can count (offset %zu, distance %zu, batch %zu)",
                   side, offset, dist, d->batch);
  *dist_out = dist;
  return PPFFT_SUCCESS;
}

ppfft_status problem_from_desc(const ppfft_context *c, const ppfft_desc *d, problem *p)
{
  if (!d) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "descriptor is NULL");
  if (d->precision != PPFFT_F32 && d->precision != PPFFT_F64 && d->precision != PPFFT_F16)
    return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "unknown precision %d", (int)d->precision);
  if (d->kind != PPFFT_C2C && d->kind != PPFFT_R2C && d->kind != PPFFT_C2R)
    return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "unknown kind %d", (int)d->kind);
  if (d->direction != PPFFT_FORWARD && d->direction != PPFFT_BACKWARD)
    return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "unknown direction %d (use PPFFT_FORWARD or PPFFT_BACKWARD)", (int)d->direction);
  if ((d->in_layout != PPFFT_INTERLEAVED && d->in_layout != PPFFT_PLANAR) ||
      (d->out_layout != PPFFT_INTERLEAVED && d->out_layout != PPFFT_PLANAR))
    return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "unknown data layout");
  if (!isfinite(d->scale)) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "scale is not finite");

  if (d->rank < 1 || d->rank > 3) return err_set(c, PPFFT_ERROR_INVALID_SIZE, "rank %d is outside 1..3", d->rank);
  size_t total = 1;
  for (int i = 0; i < d->rank; ++i) {
    if (d->n[i] == 0) return err_set(c, PPFFT_ERROR_INVALID_SIZE, "length n[%d] is 0", i);
    if (!muladd(total, d->n[i], 0, &total))
      return err_set(c, PPFFT_ERROR_INVALID_SIZE, "the transform's element count overflows size_t");
  }
  if (d->batch == 0) return err_set(c, PPFFT_ERROR_INVALID_SIZE, "batch is 0");
  if (!muladd(total, d->batch, 0, &total) || total > SIZE_MAX / 16)
    return err_set(c, PPFFT_ERROR_INVALID_SIZE, "batch x lengths overflows size_t when counted in bytes");

  for (int side = 0; side < 2; ++side) {
    const size_t *st = side ? d->out_strides : d->in_strides;
    int zeros = 0;
    for (int i = 0; i < d->rank; ++i) zeros += st[i] == 0;
    if (zeros != 0 && zeros != d->rank && !(side && d->inplace))
      return err_set(c, PPFFT_ERROR_INVALID_LAYOUT, "%s strides mix 0 (packed) and non-zero values", side ? "output" : "input");
  }

  if (d->precision == PPFFT_F16)
    return err_set(c, PPFFT_ERROR_UNSUPPORTED, "f16 is available only through the CUDA side-backend (ppfft_cuda.h)");
  if (d->kind != PPFFT_C2C)
    return err_set(c, PPFFT_ERROR_UNSUPPORTED, "real-data transforms (R2C/C2R) are not supported by this version");
  if (d->rank != 1)
    return err_set(c, PPFFT_ERROR_UNSUPPORTED, "rank %d transforms are not supported by this version (rank 1 only)", d->rank);
  if (d->in_layout != PPFFT_INTERLEAVED || (!d->inplace && d->out_layout != PPFFT_INTERLEAVED))
    return err_set(c, PPFFT_ERROR_UNSUPPORTED, "planar layout is not supported by this version");

  p->n = d->n[0];
  p->batch = d->batch;
  p->f64 = d->precision == PPFFT_F64;
  p->sign = d->direction == PPFFT_FORWARD ? -1 : 1;
  p->inplace = d->inplace != 0;
  p->scale = d->scale;
  p->in_offset = d->in_offset;
  ppfft_status s = check_side(c, d, "input", d->in_strides, d->in_dist, d->in_offset, p->inplace, &p->in_dist);
  if (s != PPFFT_SUCCESS) return s;
  if (p->inplace) {
    p->out_dist = p->in_dist;
    p->out_offset = p->in_offset;
  } else {
    p->out_offset = d->out_offset;
    s = check_side(c, d, "output", d->out_strides, d->out_dist, d->out_offset, 1, &p->out_dist);
    if (s != PPFFT_SUCCESS) return s;
  }
  if (!is_pow2(p->n))
    return err_set(c, PPFFT_ERROR_UNSUPPORTED, "length %zu is not a power of two; only powers of two are supported by this version", p->n);
  if (p->f64 && c && !c->info.fp64)
    return err_set(c, PPFFT_ERROR_UNSUPPORTED, "f64 needs cl_khr_fp64, which device \"%s\" lacks", c->info.name);
  return PPFFT_SUCCESS;
}

void ppfft_desc_init(ppfft_desc *d, int rank, const size_t *n, size_t batch)
{
  if (!d || !n) return;
  *d = (ppfft_desc){0};
  d->rank = rank;
  for (int i = 0; i < rank && i < 3; ++i) d->n[i] = n[i];
  d->batch = batch;
  d->precision = PPFFT_F32;
  d->kind = PPFFT_C2C;
  d->direction = PPFFT_FORWARD;
  d->in_layout = d->out_layout = PPFFT_INTERLEAVED;
  d->scale = 1.0;
}
