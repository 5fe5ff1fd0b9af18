/* The exchange between radix passes by warp shuffles (RP+SHFL-*, CUDA only): del Mundo and Feng's
 * register transpose (section 3.2: horizontal rotation by shuffles, vertical rotation inside each
 * thread), generalised from their square N = R x R transposes to every Stockham exchange of a
 * transform whose W work-items lie in one warp.
 *
 * Work-item T holds slot Q, element T + W Q.  After the pass of radix r and period p, the element
 * of slot Q = c + t S (unit c, output t) belongs at Stockham position O = (i - i mod p) r + t p +
 * i mod p with i = T + W c, that is at work-item T' = O mod W, slot Q' = O / W.  With W and R
 * powers of two, (T, Q) -> (T', Q') permutes the bits of T + W Q: m bits of T move into the slot
 * index and m bits of Q into the work-item index.  The exchange takes R rounds; in round k every
 * work-item sends one register and receives one:
 *
 *   P1       x[k] = v[k ^ alpha(T)]    alpha(T): T's outgoing bits laid on Q's outgoing bits
 *   shuffle  x[k] = x[k] of lane G(T) ^ C[k]
 *   P2       v[kappa(k) ^ beta(T)] = x[k]
 *
 * alpha, beta and G are linear in T's bits, C and kappa constants of the round; they are found here
 * by evaluating the permutation, and the schedule is checked over every (T, k) before any text is
 * written.  An exchange that leaves every element with its work-item (after a pass whose period is
 * at least W) is P1 and P2 alone, a renaming of registers.  P1 and P2 index registers by a value known only at run time (the seed's "vertical
 * rotation"), and the four modes are the seed's four ways of doing that:
 *
 *   NAIVE     v[k ^ mu] as written: the arrays go to (slow) local memory, the seed's first try
 *   DIV       switch (mu), constant indices in each case: divergent where mu differs in a warp
 *   SELP-IP   in place: for each bit of T that mu depends on, a conditional swap of register pairs
 *             by selects (one stage of R selects per bit)
 *   SELP-OOP  out of place: each register chosen among its candidates by a chain of selects */
#include "gen/emit.h"

enum { MAX_BITS = 12 }; /* log2 of W R: W <= 32 and R <= 64 */

static unsigned log2u(unsigned x)
{
  unsigned l = 0;
  while ((1u << l) < x) ++l;
  return l;
}

/* The Stockham destination of slot q of work-item t after pass sp, as the index T' + W Q'. */
static unsigned destination(spass sp, unsigned W, unsigned t, unsigned q)
{
  unsigned c = q % sp.s, out = q / sp.s, i = t + W * c, k = i % sp.p;
  return (i - k) * sp.r + out * sp.p + k;
}

/* A run-time XOR mask of the work-item: mu(T) = XOR of mask[b] over the set bits b of T. */
typedef struct thread_mask {
  unsigned mask[5];
  unsigned nt; /* log2 W */
} thread_mask;

static int mask_is_zero(const thread_mask *m)
{
  for (unsigned b = 0; b < m->nt; ++b)
    if (m->mask[b]) return 0;
  return 1;
}

static unsigned mask_at(const thread_mask *m, unsigned t)
{
  unsigned mu = 0;
  for (unsigned b = 0; b < m->nt; ++b)
    if (t >> b & 1) mu ^= m->mask[b];
  return mu;
}

/* The expression of mu(tid). */
static void emit_mask_expr(text_buf *b, const thread_mask *m)
{
  int any = 0, identity = 1;
  for (unsigned bit = 0; bit < m->nt; ++bit) identity &= m->mask[bit] == 1u << bit;
  if (identity && m->nt) {
    tb_printf(b, "tid");
    return;
  }
  for (unsigned bit = 0; bit < m->nt; ++bit)
    if (m->mask[bit]) tb_printf(b, "%s((tid & %uu) ? %uu : 0u)", any++ ? " ^ " : "", 1u << bit, m->mask[bit]);
  if (!any) tb_printf(b, "0u");
}

/* dst[j] = src[j ^ mu(tid)] for j < R (dst and src distinct arrays), in the mode's way. */
static void emit_xor_permutation(gen_state *gs, shuffle_mode mode, const char *dst, const char *src, unsigned R, const thread_mask *m)
{
  text_buf *b = gs->b;
  if (mask_is_zero(m)) {
    for (unsigned j = 0; j < R; ++j) tb_printf(b, "    %s[%u] = %s[%u];\n", dst, j, src, j);
    return;
  }
  /* the values mu takes: the span of the masks */
  unsigned values[64], nv = 0;
  for (unsigned t = 0; t < (1u << m->nt); ++t) {
    unsigned mu = mask_at(m, t), seen = 0;
    for (unsigned i = 0; i < nv; ++i) seen |= values[i] == mu;
    if (!seen && nv < 64) values[nv++] = mu;
  }
  switch (mode) {
  case SHFL_NAIVE:
    tb_printf(b, "    { const uint mu = ");
    emit_mask_expr(b, m);
    tb_printf(b, ";\n");
    for (unsigned j = 0; j < R; ++j) tb_printf(b, "      %s[%u] = %s[%uu ^ mu];\n", dst, j, src, j);
    tb_printf(b, "    }\n");
    break;
  case SHFL_DIV:
    tb_printf(b, "    switch (");
    emit_mask_expr(b, m);
    tb_printf(b, ") {\n");
    for (unsigned i = 0; i < nv; ++i) {
      tb_printf(b, "    %s%u:\n", values[i] ? "case " : "default: /* 0 */ case ", values[i]);
      for (unsigned j = 0; j < R; ++j) tb_printf(b, "      %s[%u] = %s[%u];\n", dst, j, src, j ^ values[i]);
      tb_printf(b, "      break;\n");
    }
    tb_printf(b, "    }\n");
    break;
  case SHFL_SELP_IP:
    for (unsigned j = 0; j < R; ++j) tb_printf(b, "    %s[%u] = %s[%u];\n", dst, j, src, j);
    for (unsigned bit = 0; bit < m->nt; ++bit) {
      unsigned M = m->mask[bit];
      if (!M) continue;
      tb_printf(b, "    { const bool s = (tid & %uu) != 0u;\n", 1u << bit);
      for (unsigned j = 0; j < R; ++j)
        if (j < (j ^ M))
          tb_printf(b, "      { const real a = %s[%u], c = %s[%u]; %s[%u] = s ? c : a; %s[%u] = s ? a : c; }\n", dst, j, dst, j ^ M,
                    dst, j, dst, j ^ M);
      tb_printf(b, "    }\n");
    }
    break;
  case SHFL_SELP_OOP:
    tb_printf(b, "    { const uint mu = ");
    emit_mask_expr(b, m);
    tb_printf(b, ";\n");
    for (unsigned j = 0; j < R; ++j) {
      tb_printf(b, "      %s[%u] = ", dst, j);
      for (unsigned i = 0; i < nv; ++i)
        if (values[i]) tb_printf(b, "mu == %uu ? %s[%u] : ", values[i], src, j ^ values[i]);
      tb_printf(b, "%s[%u];\n", src, j);
    }
    tb_printf(b, "    }\n");
    break;
  case SHFL_NONE: break;
  }
}

/* The schedule of one exchange (see the top), or -1 where the exchange is not a bit permutation the
 * rounds can carry (a generator bug: geometry admits only those that are). */
typedef struct schedule {
  thread_mask alpha, beta, lane; /* lane: G(T) */
  unsigned c[64], kappa[64];     /* per round */
} schedule;

static int make_schedule(spass sp, unsigned W, unsigned R, schedule *s)
{
  unsigned nt = log2u(W), nq = log2u(R), nb = nt + nq;
  if ((1u << nt) != W || (1u << nq) != R || W > 32 || R > 64 || nb > MAX_BITS) return -1;
  /* where each bit of T + W Q goes */
  unsigned to[MAX_BITS];
  for (unsigned bit = 0; bit < nb; ++bit) {
    unsigned z = 1u << bit, d = destination(sp, W, z % W, z / W);
    if (!d || (d & (d - 1))) return -1;
    to[bit] = log2u(d);
  }
  for (unsigned z = 0; z < W * R; ++z) { /* the whole map is that bit permutation */
    unsigned d = 0;
    for (unsigned bit = 0; bit < nb; ++bit)
      if (z >> bit & 1) d |= 1u << to[bit];
    if (d != destination(sp, W, z % W, z / W)) return -1;
  }
  /* alpha: the j-th outgoing bit of T onto the j-th outgoing bit of Q */
  unsigned out_t[MAX_BITS], out_q[MAX_BITS], mt = 0, mq = 0;
  for (unsigned bit = 0; bit < nt; ++bit)
    if (to[bit] >= nt) out_t[mt++] = bit;
  for (unsigned bit = nt; bit < nb; ++bit)
    if (to[bit] < nt) out_q[mq++] = bit - nt;
  if (mt != mq) return -1;
  *s = (schedule){0};
  s->alpha.nt = s->beta.nt = s->lane.nt = nt;
  for (unsigned j = 0; j < mt; ++j) s->alpha.mask[out_t[j]] = 1u << out_q[j];
  /* who sends to whom in each round, and into which slot */
  unsigned src[32][64], slot[32][64];
  for (unsigned k = 0; k < R; ++k) {
    unsigned got = 0;
    for (unsigned t = 0; t < W; ++t) {
      unsigned q = k ^ mask_at(&s->alpha, t), d = destination(sp, W, t, q), tt = d % W;
      if (got >> tt & 1) return -1; /* two senders for one receiver */
      got |= 1u << tt;
      src[tt][k] = t;
      slot[tt][k] = d / W;
    }
  }
  for (unsigned k = 0; k < R; ++k) {
    s->c[k] = src[0][k];
    s->kappa[k] = slot[0][k];
  }
  for (unsigned bit = 0; bit < nt; ++bit) {
    s->lane.mask[bit] = src[1u << bit][0] ^ s->c[0];
    s->beta.mask[bit] = slot[1u << bit][0] ^ s->kappa[0];
  }
  for (unsigned t = 0; t < W; ++t) /* affine as claimed, everywhere */
    for (unsigned k = 0; k < R; ++k)
      if (src[t][k] != (mask_at(&s->lane, t) ^ s->c[k]) || slot[t][k] != (mask_at(&s->beta, t) ^ s->kappa[k])) return -1;
  return 0;
}

int gen_shuffle_exchange(gen_state *gs, spass sp)
{
  unsigned W = gs->g->w, R = gs->g->rq;
  schedule s;
  if (!gs->d->shuffle || make_schedule(sp, W, R, &s) != 0) return -1;
  unsigned wg = gs->g->wg, mask = wg >= 32 ? 0xffffffffu : (1u << wg) - 1;
  /* round k reads lane G(T) ^ C[k], its own when G is the identity and C[k] = 0.  When every round
   * does (an exchange after a pass whose period is at least W keeps each element in its
   * work-item), the exchange is a renaming of registers and needs no shuffle at all; otherwise
   * every round shuffles, the work-item's own rounds too (they are 1 in 2^m). */
  int own = 1, moves = 0;
  for (unsigned bit = 0; bit < s.lane.nt; ++bit) own &= s.lane.mask[bit] == 1u << bit;
  for (unsigned k = 0; k < R; ++k) moves |= !own || s.c[k] != 0;
  if (moves) tb_printf(gs->b, "  /* exchange by warp shuffles (%s): %u rounds among %u lanes */\n  {\n", variant_shuffle_name(gs->v->shfl), R, W);
  else tb_printf(gs->b, "  /* exchange within each work-item's registers (no shuffle needed) */\n  {\n");
  tb_printf(gs->b, "    real x[%u], y[%u];\n", R, R);
  if (moves) {
    tb_printf(gs->b, "    const uint lane = ");
    emit_mask_expr(gs->b, &s.lane);
    tb_printf(gs->b, ";\n");
  }
  for (int part = 0; part < 2; ++part) {
    char v[4] = {'v', part ? 'i' : 'r', 0};
    tb_printf(gs->b, "    /* %s parts */\n", part ? "imaginary" : "real");
    emit_xor_permutation(gs, gs->v->shfl, "x", v, R, &s.alpha);
    for (unsigned k = 0; k < R && moves; ++k)
      tb_printf(gs->b, "    x[%u] = %s(0x%xu, x[%u], (int)(lane ^ %uu), %u);\n", k, gs->d->shuffle, mask, k, s.c[k], W);
    for (unsigned k = 0; k < R; ++k) tb_printf(gs->b, "    y[%u] = x[%u];\n", s.kappa[k], k);
    emit_xor_permutation(gs, gs->v->shfl, v, "y", R, &s.beta);
  }
  tb_printf(gs->b, "  }\n");
  return 0;
}
