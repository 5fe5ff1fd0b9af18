/* gen_kernel: emits the single-work-group FFT kernel.  Reading order: the small emitters (loops,
 * slots, global and local access, twiddles), then one function per phase (load, Stockham pass,
 * LM-CM exchange, LM-CT pass, store), then gen_kernel, which strings the phases together per
 * on-chip mode.  Set PPFFT_DUMP_KERNELS=dir to read what comes out. */
#include "gen_kernel.h"
#include "cl_sources.h"
#include "gen_buf.h"
#include "gen_dft.h"
#include "gen_layout.h"
#include "twiddle_table.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const long double PI_L = 3.141592653589793238462643383279502884L;

typedef struct gen_state {
  gen_buf *b;
  const problem *p;
  const variant *v;
  const geometry *g;
  char mt[16];     /* arithmetic type: "real" (VASM) or "realE" (VAVM) */
  char lt[16];     /* a lane group as one vector: "real" (E = 1) or "realE" */
  unsigned nslot;  /* register slots: one per element (VASM) or per lane group (VAVM) */
  int general;     /* not a plain problem: elements are addressed through IN_AT/OUT_AT, one at a time */
} gen_state;

/* ---- small emitters ---- */

/* Wraps text in a loop over var = first..first+count-1: unrolled blocks with LU, a for loop without. */
static void loop_text(gen_state *gs, const char *var, unsigned first, unsigned count, const char *text)
{
  if (count == 0) return;
  if (gs->v->lu || count == 1) {
    for (unsigned k = first; k < first + count; ++k) gb_printf(gs->b, "  { const uint %s = %uu;\n%s  }\n", var, k, text);
  } else {
    gb_printf(gs->b, "  for (uint %s = %u; %s < %uu; ++%s) {\n%s  }\n", var, first, var, first + count, var, text);
  }
}

/* Emits the loop over var = first..first+count-1 with body's text and frees body. */
static void loop_range(gen_state *gs, const char *var, unsigned first, unsigned count, gen_buf *body)
{
  if (body->failed) gs->b->failed = 1;
  else if (body->len) loop_text(gs, var, first, count, body->data);
  gen_buf_free(body);
}

/* Emits the loop over var = 0..count-1 with body's text and frees body. */
static void loop_body(gen_state *gs, const char *var, unsigned count, gen_buf *body) { loop_range(gs, var, 0, count, body); }

static void barrier_local(gen_state *gs) { gb_printf(gs->b, "  barrier(CLK_LOCAL_MEM_FENCE);\n"); }
static void barrier_global(gen_state *gs) { gb_printf(gs->b, "  barrier(CLK_GLOBAL_MEM_FENCE);\n"); }

/* Register slot of lane e in group expression q, component c ('r' or 'i'). */
static void slot(const gen_state *gs, char *buf, size_t n, char c, const char *q, unsigned e)
{
  unsigned E = gs->g->ec;
  if (gs->v->vector_math) snprintf(buf, n, "v%c[%s].s%x", c, q, e);
  else if (E == 1) snprintf(buf, n, "v%c[%s]", c, q);
  else snprintf(buf, n, "v%c[(%s) * %uu + %uu]", c, q, E, e);
}

/* The type of one access vector part, and how many parts an E-lane access has (2 for 16 lanes). */
static unsigned access_parts(const gen_state *gs) { return 2 * gs->g->e > 16 ? 2 : 1; }
static unsigned access_width(const gen_state *gs) { return 2 * gs->g->e > 16 ? 16 : 2 * gs->g->e; }

/* Component expression of lane e (re: k = 0, im: k = 1) of an access vector named `name`. */
static void access_comp(const gen_state *gs, char *buf, size_t n, const char *name, unsigned e, unsigned k)
{
  if (access_parts(gs) == 2) snprintf(buf, n, "%s%u.s%x", name, e / 8, 2 * (e % 8) + k);
  else snprintf(buf, n, "%s.s%x", name, 2 * e + k);
}

/* The E real (k = 0) or imaginary (k = 1) parts of access vector `name` as one lane vector. */
static void access_plane(const gen_state *gs, char *buf, size_t n, const char *name, unsigned k)
{
  const char *half = k ? "odd" : "even";
  if (gs->g->e == 1) snprintf(buf, n, "%s.s%u", name, k);
  else if (access_parts(gs) == 2) snprintf(buf, n, "(real16)(%s0.%s, %s1.%s)", name, half, name, half);
  else snprintf(buf, n, "%s.%s", name, half);
}

/* Declares access vector `name` loaded from lane group at element pos of the transform at ptr, on
 * the input (side 0) or output (side 1) layout. */
static void global_load(const gen_state *gs, gen_buf *b, int side, const char *name, const char *ptr, const char *pos)
{
  unsigned w = access_width(gs), parts = access_parts(gs), E = gs->g->e;
  if (gs->general) { /* one element; ptr is the transform's first element's index */
    gb_printf(b, "    const real2 %s = LD_%s((%s) + (ulong)(%s) * %zuul);\n", name, side ? "OUT" : "IN", ptr, pos,
              side ? gs->p->out_stride : gs->p->in_stride);
    return;
  }
  for (unsigned k = 0; k < parts; ++k) {
    char nm[32];
    snprintf(nm, sizeof nm, parts == 2 ? "%s%u" : "%s", name, k);
    if (parts == 2)
      gb_printf(b, "    const real16 %s = ((__global const real16 *)(%s))[2u * ((%s) / %uu) + %uu];\n", nm, ptr, pos, E, k);
    else
      gb_printf(b, "    const real%u %s = ((__global const real%u *)(%s))[(%s) / %uu];\n", w, nm, w, ptr, pos, E);
  }
}

/* The general layout's store of one element (re, im) at pos of transform tr (in the work-group),
 * whose first element is at ptr; the final store applies the four-step twiddle and the scale. */
static void general_store(const gen_state *gs, gen_buf *b, const char *tr, const char *ptr, const char *pos, const char *re,
                          const char *im, int final)
{
  const problem *p = gs->p;
  gb_printf(b, "    { real2 o_ = (real2)(%s, %s);\n", re, im);
  if (final && p->twiddle_n) {
    /* output k of the transform whose index at the twiddle level is m: times w_twiddle_n^(m k);
     * m k < twiddle_n */
    size_t below = 1;
    for (int l = 0; l < p->twiddle_level; ++l) below *= p->lev_count[l];
    if (p->twiddle_level + 1 < p->nlev)
      gb_printf(b, "      const uint m_ = (uint)(((t0 + (ulong)(%s)) / %zuul) %% %zuul);\n", tr, below, p->lev_count[p->twiddle_level]);
    else gb_printf(b, "      const uint m_ = (uint)((t0 + (ulong)(%s)) / %zuul);\n", tr, below);
    size_t B = four_step_block(p->twiddle_n);
    gb_printf(b, "      const uint x_ = m_ * (uint)(%s);\n", pos);
    gb_printf(b, "      const real2 h_ = tw4[x_ / %zuu], l_ = tw4[%zuu + x_ %% %zuu];\n", B, p->twiddle_n / B, B);
    gb_printf(b, "      const real2 w_ = (real2)(h_.x * l_.x - h_.y * l_.y, h_.y * l_.x + h_.x * l_.y);\n");
    if (p->sign < 0) gb_printf(b, "      o_ = (real2)(o_.x * w_.x + o_.y * w_.y, o_.y * w_.x - o_.x * w_.y);\n");
    else gb_printf(b, "      o_ = (real2)(o_.x * w_.x - o_.y * w_.y, o_.y * w_.x + o_.x * w_.y);\n");
  }
  if (final && p->scale != 1.0) {
    char lit[48];
    gen_literal(lit, sizeof lit, p->scale, p->f64);
    gb_printf(b, "      o_ *= %s;\n", lit);
  }
  gb_printf(b, "      ST_OUT((%s) + (ulong)(%s) * %zuul, o_); }\n", ptr, pos, p->out_stride);
}

/* Stores lane values re[e], im[e] (expressions) of transform tr (in the work-group), times the
 * scale if `scaled` (the final store), as a vector at pos of ptr. */
static void global_store(const gen_state *gs, gen_buf *b, const char *tr, const char *ptr, const char *pos, char re[][96],
                         char im[][96], int scaled)
{
  unsigned parts = access_parts(gs), w = access_width(gs), E = gs->g->e;
  if (gs->general) {
    general_store(gs, b, tr, ptr, pos, re[0], im[0], scaled);
    return;
  }
  char scale[64] = "";
  if (scaled && gs->p->scale != 1.0) {
    char lit[48];
    gen_literal(lit, sizeof lit, gs->p->scale, gs->p->f64);
    snprintf(scale, sizeof scale, " * %s", lit);
  }
  for (unsigned k = 0; k < parts; ++k) {
    if (parts == 2)
      gb_printf(b, "    ((__global real16 *)(%s))[2u * ((%s) / %uu) + %uu] = (real16)(", ptr, pos, E, k);
    else
      gb_printf(b, "    ((__global real%u *)(%s))[(%s) / %uu] = (real%u)(", w, ptr, pos, E, w);
    unsigned lanes = w / 2;
    for (unsigned e = 0; e < lanes; ++e)
      gb_printf(b, "%s%s, %s", e ? ", " : "", re[k * 8 + e], im[k * 8 + e]);
    gb_printf(b, ")%s;\n", scale);
  }
}

/* Pointer to transform b (an expression) of the input or output; in the general layout, the index
 * of its first element. */
static void transform_ptr(const gen_state *gs, char *buf, size_t n, int output, const char *b)
{
  if (gs->general) {
    snprintf(buf, n, "%s_AT(t0 + (ulong)(%s))", output ? "OUT" : "IN", b);
    return;
  }
  size_t dist = output ? gs->p->out_dist : gs->p->in_dist;
  snprintf(buf, n, "%s + (ulong)(%s) * %zuul", output ? "y0" : "x0", b, dist);
}

/* Local memory: the plane array name for component c of the mode's layout. */
static const char *plane(const gen_state *gs, char c)
{
  if (gs->v->onchip == ONCHIP_RP_LM_CM) return "lds";
  return c == 'r' ? "ldr" : "ldi";
}

/* Reads (store = 0) or writes E consecutive lanes at element pos of transform tr in local plane
 * `arr`, from or to the lane values val[e] (expressions), or the lane vector vec when given. */
static void local_lanes(const gen_state *gs, gen_buf *b, unsigned E, int store, const char *arr, const char *tr,
                        const char *pos, const char *vec, char val[][96])
{
  if (E > 1 && vec) {
    if (store) gb_printf(b, "    vstore%u(%s, 0, %s + %s * %uu + PAD(%s));\n", E, vec, arr, tr, gs->g->npad, pos);
    else gb_printf(b, "    %s = vload%u(0, %s + %s * %uu + PAD(%s));\n", vec, E, arr, tr, gs->g->npad, pos);
    return;
  }
  for (unsigned e = 0; e < E; ++e) {
    if (store) gb_printf(b, "    %s[%s * %uu + PAD(%s + %uu)] = %s;\n", arr, tr, gs->g->npad, pos, e, val[e]);
    else gb_printf(b, "    %s = %s[%s * %uu + PAD(%s + %uu)];\n", val[e], arr, tr, gs->g->npad, pos, e);
  }
}

/* ---- twiddles ---- */

/* Defines wc<sfx>, ws<sfx> (cos and sin of 2 pi x / M, x = expo[l] for lane l).  The table modes
 * read entry idx[l] of the pass-ordered table (twiddle_table.h); `contiguous`: the lanes' entries
 * are consecutive, one vector load. */
static void twiddle_fetch(const gen_state *gs, gen_buf *b, const char *sfx, char expo[][96], char idx[][96], unsigned lanes,
                          unsigned M, int contiguous)
{
  const char *mt = gs->mt;
  int f64 = gs->p->f64;
  char lit[48];
  switch (gs->v->twiddle) {
  case TW_CALC:
    /* sincos after an exact reduction to a quarter turn (ppfft_cossin in cl/prelude.cl) */
    if (lanes == 1) {
      gb_printf(b, "        const real2 w%s = ppfft_cossin(%s, %uu);\n", sfx, expo[0], M);
      gb_printf(b, "        const real wc%s = w%s.x, ws%s = w%s.y;\n", sfx, sfx, sfx, sfx);
    } else {
      for (unsigned l = 0; l < lanes; ++l) gb_printf(b, "        const real2 w%u%s = ppfft_cossin(%s, %uu);\n", l, sfx, expo[l], M);
      for (int k = 0; k < 2; ++k) {
        gb_printf(b, "        const %s %s%s = (%s)(", mt, k ? "ws" : "wc", sfx, mt);
        for (unsigned l = 0; l < lanes; ++l) gb_printf(b, "%sw%u%s.%c", l ? ", " : "", l, sfx, k ? 'y' : 'x');
        gb_printf(b, ");\n");
      }
    }
    break;
  case TW_NATIVE: {
    /* native_cos/native_sin of the whole angle, in float: fast, device-dependent accuracy */
    gen_literal(lit, sizeof lit, 2 * PI_L / M, 0);
    if (lanes == 1) gb_printf(b, "        const float wa%s = (float)(%s) * %s;\n", sfx, expo[0], lit);
    else {
      gb_printf(b, "        const float%u wa%s = convert_float%u((uint%u)(", lanes, sfx, lanes, lanes);
      for (unsigned l = 0; l < lanes; ++l) gb_printf(b, "%s%s", l ? ", " : "", expo[l]);
      gb_printf(b, ")) * %s;\n", lit);
    }
    if (!f64) gb_printf(b, "        const %s wc%s = native_cos(wa%s), ws%s = native_sin(wa%s);\n", mt, sfx, sfx, sfx, sfx);
    else if (lanes == 1)
      gb_printf(b, "        const %s wc%s = (real)native_cos(wa%s), ws%s = (real)native_sin(wa%s);\n", mt, sfx, sfx, sfx, sfx);
    else
      gb_printf(b, "        const %s wc%s = convert_real%u(native_cos(wa%s)), ws%s = convert_real%u(native_sin(wa%s));\n", mt, sfx, lanes,
                sfx, sfx, lanes, sfx);
    break;
  }
  case TW_CM_K:
  case TW_CM_L:
  case TW_GM: {
    const char *space = gs->v->twiddle == TW_GM ? "__global" : "__constant";
    if (lanes == 1) {
      gb_printf(b, "        const real2 w%s = tw[%s];\n", sfx, idx[0]);
      gb_printf(b, "        const real wc%s = w%s.x, ws%s = w%s.y;\n", sfx, sfx, sfx, sfx);
    } else if (contiguous && lanes <= 8) {
      gb_printf(b, "        const real%u w%s = vload%u(0, (%s const real *)tw + 2u * (%s));\n", 2 * lanes, sfx, 2 * lanes, space, idx[0]);
      gb_printf(b, "        const %s wc%s = w%s.even, ws%s = w%s.odd;\n", mt, sfx, sfx, sfx, sfx);
    } else {
      for (int k = 0; k < 2; ++k) {
        gb_printf(b, "        const %s %s%s = (%s)(", mt, k ? "ws" : "wc", sfx, mt);
        for (unsigned l = 0; l < lanes; ++l) gb_printf(b, "%stw[%s].%c", l ? ", " : "", idx[l], k ? 'y' : 'x');
        gb_printf(b, ");\n");
      }
    }
    break;
  }
  }
}

/* Multiplies (xr, xi) by w = wc<sfx> + sign i ws<sfx>. */
static void twiddle_apply(const gen_state *gs, gen_buf *b, const char *xr, const char *xi, const char *sfx)
{
  const char *mt = gs->mt;
  if (!gs->v->il) gb_printf(b, "        ppfft_twmul(&%s, &%s, wc%s, ws%s);\n", xr, xi, sfx, sfx);
  else if (gs->p->sign < 0)
    gb_printf(b, "        { const %s t = %s * wc%s + %s * ws%s;\n          %s = %s * wc%s - %s * ws%s;\n          %s = t; }\n", mt, xr,
              sfx, xi, sfx, xi, xi, sfx, xr, sfx, xr);
  else
    gb_printf(b, "        { const %s t = %s * wc%s - %s * ws%s;\n          %s = %s * wc%s + %s * ws%s;\n          %s = t; }\n", mt, xr,
              sfx, xi, sfx, xi, xi, sfx, xr, sfx, xr);
}

/* The twiddles of one butterfly unit of radix r: ar[t], ai[t] (0 < t < r) times w_M^(k_l t), where
 * k[l] is lane l's base exponent and the table holds w^(k t) at base + (t - 1) q + k.  Without TWP
 * every t is fetched; with TWP only t = 1, 2, 4, 8, 16, and w^t = w^a w^(t - a) for the highest
 * power of two a below t, so each power is at most four products from fetched values. */
static void twiddle_unit(const gen_state *gs, gen_buf *b, unsigned r, char k[][64], unsigned lanes, unsigned q, unsigned base,
                         unsigned M, int contiguous)
{
  gb_printf(b, "      {\n");
  for (unsigned t = 1; t < r; ++t) {
    unsigned a = 1;
    while (2 * a <= t) a *= 2;
    char sfx[12], xr[16], xi[16];
    snprintf(sfx, sizeof sfx, "%u", t);
    if (!gs->v->twp || a == t) {
      char expo[16][96], idx[16][96];
      for (unsigned l = 0; l < lanes; ++l) {
        snprintf(expo[l], sizeof expo[l], "%s * %uu", k[l], t);
        snprintf(idx[l], sizeof idx[l], "%uu + %s", base + (t - 1) * q, k[l]);
      }
      twiddle_fetch(gs, b, sfx, expo, idx, lanes, M, contiguous);
    } else
      gb_printf(b, "        const %s wc%u = wc%u * wc%u - ws%u * ws%u, ws%u = ws%u * wc%u + wc%u * ws%u;\n", gs->mt, t, a, t - a, a, t - a, t,
                a, t - a, a, t - a);
    snprintf(xr, sizeof xr, "ar[%u]", t);
    snprintf(xi, sizeof xi, "ai[%u]", t);
    twiddle_apply(gs, b, xr, xi, sfx);
  }
  gb_printf(b, "      }\n");
}

/* The radix-r butterfly on ar[], ai[]: inline text (IL) or a call to the helper. */
static void butterfly(const gen_state *gs, gen_buf *b, unsigned r)
{
  if (gs->v->il) gen_dft_body(b, r, gs->p->sign, gs->mt, gs->p->f64, gs->v->cse, "      ");
  else gb_printf(b, "      ppfft_dft%u(ar, ai);\n", r);
}

/* ---- phases ---- */

/* Owned lane group q (an expression) of this work-item starts at element E*(tid + W*q). */
static void owned_pos(const gen_state *gs, char *buf, size_t n, const char *q)
{
  snprintf(buf, n, "%uu * (tid + %uu * (%s))", gs->g->ec, gs->g->w, q);
}

/* Index computation for access vector j under the variant's access pattern: defines b (transform in
 * the work-group) and pos (first element) in the loop body, for the input (side 0) or output side:
 * a strided side whose neighbouring transforms are adjacent in memory is read across transforms. */
static void pattern_index(const gen_state *gs, gen_buf *b, int side)
{
  const geometry *g = gs->g;
  unsigned per = g->n / g->e; /* vectors per transform */
  if (gs->general && geometry_side_is_column(gs->p, g, side)) {
    /* transform-minor: neighbouring work-items take neighbouring transforms, adjacent in memory */
    gb_printf(b, "    const uint v = lid + %uu * j, b = v %% %uu, pos = v / %uu;\n", g->wg, g->t, g->t);
    return;
  }
  switch (gs->v->access) {
  case ACCESS_DIRECT:
    gb_printf(b, "    const uint b = tr, pos = %uu * (tid + %uu * j);\n", g->e, g->w);
    return;
  case ACCESS_CGAP:
    gb_printf(b, "    const uint v = lid + %uu * j;\n", g->wg);
    break;
  case ACCESS_CHUNK:
    gb_printf(b, "    const uint v = lid * %uu + j;\n", g->ra);
    break;
  }
  gb_printf(b, "    const uint b = v / %uu, pos = %uu * (v %% %uu);\n", per, g->e, per);
}

/* Loads this work-item's own lane groups from global memory into the register slots. */
static void load_owned_to_slots(gen_state *gs)
{
  gen_buf body;
  gen_buf_init(&body);
  char pos[96], ptr[96];
  owned_pos(gs, pos, sizeof pos, "q");
  transform_ptr(gs, ptr, sizeof ptr, 0, "tr");
  gb_printf(&body, "    if (tr < nvalid) {\n");
  global_load(gs, &body, 0, "gv", ptr, pos);
  if (gs->v->vector_math) {
    char re[96], im[96];
    access_plane(gs, re, sizeof re, "gv", 0);
    access_plane(gs, im, sizeof im, "gv", 1);
    gb_printf(&body, "    vr[q] = %s; vi[q] = %s;\n", re, im);
  } else {
    for (unsigned e = 0; e < gs->g->e; ++e) {
      char sr[96], si[96], cr[64], ci[64];
      slot(gs, sr, sizeof sr, 'r', "q", e);
      slot(gs, si, sizeof si, 'i', "q", e);
      access_comp(gs, cr, sizeof cr, "gv", e, 0);
      access_comp(gs, ci, sizeof ci, "gv", e, 1);
      gb_printf(&body, "    %s = %s; %s = %s;\n", sr, cr, si, ci);
    }
  }
  gb_printf(&body, "    }\n");
  loop_body(gs, "q", gs->g->rq, &body);
}

/* Stores the register slots (the last pass leaves results at the owned positions) to global memory. */
static void store_owned_from_slots(gen_state *gs)
{
  gen_buf body;
  gen_buf_init(&body);
  char pos[96], ptr[96], re[16][96], im[16][96];
  owned_pos(gs, pos, sizeof pos, "q");
  transform_ptr(gs, ptr, sizeof ptr, 1, "tr");
  for (unsigned e = 0; e < gs->g->e; ++e) {
    slot(gs, re[e], sizeof re[e], 'r', "q", e);
    slot(gs, im[e], sizeof im[e], 'i', "q", e);
  }
  gb_printf(&body, "    if (tr < nvalid) {\n");
  global_store(gs, &body, "tr", ptr, pos, re, im, 1);
  gb_printf(&body, "    }\n");
  loop_body(gs, "q", gs->g->rq, &body);
}

/* Copies component c of the owned slot groups q = first..first+count-1 to (to_local = 1) or from
 * local memory, whose plane starts at element `base` of the transform (exchange rounds). */
static void slots_local_range(gen_state *gs, char c, int to_local, unsigned first, unsigned count, unsigned base)
{
  gen_buf body;
  gen_buf_init(&body);
  char pos[128], vec[32], val[16][96];
  owned_pos(gs, pos, sizeof pos, "q");
  if (base) snprintf(pos + strlen(pos), sizeof pos - strlen(pos), " - %uu", base);
  snprintf(vec, sizeof vec, "v%c[q]", c);
  for (unsigned e = 0; e < gs->g->ec; ++e) slot(gs, val[e], sizeof val[e], c, "q", e);
  local_lanes(gs, &body, gs->g->ec, to_local, plane(gs, c), "tr", pos, gs->v->vector_math ? vec : NULL, val);
  loop_range(gs, "q", first, count, &body);
}

/* Copies component c of all owned slots to (to_local = 1) or from local memory. */
static void slots_local(gen_state *gs, char c, int to_local) { slots_local_range(gs, c, to_local, 0, gs->g->rq, 0); }

/* Global memory to local planes (LM-CC, LM-CT) following the access pattern. */
static void load_pattern_to_local(gen_state *gs)
{
  gen_buf body;
  gen_buf_init(&body);
  char ptr[96], re[96], im[96];
  pattern_index(gs, &body, 0);
  transform_ptr(gs, ptr, sizeof ptr, 0, "b");
  gb_printf(&body, "    if (b < nvalid) {\n");
  global_load(gs, &body, 0, "gv", ptr, "pos");
  access_plane(gs, re, sizeof re, "gv", 0);
  access_plane(gs, im, sizeof im, "gv", 1);
  char lr[16][96], li[16][96];
  for (unsigned e = 0; e < gs->g->e; ++e) {
    access_comp(gs, lr[e], sizeof lr[e], "gv", e, 0);
    access_comp(gs, li[e], sizeof li[e], "gv", e, 1);
  }
  local_lanes(gs, &body, gs->g->e, 1, "ldr", "b", "pos", re, lr);
  local_lanes(gs, &body, gs->g->e, 1, "ldi", "b", "pos", im, li);
  gb_printf(&body, "    }\n");
  loop_body(gs, "j", gs->g->ra, &body);
  barrier_local(gs);
}

/* The LM-CT output permutation: local position of output element expression o (mixed-radix digit
 * reversal of in-place decimation in frequency). */
static void digit_reverse(const gen_state *gs, char *buf, size_t n, const char *o)
{
  size_t at = (size_t)snprintf(buf, n, "(0u");
  unsigned below = 1, block = gs->g->n;
  for (int s = 0; s < gs->v->npasses && at < n; ++s) {
    unsigned r = gs->v->radix[s];
    block /= r; /* the stride of digit s in local memory */
    at += (size_t)snprintf(buf + at, n - at, " + (((%s) / %uu) %% %uu) * %uu", o, below, r, block);
    below *= r;
  }
  if (at < n) snprintf(buf + at, n - at, ")");
}

/* Local planes to global memory (LM-CC, LM-CT) following the access pattern. */
static void store_local_to_pattern(gen_state *gs)
{
  gen_buf body;
  gen_buf_init(&body);
  char ptr[96], re[16][96], im[16][96];
  pattern_index(gs, &body, 1);
  transform_ptr(gs, ptr, sizeof ptr, 1, "b");
  gb_printf(&body, "    if (b < nvalid) {\n");
  unsigned E = gs->g->e;
  int ct = gs->v->onchip == ONCHIP_LM_CT;
  for (unsigned e = 0; e < E; ++e) {
    char o[64], at[400];
    snprintf(o, sizeof o, "pos + %uu", e);
    if (ct) digit_reverse(gs, at, sizeof at, o);
    else snprintf(at, sizeof at, "%s", o);
    gb_printf(&body, "    const real sr%u = ldr[b * %uu + PAD(%s)], si%u = ldi[b * %uu + PAD(%s)];\n", e, gs->g->npad, at, e,
              gs->g->npad, at);
    snprintf(re[e], sizeof re[e], "sr%u", e);
    snprintf(im[e], sizeof im[e], "si%u", e);
  }
  global_store(gs, &body, "b", ptr, "pos", re, im, 1);
  gb_printf(&body, "    }\n");
  loop_body(gs, "j", gs->g->ra, &body);
}

/* RP+LM-CM with an access pattern that is not the owned one: global -> staging vectors -> local
 * (one component at a time) -> owned slots. */
static void load_staged(gen_state *gs)
{
  const geometry *g = gs->g;
  gb_printf(gs->b, "  real%u gx[%u];\n", access_width(gs), g->ra * access_parts(gs));
  gen_buf body;
  gen_buf_init(&body);
  char ptr[96];
  pattern_index(gs, &body, 0);
  transform_ptr(gs, ptr, sizeof ptr, 0, "b");
  gb_printf(&body, "    if (b < nvalid) {\n");
  global_load(gs, &body, 0, "gl", ptr, "pos");
  for (unsigned k = 0; k < access_parts(gs); ++k)
    gb_printf(&body, "    gx[%uu * j + %uu] = gl%s;\n", access_parts(gs), k, access_parts(gs) == 2 ? (k ? "1" : "0") : "");
  gb_printf(&body, "    } else {\n");
  for (unsigned k = 0; k < access_parts(gs); ++k)
    gb_printf(&body, "    gx[%uu * j + %uu] = (real%u)(0);\n", access_parts(gs), k, access_width(gs));
  gb_printf(&body, "    }\n");
  loop_body(gs, "j", g->ra, &body);
  for (int k = 0; k < 2; ++k) {
    gen_buf_init(&body);
    pattern_index(gs, &body, 0);
    char gxn[32], vec[160], lanes[16][96];
    if (access_parts(gs) == 2) snprintf(gxn, sizeof gxn, "gq");
    else snprintf(gxn, sizeof gxn, "gx[j]");
    if (access_parts(gs) == 2) gb_printf(&body, "    const real16 gq0 = gx[2u * j], gq1 = gx[2u * j + 1u];\n");
    access_plane(gs, vec, sizeof vec, gxn, (unsigned)k);
    for (unsigned e = 0; e < g->e; ++e) access_comp(gs, lanes[e], sizeof lanes[e], gxn, e, (unsigned)k);
    local_lanes(gs, &body, g->e, 1, "lds", "b", "pos", vec, lanes);
    loop_body(gs, "j", g->ra, &body);
    barrier_local(gs);
    slots_local(gs, k ? 'i' : 'r', 0);
    barrier_local(gs);
  }
}

/* The reverse of load_staged: owned slots -> local -> staging lane vectors -> global. */
static void store_staged(gen_state *gs)
{
  const geometry *g = gs->g;
  gb_printf(gs->b, "  %s xr[%u], xi[%u];\n", gs->lt, g->ra, g->ra);
  for (int k = 0; k < 2; ++k) {
    char c = k ? 'i' : 'r';
    slots_local(gs, c, 1);
    barrier_local(gs);
    gen_buf body;
    gen_buf_init(&body);
    pattern_index(gs, &body, 1);
    char vec[32], lanes[16][96];
    snprintf(vec, sizeof vec, "x%c[j]", c);
    for (unsigned e = 0; e < g->e; ++e) {
      if (g->e == 1) snprintf(lanes[e], sizeof lanes[e], "x%c[j]", c);
      else snprintf(lanes[e], sizeof lanes[e], "x%c[j].s%x", c, e);
    }
    local_lanes(gs, &body, g->e, 0, "lds", "b", "pos", g->e > 1 ? vec : NULL, lanes);
    loop_body(gs, "j", g->ra, &body);
    barrier_local(gs);
  }
  gen_buf body;
  gen_buf_init(&body);
  char ptr[96], re[16][96], im[16][96];
  pattern_index(gs, &body, 1);
  transform_ptr(gs, ptr, sizeof ptr, 1, "b");
  for (unsigned e = 0; e < g->e; ++e) {
    if (g->e == 1) {
      snprintf(re[e], sizeof re[e], "xr[j]");
      snprintf(im[e], sizeof im[e], "xi[j]");
    } else {
      snprintf(re[e], sizeof re[e], "xr[j].s%x", e);
      snprintf(im[e], sizeof im[e], "xi[j].s%x", e);
    }
  }
  gb_printf(&body, "    if (b < nvalid) {\n");
  global_store(gs, &body, "b", ptr, "pos", re, im, 1);
  gb_printf(&body, "    }\n");
  loop_body(gs, "j", g->ra, &body);
}

/* Stockham pass geometry: radix r, p = product of the earlier radices, S butterfly groups per
 * work-item (RQ / r). */
typedef struct spass {
  unsigned r, p, s;
  unsigned base; /* the pass's offset in the twiddle table */
} spass;

static spass stockham(const gen_state *gs, int s)
{
  spass sp = {gs->v->radix[s], twiddle_period(gs->v, gs->g->n, s), gs->g->rq / gs->v->radix[s],
              twiddle_base(gs->v, gs->g->n, s)};
  return sp;
}

/* Emits, into body, the loop-body lines that define the lane's element index `i` and its Stockham
 * output base `j` for lane e of a group whose first element is `i0`. */
static void stockham_out(gen_buf *b, spass sp, unsigned e)
{
  gb_printf(b, "    { const uint i = i0 + %uu, k = i & %uu, j = (i - k) * %uu + k;\n", e, sp.p - 1, sp.r);
}

/* Twiddle, butterfly on the unit whose inputs are ar[t], ai[t] (t < r); Stockham: twiddle first,
 * exponent k*t over p*r with k = (element index) mod p.  The unit's first element is i0 + lane. */
static void stockham_compute(const gen_state *gs, gen_buf *b, spass sp, unsigned lane)
{
  unsigned E = gs->g->ec, lanes = gs->v->vector_math ? E : 1;
  if (sp.p > 1) {
    char k[16][64];
    for (unsigned l = 0; l < lanes; ++l) snprintf(k[l], sizeof k[l], "((i0 + %uu) & %uu)", lane + l, sp.p - 1);
    twiddle_unit(gs, b, sp.r, k, lanes, sp.p, sp.base, sp.p * sp.r, sp.p % E == 0);
  }
  butterfly(gs, b, sp.r);
}

/* What a butterfly unit works on in slot group q: the whole lane vector (VAVM) or lane e (VASM). */
static void unit_slot(const gen_state *gs, char *buf, size_t n, char c, const char *q, unsigned e)
{
  if (gs->v->vector_math) snprintf(buf, n, "v%c[%s]", c, q);
  else slot(gs, buf, n, c, q, e);
}

/* One butterfly unit of Stockham pass sp on the slots c + t*S, lane e: copy into ar/ai, twiddle and
 * butterfly, copy back.  The body must already define i0, the group's first element. */
static void stockham_unit(const gen_state *gs, gen_buf *b, spass sp, unsigned e)
{
  gb_printf(b, "    {\n      %s ar[%u], ai[%u];\n", gs->mt, sp.r, sp.r);
  for (int back = 0; back < 2; ++back) {
    if (back) stockham_compute(gs, b, sp, e);
    for (unsigned t = 0; t < sp.r; ++t) {
      char q[64], sr[96], si[96];
      snprintf(q, sizeof q, "c + %uu", t * sp.s);
      unit_slot(gs, sr, sizeof sr, 'r', q, e);
      unit_slot(gs, si, sizeof si, 'i', q, e);
      if (back) gb_printf(b, "      %s = ar[%u]; %s = ai[%u];\n", sr, t, si, t);
      else gb_printf(b, "      ar[%u] = %s; ai[%u] = %s;\n", t, sr, t, si);
    }
  }
  gb_printf(b, "    }\n");
}

/* One Stockham pass on register slots (RP+LM-CM, LM-CC): every unit (butterfly group) c of this
 * work-item takes slots c + t*S, t < r. */
static void stockham_on_slots(gen_state *gs, spass sp)
{
  unsigned lanes_per_unit = gs->v->vector_math ? 1 : gs->g->ec;
  gen_buf body;
  gen_buf_init(&body);
  gb_printf(&body, "    const uint i0 = %uu * (tid + %uu * c);\n", gs->g->ec, gs->g->w);
  for (unsigned e = 0; e < lanes_per_unit; ++e) stockham_unit(gs, &body, sp, e);
  loop_body(gs, "c", sp.s, &body);
}

/* Writes component c of butterfly groups first..first+count-1 after Stockham pass sp to their
 * output positions in local memory, whose plane starts at element `base` (exchange rounds). */
static void stockham_scatter_range(gen_state *gs, spass sp, char c, unsigned first, unsigned count, unsigned base)
{
  unsigned E = gs->g->ec;
  char j[32] = "j";
  if (base) snprintf(j, sizeof j, "j - %uu", base);
  gen_buf body;
  gen_buf_init(&body);
  gb_printf(&body, "    const uint i0 = %uu * (tid + %uu * c);\n", E, gs->g->w);
  const char *arr = plane(gs, c);
  if (gs->v->vector_math && sp.p % E == 0) { /* the E lanes land on consecutive positions */
    stockham_out(&body, sp, 0);
    for (unsigned t = 0; t < sp.r; ++t)
      gb_printf(&body, "      vstore%u(v%c[c + %uu], 0, %s + tr * %uu + PAD(%s + %uu));\n", E, c, t * sp.s, arr, gs->g->npad, j,
                t * sp.p);
    gb_printf(&body, "    }\n");
  } else {
    for (unsigned e = 0; e < E; ++e) {
      stockham_out(&body, sp, e);
      for (unsigned t = 0; t < sp.r; ++t) {
        char q[64], sv[96];
        snprintf(q, sizeof q, "c + %uu", t * sp.s);
        slot(gs, sv, sizeof sv, c, q, e);
        gb_printf(&body, "      %s[tr * %uu + PAD(%s + %uu)] = %s;\n", arr, gs->g->npad, j, t * sp.p, sv);
      }
      gb_printf(&body, "    }\n");
    }
  }
  loop_range(gs, "c", first, count, &body);
}

/* Writes component c of all the slots after Stockham pass sp to local memory. */
static void stockham_scatter_local(gen_state *gs, spass sp, char c) { stockham_scatter_range(gs, sp, c, 0, sp.s, 0); }

/* RP+LM-CM exchange after pass sp: per component, scatter to local, barrier, gather owned.  With
 * xr rounds, round h moves the elements of the h-th 1/xr of the transform: they come from the h-th
 * 1/xr of each work-item's butterfly groups and go to the h-th 1/xr of its register groups
 * (geometry.c has the conditions), so local memory holds N/xr reals.  Later rounds still read
 * registers that earlier rounds gather into, so those land in vx first. */
static void lmcm_exchange(gen_state *gs, spass sp)
{
  unsigned xr = gs->g->xr, part = gs->g->n / xr, rq = gs->g->rq;
  for (int k = 0; k < 2; ++k) {
    char c = k ? 'i' : 'r';
    gb_printf(gs->b, "  /* exchange, %s parts */\n", k ? "imaginary" : "real");
    for (unsigned h = 0; h < xr; ++h) {
      if (xr > 1) gb_printf(gs->b, "  /* round %u of %u */\n", h + 1, xr);
      stockham_scatter_range(gs, sp, c, h * (sp.s / xr), sp.s / xr, h * part);
      barrier_local(gs);
      slots_local_range(gs, h + 1 < xr ? 'x' : c, 0, h * (rq / xr), rq / xr, h * part);
      barrier_local(gs);
    }
    if (xr > 1) { /* the deferred groups */
      gen_buf body;
      gen_buf_init(&body);
      unsigned lanes = gs->v->vector_math ? 1 : gs->g->ec;
      for (unsigned e = 0; e < lanes; ++e) {
        char to[96], from[96];
        if (gs->v->vector_math) snprintf(to, sizeof to, "v%c[q]", c), snprintf(from, sizeof from, "vx[q]");
        else slot(gs, to, sizeof to, c, "q", e), slot(gs, from, sizeof from, 'x', "q", e);
        gb_printf(&body, "    %s = %s;\n", to, from);
      }
      loop_body(gs, "q", (xr - 1) * (rq / xr), &body);
    }
  }
}

/* GM: one Stockham pass straight from and to global memory.  Units follow the access pattern:
 * DIRECT: the work-item's own groups; CGAP: consecutive work-items take consecutive groups of the
 * span; chunk: each work-item a run of consecutive groups. */
static void gm_pass(gen_state *gs, int s)
{
  spass sp = stockham(gs, s);
  const geometry *g = gs->g;
  unsigned E = g->e, per = g->n / (E * sp.r); /* butterfly groups per transform */
  int first = s == 0, last = s == gs->v->npasses - 1;
  gen_buf idx;
  gen_buf_init(&idx);
  switch (gs->v->access) {
  case ACCESS_DIRECT: gb_printf(&idx, "    const uint b = tr, gi = tid + %uu * c;\n", g->w); break;
  case ACCESS_CGAP: gb_printf(&idx, "    const uint f = lid + %uu * c, b = f / %uu, gi = f %% %uu;\n", g->wg, per, per); break;
  case ACCESS_CHUNK: gb_printf(&idx, "    const uint f = lid * %uu + c, b = f / %uu, gi = f %% %uu;\n", sp.s, per, per); break;
  }
  gb_printf(&idx, "    const uint i0 = %uu * gi;\n", E);
  if (idx.failed) gs->b->failed = 1;
  const char *index = idx.data ? idx.data : "";
  /* read the inputs into slots c + t*S */
  gen_buf body;
  gen_buf_init(&body);
  gb_printf(&body, "%s    if (b < nvalid) {\n", index);
  char src[96];
  if (gs->general) transform_ptr(gs, src, sizeof src, !first, "b");
  else snprintf(src, sizeof src, "%s + (ulong)b * %zuul", first ? "x0" : "y0", first ? gs->p->in_dist : gs->p->out_dist);
  for (unsigned t = 0; t < sp.r; ++t) {
    char pos[64], gvn[16], q[64];
    snprintf(pos, sizeof pos, "i0 + %uu", t * (g->n / sp.r));
    snprintf(gvn, sizeof gvn, "g%u", t);
    snprintf(q, sizeof q, "c + %uu", t * sp.s);
    global_load(gs, &body, first ? 0 : 1, gvn, src, pos);
    if (gs->v->vector_math) {
      char re[96], im[96];
      access_plane(gs, re, sizeof re, gvn, 0);
      access_plane(gs, im, sizeof im, gvn, 1);
      gb_printf(&body, "    vr[%s] = %s; vi[%s] = %s;\n", q, re, q, im);
    } else {
      for (unsigned e = 0; e < E; ++e) {
        char sr[96], si[96], cr[64], ci[64];
        slot(gs, sr, sizeof sr, 'r', q, e);
        slot(gs, si, sizeof si, 'i', q, e);
        access_comp(gs, cr, sizeof cr, gvn, e, 0);
        access_comp(gs, ci, sizeof ci, gvn, e, 1);
        gb_printf(&body, "    %s = %s; %s = %s;\n", sr, cr, si, ci);
      }
    }
  }
  gb_printf(&body, "    }\n");
  loop_body(gs, "c", sp.s, &body);
  /* compute: as on slots, with i0 from the pattern */
  gen_buf_init(&body);
  gb_printf(&body, "%s", index);
  for (unsigned e = 0; e < (gs->v->vector_math ? 1 : E); ++e) stockham_unit(gs, &body, sp, e);
  loop_body(gs, "c", sp.s, &body);
  /* every read of this pass must precede every write when the pass reads what it overwrites */
  if (!first || gs->p->inplace) barrier_global(gs);
  /* write the outputs */
  gen_buf_init(&body);
  gb_printf(&body, "%s    if (b < nvalid) {\n", index);
  char dst[96];
  if (gs->general) transform_ptr(gs, dst, sizeof dst, 1, "b");
  else snprintf(dst, sizeof dst, "y0 + (ulong)b * %zuul", gs->p->out_dist);
  if (sp.p % E == 0) { /* lanes land on consecutive outputs: vector stores */
    stockham_out(&body, sp, 0);
    for (unsigned t = 0; t < sp.r; ++t) {
      char pos[64], re[16][96], im[16][96], q[64];
      snprintf(pos, sizeof pos, "j + %uu", t * sp.p);
      snprintf(q, sizeof q, "c + %uu", t * sp.s);
      for (unsigned e = 0; e < E; ++e) {
        slot(gs, re[e], sizeof re[e], 'r', q, e);
        slot(gs, im[e], sizeof im[e], 'i', q, e);
      }
      global_store(gs, &body, "b", dst, pos, re, im, last);
    }
    gb_printf(&body, "    }\n");
  } else { /* scalar stores, lane by lane */
    char lit[48] = "";
    if (last && gs->p->scale != 1.0) {
      char l[40];
      gen_literal(l, sizeof l, gs->p->scale, gs->p->f64);
      snprintf(lit, sizeof lit, " * %s", l);
    }
    for (unsigned e = 0; e < E; ++e) {
      stockham_out(&body, sp, e);
      for (unsigned t = 0; t < sp.r; ++t) {
        char q[64], sr[96], si[96];
        snprintf(q, sizeof q, "c + %uu", t * sp.s);
        slot(gs, sr, sizeof sr, 'r', q, e);
        slot(gs, si, sizeof si, 'i', q, e);
        gb_printf(&body, "      (%s)[j + %uu] = (real2)(%s, %s)%s;\n", dst, t * sp.p, sr, si, lit);
      }
      gb_printf(&body, "    }\n");
    }
  }
  gb_printf(&body, "    }\n");
  loop_body(gs, "c", sp.s, &body);
  if (!last) barrier_global(gs);
  gen_buf_free(&idx);
}

/* LM-CC: one Stockham pass with the data in local memory: read, compute, barrier, write, barrier. */
static void lmcc_pass(gen_state *gs, int s)
{
  spass sp = stockham(gs, s);
  slots_local(gs, 'r', 0);
  slots_local(gs, 'i', 0);
  stockham_on_slots(gs, sp);
  barrier_local(gs);
  stockham_scatter_local(gs, sp, 'r');
  stockham_scatter_local(gs, sp, 'i');
  barrier_local(gs);
}

/* LM-CT: one in-place decimation-in-frequency pass in local memory: butterfly on positions
 * blk*M + jj + m*t, then twiddle output t by w_M^(jj*t).  No exchange: each butterfly writes back
 * where it read, so one barrier per pass. */
static void lmct_pass(gen_state *gs, int s)
{
  const geometry *g = gs->g;
  unsigned r = gs->v->radix[s], M = g->n, E = g->ec;
  for (int i = 0; i < s; ++i) M /= gs->v->radix[i];
  unsigned m = M / r, S = g->rq / r, base = twiddle_base(gs->v, g->n, s);
  int vm = gs->v->vector_math, contiguous = vm && m % E == 0;
  gen_buf body;
  gen_buf_init(&body);
  gb_printf(&body, "    const uint u0 = %uu * (tid + %uu * c);\n", E, g->w);
  unsigned units = vm ? 1 : E;
  for (unsigned e = 0; e < units; ++e) {
    gb_printf(&body, "    {\n      %s ar[%u], ai[%u];\n", gs->mt, r, r);
    /* per lane: blk and jj */
    unsigned nl = vm ? E : 1;
    for (unsigned l = 0; l < nl; ++l)
      gb_printf(&body, "      const uint jj%u = (u0 + %uu) %% %uu, at%u = ((u0 + %uu) / %uu) * %uu + jj%u;\n", l, e + l, m, l, e + l,
                m, M, l);
    for (int wr = 0; wr < 2; ++wr) {
      if (wr) {
        butterfly(gs, &body, r);
        if (m > 1) {
          char k[16][64];
          for (unsigned l = 0; l < nl; ++l) snprintf(k[l], sizeof k[l], "jj%u", l);
          twiddle_unit(gs, &body, r, k, nl, m, base, M, contiguous);
        }
      }
      for (unsigned t = 0; t < r; ++t) {
        for (int k = 0; k < 2; ++k) {
          const char *arr = k ? "ldi" : "ldr";
          char a = k ? 'i' : 'r';
          if (!vm) {
            if (wr) gb_printf(&body, "      %s[tr * %uu + PAD(at0 + %uu)] = a%c[%u];\n", arr, g->npad, t * m, a, t);
            else gb_printf(&body, "      a%c[%u] = %s[tr * %uu + PAD(at0 + %uu)];\n", a, t, arr, g->npad, t * m);
          } else if (contiguous) {
            if (wr) gb_printf(&body, "      vstore%u(a%c[%u], 0, %s + tr * %uu + PAD(at0 + %uu));\n", E, a, t, arr, g->npad, t * m);
            else gb_printf(&body, "      a%c[%u] = vload%u(0, %s + tr * %uu + PAD(at0 + %uu));\n", a, t, E, arr, g->npad, t * m);
          } else {
            for (unsigned l = 0; l < nl; ++l) {
              if (wr) gb_printf(&body, "      %s[tr * %uu + PAD(at%u + %uu)] = a%c[%u].s%x;\n", arr, g->npad, l, t * m, a, t, l);
              else gb_printf(&body, "      a%c[%u].s%x = %s[tr * %uu + PAD(at%u + %uu)];\n", a, t, l, arr, g->npad, l, t * m);
            }
          }
        }
      }
    }
    gb_printf(&body, "    }\n");
  }
  loop_body(gs, "c", S, &body);
  barrier_local(gs);
}

/* ---- program text ---- */

/* CM-L: the table as a literal array in the program. */
static void emit_table_literal(gen_state *gs)
{
  size_t count = twiddle_entries(gs->g->n);
  void *table = twiddle_table(gs->v, gs->g->n, gs->p->f64);
  if (!table) {
    gs->b->failed = 1;
    return;
  }
  gb_printf(gs->b, "__constant real2 tw[%zu] = {\n", count);
  for (size_t j = 0; j < 2 * count; j += 2) {
    char c[48], s[48];
    gen_literal(c, sizeof c, gs->p->f64 ? ((double *)table)[j] : ((float *)table)[j], gs->p->f64);
    gen_literal(s, sizeof s, gs->p->f64 ? ((double *)table)[j + 1] : ((float *)table)[j + 1], gs->p->f64);
    gb_printf(gs->b, "  (real2)(%s, %s),\n", c, s);
  }
  gb_printf(gs->b, "};\n\n");
  free(table);
}

/* IL off: the butterflies and the twiddle multiply as functions. */
static void emit_helpers(gen_state *gs)
{
  unsigned seen = 0;
  for (int s = 0; s < gs->v->npasses; ++s) {
    unsigned r = gs->v->radix[s];
    if (seen & r) continue;
    seen |= r;
    gb_printf(gs->b, "void ppfft_dft%u(%s *ar, %s *ai)\n{\n", r, gs->mt, gs->mt);
    gen_dft_body(gs->b, r, gs->p->sign, gs->mt, gs->p->f64, gs->v->cse, "  ");
    gb_printf(gs->b, "}\n\n");
  }
  const char *mt = gs->mt;
  gb_printf(gs->b, "void ppfft_twmul(%s *xr, %s *xi, const %s wc, const %s ws)\n{\n", mt, mt, mt, mt);
  if (gs->p->sign < 0) gb_printf(gs->b, "  const %s t = *xr * wc + *xi * ws;\n  *xi = *xi * wc - *xr * ws;\n  *xr = t;\n}\n\n", mt);
  else gb_printf(gs->b, "  const %s t = *xr * wc - *xi * ws;\n  *xi = *xi * wc + *xr * ws;\n  *xr = t;\n}\n\n", mt);
}

int gen_kernel(const problem *p, const variant *v, const geometry *g, kernel_source *out)
{
  gen_buf buf;
  gen_buf_init(&buf);
  gen_state st = {&buf, p, v, g, "", "", 0, !problem_is_plain(p)};
  gen_state *gs = &st;
  unsigned E = g->e;
  if (v->vector_math) snprintf(gs->mt, sizeof gs->mt, "real%u", E);
  else snprintf(gs->mt, sizeof gs->mt, "real");
  if (E == 1) snprintf(gs->lt, sizeof gs->lt, "real");
  else snprintf(gs->lt, sizeof gs->lt, "real%u", E);
  gs->nslot = v->vector_math ? g->rq : g->r;

  char name[256];
  variant_print(v, name, sizeof name);
  gb_printf(&buf, "/* ppfft kernel: N = %u, %s, %s, %s, variant %s\n", g->n, p->f64 ? "f64" : "f32",
            p->sign < 0 ? "forward" : "backward", p->inplace ? "in-place" : "out-of-place", name);
  gb_printf(&buf, " * %u work-items x %u elements per transform, %u transforms per work-group, %u lanes */\n", g->w, g->r, g->t, E);
  if (p->f64) gb_printf(&buf, "#define PPFFT_F64\n");
  gb_printf(&buf, "%s\n#define PAD(x) ((x) + ((x) >> %u))\n\n", cl_src_prelude, g->padshift);
  if (v->twiddle == TW_CM_L) emit_table_literal(gs);
  if (!v->il) emit_helpers(gs);

  const char *table_arg = v->twiddle == TW_CM_K ? ", __constant real2 *restrict tw"
                          : v->twiddle == TW_GM ? ", __global const real2 *restrict tw" : "";
  out->table_arg = *table_arg != '\0';
  out->four_step_arg = p->twiddle_n != 0;
  char args[160];
  snprintf(args, sizeof args, "%s%s", table_arg, p->twiddle_n ? ", __global const real2 *restrict tw4" : "");
  table_arg = args;
  if (gs->general) gen_layout_macros(&buf, p);
  gb_printf(&buf, "__kernel __attribute__((reqd_work_group_size(%u, 1, 1)))\n", g->wg);
  if (gs->general) gen_layout_signature(&buf, p, table_arg);
  else if (p->inplace)
    gb_printf(&buf, "void %s(__global real2 *restrict data, const ulong first, const ulong batch%s)\n{\n", GEN_KERNEL_NAME, table_arg);
  else
    gb_printf(&buf, "void %s(__global const real2 *restrict src, __global real2 *restrict dst, const ulong first, const ulong batch%s)\n{\n",
              GEN_KERNEL_NAME, table_arg);
  if (p->inplace && !gs->general) gb_printf(&buf, "  __global const real2 *src = data;\n  __global real2 *dst = data;\n");
  gb_printf(&buf, "  const uint lid = get_local_id(0), tr = lid / %uu, tid = lid %% %uu;\n", g->w, g->w);
  gb_printf(&buf, "  const ulong t0 = first + (ulong)get_group_id(0) * %uu;\n", g->t);
  gb_printf(&buf, "  const uint nvalid = batch - t0 < %uu ? (uint)(batch - t0) : %uu; /* transforms that exist */\n", g->t, g->t);
  if (!gs->general) {
    gb_printf(&buf, "  __global const real2 *x0 = src + t0 * %zuul + %zuul;\n", p->in_dist, p->in_offset);
    gb_printf(&buf, "  __global real2 *y0 = dst + t0 * %zuul + %zuul;\n", p->out_dist, p->out_offset);
  }
  if (g->local_bytes) {
    if (v->onchip == ONCHIP_RP_LM_CM) gb_printf(&buf, "  __local real lds[%u];\n", g->t * g->npad);
    else gb_printf(&buf, "  __local real ldr[%u], ldi[%u];\n", g->t * g->npad, g->t * g->npad);
  }
  if (v->onchip != ONCHIP_LM_CT) gb_printf(&buf, "  %s vr[%u], vi[%u];\n", gs->mt, gs->nslot, gs->nslot);
  if (g->xr > 1) gb_printf(&buf, "  %s vx[%u]; /* exchange rounds: groups gathered early */\n", gs->mt, gs->nslot);
  gb_printf(&buf, "  (void)tid; (void)tr; (void)nvalid;%s\n", gs->general ? "" : " (void)x0; (void)y0;");

  switch (v->onchip) {
  case ONCHIP_RP_LM_CM:
    gb_printf(&buf, "  /* load into registers */\n");
    if (g->staged) load_staged(gs);
    else load_owned_to_slots(gs);
    for (int s = 0; s < v->npasses; ++s) {
      if (s > 0) lmcm_exchange(gs, stockham(gs, s - 1));
      gb_printf(&buf, "  /* pass %d: radix %u */\n", s, v->radix[s]);
      stockham_on_slots(gs, stockham(gs, s));
    }
    gb_printf(&buf, "  /* store */\n");
    if (g->staged) store_staged(gs);
    else store_owned_from_slots(gs);
    break;
  case ONCHIP_LM_CC:
    load_pattern_to_local(gs);
    for (int s = 0; s < v->npasses; ++s) {
      gb_printf(&buf, "  /* pass %d: radix %u */\n", s, v->radix[s]);
      lmcc_pass(gs, s);
    }
    store_local_to_pattern(gs);
    break;
  case ONCHIP_LM_CT:
    load_pattern_to_local(gs);
    for (int s = 0; s < v->npasses; ++s) {
      gb_printf(&buf, "  /* pass %d: radix %u, in place */\n", s, v->radix[s]);
      lmct_pass(gs, s);
    }
    store_local_to_pattern(gs);
    break;
  case ONCHIP_GM:
    for (int s = 0; s < v->npasses; ++s) {
      gb_printf(&buf, "  /* pass %d: radix %u, global memory */\n", s, v->radix[s]);
      gm_pass(gs, s);
    }
    break;
  }
  gb_printf(&buf, "}\n");
  out->text = gen_buf_take(&buf);
  return out->text ? 0 : -1;
}
