/* gen_pointwise: Bluestein's chirp and filter products as small element-wise kernels. */
#include "gen/pointwise.h"
#include "gen/layout.h"
#include <stdio.h>

size_t gen_pointwise_chunks(const problem *p) { return (p->n + POINTWISE_CHUNK - 1) / POINTWISE_CHUNK; }

int gen_pointwise(const problem *p, pointwise_kind kind, const dialect *d, kernel_source *out)
{
  static const char *const names[] = {"", "chirp-in", "filter", "chirp-out"};
  text_buf b;
  text_buf_init(&b);
  tb_printf(&b, "/* ppfft Bluestein %s: %s, strides %zu -> %zu */\n", names[kind], p->f64 ? "f64" : "f32", p->in_stride, p->out_stride);
  if (p->f64) tb_printf(&b, "#define PPFFT_F64\n");
  tb_printf(&b, "%s\n", d->prelude);
  gen_layout_macros(&b, d, p);
  d->kernel_head(&b, POINTWISE_WG);
  char table_arg[96];
  tb_format(&b, table_arg, sizeof table_arg, ", %sconst real2 *restrict tab, const uint nlen, const uint mlen", d->global);
  gen_layout_signature(&b, d, p, table_arg);
  tb_printf(&b, "  const ulong u = first + (ulong)%s;\n  if (u >= batch) return;\n", d->group_id);
  tb_printf(&b, "  const uint chunks = (mlen + %uu) / %uu;\n", (unsigned)POINTWISE_CHUNK - 1, (unsigned)POINTWISE_CHUNK);
  tb_printf(&b, "  const ulong g = u / chunks, x0 = IN_AT(g), y0 = OUT_AT(g);\n");
  tb_printf(&b, "  const uint k0 = (uint)(u %% chunks) * %uu;\n", (unsigned)POINTWISE_CHUNK);
  const char *limit = kind == POINTWISE_CHIRP_OUT ? "nlen" : "mlen";
  tb_printf(&b, "  const uint k1 = k0 + %uu < %s ? k0 + %uu : %s;\n", (unsigned)POINTWISE_CHUNK, limit, (unsigned)POINTWISE_CHUNK, limit);
  tb_printf(&b, "  for (uint k = k0 + %s; k < k1; k += %uu) {\n", d->local_id, (unsigned)POINTWISE_WG);
  tb_printf(&b, "    real2 o_ = %sreal2%s0, 0);\n", d->vec_open, d->vec_mid);
  if (kind == POINTWISE_CHIRP_IN) tb_printf(&b, "    if (k < nlen) {\n");
  else tb_printf(&b, "    {\n");
  /* chirp-out reads, and the filter writes, the conjugate: the inverse FFT_M is a forward one */
  tb_printf(&b, "      real2 x_ = LD_IN(x0 + (ulong)k * %zuul);\n      const real2 c_ = tab[k];\n", p->in_stride);
  if (kind == POINTWISE_CHIRP_OUT) tb_printf(&b, "      x_.y = -x_.y;\n");
  tb_printf(&b, "      o_ = %sreal2%sx_.x * c_.x - x_.y * c_.y, %s(x_.x * c_.y + x_.y * c_.x));\n    }\n", d->vec_open, d->vec_mid,
            kind == POINTWISE_FILTER ? "-" : "");
  tb_printf(&b, "    ST_OUT(y0 + (ulong)k * %zuul, o_);\n  }\n}\n%s", p->out_stride, d->epilogue);
  int failed = b.failed;
  out->text = text_buf_take(&b);
  out->table_arg = 1;
  out->four_step_arg = 0;
  out->local_bytes = 0;
  return out->text ? 0 : failed == TEXT_BUF_TRUNCATED ? -2 : -1;
}
