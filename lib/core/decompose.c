/* decompose: dimensions and four-step factors into passes (see core/decompose.h for the scheme). */
#include "core/decompose.h"
#include "core/rader.h"
#include <stdio.h>
#include <stdlib.h>

typedef struct level {
  size_t count, din, dout;
  int tw; /* the four-step twiddle's index */
} level;

/* One dimension's 1D sub-transform: length L along strides sin/sout, its other indices as levels. */
typedef struct sub {
  size_t L;
  buffer_role src, dst;
  size_t sin, sout, oin, oout;
  int pin, pout;
  size_t pair_in, pair_out; /* a split real dimension's fast path: its real side's pair stride (problem.h's
                             * pair_stride; sin or sout then count reals between z_k's), else 0 */
  size_t otmp; /* where the temporary buffer's scratch starts (after a C2R's intermediate or
                * Bluestein's rows) */
  int nlev;
  level lev[PROBLEM_MAX_LEVELS];
} sub;

/* The splits whose factors from i on multiply to rest, after the prefix in cur; div[0..nd-1] are
 * L's divisors, ascending. */
static int splits_from(int i, int k, size_t rest, size_t lo, const size_t *div, int nd, size_t *cur,
                       size_t (*f)[DECOMPOSE_MAX_FACTORS], int count, int max)
{
  if (i == k - 1) {
    if (rest < lo) return count;
    cur[i] = rest;
    if (count < max)
      for (int j = 0; j < k; ++j) f[count][j] = cur[j];
    return count + 1;
  }
  for (int j = 0; j < nd && div[j] <= rest; ++j) {
    if (div[j] < lo || rest % div[j]) continue;
    cur[i] = div[j];
    count = splits_from(i + 1, k, rest / div[j], lo, div, nd, cur, f, count, max);
  }
  return count;
}

int decompose_splits(size_t L, int k, size_t min_factor, size_t (*f)[DECOMPOSE_MAX_FACTORS], int max)
{
  if (L == 0 || k < 1 || k > DECOMPOSE_MAX_FACTORS) return 0;
  size_t nd = 0;
  for (size_t d = 1; d <= L / d; ++d) nd += L % d == 0 ? 2 : 0; /* each divisor up to sqrt L and its partner */
  size_t *div = malloc(nd * sizeof *div);
  if (!div) return 0;
  size_t lowc = 0, n;
  for (size_t d = 1; d <= L / d; ++d) /* the divisors up to sqrt L ascending, then their partners */
    if (L % d == 0) div[lowc++] = d;
  n = lowc;
  for (size_t j = lowc; j-- > 0;)
    if (L / div[j] != div[j]) div[n++] = L / div[j];
  size_t cur[DECOMPOSE_MAX_FACTORS];
  int count = splits_from(0, k, L, min_factor < 1 ? 1 : min_factor, div, (int)n, cur, f, 0, max);
  free(div);
  return count;
}

size_t decompose_fft_length(const transform *t, const split *sp, int d)
{
  if (sp->bluestein[d]) return sp->bluestein[d];
  return sp->real_half && t->kind != PPFFT_C2C && d == t->rank - 1 ? t->n[d] / 2 : t->n[d];
}

int decompose_dims(const transform *t, int *dims)
{
  int k = 0, last = t->rank - 1;
  if (t->kind == PPFFT_C2R) { /* the complex dimensions first, the real one last */
    for (int d = last - 1; d >= 0; --d)
      if (t->n[d] > 1) dims[k++] = d;
    dims[k++] = last;
    return k;
  }
  for (int d = last; d >= 0; --d)
    if (t->n[d] > 1 || (d == last && t->kind == PPFFT_R2C)) dims[k++] = d;
  if (k == 0) dims[k++] = t->rank - 1;
  return k;
}

/* Orders the levels so that one whose neighbouring transforms are neighbours in memory comes first
 * (a column pass then reads or writes across transforms), drops levels of one transform, and
 * merges neighbours that continue each other on both sides; leaves at least one level. */
static int normalise(level *lev, int n)
{
  for (int i = 1; i < n; ++i) /* stable: unit distances first */
    for (int j = i; j > 0 && (lev[j].din == 1 || lev[j].dout == 1) && !(lev[j - 1].din == 1 || lev[j - 1].dout == 1); --j) {
      level x = lev[j];
      lev[j] = lev[j - 1];
      lev[j - 1] = x;
    }
  int k = 0;
  for (int i = 0; i < n; ++i) {
    if (lev[i].count == 1 && !lev[i].tw) continue;
    if (k > 0 && !lev[k - 1].tw && !lev[i].tw && lev[k - 1].count * lev[k - 1].din == lev[i].din &&
        lev[k - 1].count * lev[k - 1].dout == lev[i].dout)
      lev[k - 1].count *= lev[i].count;
    else lev[k++] = lev[i];
  }
  if (k == 0) lev[k++] = (level){1, 0, 0, 0};
  return k;
}

/* A pass problem from its parts (levels already normalised). */
static int make_pass(const transform *t, size_t n, size_t sin, size_t sout, size_t oin, size_t oout, int pin, int pout,
                     const level *lev, int nlev, size_t twiddle_n, buffer_role src, buffer_role dst, pass_desc *out,
                     char *msg, size_t len)
{
  if (nlev > PROBLEM_MAX_LEVELS) {
    snprintf(msg, len, "the layout needs %d levels of transform index; at most %d are supported", nlev, PROBLEM_MAX_LEVELS);
    return -1;
  }
  problem *p = &out->pb;
  *p = (problem){0};
  p->n = n;
  p->f64 = t->f64;
  p->f16 = t->f16;
  p->sign = t->sign;
  p->inplace = src == dst;
  p->scale = 1.0;
  p->in_stride = n > 1 ? sin : 1;
  p->out_stride = n > 1 ? sout : 1;
  p->in_offset = oin;
  p->out_offset = oout;
  p->in_planar = pin;
  p->out_planar = pout;
  p->twiddle_n = twiddle_n;
  p->nlev = nlev;
  p->batch = 1;
  for (int l = 0; l < nlev; ++l) {
    if (lev[l].tw) p->twiddle_level = l;
    p->lev_count[l] = lev[l].count;
    p->lev_in_dist[l] = lev[l].din;
    p->lev_out_dist[l] = lev[l].dout;
    p->batch *= lev[l].count;
  }
  p->in_dist = lev[0].din;
  p->out_dist = lev[0].dout;
  out->src = src;
  out->dst = dst;
  out->transpose = 0;
  out->variant = -1;
  out->bluestein = 0;
  out->pointwise = POINTWISE_NONE;
  out->chirp_n = 0;
  return 0;
}

/* XP: a strided dimension as a copy into rows of the temporary buffer (one L-row per transform),
 * an FFT on those rows in place, and a copy back. */
static int xpose_passes(const transform *t, const sub *s, pass_desc *out, int *npass, char *msg, size_t len)
{
  level lev[PROBLEM_MAX_LEVELS];
  size_t rows[PROBLEM_MAX_LEVELS], count = 1;
  for (int i = 0; i < s->nlev; ++i) {
    rows[i] = s->L * count;
    count *= s->lev[i].count;
  }
  int nl = 0;
  for (int i = 0; i < s->nlev; ++i) lev[nl++] = (level){s->lev[i].count, s->lev[i].din, rows[i], 0};
  nl = normalise(lev, nl);
  if (make_pass(t, s->L, s->sin, 1, s->oin, s->otmp, s->pin, 0, lev, nl, 0, s->src, BUF_TMP, &out[*npass], msg, len)) return -1;
  out[(*npass)++].transpose = 1;
  level row = {count, s->L, s->L, 0};
  nl = normalise(&row, 1);
  if (make_pass(t, s->L, 1, 1, s->otmp, s->otmp, 0, 0, &row, nl, 0, BUF_TMP, BUF_TMP, &out[(*npass)++], msg, len)) return -1;
  nl = 0;
  for (int i = 0; i < s->nlev; ++i) lev[nl++] = (level){s->lev[i].count, rows[i], s->lev[i].dout, 0};
  nl = normalise(lev, nl);
  if (make_pass(t, s->L, 1, s->sout, s->otmp, s->oout, 0, s->pout, lev, nl, 0, BUF_TMP, s->dst, &out[*npass], msg, len)) return -1;
  out[(*npass)++].transpose = 1;
  return 0;
}

/* The passes of one dimension's sub-transform split into factors f[0..k-1]. */
static int sub_passes(const transform *t, const sub *s, const size_t *f, int k, pass_desc *out, int *npass, char *msg,
                      size_t len)
{
  level lev[PROBLEM_MAX_LEVELS + DECOMPOSE_MAX_FACTORS];
  if (k == 1) {
    for (int i = 0; i < s->nlev; ++i) lev[i] = s->lev[i];
    int nl = normalise(lev, s->nlev);
    return make_pass(t, s->L, s->sin, s->sout, s->oin, s->oout, s->pin, s->pout, lev, nl, 0, s->src, s->dst, &out[(*npass)++],
                     msg, len);
  }
  /* The temporary buffer: for a contiguous sub-transform, one L-block per transform; for a strided
   * one (a column dimension), the transforms innermost (element p of all of them together, unit u
   * = their count apart), so that its column passes stay coalesced on both sides. */
  int inner = s->pair_in ? !(s->pair_in == 1 && s->sin == 2) : s->sin != 1; /* contiguous pairs of reals: z_k's are rows */
  size_t tmpdist[PROBLEM_MAX_LEVELS], count = 1;
  for (int i = 0; i < s->nlev; ++i) {
    tmpdist[i] = inner ? count : s->L * count;
    count *= s->lev[i].count;
  }
  size_t u = inner ? count : 1;
  size_t R[DECOMPOSE_MAX_FACTORS], rest = s->L;
  for (int i = 0; i < k; ++i) R[i] = rest /= f[i];
  /* first: columns of f0 from the source, twiddled, into the temporary buffer */
  int nl = 0;
  lev[nl++] = (level){R[0], s->sin, u, 1};
  for (int i = 0; i < s->nlev; ++i) lev[nl++] = (level){s->lev[i].count, s->lev[i].din, tmpdist[i], 0};
  nl = normalise(lev, nl);
  if (make_pass(t, f[0], s->sin * R[0], R[0] * u, s->oin, s->otmp, s->pin, 0, lev, nl, s->L, s->src, BUF_TMP, &out[(*npass)++], msg,
                len))
    return -1;
  /* middle: columns of f_i inside blocks of R[i-1], in place */
  for (int i = 1; i + 1 < k; ++i) {
    nl = 0;
    lev[nl++] = (level){R[i], u, u, 1};
    lev[nl++] = (level){s->L / R[i - 1], R[i - 1] * u, R[i - 1] * u, 0};
    for (int j = 0; j < s->nlev; ++j) lev[nl++] = (level){s->lev[j].count, tmpdist[j], tmpdist[j], 0};
    nl = normalise(lev, nl);
    if (make_pass(t, f[i], R[i] * u, R[i] * u, s->otmp, s->otmp, 0, 0, lev, nl, R[i - 1], BUF_TMP, BUF_TMP, &out[(*npass)++], msg, len))
      return -1;
  }
  /* last: rows of f[k-1], written transposed: output digit k_i of the earlier passes has stride
   * sout * f0 * ... * f[i-1] */
  nl = 0;
  size_t ostride = s->sout;
  for (int i = 0; i + 1 < k; ++i) {
    lev[nl++] = (level){f[i], R[i] * u, ostride, 0};
    ostride *= f[i];
  }
  for (int j = 0; j < s->nlev; ++j) lev[nl++] = (level){s->lev[j].count, tmpdist[j], s->lev[j].dout, 0};
  nl = normalise(lev, nl);
  return make_pass(t, f[k - 1], u, ostride, s->otmp, s->oout, 0, s->pout, lev, nl, 0, BUF_TMP, s->dst, &out[(*npass)++], msg, len);
}

/* Bluestein's passes for sub-transform s of length N = s->L (see decompose.h): rows of M at the
 * start of the temporary buffer, FFT_M split into f[0..k-1]; with rader, Rader's (M = N - 1, rows
 * of M + 2). */
static int bluestein_passes(const transform *t, const sub *s, size_t M, int rader, int fused, const size_t *f, int k, pass_desc *out,
                            int *npass, char *msg, size_t len)
{
  const size_t aux = 0, R = M + (rader ? 2 : 0); /* the row length */
  level lev[PROBLEM_MAX_LEVELS];
  size_t rows[PROBLEM_MAX_LEVELS], count = 1;
  for (int i = 0; i < s->nlev; ++i) {
    rows[i] = R * count;
    count *= s->lev[i].count;
  }
  int nl = 0;
  for (int i = 0; i < s->nlev; ++i) lev[nl++] = (level){s->lev[i].count, s->lev[i].din, rows[i], 0};
  nl = normalise(lev, nl);
  /* FFT_M's 2k passes, the pointwise steps in the first's loads, the k-th's and the last's stores;
   * Rader's in two passes with its x_0 and X_0 through the rows' elements L, L + 1 (row b of the
   * rows at aux: the transform index over R0 or f0, so a 1D transform's) */
  if (fused && k >= 2 && (!rader || (k == 2 && t->rank == 1))) {
    transform tt = *t;
    tt.sign = -1;
    int start = *npass;
    sub a1 = {.L = M, .src = s->src, .dst = BUF_TMP, .sin = s->sin, .sout = 1, .oin = s->oin, .oout = aux, .pin = s->pin, .otmp = s->otmp};
    sub a2 = {.L = M, .src = BUF_TMP, .dst = s->dst, .sin = 1, .sout = s->sout, .oin = aux, .oout = s->oout, .pout = s->pout, .otmp = s->otmp};
    for (int i = 0; i < s->nlev; ++i) {
      a1.lev[i] = (level){s->lev[i].count, s->lev[i].din, rows[i], 0};
      a2.lev[i] = (level){s->lev[i].count, rows[i], s->lev[i].dout, 0};
    }
    a1.nlev = normalise(a1.lev, s->nlev);
    a2.nlev = normalise(a2.lev, s->nlev);
    if (sub_passes(&tt, &a1, f, k, out, npass, msg, len) || sub_passes(&tt, &a2, f, k, out, npass, msg, len)) return -1;
    problem *first = &out[start].pb, *filter = &out[start + k - 1].pb, *last = &out[start + 2 * k - 1].pb;
    /* the last passes' innermost levels must be the earlier passes' output digits (k0, then k1 of
     * three passes: their transform index mod f0 (f0 f1) is k0 (+ f0 k1), problem.h's fuse_digit),
     * which normalise keeps first unless another level has unit distances) */
    int ok = 1;
    for (int i = 0; i < 2; ++i) { /* digit j: f_j of them, R_j u apart in the scratch (sub_passes), sout f0..f_(j-1) on the output */
      const sub *a = i ? &a2 : &a1;
      const problem *q = &out[start + k - 1 + k * i].pb;
      size_t u = 1;
      if (a->sin != 1)
        for (int l = 0; l < a->nlev; ++l) u *= a->lev[l].count;
      ok = ok && q->lev_count[0] % f[0] == 0 && q->in_dist == M / f[0] * u && q->out_dist == a->sout;
      if (k == 3) /* digit k0 exactly (no merge: its level is f1 times farther apart in the scratch), then k1 */
        ok = ok && q->nlev >= 2 && q->lev_count[0] == f[0] && q->lev_count[1] % f[1] == 0 && q->lev_in_dist[1] == M / f[0] / f[1] * u &&
             q->lev_out_dist[1] == a->sout * f[0];
    }
    if (rader) /* the first pass's transform index: its column r innermost, then the row b */
      ok = ok && first->twiddle_level == 0 && (first->nlev == 1 ? first->batch == M / f[0] : first->lev_count[0] == M / f[0]);
    if (ok) {
      first->fuse_in = rader ? POINTWISE_RADER_IN : POINTWISE_CHIRP_IN;
      filter->fuse_out = rader ? POINTWISE_RADER_FILTER : POINTWISE_FILTER;
      last->fuse_out = rader ? POINTWISE_RADER_OUT : POINTWISE_CHIRP_OUT;
      for (int i = 0; i < 2 * k; ++i) {
        out[start + i].pb.fuse_n = s->L;
        out[start + i].pb.fuse_sign = t->sign;
        out[start + i].bluestein = i < k ? 3 : 4;
      }
      filter->fuse_digit = last->fuse_digit = k == 3 ? f[0] * f[1] : f[0];
      return 0;
    }
    /* refused rather than run unfused: the plan string (and so wisdom) must say what runs */
    snprintf(msg, len, "BFF/BFI over %d passes of FFT_M need its transform index innermost, which this layout does not keep "
             "(another level has unit distances): fuse in one pass, or keep the steps separate (BSF/BSI)", k);
    return -1;
  }
  if (fused) { /* two FFT_M passes, both forward, the pointwise steps in their loads and stores */
    transform tt = *t;
    tt.sign = -1;
    if (make_pass(&tt, M, s->sin, 1, s->oin, aux, s->pin, 0, lev, nl, 0, s->src, BUF_TMP, &out[*npass], msg, len)) return -1;
    problem *a = &out[*npass].pb;
    a->fuse_in = rader ? POINTWISE_RADER_IN : POINTWISE_CHIRP_IN;
    a->fuse_out = rader ? POINTWISE_RADER_FILTER : POINTWISE_FILTER;
    a->fuse_n = s->L;
    a->fuse_sign = t->sign;
    out[(*npass)++].bluestein = 3;
    nl = 0;
    for (int i = 0; i < s->nlev; ++i) lev[nl++] = (level){s->lev[i].count, rows[i], s->lev[i].dout, 0};
    nl = normalise(lev, nl);
    if (make_pass(&tt, M, 1, s->sout, aux, s->oout, 0, s->pout, lev, nl, 0, BUF_TMP, s->dst, &out[*npass], msg, len)) return -1;
    problem *b = &out[*npass].pb;
    b->fuse_out = rader ? POINTWISE_RADER_OUT : POINTWISE_CHIRP_OUT;
    b->fuse_n = s->L;
    b->fuse_sign = t->sign;
    out[(*npass)++].bluestein = 4;
    return 0;
  }
  if (make_pass(t, M, s->sin, 1, s->oin, aux, s->pin, 0, lev, nl, 0, s->src, BUF_TMP, &out[*npass], msg, len)) return -1;
  out[*npass].pointwise = rader ? POINTWISE_RADER_IN : POINTWISE_CHIRP_IN;
  out[(*npass)++].chirp_n = s->L;
  sub a = {.L = M, .src = BUF_TMP, .dst = BUF_TMP, .sin = 1, .sout = 1, .oin = aux, .oout = aux, .nlev = 1, .otmp = s->otmp};
  a.lev[0] = (level){count, R, R, 0};
  a.nlev = normalise(a.lev, 1);
  for (int dir = 1; dir <= 2; ++dir) {
    transform tt = *t; /* both forward: the second on conjugated data (core/bluestein.h) */
    tt.sign = -1;
    int first = *npass;
    if (sub_passes(&tt, &a, f, k, out, npass, msg, len)) return -1;
    for (int i = first; i < *npass; ++i) out[i].bluestein = dir;
    if (dir == 2) break;
    level row = a.lev[0];
    if (make_pass(t, M, 1, 1, aux, aux, 0, 0, &row, 1, 0, BUF_TMP, BUF_TMP, &out[*npass], msg, len)) return -1;
    out[*npass].pointwise = rader ? POINTWISE_RADER_FILTER : POINTWISE_FILTER;
    out[(*npass)++].chirp_n = s->L;
  }
  nl = 0;
  for (int i = 0; i < s->nlev; ++i) lev[nl++] = (level){s->lev[i].count, rows[i], s->lev[i].dout, 0};
  nl = normalise(lev, nl);
  if (make_pass(t, M, 1, s->sout, aux, s->oout, 0, s->pout, lev, nl, 0, BUF_TMP, s->dst, &out[*npass], msg, len)) return -1;
  out[*npass].pointwise = rader ? POINTWISE_RADER_OUT : POINTWISE_CHIRP_OUT;
  out[(*npass)++].chirp_n = s->L;
  return 0;
}

/* The temporary buffer: Bluestein's rows (*aux elements, fixed by the dimensions' M alone, so that
 * a dimension's passes stay the same while the planner tries splits of the others), then (a C2R of
 * rank 2 or more, out of place) its complex intermediate, then the four-step and XP scratch space
 * (one transform set of set elements, lengths nc: a real transform's complex side; or for a
 * Bluestein dimension split in passes its rows), whose size this returns. */
static size_t tmp_parts(const transform *t, const split *sp, const size_t *nc, size_t set, size_t *aux)
{
  size_t scratch = 0;
  *aux = 0;
  for (int d = 0; d < t->rank; ++d) {
    size_t rows = set / nc[d] * (sp->bluestein[d] + (sp->rader[d] ? 2 : 0)), need = 0;
    if (sp->bluestein[d]) *aux = rows > *aux ? rows : *aux;
    if (sp->nfactors[d] > 1 || sp->xpose[d]) need = sp->bluestein[d] ? rows : set;
    scratch = need > scratch ? need : scratch;
  }
  return scratch;
}

/* Whether p's lowest levels make one digit of count D whose output stride is sout: level l's output
 * distance sout times the counts below it, until they multiply to D. */
static int mirror_levels(const problem *p, size_t D, size_t sout)
{
  size_t below = 1;
  for (int l = 0; l < p->nlev && below < D; ++l) {
    if (problem_level_dist(p, 1, l) != sout * below) return 0;
    below *= p->lev_count[l];
  }
  return below == D;
}

/* The real processing of a real dimension whose complex transform is split (four-step or
 * Bluestein's), whose passes are first .. out[*npass - 1]: the loads' part in the first pass
 * (Bluestein's chirp-in; a four-step's first pass, which knows each element's global index from its
 * column and position), the stores' part in the last (chirp-out, or a four-step's last pass; a
 * C2R's real outputs).  An R2C's pairing of Z_k with Z_(M-k) on the fast path: a four-step's last
 * pass holds Z_k for k = j mod D in row j (D = M/f_last) and Z_(M-k) in row -j; where those rows
 * are its lowest levels (D even) the last pass permutes them so that j and -j share a work-group
 * and pairs them (problem.h's mirror); otherwise (Bluestein's chirp-out, which does not hold
 * Z_(M-k), or a layout whose lowest level is another) it is one extra pointwise pass in place on
 * the output, after the complex transform has written Z_0..Z_(M-1) there (D = 0: that pass). */
static int real_split_passes(const transform *t, const sub *s, int half, size_t D, pass_desc *first, pass_desc *out, int *npass,
                             char *msg, size_t len)
{
  int r2c = t->kind == PPFFT_R2C;
  pass_desc *lastp = &out[*npass - 1];
  first->pb.r2c = lastp->pb.r2c = r2c;
  first->pb.c2r = lastp->pb.c2r = !r2c;
  first->pb.half = lastp->pb.half = half;
  first->pb.real_part = REAL_FIRST;
  first->pb.pair_stride = s->pair_in;
  if (!r2c || !half) { /* a C2R's real outputs, an R2C's k <= N/2 (chirp-out) */
    lastp->pb.real_part = REAL_LAST;
    lastp->pb.pair_stride = s->pair_out;
    return 0;
  }
  if (D % 2 == 0 && mirror_levels(&lastp->pb, D, s->sout)) {
    /* the last pass's lowest levels are the earlier passes' output digit d (k = d + D k_last), whose
     * rows d and D - d hold the mirrors Z_(M-k): the last pass pairs them (problem.h's mirror) */
    lastp->pb.real_part = REAL_LAST;
    lastp->pb.mirror = D;
    return 0;
  }
  lastp->pb.r2c = lastp->pb.half = 0; /* it writes Z_k (k < M) to the output */
  level lev[PROBLEM_MAX_LEVELS];
  for (int i = 0; i < s->nlev; ++i) lev[i] = (level){s->lev[i].count, s->lev[i].dout, s->lev[i].dout, 0};
  int nl = normalise(lev, s->nlev);
  if (make_pass(t, s->L, s->sout, s->sout, s->oout, s->oout, s->pout, s->pout, lev, nl, 0, s->dst, s->dst, &out[*npass], msg, len))
    return -1;
  pass_desc *post = &out[(*npass)++];
  post->pointwise = POINTWISE_R2C_POST;
  post->chirp_n = s->L;
  post->pb.r2c = post->pb.half = 1;
  post->pb.real_part = REAL_LAST;
  return 0;
}

int decompose(const transform *t, const split *sp, pass_desc *out, size_t *tmp_elems, char *msg, size_t len)
{
  int dims[3], ndims = decompose_dims(t, dims), npass = 0, nvariant = 0, last = t->rank - 1;
  int real = t->kind != PPFFT_C2C;
  buffer_role first_src = t->inplace ? BUF_OUT : BUF_IN;
  /* A real transform's complex dimensions run on its complex side: lengths nc, n_c elements.  A
   * C2R transforms them first, out of place into a packed complex array in the temporary buffer
   * (the input must not change, the real output is too small), then reads that. */
  size_t nc[3] = {t->n[0], t->n[1], t->n[2]}, n_c = t->batch;
  if (real) nc[last] = t->n[last] / 2 + 1;
  for (int i = 0; i < t->rank; ++i) n_c *= nc[i];
  size_t aux_len, scratch = tmp_parts(t, sp, nc, n_c, &aux_len);
  side_layout mid = t->inplace ? t->in : (side_layout){{0}, 0, 0, 0};
  buffer_role mid_role = t->inplace ? BUF_OUT : BUF_TMP;
  size_t otmp = aux_len; /* Bluestein's rows first */
  if (t->kind == PPFFT_C2R && !t->inplace && ndims > 1) {
    size_t packed = 1;
    for (int i = last; i >= 0; --i) {
      mid.stride[i] = packed;
      packed *= nc[i];
    }
    mid.dist = packed;
    mid.offset = aux_len;
    otmp = aux_len + n_c;
  }
  *tmp_elems = otmp + scratch;
  for (int k = 0; k < ndims; ++k) {
    int d = dims[k], real_pass = real && d == last;
    const side_layout *in = k == 0 ? &t->in : &t->out, *out_side = &t->out;
    sub s = {0};
    s.src = k == 0 ? first_src : BUF_OUT;
    s.dst = BUF_OUT;
    if (t->kind == PPFFT_C2R) { /* complex passes into mid; the real pass from mid (or the input) */
      in = k == 0 ? &t->in : &mid;
      out_side = real_pass ? &t->out : &mid;
      s.src = k == 0 ? first_src : mid_role;
      s.dst = real_pass ? BUF_OUT : mid_role;
    }
    const size_t *len_of = real_pass ? t->n : nc; /* the levels' counts: the real pass runs over the others */
    s.L = t->n[d];
    s.sin = in->stride[d];
    s.sout = out_side->stride[d];
    s.oin = in->offset;
    s.oout = out_side->offset;
    s.pin = in->planar;
    s.pout = out_side->planar;
    s.otmp = otmp;
    /* the other dimensions, smallest output stride first, then the batch */
    int others[2], no = 0;
    for (int j = t->rank - 1; j >= 0; --j)
      if (j != d) others[no++] = j;
    if (no == 2 && out_side->stride[others[1]] < out_side->stride[others[0]]) {
      int x = others[0];
      others[0] = others[1];
      others[1] = x;
    }
    for (int j = 0; j < no; ++j) s.lev[s.nlev++] = (level){len_of[others[j]], in->stride[others[j]], out_side->stride[others[j]], 0};
    s.lev[s.nlev++] = (level){t->batch, in->dist, out_side->dist, 0};
    s.nlev = normalise(s.lev, s.nlev);
    int nf = sp->nfactors[d] > 0 ? sp->nfactors[d] : 1;
    size_t M = sp->bluestein[d], prod = 1;
    /* a real dimension's complex transform in several passes (four-step or Bluestein's) */
    int real_split = real_pass && (nf > 1 || M);
    if (real_pass && sp->real_half) {
      if (t->n[d] % 2 || t->n[d] < 4) {
        snprintf(msg, len, "the half-length real path needs an even real length of 4 or more, not %zu", t->n[d]);
        return -1;
      }
      s.L = t->n[d] / 2;
      if (real_split && t->kind == PPFFT_R2C) s.pair_in = s.sin, s.sin *= 2;
      if (real_split && t->kind == PPFFT_C2R) s.pair_out = s.sout, s.sout *= 2;
    }
    size_t whole = M ? M : s.L;
    const size_t *f = sp->nfactors[d] > 0 ? sp->factor[d] : &whole;
    for (int i = 0; i < nf; ++i) prod *= f[i];
    if (prod != whole) {
      snprintf(msg, len, "the pass lengths of dimension %d multiply to %zu, not to its %s %zu", d, prod, M ? "Bluestein length" : "length",
               whole);
      return -1;
    }
    if (M && sp->rader[d] && (M != s.L - 1 || !rader_applies(s.L) || real_pass || sp->xpose[d])) {
      snprintf(msg, len, "Rader's length %zu for dimension %d (length %zu) must be its length - 1, of a prime whose length - 1 is 13-smooth, "
               "for a complex dimension, without XP", M, d, s.L);
      return -1;
    }
    if (M && !sp->rader[d] && ((M & (M - 1)) || M < 2 * s.L - 1 || sp->xpose[d])) {
      snprintf(msg, len, "Bluestein's length %zu for dimension %d (length %zu) must be a power of two >= %zu, without XP", M, d, s.L,
               2 * s.L - 1);
      return -1;
    }
    if (real_pass && (sp->xpose[d] || (nf > 1 && !M && !sp->real_half))) {
      snprintf(msg, len,
               "the real dimension (%d, length %zu) of an R2C or C2R runs in one pass on the general path (odd lengths), and without XP",
               d, t->n[d]);
      return -1;
    }
    if (sp->fused[d] && (!M || (sp->rader[d] && (nf > 2 || (nf == 2 && t->rank != 1))) || real_pass || sp->xpose[d] || t->f16)) {
      snprintf(msg, len, "dimension %d: BFF/BFI fuse Bluestein's or Rader's steps into a one-pass FFT_M (Bluestein's: or two or three "
               "passes; Rader's of a 1D transform: or two) of a complex dimension, f32 or f64, without XP", d);
      return -1;
    }
    int before = npass;
    if (M) {
      if (bluestein_passes(t, &s, M, sp->rader[d], sp->fused[d], f, nf, out, &npass, msg, len)) return -1;
    } else if (sp->xpose[d]) {
      if (nf != 1 || (s.sin == 1 && s.sout == 1)) {
        snprintf(msg, len, "XP is for a strided dimension in one pass; dimension %d is contiguous", d);
        return -1;
      }
      if (xpose_passes(t, &s, out, &npass, msg, len)) return -1;
    } else if (t->rank == 1 && nf == 1 && !real) { /* the familiar problem: offset + b * dist */
      problem_of_rank1(t, &out[npass].pb);
      out[npass].src = s.src;
      out[npass].dst = s.dst;
      out[npass].transpose = 0;
      out[npass].bluestein = 0;
      out[npass].pointwise = POINTWISE_NONE;
      out[npass].chirp_n = 0;
      ++npass;
    } else if (sub_passes(t, &s, f, nf, out, &npass, msg, len)) {
      return -1;
    }
    if (real_pass && real_split) {
      if (real_split_passes(t, &s, sp->real_half, M ? 0 : s.L / f[nf - 1], &out[before], out, &npass, msg, len)) return -1;
    } else if (real_pass) {
      out[npass - 1].pb.r2c = t->kind == PPFFT_R2C;
      out[npass - 1].pb.c2r = t->kind == PPFFT_C2R;
      out[npass - 1].pb.half = sp->real_half;
    }
    for (int i = before; i < npass; ++i) {
      out[i].variant = out[i].transpose || out[i].pointwise ? -1 : nvariant++;
      out[i].dim = d;
    }
  }
  out[npass - 1].pb.scale = t->scale;
  return npass;
}
