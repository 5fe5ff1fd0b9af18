/* gen_kernel: the whole single-work-group FFT kernel for (problem, variant), from the levels below
 * it (gen/emit.h lists them): the twiddle table as a literal (CM-L), helper functions (without IL),
 * the signature, then the passes of the on-chip mode between its load and its store, in the
 * dialect's words (gen/dialect.h).  Set
 * PPFFT_DUMP_KERNELS=dir to read what comes out. */
#include "gen/kernel.h"
#include "gen/emit.h"
#include "core/fuse.h"
#include "core/twiddle_table.h"
#include "gen/dft.h"
#include "gen/layout.h"
#include "gen/tensor.h"
#include <stdio.h>
#include <stdlib.h>

/* CM-L: the table as a literal array in the program. */
static void emit_table_literal(gen_state *gs)
{
  size_t count = twiddle_entries(gs->g->n);
  void *table = twiddle_table(gs->v, gs->g->n, gs->p->f64);
  if (!table) {
    gs->b->failed = TEXT_BUF_OUT_OF_MEMORY;
    return;
  }
  tb_printf(gs->b, "%sreal2 tw[%zu] = {\n", gs->d->constant_decl, count);
  for (size_t j = 0; j < 2 * count; j += 2) {
    char c[48], s[48];
    gen_literal(gs->b, c, sizeof c, gs->p->f64 ? ((double *)table)[j] : ((float *)table)[j], gs->p->f64);
    gen_literal(gs->b, s, sizeof s, gs->p->f64 ? ((double *)table)[j + 1] : ((float *)table)[j + 1], gs->p->f64);
    tb_printf(gs->b, "  %s%s, %s%s,\n", gs->d->elem_open, c, s, gs->d->elem_close);
  }
  tb_printf(gs->b, "};\n\n");
  free(table);
}

/* IL off: the butterflies and the twiddle multiply as functions. */
static void emit_helpers(gen_state *gs)
{
  unsigned long long seen = 0; /* bit r: radix r's helper is written (r <= 32) */
  for (int s = 0; s < gs->v->npasses; ++s) {
    unsigned r = gs->v->radix[s];
    if (seen & (1ull << r)) continue;
    seen |= 1ull << r;
    tb_printf(gs->b, "%svoid ppfft_dft%u(%s *ar, %s *ai)\n{\n", gs->d->helper, r, gs->mt, gs->mt);
    gen_dft_body(gs->b, r, gs->p->sign, gs->mt, gs->p->f64, gs->v->cse, "  ");
    tb_printf(gs->b, "}\n\n");
  }
  const char *mt = gs->mt;
  tb_printf(gs->b, "%svoid ppfft_twmul(%s *xr, %s *xi, const %s wc, const %s ws)\n{\n", gs->d->helper, mt, mt, mt, mt);
  if (gs->p->sign < 0) tb_printf(gs->b, "  const %s t = *xr * wc + *xi * ws;\n  *xi = *xi * wc - *xr * ws;\n  *xr = t;\n}\n\n", mt);
  else tb_printf(gs->b, "  const %s t = *xr * wc - *xi * ws;\n  *xi = *xi * wc + *xr * ws;\n  *xr = t;\n}\n\n", mt);
}

int gen_kernel(const problem *p, const variant *v, const geometry *g, const dialect *d, kernel_source *out)
{
  text_buf buf;
  text_buf_init(&buf);
  gen_state st = {&buf, d, p, v, g, "", "", 0, !problem_is_plain(p), NULL, 0, 0};
  gen_state *gs = &st;
  int no_shuffle = 0;
  unsigned E = g->e;
  if (v->vector_math) tb_format(&buf, gs->mt, sizeof gs->mt, "real%u", E);
  else tb_format(&buf, gs->mt, sizeof gs->mt, "real");
  if (E == 1) tb_format(&buf, gs->lt, sizeof gs->lt, "real");
  else tb_format(&buf, gs->lt, sizeof gs->lt, "real%u", E);
  gs->nslot = v->vector_math ? g->rq : g->r;

  char name[256];
  variant vk = *v;
  vk.bluestein = 0; /* the plan's knob, not the kernel's: Bluestein's FFTs share kernels */
  variant_print(&vk, name, sizeof name);
  tb_printf(&buf, "/* ppfft kernel: N = %u, %s, %s, %s, variant %s\n", g->n, p->f64 ? "f64" : p->f16 ? "f16 (f32 arithmetic)" : "f32",
            p->sign < 0 ? "forward" : "backward", p->inplace ? "in-place" : "out-of-place", name);
  tb_printf(&buf, " * %u work-items x %u elements per transform, %u transforms per work-group, %u lanes */\n", g->w, g->r, g->t, E);
  if (p->f64) tb_printf(&buf, "#define PPFFT_F64\n");
  tb_printf(&buf, "%s\n#define PAD(x) ((x) + ((x) >> %u))\n\n", d->prelude, g->padshift);
  if (v->twiddle == TW_CM_L) emit_table_literal(gs);
  if (!v->il) emit_helpers(gs);
  if (v->abft) tb_printf(&buf, "%s\n", d->abft_helpers);

  /* the table arguments, after first and batch */
  out->table_arg = v->twiddle == TW_CM_K || v->twiddle == TW_GM;
  out->four_step_arg = p->twiddle_n != 0 || fuse_any(p); /* the fused steps' table takes its place, or follows it (core/fuse.h) */
  text_buf tables;
  text_buf_init(&tables);
  if (v->twiddle == TW_CM_K) tb_printf(&tables, ", %sreal2 *restrict tw", d->constant_arg);
  if (v->twiddle == TW_GM) tb_printf(&tables, ", %sconst real2 *restrict tw", d->global);
  if (p->twiddle_n) tb_printf(&tables, ", %sconst real2 *restrict tw4", d->global);
  else if (fuse_any(p)) tb_printf(&tables, ", %sconst real2 *restrict fz", d->global);
  if (v->abft) gen_abft_args(gs, &tables);
  const char *table_arg = tables.len ? tables.data : "";
  if (tables.failed) buf.failed = tables.failed;
  if (gs->general) gen_layout_macros(&buf, d, p);
  else if (p->f16) tb_printf(&buf, "%s", d->half_helpers ? d->half_helpers : "#error no half-precision data in this dialect\n");
  if (v->tc) gen_tc_helpers(gs);
  d->kernel_head(&buf, g->wg, g->min_blocks);
  const char *c2 = p->f16 ? "ppfft_h2" : "real2"; /* an element in memory */
  if (gs->general) gen_layout_signature(&buf, d, p, table_arg);
  else if (p->inplace)
    tb_printf(&buf, "void %s(%s%s *restrict data, const ulong first, const ulong batch%s)\n{\n", GEN_KERNEL_NAME, d->global, c2, table_arg);
  else
    tb_printf(&buf, "void %s(%sconst %s *restrict src, %s%s *restrict dst, const ulong first, const ulong batch%s)\n{\n",
              GEN_KERNEL_NAME, d->global, c2, d->global, c2, table_arg);
  text_buf_free(&tables);
  if (p->inplace && !gs->general) tb_printf(&buf, "  %sconst %s *src = data;\n  %s%s *dst = data;\n", d->global, c2, d->global, c2);
  if (geometry_interleaved(v, g)) /* COLS: neighbouring work-items, neighbouring transforms */
    tb_printf(&buf, "  const uint lid = %s, tr = lid %% %uu, tid = lid / %uu;\n", d->local_id, g->t, g->t);
  else tb_printf(&buf, "  const uint lid = %s, tr = lid / %uu, tid = lid %% %uu;\n", d->local_id, g->w, g->w);
  if (v->abft != 1 && v->abft != 2) { /* (ABFT1/2 kernels loop over blocks: gen/abft.c) */
    tb_printf(&buf, "  const ulong t0 = first + (ulong)%s * %uu;\n", d->group_id, g->t);
    tb_printf(&buf, "  const uint nvalid = batch - t0 < %uu ? (uint)(batch - t0) : %uu; /* transforms that exist */\n", g->t, g->t);
    if (p->twiddle_n && fuse_any(p)) /* a fused four-step first pass: the fused steps' table after tw4's */
      tb_printf(&buf, "  %sconst real2 *const fz = tw4 + %zuu;\n", d->global, four_step_entries(p->twiddle_n));
    gen_block_pointers(gs);
  }
  out->local_bytes = 0;
  if (g->local_bytes && d->dynamic_local) { /* one array of g->local_bytes, given at launch */
    out->local_bytes = gen_local_bytes(d, g);
    tb_printf(&buf, "  extern %s__align__(16) real ppfft_local[]; /* %zu bytes */\n", d->local_decl, out->local_bytes);
    if (g->h2) tb_printf(&buf, "  ppfft_h2 *const ldh = (ppfft_h2 *)ppfft_local; /* half2 words */\n");
    else if (g->pair) tb_printf(&buf, "  real2 *const ldh = (real2 *)ppfft_local; /* both parts (PAIR) */\n");
    else if (v->onchip == ONCHIP_RP_LM_CM && !v->tc) tb_printf(&buf, "  real *const lds = ppfft_local;\n");
    else tb_printf(&buf, "  real *const ldr = ppfft_local, *const ldi = ppfft_local + %uu;\n", g->t * g->npad);
  } else if (g->local_bytes) {
    if (g->h2) tb_printf(&buf, "  %sppfft_h2 ldh[%u];\n", d->local_decl, g->t * g->npad);
    else if (g->pair) tb_printf(&buf, "  %sreal2 ldh[%u]; /* both parts (PAIR) */\n", d->local_decl, g->t * g->npad);
    else if (v->onchip == ONCHIP_RP_LM_CM && !v->tc) tb_printf(&buf, "  %sreal lds[%u];\n", d->local_decl, g->t * g->npad);
    else tb_printf(&buf, "  %sreal ldr[%u], ldi[%u];\n", d->local_decl, g->t * g->npad, g->t * g->npad);
  }
  if (v->onchip != ONCHIP_LM_CT) tb_printf(&buf, "  %s vr[%u], vi[%u];\n", gs->mt, gs->nslot, gs->nslot);
  if (g->xr > 1 && (g->h2 || g->pair)) tb_printf(&buf, "  %s vx[%u], vy[%u]; /* exchange rounds: groups gathered early */\n", gs->mt, gs->nslot, gs->nslot);
  else if (g->xr > 1) tb_printf(&buf, "  %s vx[%u]; /* exchange rounds: groups gathered early */\n", gs->mt, gs->nslot);
  if (v->abft == 3) {
    tb_printf(&buf, "  (void)tid; (void)tr;%s\n", gs->general ? "" : " (void)x0; (void)y0;");
    gen_abft3_prologue(gs);
  } else if (v->abft) {
    tb_printf(&buf, "  (void)tid; (void)tr;\n");
    if (gen_abft_body(gs) != 0) no_shuffle = 1;
  } else {
    tb_printf(&buf, "  (void)tid; (void)tr; (void)nvalid;%s\n", gs->general ? "" : " (void)x0; (void)y0;");
  }

  switch (v->abft == 1 || v->abft == 2 ? -1 : (int)v->onchip) {
  case ONCHIP_RP_LM_CM:
    if (v->tc) {
      gen_tc_body(gs);
      break;
    }
    if (!g->stage_out) gen_tw4_run_prologue(gs); /* (f16's running four-step twiddle of the owned store) */
    tb_printf(&buf, "  /* load into registers */\n");
    if (g->stage_in) gen_load_staged(gs);
    else gen_load_owned_to_slots(gs);
    if (v->abft == 3) gen_abft3_inject_loaded(gs);
    for (int s = 0; s < v->npasses; ++s) {
      if (s > 0 && d->omit_exchange) tb_printf(&buf, "  /* exchange left out (a timing study) */\n");
      else if (s > 0 && v->shfl) {
        if (gen_shuffle_exchange(gs, gen_stockham(gs, s - 1)) != 0) no_shuffle = 1;
      } else if (s > 0) gen_lmcm_exchange(gs, gen_stockham(gs, s - 1));
      tb_printf(&buf, "  /* pass %d: radix %u */\n", s, v->radix[s]);
      if (v->abft == 3) gen_abft3_pass_begin(gs, gen_stockham(gs, s), s);
      gen_stockham_on_slots(gs, gen_stockham(gs, s));
      if (v->abft == 3) gen_abft3_pass_end(gs, gen_stockham(gs, s));
    }
    if (p->r2c && p->half && (p->real_part == REAL_WHOLE || p->mirror) && gen_r2c_half_pair(gs)) break; /* (it stored) */
    tb_printf(&buf, "  /* store */\n");
    if (g->stage_out) gen_store_staged(gs);
    else gen_store_owned_from_slots(gs);
    break;
  case ONCHIP_LM_CC:
    gen_load_pattern_to_local(gs);
    for (int s = 0; s < v->npasses; ++s) {
      tb_printf(&buf, "  /* pass %d: radix %u */\n", s, v->radix[s]);
      gen_lmcc_pass(gs, s);
    }
    gen_store_local_to_pattern(gs);
    break;
  case ONCHIP_LM_CT:
    gen_load_pattern_to_local(gs);
    for (int s = 0; s < v->npasses; ++s) {
      tb_printf(&buf, "  /* pass %d: radix %u, in place */\n", s, v->radix[s]);
      gen_lmct_pass(gs, s);
    }
    gen_store_local_to_pattern(gs);
    break;
  case ONCHIP_GM:
    for (int s = 0; s < v->npasses; ++s) {
      tb_printf(&buf, "  /* pass %d: radix %u, global memory */\n", s, v->radix[s]);
      gen_gm_pass(gs, s);
    }
    break;
  }
  tb_printf(&buf, "}\n%s", d->epilogue);
  int failed = buf.failed;
  out->text = text_buf_take(&buf);
  if (out->text && no_shuffle) {
    free(out->text);
    out->text = NULL;
    return -3;
  }
  return out->text ? 0 : failed == TEXT_BUF_TRUNCATED ? -2 : -1;
}
