/* gen_layout: the parts of a generated kernel that address a general layout (core/problem.h): the
 * IN_AT, OUT_AT, LD_IN, LD_OUT and ST_OUT macros and the kernel's buffer arguments, shared by the FFT kernels
 * and the transpose kernels. */
#include "gen/layout.h"
#include <stdio.h>

/* The general layout's addressing: IN_AT(g) and OUT_AT(g), the first element of transform g
 * (decomposed into its levels); LD_IN, LD_OUT and ST_OUT, one element of a side's buffer(s). */
void gen_layout_macros(text_buf *b, const dialect *d, const problem *p)
{
  if (p->f16) tb_printf(b, "%s", d->half_helpers ? d->half_helpers : "#error no half-precision data in this dialect\n");
  const char *g = "(g)";
  if (p->mirror) { /* problem.h: in each run of mirror transforms, 2x holds digit x, 2x+1 digit mirror - x (x = 0: mirror/2) */
    size_t D = p->mirror;
    tb_printf(b, "#define PPFFT_MIRROR_DIGIT(d) ((d) %% 2u == 0u ? (d) / 2u : (d) == 1u ? %zuu : %zuu - (d) / 2u)\n", D / 2, D);
    tb_printf(b, "#define PPFFT_MIRROR(g) ((g) - (g) %% %zuul + (ulong)PPFFT_MIRROR_DIGIT((uint)((g) %% %zuul)))\n", D, D);
    g = "PPFFT_MIRROR(g)";
  }
  for (int side = 0; side < 2; ++side) {
    tb_printf(b, "#define %s_AT(g) (%zuul", side ? "OUT" : "IN", side ? p->out_offset : p->in_offset);
    size_t below = 1;
    for (int l = 0; l < p->nlev; ++l) {
      char idx[96];
      if (l == 0) tb_format(b, idx, sizeof idx, "%s", g);
      else tb_format(b, idx, sizeof idx, "(%s / %zuul)", g, below);
      size_t dist = problem_level_dist(p, side, l);
      if (l + 1 < p->nlev) tb_printf(b, " + (%s %% %zuul) * %zuul", idx, p->lev_count[l], dist);
      else tb_printf(b, " + %s * %zuul", idx, dist);
      if (l + 1 < p->nlev) below *= p->lev_count[l];
    }
    tb_printf(b, ")\n");
  }
  if (problem_side_real(p, 0)) { /* a real input: a real value, imaginary 0 */
    tb_printf(b, "#define LDR_IN(a) (((%sconst real *)src)[(a)])\n", d->global);
    tb_printf(b, "#define LD_IN(a) (%sreal2%sLDR_IN(a), (real)0))\n", d->vec_open, d->vec_mid);
  }
  else if (p->in_planar) tb_printf(b, "#define LD_IN(a) (%sreal2%ssrc_re[(a)], src_im[(a)]))\n", d->vec_open, d->vec_mid);
  else if (p->f16) tb_printf(b, "#define LD_IN(a) (ppfft_ld_h2(src[(a)]))\n");
  else tb_printf(b, "#define LD_IN(a) (src[(a)])\n");
  if (problem_side_real(p, 1)) { /* a real output: the real part */
    tb_printf(b, "#define STR_OUT(a, r) (((%sreal *)dst)[(a)] = (r))\n", d->global);
    tb_printf(b, "#define ST_OUT(a, v) STR_OUT(a, (v).x)\n\n");
  }
  else if (p->out_planar) {
    tb_printf(b, "#define LD_OUT(a) (%sreal2%sdst_re[(a)], dst_im[(a)]))\n", d->vec_open, d->vec_mid);
    tb_printf(b, "#define ST_OUT(a, v) do { dst_re[(a)] = (v).x; dst_im[(a)] = (v).y; } while (0)\n\n");
  } else if (p->f16) {
    tb_printf(b, "#define LD_OUT(a) (ppfft_ld_h2(dst[(a)]))\n");
    tb_printf(b, "#define ST_OUT(a, v) (dst[(a)] = ppfft_st_h2(v))\n\n");
  } else {
    tb_printf(b, "#define LD_OUT(a) (dst[(a)])\n");
    tb_printf(b, "#define ST_OUT(a, v) (dst[(a)] = (v))\n\n");
  }
}

/* The general layout's kernel arguments: one buffer per side, or two (real, imaginary) if planar;
 * in-place, the output's buffers only. */
void gen_layout_signature(text_buf *b, const dialect *d, const problem *p, const char *table_arg)
{
  const char *c2 = p->f16 ? "ppfft_h2" : "real2"; /* an interleaved element in memory */
  tb_printf(b, "void %s(", GEN_KERNEL_NAME);
  if (p->inplace) {
    if (p->out_planar) tb_printf(b, "%sreal *restrict data_re, %sreal *restrict data_im", d->global, d->global);
    else tb_printf(b, "%s%s *restrict data", d->global, c2);
  } else {
    if (p->in_planar) tb_printf(b, "%sconst real *restrict src_re, %sconst real *restrict src_im, ", d->global, d->global);
    else tb_printf(b, "%sconst %s *restrict src, ", d->global, c2);
    if (p->out_planar) tb_printf(b, "%sreal *restrict dst_re, %sreal *restrict dst_im", d->global, d->global);
    else tb_printf(b, "%s%s *restrict dst", d->global, c2);
  }
  tb_printf(b, ", const ulong first, const ulong batch%s)\n{\n", table_arg);
  if (p->inplace && p->out_planar)
    tb_printf(b, "  %sconst real *src_re = data_re, *src_im = data_im;\n"
                 "  %sreal *dst_re = data_re, *dst_im = data_im;\n", d->global, d->global);
  else if (p->inplace)
    tb_printf(b, "  %sconst %s *src = data;\n  %s%s *dst = data;\n", d->global, c2, d->global, c2);
}

