/* Real-data transforms (R2C, C2R) against FFTW in long double: 1D, 2D and 3D, out of place and in
 * place (FFTW's padded rows), f32 and f64, batches with distances, strides and offsets, a planar
 * complex side; the round trip C2R(R2C(x)) = N x; C2R of a non-Hermitian input is C2R of its
 * Hermitian part; out-of-place inputs unchanged; sentinels around the outputs; every layout and
 * buffer-size error.  make check-full adds a sweep of lengths. */
#include "suites.h"
#include "testutil.h"
#include <fftw3.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const double SENTINEL = 1234.5;

/* A case as the user writes it: each side's strides, dist and offset in its own units (0 = packed). */
typedef struct real_case {
  ppfft_kind kind;
  int rank;
  size_t n[3], batch;
  int f64, inplace, planar; /* planar: the complex side */
  size_t rstride[3], cstride[3], rdist, cdist, roff, coff;
  const char *plan; /* a plan string (its real pass of N/2 points: the fast path; N: the general one), or NULL: ESTIMATE */
} real_case;

/* One side as ppfft reads it. */
typedef struct lay {
  size_t n[3], stride[3], dist, offset, span; /* span: elements of the side's own type */
} lay;

static size_t prod(int rank, const size_t *n)
{
  size_t p = 1;
  for (int d = 0; d < rank; ++d) p *= n[d];
  return p;
}

/* The two sides of rc (DESIGN.md's real transforms), computed independently of the library. */
static void layouts(const real_case *rc, lay *r, lay *c)
{
  int last = rc->rank - 1;
  size_t N = rc->n[last], pad = rc->inplace ? 2 * (N / 2 + 1) : N;
  memset(r, 0, sizeof *r);
  memset(c, 0, sizeof *c);
  for (int d = 0; d < rc->rank; ++d) r->n[d] = c->n[d] = rc->n[d];
  c->n[last] = N / 2 + 1;
  size_t pr = 1, pc = 1, one_r = 1, one_c = 1;
  for (int d = last; d >= 0; --d) {
    r->stride[d] = rc->rstride[d] ? rc->rstride[d] : pr;
    c->stride[d] = rc->cstride[d] ? rc->cstride[d] : pc;
    pr *= d == last ? pad : r->n[d];
    pc *= c->n[d];
    one_r += (r->n[d] - 1) * r->stride[d];
    one_c += (c->n[d] - 1) * c->stride[d];
  }
  if (!rc->rstride[0] && rc->inplace) one_r += (pad - N) * r->stride[last];
  c->dist = rc->cdist ? rc->cdist : one_c;
  r->dist = rc->rdist ? rc->rdist : one_r;
  if (rc->inplace) {
    if (!rc->cdist && rc->rdist) c->dist = rc->rdist / 2;
    if (!rc->rdist) r->dist = 2 * c->dist;
  }
  r->offset = rc->roff;
  c->offset = rc->coff;
  r->span = r->offset + (rc->batch - 1) * r->dist + one_r;
  c->span = c->offset + (rc->batch - 1) * c->dist + one_c;
}

/* Element index of transform b's element at flat C-order index i of the side's lengths. */
static size_t at(int rank, const lay *s, size_t b, size_t i)
{
  size_t a = s->offset + b * s->dist;
  for (int d = rank - 1; d >= 0; --d) {
    a += (i % s->n[d]) * s->stride[d];
    i /= s->n[d];
  }
  return a;
}

static ppfft_desc desc_of(const real_case *rc)
{
  ppfft_desc d;
  ppfft_desc_init(&d, rc->rank, rc->n, rc->batch);
  d.kind = rc->kind;
  d.precision = rc->f64 ? PPFFT_F64 : PPFFT_F32;
  d.inplace = rc->inplace;
  int r2c = rc->kind == PPFFT_R2C;
  const size_t *is = r2c ? rc->rstride : rc->cstride, *os = r2c ? rc->cstride : rc->rstride;
  memcpy(d.in_strides, is, sizeof d.in_strides);
  memcpy(d.out_strides, os, sizeof d.out_strides);
  d.in_dist = r2c ? rc->rdist : rc->cdist;
  d.out_dist = r2c ? rc->cdist : rc->rdist;
  d.in_offset = r2c ? rc->roff : rc->coff;
  d.out_offset = r2c ? rc->coff : rc->roff;
  if (rc->planar) *(r2c ? &d.out_layout : &d.in_layout) = PPFFT_PLANAR;
  return d;
}

/* count reals (in the device's precision) to a new buffer, and back. */
static cl_mem upload_reals(const double *x, size_t count, int f64)
{
  test_env *t = test_env_get();
  size_t rs = f64 ? 8 : 4;
  void *h = malloc(count * rs + 1);
  for (size_t i = 0; i < count; ++i) {
    if (f64) ((double *)h)[i] = x[i];
    else ((float *)h)[i] = (float)x[i];
  }
  cl_int e;
  cl_mem m = clCreateBuffer(t->cl, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, count * rs + (count == 0), h, &e);
  free(h);
  ck_assert_int_eq(e, CL_SUCCESS);
  return m;
}

static void download_reals(cl_mem m, double *x, size_t count, int f64)
{
  test_env *t = test_env_get();
  size_t rs = f64 ? 8 : 4;
  void *h = malloc(count * rs + 1);
  ck_assert_int_eq(clEnqueueReadBuffer(t->q, m, CL_TRUE, 0, count * rs, h, 0, NULL, NULL), CL_SUCCESS);
  for (size_t i = 0; i < count; ++i) x[i] = f64 ? ((double *)h)[i] : ((float *)h)[i];
  free(h);
}

/* The device's buffers of a case: a real array (reals), a complex array (2 reals per element,
 * interleaved), or in place one array holding both; planar: the complex side as two planes. */
typedef struct bufs {
  size_t nr, nc;     /* reals in the real-side and the complex-side host arrays */
  double *hr, *hc;   /* host copies (in place: the same array) */
  cl_mem mr, mc[2];
} bufs;

/* Uploads the host arrays; planar complex sides split into planes. */
static void bufs_upload(const real_case *rc, bufs *b)
{
  if (rc->inplace) {
    b->mr = b->mc[0] = upload_reals(b->hr, b->nr, rc->f64);
    b->mc[1] = NULL;
    return;
  }
  b->mr = upload_reals(b->hr, b->nr, rc->f64);
  if (!rc->planar) {
    b->mc[0] = upload_reals(b->hc, b->nc, rc->f64);
    b->mc[1] = NULL;
    return;
  }
  size_t n = b->nc / 2;
  double *p = malloc(8 * n + 8);
  for (int k = 0; k < 2; ++k) {
    for (size_t i = 0; i < n; ++i) p[i] = b->hc[2 * i + k];
    b->mc[k] = upload_reals(p, n, rc->f64);
  }
  free(p);
}

/* Reads a side back into host array x (real side: which = 0, complex: 1). */
static void bufs_download(const real_case *rc, const bufs *b, int which, double *x)
{
  if (rc->inplace || !which) {
    download_reals(which ? b->mc[0] : b->mr, x, which ? b->nc : b->nr, rc->f64);
    return;
  }
  if (!rc->planar) {
    download_reals(b->mc[0], x, b->nc, rc->f64);
    return;
  }
  size_t n = b->nc / 2;
  double *p = malloc(8 * n + 8);
  for (int k = 0; k < 2; ++k) {
    download_reals(b->mc[k], p, n, rc->f64);
    for (size_t i = 0; i < n; ++i) x[2 * i + k] = p[i];
  }
  free(p);
}

static void bufs_release(const real_case *rc, bufs *b)
{
  clReleaseMemObject(b->mr);
  if (!rc->inplace)
    for (int k = 0; k < 2; ++k)
      if (b->mc[k]) clReleaseMemObject(b->mc[k]);
}

static ppfft_status execute(const real_case *rc, ppfft_plan *p, bufs *b)
{
  test_env *t = test_env_get();
  int r2c = rc->kind == PPFFT_R2C;
  cl_mem in = r2c ? b->mr : b->mc[0], out = rc->inplace ? NULL : r2c ? b->mc[0] : b->mr;
  ppfft_status s;
  if (rc->planar) {
    if (r2c) s = ppfft_execute_planar(p, t->q, in, NULL, out, b->mc[1], 0, NULL, NULL);
    else s = ppfft_execute_planar(p, t->q, b->mc[0], b->mc[1], out, NULL, 0, NULL, NULL);
  } else s = ppfft_execute(p, t->q, in, out, 0, NULL, NULL);
  ck_assert_int_eq(clFinish(t->q), CL_SUCCESS);
  return s;
}

/* The mirror of flat index i of the full (real-length) grid: (-i0, -i1, -k) modulo the lengths. */
static size_t mirror(int rank, const size_t *n, size_t i)
{
  size_t m = 0, scale = 1;
  for (int d = rank - 1; d >= 0; --d) {
    size_t k = i % n[d];
    m += ((n[d] - k) % n[d]) * scale;
    scale *= n[d];
    i /= n[d];
  }
  return m;
}

/* Flat index of the full grid's (i0, i1, k) on the half grid (k <= N/2), or SIZE_MAX. */
static size_t half_index(int rank, const size_t *n, size_t i)
{
  size_t N = n[rank - 1], k = i % N, h = N / 2 + 1;
  if (k >= h) return SIZE_MAX;
  return (i / N) * h + k;
}

/* The reference: R2C: the half of the DFT of the real input; C2R: the real part of the inverse DFT
 * of the input extended by conj X(-i) (= the transform of its Hermitian part).  in: packed
 * per-transform values of the input side (reals, or complex half grid); returns the output side's
 * packed values. */
static double *reference(const real_case *rc, const double *in)
{
  size_t T = prod(rc->rank, rc->n), B = rc->batch, N = rc->n[rc->rank - 1], H = T / N * (N / 2 + 1);
  double *a = calloc(2 * T * B, sizeof *a), *f = malloc(16 * T * B);
  for (size_t b = 0; b < B; ++b)
    for (size_t i = 0; i < T; ++i) {
      double *z = a + 2 * (b * T + i);
      if (rc->kind == PPFFT_R2C) z[0] = in[b * T + i];
      else {
        size_t h = half_index(rc->rank, rc->n, i), conj = h == SIZE_MAX;
        if (conj) h = half_index(rc->rank, rc->n, mirror(rc->rank, rc->n, i));
        z[0] = in[2 * (b * H + h)];
        z[1] = conj ? -in[2 * (b * H + h) + 1] : in[2 * (b * H + h) + 1];
      }
    }
  test_reference_nd(rc->rank, rc->n, B, rc->kind == PPFFT_R2C ? -1 : 1, a, f);
  double *r = malloc(16 * T * B);
  for (size_t b = 0; b < B; ++b)
    for (size_t i = 0; i < T; ++i) {
      if (rc->kind == PPFFT_C2R) r[b * T + i] = f[2 * (b * T + i)];
      else if (half_index(rc->rank, rc->n, i) != SIZE_MAX) {
        size_t h = half_index(rc->rank, rc->n, i);
        r[2 * (b * H + h)] = f[2 * (b * T + i)];
        r[2 * (b * H + h) + 1] = f[2 * (b * T + i) + 1];
      }
    }
  free(a);
  free(f);
  return r;
}

/* Gathers a side's values into packed order (reals, or complex pairs). */
static double *gather(const real_case *rc, const lay *s, int complex_side, const double *x)
{
  size_t per = prod(rc->rank, s->n), w = complex_side ? 2 : 1;
  double *g = malloc(8 * w * per * rc->batch + 8);
  for (size_t b = 0; b < rc->batch; ++b)
    for (size_t i = 0; i < per; ++i)
      for (size_t k = 0; k < w; ++k) g[w * (b * per + i) + k] = x[w * at(rc->rank, s, b, i) + k];
  return g;
}

/* Marks the reals a side addresses (complex side: both halves of each element). */
static void mark(const real_case *rc, const lay *s, int complex_side, char *m)
{
  size_t per = prod(rc->rank, s->n), w = complex_side ? 2 : 1;
  for (size_t b = 0; b < rc->batch; ++b)
    for (size_t i = 0; i < per; ++i)
      for (size_t k = 0; k < w; ++k) m[w * at(rc->rank, s, b, i) + k] = 1;
}

/* Runs rc on random data (seed); hermitian: the C2R input made Hermitian first (its Hermitian
 * part).  Checks the error against FFTW, the sentinels and the unchanged input; returns the
 * output side's packed values (caller frees) and the plan string in name. */
static double *run_case(const real_case *rc, unsigned seed, int hermitian, char *name, size_t len)
{
  test_env *t = test_env_get();
  ppfft_desc d = desc_of(rc);
  ppfft_plan *p = NULL;
  ppfft_status s = rc->plan ? ppfft_plan_create_variant(t->ctx, &d, rc->plan, &p) : ppfft_plan_create(t->ctx, &d, 0, &p);
  ck_assert_msg(s == PPFFT_SUCCESS, "plan %s: %s", rc->plan ? rc->plan : "", ppfft_context_last_error(t->ctx));
  char desc[1024];
  ck_assert_int_eq(ppfft_plan_describe(p, desc, sizeof desc), PPFFT_SUCCESS);
  if (name) snprintf(name, len, "%s", desc);
  lay rl, cl;
  layouts(rc, &rl, &cl);
  int r2c = rc->kind == PPFFT_R2C;
  bufs b = {rl.span, 2 * cl.span, NULL, NULL, NULL, {NULL, NULL}};
  if (rc->inplace) b.nr = b.nc = b.nr > b.nc ? b.nr : b.nc;
  b.hr = malloc(8 * b.nr + 8);
  b.hc = rc->inplace ? b.hr : malloc(8 * b.nc + 8);
  double *in_host = r2c ? b.hr : b.hc, *out_host = r2c ? b.hc : b.hr;
  size_t nin = r2c ? b.nr : b.nc, nout = r2c ? b.nc : b.nr;
  test_random(in_host, nin, seed);
  if (!rc->inplace)
    for (size_t i = 0; i < nout; ++i) out_host[i] = SENTINEL;
  if (hermitian && !r2c) { /* X(i) = (X(i) + conj X(-i)) / 2 where both are stored (k = 0, N/2) */
    size_t T = prod(rc->rank, rc->n);
    for (size_t bt = 0; bt < rc->batch; ++bt)
      for (size_t i = 0; i < T; ++i) {
        size_t mi = mirror(rc->rank, rc->n, i), h = half_index(rc->rank, rc->n, i), hm = half_index(rc->rank, rc->n, mi);
        if (h == SIZE_MAX || hm == SIZE_MAX || hm < h) continue;
        double *x = b.hc + 2 * at(rc->rank, &cl, bt, h), *y = b.hc + 2 * at(rc->rank, &cl, bt, hm);
        double re = (x[0] + y[0]) / 2, im = (x[1] - y[1]) / 2;
        x[0] = y[0] = re, x[1] = im, y[1] = -im;
      }
  }
  if (!rc->f64) /* what the device holds */
    for (size_t i = 0; i < nin; ++i) in_host[i] = (float)in_host[i];
  double *before = malloc(8 * nin + 8);
  memcpy(before, in_host, 8 * nin);
  bufs_upload(rc, &b);
  s = execute(rc, p, &b);
  ck_assert_msg(s == PPFFT_SUCCESS, "execute %s: %s", desc, ppfft_context_last_error(t->ctx));
  /* the input, packed, and the reference from it */
  double *gin = gather(rc, r2c ? &rl : &cl, !r2c, before), *ref = reference(rc, gin);
  double *got_buf = malloc(8 * nout + 8);
  bufs_download(rc, &b, r2c, got_buf);
  double *got = gather(rc, r2c ? &cl : &rl, r2c, got_buf);
  size_t count = prod(rc->rank, r2c ? cl.n : rl.n) * rc->batch; /* values of the output side */
  double err;
  if (r2c) err = test_rel_error(got, ref, count);
  else { /* real values: as complex pairs with imaginary 0 */
    double *g2 = calloc(2 * count, 8), *r2 = calloc(2 * count, 8);
    for (size_t i = 0; i < count; ++i) g2[2 * i] = got[i], r2[2 * i] = ref[i];
    err = test_rel_error(g2, r2, count);
    free(g2);
    free(r2);
  }
  size_t T = prod(rc->rank, rc->n);
  ck_assert_msg(err < test_bound(T, rc->f64), "%s %s: error %g beyond %g", r2c ? "R2C" : "C2R", desc, err, test_bound(T, rc->f64));
  /* nothing outside the output layout written; out of place, the input unchanged */
  char *addressed = calloc(nout + 1, 1);
  mark(rc, r2c ? &cl : &rl, r2c, addressed);
  if (rc->inplace) mark(rc, r2c ? &rl : &cl, !r2c, addressed); /* in place C2R may use its whole layout */
  for (size_t i = 0; i < nout; ++i)
    if (!addressed[i]) {
      double want = rc->inplace ? before[i] : SENTINEL;
      ck_assert_msg(got_buf[i] == want, "%s: real %zu of the output buffer (outside the layout) changed: %g, was %g", desc, i, got_buf[i], want);
    }
  if (!rc->inplace) {
    double *after = malloc(8 * nin + 8);
    bufs_download(rc, &b, !r2c, after);
    for (size_t i = 0; i < nin; ++i) ck_assert_msg(after[i] == before[i], "%s: the input changed at real %zu", desc, i);
    free(after);
  }
  free(addressed);
  free(got_buf);
  free(gin);
  free(ref);
  free(before);
  bufs_release(rc, &b);
  if (!rc->inplace) free(b.hc);
  free(b.hr);
  ppfft_plan_destroy(p);
  return got;
}

static int runnable(const real_case *rc)
{
  return !rc->f64 || test_has_fp64("f64 cases");
}

/* make check: small kernels only (a cold PoCL build costs about a second each) */
static const real_case quick[] = {
  /* 1D packed, out of place and in place, batches */
  {PPFFT_R2C, 1, {16}, 3, 0, 0, 0, {0}, {0}, 0, 0, 0, 0, NULL},
  {PPFFT_C2R, 1, {16}, 3, 0, 0, 0, {0}, {0}, 0, 0, 0, 0, NULL},
  {PPFFT_R2C, 1, {16}, 2, 0, 1, 0, {0}, {0}, 0, 0, 0, 0, NULL},
  {PPFFT_C2R, 1, {16}, 2, 0, 1, 0, {0}, {0}, 0, 0, 0, 0, NULL},
  /* strides with distances and offsets, a planar complex side, f64 */
  {PPFFT_R2C, 1, {8}, 3, 1, 0, 1, {2}, {1}, 19, 7, 3, 2, NULL},
  /* C2R's complex dimensions through the temporary buffer, planar input; R2C in place in 3D */
  {PPFFT_C2R, 2, {4, 8}, 2, 1, 0, 1, {0}, {0}, 0, 0, 0, 0, NULL},
  {PPFFT_R2C, 3, {4, 2, 8}, 2, 0, 1, 0, {0}, {0}, 0, 0, 0, 0, NULL},
  /* the fast path with several work-items a transform (the pairing through local memory), and the
   * general path (a complex transform of N points) */
  {PPFFT_R2C, 1, {128}, 3, 0, 0, 0, {0}, {0}, 0, 0, 0, 0, "r8x8/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU/wg16/t2"},
  {PPFFT_C2R, 1, {128}, 3, 0, 0, 0, {0}, {0}, 0, 0, 0, 0, "r8x8/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU/wg16/t2"},
  /* in place, several work-items a transform: X_(M-k) is read by one work-item and overwritten by
   * another (tests/oclgrind.sh runs this set with --data-races); owned loads (gen/real.c's
   * gen_c2r_half_load_pairs: the owner of k < M/2 reads X_k and X_(M-k) and hands Z_(M-k) over
   * as a real2 word), two transforms a work-group, the last one absent */
  {PPFFT_C2R, 1, {128}, 3, 0, 1, 0, {0}, {0}, 0, 0, 0, 0, "r8x8/RP+LM-CM+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg16/t2"},
  {PPFFT_R2C, 1, {16}, 3, 0, 0, 0, {0}, {0}, 0, 0, 0, 0, "r16/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU/wg4/t4"},
  {PPFFT_C2R, 1, {16}, 3, 0, 0, 0, {0}, {0}, 0, 0, 0, 0, "r16/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU/wg4/t4"},
  /* the fast R2C stored from owned slots (gen/real.c's r2c_pair_and_store): the owner of k <= M/2
   * stores X_k and X_(M-k); two transforms a work-group, the last one absent; unrolled and not,
   * f64 in place */
  {PPFFT_R2C, 1, {512}, 3, 0, 0, 0, {0}, {0}, 0, 0, 0, 0, "r16x16/RP+LM-CM+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg32/t2"},
  {PPFFT_R2C, 1, {64}, 3, 1, 1, 0, {0}, {0}, 0, 0, 0, 0, "r4x8/RP+LM-CM+DIRECT+VASM2+TW-GM+CSE+IL/wg8/t2"},
  /* the fast R2C paired through XR2's half plane, a part at a time (Z_(M-k) parked in a slot), in place */
  {PPFFT_R2C, 1, {128}, 3, 0, 1, 0, {0}, {0}, 0, 0, 0, 0, "r8x8/RP+LM-CM+XR2+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg16/t2"},
  /* the fast C2R's owned loads into PAIR's plane of real2 words (XR2 leaves M/2 of them), all under
   * one test of the transform: two transforms a work-group, the last one absent */
  {PPFFT_C2R, 1, {128}, 3, 0, 0, 0, {0}, {0}, 0, 0, 0, 0, "r8x8/RP+LM-CM+XR2+PAIR+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg16/t2"},
};

/* make check-full: more shapes and layouts */
static const real_case more[] = {
  {PPFFT_R2C, 1, {32}, 2, 1, 1, 0, {0}, {0}, 0, 0, 0, 0, NULL},
  {PPFFT_C2R, 1, {32}, 2, 1, 1, 0, {0}, {0}, 0, 0, 0, 0, NULL},
  {PPFFT_C2R, 1, {8}, 3, 0, 0, 1, {1}, {2}, 9, 11, 1, 4, NULL},
  {PPFFT_R2C, 2, {8, 16}, 2, 0, 0, 0, {0}, {0}, 0, 0, 0, 0, NULL},
  {PPFFT_C2R, 2, {8, 16}, 2, 0, 0, 0, {0}, {0}, 0, 0, 0, 0, NULL},
  {PPFFT_C2R, 3, {4, 2, 8}, 2, 0, 1, 0, {0}, {0}, 0, 0, 0, 0, NULL},
  {PPFFT_C2R, 3, {2, 4, 16}, 3, 1, 0, 0, {0}, {0}, 0, 0, 0, 0, NULL},
  {PPFFT_R2C, 2, {4, 8}, 2, 1, 0, 1, {0}, {0}, 0, 0, 0, 0, NULL},
  /* strided 2D: transposed complex side, padded real rows with an offset */
  {PPFFT_R2C, 2, {4, 8}, 2, 0, 0, 0, {24, 2}, {1, 4}, 100, 45, 5, 3, NULL},
  {PPFFT_C2R, 2, {4, 8}, 2, 0, 0, 0, {24, 2}, {1, 4}, 100, 45, 5, 3, NULL},
  /* the fast C2R's loads in the local-memory modes, the fast R2C in place with an exchange, f64;
   * general paths in place, planar and in 2D */
  /* real lengths whose general path needs more than one pass: the estimate takes the fast one */
  {PPFFT_R2C, 1, {16384}, 2, 0, 0, 0, {0}, {0}, 0, 0, 0, 0, NULL},
  {PPFFT_C2R, 1, {16384}, 2, 0, 1, 0, {0}, {0}, 0, 0, 0, 0, NULL},
  {PPFFT_C2R, 1, {128}, 3, 0, 0, 0, {0}, {0}, 0, 0, 0, 0, "r8x8/LM-CC+CGAP+VASM2+CM-K+CSE+IL+LU/wg16/t2"},
  {PPFFT_C2R, 1, {128}, 3, 0, 0, 0, {0}, {0}, 0, 0, 0, 0, "r8x8/LM-CT+CGAP+VASM2+TW-CALC+CSE+IL+LU/wg16/t2"},
  {PPFFT_R2C, 1, {256}, 2, 1, 1, 0, {0}, {0}, 0, 0, 0, 0, "r16x8/RP+LM-CM+DIRECT+VASM2+TW-GM+CSE+IL+LU/wg8/t1"},
  {PPFFT_C2R, 1, {256}, 2, 1, 1, 0, {0}, {0}, 0, 0, 0, 0, "r16x8/RP+LM-CM+DIRECT+VASM2+TW-GM+CSE+IL+LU/wg8/t1"},
  {PPFFT_R2C, 1, {32}, 2, 1, 1, 0, {0}, {0}, 0, 0, 0, 0, "r32/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU/wg2/t2"},
  {PPFFT_C2R, 1, {32}, 2, 0, 1, 0, {0}, {0}, 0, 0, 0, 0, "r4x8/LM-CC+CGAP+VASM2+CM-K+CSE+IL+LU/wg8/t2"},
  {PPFFT_R2C, 2, {4, 8}, 2, 0, 0, 1, {0}, {0}, 0, 0, 0, 0, "r8/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU/wg8/t8;r4/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU/wg8/t8"},
  {PPFFT_C2R, 2, {4, 8}, 2, 0, 0, 1, {0}, {0}, 0, 0, 0, 0, "r4/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU/wg8/t8;r8/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU/wg8/t8"},
  /* the fast C2R's owned loads: f64 in place, a loop (no LU); out of place; XR2, whose half plane
   * keeps the loads of both X_k and X_(M-k) at each element; PAIR's real2 plane; XR2 with one
   * transform a work-group */
  {PPFFT_C2R, 1, {64}, 3, 1, 1, 0, {0}, {0}, 0, 0, 0, 0, "r4x8/RP+LM-CM+DIRECT+VASM2+TW-GM+CSE+IL/wg8/t2"},
  {PPFFT_C2R, 1, {512}, 3, 0, 0, 0, {0}, {0}, 0, 0, 0, 0, "r16x16/RP+LM-CM+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg32/t2"},
  {PPFFT_C2R, 1, {512}, 3, 0, 1, 0, {0}, {0}, 0, 0, 0, 0, "r16x16/RP+LM-CM+XR2+DIRECT+VASM2+CM-K+CSE+IL+LU/wg32/t2"},
  {PPFFT_C2R, 1, {512}, 3, 0, 1, 0, {0}, {0}, 0, 0, 0, 0, "r16x16/RP+LM-CM+XR2+PAIR+DIRECT+VASM2+CM-K+CSE+IL+LU/wg32/t2"},
  {PPFFT_C2R, 1, {1024}, 2, 0, 0, 0, {0}, {0}, 0, 0, 0, 0, "r16x16x2/RP+LM-CM+XR2+DIRECT+VASM2+CM-K+CSE+IL+LU/wg32/t1"},
  /* in place, the staged C2R loads (CGAP) */
  {PPFFT_C2R, 1, {128}, 2, 0, 1, 0, {0}, {0}, 0, 0, 0, 0, "r8x8/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU/wg16/t2"},
  /* the fast R2C paired through XR2's half plane: f64 out of place in a loop (no LU); one transform
   * a work-group */
  {PPFFT_R2C, 1, {64}, 3, 1, 0, 0, {0}, {0}, 0, 0, 0, 0, "r4x8/RP+LM-CM+XR2+DIRECT+VASM2+TW-GM+CSE+IL/wg8/t2"},
  {PPFFT_R2C, 1, {1024}, 2, 0, 0, 0, {0}, {0}, 0, 0, 0, 0, "r16x16x2/RP+LM-CM+XR2+DIRECT+VASM2+CM-K+CSE+IL+LU/wg32/t1"},
};

/* A real dimension whose complex transform is split (issue 17): four-step passes forced by plan
 * strings (the fast path's N/2 = 32 as 4 x 8), with the R2C's pairing in the last pass (rows d and
 * 4 - d permuted into neighbours; 8 of them a work-group: two transforms' rows; three passes: 16
 * rows), or a pointwise pass after them (a strided layout whose lowest level is not the four-step
 * digit, Bluestein's), and the C2R's in the first pass's loads; and lengths with a prime factor above 13 through
 * Bluestein (even N on the fast path, N/2 = 17; odd N on the general one).  make check runs the
 * first four (about 8 kernels), check-full the rest. */
#define V4 "r4/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU/wg4/t4"
#define V8 "r8/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU/wg8/t8"
#define C4 "r4/RP+LM-CM+CGAP+COLS+VASM2+TW-GM+TWP+CSE+IL+LU/wg4/t4"
#define C8 "r8/RP+LM-CM+CGAP+COLS+VASM2+CM-K+CSE+IL+LU/wg8/t8"
static const real_case split_cases[] = {
  {PPFFT_R2C, 1, {64}, 3, 0, 0, 0, {0}, {0}, 0, 0, 0, 0, V4 ";" V8},
  {PPFFT_C2R, 1, {64}, 3, 0, 0, 0, {0}, {0}, 0, 0, 0, 0, V4 ";" V8},
  {PPFFT_R2C, 1, {34}, 2, 0, 0, 0, {0}, {0}, 0, 0, 0, 0, NULL},
  {PPFFT_C2R, 1, {17}, 2, 0, 0, 0, {0}, {0}, 0, 0, 0, 0, NULL},
  /* check-full: in place, strides with distances and offsets, planar, f64, three passes, 2D and 3D */
  {PPFFT_C2R, 1, {34}, 2, 0, 0, 0, {0}, {0}, 0, 0, 0, 0, NULL},
  {PPFFT_R2C, 1, {17}, 2, 0, 0, 0, {0}, {0}, 0, 0, 0, 0, NULL},
  {PPFFT_R2C, 1, {64}, 2, 0, 1, 0, {0}, {0}, 0, 0, 0, 0, V4 ";" V8},
  {PPFFT_C2R, 1, {64}, 2, 0, 1, 0, {0}, {0}, 0, 0, 0, 0, V4 ";" V8},
  {PPFFT_R2C, 1, {64}, 3, 1, 0, 1, {2}, {3}, 131, 101, 3, 2, V8 ";" V4},
  {PPFFT_C2R, 1, {64}, 3, 1, 0, 1, {2}, {3}, 131, 101, 3, 2, V8 ";" V4},
  {PPFFT_R2C, 1, {128}, 2, 0, 0, 0, {0}, {0}, 0, 0, 0, 0, V4 ";" V4 ";" V4},
  {PPFFT_C2R, 1, {128}, 2, 0, 0, 0, {0}, {0}, 0, 0, 0, 0, V4 ";" V4 ";" V4},
  {PPFFT_R2C, 2, {4, 64}, 2, 0, 1, 0, {0}, {0}, 0, 0, 0, 0, V4 ";" V8 ";" V4},
  {PPFFT_C2R, 2, {4, 64}, 2, 0, 0, 1, {0}, {0}, 0, 0, 0, 0, V4 ";" V4 ";" V8},
  {PPFFT_R2C, 3, {2, 4, 64}, 2, 1, 0, 0, {0}, {0}, 0, 0, 0, 0, V4 ";" V8 ";" V4 ";r2/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU/wg2/t2"},
  {PPFFT_C2R, 3, {2, 4, 64}, 2, 0, 1, 0, {0}, {0}, 0, 0, 0, 0, V4 ";r2/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU/wg2/t2;" V4 ";" V8},
  {PPFFT_R2C, 2, {6, 2 * 4099}, 1, 0, 0, 0, {0}, {0}, 0, 0, 0, 0, NULL},
  {PPFFT_C2R, 2, {6, 2 * 4099}, 1, 0, 1, 0, {0}, {0}, 0, 0, 0, 0, NULL},
  {PPFFT_R2C, 2, {17, 34}, 2, 1, 0, 1, {0}, {0}, 0, 0, 0, 0, NULL},
  {PPFFT_C2R, 2, {17, 34}, 2, 0, 1, 0, {0}, {0}, 0, 0, 0, 0, NULL},
  {PPFFT_R2C, 1, {38}, 3, 0, 0, 1, {3}, {2}, 120, 41, 1, 5, NULL},
  {PPFFT_C2R, 1, {38}, 3, 0, 0, 1, {3}, {2}, 120, 41, 1, 5, NULL},
  /* an odd smooth length through Bluestein (what the planner does where its N points fit no pass) */
  {PPFFT_R2C, 1, {45}, 2, 0, 1, 0, {0}, {0}, 0, 0, 0, 0, "r16x8/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU+BSF/wg16/t2;r16x8/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU+BSI/wg16/t2"},
  {PPFFT_C2R, 1, {45}, 2, 0, 1, 0, {0}, {0}, 0, 0, 0, 0, "r16x8/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU+BSF/wg16/t2;r16x8/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU+BSI/wg16/t2"},
  /* the R2C's pairing in the last of two passes: by COLS with two work-items a row (4 rows, 4 a
   * work-group), by DIRECT with four (2 rows: x = 0 and 1 mirror themselves), f64 in place */
  {PPFFT_R2C, 1, {128}, 3, 0, 0, 0, {0}, {0}, 0, 0, 0, 0, V4 ";r4x4/RP+LM-CM+CGAP+COLS+VASM2+TW-GM+TWP+CSE+IL+LU/wg8/t4"},
  {PPFFT_R2C, 1, {64}, 3, 1, 1, 0, {0}, {0}, 0, 0, 0, 0, "r2/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU/wg2/t2;r4x4/RP+LM-CM+DIRECT+VASM2+TW-GM+CSE+IL+LU/wg8/t2"},
  /* every split real pass by COLS: the R2C's pairs of reals and the C2R's Hermitian loads and
   * paired real stores straight from and to the registers (two and three passes, in place, f64) */
  {PPFFT_R2C, 1, {64}, 3, 0, 0, 0, {0}, {0}, 0, 0, 0, 0, C4 ";" C8},
  {PPFFT_C2R, 1, {64}, 3, 0, 0, 0, {0}, {0}, 0, 0, 0, 0, C4 ";" C8},
  {PPFFT_R2C, 1, {128}, 2, 1, 1, 0, {0}, {0}, 0, 0, 0, 0, C4 ";" C4 ";" C4},
  {PPFFT_C2R, 1, {128}, 2, 1, 1, 0, {0}, {0}, 0, 0, 0, 0, C4 ";" C4 ";" C4},
};
enum { SPLIT_QUICK = 4 };

START_TEST(test_split)
{
  const real_case *rc = &split_cases[_i];
  if ((_i >= SPLIT_QUICK && !test_full()) || !runnable(rc)) return;
  char name[1024];
  free(run_case(rc, 60 + (unsigned)_i, 0, name, sizeof name));
  if (test_verbose()) printf("  split %s rank %d n[last] %zu: %s\n", rc->kind == PPFFT_R2C ? "R2C" : "C2R", rc->rank, rc->n[rc->rank - 1], name);
}
END_TEST

/* The complex dimensions' column passes by COLS (issue 17): n/2+1 columns of the complex side,
 * neighbours in memory, whose count t does not divide (R2C and C2R, in place, f64, 3D). */
#define VR "r8/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU/wg4/t4"
#define VC "r4x4/RP+LM-CM+CGAP+COLS+VASM2+TW-GM+TWP+CSE+IL+LU/wg8/t4"
#define VC8 "r4x2/RP+LM-CM+CGAP+COLS+VASM2+CM-K+CSE+IL+LU/wg16/t8"
static const real_case cols_cases[] = {
  {PPFFT_R2C, 2, {16, 16}, 2, 0, 0, 0, {0}, {0}, 0, 0, 0, 0, VR ";" VC},
  {PPFFT_C2R, 2, {16, 16}, 2, 0, 0, 0, {0}, {0}, 0, 0, 0, 0, VC ";" VR},
  /* check-full */
  {PPFFT_R2C, 2, {16, 16}, 3, 1, 1, 0, {0}, {0}, 0, 0, 0, 0, VR ";" VC},
  {PPFFT_C2R, 2, {16, 16}, 3, 1, 1, 0, {0}, {0}, 0, 0, 0, 0, VC ";" VR},
  {PPFFT_R2C, 3, {16, 8, 16}, 2, 0, 0, 0, {0}, {0}, 0, 0, 0, 0, VR ";" VC8 ";" VC},
  {PPFFT_C2R, 3, {16, 8, 16}, 2, 0, 1, 0, {0}, {0}, 0, 0, 0, 0, VC8 ";" VC ";" VR}, /* (C2R: dimension 1, then 0) */
};
enum { COLS_QUICK = 2 };

START_TEST(test_cols)
{
  const real_case *rc = &cols_cases[_i];
  if ((_i >= COLS_QUICK && !test_full()) || !runnable(rc)) return;
  free(run_case(rc, 80 + (unsigned)_i, 0, NULL, 0));
}
END_TEST

/* check-full: real lengths beyond one pass (the estimate splits N/2 four-step, or for an odd N takes
 * Bluestein's), 1D 2^15..2^22 and a 2D shape whose last dimension is that long, both kinds, f32 and
 * f64. */
START_TEST(test_long)
{
  if (!test_full()) return;
  static const struct { int rank; size_t n[2], batch; int f64, inplace; } L[] = {
    {1, {1u << 15}, 2, 0, 0}, {1, {1u << 16}, 1, 1, 1}, {1, {1u << 18}, 1, 0, 1}, {1, {1u << 20}, 1, 0, 0}, {1, {1u << 22}, 1, 1, 0},
    {2, {6, 1u << 16}, 1, 0, 0}, {1, {3u << 14}, 1, 0, 0}, {1, {2u * 65537}, 1, 0, 0},
    {1, {531441}, 1, 0, 0}, /* 3^12: odd, beyond one pass (on PoCL too): the general path through Bluestein */
  };
  for (size_t i = 0; i < sizeof L / sizeof L[0]; ++i)
    for (int k = 0; k < 2; ++k) {
      real_case rc = {k ? PPFFT_C2R : PPFFT_R2C, L[i].rank, {L[i].n[0], L[i].n[1]}, L[i].batch, L[i].f64, L[i].inplace, 0, {0}, {0}, 0, 0, 0, 0, NULL};
      if (!runnable(&rc)) return;
      char name[1024];
      double t0 = test_now();
      free(run_case(&rc, 90 + (unsigned)i, 0, name, sizeof name));
      if (test_verbose())
        printf("  long %s rank %d n[last] %zu%s: %s (%.1f s)\n", k ? "C2R" : "R2C", rc.rank, rc.n[rc.rank - 1], rc.f64 ? " f64" : "", name, test_now() - t0);
    }
}
END_TEST

/* y = pb(pf(x)) on the device: x and y hold xs reals (f32), the middle side zs; zeros around. */
static void run_round_trip(test_env *t, ppfft_plan *pf, ppfft_plan *pb, const double *x, size_t xs, size_t zs, double *y)
{
  double *zero = calloc(zs > xs ? zs : xs, 8);
  ck_assert_ptr_nonnull(zero);
  cl_mem mx = upload_reals(x, xs, 0), mz = upload_reals(zero, zs, 0), my = upload_reals(zero, xs, 0);
  ck_assert_int_eq(ppfft_execute(pf, t->q, mx, mz, 0, NULL, NULL), PPFFT_SUCCESS);
  ck_assert_int_eq(ppfft_execute(pb, t->q, mz, my, 0, NULL, NULL), PPFFT_SUCCESS);
  download_reals(my, y, xs, 0);
  clReleaseMemObject(mx);
  clReleaseMemObject(mz);
  clReleaseMemObject(my);
  free(zero);
}

/* The round trips of length n (batch transforms, f32, the estimate's plans, out of place):
 * backward(forward(x)) = n x for C2C into *err_c, C2R(R2C(x)) = n x into *err_r. */
static void round_trips(size_t n, size_t batch, double *err_c, double *err_r)
{
  test_env *t = test_env_get();
  for (int real = 0; real < 2; ++real) {
    ppfft_desc d;
    ppfft_desc_init(&d, 1, &n, batch);
    ppfft_plan *pf = NULL, *pb = NULL;
    if (real) d.kind = PPFFT_R2C;
    ck_assert_msg(ppfft_plan_create(t->ctx, &d, 0, &pf) == PPFFT_SUCCESS, "N = %zu: %s", n, ppfft_context_last_error(t->ctx));
    if (real) d.kind = PPFFT_C2R;
    else d.direction = PPFFT_BACKWARD;
    ck_assert_msg(ppfft_plan_create(t->ctx, &d, 0, &pb) == PPFFT_SUCCESS, "N = %zu: %s", n, ppfft_context_last_error(t->ctx));
    size_t xs = (real ? 1 : 2) * n * batch, zs = real ? 2 * (n / 2 + 1) * batch : xs; /* reals of each side */
    double *x = malloc(8 * xs), *y = malloc(8 * xs);
    test_random(x, xs, (unsigned)n);
    for (size_t i = 0; i < xs; ++i) x[i] = (float)x[i];
    run_round_trip(t, pf, pb, x, xs, zs, y);
    double e = test_real_error(y, x, (double)n, xs);
    *(real ? err_r : err_c) = e;
    ck_assert_msg(e < 2 * test_bound(n, 0), "N = %zu %s round trip error %g", n, real ? "real" : "complex", e);
    free(x);
    free(y);
    ppfft_plan_destroy(pf);
    ppfft_plan_destroy(pb);
  }
}

/* check-full: a random sample of lengths to 2^24 (log-uniform, the seed printed), C2C and R2C/C2R
 * round trips.  PPFFT_TEST_LENGTHS=A:B[:S] (any run of this tcase) instead takes every S-th length
 * from A to B: issue 17's "every length 2..1024" is PPFFT_TEST_LENGTHS=2:1024, too slow for make
 * check on PoCL (README, Tests). */
START_TEST(test_lengths)
{
  const char *env = getenv("PPFFT_TEST_LENGTHS");
  size_t a = 0, b = 0, step = 1;
  if (env && sscanf(env, "%zu:%zu:%zu", &a, &b, &step) < 2) ck_abort_msg("PPFFT_TEST_LENGTHS=%s: A:B[:S]", env);
  if (!env && !test_full()) return;
  enum { SAMPLE = 16 };
  unsigned seed = 20261124u, state = seed;
  size_t count = env ? (b >= a ? (b - a) / (step ? step : 1) + 1 : 0) : SAMPLE;
  if (!env) printf("  random lengths: seed %u, %d lengths log-uniform in [2, 2^24]\n", seed, (int)SAMPLE);
  double start = test_now(), worst_c = 0, worst_r = 0;
  for (size_t i = 0; i < count; ++i) {
    size_t n = a + i * (step ? step : 1);
    if (!env) {
      state = state * 1664525u + 1013904223u; /* a fixed sequence (Numerical Recipes' LCG) */
      n = (size_t)exp2(1.0 + 23.0 * (double)(state >> 8) / (double)(1u << 24));
    }
    double ec = 0, er = 0, t0 = test_now();
    round_trips(n, n >= (1u << 18) ? 1 : ((size_t)1 << 18) / n, &ec, &er);
    worst_c = ec > worst_c ? ec : worst_c;
    worst_r = er > worst_r ? er : worst_r;
    if (!env || test_verbose()) printf("  N = %zu: round trips C2C %.2g, real %.2g (%.1f s)\n", n, ec, er, test_now() - t0);
  }
  printf("  %zu lengths: worst round trip C2C %.2g, real %.2g, %.1f s\n", count, worst_c, worst_r, test_now() - start);
}
END_TEST

START_TEST(test_agree)
{
  const real_case *rc = &quick[_i];
  if (!runnable(rc)) return;
  char name[1024];
  free(run_case(rc, 5 + (unsigned)_i, 0, name, sizeof name));
  if (test_verbose()) printf("  %s rank %d n[last] %zu: %s\n", rc->kind == PPFFT_R2C ? "R2C" : "C2R", rc->rank, rc->n[rc->rank - 1], name);
}
END_TEST

/* C2R(X) = C2R(Hermitian part of X): only the elements whose mirror is stored too differ. */
START_TEST(test_hermitian_part)
{
  const real_case *rc = &quick[_i ? 5 : 1];
  double *a = run_case(rc, 3, 0, NULL, 0), *h = run_case(rc, 3, 1, NULL, 0);
  size_t count = prod(rc->rank, rc->n) * rc->batch;
  double e = test_real_error(a, h, 1, count);
  ck_assert_msg(e < test_bound(prod(rc->rank, rc->n), rc->f64), "C2R of X and of its Hermitian part differ by %g", e);
  free(a);
  free(h);
}
END_TEST

/* C2R(R2C(x)) = N x, device to device. */
START_TEST(test_round_trip)
{
  test_env *t = test_env_get();
  real_case f = _i ? more[3] : quick[0], bk = _i ? more[4] : quick[1];
  if (_i && !test_full()) return;
  ppfft_desc df = desc_of(&f), db = desc_of(&bk);
  ppfft_plan *pf = NULL, *pb = NULL;
  ck_assert_int_eq(ppfft_plan_create(t->ctx, &df, 0, &pf), PPFFT_SUCCESS);
  ck_assert_int_eq(ppfft_plan_create(t->ctx, &db, 0, &pb), PPFFT_SUCCESS);
  lay rl, cl;
  layouts(&f, &rl, &cl);
  double *x = malloc(8 * rl.span), *y = malloc(8 * rl.span);
  test_random(x, rl.span, 9);
  for (size_t i = 0; i < rl.span; ++i) x[i] = (float)x[i];
  run_round_trip(t, pf, pb, x, rl.span, 2 * cl.span, y);
  size_t T = prod(f.rank, f.n);
  double e = test_real_error(y, x, (double)T, rl.span);
  ck_assert_msg(e < 2 * test_bound(T, 0), "round trip error %g", e);
  free(x);
  free(y);
  ppfft_plan_destroy(pf);
  ppfft_plan_destroy(pb);
}
END_TEST

/* Odd last dimensions go through the general path once their complex length is supported. */
START_TEST(test_odd)
{
  real_case rc = {_i ? PPFFT_C2R : PPFFT_R2C, 2, {4, 15}, 2, 0, 0, 0, {0}, {0}, 0, 0, 0, 0, NULL};
  test_env *t = test_env_get();
  ppfft_desc d = desc_of(&rc);
  ppfft_plan *p = NULL;
  ppfft_status s = ppfft_plan_create(t->ctx, &d, 0, &p);
  if (s == PPFFT_ERROR_UNSUPPORTED) {
    test_skip("odd real length 15: %s", ppfft_context_last_error(t->ctx));
    return;
  }
  ppfft_plan_destroy(p);
  free(run_case(&rc, 4, 0, NULL, 0));
}
END_TEST

/* Layouts that cannot work, each INVALID_LAYOUT (no device work: plan creation fails first). */
START_TEST(test_bad_layouts)
{
  test_env *t = test_env_get();
  size_t n[1] = {16};
  ppfft_desc d;
  ppfft_plan *p = (ppfft_plan *)1;
  struct {
    ppfft_kind kind;
    int inplace, in_planar, out_planar;
    size_t is, os, idist, odist, ioff, ooff, batch;
    const char *why;
  } bad[] = {
    {PPFFT_R2C, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, "planar real side"},
    {PPFFT_C2R, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, "planar real output"},
    {PPFFT_R2C, 1, 0, 1, 0, 0, 0, 0, 0, 0, 1, "planar in place"},
    {PPFFT_R2C, 1, 0, 0, 2, 1, 0, 0, 0, 0, 1, "last strides differ"},
    {PPFFT_R2C, 1, 0, 0, 0, 0, 16, 9, 0, 0, 2, "dists differ in bytes"},
    {PPFFT_C2R, 1, 0, 0, 0, 0, 0, 0, 1, 1, 1, "offsets differ in bytes"},
    {PPFFT_R2C, 1, 0, 0, 0, 0, 16, 8, 0, 0, 2, "rows share bytes (complex rows of 9 values, 8 apart)"},
    {PPFFT_C2R, 1, 0, 0, 4, 4, 1, 2, 0, 0, 4, "interleaved rows in place"},
    {PPFFT_R2C, 0, 0, 0, 0, 0, 0, 4, 0, 0, 2, "complex output rows overlap"},
  };
  for (size_t k = 0; k < sizeof bad / sizeof bad[0]; ++k) {
    ppfft_desc_init(&d, 1, n, bad[k].batch);
    d.kind = bad[k].kind;
    d.inplace = bad[k].inplace;
    d.in_layout = bad[k].in_planar ? PPFFT_PLANAR : PPFFT_INTERLEAVED;
    d.out_layout = bad[k].out_planar ? PPFFT_PLANAR : PPFFT_INTERLEAVED;
    d.in_strides[0] = bad[k].is;
    d.out_strides[0] = bad[k].os;
    d.in_dist = bad[k].idist;
    d.out_dist = bad[k].odist;
    d.in_offset = bad[k].ioff;
    d.out_offset = bad[k].ooff;
    p = (ppfft_plan *)1;
    ppfft_status s = ppfft_plan_create(t->ctx, &d, 0, &p);
    ck_assert_msg(s == PPFFT_ERROR_INVALID_LAYOUT, "%s: status %d (%s)", bad[k].why, (int)s, ppfft_context_last_error(t->ctx));
    ck_assert_ptr_null(p);
    ck_assert_str_ne(ppfft_context_last_error(t->ctx), "");
  }
  /* direction is ignored, but an unknown value is still an error */
  ppfft_desc_init(&d, 1, n, 1);
  d.kind = PPFFT_C2R;
  d.direction = (ppfft_direction)7;
  ck_assert_int_eq(ppfft_plan_create(t->ctx, &d, 0, &p), PPFFT_ERROR_INVALID_ARGUMENT);
}
END_TEST

/* Buffers one element too small on either side, in that side's own units: BUFFER_TOO_SMALL, and
 * exactly large enough: success. */
START_TEST(test_small_buffers)
{
  test_env *t = test_env_get();
  const real_case *rc = &quick[_i];
  ppfft_desc d = desc_of(rc);
  ppfft_plan *p = NULL;
  ck_assert_int_eq(ppfft_plan_create(t->ctx, &d, 0, &p), PPFFT_SUCCESS);
  lay rl, cl;
  layouts(rc, &rl, &cl);
  int r2c = rc->kind == PPFFT_R2C;
  size_t rs = 4, need_in = r2c ? rl.span * rs : cl.span * 2 * rs, need_out = r2c ? cl.span * 2 * rs : rl.span * rs;
  for (int side = 0; side < 2; ++side)
    for (int shortby = 1; shortby >= 0; --shortby) {
      cl_int e;
      size_t bi = need_in - (side == 0 ? shortby * rs : 0), bo = need_out - (side == 1 ? shortby * rs : 0);
      cl_mem mi = clCreateBuffer(t->cl, CL_MEM_READ_WRITE, bi, NULL, &e), mo = clCreateBuffer(t->cl, CL_MEM_READ_WRITE, bo, NULL, &e);
      ppfft_status s = ppfft_execute(p, t->q, mi, mo, 0, NULL, NULL);
      ck_assert_msg(s == (shortby ? PPFFT_ERROR_BUFFER_TOO_SMALL : PPFFT_SUCCESS), "side %d short by %d: %s", side, shortby,
                    ppfft_context_last_error(t->ctx));
      clFinish(t->q);
      clReleaseMemObject(mi);
      clReleaseMemObject(mo);
    }
  ppfft_plan_destroy(p);
}
END_TEST

/* check-full: MEASURE times the fast path against the general one; wisdom keys the winner as a
 * real problem, and the plan from wisdom computes the same transform. */
START_TEST(test_measure)
{
  if (!test_full()) return;
  test_env *t = test_env_get();
  for (int k = 0; k < 2; ++k) {
    real_case rc = {k ? PPFFT_C2R : PPFFT_R2C, 1, {64}, 4, 0, 0, 0, {0}, {0}, 0, 0, 0, 0, NULL};
    ppfft_desc d = desc_of(&rc);
    ppfft_plan *p = NULL;
    ck_assert_msg(ppfft_plan_create(t->ctx, &d, PPFFT_MEASURE, &p) == PPFFT_SUCCESS, "%s", ppfft_context_last_error(t->ctx));
    ppfft_plan_destroy(p);
    char *w = ppfft_wisdom_export_string(t->ctx);
    ck_assert_ptr_nonnull(w);
    ck_assert_msg(strstr(w, k ? "c2r:f32:bwd:oop:n64:packed" : "r2c:f32:fwd:oop:n64:packed"), "%s", w);
    free(w);
    free(run_case(&rc, 77, 0, NULL, 0)); /* ESTIMATE now answers from that wisdom */
  }
}
END_TEST

/* check-full: every power-of-two last length up to 4096 in 1D, and 2D/3D shapes, both kinds, both
 * precisions, in and out of place. */
START_TEST(test_sweep)
{
  if (!test_full()) return;
  for (size_t N = 1, lg = 0; N <= 4096; N *= 2, ++lg)
    for (int k = 0; k < 8; ++k) {
      if (N >= 256 && (k + lg) % 2) continue; /* long lengths: half the combinations, in turn */
      real_case rc = {k & 1 ? PPFFT_C2R : PPFFT_R2C, 1, {N}, 3, (k >> 1) & 1, (k >> 2) & 1, 0, {0}, {0}, 0, 0, 0, 0, NULL};
      if (!runnable(&rc)) return;
      free(run_case(&rc, (unsigned)(N + k), 0, NULL, 0));
    }
  for (size_t k = 0; k < sizeof more / sizeof more[0]; ++k)
    if (runnable(&more[k])) free(run_case(&more[k], 40 + (unsigned)k, 0, NULL, 0));
  static const size_t shapes[][3] = {{2, 2, 0}, {16, 32, 0}, {64, 128, 0}, {2, 4, 4}, {8, 8, 16}, {4, 16, 2}};
  for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; ++s)
    for (int k = 0; k < 16; ++k) {
      int rank = shapes[s][2] ? 3 : 2;
      real_case rc = {k & 1 ? PPFFT_C2R : PPFFT_R2C, rank, {shapes[s][0], shapes[s][1], shapes[s][2]}, 2, (k >> 1) & 1, (k >> 2) & 1,
                      (k >> 3) & 1, {0}, {0}, 0, 0, 0, 0, NULL};
      if (rc.inplace && rc.planar) continue;
      if (!runnable(&rc)) return;
      free(run_case(&rc, (unsigned)(s + k), 0, NULL, 0));
    }
}
END_TEST

Suite *make_real_suite(void)
{
  Suite *s = suite_create("real");
  TCase *tc = test_tcase("agree");
  tcase_add_loop_test(tc, test_agree, 0, (int)(sizeof quick / sizeof quick[0]));
  tcase_add_loop_test(tc, test_hermitian_part, 0, 2);
  tcase_add_loop_test(tc, test_round_trip, 0, 2);
  tcase_add_loop_test(tc, test_odd, 0, 2);
  tcase_add_loop_test(tc, test_split, 0, (int)(sizeof split_cases / sizeof split_cases[0]));
  tcase_add_loop_test(tc, test_cols, 0, (int)(sizeof cols_cases / sizeof cols_cases[0]));
  tcase_set_timeout(tc, 600);
  suite_add_tcase(s, tc);
  tc = test_tcase("errors");
  tcase_add_test(tc, test_bad_layouts);
  tcase_add_loop_test(tc, test_small_buffers, 0, 2);
  suite_add_tcase(s, tc);
  tc = test_tcase("sweep");
  tcase_add_test(tc, test_sweep);
  tcase_add_test(tc, test_measure);
  tcase_set_timeout(tc, 3600);
  suite_add_tcase(s, tc);
  tc = test_tcase("long");
  tcase_add_test(tc, test_long);
  tcase_add_test(tc, test_lengths);
  tcase_set_timeout(tc, 3600);
  suite_add_tcase(s, tc);
  return s;
}
