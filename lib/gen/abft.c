/* ABFT kernels: TurboFFT's checksums fused into the RP kernels (core/abft.h has the host's side).
 *
 * A work-group computes its t transforms a block at a time: ABFT1 one block, ABFT2 a window of at
 * most PPFFT_ABFT_WINDOW blocks (geometry's abft_window), each work-item's lane (transform tr of the
 * block) a window of its own.
 * Per block, after the load, each work-item forms its share of the left-side input checksums a . x
 * and b . x (a = e^T W, b = f^T W, the plan's table) and of |x|^2; after the last pass, its share of
 * e . y and f . y; the shares are summed over the transform's work-items (xor shuffles within a
 * warp on CUDA, local memory otherwise; a second level across warps) and the transform fails its
 * check when |a . x - e . y|^2 + |b . x - f . y|^2 > 2 delta^2 E|e_j|^2 n |x|^2 (or is not a number).
 *
 * ABFT1 (one-sided): when any transform of the block fails, the work-group computes the block again
 * from its input, which no store has touched yet (in place too), and stores that.
 * ABFT2 (two-sided): each lane keeps the sum of its window's inputs (right-side checksum); a failed
 * transform is stored as it is and remembered with its input checksums.  After the window, if any
 * lane has one, the work-group transforms the sums of inputs (the extra iteration `fix`), takes
 * away the outputs that passed (read back from memory: rare, and no registers hold them meanwhile,
 * which cost the kernels occupancy), checks the result against the
 * remembered checksum and stores it over the failed output: correction without reloading the input,
 * delayed to the end of the window and done for all lanes at once.  A second failure in a lane's
 * window makes both its failures uncorrectable (in a pair's window, where two lanes share one sum:
 * geometry's abft_sums_pair, f64 on CUDA).
 *
 * Fault injection (core/abft.h's control words) flips a bit of one register value of one transform
 * after the load or after a pass, in the first computation of a block only (a transient fault). */
#include "core/abft.h"
#include "gen/emit.h"
#include "gen/kernel.h"
#include "ppfft.h"
#include <stdio.h>
#include <stdlib.h>

enum { ABFT_NONE = 0xffffffffu };

unsigned gen_abft_window(const dialect *d, const geometry *g) { return d->abft_omit & ABFT_WINDOW_2 ? 2 : g->abft_window; }

/* Whether ABFT2's window sums live in local memory (else in registers). */
static int sums_local(const dialect *d, const geometry *g) { return g->abft_sums_local && !(d->abft_omit & ABFT_SUMS_REGS); }

/* Whether lanes tr and tr ^ 1 share one sum of both their inputs (geometry's abft_sums_pair): added by
 * a shuffle (the lanes are one warp's), the even lane's column; a window then corrects one failure
 * per pair of lanes, not per lane. */
static int sums_pair(const dialect *d, const geometry *g) { return sums_local(d, g) && g->abft_sums_pair && d->xor_reduce; }

/* The shuffle's partner distance and mask of a pair's sums. */
static void pair_args(const geometry *g, char *buf, size_t n)
{
  snprintf(buf, n, "%uu, 0x%xu", g->w, g->wg >= 32 ? 0xffffffffu : (1u << g->wg) - 1u);
}

/* Whether the study's half-size sums apply (emit.h's ABFT_SUMS_HALF). */
static int sums_half(const dialect *d, const geometry *g) { return sums_local(d, g) && (d->abft_omit & ABFT_SUMS_HALF) && g->wg >= 2; }

size_t gen_local_bytes(const dialect *d, const geometry *g)
{
  if (sums_half(d, g)) return g->abft_sums_at + (g->local_bytes - g->abft_sums_at) / 2;
  return g->abft_sums_local && !sums_local(d, g) ? g->abft_sums_at : g->local_bytes; /* the sums are the array's end */
}

void gen_abft_args(const gen_state *gs, text_buf *b)
{
  tb_printf(b, ", %sconst real2 *restrict abft_a, %suint *restrict abft_ctl, const real abft_delta, const uint abft_pass", gs->d->global,
            gs->d->global);
}

/* Threads per first-level group of the sums over a transform: a warp's worth at most. */
static unsigned group_size(const geometry *g) { return g->w < 32 ? g->w : 32; }

/* ABFT2's window sum of slot i, component c ('r', 'i'): in registers, or in the dynamic local array
 * from geometry's abft_sums_at on, each work-item's own column (no barrier: no other reads it). */
static void sum_ref(const gen_state *gs, char *buf, size_t n, char c, const char *i)
{
  const geometry *g = gs->g;
  unsigned cols = sums_pair(gs->d, g) ? g->wg / 2 : g->wg;
  char col[64] = "lid", cs[96];
  if (sums_pair(gs->d, g)) snprintf(col, sizeof col, "(lid / %uu * %uu + tid)", 2 * g->w, g->w); /* the pair's column */
  snprintf(cs, sizeof cs, "%s", col);
  if (sums_half(gs->d, g)) cols /= 2, snprintf(cs, sizeof cs, "(%s %% %uu)", col, cols);
  if (!sums_local(gs->d, gs->g)) tb_format(gs->b, buf, n, "abft_s%c[%s]", c, i);
  else if (c == 'r') tb_format(gs->b, buf, n, "abft_s[(%s) * %uu + %s]", i, cols, cs);
  else tb_format(gs->b, buf, n, "abft_s[(%uu + %s) * %uu + %s]", gs->nslot, i, cols, cs);
}

/* A loop over every register slot index (both components' arrays have nslot entries). */
static void each_slot(gen_state *gs, const char *fmt_line)
{
  text_buf body;
  text_buf_init(&body);
  tb_printf(&body, "%s", fmt_line);
  gen_loop_body(gs, "i", gs->nslot, &body);
}

/* Emits, per owned element (slot q, lane e at element pos), the text that `line` makes of it. */
static void each_element(gen_state *gs, void (*line)(gen_state *gs, text_buf *b, const char *pos, const char *re, const char *im))
{
  text_buf body;
  text_buf_init(&body);
  for (unsigned e = 0; e < gs->g->ec; ++e) {
    char own[96], pos[128], re[96], im[96];
    gen_owned_pos(gs, own, sizeof own, "q");
    tb_format(gs->b, pos, sizeof pos, "(%s + %uu)", own, e);
    gen_slot(gs, re, sizeof re, 'r', "q", e);
    gen_slot(gs, im, sizeof im, 'i', "q", e);
    line(gs, &body, pos, re, im);
  }
  gen_loop_body(gs, "q", gs->g->rq, &body);
}

/* A weight's literal, exact in float and double (core/abft.h's abft_weight). */
static void weight_literal(char *buf, size_t n, uint32_t j, int im, int second) { snprintf(buf, n, "(real)%a", abft_weight(j, im, second)); }

/* Where a work-item's transform has at most ABFT_LITERAL_W work-items (the H200's N = 16 plans:
 * one), its weights are literal constants (chosen by tid beyond one): loaded from the table, a
 * whole transform's weights (32 values a work-item at N = 16) were scheduled early and held in
 * registers (ptxas, sm_90, f64 N = 16: ABFT2 32 bytes of stack, 8 with literals; ABFT1 8, none),
 * where a constant costs no register (a constant-bank operand on CUDA).  At two (N = 32) the
 * choice by tid cost more than it saved (ABFT2 f64: 72 bytes against 48). */
enum { ABFT_LITERAL_W = 1 };

static int literal_weights(const gen_state *gs) { return gs->g->w <= ABFT_LITERAL_W && !(gs->d->abft_omit & ABFT_OMIT_TABLE); }

/* Value k (interleaved re, im) of the plan's table (core/abft.h), as the kernel's table holds it. */
static double table_value(const void *t, int f64, size_t k) { return f64 ? ((const double *)t)[k] : (double)((const float *)t)[k]; }

/* A weight chosen by tid among the w work-items of a transform: "(real)A" or "(tid ? (real)B : (real)A)". */
static void literal_by_tid(char *buf, size_t n, const gen_state *gs, const void *t, size_t at, size_t stride)
{
  int f64 = gs->p->f64;
  if (gs->g->w == 1) snprintf(buf, n, "(real)%a", table_value(t, f64, at));
  else snprintf(buf, n, "(tid ? (real)%a : (real)%a)", table_value(t, f64, at + stride), table_value(t, f64, at));
}

/* The input's checksum shares a . x and b . x (a_k = alpha_(k mod m) beta_(k div m), core/abft.h)
 * and |x|^2.  Where the work-item's owned elements k = ec (tid + w q) + e are c + m q (m = ec w,
 * the slots' count R = abft_split(n)), per lane e the betas' sum over the slots, the betas literal
 * constants, and then one product with the table's alpha_c: a few FMAs on registers per element
 * and two table loads per lane, not per element.  Elsewhere a weight per element from the table's
 * alpha and beta. */
static int input_shares(gen_state *gs)
{
  const geometry *g = gs->g;
  text_buf *b = gs->b;
  size_t n = g->n, R = abft_split(n), m = n / R;
  int table = !(gs->d->abft_omit & ABFT_OMIT_TABLE);
  char al[2][160];
  if (g->rq == R) {
    void *t = table && literal_weights(gs) ? abft_table(n, gs->p->sign, gs->p->f64) : NULL; /* the alphas as literals too */
    if (table && literal_weights(gs) && !t) return -1;
    for (unsigned e = 0; e < g->ec; ++e) {
      tb_printf(b, "  {\n    real sr_ = 0, si_ = 0, sr2_ = 0, si2_ = 0;\n");
      for (unsigned q = 0; q < g->rq; ++q) {
        char qs[16], re[96], im[96], w[4][48];
        tb_format(b, qs, sizeof qs, "%u", q);
        gen_slot(gs, re, sizeof re, 'r', qs, e);
        gen_slot(gs, im, sizeof im, 'i', qs, e);
        for (int k = 0; k < 4; ++k) weight_literal(w[k], sizeof w[k], ABFT_BETA + q, k & 1, k >> 1);
        tb_printf(b, "    { const real xr_ = %s, xi_ = %s;\n", re, im);
        tb_printf(b, "      sr_ += %s * xr_ - %s * xi_; si_ += %s * xi_ + %s * xr_;\n", w[0], w[1], w[0], w[1]);
        tb_printf(b, "      sr2_ += %s * xr_ - %s * xi_; si2_ += %s * xi_ + %s * xr_; abft_n += xr_ * xr_ + xi_ * xi_; }\n", w[2], w[3], w[2], w[3]);
      }
      for (int k = 0; k < 2; ++k)
        if (t) {
          char re[160], im[160];
          literal_by_tid(re, sizeof re, gs, t, 2 * (k * m + e), 2 * g->ec);
          literal_by_tid(im, sizeof im, gs, t, 2 * (k * m + e) + 1, 2 * g->ec);
          tb_format(b, al[k], sizeof al[k], "{%s, %s}", re, im);
        } else if (table) tb_format(b, al[k], sizeof al[k], "abft_a[%zuu + %uu * tid + %uu]", k * m, g->ec, e);
        else tb_format(b, al[k], sizeof al[k], "{(real)1.5, (real)%u}", e);
      tb_printf(b, "    const real2 a_ = %s, b_ = %s;\n", al[0], al[1]);
      tb_printf(b, "    abft_cr += a_.x * sr_ - a_.y * si_; abft_ci += a_.x * si_ + a_.y * sr_;\n");
      tb_printf(b, "    abft_cr2 += b_.x * sr2_ - b_.y * si2_; abft_ci2 += b_.x * si2_ + b_.y * sr2_;\n  }\n");
    }
    free(t);
    return 0;
  }
  text_buf body;
  text_buf_init(&body);
  for (unsigned e = 0; e < g->ec; ++e) {
    char own[96], re[96], im[96];
    gen_owned_pos(gs, own, sizeof own, "q");
    gen_slot(gs, re, sizeof re, 'r', "q", e);
    gen_slot(gs, im, sizeof im, 'i', "q", e);
    tb_printf(&body, "    { const uint k_ = %s + %uu, c_ = k_ %% %zuu, q_ = k_ / %zuu; const real xr_ = %s, xi_ = %s;\n", own, e, m, m, re, im);
    for (int k = 0; k < 2; ++k) {
      const char *sfx = k ? "2" : "";
      if (table)
        tb_printf(&body, "      { const real2 al_ = abft_a[%zuu + c_], be_ = abft_a[%zuu + q_];\n", k * m, 2 * m + k * R);
      else tb_printf(&body, "      { const real2 al_ = {(real)1.5, (real)c_}, be_ = {(real)q_, (real)1.5};\n");
      tb_printf(&body, "        const real wr_ = al_.x * be_.x - al_.y * be_.y, wi_ = al_.x * be_.y + al_.y * be_.x;\n");
      tb_printf(&body, "        abft_cr%s += wr_ * xr_ - wi_ * xi_; abft_ci%s += wr_ * xi_ + wi_ * xr_; }\n", sfx, sfx);
    }
    tb_printf(&body, "      abft_n += xr_ * xr_ + xi_ * xi_; }\n");
  }
  gen_loop_body(gs, "q", g->rq, &body);
  return 0;
}

/* e_j y_j and f_j y_j, the weights side by side in the plan's table (core/abft.h): one access. */
static void output_share(gen_state *gs, text_buf *b, const char *pos, const char *re, const char *im)
{
  tb_printf(b, "    { const real4 w_ = ((%sconst real4 *)abft_w)[%s];\n", gs->d->global, pos);
  for (int second = 0; second < 2; ++second) {
    const char *sfx = second ? "2" : "";
    tb_printf(b, "      abft_or%s_ += w_.s%d * %s - w_.s%d * %s; abft_oi%s_ += w_.s%d * %s + w_.s%d * %s;\n", sfx, 2 * second, re, 2 * second + 1, im, sfx,
              2 * second, im, 2 * second + 1, re);
  }
  tb_printf(b, "    }\n");
}

/* The output share with the weights as literals (literal_weights); -1 when out of memory. */
static int output_share_literal(gen_state *gs)
{
  const geometry *g = gs->g;
  void *t = abft_table(g->n, gs->p->sign, gs->p->f64);
  if (!t) return -1;
  size_t out = abft_out_at(g->n);
  for (unsigned q = 0; q < g->rq; ++q)
    for (unsigned e = 0; e < g->ec; ++e) {
      size_t pos = (size_t)g->ec * g->w * q + e; /* gen_owned_pos at tid = 0; tid adds ec */
      char qs[16], re[96], im[96];
      tb_format(gs->b, qs, sizeof qs, "%u", q);
      gen_slot(gs, re, sizeof re, 'r', qs, e);
      gen_slot(gs, im, sizeof im, 'i', qs, e);
      for (int second = 0; second < 2; ++second) {
        const char *sfx = second ? "2" : "";
        size_t at = 2 * (out + 2 * pos + (size_t)second);
        char wr[112], wi[112];
        literal_by_tid(wr, sizeof wr, gs, t, at, 4 * g->ec);
        literal_by_tid(wi, sizeof wi, gs, t, at + 1, 4 * g->ec);
        tb_printf(gs->b, "  { const real er_ = %s, ei_ = %s;\n", wr, wi);
        tb_printf(gs->b, "    abft_or%s_ += er_ * %s - ei_ * %s; abft_oi%s_ += er_ * %s + ei_ * %s; }\n", sfx, re, im, sfx, im, re);
      }
    }
  free(t);
  return 0;
}

/* Fault injection, once per computation: the fault of this execution (at most one per work-item:
 * two faults go to two transforms) aimed at this pass, this transform and this work-item's values
 * becomes the stage, register slot, component and bit to flip (abft_ist = none otherwise). */
static void inject_target(gen_state *gs, const char *when)
{
  const geometry *g = gs->g;
  text_buf *b = gs->b;
  if (gs->d->abft_omit & ABFT_OMIT_INJECT) return;
  tb_printf(b, "  uint abft_ist = 0xffffffffu, abft_islot = 0u, abft_iim = 0u, abft_ibit = 0u;\n");
  tb_printf(b, "  if (abft_ninj && %s) for (uint f_ = 0; f_ < abft_ninj; ++f_) {\n", when);
  tb_printf(b, "    const uint o_ = %uu + %uu * f_, k_ = abft_ctl[o_ + 4u] >> 1;\n", (unsigned)ABFT_CTL_INJ, (unsigned)ABFT_CTL_INJ_WORDS);
  tb_printf(b, "    if (abft_ctl[o_] == abft_pass && valid && (k_ / %uu) %% %uu == tid &&\n", g->ec, g->w);
  tb_printf(b, "        t0 + tr == (((ulong)abft_ctl[o_ + 3u] << 32) | abft_ctl[o_ + 2u])) {\n");
  tb_printf(b, "      abft_ist = abft_ctl[o_ + 1u]; abft_islot = k_ / %uu / %uu * %uu + k_ %% %uu;\n", g->ec, g->w, g->ec, g->ec);
  tb_printf(b, "      abft_iim = abft_ctl[o_ + 4u] & 1u; abft_ibit = abft_ctl[o_ + 5u];\n    }\n  }\n");
}

/* The hook at `stage`: flips the chosen register (slot q, lane e as the owned positions number
 * them), through an unrolled choice: a register array indexed at run time would leave registers
 * for memory. */
static void inject(gen_state *gs, unsigned stage)
{
  const geometry *g = gs->g;
  if (gs->d->abft_omit & ABFT_OMIT_INJECT) return;
  tb_printf(gs->b, "  if (abft_ist == %uu) {\n", stage);
  for (unsigned q = 0; q < g->rq; ++q)
    for (unsigned e = 0; e < g->ec; ++e) {
      char qs[16], re[96], im[96];
      tb_format(gs->b, qs, sizeof qs, "%u", q);
      gen_slot(gs, re, sizeof re, 'r', qs, e);
      gen_slot(gs, im, sizeof im, 'i', qs, e);
      tb_printf(gs->b, "    if (abft_islot == %uu) { if (abft_iim) %s = ppfft_flip(%s, abft_ibit); else %s = ppfft_flip(%s, abft_ibit); }\n",
                q * g->ec + e, im, im, re, re);
    }
  tb_printf(gs->b, "  }\n");
}

/* Sums abft_dr, abft_di, abft_dr2, abft_di2, abft_dn over the transform's work-items: every one gets the same totals
 * (the same additions in the same order, or xor partners that add the same two numbers). */
static void transform_sums(gen_state *gs)
{
  const geometry *g = gs->g;
  const dialect *d = gs->d;
  unsigned G = group_size(g), wg = g->wg;
  static const char *const v[ABFT_SUMS] = {"abft_dr", "abft_di", "abft_dr2", "abft_di2", "abft_dn"};
  tb_printf(gs->b, "  {\n");
  if (d->xor_reduce && G > 1) {
    unsigned mask = wg >= 32 ? 0xffffffffu : (1u << wg) - 1u;
    for (unsigned m = G / 2; m >= 1; m /= 2)
      for (int k = 0; k < ABFT_SUMS; ++k) tb_printf(gs->b, "    %s = ppfft_xor_sum(%s, %uu, 0x%xu);\n", v[k], v[k], m, mask);
  } else if (G > 1) {
    tb_printf(gs->b, "    const uint par_ = (abft_iter & 1u) * %uu;\n", ABFT_SUMS * wg);
    for (int k = 0; k < ABFT_SUMS; ++k) tb_printf(gs->b, "    abft_red[par_ + %uu + lid] = %s;\n", k * wg, v[k]);
    tb_printf(gs->b, "  %s;\n", d->barrier_local);
    tb_printf(gs->b, "    const uint g0_ = par_ + (lid & ~%uu);\n", G - 1);
    for (int k = 0; k < ABFT_SUMS; ++k) tb_printf(gs->b, "    %s = 0;\n", v[k]);
    tb_printf(gs->b, "    for (uint j_ = 0; j_ < %uu; ++j_) {\n", G);
    for (int k = 0; k < ABFT_SUMS; ++k) tb_printf(gs->b, "      %s += abft_red[g0_ + %uu + j_];\n", v[k], k * wg);
    tb_printf(gs->b, "    }\n");
  }
  if (g->w > G) { /* the groups' totals, across the transform's warps */
    unsigned per = g->w / G, span = ABFT_SUMS * g->t * per;
    tb_printf(gs->b, "    const uint par2_ = (abft_iter & 1u) * %uu;\n", span);
    tb_printf(gs->b, "    if ((tid & %uu) == 0u) {\n", G - 1);
    for (int k = 0; k < ABFT_SUMS; ++k) tb_printf(gs->b, "      abft_red2[par2_ + %uu + tr * %uu + tid / %uu] = %s;\n", k * g->t * per, per, G, v[k]);
    tb_printf(gs->b, "    }\n  %s;\n", d->barrier_local);
    for (int k = 0; k < ABFT_SUMS; ++k) tb_printf(gs->b, "    %s = 0;\n", v[k]);
    tb_printf(gs->b, "    for (uint j_ = 0; j_ < %uu; ++j_) {\n", per);
    for (int k = 0; k < ABFT_SUMS; ++k) tb_printf(gs->b, "      %s += abft_red2[par2_ + %uu + tr * %uu + j_];\n", v[k], k * g->t * per, per);
    tb_printf(gs->b, "    }\n");
  }
  tb_printf(gs->b, "  }\n");
}

/* Whether any work-item of the work-group has cond, in every work-item (a barrier; the flag holds
 * the iteration number, so no reset is needed, and the next iteration's sums keep a later write
 * behind every read). */
static void group_any(gen_state *gs, const char *cond, const char *out)
{
  tb_printf(gs->b, "  if (%s) abft_any = abft_iter + 1u;\n  %s;\n", cond, gs->d->barrier_local);
  tb_printf(gs->b, "  const uint %s = abft_any == abft_iter + 1u;\n", out);
}

/* The load, passes (with the injection hooks) and the checksums of one computation. */
static int compute(gen_state *gs)
{
  const variant *v = gs->v;
  int failed = 0;
  inject(gs, 0);
  for (int s = 0; s < v->npasses; ++s) {
    if (s > 0 && v->shfl) failed |= gen_shuffle_exchange(gs, gen_stockham(gs, s - 1)) != 0;
    else if (s > 0) gen_lmcm_exchange(gs, gen_stockham(gs, s - 1));
    tb_printf(gs->b, "  /* pass %d: radix %u */\n", s, v->radix[s]);
    gen_stockham_on_slots(gs, gen_stockham(gs, s));
    inject(gs, (unsigned)s + 1);
  }
  return failed ? -1 : 0;
}

static void load(gen_state *gs)
{
  if (gs->g->staged) gen_load_staged(gs);
  else gen_load_owned_to_slots(gs);
}

static void store(gen_state *gs)
{
  if (gs->g->staged) gen_store_staged(gs);
  else gen_store_owned_from_slots(gs);
}

/* One computation of block `blk` (fix: of the window's sums) up to the check's verdict `bad`; the
 * loads and stores around it are the caller's. */
static int check_block(gen_state *gs, int two)
{
  text_buf *b = gs->b;
  tb_printf(b, "  real abft_cr = 0, abft_ci = 0, abft_cr2 = 0, abft_ci2 = 0, abft_n = 0, abft_or_ = 0, abft_oi_ = 0, abft_or2_ = 0, abft_oi2_ = 0;\n");
  char sr[96], si[96], line[320];
  sum_ref(gs, sr, sizeof sr, 'r', "i");
  sum_ref(gs, si, sizeof si, 'i', "i");
  int pair = two && sums_pair(gs->d, gs->g);
  char pa[48];
  pair_args(gs->g, pa, sizeof pa);
  if (two) { /* (a pair's lane without a failure: zeros, so that it ends with minus its outputs) */
    tb_printf(b, "  if (fix) {\n");
    if (pair) tb_printf(b, "    const uint own_ = abft_pend != 0x%xu;\n", (unsigned)ABFT_NONE);
    tb_format(b, line, sizeof line, pair ? "    vr[i] = own_ ? %s : (real)0; vi[i] = own_ ? %s : (real)0;\n" : "    vr[i] = %s; vi[i] = %s;\n", sr, si);
    each_slot(gs, line);
    tb_printf(b, "  }\n");
  }
  tb_printf(b, "  /* the input's checksum share (a . x) and energy */\n");
  int failed = !(gs->d->abft_omit & ABFT_OMIT_INPUT) && input_shares(gs) != 0;
  if (pair && !(gs->d->abft_omit & ABFT_OMIT_RIGHT)) { /* both lanes shuffle, the even one adds */
    tb_printf(b, "  if (!fix) {\n    const uint in_ = tr < nvalid;\n");
    tb_format(b, line, sizeof line,
              "    { const real pr_ = ppfft_xor_sum(in_ ? vr[i] : (real)0, %s), pi_ = ppfft_xor_sum(in_ ? vi[i] : (real)0, %s);\n"
              "      if (!(tr & 1u)) { %s += pr_; %s += pi_; } }\n",
              pa, pa, sr, si);
    each_slot(gs, line);
    tb_printf(b, "  }\n");
  } else if (two && !(gs->d->abft_omit & ABFT_OMIT_RIGHT)) {
    tb_printf(b, "  if (!fix && tr < nvalid) {\n");
    tb_format(b, line, sizeof line, "    %s += vr[i]; %s += vi[i];\n", sr, si);
    each_slot(gs, line);
    tb_printf(b, "  }\n");
  }
  inject_target(gs, "att == 0u && !fix");
  failed |= compute(gs) != 0;
  if (two) { /* the window's transform less the outputs that passed, read back (rare: no registers
              * hold them meanwhile) */
    tb_printf(b, "  if (fix) for (uint ob_ = 0u; ob_ < nblk; ++ob_) if (ob_ != abft_pend) {\n");
    tb_printf(b, "  const ulong t0 = first + ((ulong)%s * %uu + ob_) * %uu;\n", gs->d->group_id, gen_abft_window(gs->d, gs->g), gs->g->t);
    gen_block_pointers(gs);
    if (!gs->general) tb_printf(b, "  (void)x0;\n");
    tb_printf(b, "  const uint nvalid = batch - t0 < %uu ? (uint)(batch - t0) : %uu;\n", gs->g->t, gs->g->t);
    gen_subtract_owned_outputs(gs);
    tb_printf(b, "  }\n");
    if (pair) { /* the failed lane's transform of the pair's sums less its passed outputs, plus its partner's minus all of its own */
      tb_printf(b, "  if (fix) {\n");
      tb_format(b, line, sizeof line, "    vr[i] = ppfft_xor_sum(vr[i], %s); vi[i] = ppfft_xor_sum(vi[i], %s);\n", pa, pa);
      each_slot(gs, line);
      tb_printf(b, "  }\n");
    }
  }
  tb_printf(b, "  /* the output's checksum share (e . y), the sums over the transform, the check */\n");
  if (gs->d->opaque_tables) { /* the weights after the last pass: computed early, they held registers through it */
    char r0[96];
    gen_slot(gs, r0, sizeof r0, 'r', "0u", 0);
    tb_printf(b, "  const uint abft_zo = ppfft_opaque_after(abft_z, %s);\n", r0);
  } else {
    tb_printf(b, "  const uint abft_zo = abft_z;\n");
  }
  /* the output weights e, f (core/abft.h's abft_out_at), through a pointer that waits for the last
   * pass as abft_zo does */
  tb_printf(b, "  %sconst real2 *const abft_w = abft_a + %zuu + abft_zo; (void)abft_w;\n", gs->d->global, abft_out_at(gs->g->n));
  if (gs->d->abft_omit & ABFT_OMIT_OUTPUT) {
  } else if (literal_weights(gs)) failed |= output_share_literal(gs) != 0;
  else each_element(gs, output_share);
  tb_printf(b, "  real abft_dr = (fix ? abft_pcr : abft_cr) - abft_or_, abft_di = (fix ? abft_pci : abft_ci) - abft_oi_;\n");
  tb_printf(b, "  real abft_dr2 = (fix ? abft_pcr2 : abft_cr2) - abft_or2_, abft_di2 = (fix ? abft_pci2 : abft_ci2) - abft_oi2_;\n");
  tb_printf(b, "  real abft_dn = fix ? abft_pn : abft_n;\n");
  if (two) { /* ABFT2 stores before the verdict, so that no output is held in registers through
              * the sums: a block as it is (a failed transform is corrected later), the window's
              * correction where the lane's window had one failure (wrong if its check fails below,
              * and then counted uncorrectable: the stats say FAULT) */
    tb_printf(b, "  if (fix) { /* the lanes' corrections first: after the block's store, which reads the registers out for its own\n"
                 "              * order, they had to live through it (f64 N = 16: 136 of the kernel's 192 bytes of spills) */\n");
    tb_printf(b, "  nvalid = valid && !abft_lost ? tr + 1u : 0u;\n");
    gen_store_owned_elements(gs);
    tb_printf(b, "  nvalid = 0u;\n  }\n");
    tb_printf(b, "  /* store (fix: nvalid = 0, nothing) */\n");
    store(gs);
  }
  if (!(gs->d->abft_omit & ABFT_OMIT_SUMS)) transform_sums(gs);
  tb_printf(b, "  const uint bad = valid && !(abft_dr * abft_dr + abft_di * abft_di + abft_dr2 * abft_dr2 + abft_di2 * abft_di2 <= "
               "abft_delta * abft_delta * (real)%.17g * abft_dn);\n",
            abft_out_energy(gs->g->n));
  tb_printf(b, "  ++abft_iter;\n");
  return failed;
}

/* Where the dialect has ppfft_opaque: the tables' pointers saved before a loop (before = 1), or
 * made again, opaque, at the top of each iteration (before = 0): read through loop-invariant
 * pointers, a whole transform's table loads (twiddles, a = e^T W) were hoisted out of the loop and
 * held in registers, which cost the kernel most of its occupancy. */
static void opaque_tables(gen_state *gs, int before)
{
  const variant *v = gs->v;
  if (!before) /* likewise the output weights' offset (a zero): their loads wait for the last pass */
    tb_printf(gs->b, "  const uint abft_z = %s;\n", gs->d->opaque_tables ? "ppfft_opaque_u(0u)" : "0u");
  if (!gs->d->opaque_tables) return;
  const char *names[3];
  int k = 0;
  if (v->twiddle == TW_CM_K || v->twiddle == TW_GM) names[k++] = "tw";
  if (gs->p->twiddle_n) names[k++] = "tw4";
  names[k++] = "abft_a";
  for (int i = 0; i < k; ++i)
    if (before) tb_printf(gs->b, "  const real2 *const %s_o = %s;\n", names[i], names[i]);
    else tb_printf(gs->b, "  const real2 *restrict %s = ppfft_opaque(%s_o);\n", names[i], names[i]);
}

/* The block's transform index base, the transforms that exist, the layout's pointers. */
static void block_start(gen_state *gs, const char *block)
{
  tb_printf(gs->b, "  const ulong t0 = first + ((ulong)%s * %uu + (%s)) * %uu;\n", gs->d->group_id,
            gs->v->abft == 2 ? gen_abft_window(gs->d, gs->g) : 1, block, gs->g->t);
  gen_block_pointers(gs);
  if (!gs->general) tb_printf(gs->b, "  (void)x0; (void)y0;\n");
}

/* Barriers only where every work-item of the group arrives (loops of a uniform count, uniform
 * conditions), and no break or continue across them: what every OpenCL compiler handles, PoCL's
 * work-item loops included. */
int gen_abft_body(gen_state *gs)
{
  text_buf *b = gs->b;
  const geometry *g = gs->g;
  const dialect *d = gs->d;
  int two = gs->v->abft == 2, failed = 0;
  unsigned B = two ? gen_abft_window(d, g) : 1, G = group_size(g);
  char zero[48];
  if (gs->v->vector_math) tb_format(b, zero, sizeof zero, "%s%s%s0)", d->vec_open, gs->mt, d->vec_mid);
  else tb_format(b, zero, sizeof zero, "(real)0");

  tb_printf(b, "  /* ABFT%d: %u block%s of %u transforms per work-group (gen/abft.c) */\n", gs->v->abft, B, B > 1 ? "s" : "", g->t);
  if (G > 1 && !d->xor_reduce) tb_printf(b, "  %sreal abft_red[%u];\n", d->local_decl, 2 * ABFT_SUMS * g->wg);
  if (g->w > G) tb_printf(b, "  %sreal abft_red2[%u];\n", d->local_decl, 2 * ABFT_SUMS * g->t * (g->w / G));
  tb_printf(b, "  %suint abft_any;\n", d->local_decl);
  tb_printf(b, "  const uint abft_ninj = abft_ctl[%uu];\n", (unsigned)ABFT_CTL_NINJ);
  tb_printf(b, "  uint abft_iter = 0u;\n");
  /* blocks of this work-group that exist: the same in every work-item */
  tb_printf(b, "  const ulong g0 = first + (ulong)%s * %uu;\n", d->group_id, B * g->t);
  tb_printf(b, "  const uint nblk = batch - g0 >= %uu ? %uu : (uint)((batch - g0 + %uu) / %uu);\n", B * g->t, B, g->t - 1, g->t);
  if (two) {
    if (sums_local(d, g)) /* the window's inputs */
      tb_printf(b, "  %s *const abft_s = (%s *)((char *)ppfft_local + %zu);\n", gs->mt, gs->mt, g->abft_sums_at);
    else tb_printf(b, "  %s abft_sr[%u], abft_si[%u]; /* the window's inputs */\n", gs->mt, gs->nslot, gs->nslot);
    char line[320], sr[96], si[96];
    sum_ref(gs, sr, sizeof sr, 'r', "i");
    sum_ref(gs, si, sizeof si, 'i', "i");
    if (sums_pair(d, g)) tb_printf(b, "  if (!(tr & 1u)) {\n"); /* (the pair's column: the even lane's) */
    tb_format(b, line, sizeof line, "    %s = %s; %s = %s;\n", sr, zero, si, zero);
    each_slot(gs, line);
    if (sums_pair(d, g)) tb_printf(b, "  }\n");
    tb_printf(b, "  uint abft_pend = 0x%xu, abft_lost = 0u; /* the window's failed block, and whether a second one failed */\n",
              (unsigned)ABFT_NONE);
    tb_printf(b, "  real abft_pcr = 0, abft_pci = 0, abft_pcr2 = 0, abft_pci2 = 0, abft_pn = 0; /* its input checksum shares */\n");
    /* the window's blocks, then (fix) the delayed, batched correction: one more computation, of the
     * sums, when any lane needs it */
    opaque_tables(gs, 1);
    tb_printf(b, "  for (uint blk = 0u, nit = nblk; blk < nit; ++blk) {\n");
    opaque_tables(gs, 0);
    tb_printf(b, "  const uint fix = blk == nblk, att = fix;\n");
    if (sums_pair(d, g)) { /* one failure a pair of lanes: a second, in the other lane, makes both uncorrectable */
      char pa[48];
      pair_args(g, pa, sizeof pa);
      tb_printf(b, "  if (fix && ppfft_xor_sum((real)(abft_pend != 0x%xu), %s) > (real)1) abft_lost = 1u;\n", (unsigned)ABFT_NONE, pa);
    }
    block_start(gs, "fix ? (abft_pend != 0xffffffffu ? abft_pend : 0u) : blk");
    tb_printf(b, "  uint nvalid = fix ? 0u : batch - t0 < %uu ? (uint)(batch - t0) : %uu; /* fix: nothing loaded */\n", g->t, g->t);
    tb_printf(b, "  const uint valid = fix ? abft_pend != 0xffffffffu : tr < nvalid;\n");
    tb_printf(b, "  /* load into registers */\n");
    load(gs);
    failed |= check_block(gs, 1);
    tb_printf(b, "  if (!fix) {\n");
    tb_printf(b, "  if (bad) {\n    if (tid == 0u) ppfft_count(abft_ctl + %uu);\n", (unsigned)ABFT_CTL_DETECTED);
    tb_printf(b, "    if (abft_pend == 0xffffffffu) { abft_pend = blk; abft_pcr = abft_cr; abft_pci = abft_ci; abft_pcr2 = abft_cr2; abft_pci2 = abft_ci2; abft_pn = abft_n; }\n");
    tb_printf(b, "    else { abft_lost = 1u; if (tid == 0u) ppfft_count(abft_ctl + %uu); }\n", (unsigned)ABFT_CTL_UNCORRECTABLE);
    tb_printf(b, "  }\n  }\n");
    tb_printf(b, "  if (fix && valid && tid == 0u) ppfft_count(abft_ctl + (abft_lost || bad ? %uu : %uu));\n", (unsigned)ABFT_CTL_UNCORRECTABLE,
              (unsigned)ABFT_CTL_CORRECTED);
    tb_printf(b, "  if (blk + 1u == nblk) {\n");
    if (gs->d->abft_omit & ABFT_OMIT_ANY) tb_printf(b, "  const uint any_ = 0u;\n");
    else group_any(gs, "abft_pend != 0xffffffffu", "any_");
    tb_printf(b, "  nit += any_;\n  }\n");
    tb_printf(b, "  }\n");
  } else {
    /* one block; computed again when a transform fails, before anything is stored */
    tb_printf(b, "  uint abft_was_bad = 0u;\n");
    opaque_tables(gs, 1);
    tb_printf(b, "  for (uint att = 0u, again = nblk; again; ++att) {\n");
    opaque_tables(gs, 0);
    tb_printf(b, "  const uint fix = 0u;\n  const real abft_pcr = 0, abft_pci = 0, abft_pcr2 = 0, abft_pci2 = 0, abft_pn = 0;\n");
    block_start(gs, "0u");
    tb_printf(b, "  uint nvalid = batch - t0 < %uu ? (uint)(batch - t0) : %uu;\n  const uint valid = tr < nvalid;\n", g->t, g->t);
    tb_printf(b, "  /* load into registers */\n");
    load(gs);
    failed |= check_block(gs, 0);
    group_any(gs, "bad", "any_");
    tb_printf(b, "  again = att == 0u && any_;\n");
    tb_printf(b, "  if (att == 0u) {\n    if (bad && tid == 0u) ppfft_count(abft_ctl + %uu);\n    abft_was_bad = bad;\n", (unsigned)ABFT_CTL_DETECTED);
    tb_printf(b, "  } else if (tid == 0u && (bad || abft_was_bad)) ppfft_count(abft_ctl + (bad ? %uu : %uu));\n",
              (unsigned)ABFT_CTL_UNCORRECTABLE, (unsigned)ABFT_CTL_CORRECTED);
    tb_printf(b, "  if (again) nvalid = 0u; /* no store: the block is computed again from its input */\n");
    tb_printf(b, "  /* store */\n");
    store(gs);
    tb_printf(b, "  }\n");
  }
  return failed ? -1 : 0;
}
