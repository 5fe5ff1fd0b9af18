/* Memory access: global loads and stores in every layout and access pattern (CGAP, DIRECT, the
 * uncoalesced chunk, and across transforms for column passes), local memory, and the load and store
 * phases of each on-chip mode. */
#include "gen/emit.h"
#include "core/bluestein.h"
#include "core/fuse.h"
#include "core/twiddle_table.h"
#include "gen/dft.h"
#include <stdio.h>
#include <string.h>

/* Whether every transform's side (0 input, 1 output) starts at an even index (the offset and every
 * level's distance even): a real side's pairs x_2k, x_2k+1 are then aligned real2 elements. */
static int side_starts_even(const problem *p, int side)
{
  if ((side ? p->out_offset : p->in_offset) % 2) return 0;
  for (int l = 0; l < p->nlev; ++l)
    if (problem_level_dist(p, side, l) % 2) return 0;
  return 1;
}

/* A fused load (core/fuse.h): element pos of the transform at ptr on the input side, times the
 * chirp c_pos and zero from N on (Bluestein's chirp-in), or its element g^pos (Rader's rader-in). */
static void fused_load(const gen_state *gs, text_buf *b, const char *name, const char *ptr, const char *pos, const char *tr)
{
  const problem *p = gs->p;
  const char *vo = gs->d->vec_open, *vm = gs->d->vec_mid;
  char at[256]; /* the element of the dimension: the position, or a four-step first pass's m + R0 pos */
  if (p->twiddle_n) {
    char m[160];
    gen_twiddle_level_index(gs, m, sizeof m, tr);
    tb_format(gs->b, at, sizeof at, "(%s + %zuu * (uint)(%s))", m, p->twiddle_n / p->n, pos);
  } else tb_format(gs->b, at, sizeof at, "(uint)(%s)", pos);
  if (p->fuse_in == POINTWISE_RADER_IN && p->twiddle_n) {
    /* the first of two passes: element at of the sequence, x_(g^at), from the row's start (column
     * m's minus m elements); the work-item of element 0 copies x_0 into element L of row b (the
     * transform index over the columns) of the rows at the start of the output buffer (the scratch
     * space's: core/decompose.c's aux), for the filter's X_0 and rader-out */
    char m[160];
    size_t R0 = p->twiddle_n / p->n, s = p->in_stride / R0, L = p->twiddle_n;
    gen_twiddle_level_index(gs, m, sizeof m, tr);
    tb_printf(b, "    const ulong fr_%s = (%s) - (ulong)(%s) * %zuul;\n", name, ptr, m, s);
    tb_printf(b, "    const real2 %s = LD_IN(fr_%s + (ulong)((%sconst uint *)(fz + %uu))[%s] * %zuul);\n", name, name, gs->d->global,
              (unsigned)FUSE_HEAD, at, s);
    tb_printf(b, "    if (%s == 0u) ST_OUT((t0 + (ulong)(%s)) / %zuul * %zuul + %zuul, LD_IN(fr_%s));\n", at, tr, R0, L + 2, L, name);
    return;
  }
  if (p->fuse_in == POINTWISE_RADER_IN) {
    tb_printf(b, "    const real2 %s = LD_IN((%s) + (ulong)((%sconst uint *)(fz + %uu))[(uint)(%s)] * %zuul);\n", name, ptr, gs->d->global,
              (unsigned)FUSE_HEAD, pos, p->in_stride);
    return;
  }
  tb_printf(b, "    real2 %s = %sreal2%s0, 0);\n", name, vo, vm);
  tb_printf(b, "    { const uint fn_ = %s;\n", at);
  tb_printf(b, "    if (fn_ < ((%sconst uint *)fz)[0]) { const real2 fx_ = LD_IN((%s) + (ulong)(%s) * %zuul), fc_ = fz[%uu + fn_];\n", gs->d->global,
            ptr, pos, p->in_stride, (unsigned)FUSE_HEAD);
  tb_printf(b, "      %s = %sreal2%sfx_.x * fc_.x - fx_.y * fc_.y, fx_.x * fc_.y + fx_.y * fc_.x); } }\n", name, vo, vm);
}

/* f16 data: the type in memory of one access part of w reals (w / 2 half2, gen/dialect.h). */
static const char *half_vector(unsigned w) { return w == 2 ? "ppfft_h2" : w == 4 ? "uint2" : "uint4"; }

/* Declares access vector `name` loaded from lane group at element pos of the transform at ptr, on
 * the input (side 0) or output (side 1) layout. */
void gen_global_load(const gen_state *gs, text_buf *b, int side, const char *name, const char *ptr, const char *pos, const char *tr)
{
  unsigned w = gen_access_width(gs), parts = gen_access_parts(gs), E = gs->g->e;
  if (gs->general && !side && gs->p->fuse_in) {
    fused_load(gs, b, name, ptr, pos, tr);
    return;
  }
  if (gs->general && !side && gs->p->c2r && gs->p->half && gs->p->real_part != REAL_LAST) {
    gen_c2r_half_load(gs, b, name, ptr, pos, tr);
    return;
  }
  if (gs->general && !side && gs->p->r2c && gs->p->half && gs->p->real_part != REAL_LAST) { /* z_k = x_2k + i x_2k+1 */
    size_t s = gs->p->pair_stride ? gs->p->pair_stride : gs->p->in_stride, zs = gs->p->pair_stride ? gs->p->in_stride : 2 * s;
    if (s == 1 && zs % 2 == 0 && !gs->p->f16 && !gs->p->in_planar && side_starts_even(gs->p, 0)) {
      /* contiguous pairs: one real2 load (a split dimension's first pass too: its z_k are zs / 2 real2 apart) */
      if (zs == 2) tb_printf(b, "    const real2 %s = src[((%s) >> 1) + (ulong)(%s)];\n", name, ptr, pos);
      else tb_printf(b, "    const real2 %s = src[((%s) >> 1) + (ulong)(%s) * %zuul];\n", name, ptr, pos, zs / 2);
      return;
    }
    tb_printf(b, "    const real2 %s = %sreal2%sLDR_IN((%s) + (ulong)(%s) * %zuul), LDR_IN((%s) + (ulong)(%s) * %zuul + %zuul));\n", name,
              gs->d->vec_open, gs->d->vec_mid, ptr, pos, zs, ptr, pos, zs, s);
    return;
  }
  if (gs->general && !side && gs->p->c2r && gs->p->real_part == REAL_WHOLE) { /* X_k for k <= n/2, else conj X_(n-k) */
    size_t n = gs->p->n;
    tb_printf(b, "    const uint hk_%s = (uint)(%s);\n", name, pos);
    tb_printf(b, "    const real2 hv_%s = LD_IN((%s) + (ulong)(hk_%s <= %zuu ? hk_%s : %zuu - hk_%s) * %zuul);\n", name, ptr, name, n / 2,
              name, n, name, gs->p->in_stride);
    tb_printf(b, "    const real2 %s = %sreal2%shv_%s.x, hk_%s <= %zuu ? hv_%s.y : -hv_%s.y);\n", name, gs->d->vec_open, gs->d->vec_mid, name,
              name, n / 2, name, name);
    return;
  }
  if (gs->general && E > 1) { /* f16: E half2 at once, E transforms of a column side or E elements of a row */
    tb_printf(b, "    const real%u %s = ppfft_ldv_h2(((%sconst %s *)%s)[((%s) + (ulong)(%s) * %zuul) / %uu]);\n", w, name, gs->d->global,
              half_vector(w), side ? "dst" : "src", ptr, pos, side ? gs->p->out_stride : gs->p->in_stride, E);
    return;
  }
  if (gs->general) { /* one element; ptr is the transform's first element's index */
    tb_printf(b, "    const real2 %s = LD_%s((%s) + (ulong)(%s) * %zuul);\n", name, side ? "OUT" : "IN", ptr, pos,
              side ? gs->p->out_stride : gs->p->in_stride);
    return;
  }
  for (unsigned k = 0; k < parts; ++k) {
    char nm[32];
    tb_format(gs->b, nm, sizeof nm, parts == 2 ? "%s%u" : "%s", name, k);
    if (gs->p->f16 && parts == 2) /* w / 2 half2 in one access, converted to f32 */
      tb_printf(b, "    const real16 %s = ppfft_ldv_h2(((%sconst uint8 *)(%s))[2u * ((%s) / %uu) + %uu]);\n", nm, gs->d->global, ptr, pos, E, k);
    else if (gs->p->f16)
      tb_printf(b, "    const real%u %s = ppfft_ldv_h2(((%sconst %s *)(%s))[(%s) / %uu]);\n", w, nm, gs->d->global, half_vector(w), ptr, pos, E);
    else if (parts == 2)
      tb_printf(b, "    const real16 %s = ((%sconst real16 *)(%s))[2u * ((%s) / %uu) + %uu];\n", nm, gs->d->global, ptr, pos, E, k);
    else
      tb_printf(b, "    const real%u %s = ((%sconst real%u *)(%s))[(%s) / %uu];\n", w, nm, gs->d->global, w, ptr, pos, E);
  }
}

/* The index m of transform tr (in the work-group) at the four-step twiddle level, as an expression
 * in buf. */
void gen_twiddle_level_index(const gen_state *gs, char *buf, size_t n, const char *tr)
{
  const problem *p = gs->p;
  size_t below = 1;
  for (int l = 0; l < p->twiddle_level; ++l) below *= p->lev_count[l];
  if (p->twiddle_level + 1 < p->nlev)
    tb_format(gs->b, buf, n, "(uint)(((t0 + (ulong)(%s)) / %zuul) %% %zuul)", tr, below, p->lev_count[p->twiddle_level]);
  else tb_format(gs->b, buf, n, "(uint)((t0 + (ulong)(%s)) / %zuul)", tr, below);
}

/* tw4's w^x_ (core/twiddle_table.h's two levels: high times low) as `lhs` (a declaration or a
 * variable), from x_ in scope. */
static void tw4_read(const gen_state *gs, text_buf *b, const char *lhs)
{
  size_t B = four_step_block(gs->p->twiddle_n);
  tb_printf(b, "      const real2 h_ = tw4[x_ / %zuu], l_ = tw4[%zuu + x_ %% %zuu];\n", B, four_step_high(gs->p->twiddle_n), B);
  tb_printf(b, "      %s = %sreal2%sh_.x * l_.x - h_.y * l_.y, h_.y * l_.x + h_.x * l_.y);\n", lhs, gs->d->vec_open, gs->d->vec_mid);
}

/* The general layout's final touches on the value o_ of element pos of transform tr (in the
 * work-group) before it is stored: the four-step twiddle and the scale (final store only). */
static void general_final(const gen_state *gs, text_buf *b, const char *tr, const char *pos, int final)
{
  const problem *p = gs->p;
  const dialect *d = gs->d;
  if (final && p->twiddle_n) {
    /* output k of the transform whose index at the twiddle level is m: times w_twiddle_n^(m k);
     * m k < twiddle_n */
    if (gs->tw4_run) { /* w4_ = w^(m k), then w^(m (k + step)) for the next element */
      tb_printf(b, "      const real2 w_ = w4_;\n");
      tb_printf(b, "      w4_ = %sreal2%sw_.x * s4_.x - w_.y * s4_.y, w_.y * s4_.x + w_.x * s4_.y);\n", d->vec_open, d->vec_mid);
    } else {
      char m[160];
      gen_twiddle_level_index(gs, m, sizeof m, tr);
      tb_printf(b, "      const uint m_ = %s;\n", m);
      tb_printf(b, "      const uint x_ = m_ * (uint)(%s);\n", pos);
      tw4_read(gs, b, "const real2 w_");
    }
    if (p->sign < 0) tb_printf(b, "      o_ = %sreal2%so_.x * w_.x + o_.y * w_.y, o_.y * w_.x - o_.x * w_.y);\n", d->vec_open, d->vec_mid);
    else tb_printf(b, "      o_ = %sreal2%so_.x * w_.x - o_.y * w_.y, o_.y * w_.x + o_.x * w_.y);\n", d->vec_open, d->vec_mid);
  }
  char lit[48];
  if (gen_scale_literal(gs->b, lit, sizeof lit, p, final)) tb_printf(b, "      o_ *= %s;\n", lit);
}

/* A fused final store (core/fuse.h) of element pos (re, im) of transform tr (in the work-group),
 * whose output starts at ptr: the filter's product, conjugated (with Rader's x_0 and X_0 into the
 * row's elements L and L + 1 by element 0), or chirp-out's product with the conjugate (k < N), or
 * rader-out's x_0 plus the conjugate, to X_(g^-pos) (and element 0 X_0 from element L + 1), scaled. */
static void fused_store(const gen_state *gs, text_buf *b, const char *tr, const char *ptr, const char *pos, const char *re, const char *im)
{
  const problem *p = gs->p;
  const char *vo = gs->d->vec_open, *vm = gs->d->vec_mid;
  size_t so = p->out_stride, si = p->in_stride, off = fuse_out_offset(p), L = p->fuse_digit ? p->fuse_digit * p->n : p->n;
  size_t unit = p->fuse_digit ? so / p->fuse_digit : so; /* the row's element stride */
  if (p->fuse_digit) /* the last of two (three) passes: d + P pos */
    tb_printf(b, "    { const uint fk_ = (uint)((t0 + (ulong)(%s)) %% %zuul) + %zuu * (uint)(%s);\n", tr, p->fuse_digit, p->fuse_digit, pos);
  else tb_printf(b, "    { const uint fk_ = (uint)(%s);\n", pos);
  switch (p->fuse_out) {
  case POINTWISE_FILTER:
  case POINTWISE_RADER_FILTER:
    tb_printf(b, "      const real2 o_ = %sreal2%s%s, %s), c_ = fz[%zuu + fk_];\n", vo, vm, re, im, off);
    if (p->fuse_out == POINTWISE_RADER_FILTER && p->fuse_digit) /* two passes: x_0 is in element L already (fused_load) */
      tb_printf(b, "      if (fk_ == 0u) { const real2 s_ = LD_OUT((%s) + %zuul); ST_OUT((%s) + %zuul, %sreal2%ss_.x + o_.x, s_.y + o_.y)); }\n", ptr,
                L * unit, ptr, (L + 1) * unit, vo, vm);
    else if (p->fuse_out == POINTWISE_RADER_FILTER)
      tb_printf(b, "      if (fk_ == 0u) { const real2 s_ = LD_IN(IN_AT(t0 + (ulong)(%s))); ST_OUT((%s) + %zuul, s_); ST_OUT((%s) + %zuul, %sreal2%ss_.x + o_.x, s_.y + o_.y)); }\n",
                tr, ptr, L * so, ptr, (L + 1) * so, vo, vm);
    tb_printf(b, "      ST_OUT((%s) + (ulong)(%s) * %zuul, %sreal2%so_.x * c_.x - o_.y * c_.y, -(o_.x * c_.y + o_.y * c_.x))); }\n", ptr, pos, so,
              vo, vm);
    return;
  case POINTWISE_CHIRP_OUT:
    tb_printf(b, "      if (fk_ < ((%sconst uint *)fz)[0]) {\n      real2 o_ = %sreal2%s%s, -(%s));\n", gs->d->global, vo, vm, re, im);
    general_final(gs, b, tr, pos, 1);
    tb_printf(b, "      const real2 c_ = fz[%zuu + fk_];\n", off);
    tb_printf(b, "      ST_OUT((%s) + (ulong)(%s) * %zuul, %sreal2%so_.x * c_.x - o_.y * c_.y, o_.x * c_.y + o_.y * c_.x)); } }\n", ptr, pos, so, vo,
              vm);
    return;
  default: { /* POINTWISE_RADER_OUT */
    char lit[48], sc[96] = "";
    if (gen_scale_literal(gs->b, lit, sizeof lit, p, 1)) tb_format(gs->b, sc, sizeof sc, " z_.x *= %s; z_.y *= %s;", lit, lit);
    char w[160]; /* the output row's start */
    if (p->fuse_digit) { /* two passes: row b (the transform index over the digits) of the rows at the start of the input buffer */
      tb_printf(b, "      const ulong r_ = (t0 + (ulong)(%s)) / %zuul * %zuul, w_ = (%s) - (ulong)(fk_ %% %zuu) * %zuul;\n", tr, p->fuse_digit, L + 2,
                ptr, p->fuse_digit, unit);
      si = 1;
      tb_format(gs->b, w, sizeof w, "w_");
    } else {
      tb_printf(b, "      const ulong r_ = IN_AT(t0 + (ulong)(%s));\n", tr);
      tb_format(gs->b, w, sizeof w, "(%s)", ptr);
    }
    tb_printf(b, "      const real2 s_ = LD_IN(r_ + %zuul);\n", L * si);
    tb_printf(b, "      if (fk_ == 0u) { real2 z_ = LD_IN(r_ + %zuul);%s ST_OUT(%s, z_); }\n", (L + 1) * si, sc, w);
    tb_printf(b, "      { real2 z_ = %sreal2%ss_.x + (%s), s_.y - (%s));%s\n", vo, vm, re, im, sc);
    tb_printf(b, "      ST_OUT(%s + (ulong)((%sconst uint *)fz)[%zuu + fk_] * %zuul, z_); } }\n", w, gs->d->global,
              off * problem_table_elem_bytes(p) / 4, unit);
  }
  }
}

/* The general layout's store of one element (re, im) at pos of transform tr (in the work-group),
 * whose first element is at ptr; the final store applies the four-step twiddle and the scale. */
static void general_store(const gen_state *gs, text_buf *b, const char *tr, const char *ptr, const char *pos, const char *re,
                          const char *im, int final)
{
  const problem *p = gs->p;
  const dialect *d = gs->d;
  if (final && p->fuse_out) {
    fused_store(gs, b, tr, ptr, pos, re, im);
    return;
  }
  tb_printf(b, "    { real2 o_ = %sreal2%s%s, %s);\n", d->vec_open, d->vec_mid, re, im);
  general_final(gs, b, tr, pos, final);
  if (p->r2c && p->half && (p->real_part == REAL_WHOLE || p->mirror)) { /* k = 0 holds X_0 and X_M (gen/real.c) */
    char k0[160] = "";
    if (p->mirror) tb_format(gs->b, k0, sizeof k0, " && (uint)((t0 + (ulong)(%s)) %% %zuul) == 0u", tr, p->mirror); /* (digit 0) */
    tb_printf(b, "      if ((uint)(%s) == 0u%s) { ST_OUT((%s) + %zuul, %sreal2%so_.y, (real)0)); o_.y = (real)0; }\n"
                 "      ST_OUT((%s) + (ulong)(%s) * %zuul, o_); }\n",
              pos, k0, ptr, p->n * p->out_stride, d->vec_open, d->vec_mid, ptr, pos, p->out_stride);
  }
  else if (p->c2r && p->half && p->real_part != REAL_FIRST) { /* z_k = x_2k + i x_2k+1 */
    size_t s = p->pair_stride ? p->pair_stride : p->out_stride, zs = p->pair_stride ? p->out_stride : 2 * s;
    if (s == 1 && zs % 2 == 0 && !p->f16 && !p->out_planar && side_starts_even(p, 1)) { /* contiguous pairs: one real2 store */
      if (zs == 2) tb_printf(b, "      dst[((%s) >> 1) + (ulong)(%s)] = o_; }\n", ptr, pos);
      else tb_printf(b, "      dst[((%s) >> 1) + (ulong)(%s) * %zuul] = o_; }\n", ptr, pos, zs / 2);
    } else
      tb_printf(b, "      STR_OUT((%s) + (ulong)(%s) * %zuul, o_.x); STR_OUT((%s) + (ulong)(%s) * %zuul + %zuul, o_.y); }\n", ptr, pos,
                zs, ptr, pos, zs, s);
  } else if (p->r2c && p->real_part == REAL_WHOLE) /* the Hermitian half only */
    tb_printf(b, "      if ((uint)(%s) <= %zuu) ST_OUT((%s) + (ulong)(%s) * %zuul, o_); }\n", pos, p->n / 2, ptr, pos, p->out_stride);
  else tb_printf(b, "      ST_OUT((%s) + (ulong)(%s) * %zuul, o_); }\n", ptr, pos, p->out_stride);
}

/* Stores lane values re[e], im[e] (expressions) of transform tr (in the work-group), times the
 * scale if `scaled` (the final store), as a vector at pos of ptr. */
void gen_global_store(const gen_state *gs, text_buf *b, const char *tr, const char *ptr, const char *pos, char re[][96],
                         char im[][96], int scaled)
{
  unsigned parts = gen_access_parts(gs), w = gen_access_width(gs), E = gs->g->e;
  if (gs->general && E > 1) { /* f16: lane e is transform tr + e of a column side, else element pos + e */
    int col = geometry_side_is_column(gs->p, gs->g, 1);
    tb_printf(b, "    {\n");
    for (unsigned e = 0; e < E; ++e) {
      char tre[64], pose[160];
      tb_format(gs->b, tre, sizeof tre, col && e ? "(%s) + %uu" : "%s", tr, e);
      tb_format(gs->b, pose, sizeof pose, !col && e ? "(%s) + %uu" : "%s", pos, e);
      tb_printf(b, "    real2 o%u_;\n    { real2 o_ = %sreal2%s%s, %s);\n", e, gs->d->vec_open, gs->d->vec_mid, re[e], im[e]);
      general_final(gs, b, tre, pose, scaled);
      tb_printf(b, "      o%u_ = o_; }\n", e);
    }
    tb_printf(b, "    ((%s%s *)dst)[((%s) + (ulong)(%s) * %zuul) / %uu] = ppfft_stv_h2(%sreal%u%s", gs->d->global, half_vector(w), ptr, pos,
              gs->p->out_stride, E, gs->d->vec_open, w, gs->d->vec_mid);
    for (unsigned e = 0; e < E; ++e) tb_printf(b, "%so%u_.x, o%u_.y", e ? ", " : "", e, e);
    tb_printf(b, "));\n    }\n");
    return;
  }
  if (gs->general) {
    general_store(gs, b, tr, ptr, pos, re[0], im[0], scaled);
    return;
  }
  char lit[48], scale[64] = "";
  if (gen_scale_literal(gs->b, lit, sizeof lit, gs->p, scaled)) tb_format(gs->b, scale, sizeof scale, " * %s", lit);
  for (unsigned k = 0; k < parts; ++k) {
    if (gs->p->f16 && parts == 2) /* rounded to half2 after the scale */
      tb_printf(b, "    ((%suint8 *)(%s))[2u * ((%s) / %uu) + %uu] = ppfft_stv_h2(%sreal16%s", gs->d->global, ptr, pos, E, k, gs->d->vec_open,
                gs->d->vec_mid);
    else if (gs->p->f16)
      tb_printf(b, "    ((%s%s *)(%s))[(%s) / %uu] = ppfft_stv_h2(%sreal%u%s", gs->d->global, half_vector(w), ptr, pos, E, gs->d->vec_open, w,
                gs->d->vec_mid);
    else if (parts == 2)
      tb_printf(b, "    ((%sreal16 *)(%s))[2u * ((%s) / %uu) + %uu] = %sreal16%s", gs->d->global, ptr, pos, E, k, gs->d->vec_open,
                gs->d->vec_mid);
    else
      tb_printf(b, "    ((%sreal%u *)(%s))[(%s) / %uu] = %sreal%u%s", gs->d->global, w, ptr, pos, E, gs->d->vec_open, w, gs->d->vec_mid);
    unsigned lanes = w / 2;
    for (unsigned e = 0; e < lanes; ++e)
      tb_printf(b, "%s%s, %s", e ? ", " : "", re[k * 8 + e], im[k * 8 + e]);
    tb_printf(b, ")%s%s;\n", scale, gs->p->f16 ? ")" : "");
  }
}

/* The plain layout's pointers x0, y0 to the first transform (t0) of the block; nothing in the
 * general layout, which addresses through IN_AT/OUT_AT. */
void gen_block_pointers(const gen_state *gs)
{
  if (gs->general) return;
  const problem *p = gs->p;
  const char *c2 = p->f16 ? "ppfft_h2" : "real2";
  tb_printf(gs->b, "  %sconst %s *x0 = src + t0 * %zuul + %zuul;\n", gs->d->global, c2, p->in_dist, p->in_offset);
  tb_printf(gs->b, "  %s%s *y0 = dst + t0 * %zuul + %zuul;\n", gs->d->global, c2, p->out_dist, p->out_offset);
}

/* Pointer to transform b (an expression) of the input or output; in the general layout, the index
 * of its first element. */
void gen_transform_ptr(const gen_state *gs, char *buf, size_t n, int output, const char *b)
{
  if (gs->general) {
    tb_format(gs->b, buf, n, "%s_AT(t0 + (ulong)(%s))", output ? "OUT" : "IN", b);
    return;
  }
  size_t dist = output ? gs->p->out_dist : gs->p->in_dist;
  tb_format(gs->b, buf, n, "%s + (ulong)(%s) * %zuul", output ? "y0" : "x0", b, dist);
}

/* Reads (store = 0) or writes E consecutive lanes at element pos of transform tr in local plane
 * `arr`, from or to the lane values val[e] (expressions), or the lane vector vec when given. */
static void local_lanes(const gen_state *gs, text_buf *b, unsigned E, int store, const char *arr, const char *tr,
                        const char *pos, const char *vec, char val[][96])
{
  if (E > 1 && vec) {
    if (store) tb_printf(b, "    vstore%u(%s, 0, %s + %s * %uu + PAD(%s));\n", E, vec, arr, tr, gs->g->npad, pos);
    else tb_printf(b, "    %s = vload%u(0, %s + %s * %uu + PAD(%s));\n", vec, E, arr, tr, gs->g->npad, pos);
    return;
  }
  for (unsigned e = 0; e < E; ++e) {
    if (store) tb_printf(b, "    %s[%s * %uu + PAD(%s + %uu)] = %s;\n", arr, tr, gs->g->npad, pos, e, val[e]);
    else tb_printf(b, "    %s = %s[%s * %uu + PAD(%s + %uu)];\n", val[e], arr, tr, gs->g->npad, pos, e);
  }
}

/* Index computation for access vector j under the variant's access pattern: defines b (transform in
 * the work-group) and pos (first element) in the loop body, for the input (side 0) or output side:
 * a strided side whose neighbouring transforms are adjacent in memory is read across transforms. */
void gen_pattern_unit(const gen_state *gs, char *buf, size_t n, const char *var, unsigned per_item)
{
  if (gs->v->access == ACCESS_CGAP) tb_format(gs->b, buf, n, "lid + %uu * %s", gs->g->wg, var); /* work-item k: unit k */
  else tb_format(gs->b, buf, n, "lid * %uu + %s", per_item, var); /* the chunk: a run of per_item units */
}

static void pattern_index(const gen_state *gs, text_buf *b, int side)
{
  const geometry *g = gs->g;
  unsigned per = g->n / g->e; /* vectors per transform */
  if (gs->general && geometry_side_is_column(gs->p, g, side)) {
    /* transform-minor: neighbouring work-items take neighbouring transforms, adjacent in memory;
     * with e lanes (f16), each takes e neighbouring transforms b..b+e-1 at once */
    if (g->e > 1) tb_printf(b, "    const uint v = lid + %uu * j, b = %uu * (v %% %uu), pos = v / %uu;\n", g->wg, g->e, g->t / g->e, g->t / g->e);
    else tb_printf(b, "    const uint v = lid + %uu * j, b = v %% %uu, pos = v / %uu;\n", g->wg, g->t, g->t);
    return;
  }
  if (gs->v->access == ACCESS_DIRECT) {
    tb_printf(b, "    const uint b = tr, pos = %uu * (tid + %uu * j);\n", g->e, g->w);
    return;
  }
  char unit[64];
  gen_pattern_unit(gs, unit, sizeof unit, "j", g->ra);
  tb_printf(b, "    const uint v = %s;\n", unit);
  tb_printf(b, "    const uint b = v / %uu, pos = %uu * (v %% %uu);\n", per, g->e, per);
}

/* Loads this work-item's own lane groups from global memory into the register slots. */
void gen_load_owned_to_slots(gen_state *gs)
{
  if (gen_c2r_half_load_pairs(gs)) return;
  text_buf body;
  text_buf_init(&body);
  char pos[96], ptr[96];
  gen_owned_pos(gs, pos, sizeof pos, "q");
  gen_transform_ptr(gs, ptr, sizeof ptr, 0, "tr");
  gen_c2r_half_loads_begin(gs, "q", 0);
  tb_printf(&body, "    if (tr < nvalid) {\n");
  gen_global_load(gs, &body, 0, "gv", ptr, pos, "tr");
  if (gs->v->vector_math) {
    char re[96], im[96];
    gen_access_plane(gs, re, sizeof re, "gv", 0);
    gen_access_plane(gs, im, sizeof im, "gv", 1);
    tb_printf(&body, "    vr[q] = %s; vi[q] = %s;\n", re, im);
  } else {
    for (unsigned e = 0; e < gs->g->e; ++e) {
      char sr[96], si[96], cr[64], ci[64];
      gen_slot(gs, sr, sizeof sr, 'r', "q", e);
      gen_slot(gs, si, sizeof si, 'i', "q", e);
      gen_access_comp(gs, cr, sizeof cr, "gv", e, 0);
      gen_access_comp(gs, ci, sizeof ci, "gv", e, 1);
      tb_printf(&body, "    %s = %s; %s = %s;\n", sr, cr, si, ci);
    }
  }
  tb_printf(&body, "    }\n");
  gen_loop_body(gs, "q", gs->g->rq, &body);
  if (gs->real_tw) tb_printf(gs->b, "  }\n");
  gs->real_tw = NULL;
  gen_c2r_mirror_reads(gs);
}

/* Emits w = tw4's w^x as real2 `name`. */
static void tw4_value(const gen_state *gs, const char *name, const char *x)
{
  tb_printf(gs->b, "    { const uint x_ = %s;\n", x);
  tw4_read(gs, gs->b, name);
  tb_printf(gs->b, "    }\n");
}

/* f16, a four-step pass's twiddle w^(m k) on single elements of owned stores: a work-item's elements
 * k = tid + w q of one transform (m) take w^(m tid) and then each the one before times w^(m w),
 * instead of two table reads each, which differ across a COLS warp's transforms and scatter over the
 * table (the same column pass of 1024 points took 0.279 ms with the four-step twiddle, 0.235
 * without, on the H200: bench/results/2026-11-25-h200-f16, f16e/ and f16d-tune/).  The running
 * product's f32 rounding (a few ulps an element, 2^-24) stays far below the store's rounding to half
 * (2^-11).  Emitted before the loads, so that its table reads overlap them. */
void gen_tw4_run_prologue(gen_state *gs)
{
  const problem *p = gs->p;
  gs->tw4_run = gs->general && p->twiddle_n && p->f16 && !p->fuse_out && gs->g->e == 1 && gs->g->ec == 1 && gs->g->rq > 1;
  if (!gs->tw4_run) return;
  char m[160], x[256];
  gen_twiddle_level_index(gs, m, sizeof m, "tr");
  /* (m 0 for the transforms past the batch, which store nothing: the table index stays in range) */
  tb_printf(gs->b, "  real2 w4_, s4_; /* the four-step twiddle of the first owned element, and its step */\n");
  tb_printf(gs->b, "  { const uint m4_ = tr < nvalid ? %s : 0u;\n", m);
  tb_format(gs->b, x, sizeof x, "m4_ * tid");
  tw4_value(gs, "w4_", x);
  tb_format(gs->b, x, sizeof x, "m4_ * %uu", gs->g->w);
  tw4_value(gs, "s4_", x);
  tb_printf(gs->b, "  }\n");
}

/* Stores the register slots (the last pass leaves results at the owned positions) to global memory
 * (with gen_tw4_run_prologue's running twiddle where it set gs->tw4_run). */
void gen_store_owned_from_slots(gen_state *gs)
{
  text_buf body;
  text_buf_init(&body);
  char pos[96], ptr[96], re[16][96], im[16][96];
  gen_owned_pos(gs, pos, sizeof pos, "q");
  gen_transform_ptr(gs, ptr, sizeof ptr, 1, "tr");
  for (unsigned e = 0; e < gs->g->e; ++e) {
    gen_slot(gs, re[e], sizeof re[e], 'r', "q", e);
    gen_slot(gs, im[e], sizeof im[e], 'i', "q", e);
  }
  tb_printf(&body, "    if (tr < nvalid) {\n");
  gen_global_store(gs, &body, "tr", ptr, pos, re, im, 1);
  tb_printf(&body, "    }\n");
  gen_loop_body(gs, "q", gs->g->rq, &body);
  gs->tw4_run = 0;
}

/* What to do with one owned element: the element at pos of the transform at ptr, in slot (re, im). */
typedef void (*owned_emit)(gen_state *gs, text_buf *body, const char *ptr, const char *pos, const char *re, const char *im);

/* Each work-item's owned register slots of its own transform (tr < nvalid), one element at a time,
 * whatever the access pattern: ABFT, where each transform of the work-group has a transform index of
 * its own. */
static void owned_elements(gen_state *gs, owned_emit emit)
{
  text_buf body;
  text_buf_init(&body);
  char pos[128], ptr[96], re[96], im[96];
  gen_transform_ptr(gs, ptr, sizeof ptr, 1, "tr");
  tb_printf(&body, "    if (tr < nvalid) {\n");
  for (unsigned e = 0; e < gs->g->ec; ++e) {
    char own[96];
    gen_owned_pos(gs, own, sizeof own, "q");
    tb_format(gs->b, pos, sizeof pos, "%s + %uu", own, e);
    gen_slot(gs, re, sizeof re, 'r', "q", e);
    gen_slot(gs, im, sizeof im, 'i', "q", e);
    emit(gs, &body, ptr, pos, re, im);
  }
  tb_printf(&body, "    }\n");
  gen_loop_body(gs, "q", gs->g->rq, &body);
}

/* Stores the element, scaled (ABFT's correction). */
static void store_owned(gen_state *gs, text_buf *body, const char *ptr, const char *pos, const char *re, const char *im)
{
  if (gs->general) {
    general_store(gs, body, "tr", ptr, pos, re, im, 1);
    return;
  }
  char lit[48], scale[64] = "";
  if (gen_scale_literal(gs->b, lit, sizeof lit, gs->p, 1)) tb_format(gs->b, scale, sizeof scale, " * %s", lit);
  tb_printf(body, "    (%s)[%s] = %sreal2%s%s, %s)%s;\n", ptr, pos, gs->d->vec_open, gs->d->vec_mid, re, im, scale);
}

void gen_store_owned_elements(gen_state *gs) { owned_elements(gs, store_owned); }

/* Subtracts the element already stored from the slot, the final store's four-step twiddle and
 * scale undone (ABFT2's correction). */
static void subtract_owned(gen_state *gs, text_buf *body, const char *ptr, const char *pos, const char *re, const char *im)
{
  const problem *p = gs->p;
  const dialect *d = gs->d;
  char lit[48];
  int scaled = gen_scale_literal(gs->b, lit, sizeof lit, p, 1);
  if (gs->general) tb_printf(body, "    { real2 o_ = LD_OUT((%s) + (ulong)(%s) * %zuul);\n", ptr, pos, p->out_stride);
  else tb_printf(body, "    { real2 o_ = (%s)[%s];\n", ptr, pos);
  if (gs->general && p->twiddle_n) { /* general_final's twiddle, conjugated */
    char m[160];
    gen_twiddle_level_index(gs, m, sizeof m, "tr");
    size_t B = four_step_block(p->twiddle_n);
    tb_printf(body, "      const uint m_ = %s, x_ = m_ * (uint)(%s);\n", m, pos);
    tb_printf(body, "      const real2 h_ = tw4[x_ / %zuu], l_ = tw4[%zuu + x_ %% %zuu];\n", B, four_step_high(p->twiddle_n), B);
    tb_printf(body, "      const real2 w_ = %sreal2%sh_.x * l_.x - h_.y * l_.y, h_.y * l_.x + h_.x * l_.y);\n", d->vec_open, d->vec_mid);
    if (p->sign < 0) tb_printf(body, "      o_ = %sreal2%so_.x * w_.x - o_.y * w_.y, o_.y * w_.x + o_.x * w_.y);\n", d->vec_open, d->vec_mid);
    else tb_printf(body, "      o_ = %sreal2%so_.x * w_.x + o_.y * w_.y, o_.y * w_.x - o_.x * w_.y);\n", d->vec_open, d->vec_mid);
  }
  if (scaled) tb_printf(body, "      o_ *= (real)1 / (%s);\n", lit);
  tb_printf(body, "      %s -= o_.x; %s -= o_.y; }\n", re, im);
}

void gen_subtract_owned_outputs(gen_state *gs) { owned_elements(gs, subtract_owned); }

/* Copies component c of the owned slot groups q = first..first+count-1 to (to_local = 1) or from
 * local memory, whose plane starts at element `base` of the transform (exchange rounds). */
void gen_slots_local_range(gen_state *gs, char c, int to_local, unsigned first, unsigned count, unsigned base)
{
  text_buf body;
  text_buf_init(&body);
  char pos[128], vec[32], val[16][96];
  gen_owned_pos(gs, pos, sizeof pos, "q");
  if (base) tb_format(gs->b, pos + strlen(pos), sizeof pos - strlen(pos), " - %uu", base);
  tb_format(gs->b, vec, sizeof vec, "v%c[q]", c);
  for (unsigned e = 0; e < gs->g->ec; ++e) gen_slot(gs, val[e], sizeof val[e], c, "q", e);
  local_lanes(gs, &body, gs->g->ec, to_local, gen_plane(gs, c), "tr", pos, gs->v->vector_math ? vec : NULL, val);
  gen_loop_range(gs, "q", first, count, &body);
}

/* Copies component c of all owned slots to (to_local = 1) or from local memory. */
void gen_slots_local(gen_state *gs, char c, int to_local) { gen_slots_local_range(gs, c, to_local, 0, gs->g->rq, 0); }

/* g->h2: the half2 word at local index idx from (to_local = 1) or into expressions re, im (g->pair:
 * the real2 word). */
void gen_h2_local(const gen_state *gs, text_buf *b, int to_local, const char *idx, const char *re, const char *im)
{
  if (gs->g->pair && to_local) tb_printf(b, "    ldh[%s] = %sreal2%s%s, %s);\n", idx, gs->d->vec_open, gs->d->vec_mid, re, im);
  else if (gs->g->pair) tb_printf(b, "    { const real2 h_ = ldh[%s]; %s = h_.x; %s = h_.y; }\n", idx, re, im);
  else if (to_local) tb_printf(b, "    ldh[%s] = ppfft_st_h2(%sreal2%s%s, %s));\n", idx, gs->d->vec_open, gs->d->vec_mid, re, im);
  else tb_printf(b, "    { const real2 h_ = ppfft_ld_h2(ldh[%s]); %s = h_.x; %s = h_.y; }\n", idx, re, im);
}

void gen_slots_local_h2(gen_state *gs, char cr, char ci, int to_local, unsigned first, unsigned count, unsigned base)
{
  text_buf body;
  text_buf_init(&body);
  char pos[128];
  gen_owned_pos(gs, pos, sizeof pos, "q");
  if (base) tb_format(gs->b, pos + strlen(pos), sizeof pos - strlen(pos), " - %uu", base);
  for (unsigned e = 0; e < gs->g->ec; ++e) {
    char re[96], im[96], idx[192];
    gen_slot(gs, re, sizeof re, cr, "q", e);
    gen_slot(gs, im, sizeof im, ci, "q", e);
    tb_format(gs->b, idx, sizeof idx, "tr * %uu + PAD(%s + %uu)", gs->g->npad, pos, e);
    gen_h2_local(gs, &body, to_local, idx, re, im);
  }
  gen_loop_range(gs, "q", first, count, &body);
}

/* Global memory to local planes (LM-CC, LM-CT) following the access pattern. */
void gen_load_pattern_to_local(gen_state *gs)
{
  text_buf body;
  text_buf_init(&body);
  char ptr[96], re[96], im[96];
  pattern_index(gs, &body, 0);
  gen_transform_ptr(gs, ptr, sizeof ptr, 0, "b");
  tb_printf(&body, "    if (b < nvalid) {\n");
  gen_global_load(gs, &body, 0, "gv", ptr, "pos", "b");
  gen_access_plane(gs, re, sizeof re, "gv", 0);
  gen_access_plane(gs, im, sizeof im, "gv", 1);
  char lr[16][96], li[16][96];
  for (unsigned e = 0; e < gs->g->e; ++e) {
    gen_access_comp(gs, lr[e], sizeof lr[e], "gv", e, 0);
    gen_access_comp(gs, li[e], sizeof li[e], "gv", e, 1);
  }
  local_lanes(gs, &body, gs->g->e, 1, "ldr", "b", "pos", re, lr);
  local_lanes(gs, &body, gs->g->e, 1, "ldi", "b", "pos", im, li);
  tb_printf(&body, "    }\n");
  gen_loop_body(gs, "j", gs->g->ra, &body);
  gen_c2r_mirror_reads(gs);
  gen_barrier_local(gs);
}

/* The LM-CT output permutation: local position of output element expression o (mixed-radix digit
 * reversal of in-place decimation in frequency). */
static void digit_reverse(const gen_state *gs, text_buf *b, const char *o)
{
  tb_printf(b, "(0u");
  unsigned below = 1, block = gs->g->n;
  for (int s = 0; s < gs->v->npasses; ++s) {
    unsigned r = gs->v->radix[s];
    block /= r; /* the stride of digit s in local memory */
    tb_printf(b, " + (((%s) / %uu) %% %uu) * %uu", o, below, r, block);
    below *= r;
  }
  tb_printf(b, ")");
}

/* Local planes to global memory (LM-CC, LM-CT) following the access pattern. */
void gen_store_local_to_pattern(gen_state *gs)
{
  text_buf body;
  text_buf_init(&body);
  char ptr[96], re[16][96], im[16][96];
  pattern_index(gs, &body, 1);
  gen_transform_ptr(gs, ptr, sizeof ptr, 1, "b");
  tb_printf(&body, "    if (b < nvalid) {\n");
  unsigned E = gs->g->e;
  int ct = gs->v->onchip == ONCHIP_LM_CT;
  for (unsigned e = 0; e < E; ++e) {
    char o[64];
    tb_format(gs->b, o, sizeof o, "pos + %uu", e);
    text_buf at; /* the position in local memory: as long as the radices make it */
    text_buf_init(&at);
    if (ct) digit_reverse(gs, &at, o);
    else tb_printf(&at, "%s", o);
    if (at.failed) body.failed = at.failed;
    else tb_printf(&body, "    const real sr%u = ldr[b * %uu + PAD(%s)], si%u = ldi[b * %uu + PAD(%s)];\n", e, gs->g->npad, at.data, e,
                   gs->g->npad, at.data);
    text_buf_free(&at);
    tb_format(gs->b, re[e], sizeof re[e], "sr%u", e);
    tb_format(gs->b, im[e], sizeof im[e], "si%u", e);
  }
  gen_global_store(gs, &body, "b", ptr, "pos", re, im, 1);
  tb_printf(&body, "    }\n");
  gen_loop_body(gs, "j", gs->g->ra, &body);
}

/* RP+LM-CM with an access pattern that is not the owned one: global -> staging vectors -> local
 * (one component at a time) -> owned slots. */
void gen_load_staged(gen_state *gs)
{
  const geometry *g = gs->g;
  tb_printf(gs->b, "  real%u gx[%u];\n", gen_access_width(gs), g->ra * gen_access_parts(gs));
  text_buf body;
  text_buf_init(&body);
  char ptr[96];
  pattern_index(gs, &body, 0);
  gen_transform_ptr(gs, ptr, sizeof ptr, 0, "b");
  gen_c2r_half_loads_begin(gs, "j", 1);
  tb_printf(&body, "    if (b < nvalid) {\n");
  gen_global_load(gs, &body, 0, "gl", ptr, "pos", "b");
  for (unsigned k = 0; k < gen_access_parts(gs); ++k)
    tb_printf(&body, "    gx[%uu * j + %uu] = gl%s;\n", gen_access_parts(gs), k, gen_access_parts(gs) == 2 ? (k ? "1" : "0") : "");
  tb_printf(&body, "    } else {\n");
  for (unsigned k = 0; k < gen_access_parts(gs); ++k)
    tb_printf(&body, "    gx[%uu * j + %uu] = %sreal%u%s0);\n", gen_access_parts(gs), k, gs->d->vec_open, gen_access_width(gs), gs->d->vec_mid);
  tb_printf(&body, "    }\n");
  gen_loop_body(gs, "j", g->ra, &body);
  if (gs->real_tw) tb_printf(gs->b, "  }\n");
  gs->real_tw = NULL;
  gen_c2r_mirror_reads(gs);
  for (int k = 0; k < (g->h2 ? 1 : 2); ++k) {
    text_buf_init(&body);
    pattern_index(gs, &body, 0);
    char gxn[32], vec[160], lanes[16][96];
    if (gen_access_parts(gs) == 2) tb_format(gs->b, gxn, sizeof gxn, "gq");
    else tb_format(gs->b, gxn, sizeof gxn, "gx[j]");
    if (gen_access_parts(gs) == 2) tb_printf(&body, "    const real16 gq0 = gx[2u * j], gq1 = gx[2u * j + 1u];\n");
    gen_access_plane(gs, vec, sizeof vec, gxn, (unsigned)k);
    for (unsigned e = 0; e < g->e; ++e) gen_access_comp(gs, lanes[e], sizeof lanes[e], gxn, e, (unsigned)k);
    int across = gs->general && g->e > 1 && geometry_side_is_column(gs->p, g, 0);
    if (g->h2) /* both parts at once (exact: they came from half) */
      for (unsigned e = 0; e < g->e; ++e) {
        char im[96], idx[96];
        gen_access_comp(gs, im, sizeof im, gxn, e, 1);
        if (across) tb_format(gs->b, idx, sizeof idx, "(b + %uu) * %uu + PAD(pos)", e, g->npad);
        else tb_format(gs->b, idx, sizeof idx, "b * %uu + PAD(pos + %uu)", g->npad, e);
        gen_h2_local(gs, &body, 1, idx, lanes[e], im);
      }
    else if (across) /* lane e: transform b + e */
      for (unsigned e = 0; e < g->e; ++e)
        tb_printf(&body, "    %s[(b + %uu) * %uu + PAD(pos)] = %s;\n", gen_plane(gs, k ? 'i' : 'r'), e, g->npad, lanes[e]);
    else local_lanes(gs, &body, g->e, 1, gen_plane(gs, k ? 'i' : 'r'), "b", "pos", vec, lanes);
    gen_loop_body(gs, "j", g->ra, &body);
    gen_barrier_local(gs);
    if (g->h2) gen_slots_local_h2(gs, 'r', 'i', 0, 0, g->rq, 0);
    else gen_slots_local(gs, k ? 'i' : 'r', 0);
    gen_barrier_local(gs);
  }
}

/* The reverse of load_staged: owned slots -> local -> staging lane vectors -> global. */
void gen_store_staged(gen_state *gs)
{
  const geometry *g = gs->g;
  tb_printf(gs->b, "  %s xr[%u], xi[%u];\n", gs->lt, g->ra, g->ra);
  for (int k = 0; k < (g->h2 ? 1 : 2); ++k) {
    char c = k ? 'i' : 'r';
    if (g->h2) gen_slots_local_h2(gs, 'r', 'i', 1, 0, g->rq, 0); /* (rounded to half as the store would) */
    else gen_slots_local(gs, c, 1);
    gen_barrier_local(gs);
    text_buf body;
    text_buf_init(&body);
    pattern_index(gs, &body, 1);
    char vec[32], lanes[16][96];
    tb_format(gs->b, vec, sizeof vec, "x%c[j]", c);
    for (unsigned e = 0; e < g->e; ++e) {
      if (g->e == 1) tb_format(gs->b, lanes[e], sizeof lanes[e], "x%c[j]", c);
      else tb_format(gs->b, lanes[e], sizeof lanes[e], "x%c[j].s%x", c, e);
    }
    int across = gs->general && g->e > 1 && geometry_side_is_column(gs->p, g, 1);
    if (g->h2)
      for (unsigned e = 0; e < g->e; ++e) {
        char im[96], idx[96];
        if (g->e == 1) tb_format(gs->b, im, sizeof im, "xi[j]");
        else tb_format(gs->b, im, sizeof im, "xi[j].s%x", e);
        if (across) tb_format(gs->b, idx, sizeof idx, "(b + %uu) * %uu + PAD(pos)", e, g->npad);
        else tb_format(gs->b, idx, sizeof idx, "b * %uu + PAD(pos + %uu)", g->npad, e);
        gen_h2_local(gs, &body, 0, idx, lanes[e], im);
      }
    else if (across) /* lane e: transform b + e */
      for (unsigned e = 0; e < g->e; ++e) tb_printf(&body, "    %s = %s[(b + %uu) * %uu + PAD(pos)];\n", lanes[e], gen_plane(gs, c), e, g->npad);
    else local_lanes(gs, &body, g->e, 0, gen_plane(gs, c), "b", "pos", g->e > 1 ? vec : NULL, lanes);
    gen_loop_body(gs, "j", g->ra, &body);
    gen_barrier_local(gs);
  }
  text_buf body;
  text_buf_init(&body);
  char ptr[96], re[16][96], im[16][96];
  pattern_index(gs, &body, 1);
  gen_transform_ptr(gs, ptr, sizeof ptr, 1, "b");
  for (unsigned e = 0; e < g->e; ++e) {
    if (g->e == 1) {
      tb_format(gs->b, re[e], sizeof re[e], "xr[j]");
      tb_format(gs->b, im[e], sizeof im[e], "xi[j]");
    } else {
      tb_format(gs->b, re[e], sizeof re[e], "xr[j].s%x", e);
      tb_format(gs->b, im[e], sizeof im[e], "xi[j].s%x", e);
    }
  }
  tb_printf(&body, "    if (b < nvalid) {\n");
  gen_global_store(gs, &body, "b", ptr, "pos", re, im, 1);
  tb_printf(&body, "    }\n");
  gen_loop_body(gs, "j", g->ra, &body);
}
