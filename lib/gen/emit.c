/* Small emitters: loops (unrolled with LU), barriers, register slots, access vectors, butterflies. */
#include "gen/emit.h"
#include "gen/dft.h"
#include <stdio.h>

/* Wraps text in a loop over var = first..first+count-1: unrolled blocks with LU, a for loop without. */
static void loop_text(gen_state *gs, const char *var, unsigned first, unsigned count, const char *text)
{
  if (count == 0) return;
  if (gs->v->lu || count == 1) {
    for (unsigned k = first; k < first + count; ++k) tb_printf(gs->b, "  { const uint %s = %uu;\n%s  }\n", var, k, text);
  } else {
    tb_printf(gs->b, "  for (uint %s = %u; %s < %uu; ++%s) {\n%s  }\n", var, first, var, first + count, var, text);
  }
}

/* Emits the loop over var = first..first+count-1 with body's text and frees body. */
void gen_loop_range(gen_state *gs, const char *var, unsigned first, unsigned count, text_buf *body)
{
  if (body->failed) gs->b->failed = body->failed;
  else if (body->len) loop_text(gs, var, first, count, body->data);
  text_buf_free(body);
}

/* Emits the loop over var = 0..count-1 with body's text and frees body. */
void gen_loop_body(gen_state *gs, const char *var, unsigned count, text_buf *body) { gen_loop_range(gs, var, 0, count, body); }

void gen_barrier_local(gen_state *gs)
{
  tb_printf(gs->b, "  %s;\n", gs->mirror_reads ? gs->d->barrier_both : gs->d->barrier_local);
  gs->mirror_reads = 0;
}

void gen_barrier_global(gen_state *gs) { tb_printf(gs->b, "  %s;\n", gs->d->barrier_global); }

/* Register slot of lane e in group expression q, component c ('r' or 'i'). */
void gen_slot(const gen_state *gs, char *buf, size_t n, char c, const char *q, unsigned e)
{
  unsigned E = gs->g->ec;
  if (gs->v->vector_math) tb_format(gs->b, buf, n, "v%c[%s].s%x", c, q, e);
  else if (E == 1) tb_format(gs->b, buf, n, "v%c[%s]", c, q);
  else tb_format(gs->b, buf, n, "v%c[(%s) * %uu + %uu]", c, q, E, e);
}

/* The type of one access vector part, and how many parts an E-lane access has (2 for 16 lanes). */
unsigned gen_access_parts(const gen_state *gs) { return 2 * gs->g->e > 16 ? 2 : 1; }

unsigned gen_access_width(const gen_state *gs) { return 2 * gs->g->e > 16 ? 16 : 2 * gs->g->e; }

/* Component expression of lane e (re: k = 0, im: k = 1) of an access vector named `name`. */
void gen_access_comp(const gen_state *gs, char *buf, size_t n, const char *name, unsigned e, unsigned k)
{
  if (gen_access_parts(gs) == 2) tb_format(gs->b, buf, n, "%s%u.s%x", name, e / 8, 2 * (e % 8) + k);
  else tb_format(gs->b, buf, n, "%s.s%x", name, 2 * e + k);
}

/* The E real (k = 0) or imaginary (k = 1) parts of access vector `name` as one lane vector. */
void gen_access_plane(const gen_state *gs, char *buf, size_t n, const char *name, unsigned k)
{
  const dialect *d = gs->d;
  if (gs->g->e == 1) tb_format(gs->b, buf, n, "%s.s%u", name, k);
  else if (gen_access_parts(gs) == 2) {
    char part[64], h0[96], h1[96];
    tb_format(gs->b, part, sizeof part, "%s0", name);
    d->half(gs->b, h0, sizeof h0, part, (int)k);
    tb_format(gs->b, part, sizeof part, "%s1", name);
    d->half(gs->b, h1, sizeof h1, part, (int)k);
    tb_format(gs->b, buf, n, "%sreal16%s%s, %s)", d->vec_open, d->vec_mid, h0, h1);
  } else d->half(gs->b, buf, n, name, (int)k);
}

/* Owned lane group q (an expression) of this work-item starts at element E*(tid + W*q). */
void gen_owned_pos(const gen_state *gs, char *buf, size_t n, const char *q)
{
  tb_format(gs->b, buf, n, "%uu * (tid + %uu * (%s))", gs->g->ec, gs->g->w, q);
}

/* What a butterfly unit works on in slot group q: the whole lane vector (VAVM) or lane e (VASM). */
void gen_unit_slot(const gen_state *gs, char *buf, size_t n, char c, const char *q, unsigned e)
{
  if (gs->v->vector_math) tb_format(gs->b, buf, n, "v%c[%s]", c, q);
  else gen_slot(gs, buf, n, c, q, e);
}

/* Local memory: the plane array name for component c of the mode's layout. */
const char *gen_plane(const gen_state *gs, char c)
{
  if (gs->v->onchip == ONCHIP_RP_LM_CM && !gs->v->tc) return "lds"; /* one component at a time */
  return c == 'r' ? "ldr" : "ldi";
}

/* The radix-r butterfly on ar[], ai[]: inline text (IL) or a call to the helper. */
void gen_butterfly(const gen_state *gs, text_buf *b, unsigned r)
{
  if (gs->v->il) gen_dft_body(b, r, gs->p->sign, gs->mt, gs->p->f64, gs->v->cse, "      ");
  else tb_printf(b, "      ppfft_dft%u(ar, ai);\n", r);
}
