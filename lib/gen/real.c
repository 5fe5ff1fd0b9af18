/* The fast path of real transforms (problem.h's half): an even real length N = 2M as a complex
 * transform of length M on z_k = x_2k + i x_2k+1, whose global loads read pairs of reals.
 *
 * R2C: with Z = DFT_M(z) and w = exp(-2 pi i / N), X_k = (Z_k + conj Z_(M-k)) / 2
 * - (i / 2) w^k (Z_k - conj Z_(M-k)) for k < M (Z_M = Z_0), and X_M = Re Z_0 - Im Z_0: after the
 * last radix pass each work-item fetches the mirror Z_(M-k) of its elements through local memory.
 * C2R: the inverse, Z_k = (X_k + conj X_(M-k)) + i w^-k (X_k - conj X_(M-k)), built in the first
 * loads from global memory (which reach X_(M-k) directly); IDFT_M(Z) = N (x_2k + i x_2k+1).  The
 * imaginary parts of X_0 and X_M are dropped: C2R transforms the Hermitian part of its input.
 * A C2R whose M points are split four-step builds Z_k in its first pass's loads, at the global index
 * of each column's element; an R2C so split pairs in its last pass, whose transform 2x holds Z_k
 * for k = x + D k1 (D the earlier passes' digits, problem.h's mirror) and transform 2x+1 their
 * mirrors Z_(M-k) = Z_((D-x) + D (n-1-k1)) (rows x = 0 and D/2 mirror themselves), or where its
 * levels do not allow that in a pointwise pass of its own (gen/pointwise.c).
 * Where a loop's positions are k(j) = k(0) + (s j mod W) (the owned ones, DIRECT's, and CGAP's where
 * the work-group and the transform divide one another), the twiddle w^k is w^k(0), one sincos per
 * work-item, times the literal w^(k(j) - k(0)): one rounding more, not a sincos per element. */
#include "gen/emit.h"
#include "gen/dft.h"
#include <math.h>
#include "core/pi_l.h"

/* cos and sin of 2 pi x / m, the quarter turns exact. */
static void turn(size_t x, size_t m, long double *c, long double *s)
{
  static const long double qc[4] = {1, 0, -1, 0}, qs[4] = {0, 1, 0, -1};
  if (4 * x % m == 0) {
    *c = qc[4 * x / m % 4];
    *s = qs[4 * x / m % 4];
    return;
  }
  *c = cosl(2 * PI_L * (long double)x / (long double)m);
  *s = sinl(2 * PI_L * (long double)x / (long double)m);
}

/* Declares the twiddles w_m^k(j) of a loop over j < count whose positions are k(j) = k0 + (s j mod
 * W): hwb_ = w^k0, one sincos per work-item, and the literals hws_[j] = w^(s j mod W). */
static void loop_twiddles(gen_state *gs, const char *k0, size_t s, unsigned count, size_t W, size_t m)
{
  const dialect *d = gs->d;
  tb_printf(gs->b, "  const real2 hwb_ = ppfft_cossin(%s, %zuu); /* w^k(0) of this work-item */\n", k0, m);
  tb_printf(gs->b, "  const real2 hws_[%u] = {", count);
  for (unsigned j = 0; j < count; ++j) {
    size_t x = (size_t)((unsigned long long)s * j % W);
    char c[48], sn[48];
    long double wc, ws;
    turn(x, m, &wc, &ws);
    gen_literal(gs->b, c, sizeof c, wc, gs->p->f64);
    gen_literal(gs->b, sn, sizeof sn, ws, gs->p->f64);
    tb_printf(gs->b, "%s%sreal2%s%s, %s)", j ? ", " : "", d->vec_open, d->vec_mid, c, sn);
  }
  tb_printf(gs->b, "}; /* w^(k(j) - k(0)) */\n");
}

/* The expression of w^k(j) for loop variable var, after loop_twiddles. */
static void loop_twiddle(const gen_state *gs, char *buf, size_t n, const char *var)
{
  tb_format(gs->b, buf, n, "%sreal2%shwb_.x * hws_[%s].x - hwb_.y * hws_[%s].y, hwb_.x * hws_[%s].y + hwb_.y * hws_[%s].x)",
            gs->d->vec_open, gs->d->vec_mid, var, var, var, var);
}

void gen_c2r_half_loads_begin(gen_state *gs, const char *var, int staged)
{
  const problem *p = gs->p;
  const geometry *g = gs->g;
  if (!gs->general || !p->c2r || !p->half || p->real_part == REAL_LAST || g->e != 1) return;
  char k0[256];
  size_t s, M = p->n;
  unsigned count = g->rq;
  if (!staged) { /* the owned positions ec (tid + w q) */
    char pos0[96];
    gen_owned_pos(gs, pos0, sizeof pos0, "0u");
    size_t f = 1;
    if (p->real_part == REAL_FIRST && p->twiddle_n) { /* k = r + R pos (gen_c2r_half_load) */
      char r[160];
      gen_twiddle_level_index(gs, r, sizeof r, "tr");
      f = p->twiddle_n / p->n;
      M = p->twiddle_n;
      tb_format(gs->b, k0, sizeof k0, "%s + %zuu * (%s)", r, f, pos0);
    } else tb_format(gs->b, k0, sizeof k0, "%s", pos0);
    s = f * g->ec * g->w;
  } else { /* io.c's pattern_index: the pattern's position of unit j in a row (not split: its r varies with j) */
    count = g->ra;
    if (p->twiddle_n || geometry_side_is_column(p, g, 0)) return;
    if (gs->v->access == ACCESS_DIRECT) { /* pos = tid + w j */
      tb_format(gs->b, k0, sizeof k0, "tid");
      s = g->w;
    } else if (gs->v->access == ACCESS_CGAP && (g->wg % g->n == 0 || g->n % g->wg == 0)) {
      /* pos = (lid + wg j) mod n = lid mod n + (wg j mod n) where wg divides n or n divides wg */
      tb_format(gs->b, k0, sizeof k0, "lid %% %uu", g->n);
      s = g->wg;
    } else return;
  }
  tb_printf(gs->b, "  {\n"); /* closed by the caller after its loop */
  loop_twiddles(gs, k0, s, count, M, 2 * M);
  gs->real_tw = var;
}

void gen_c2r_mirror_reads(gen_state *gs)
{
  const problem *p = gs->p;
  if (gs->general && p->c2r && p->inplace && ((p->half && p->real_part != REAL_LAST) || p->real_part == REAL_WHOLE))
    gs->mirror_reads = 1;
}

void gen_c2r_half_load(const gen_state *gs, text_buf *b, const char *name, const char *ptr, const char *pos, const char *tr)
{
  const problem *p = gs->p;
  const char *vo = gs->d->vec_open, *vm = gs->d->vec_mid;
  size_t M = p->n, s = p->in_stride;
  if (p->real_part == REAL_FIRST && p->twiddle_n) {
    /* the first pass of a split dimension: pos of column r is k = r + R pos (R = M / n), at r s1 +
     * pos s (s1 = s / R, the dimension's own stride); X_(M-k) is at (M - k) s1 from the row's start */
    char r[160];
    size_t R = p->twiddle_n / p->n, s1 = s / R;
    M = p->twiddle_n;
    gen_twiddle_level_index(gs, r, sizeof r, tr);
    tb_printf(b, "    const uint hr_%s = %s, hk_%s = hr_%s + %zuu * (uint)(%s);\n", name, r, name, name, R, pos);
    tb_printf(b, "    real2 hx_%s = LD_IN((%s) + (ulong)(%s) * %zuul), hm_%s = LD_IN((%s) - (ulong)hr_%s * %zuul + (ulong)(%zuu - hk_%s) * %zuul);\n",
              name, ptr, pos, s, name, ptr, name, s1, M, name, s1);
  } else {
    tb_printf(b, "    const uint hk_%s = (uint)(%s);\n", name, pos);
    tb_printf(b, "    real2 hx_%s = LD_IN((%s) + (ulong)hk_%s * %zuul), hm_%s = LD_IN((%s) + (ulong)(%zuu - hk_%s) * %zuul);\n", name, ptr,
              name, s, name, ptr, M, name, s);
  }
  tb_printf(b, "    if (hk_%s == 0u) { hx_%s.y = (real)0; hm_%s.y = (real)0; } /* X_0 and X_M of the Hermitian part are real */\n", name,
            name, name);
  if (gs->real_tw) {
    char w[256];
    loop_twiddle(gs, w, sizeof w, gs->real_tw);
    tb_printf(b, "    const real2 hw_%s = %s; /* w^-k */\n", name, w);
  } else tb_printf(b, "    const real2 hw_%s = ppfft_cossin(hk_%s, %zuu); /* w^-k */\n", name, name, 2 * M);
  tb_printf(b, "    const real hdr_%s = hx_%s.x - hm_%s.x, hdi_%s = hx_%s.y + hm_%s.y;\n", name, name, name, name, name, name);
  tb_printf(b, "    const real hpr_%s = hw_%s.x * hdr_%s - hw_%s.y * hdi_%s, hpi_%s = hw_%s.x * hdi_%s + hw_%s.y * hdr_%s;\n", name, name,
            name, name, name, name, name, name, name, name);
  tb_printf(b, "    const real2 %s = %sreal2%shx_%s.x + hm_%s.x - hpi_%s, hx_%s.y - hm_%s.y + hpr_%s);\n", name, vo, vm, name, name, name,
            name, name, name);
}

/* The one-pass C2R loads from owned slots (RP+LM-CM, single elements): the work-item of k < M/2
 * reads X_k and X_(M-k) once and makes both Z_k and Z_(M-k) = conj(A - i P) (Z_k = A + i P, with
 * A = X_k + conj X_(M-k), P = w^-k (X_k - conj X_(M-k))), handing Z_(M-k) to its owner as one
 * real2 word through local memory (two barriers): each X crosses global memory once, not twice,
 * and half the elements cross local memory (H200, OpenCL: C2R 1024 +25 %, 4096 +14 %).  Where a
 * transform's plane holds fewer than M/2 words (XR), the loads stay as they were: two rounds of
 * reals through XR2's half plane ran 0.28 ms against 0.20 for C2R 16384 (bench/results/
 * 2026-11-25-h200-c2r5).  Returns 0 (nothing emitted) where it does not apply. */
int gen_c2r_half_load_pairs(gen_state *gs)
{
  const problem *p = gs->p;
  const geometry *g = gs->g;
  const variant *v = gs->v;
  unsigned n = g->n, rq = g->rq, h = n / 2, hq = rq / 2, base = g->npad / 2 * 2;
  if (!gs->general || !p->c2r || !p->half || p->real_part != REAL_WHOLE || p->twiddle_n || p->fuse_in || p->f16 || g->e != 1 ||
      g->ec != 1 || v->vector_math || v->tc || g->h2 || !g->local_bytes || n % 2 || rq % 2 || (g->pair ? g->npad < h : base < n))
    return 0;
  const char *vo = gs->d->vec_open, *vm = gs->d->vec_mid;
  char pos[96], ptr[96], zr[96], zi[96], word[128] = "";
  gen_owned_pos(gs, pos, sizeof pos, "q");
  gen_transform_ptr(gs, ptr, sizeof ptr, 0, "tr");
  gen_slot(gs, zr, sizeof zr, 'r', "q", 0);
  gen_slot(gs, zi, sizeof zi, 'i', "q", 0);
  if (g->pair) tb_format(gs->b, word, sizeof word, "ldh[tr * %uu + ", g->npad); /* PAIR's plane of real2 words */
  tb_printf(gs->b, "  /* C2R: X_k and X_(M-k) read once by the work-item of k <= M/2; Z_(M-k) to its owner through local memory */\n");
  gen_c2r_half_loads_begin(gs, "q", 0);
  /* one test of the transform around all the loads: a test in each slot's block kept NVIDIA's
   * compiler (PAIR's kernels, sm_90 SASS) from issuing the loads together (two at a time, 15
   * branches, for C2R 16384 r16x16x32 XR2+PAIR wg256) */
  tb_printf(gs->b, "  if (tr < nvalid) {\n");
  for (int last = 0; last < 2; ++last) { /* q < rq/2 (k < M/2), then q = rq/2 (k = M/2 in work-item 0) */
    text_buf body;
    text_buf_init(&body);
    tb_printf(&body, "    { const uint k_ = %s;\n", pos);
    if (last) tb_printf(&body, "    if (k_ == %uu) {\n", h);
    else tb_printf(&body, "    {\n");
    gen_c2r_half_load(gs, &body, "gv", ptr, pos, "tr");
    tb_printf(&body, "    %s = gv.x; %s = gv.y;\n", zr, zi);
    if (!last) {
      tb_printf(&body, "    if (k_ != 0u) { /* Z_(M-k) */\n");
      tb_printf(&body, "      const real mr_ = hx_gv.x + hm_gv.x + hpi_gv, mi_ = hm_gv.y - hx_gv.y + hpr_gv;\n");
      if (g->pair) tb_printf(&body, "      %s%uu - k_] = %sreal2%smr_, mi_);\n", word, h, vo, vm);
      else tb_printf(&body, "      vstore2(%sreal2%smr_, mi_), %uu - k_, lds + tr * %uu);\n", vo, vm, h, base);
      tb_printf(&body, "    }\n");
    }
    tb_printf(&body, "    } }\n");
    gen_loop_range(gs, "q", last ? hq : 0, last ? 1 : hq, &body);
  }
  tb_printf(gs->b, "  }\n");
  if (gs->real_tw) tb_printf(gs->b, "  }\n");
  gs->real_tw = NULL;
  gen_c2r_mirror_reads(gs); /* in place: the barrier below also orders the reads of X_(M-k) before any store */
  gen_barrier_local(gs);
  text_buf body;
  text_buf_init(&body);
  tb_printf(&body, "    { const uint k_ = %s;\n", pos);
  tb_printf(&body, "    if (k_ != %uu && tr < nvalid) {\n", h);
  if (g->pair) tb_printf(&body, "      const real2 m_ = %sk_ - %uu]; %s = m_.x; %s = m_.y;\n", word, h, zr, zi);
  else tb_printf(&body, "      const real2 m_ = vload2(k_ - %uu, lds + tr * %uu); %s = m_.x; %s = m_.y;\n", h, base, zr, zi);
  tb_printf(&body, "    } }\n");
  gen_loop_range(gs, "q", hq, hq, &body);
  gen_barrier_local(gs); /* (the first exchange writes the plane) */
  return 1;
}

/* One transform in the pass (no mirror) stored from its owned slots: each pair (k, M-k) is made
 * whole by the work-item that owns k <= M/2, which reads Z_(M-k) as one real2 word that the owner
 * of M-k >= M/2 wrote, and stores both X_k and X_(M-k).  Half the elements cross local memory, in
 * one round of real2 words (two barriers), against both parts of every element in two rounds of
 * reals (four); the slots of k > M/2 die after the write.  With XR2 (half a plane a transform) the
 * parts cross in two rounds of reals, the reader parking Z_(M-k) in its slot of k + M/2, which
 * died when its own part was written. */
static void r2c_pair_and_store(gen_state *gs)
{
  const geometry *g = gs->g;
  unsigned n = g->n, rq = g->rq, h = n / 2, hq = rq / 2, base = g->npad / 2 * 2; /* a transform's words from an even real index */
  int rounds = g->xr > 1;
  char pos[96], k0[192], w[256], ptr[96], zr[96], zi[96], qp[32], pr[96], pi[96];
  gen_owned_pos(gs, pos, sizeof pos, "q");
  gen_owned_pos(gs, k0, sizeof k0, "0u");
  gen_transform_ptr(gs, ptr, sizeof ptr, 1, "tr");
  gen_slot(gs, zr, sizeof zr, 'r', "q", 0);
  gen_slot(gs, zi, sizeof zi, 'i', "q", 0);
  tb_format(gs->b, qp, sizeof qp, "q + %uu", hq);
  gen_slot(gs, pr, sizeof pr, 'r', qp, 0); /* the slot of k + M/2 */
  gen_slot(gs, pi, sizeof pi, 'i', qp, 0);
  tb_printf(gs->b, "  /* R2C: Z_k (k >= M/2) to local memory as %s; the work-item of k <= M/2 makes X_k and X_(M-k) */\n",
            rounds ? "reals, in two rounds" : "real2 words");
  tb_printf(gs->b, "  {\n");
  loop_twiddles(gs, k0, g->ec * g->w, rq, n, 2 * (size_t)n);
  loop_twiddle(gs, w, sizeof w, "q");
  gen_barrier_local(gs);
  text_buf body;
  for (int r = 0; r < (rounds ? 2 : 1); ++r) {
    text_buf_init(&body);
    tb_printf(&body, "    { const uint k_ = %s;\n", pos);
    if (rounds) tb_printf(&body, "      if (k_ >= %uu) lds[tr * %uu + k_ - %uu] = %s; }\n", h, g->npad, h, r ? zi : zr);
    else tb_printf(&body, "      if (k_ >= %uu) vstore2(%sreal2%s%s, %s), k_ - %uu, lds + tr * %uu); }\n", h, gs->d->vec_open, gs->d->vec_mid, zr, zi, h,
                   base);
    if (rounds) gen_loop_range(gs, "q", hq, rq - hq, &body); /* (q < rq/2: k < M/2) */
    else gen_loop_body(gs, "q", rq, &body);
    if (!r && gs->p->inplace) gs->mirror_reads = 1; /* X_(M-k) overwrites the reals that another work-item read */
    gen_barrier_local(gs);
    if (!rounds) break;
    text_buf_init(&body); /* k < M/2 but 0: park Z_(M-k)'s part */
    tb_printf(&body, "    { const uint k_ = %s;\n", pos);
    tb_printf(&body, "      if (k_ != 0u) %s = lds[tr * %uu + %uu - k_]; }\n", r ? pi : pr, g->npad, h);
    gen_loop_range(gs, "q", 0, hq, &body);
    if (!r) gen_barrier_local(gs);
  }
  char xr[2][96] = {"xr_"}, xi[2][96] = {"xi_"}, yr[2][96] = {"yr_"}, yi[2][96] = {"yi_"};
  for (int last = 0; last < 2; ++last) { /* q < rq/2, then q = rq/2 (k = M/2 in work-item 0) */
    text_buf_init(&body);
    tb_printf(&body, "    { const uint k_ = %s;\n", pos);
    tb_printf(&body, "      if (k_ <= %uu) {\n", h);
    if (!rounds) tb_printf(&body, "      const real2 m_ = vload2((%uu - k_) %% %uu, lds + tr * %uu); /* Z_(M-k) */\n", h, h, base);
    else if (last) tb_printf(&body, "      const real2 m_ = %sreal2%s%s, %s); /* Z_(M/2) */\n", gs->d->vec_open, gs->d->vec_mid, zr, zi);
    else tb_printf(&body, "      const real2 m_ = %sreal2%s%s, %s); /* Z_(M-k), parked */\n", gs->d->vec_open, gs->d->vec_mid, pr, pi);
    tb_printf(&body, "      const real zr_ = %s, zi_ = %s;\n", zr, zi);
    tb_printf(&body, "      const real ar_ = (zr_ + m_.x) * (real)0.5, ai_ = (zi_ - m_.y) * (real)0.5;\n");
    tb_printf(&body, "      const real br_ = (zr_ - m_.x) * (real)0.5, bi_ = (zi_ + m_.y) * (real)0.5;\n");
    tb_printf(&body, "      const real2 w_ = %s; /* w^k = (w_.x, -w_.y); w^(M-k) = (-w_.x, -w_.y) */\n", w);
    tb_printf(&body, "      real xr_ = ar_ + w_.x * bi_ - w_.y * br_, xi_ = ai_ - w_.x * br_ - w_.y * bi_;\n");
    tb_printf(&body, "      if (k_ == 0u) { xr_ = zr_ + zi_; xi_ = zr_ - zi_; } /* X_0, and X_M stored from the imaginary part */\n");
    tb_printf(&body, "      if (tr < nvalid) {\n");
    gen_global_store(gs, &body, "tr", ptr, "k_", xr, xi, 1);
    tb_printf(&body, "      if (k_ != 0u && k_ != %uu) {\n", h);
    tb_printf(&body, "      const real yr_ = ar_ - w_.x * bi_ + w_.y * br_, yi_ = -ai_ - w_.x * br_ - w_.y * bi_;\n");
    char mk[32];
    tb_format(gs->b, mk, sizeof mk, "%uu - k_", n);
    gen_global_store(gs, &body, "tr", ptr, mk, yr, yi, 1);
    tb_printf(&body, "      } } } }\n");
    if (!rounds) { /* one loop, as before */
      gen_loop_body(gs, "q", rq, &body);
      break;
    }
    gen_loop_range(gs, "q", last ? hq : 0, last ? 1 : hq, &body);
  }
  tb_printf(gs->b, "  }\n");
}

int gen_r2c_half_pair(gen_state *gs)
{
  const geometry *g = gs->g;
  unsigned n = g->n, rq = g->rq;
  size_t D = gs->p->mirror ? gs->p->mirror : 1, M = D * n;
  if (D == 1 && !g->stage_out && n % 2 == 0) {
    r2c_pair_and_store(gs);
    return 1;
  }
  tb_printf(gs->b, "  /* R2C: pair Z_k with Z_(M-k) through local memory, then X_k in the registers */\n");
  tb_printf(gs->b, "  real mr_[%u], mi_[%u];\n", rq, rq);
  char pos[96], k0[192], w[256], mt[16] = "tr", mpos[160], kq[192];
  gen_owned_pos(gs, pos, sizeof pos, "q");
  if (D > 1) {
    /* this transform's digit before the layout's permutation (md_) and after it (mk_); the mirror
     * transform's slot in the work-group (mt_) */
    tb_printf(gs->b, "  const uint md_ = (uint)((t0 + (ulong)tr) %% %zuul), mk_ = PPFFT_MIRROR_DIGIT(md_), mt_ = md_ < 2u ? tr : tr ^ 1u;\n", D);
    tb_format(gs->b, mt, sizeof mt, "mt_");
    tb_format(gs->b, mpos, sizeof mpos, "md_ == 0u ? (%uu - (%s)) %% %uu : %uu - (%s)", n, pos, n, n - 1, pos);
    tb_format(gs->b, k0, sizeof k0, "mk_ + %zuu * (%uu * tid)", D, g->ec);
    tb_format(gs->b, kq, sizeof kq, "mk_ + %zuu * (%s)", D, pos);
  } else {
    tb_format(gs->b, mpos, sizeof mpos, "(%uu - (%s)) %% %uu", n, pos, n);
    gen_owned_pos(gs, k0, sizeof k0, "0u");
    tb_format(gs->b, kq, sizeof kq, "%s", pos);
  }
  tb_printf(gs->b, "  {\n");
  loop_twiddles(gs, k0, D * g->ec * g->w, rq, M, 2 * M);
  loop_twiddle(gs, w, sizeof w, "q");
  for (int k = 0; k < 2; ++k) {
    char c = k ? 'i' : 'r';
    gen_barrier_local(gs);
    gen_slots_local(gs, c, 1);
    gen_barrier_local(gs);
    text_buf body;
    text_buf_init(&body);
    tb_printf(&body, "    m%c_[q] = lds[%s * %uu + PAD(%s)];\n", c, mt, g->npad, mpos);
    gen_loop_body(gs, "q", rq, &body);
  }
  gen_barrier_local(gs);
  text_buf body;
  text_buf_init(&body);
  char zr[96], zi[96];
  gen_slot(gs, zr, sizeof zr, 'r', "q", 0);
  gen_slot(gs, zi, sizeof zi, 'i', "q", 0);
  tb_printf(&body, "    { const uint k_ = %s;\n", kq);
  tb_printf(&body, "      const real zr_ = %s, zi_ = %s;\n", zr, zi);
  tb_printf(&body, "      const real ar_ = (zr_ + mr_[q]) * (real)0.5, ai_ = (zi_ - mi_[q]) * (real)0.5;\n");
  tb_printf(&body, "      const real br_ = (zr_ - mr_[q]) * (real)0.5, bi_ = (zi_ + mi_[q]) * (real)0.5;\n");
  tb_printf(&body, "      const real2 w_ = %s; /* w^k = (w_.x, -w_.y) */\n", w);
  tb_printf(&body, "      if (k_ == 0u) { %s = zr_ + zi_; %s = zr_ - zi_; } /* X_0, and X_M stored from the imaginary slot */\n", zr, zi);
  tb_printf(&body, "      else { %s = ar_ + w_.x * bi_ - w_.y * br_; %s = ai_ - w_.x * br_ - w_.y * bi_; } }\n", zr, zi);
  gen_loop_body(gs, "q", rq, &body);
  tb_printf(gs->b, "  }\n");
  return 0;
}
