/* gen_pointwise: Bluestein's chirp and filter products, Rader's permutations and filter, and the
 * R2C post-processing of a split real dimension, as small element-wise kernels. */
#include "gen/pointwise.h"
#include "gen/dft.h"
#include "gen/layout.h"
#include <stdio.h>

/* The elements k of one transform a pass visits, as the host computes it (nlen = N, p->n = M) and
 * as the kernel does (pointwise_span_text): the two must agree.  Chirp-out keeps k < N (an R2C's
 * k <= N/2), the R2C post-processing visits the pairs k <= M/2, the others every k < M. */
static size_t pointwise_span(const problem *p, pointwise_kind kind, size_t nlen)
{
  if (kind == POINTWISE_R2C_POST) return p->n / 2 + 1;
  if (kind == POINTWISE_CHIRP_OUT) return p->r2c ? nlen / 2 + 1 : nlen;
  return p->n;
}

static const char *pointwise_span_text(const problem *p, pointwise_kind kind)
{
  if (kind == POINTWISE_R2C_POST) return "mlen / 2u + 1u";
  if (kind == POINTWISE_CHIRP_OUT) return p->r2c ? "nlen / 2u + 1u" : "nlen";
  return "mlen";
}

size_t gen_pointwise_elements(const problem *p, pointwise_kind kind, size_t nlen) { return p->batch * pointwise_span(p, kind, nlen); }

/* The loop of the R2C post-processing (core/bluestein.h's table): work-item k of the pairs
 * k = 0..M/2 reads Z_k and Z_(M-k) (Z_M = Z_0) and writes X_k = h (Z_k + conj Z_(M-k)) - i t_k
 * (Z_k - conj Z_(M-k)) and X_(M-k) likewise with t_(M-k) = -conj t_k (t_k = h w^k, h = scale / 2);
 * k = 0 writes X_0 and X_M.  Pairs are disjoint, so it runs in place. */
static void r2c_post(text_buf *b, const dialect *d, const problem *p)
{
  const char *vo = d->vec_open, *vm = d->vec_mid;
  tb_printf(b, "    const real h = tab[mlen / 2u + 1u].x;\n");
  tb_printf(b, "    const uint j = k ? mlen - k : 0u;\n");
  tb_printf(b, "    const real2 a = LD_IN(x0 + (ulong)k * %zuul), c = LD_IN(x0 + (ulong)j * %zuul), w = tab[k];\n", p->in_stride,
            p->in_stride);
  tb_printf(b, "    const real dr = a.x - c.x, di = a.y + c.y;\n");
  tb_printf(b, "    const real2 xk = %sreal2%sh * (a.x + c.x) + w.x * di + w.y * dr, h * (a.y - c.y) - w.x * dr + w.y * di);\n", vo, vm);
  tb_printf(b, "    const real2 xj = %sreal2%sh * (a.x + c.x) - w.x * di - w.y * dr, h * (c.y - a.y) - w.x * dr + w.y * di);\n", vo, vm);
  tb_printf(b, "    ST_OUT(y0 + (ulong)k * %zuul, xk);\n", p->out_stride);
  tb_printf(b, "    ST_OUT(y0 + (ulong)(k ? j : mlen) * %zuul, xj);\n", p->out_stride);
}

/* Chirp-in's load of element k of a real transform's input side (REAL_FIRST): pairs of reals (R2C,
 * fast path), reals (R2C), Z_k built from X_k and X_(N-k) (C2R, fast path: gen/real.c's
 * formulas, N = nlen) or X_k extended by conj X_(N-k) (C2R). */
static void real_chirp_load(text_buf *b, const dialect *d, const problem *p)
{
  const char *vo = d->vec_open, *vm = d->vec_mid;
  size_t s = p->in_stride;
  if (p->r2c && p->half)
    tb_printf(b, "      real2 x_ = %sreal2%sLDR_IN(x0 + (ulong)k * %zuul), LDR_IN(x0 + (ulong)k * %zuul + %zuul));\n", vo, vm, s, s,
              p->pair_stride);
  else if (p->c2r && p->half) {
    tb_printf(b, "      real2 hx = LD_IN(x0 + (ulong)k * %zuul), hm = LD_IN(x0 + (ulong)(nlen - k) * %zuul);\n", s, s);
    tb_printf(b, "      if (k == 0u) { hx.y = (real)0; hm.y = (real)0; }\n");
    tb_printf(b, "      const real2 hw = ppfft_cossin(k, 2u * nlen);\n");
    tb_printf(b, "      const real hdr = hx.x - hm.x, hdi = hx.y + hm.y;\n");
    tb_printf(b, "      const real hpr = hw.x * hdr - hw.y * hdi, hpi = hw.x * hdi + hw.y * hdr;\n");
    tb_printf(b, "      real2 x_ = %sreal2%shx.x + hm.x - hpi, hx.y - hm.y + hpr);\n", vo, vm);
  } else if (p->c2r) {
    tb_printf(b, "      real2 x_ = LD_IN(x0 + (ulong)(k <= nlen / 2u ? k : nlen - k) * %zuul);\n", s);
    tb_printf(b, "      if (k > nlen / 2u) x_.y = -x_.y;\n");
  } else tb_printf(b, "      real2 x_ = LD_IN(x0 + (ulong)k * %zuul);\n", s); /* reals: LD_IN's imaginary part is 0 */
}

/* The loop of Rader's passes (core/rader.h) over k < mlen = p - 1, rows of mlen + 2 elements on
 * the temporary side: rader-in reads x_(perm[k]) into element k and x_0 into element mlen (work-item
 * k = 0); the filter multiplies element k by tab[k], writes the conjugate, and (k = 0) puts
 * element mlen plus the unmultiplied element 0 into element mlen + 1; rader-out writes x_0 + conj
 * element k to X_(perm[k]), and (k = 0) element mlen + 1 to X_0, times the scale. */
static void rader_loop(text_buf *b, const dialect *d, const problem *p, pointwise_kind kind)
{
  const char *vo = d->vec_open, *vm = d->vec_mid;
  size_t si = p->in_stride, so = p->out_stride;
  char sc[48];
  int scaled = gen_scale_literal(b, sc, sizeof sc, p, 1);
  if (kind == POINTWISE_RADER_OUT) tb_printf(b, "    const real2 x0_ = LD_IN(x0 + (ulong)mlen * %zuul);\n", si);
  if (kind == POINTWISE_RADER_IN) {
    tb_printf(b, "    ST_OUT(y0 + (ulong)k * %zuul, LD_IN(x0 + (ulong)perm[k] * %zuul));\n", so, si);
    tb_printf(b, "    if (k == 0u) ST_OUT(y0 + (ulong)mlen * %zuul, LD_IN(x0));\n", so);
  } else if (kind == POINTWISE_RADER_FILTER) {
    tb_printf(b, "    const real2 x_ = LD_IN(x0 + (ulong)k * %zuul), c_ = tab[k];\n", si);
    tb_printf(b, "    if (k == 0u) { const real2 s_ = LD_IN(x0 + (ulong)mlen * %zuul); ST_OUT(y0 + (ulong)(mlen + 1u) * %zuul, %sreal2%ss_.x + x_.x, s_.y + x_.y)); }\n",
              si, so, vo, vm);
    tb_printf(b, "    ST_OUT(y0 + (ulong)k * %zuul, %sreal2%sx_.x * c_.x - x_.y * c_.y, -(x_.x * c_.y + x_.y * c_.x)));\n", so, vo, vm);
  } else {
    tb_printf(b, "    const real2 x_ = LD_IN(x0 + (ulong)k * %zuul);\n", si);
    tb_printf(b, "    ST_OUT(y0 + (ulong)perm[k] * %zuul, %sreal2%s%s%s(x0_.x + x_.x), %s%s(x0_.y - x_.y)));\n", so, vo, vm, scaled ? sc : "",
              scaled ? " * " : "", scaled ? sc : "", scaled ? " * " : "");
    tb_printf(b, "    if (k == 0u) { const real2 s_ = LD_IN(x0 + (ulong)(mlen + 1u) * %zuul); ST_OUT(y0, %sreal2%s%s%ss_.x, %s%ss_.y)); }\n", si, vo,
              vm, scaled ? sc : "", scaled ? " * " : "", scaled ? sc : "", scaled ? " * " : "");
  }
}

int gen_pointwise(const problem *p, pointwise_kind kind, const dialect *d, kernel_source *out)
{
  static const char *const names[] = {"", "chirp-in", "filter", "chirp-out", "R2C post-processing", "rader-in", "filter", "rader-out"};
  int rader = kind >= POINTWISE_RADER_IN;
  int real_in = kind == POINTWISE_CHIRP_IN && (p->r2c || p->c2r), real_out = kind == POINTWISE_CHIRP_OUT && (p->r2c || p->c2r);
  text_buf b;
  text_buf_init(&b);
  tb_printf(&b, "/* ppfft %s %s: %s, strides %zu -> %zu", kind == POINTWISE_R2C_POST ? "real" : rader ? "Rader" : "Bluestein", names[kind],
            p->f64 ? "f64" : "f32", p->in_stride, p->out_stride);
  if (real_in || real_out)
    tb_printf(&b, ", %s %s%s", p->r2c ? "R2C" : "C2R", real_in ? "input" : "output", p->half ? " (half length)" : "");
  tb_printf(&b, " */\n");
  if (p->f64) tb_printf(&b, "#define PPFFT_F64\n");
  tb_printf(&b, "%s\n", d->prelude);
  gen_layout_macros(&b, d, p);
  d->kernel_head(&b, POINTWISE_WG, 0);
  char table_arg[96];
  tb_format(&b, table_arg, sizeof table_arg, ", %sconst %s *restrict %s, const uint nlen, const uint mlen", d->global,
            rader && kind != POINTWISE_RADER_FILTER ? "uint" : "real2", rader && kind != POINTWISE_RADER_FILTER ? "perm" : "tab");
  gen_layout_signature(&b, d, p, table_arg);
  /* Work-group u visits the flat elements f = u CHUNK .. of (transform g, element k), f = g span + k,
   * so that short transforms (Rader's 16 for 17) still fill whole work-groups; `batch` counts
   * elements (gen_pointwise_elements).  k steps by the work-group's size, g follows without a
   * division per element. */
  tb_printf(&b, "  const ulong f0 = first + (ulong)%s * %uul + %s;\n", d->group_id, (unsigned)POINTWISE_CHUNK, d->local_id);
  tb_printf(&b, "  const uint span = %s;\n", pointwise_span_text(p, kind));
  tb_printf(&b, "  ulong g = f0 / span;\n  uint k = (uint)(f0 - g * span);\n");
  tb_printf(&b, "  for (uint q = 0; q < %uu && f0 + q < batch; q += %uu) {\n", (unsigned)POINTWISE_CHUNK, (unsigned)POINTWISE_WG);
  tb_printf(&b, "    const ulong x0 = IN_AT(g), y0 = OUT_AT(g);\n");
  if (kind == POINTWISE_R2C_POST) r2c_post(&b, d, p);
  else if (rader) rader_loop(&b, d, p, kind);
  else {
    tb_printf(&b, "    real2 o_ = %sreal2%s0, 0);\n", d->vec_open, d->vec_mid);
    if (kind == POINTWISE_CHIRP_IN) tb_printf(&b, "    if (k < nlen) {\n");
    else tb_printf(&b, "    {\n");
    /* chirp-out reads, and the filter writes, the conjugate: the inverse FFT_M is a forward one */
    if (real_in) real_chirp_load(&b, d, p);
    else tb_printf(&b, "      real2 x_ = LD_IN(x0 + (ulong)k * %zuul);\n", p->in_stride);
    tb_printf(&b, "      const real2 c_ = tab[k];\n");
    if (kind == POINTWISE_CHIRP_OUT) tb_printf(&b, "      x_.y = -x_.y;\n");
    tb_printf(&b, "      o_ = %sreal2%sx_.x * c_.x - x_.y * c_.y, %s(x_.x * c_.y + x_.y * c_.x));\n    }\n", d->vec_open, d->vec_mid,
              kind == POINTWISE_FILTER ? "-" : "");
    if (real_out && p->c2r && p->half) /* z_k = x_2k + i x_2k+1 */
      tb_printf(&b, "    STR_OUT(y0 + (ulong)k * %zuul, o_.x); STR_OUT(y0 + (ulong)k * %zuul + %zuul, o_.y);\n", p->out_stride,
                p->out_stride, p->pair_stride);
    else tb_printf(&b, "    ST_OUT(y0 + (ulong)k * %zuul, o_);\n", p->out_stride);
  }
  tb_printf(&b, "    for (k += %uu; k >= span; k -= span) ++g;\n  }\n}\n%s", (unsigned)POINTWISE_WG, d->epilogue);
  int failed = b.failed;
  out->text = text_buf_take(&b);
  out->table_arg = 1;
  out->four_step_arg = 0;
  out->local_bytes = 0;
  return out->text ? 0 : failed == TEXT_BUF_TRUNCATED ? -2 : -1;
}
