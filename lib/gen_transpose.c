/* gen_transpose: the tiled copy between a strided layout and rows (see gen_transpose.h). */
#include "gen_transpose.h"
#include "cl_sources.h"
#include "gen_buf.h"
#include "gen_dft.h"
#include "gen_layout.h"
#include <stdio.h>

/* Lane mapping of one phase: across transforms (lx picks the transform) or along them (lx picks
 * the element); defines tr_ (transform in the tile) and e_ (element in the tile) for row k. */
static void lanes(gen_buf *b, int across)
{
  if (across) gb_printf(b, "      const uint tr_ = lx, e_ = ly + k;\n");
  else gb_printf(b, "      const uint tr_ = ly + k, e_ = lx;\n");
}

int gen_transpose(const problem *p, kernel_source *out)
{
  gen_buf b;
  gen_buf_init(&b);
  const unsigned T = TRANSPOSE_TILE, rows = TRANSPOSE_WG / TRANSPOSE_TILE;
  gb_printf(&b, "/* ppfft transpose: %zu elements x %zu transforms, %s, strides %zu -> %zu */\n", p->n, p->batch,
            p->f64 ? "f64" : "f32", p->in_stride, p->out_stride);
  if (p->f64) gb_printf(&b, "#define PPFFT_F64\n");
  gb_printf(&b, "%s\n", cl_src_prelude);
  gen_layout_macros(&b, p);
  gb_printf(&b, "__kernel __attribute__((reqd_work_group_size(%u, 1, 1)))\n", TRANSPOSE_WG);
  gen_layout_signature(&b, p, "");
  gb_printf(&b, "  __local real2 tile[%u][%u]; /* [element][transform], padded against bank conflicts */\n", T, T + 1);
  gb_printf(&b, "  const uint lid = get_local_id(0), lx = lid %% %uu, ly = lid / %uu;\n", T, T);
  gb_printf(&b, "  const ulong t0 = first + (ulong)get_group_id(0) * %uu;\n", T);
  char scale[64] = "";
  if (p->scale != 1.0) {
    char lit[48];
    gen_literal(lit, sizeof lit, p->scale, p->f64);
    snprintf(scale, sizeof scale, "      o_ *= %s;\n", lit);
  }
  gb_printf(&b, "  for (uint p0 = 0; p0 < %zuu; p0 += %uu) {\n", p->n, T);
  gb_printf(&b, "    for (uint k = 0; k < %uu; k += %uu) {\n", T, rows);
  lanes(&b, p->in_stride != 1);
  gb_printf(&b, "      const ulong g = t0 + tr_;\n      const uint e = p0 + e_;\n");
  gb_printf(&b, "      if (g < batch && e < %zuu) tile[e_][tr_] = LD_IN(IN_AT(g) + (ulong)e * %zuul);\n    }\n", p->n, p->in_stride);
  gb_printf(&b, "    barrier(CLK_LOCAL_MEM_FENCE);\n");
  gb_printf(&b, "    for (uint k = 0; k < %uu; k += %uu) {\n", T, rows);
  lanes(&b, p->out_stride != 1);
  gb_printf(&b, "      const ulong g = t0 + tr_;\n      const uint e = p0 + e_;\n");
  gb_printf(&b, "      if (g < batch && e < %zuu) {\n      real2 o_ = tile[e_][tr_];\n%s", p->n, scale);
  gb_printf(&b, "      ST_OUT(OUT_AT(g) + (ulong)e * %zuul, o_);\n      }\n    }\n", p->out_stride);
  gb_printf(&b, "    barrier(CLK_LOCAL_MEM_FENCE);\n  }\n}\n");
  out->text = gen_buf_take(&b);
  out->table_arg = out->four_step_arg = 0;
  return out->text ? 0 : -1;
}
