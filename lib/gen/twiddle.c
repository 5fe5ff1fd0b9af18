/* Twiddle factors: computed (TW-CALC, TW-NATIVE) or read from a table (CM-K, CM-L, TW-GM; the
 * table's layout is core/twiddle_table.h's), all powers or the powers of two only (TWP). */
#include "gen/emit.h"
#include "gen/dft.h"
#include <stdio.h>
#include "core/pi_l.h"

/* Defines wc<sfx>, ws<sfx> (cos and sin of 2 pi x / M, x = expo[l] for lane l).  The table modes
 * read entry idx[l] of the pass-ordered table (core/twiddle_table.h); `contiguous`: the lanes' entries
 * are consecutive, one vector load. */
static void twiddle_fetch(const gen_state *gs, text_buf *b, const char *sfx, char expo[][96], char idx[][96], unsigned lanes,
                          unsigned M, int contiguous)
{
  const char *mt = gs->mt;
  const dialect *d = gs->d;
  int f64 = gs->p->f64;
  char lit[48];
  switch (gs->v->twiddle) {
  case TW_CALC:
    /* sincos after an exact reduction to a quarter turn (ppfft_cossin in cl/prelude.cl) */
    if (lanes == 1) {
      tb_printf(b, "        const real2 w%s = ppfft_cossin(%s, %uu);\n", sfx, expo[0], M);
      tb_printf(b, "        const real wc%s = w%s.x, ws%s = w%s.y;\n", sfx, sfx, sfx, sfx);
    } else {
      for (unsigned l = 0; l < lanes; ++l) tb_printf(b, "        const real2 w%u%s = ppfft_cossin(%s, %uu);\n", l, sfx, expo[l], M);
      for (int k = 0; k < 2; ++k) {
        tb_printf(b, "        const %s %s%s = %s%s%s", mt, k ? "ws" : "wc", sfx, d->vec_open, mt, d->vec_mid);
        for (unsigned l = 0; l < lanes; ++l) tb_printf(b, "%sw%u%s.%c", l ? ", " : "", l, sfx, k ? 'y' : 'x');
        tb_printf(b, ");\n");
      }
    }
    break;
  case TW_NATIVE: {
    /* native_cos/native_sin of the whole angle, in float: fast, device-dependent accuracy */
    gen_literal(gs->b, lit, sizeof lit, 2 * PI_L / M, 0);
    if (lanes == 1) tb_printf(b, "        const float wa%s = (float)(%s) * %s;\n", sfx, expo[0], lit);
    else {
      tb_printf(b, "        const float%u wa%s = convert_float%u(%suint%u%s", lanes, sfx, lanes, d->vec_open, lanes, d->vec_mid);
      for (unsigned l = 0; l < lanes; ++l) tb_printf(b, "%s%s", l ? ", " : "", expo[l]);
      tb_printf(b, ")) * %s;\n", lit);
    }
    if (!f64) tb_printf(b, "        const %s wc%s = native_cos(wa%s), ws%s = native_sin(wa%s);\n", mt, sfx, sfx, sfx, sfx);
    else if (lanes == 1)
      tb_printf(b, "        const %s wc%s = (real)native_cos(wa%s), ws%s = (real)native_sin(wa%s);\n", mt, sfx, sfx, sfx, sfx);
    else
      tb_printf(b, "        const %s wc%s = convert_real%u(native_cos(wa%s)), ws%s = convert_real%u(native_sin(wa%s));\n", mt, sfx, lanes,
                sfx, sfx, lanes, sfx);
    break;
  }
  case TW_CM_K:
  case TW_CM_L:
  case TW_GM: {
    const char *space = gs->v->twiddle == TW_GM ? d->global : d->constant_ptr;
    if (lanes == 1) {
      tb_printf(b, "        const real2 w%s = tw[%s];\n", sfx, idx[0]);
      tb_printf(b, "        const real wc%s = w%s.x, ws%s = w%s.y;\n", sfx, sfx, sfx, sfx);
    } else if (contiguous && lanes <= 8) {
      char w[16], even[48], odd[48];
      tb_printf(b, "        const real%u w%s = vload%u(0, (%sconst real *)tw + 2u * (%s));\n", 2 * lanes, sfx, 2 * lanes, space, idx[0]);
      tb_format(gs->b, w, sizeof w, "w%s", sfx);
      d->half(gs->b, even, sizeof even, w, 0);
      d->half(gs->b, odd, sizeof odd, w, 1);
      tb_printf(b, "        const %s wc%s = %s, ws%s = %s;\n", mt, sfx, even, sfx, odd);
    } else {
      for (int k = 0; k < 2; ++k) {
        tb_printf(b, "        const %s %s%s = %s%s%s", mt, k ? "ws" : "wc", sfx, d->vec_open, mt, d->vec_mid);
        for (unsigned l = 0; l < lanes; ++l) tb_printf(b, "%stw[%s].%c", l ? ", " : "", idx[l], k ? 'y' : 'x');
        tb_printf(b, ");\n");
      }
    }
    break;
  }
  }
}

/* Multiplies (xr, xi) by w = wc<sfx> + sign i ws<sfx>. */
static void twiddle_apply(const gen_state *gs, text_buf *b, const char *xr, const char *xi, const char *sfx)
{
  const char *mt = gs->mt;
  if (!gs->v->il) tb_printf(b, "        ppfft_twmul(&%s, &%s, wc%s, ws%s);\n", xr, xi, sfx, sfx);
  else if (gs->p->sign < 0)
    tb_printf(b, "        { const %s t = %s * wc%s + %s * ws%s;\n          %s = %s * wc%s - %s * ws%s;\n          %s = t; }\n", mt, xr,
              sfx, xi, sfx, xi, xi, sfx, xr, sfx, xr);
  else
    tb_printf(b, "        { const %s t = %s * wc%s - %s * ws%s;\n          %s = %s * wc%s + %s * ws%s;\n          %s = t; }\n", mt, xr,
              sfx, xi, sfx, xi, xi, sfx, xr, sfx, xr);
}

/* The twiddles of one butterfly unit of radix r: ar[t], ai[t] (0 < t < r) times w_M^(k_l t), where
 * k[l] is lane l's base exponent and the table holds w^(k t) at base + (t - 1) q + k.  Without TWP
 * every t is fetched; with TWP only t = 1, 2, 4, 8, 16, and w^t = w^a w^(t - a) for the highest
 * power of two a below t, so each power is at most four products from fetched values. */
void gen_twiddle_unit(const gen_state *gs, text_buf *b, unsigned r, char k[][64], unsigned lanes, unsigned q, unsigned base,
                         unsigned M, int contiguous)
{
  tb_printf(b, "      {\n");
  for (unsigned t = 1; t < r; ++t) {
    unsigned a = 1;
    while (2 * a <= t) a *= 2;
    char sfx[12], xr[16], xi[16];
    tb_format(gs->b, sfx, sizeof sfx, "%u", t);
    if (!gs->v->twp || a == t) {
      char expo[16][96], idx[16][96];
      for (unsigned l = 0; l < lanes; ++l) {
        tb_format(gs->b, expo[l], sizeof expo[l], "%s * %uu", k[l], t);
        tb_format(gs->b, idx[l], sizeof idx[l], "%uu + %s", base + (t - 1) * q, k[l]);
      }
      twiddle_fetch(gs, b, sfx, expo, idx, lanes, M, contiguous);
    } else
      tb_printf(b, "        const %s wc%u = wc%u * wc%u - ws%u * ws%u, ws%u = ws%u * wc%u + wc%u * ws%u;\n", gs->mt, t, a, t - a, a, t - a, t,
                a, t - a, a, t - a);
    tb_format(gs->b, xr, sizeof xr, "ar[%u]", t);
    tb_format(gs->b, xi, sizeof xi, "ai[%u]", t);
    twiddle_apply(gs, b, xr, xi, sfx);
  }
  tb_printf(b, "      }\n");
}
