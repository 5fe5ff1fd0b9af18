/* gen_transpose: the tiled copy between a strided layout and rows (see gen_transpose.h). */
#include "gen/transpose.h"
#include "gen/dft.h"
#include "gen/layout.h"
#include <stdio.h>

/* Lane mapping of one phase: across transforms (lx picks the transform) or along them (lx picks
 * the element); defines tr_ (transform in the tile) and e_ (element in the tile) for row k. */
static void lanes(text_buf *b, int across)
{
  if (across) tb_printf(b, "      const uint tr_ = lx, e_ = ly + k;\n");
  else tb_printf(b, "      const uint tr_ = ly + k, e_ = lx;\n");
}

int gen_transpose(const problem *p, const dialect *d, kernel_source *out)
{
  text_buf b;
  text_buf_init(&b);
  const unsigned T = TRANSPOSE_TILE, rows = TRANSPOSE_WG / TRANSPOSE_TILE;
  tb_printf(&b, "/* ppfft transpose: %zu elements x %zu transforms, %s, strides %zu -> %zu */\n", p->n, p->batch,
            p->f64 ? "f64" : p->f16 ? "f16" : "f32", p->in_stride, p->out_stride);
  if (p->f64) tb_printf(&b, "#define PPFFT_F64\n");
  tb_printf(&b, "%s\n", d->prelude);
  gen_layout_macros(&b, d, p);
  d->kernel_head(&b, TRANSPOSE_WG, 0);
  gen_layout_signature(&b, d, p, "");
  tb_printf(&b, "  %sreal2 tile[%u][%u]; /* [element][transform], padded against bank conflicts */\n", d->local_decl, T, T + 1);
  tb_printf(&b, "  const uint lid = %s, lx = lid %% %uu, ly = lid / %uu;\n", d->local_id, T, T);
  tb_printf(&b, "  const ulong t0 = first + (ulong)%s * %uu;\n", d->group_id, T);
  char lit[48], scale[64] = "";
  if (gen_scale_literal(&b, lit, sizeof lit, p, 1)) tb_format(&b, scale, sizeof scale, "      o_ *= %s;\n", lit);
  tb_printf(&b, "  for (uint p0 = 0; p0 < %zuu; p0 += %uu) {\n", p->n, T);
  tb_printf(&b, "    for (uint k = 0; k < %uu; k += %uu) {\n", T, rows);
  lanes(&b, p->in_stride != 1);
  tb_printf(&b, "      const ulong g = t0 + tr_;\n      const uint e = p0 + e_;\n");
  tb_printf(&b, "      if (g < batch && e < %zuu) tile[e_][tr_] = LD_IN(IN_AT(g) + (ulong)e * %zuul);\n    }\n", p->n, p->in_stride);
  tb_printf(&b, "    %s;\n", d->barrier_local);
  tb_printf(&b, "    for (uint k = 0; k < %uu; k += %uu) {\n", T, rows);
  lanes(&b, p->out_stride != 1);
  tb_printf(&b, "      const ulong g = t0 + tr_;\n      const uint e = p0 + e_;\n");
  tb_printf(&b, "      if (g < batch && e < %zuu) {\n      real2 o_ = tile[e_][tr_];\n%s", p->n, scale);
  tb_printf(&b, "      ST_OUT(OUT_AT(g) + (ulong)e * %zuul, o_);\n      }\n    }\n", p->out_stride);
  tb_printf(&b, "    %s;\n  }\n}\n%s", d->barrier_local, d->epilogue);
  int failed = b.failed;
  out->text = text_buf_take(&b);
  out->table_arg = out->four_step_arg = 0;
  out->local_bytes = 0; /* its tile is a fixed-size array in every dialect */
  return out->text ? 0 : failed == TEXT_BUF_TRUNCATED ? -2 : -1;
}
