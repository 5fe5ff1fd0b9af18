/* Any layout on the test device, checked element by element (see testutil.h): the descriptor as
 * the user writes it, FFTW in long double, sentinels where the output layout does not address, and
 * an out-of-place input left alone.  Shared by check_layouts/check_passes and check_bluestein. */
#include "testutil.h"
#include <fftw3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What an out-of-place output buffer holds before the transform: a different value in each half of
 * a complex element, so that a stray write of either half (or of the halves swapped) shows. */
static const double SENTINEL_RE = 1234.5, SENTINEL_IM = -4321.25;

/* The layout as ppfft reads it: packed strides for zeros, dist 0 = one transform's span. */
typedef struct side {
  size_t stride[3], dist, offset, span;
} side;

static side side_of(const test_layout *lc, const size_t *strides, size_t dist, size_t offset)
{
  side s = {{0}, 0, offset, 0};
  size_t packed = 1, one = 1;
  for (int d = lc->rank - 1; d >= 0; --d) {
    s.stride[d] = strides[d] ? strides[d] : packed;
    packed *= lc->n[d];
    one += (lc->n[d] - 1) * s.stride[d];
  }
  s.dist = dist ? dist : one;
  s.span = offset + (lc->batch - 1) * s.dist + one;
  return s;
}

/* Element index of (b, flat index i in C order) in a side. */
static size_t at(const test_layout *lc, const side *s, size_t b, size_t i)
{
  size_t a = s->offset + b * s->dist;
  for (int d = lc->rank - 1; d >= 0; --d) {
    a += (i % lc->n[d]) * s->stride[d];
    i /= lc->n[d];
  }
  return a;
}

static size_t total(const test_layout *lc)
{
  size_t n = 1;
  for (int d = 0; d < lc->rank; ++d) n *= lc->n[d];
  return n;
}

ppfft_desc test_layout_desc(const test_layout *lc)
{
  ppfft_desc d;
  ppfft_desc_init(&d, lc->rank, lc->n, lc->batch);
  d.precision = lc->f64 ? PPFFT_F64 : PPFFT_F32;
  d.direction = lc->backward ? PPFFT_BACKWARD : PPFFT_FORWARD;
  d.inplace = lc->inplace;
  d.in_layout = lc->in_planar ? PPFFT_PLANAR : PPFFT_INTERLEAVED;
  d.out_layout = lc->out_planar ? PPFFT_PLANAR : PPFFT_INTERLEAVED;
  memcpy(d.in_strides, lc->in_strides, sizeof d.in_strides);
  memcpy(d.out_strides, lc->out_strides, sizeof d.out_strides);
  d.in_dist = lc->in_dist;
  d.out_dist = lc->out_dist;
  d.in_offset = lc->in_offset;
  d.out_offset = lc->out_offset;
  d.scale = lc->scale != 0 ? lc->scale : 1.0;
  return d;
}

cl_mem test_upload_part(const double *x, size_t count, int f64, int k)
{
  test_env *t = test_env_get();
  size_t rs = f64 ? 8 : 4;
  void *h = malloc(count * rs + 1);
  for (size_t i = 0; i < count; ++i) {
    if (f64) ((double *)h)[i] = x[2 * i + k];
    else ((float *)h)[i] = (float)x[2 * i + k];
  }
  cl_int e;
  cl_mem m = clCreateBuffer(t->cl, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, count * rs + (count == 0), h, &e);
  free(h);
  return m;
}

static void download_part(cl_mem m, double *x, size_t count, int f64, int k)
{
  test_env *t = test_env_get();
  size_t rs = f64 ? 8 : 4;
  void *h = malloc(count * rs + 1);
  ck_assert_int_eq(clEnqueueReadBuffer(t->q, m, CL_TRUE, 0, count * rs, h, 0, NULL, NULL), CL_SUCCESS);
  for (size_t i = 0; i < count; ++i) x[2 * i + k] = f64 ? ((double *)h)[i] : ((float *)h)[i];
  free(h);
}

/* A side's buffers, interleaved (m[0]) or planar (m[0] real, m[1] imaginary), holding x. */
static void side_upload(cl_mem *m, const double *x, size_t count, int f64, int planar)
{
  if (planar) {
    m[0] = test_upload_part(x, count, f64, 0);
    m[1] = test_upload_part(x, count, f64, 1);
  } else {
    m[0] = test_upload(x, count, f64);
    m[1] = NULL;
  }
}

static void side_download(cl_mem *m, double *x, size_t count, int f64, int planar)
{
  if (planar) {
    download_part(m[0], x, count, f64, 0);
    download_part(m[1], x, count, f64, 1);
  } else {
    test_download(m[0], x, count, f64);
  }
}

static void side_release(cl_mem *m)
{
  for (int k = 0; k < 2; ++k)
    if (m[k]) clReleaseMemObject(m[k]);
}

/* The transforms of x (read through side s) by FFTW in long double, packed, times scale. */
static double *reference(const test_layout *lc, const side *s, const double *x, double scale)
{
  size_t N = total(lc), B = lc->batch;
  fftwl_complex *a = fftwl_malloc(sizeof *a * N * B), *b = fftwl_malloc(sizeof *b * N * B);
  for (size_t t = 0; t < B; ++t)
    for (size_t i = 0; i < N; ++i) {
      size_t k = at(lc, s, t, i);
      a[t * N + i][0] = x[2 * k];
      a[t * N + i][1] = x[2 * k + 1];
    }
  int n[3];
  for (int d = 0; d < lc->rank; ++d) n[d] = (int)lc->n[d];
  fftwl_plan p = fftwl_plan_many_dft(lc->rank, n, (int)B, a, NULL, 1, (int)N, b, NULL, 1, (int)N,
                                     lc->backward ? FFTW_BACKWARD : FFTW_FORWARD, FFTW_ESTIMATE);
  fftwl_execute(p);
  fftwl_destroy_plan(p);
  double *r = malloc(16 * N * B);
  for (size_t i = 0; i < N * B; ++i) {
    r[2 * i] = (double)b[i][0] * scale;
    r[2 * i + 1] = (double)b[i][1] * scale;
  }
  fftwl_free(a);
  fftwl_free(b);
  return r;
}

void test_layout_run(const test_layout *lc, const char *must, char *name, size_t len)
{
  test_env *t = test_env_get();
  if (lc->f64 && !test_has_fp64("f64 cases")) return;
  ppfft_desc d = test_layout_desc(lc);
  side in = side_of(lc, lc->in_strides, lc->in_dist, lc->in_offset);
  side out = lc->inplace ? in : side_of(lc, lc->out_strides, lc->out_dist, lc->out_offset);
  ppfft_plan *p = NULL;
  double start = test_now();
  ppfft_status s = lc->variant ? ppfft_plan_create_variant(t->ctx, &d, lc->variant, &p) : ppfft_plan_create(t->ctx, &d, 0, &p);
  ck_assert_msg(s == PPFFT_SUCCESS, "plan: %s", ppfft_context_last_error(t->ctx));
  char desc[4096]; /* describe fails (asserted) rather than truncate */
  ck_assert_int_eq(ppfft_plan_describe(p, desc, sizeof desc), PPFFT_SUCCESS);
  if (must) ck_assert_msg(strstr(desc, must), "the plan lacks %s: %s", must, desc);
  if (name) snprintf(name, len, "%s", desc);

  double *x = malloc(16 * in.span), *y = malloc(16 * out.span), *got = malloc(16 * out.span), *back = malloc(16 * in.span);
  test_random(x, 2 * in.span, 11);
  for (size_t i = 0; i < out.span; ++i) y[2 * i] = SENTINEL_RE, y[2 * i + 1] = SENTINEL_IM;
  if (!lc->f64) /* what the device holds */
    for (size_t i = 0; i < 2 * in.span; ++i) x[i] = (float)x[i];
  cl_mem mi[2], mo[2] = {NULL, NULL};
  side_upload(mi, x, in.span, lc->f64, lc->in_planar);
  if (!lc->inplace) side_upload(mo, y, out.span, lc->f64, lc->out_planar);
  if (lc->in_planar || lc->out_planar) s = ppfft_execute_planar(p, t->q, mi[0], mi[1], mo[0], mo[1], 0, NULL, NULL);
  else s = ppfft_execute(p, t->q, mi[0], mo[0], 0, NULL, NULL);
  ck_assert_msg(s == PPFFT_SUCCESS, "execute %s: %s", desc, ppfft_context_last_error(t->ctx));
  ck_assert_int_eq(clFinish(t->q), CL_SUCCESS);
  if (lc->inplace) side_download(mi, got, out.span, lc->f64, lc->in_planar);
  else side_download(mo, got, out.span, lc->f64, lc->out_planar);

  double *ref = reference(lc, &in, x, d.scale);
  size_t N = total(lc), B = lc->batch;
  char *addressed = calloc(out.span, 1);
  double *flat = malloc(16 * N * B);
  for (size_t b = 0; b < B; ++b)
    for (size_t i = 0; i < N; ++i) {
      size_t k = at(lc, &out, b, i);
      addressed[k] = 1;
      flat[2 * (b * N + i)] = got[2 * k];
      flat[2 * (b * N + i) + 1] = got[2 * k + 1];
    }
  double err = test_rel_error(flat, ref, N * B), bound = test_bound(N, lc->f64);
  ck_assert_msg(err <= bound, "%s: error %g > %g", desc, err, bound);
  for (size_t k = 0; k < out.span; ++k) /* what the layout does not address is left alone */
    if (!addressed[k]) {
      double want0 = lc->inplace ? x[2 * k] : SENTINEL_RE, want1 = lc->inplace ? x[2 * k + 1] : SENTINEL_IM;
      ck_assert_msg(got[2 * k] == want0, "%s: the real part of element %zu, outside the layout, changed", desc, k);
      ck_assert_msg(got[2 * k + 1] == want1, "%s: the imaginary part of element %zu, outside the layout, changed", desc, k);
    }
  if (!lc->inplace) { /* out of place leaves the input alone */
    side_download(mi, back, in.span, lc->f64, lc->in_planar);
    ck_assert_msg(memcmp(back, x, 16 * in.span) == 0, "%s: the input changed", desc);
  }
  if (test_verbose()) printf("  %.2f s, error %.3g: %s\n", test_now() - start, err, desc), fflush(stdout);
  free(flat);
  free(addressed);
  free(ref);
  free(x), free(y), free(got), free(back);
  side_release(mi);
  side_release(mo);
  ppfft_plan_destroy(p);
}

test_layout test_layout_plain(int rank, size_t n0, size_t n1, size_t n2, size_t batch)
{
  test_layout lc = {0};
  lc.rank = rank;
  lc.n[0] = n0, lc.n[1] = n1, lc.n[2] = n2;
  lc.batch = batch;
  lc.scale = 1.0;
  return lc;
}
