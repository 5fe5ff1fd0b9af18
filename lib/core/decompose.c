/* decompose: dimensions and four-step factors into passes (see core/decompose.h for the scheme). */
#include "core/decompose.h"
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

int decompose_dims(const transform *t, int *dims)
{
  int k = 0;
  for (int d = t->rank - 1; d >= 0; --d)
    if (t->n[d] > 1) dims[k++] = d;
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
  if (make_pass(t, s->L, s->sin, 1, s->oin, 0, s->pin, 0, lev, nl, 0, s->src, BUF_TMP, &out[*npass], msg, len)) return -1;
  out[(*npass)++].transpose = 1;
  level row = {count, s->L, s->L, 0};
  nl = normalise(&row, 1);
  if (make_pass(t, s->L, 1, 1, 0, 0, 0, 0, &row, nl, 0, BUF_TMP, BUF_TMP, &out[(*npass)++], msg, len)) return -1;
  nl = 0;
  for (int i = 0; i < s->nlev; ++i) lev[nl++] = (level){s->lev[i].count, rows[i], s->lev[i].dout, 0};
  nl = normalise(lev, nl);
  if (make_pass(t, s->L, 1, s->sout, 0, s->oout, 0, s->pout, lev, nl, 0, BUF_TMP, s->dst, &out[*npass], msg, len)) return -1;
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
  int inner = s->sin != 1;
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
  if (make_pass(t, f[0], s->sin * R[0], R[0] * u, s->oin, 0, s->pin, 0, lev, nl, s->L, s->src, BUF_TMP, &out[(*npass)++], msg,
                len))
    return -1;
  /* middle: columns of f_i inside blocks of R[i-1], in place */
  for (int i = 1; i + 1 < k; ++i) {
    nl = 0;
    lev[nl++] = (level){R[i], u, u, 1};
    lev[nl++] = (level){s->L / R[i - 1], R[i - 1] * u, R[i - 1] * u, 0};
    for (int j = 0; j < s->nlev; ++j) lev[nl++] = (level){s->lev[j].count, tmpdist[j], tmpdist[j], 0};
    nl = normalise(lev, nl);
    if (make_pass(t, f[i], R[i] * u, R[i] * u, 0, 0, 0, 0, lev, nl, R[i - 1], BUF_TMP, BUF_TMP, &out[(*npass)++], msg, len))
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
  return make_pass(t, f[k - 1], u, ostride, 0, s->oout, 0, s->pout, lev, nl, 0, BUF_TMP, s->dst, &out[(*npass)++], msg, len);
}

int decompose(const transform *t, const split *sp, pass_desc *out, size_t *tmp_elems, char *msg, size_t len)
{
  int dims[3], ndims = decompose_dims(t, dims), npass = 0, nvariant = 0;
  *tmp_elems = 0;
  for (int k = 0; k < ndims; ++k) {
    int d = dims[k];
    const side_layout *in = k == 0 ? &t->in : &t->out, *out_side = &t->out;
    sub s = {0};
    s.L = t->n[d];
    s.src = k == 0 && !t->inplace ? BUF_IN : BUF_OUT;
    s.dst = BUF_OUT;
    s.sin = in->stride[d];
    s.sout = out_side->stride[d];
    s.oin = in->offset;
    s.oout = out_side->offset;
    s.pin = in->planar;
    s.pout = out_side->planar;
    /* the other dimensions, smallest output stride first, then the batch */
    int others[2], no = 0;
    for (int j = t->rank - 1; j >= 0; --j)
      if (j != d) others[no++] = j;
    if (no == 2 && out_side->stride[others[1]] < out_side->stride[others[0]]) {
      int x = others[0];
      others[0] = others[1];
      others[1] = x;
    }
    for (int j = 0; j < no; ++j) s.lev[s.nlev++] = (level){t->n[others[j]], in->stride[others[j]], out_side->stride[others[j]], 0};
    s.lev[s.nlev++] = (level){t->batch, in->dist, out_side->dist, 0};
    s.nlev = normalise(s.lev, s.nlev);
    int nf = sp->nfactors[d] > 0 ? sp->nfactors[d] : 1;
    size_t whole = t->n[d], prod = 1;
    const size_t *f = sp->nfactors[d] > 0 ? sp->factor[d] : &whole;
    for (int i = 0; i < nf; ++i) prod *= f[i];
    if (prod != s.L) {
      snprintf(msg, len, "the pass lengths of dimension %d multiply to %zu, not to its length %zu", d, prod, s.L);
      return -1;
    }
    int before = npass;
    if (nf > 1 || sp->xpose[d]) *tmp_elems = transform_length(t) * t->batch;
    if (sp->xpose[d]) {
      if (nf != 1 || (s.sin == 1 && s.sout == 1)) {
        snprintf(msg, len, "XP is for a strided dimension in one pass; dimension %d is contiguous", d);
        return -1;
      }
      if (xpose_passes(t, &s, out, &npass, msg, len)) return -1;
    } else if (t->rank == 1 && nf == 1) { /* the familiar problem: offset + b * dist */
      problem_of_rank1(t, &out[npass].pb);
      out[npass].src = s.src;
      out[npass].dst = s.dst;
      out[npass].transpose = 0;
      ++npass;
    } else if (sub_passes(t, &s, f, nf, out, &npass, msg, len)) {
      return -1;
    }
    for (int i = before; i < npass; ++i) out[i].variant = out[i].transpose ? -1 : nvariant++;
  }
  out[npass - 1].pb.scale = t->scale;
  return npass;
}
