/* gen_layout: the parts of a generated kernel that address a general layout (problem.h): the
 * IN_AT, OUT_AT, LD_IN, LD_OUT and ST_OUT macros and the kernel's buffer arguments, shared by the FFT kernels
 * and the transpose kernels. */
#include "gen_layout.h"
#include "gen_kernel.h"
#include <stdio.h>

/* The general layout's addressing: IN_AT(g) and OUT_AT(g), the first element of transform g
 * (decomposed into its levels); LD_IN, LD_OUT and ST_OUT, one element of a side's buffer(s). */
void gen_layout_macros(gen_buf *b, const problem *p)
{
  for (int side = 0; side < 2; ++side) {
    gb_printf(b, "#define %s_AT(g) (%zuul", side ? "OUT" : "IN", side ? p->out_offset : p->in_offset);
    size_t below = 1;
    for (int l = 0; l < p->nlev; ++l) {
      char idx[96];
      if (l == 0) snprintf(idx, sizeof idx, "(g)");
      else snprintf(idx, sizeof idx, "((g) / %zuul)", below);
      size_t dist = problem_level_dist(p, side, l);
      if (l + 1 < p->nlev) gb_printf(b, " + (%s %% %zuul) * %zuul", idx, p->lev_count[l], dist);
      else gb_printf(b, " + %s * %zuul", idx, dist);
      if (l + 1 < p->nlev) below *= p->lev_count[l];
    }
    gb_printf(b, ")\n");
  }
  if (p->in_planar) gb_printf(b, "#define LD_IN(a) ((real2)(src_re[(a)], src_im[(a)]))\n");
  else gb_printf(b, "#define LD_IN(a) (src[(a)])\n");
  if (p->out_planar) {
    gb_printf(b, "#define LD_OUT(a) ((real2)(dst_re[(a)], dst_im[(a)]))\n");
    gb_printf(b, "#define ST_OUT(a, v) do { dst_re[(a)] = (v).x; dst_im[(a)] = (v).y; } while (0)\n\n");
  } else {
    gb_printf(b, "#define LD_OUT(a) (dst[(a)])\n");
    gb_printf(b, "#define ST_OUT(a, v) (dst[(a)] = (v))\n\n");
  }
}

/* The general layout's kernel arguments: one buffer per side, or two (real, imaginary) if planar;
 * in-place, the output's buffers only. */
void gen_layout_signature(gen_buf *b, const problem *p, const char *table_arg)
{
  gb_printf(b, "void %s(", GEN_KERNEL_NAME);
  if (p->inplace) {
    if (p->out_planar) gb_printf(b, "__global real *restrict data_re, __global real *restrict data_im");
    else gb_printf(b, "__global real2 *restrict data");
  } else {
    if (p->in_planar) gb_printf(b, "__global const real *restrict src_re, __global const real *restrict src_im, ");
    else gb_printf(b, "__global const real2 *restrict src, ");
    if (p->out_planar) gb_printf(b, "__global real *restrict dst_re, __global real *restrict dst_im");
    else gb_printf(b, "__global real2 *restrict dst");
  }
  gb_printf(b, ", const ulong first, const ulong batch%s)\n{\n", table_arg);
  if (p->inplace && p->out_planar)
    gb_printf(b, "  __global const real *src_re = data_re, *src_im = data_im;\n"
                 "  __global real *dst_re = data_re, *dst_im = data_im;\n");
  else if (p->inplace)
    gb_printf(b, "  __global const real2 *src = data;\n  __global real2 *dst = data;\n");
}

