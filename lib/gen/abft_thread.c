/* ABFT3: TurboFFT's thread-level two-sided checksums (the seed's IV-B1, Fig. 5), each work-item
 * protecting the radix-r butterflies it computes in its registers, with no sum over work-items and
 * no local memory: redundant arithmetic instead.
 *
 * In a radix pass a work-item computes U = S E butterflies (S groups, E lanes), y_u = F x_u on its
 * twiddled inputs x_u.  Left side (row): the ones vector, whose image under F is r e_0: sum_j y_uj
 * must equal r x_u0, and a fault of size eps in any one output shows in it at full size; the check
 * fails when |r x_u0 - sum_j y_uj|^2 > delta^2 r |x_u|^2 (delta the plan's threshold: a relative
 * error of the butterfly's output) or is not a number.  Right side (column): the sum of the
 * work-item's inputs c = sum_u x_u, kept while the butterflies run.  When one butterfly u* fails,
 * its outputs are replaced by F c - sum_(u != u*) y_u (one more butterfly, on c: the redundant
 * computation; the other outputs taken away one by one, so a huge corrupted value never enters a
 * sum), checked again against its row checksum (at the column's scale, sum_u |x_u|^2), and counted
 * corrected, or uncorrectable when that check fails.  Two failed butterflies of one work-item in
 * one pass are uncorrectable.  Every failed butterfly is counted detected.
 *
 * What it protects: the butterflies' arithmetic.  Not the loads, the twiddle products, the exchanges
 * between passes or the store: a fault there feeds a butterfly consistent inputs (fault injection at
 * stage 0, after the load, goes undetected; the plan's random draws aim at stages 1.. only).
 * Injection at stage s flips an output of pass s's butterfly before its check. */
#include "core/abft.h"
#include "gen/emit.h"
#include "gen/kernel.h"
#include <stdio.h>

/* The fault targets of this execution in this work-item: up to two (plan/abft.c aims ABFT3's
 * second fault at another butterfly of the same work-item, pass and stage). */
void gen_abft3_prologue(gen_state *gs)
{
  const geometry *g = gs->g;
  text_buf *b = gs->b;
  tb_printf(b, "  /* ABFT3: each butterfly checked in its work-item (gen/abft_thread.c) */\n");
  tb_printf(b, "  const uint abft_valid = tr < nvalid;\n");
  tb_printf(b, "  uint abft_ist = 0xffffffffu, abft_islot = 0u, abft_iim = 0u, abft_ibit = 0u;\n");
  tb_printf(b, "  uint abft_ist2 = 0xffffffffu, abft_islot2 = 0u, abft_iim2 = 0u, abft_ibit2 = 0u;\n");
  if (gs->d->abft_omit & ABFT_OMIT_INJECT) return;
  tb_printf(b, "  const uint abft_ninj = abft_ctl[%uu];\n", (unsigned)ABFT_CTL_NINJ);
  for (unsigned f = 0; f < 2; ++f) { /* (two straight blocks: a loop here made PoCL build an N = 8 kernel in 2.8 s instead of 1.3) */
    tb_printf(b, "  if (abft_ninj > %uu) {\n", f);
    tb_printf(b, "    const uint o_ = %uu, k_ = abft_ctl[o_ + 4u] >> 1;\n", (unsigned)ABFT_CTL_INJ + f * (unsigned)ABFT_CTL_INJ_WORDS);
    tb_printf(b, "    if (abft_ctl[o_] == abft_pass && abft_valid && (k_ / %uu) %% %uu == tid &&\n", g->ec, g->w);
    tb_printf(b, "        t0 + tr == (((ulong)abft_ctl[o_ + 3u] << 32) | abft_ctl[o_ + 2u])) {\n");
    tb_printf(b, "      abft_ist%s = abft_ctl[o_ + 1u]; abft_islot%s = k_ / %uu / %uu * %uu + k_ %% %uu; abft_iim%s = abft_ctl[o_ + 4u] & 1u; abft_ibit%s = abft_ctl[o_ + 5u];\n",
              f ? "2" : "", f ? "2" : "", g->ec, g->w, g->ec, g->ec, f ? "2" : "", f ? "2" : "");
    tb_printf(b, "    }\n  }\n");
  }
}

/* The flips of value `at` (re, im) at stage st by either target, as selects (no branch per value;
 * the hook's one test of the stage guards them). */
static void flip_selects(text_buf *b, const char *ind, const char *st, const char *at, const char *re, const char *im)
{
  for (int k = 0; k < 2; ++k) {
    const char *x = k ? "2" : "";
    tb_printf(b, "%s{ const uint h_ = abft_ist%s == %s && abft_islot%s == %s;\n", ind, x, st, x, at);
    tb_printf(b, "%s  %s = h_ && !abft_iim%s ? ppfft_flip(%s, abft_ibit%s) : %s; %s = h_ && abft_iim%s ? ppfft_flip(%s, abft_ibit%s) : %s; }\n", ind, re, x,
              re, x, re, im, x, im, x, im);
  }
}

/* Stage 0's hook, after the load: a flip of a loaded value (which ABFT3 does not see). */
void gen_abft3_inject_loaded(gen_state *gs)
{
  const geometry *g = gs->g;
  if (gs->d->abft_omit & ABFT_OMIT_INJECT) return;
  tb_printf(gs->b, "  if (abft_ist == 0u || abft_ist2 == 0u) {\n");
  for (unsigned q = 0; q < g->rq; ++q)
    for (unsigned e = 0; e < g->ec; ++e) {
      char qs[16], re[96], im[96];
      tb_format(gs->b, qs, sizeof qs, "%u", q);
      gen_slot(gs, re, sizeof re, 'r', qs, e);
      gen_slot(gs, im, sizeof im, 'i', qs, e);
      char at[48];
      tb_format(gs->b, at, sizeof at, "%uu", q * g->ec + e);
      flip_selects(gs->b, "    ", "0u", at, re, im);
    }
  tb_printf(gs->b, "  }\n");
}

void gen_abft3_pass_begin(gen_state *gs, spass sp, int s)
{
  text_buf *b = gs->b;
  tb_printf(b, "  { /* ABFT3 on pass %d: the column sums of the twiddled inputs, the failed butterflies */\n", s);
  tb_printf(b, "  const uint abft_st = %uu;\n", (unsigned)s + 1);
  tb_printf(b, "  real abft_cr[%u], abft_ci[%u], abft_en = 0, abft_x0r = 0, abft_x0i = 0;\n", sp.r, sp.r);
  tb_printf(b, "  uint abft_nbad = 0u, abft_u = 0u;\n");
  for (unsigned t = 0; t < sp.r; ++t) tb_printf(b, "  abft_cr[%u] = 0; abft_ci[%u] = 0;\n", t, t);
}

/* In unit (c, lane e) after the twiddles: the unit's row input r x_0, its energy, the column sums. */
void gen_abft3_unit_before(const gen_state *gs, text_buf *b, spass sp)
{
  (void)gs;
  tb_printf(b, "      const real abft_xr = ar[0], abft_xi = ai[0]; real abft_e = 0;\n");
  for (unsigned t = 0; t < sp.r; ++t)
    tb_printf(b, "      abft_cr[%u] += ar[%u]; abft_ci[%u] += ai[%u]; abft_e += ar[%u] * ar[%u] + ai[%u] * ai[%u];\n", t, t, t, t, t, t, t, t);
  tb_printf(b, "      abft_en += abft_e;\n");
}

/* In unit (c, lane e) after the butterfly: the stage's injection hook, then the row check. */
void gen_abft3_unit_after(const gen_state *gs, text_buf *b, spass sp, unsigned e)
{
  unsigned E = gs->g->ec;
  if (!(gs->d->abft_omit & ABFT_OMIT_INJECT)) {
    tb_printf(b, "      if (abft_ist == abft_st || abft_ist2 == abft_st) {\n");
    for (unsigned t = 0; t < sp.r; ++t) {
      char at[64], re[16], im[16];
      tb_format(b, at, sizeof at, "(c + %uu) * %uu + %uu", t * sp.s, E, e);
      tb_format(b, re, sizeof re, "ar[%u]", t);
      tb_format(b, im, sizeof im, "ai[%u]", t);
      flip_selects(b, "        ", "abft_st", at, re, im);
    }
    tb_printf(b, "      }\n");
  }
  tb_printf(b, "      { real dr_ = (real)%u * abft_xr, di_ = (real)%u * abft_xi;\n", sp.r, sp.r);
  for (unsigned t = 0; t < sp.r; ++t) tb_printf(b, "        dr_ -= ar[%u]; di_ -= ai[%u];\n", t, t);
  tb_printf(b, "        if (!(dr_ * dr_ + di_ * di_ <= abft_delta * abft_delta * (real)%u * abft_e)) {\n", sp.r);
  tb_printf(b, "          if (abft_nbad == 0u) { abft_u = c * %uu + %uu; abft_x0r = abft_xr; abft_x0i = abft_xi; }\n", E, e);
  tb_printf(b, "          ++abft_nbad;\n        }\n      }\n");
}

/* After the pass's butterflies: the correction of a work-item's one failed butterfly from the
 * column sums, counted in the plan's control words. */
void gen_abft3_pass_end(gen_state *gs, spass sp)
{
  text_buf *b = gs->b;
  unsigned E = gs->g->ec;
  tb_printf(b, "  if (abft_nbad && abft_valid) {\n");
  tb_printf(b, "    for (uint k_ = 0u; k_ < abft_nbad; ++k_) ppfft_count(abft_ctl + %uu);\n", (unsigned)ABFT_CTL_DETECTED);
  tb_printf(b, "    if (abft_nbad > 1u) for (uint k_ = 0u; k_ < abft_nbad; ++k_) ppfft_count(abft_ctl + %uu);\n", (unsigned)ABFT_CTL_UNCORRECTABLE);
  tb_printf(b, "    else {\n      %s ar[%u], ai[%u];\n", gs->mt, sp.r, sp.r);
  for (unsigned t = 0; t < sp.r; ++t) tb_printf(b, "      ar[%u] = abft_cr[%u]; ai[%u] = abft_ci[%u];\n", t, t, t, t);
  tb_printf(b, "      /* F c, the redundant butterfly */\n");
  gen_butterfly(gs, b, sp.r);
  for (int put = 0; put < 2; ++put) { /* take away the other butterflies' outputs; then store */
    text_buf body;
    text_buf_init(&body);
    for (unsigned e = 0; e < E; ++e) {
      tb_printf(&body, "    if (c * %uu + %uu %s abft_u) {\n", E, e, put ? "==" : "!=");
      for (unsigned t = 0; t < sp.r; ++t) {
        char q[64], sr[96], si[96];
        tb_format(b, q, sizeof q, "c + %uu", t * sp.s);
        gen_unit_slot(gs, sr, sizeof sr, 'r', q, e);
        gen_unit_slot(gs, si, sizeof si, 'i', q, e);
        if (put) tb_printf(&body, "      %s = ar[%u]; %s = ai[%u];\n", sr, t, si, t);
        else tb_printf(&body, "      ar[%u] -= %s; ai[%u] -= %s;\n", t, sr, t, si);
      }
      tb_printf(&body, "    }\n");
    }
    gen_loop_body(gs, "c", sp.s, &body);
  }
  tb_printf(b, "      real dr_ = (real)%u * abft_x0r, di_ = (real)%u * abft_x0i;\n", sp.r, sp.r);
  for (unsigned t = 0; t < sp.r; ++t) tb_printf(b, "      dr_ -= ar[%u]; di_ -= ai[%u];\n", t, t);
  tb_printf(b, "      const uint ok_ = dr_ * dr_ + di_ * di_ <= abft_delta * abft_delta * (real)%u * abft_en;\n", sp.r);
  tb_printf(b, "      ppfft_count(abft_ctl + (ok_ ? %uu : %uu));\n    }\n  }\n  }\n", (unsigned)ABFT_CTL_CORRECTED,
            (unsigned)ABFT_CTL_UNCORRECTABLE);
}
