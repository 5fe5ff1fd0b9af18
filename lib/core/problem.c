/* problem_from_desc and the layout arithmetic of one pass. */
#include "core/problem.h"
#include "core/bluestein.h"

void problem_of_rank1(const transform *t, problem *p)
{
  *p = (problem){0};
  p->n = t->n[0];
  p->batch = t->batch;
  p->f64 = t->f64;
  p->f16 = t->f16;
  p->sign = t->sign;
  p->inplace = t->inplace;
  p->scale = t->scale;
  p->in_dist = p->lev_in_dist[0] = t->in.dist;
  p->out_dist = p->lev_out_dist[0] = t->out.dist;
  p->in_offset = t->in.offset;
  p->out_offset = t->out.offset;
  p->in_stride = t->in.stride[0];
  p->out_stride = t->out.stride[0];
  p->nlev = 1;
  p->lev_count[0] = t->batch;
  p->in_planar = t->in.planar;
  p->out_planar = t->out.planar;
}

void problem_init_plain(problem *p, size_t n, size_t batch, int f64, int sign)
{
  transform t = {0};
  t.rank = 1;
  t.n[0] = n;
  t.batch = batch;
  t.f64 = f64;
  t.sign = sign;
  t.scale = 1.0;
  t.in.stride[0] = t.out.stride[0] = 1;
  t.in.dist = t.out.dist = n;
  problem_of_rank1(&t, p);
}

ppfft_status problem_from_desc(const errors *e, const device_info *di, const ppfft_desc *d, problem *p)
{
  transform t;
  ppfft_status s = transform_from_desc(e, di, d, &t);
  if (s != PPFFT_SUCCESS) return s;
  if (t.kind != PPFFT_C2C) return errors_set(e, PPFFT_ERROR_UNSUPPORTED, "a real transform is planned through its transform, not one problem");
  if (t.rank != 1) return errors_set(e, PPFFT_ERROR_UNSUPPORTED, "a rank-%d transform is several problems, not one", t.rank);
  problem_of_rank1(&t, p);
  return PPFFT_SUCCESS;
}

int problem_is_plain(const problem *p)
{
  /* half-precision data are plain too: the plain layout's vector accesses convert them (gen/io.c) */
  return p->in_stride == 1 && p->out_stride == 1 && p->nlev == 1 && p->twiddle_n == 0 && !p->in_planar && !p->out_planar && !p->r2c &&
         !p->c2r && !p->fuse_in && !p->fuse_out && !p->mirror;
}

size_t problem_span(const problem *p, int which)
{
  size_t stride = which ? p->out_stride : p->in_stride, last = p->n - 1, extra = 0;
  if (problem_side_half_spectrum(p, which)) last = p->half ? p->n : p->n / 2; /* k <= n/2, or k <= n = N/2 */
  if (problem_side_half_spectrum(p, which) && p->real_part == REAL_FIRST && p->twiddle_n) {
    /* a C2R's four-step first pass: columns of the dimension's n/2 + 1 values, and X_(N/2) one
     * element past the last column (the fast path) */
    last = p->n - 1;
    extra = p->half ? stride / (p->twiddle_n / p->n) : 0;
  }
  if (which == 1 && p->mirror) {
    /* a split R2C's last pass (problem.h): only digit 0's row writes X_M, one element (out_dist)
     * past the last digit's last element */
    last = p->n - 1;
    extra = p->out_dist;
  }
  if (problem_side_real(p, which) && p->half) {
    if (p->pair_stride) extra = p->pair_stride; /* z_k at k * stride, x_2k+1 pair_stride after */
    else last = 2 * p->n - 1;                   /* 2n reals */
  }
  /* Rader's fused steps (core/fuse.h) reach past the n = L elements of its FFT: rader-in reads
   * x_0..x_L, the filter writes the row's elements L and L + 1, rader-out reads them and writes
   * X_0..X_L */
  if (which == 0 && p->fuse_in == POINTWISE_RADER_IN) last = p->n;
  if (which == 1 && p->fuse_out == POINTWISE_RADER_FILTER) last = p->n + 1;
  if (p->fuse_out == POINTWISE_RADER_OUT) last = which ? p->n : p->n + 1;
  size_t span = (which ? p->out_offset : p->in_offset) + last * stride + extra + 1;
  size_t rest = p->batch;
  for (int l = 0; l < p->nlev; ++l) {
    size_t count = l + 1 < p->nlev ? p->lev_count[l] : rest;
    span += (count - 1) * problem_level_dist(p, which, l);
    rest /= count;
  }
  return span;
}
