/* The radix passes: Stockham (decimation in time) on registers with the exchange through local
 * memory (RP+LM-CM), in local memory (LM-CC), straight from and to global memory (GM), and LM-CT's
 * in-place Cooley-Tukey (decimation in frequency) in local memory. */
#include "gen/emit.h"
#include "core/twiddle_table.h"
#include "gen/dft.h"
#include <stdio.h>

spass gen_stockham(const gen_state *gs, int s)
{
  spass sp = {gs->v->radix[s], twiddle_period(gs->v, gs->g->n, s), gs->g->rq / gs->v->radix[s],
              twiddle_base(gs->v, gs->g->n, s)};
  return sp;
}

/* Emits, into body, the loop-body lines that define the lane's element index `i` and its Stockham
 * output base `j` for lane e of a group whose first element is `i0`. */
static void stockham_out(text_buf *b, spass sp, unsigned e)
{
  if (sp.p & (sp.p - 1)) tb_printf(b, "    { const uint i = i0 + %uu, k = i %% %uu, j = (i - k) * %uu + k;\n", e, sp.p, sp.r);
  else tb_printf(b, "    { const uint i = i0 + %uu, k = i & %uu, j = (i - k) * %uu + k;\n", e, sp.p - 1, sp.r);
}

/* Twiddle, butterfly on the unit whose inputs are ar[t], ai[t] (t < r); Stockham: twiddle first,
 * exponent k*t over p*r with k = (element index) mod p.  The unit's first element is i0 + lane. */
static void stockham_compute(const gen_state *gs, text_buf *b, spass sp, unsigned lane)
{
  unsigned E = gs->g->ec, lanes = gs->v->vector_math ? E : 1;
  if (sp.p > 1) {
    char k[16][64];
    for (unsigned l = 0; l < lanes; ++l) /* (i0 + lane) mod p */
      if (sp.p & (sp.p - 1)) tb_format(gs->b, k[l], sizeof k[l], "((i0 + %uu) %% %uu)", lane + l, sp.p);
      else tb_format(gs->b, k[l], sizeof k[l], "((i0 + %uu) & %uu)", lane + l, sp.p - 1);
    gen_twiddle_unit(gs, b, sp.r, k, lanes, sp.p, sp.base, sp.p * sp.r, sp.p % E == 0);
  }
  if (gs->v->abft == 3) gen_abft3_unit_before(gs, b, sp);
  gen_butterfly(gs, b, sp.r);
  if (gs->v->abft == 3) gen_abft3_unit_after(gs, b, sp, lane);
}

/* One butterfly unit of Stockham pass sp on the slots c + t*S, lane e: copy into ar/ai, twiddle and
 * butterfly, copy back.  The body must already define i0, the group's first element. */
static void stockham_unit(const gen_state *gs, text_buf *b, spass sp, unsigned e)
{
  tb_printf(b, "    {\n      %s ar[%u], ai[%u];\n", gs->mt, sp.r, sp.r);
  for (int back = 0; back < 2; ++back) {
    if (back) stockham_compute(gs, b, sp, e);
    for (unsigned t = 0; t < sp.r; ++t) {
      char q[64], sr[96], si[96];
      tb_format(gs->b, q, sizeof q, "c + %uu", t * sp.s);
      gen_unit_slot(gs, sr, sizeof sr, 'r', q, e);
      gen_unit_slot(gs, si, sizeof si, 'i', q, e);
      if (back) tb_printf(b, "      %s = ar[%u]; %s = ai[%u];\n", sr, t, si, t);
      else tb_printf(b, "      ar[%u] = %s; ai[%u] = %s;\n", t, sr, t, si);
    }
  }
  tb_printf(b, "    }\n");
}

/* One Stockham pass on register slots (RP+LM-CM, LM-CC): every unit (butterfly group) c of this
 * work-item takes slots c + t*S, t < r. */
void gen_stockham_on_slots(gen_state *gs, spass sp)
{
  unsigned lanes_per_unit = gs->v->vector_math ? 1 : gs->g->ec;
  text_buf body;
  text_buf_init(&body);
  tb_printf(&body, "    const uint i0 = %uu * (tid + %uu * c);\n", gs->g->ec, gs->g->w);
  for (unsigned e = 0; e < lanes_per_unit; ++e) stockham_unit(gs, &body, sp, e);
  gen_loop_body(gs, "c", sp.s, &body);
}

/* Writes component c of butterfly groups first..first+count-1 after Stockham pass sp to their
 * output positions in local memory, whose plane starts at element `base` (exchange rounds); with
 * tid_hi > 0, only work-items tid_lo <= tid < tid_hi write.  c = 'h': both parts to the half2
 * plane (g->h2). */
static void stockham_scatter_range(gen_state *gs, spass sp, char c, unsigned first, unsigned count, unsigned base, unsigned tid_lo,
                                   unsigned tid_hi)
{
  unsigned E = gs->g->ec;
  char j[32] = "j";
  if (base) tb_format(gs->b, j, sizeof j, "j - %uu", base);
  text_buf body;
  text_buf_init(&body);
  tb_printf(&body, "    const uint i0 = %uu * (tid + %uu * c);\n", E, gs->g->w);
  const char *arr = c == 'h' ? "ldh" : gen_plane(gs, c);
  if (gs->v->vector_math && sp.p % E == 0) { /* the E lanes land on consecutive positions */
    stockham_out(&body, sp, 0);
    for (unsigned t = 0; t < sp.r; ++t)
      tb_printf(&body, "      vstore%u(v%c[c + %uu], 0, %s + tr * %uu + PAD(%s + %uu));\n", E, c, t * sp.s, arr, gs->g->npad, j,
                t * sp.p);
    tb_printf(&body, "    }\n");
  } else {
    for (unsigned e = 0; e < E; ++e) {
      stockham_out(&body, sp, e);
      for (unsigned t = 0; t < sp.r; ++t) {
        char q[64], sv[96];
        tb_format(gs->b, q, sizeof q, "c + %uu", t * sp.s);
        if (c == 'h') { /* g->h2 (g->pair): both parts as one half2 (real2) word */
          char si[96], idx[96];
          gen_slot(gs, sv, sizeof sv, 'r', q, e);
          gen_slot(gs, si, sizeof si, 'i', q, e);
          tb_format(gs->b, idx, sizeof idx, "tr * %uu + PAD(%s + %uu)", gs->g->npad, j, t * sp.p);
          tb_printf(&body, "  ");
          gen_h2_local(gs, &body, 1, idx, sv, si);
          continue;
        }
        gen_slot(gs, sv, sizeof sv, c, q, e);
        tb_printf(&body, "      %s[tr * %uu + PAD(%s + %uu)] = %s;\n", arr, gs->g->npad, j, t * sp.p, sv);
      }
      tb_printf(&body, "    }\n");
    }
  }
  if (tid_hi && tid_lo) tb_printf(gs->b, "  if (tid >= %uu && tid < %uu) {\n", tid_lo, tid_hi);
  else if (tid_hi) tb_printf(gs->b, "  if (tid < %uu) {\n", tid_hi);
  gen_loop_range(gs, "c", first, count, &body);
  if (tid_hi) tb_printf(gs->b, "  }\n");
}

/* Writes component c of all the slots after Stockham pass sp to local memory. */
void gen_stockham_scatter(gen_state *gs, spass sp, char c) { stockham_scatter_range(gs, sp, c, 0, sp.s, 0, 0, 0); }

/* RP+LM-CM exchange after pass sp: per component, scatter to local, barrier, gather owned.  With
 * xr rounds, round h moves the elements of the h-th 1/xr of the transform: they come from the h-th
 * 1/xr of the butterfly groups u = tid + w*c (the h-th 1/xr of each work-item's c, or where a
 * work-item holds fewer than xr groups, one group of the h-th 1/(xr/S) of the work-items) and go
 * to the h-th 1/xr of each work-item's register groups (core/geometry.c has the conditions), so
 * local memory holds N/xr reals.  Later rounds still read registers that earlier rounds gather
 * into, so those land in vx first. */
void gen_lmcm_exchange(gen_state *gs, spass sp)
{
  unsigned xr = gs->g->xr, part = gs->g->n / xr, rq = gs->g->rq, w = gs->g->w;
  unsigned m = sp.s % xr ? xr / sp.s : 1; /* rounds per butterfly group: the work-items split in m */
  int h2 = gs->g->h2 || gs->g->pair; /* both parts at once: half2 or (PAIR) real2 words */
  for (int k = 0; k < (h2 ? 1 : 2); ++k) {
    char c = h2 ? 'h' : k ? 'i' : 'r';
    tb_printf(gs->b, "  /* exchange, %s */\n", gs->g->pair ? "both parts as real2" : h2 ? "both parts as half2" : k ? "imaginary parts" : "real parts");
    for (unsigned h = 0; h < xr; ++h) {
      if (xr > 1) tb_printf(gs->b, "  /* round %u of %u */\n", h + 1, xr);
      if (m > 1) stockham_scatter_range(gs, sp, c, h / m, 1, h * part, (h % m) * (w / m), (h % m + 1) * (w / m));
      else stockham_scatter_range(gs, sp, c, h * (sp.s / xr), sp.s / xr, h * part, 0, 0);
      gen_barrier_local(gs);
      if (h2) gen_slots_local_h2(gs, h + 1 < xr ? 'x' : 'r', h + 1 < xr ? 'y' : 'i', 0, h * (rq / xr), rq / xr, h * part);
      else gen_slots_local_range(gs, h + 1 < xr ? 'x' : c, 0, h * (rq / xr), rq / xr, h * part);
      gen_barrier_local(gs);
    }
    if (xr > 1) { /* the deferred groups */
      text_buf body;
      text_buf_init(&body);
      unsigned lanes = gs->v->vector_math ? 1 : gs->g->ec;
      for (int part_k = 0; part_k < (h2 ? 2 : 1); ++part_k) {
        char to_c = h2 ? (part_k ? 'i' : 'r') : c, from_c = h2 && part_k ? 'y' : 'x';
        for (unsigned e = 0; e < lanes; ++e) {
          char to[96], from[96];
          if (gs->v->vector_math) tb_format(gs->b, to, sizeof to, "v%c[q]", c), tb_format(gs->b, from, sizeof from, "vx[q]");
          else gen_slot(gs, to, sizeof to, to_c, "q", e), gen_slot(gs, from, sizeof from, from_c, "q", e);
          tb_printf(&body, "    %s = %s;\n", to, from);
        }
      }
      gen_loop_body(gs, "q", (xr - 1) * (rq / xr), &body);
    }
  }
}

/* GM: one Stockham pass straight from and to global memory.  Units follow the access pattern:
 * DIRECT: the work-item's own groups; CGAP: consecutive work-items take consecutive groups of the
 * span; chunk: each work-item a run of consecutive groups. */
void gen_gm_pass(gen_state *gs, int s)
{
  spass sp = gen_stockham(gs, s);
  const geometry *g = gs->g;
  unsigned E = g->e, per = g->n / (E * sp.r); /* butterfly groups per transform */
  int first = s == 0, last = s == gs->v->npasses - 1;
  text_buf idx;
  text_buf_init(&idx);
  if (gs->v->access == ACCESS_DIRECT) tb_printf(&idx, "    const uint b = tr, gi = tid + %uu * c;\n", g->w);
  else {
    char unit[64];
    gen_pattern_unit(gs, unit, sizeof unit, "c", sp.s);
    tb_printf(&idx, "    const uint f = %s, b = f / %uu, gi = f %% %uu;\n", unit, per, per);
  }
  tb_printf(&idx, "    const uint i0 = %uu * gi;\n", E);
  if (idx.failed) gs->b->failed = idx.failed;
  const char *index = idx.data ? idx.data : "";
  /* read the inputs into slots c + t*S */
  text_buf body;
  text_buf_init(&body);
  tb_printf(&body, "%s    if (b < nvalid) {\n", index);
  char src[96];
  if (gs->general) gen_transform_ptr(gs, src, sizeof src, !first, "b");
  else tb_format(gs->b, src, sizeof src, "%s + (ulong)b * %zuul", first ? "x0" : "y0", first ? gs->p->in_dist : gs->p->out_dist);
  for (unsigned t = 0; t < sp.r; ++t) {
    char pos[64], gvn[16], q[64];
    tb_format(gs->b, pos, sizeof pos, "i0 + %uu", t * (g->n / sp.r));
    tb_format(gs->b, gvn, sizeof gvn, "g%u", t);
    tb_format(gs->b, q, sizeof q, "c + %uu", t * sp.s);
    gen_global_load(gs, &body, first ? 0 : 1, gvn, src, pos, "b");
    if (gs->v->vector_math) {
      char re[96], im[96];
      gen_access_plane(gs, re, sizeof re, gvn, 0);
      gen_access_plane(gs, im, sizeof im, gvn, 1);
      tb_printf(&body, "    vr[%s] = %s; vi[%s] = %s;\n", q, re, q, im);
    } else {
      for (unsigned e = 0; e < E; ++e) {
        char sr[96], si[96], cr[64], ci[64];
        gen_slot(gs, sr, sizeof sr, 'r', q, e);
        gen_slot(gs, si, sizeof si, 'i', q, e);
        gen_access_comp(gs, cr, sizeof cr, gvn, e, 0);
        gen_access_comp(gs, ci, sizeof ci, gvn, e, 1);
        tb_printf(&body, "    %s = %s; %s = %s;\n", sr, cr, si, ci);
      }
    }
  }
  tb_printf(&body, "    }\n");
  gen_loop_body(gs, "c", sp.s, &body);
  /* compute: as on slots, with i0 from the pattern */
  text_buf_init(&body);
  tb_printf(&body, "%s", index);
  for (unsigned e = 0; e < (gs->v->vector_math ? 1 : E); ++e) stockham_unit(gs, &body, sp, e);
  gen_loop_body(gs, "c", sp.s, &body);
  /* every read of this pass must precede every write when the pass reads what it overwrites */
  if (!first || gs->p->inplace) gen_barrier_global(gs);
  /* write the outputs */
  text_buf_init(&body);
  tb_printf(&body, "%s    if (b < nvalid) {\n", index);
  char dst[96];
  if (gs->general) gen_transform_ptr(gs, dst, sizeof dst, 1, "b");
  else tb_format(gs->b, dst, sizeof dst, "y0 + (ulong)b * %zuul", gs->p->out_dist);
  if (sp.p % E == 0) { /* lanes land on consecutive outputs: vector stores */
    stockham_out(&body, sp, 0);
    for (unsigned t = 0; t < sp.r; ++t) {
      char pos[64], re[16][96], im[16][96], q[64];
      tb_format(gs->b, pos, sizeof pos, "j + %uu", t * sp.p);
      tb_format(gs->b, q, sizeof q, "c + %uu", t * sp.s);
      for (unsigned e = 0; e < E; ++e) {
        gen_slot(gs, re[e], sizeof re[e], 'r', q, e);
        gen_slot(gs, im[e], sizeof im[e], 'i', q, e);
      }
      gen_global_store(gs, &body, "b", dst, pos, re, im, last);
    }
    tb_printf(&body, "    }\n");
  } else { /* scalar stores, lane by lane */
    char l[48], lit[64] = "";
    if (gen_scale_literal(gs->b, l, sizeof l, gs->p, last)) tb_format(gs->b, lit, sizeof lit, " * %s", l);
    for (unsigned e = 0; e < E; ++e) {
      stockham_out(&body, sp, e);
      for (unsigned t = 0; t < sp.r; ++t) {
        char q[64], sr[96], si[96];
        tb_format(gs->b, q, sizeof q, "c + %uu", t * sp.s);
        gen_slot(gs, sr, sizeof sr, 'r', q, e);
        gen_slot(gs, si, sizeof si, 'i', q, e);
        tb_printf(&body, "      (%s)[j + %uu] = %sreal2%s%s, %s)%s;\n", dst, t * sp.p, gs->d->vec_open, gs->d->vec_mid, sr, si, lit);
      }
      tb_printf(&body, "    }\n");
    }
  }
  tb_printf(&body, "    }\n");
  gen_loop_body(gs, "c", sp.s, &body);
  if (!last) gen_barrier_global(gs);
  text_buf_free(&idx);
}

/* LM-CC: one Stockham pass with the data in local memory: read, compute, barrier, write, barrier. */
void gen_lmcc_pass(gen_state *gs, int s)
{
  spass sp = gen_stockham(gs, s);
  gen_slots_local(gs, 'r', 0);
  gen_slots_local(gs, 'i', 0);
  gen_stockham_on_slots(gs, sp);
  gen_barrier_local(gs);
  gen_stockham_scatter(gs, sp, 'r');
  gen_stockham_scatter(gs, sp, 'i');
  gen_barrier_local(gs);
}

/* LM-CT: one in-place decimation-in-frequency pass in local memory: butterfly on positions
 * blk*M + jj + m*t, then twiddle output t by w_M^(jj*t).  No exchange: each butterfly writes back
 * where it read, so one barrier per pass. */
void gen_lmct_pass(gen_state *gs, int s)
{
  const geometry *g = gs->g;
  unsigned r = gs->v->radix[s], M = g->n, E = g->ec;
  for (int i = 0; i < s; ++i) M /= gs->v->radix[i];
  unsigned m = M / r, S = g->rq / r, base = twiddle_base(gs->v, g->n, s);
  int vm = gs->v->vector_math, contiguous = vm && m % E == 0;
  text_buf body;
  text_buf_init(&body);
  tb_printf(&body, "    const uint u0 = %uu * (tid + %uu * c);\n", E, g->w);
  unsigned units = vm ? 1 : E;
  for (unsigned e = 0; e < units; ++e) {
    tb_printf(&body, "    {\n      %s ar[%u], ai[%u];\n", gs->mt, r, r);
    /* per lane: blk and jj */
    unsigned nl = vm ? E : 1;
    for (unsigned l = 0; l < nl; ++l)
      tb_printf(&body, "      const uint jj%u = (u0 + %uu) %% %uu, at%u = ((u0 + %uu) / %uu) * %uu + jj%u;\n", l, e + l, m, l, e + l,
                m, M, l);
    for (int wr = 0; wr < 2; ++wr) {
      if (wr) {
        gen_butterfly(gs, &body, r);
        if (m > 1) {
          char k[16][64];
          for (unsigned l = 0; l < nl; ++l) tb_format(gs->b, k[l], sizeof k[l], "jj%u", l);
          gen_twiddle_unit(gs, &body, r, k, nl, m, base, M, contiguous);
        }
      }
      for (unsigned t = 0; t < r; ++t) {
        for (int k = 0; k < 2; ++k) {
          const char *arr = k ? "ldi" : "ldr";
          char a = k ? 'i' : 'r';
          if (!vm) {
            if (wr) tb_printf(&body, "      %s[tr * %uu + PAD(at0 + %uu)] = a%c[%u];\n", arr, g->npad, t * m, a, t);
            else tb_printf(&body, "      a%c[%u] = %s[tr * %uu + PAD(at0 + %uu)];\n", a, t, arr, g->npad, t * m);
          } else if (contiguous) {
            if (wr) tb_printf(&body, "      vstore%u(a%c[%u], 0, %s + tr * %uu + PAD(at0 + %uu));\n", E, a, t, arr, g->npad, t * m);
            else tb_printf(&body, "      a%c[%u] = vload%u(0, %s + tr * %uu + PAD(at0 + %uu));\n", a, t, E, arr, g->npad, t * m);
          } else {
            for (unsigned l = 0; l < nl; ++l) {
              if (wr) tb_printf(&body, "      %s[tr * %uu + PAD(at%u + %uu)] = a%c[%u].s%x;\n", arr, g->npad, l, t * m, a, t, l);
              else tb_printf(&body, "      a%c[%u].s%x = %s[tr * %uu + PAD(at%u + %uu)];\n", a, t, l, arr, g->npad, l, t * m);
            }
          }
        }
      }
    }
    tb_printf(&body, "    }\n");
  }
  gen_loop_body(gs, "c", S, &body);
  gen_barrier_local(gs);
}
