/* TC: RP+LM-CM's radix-16 passes on the Tensor Cores (tcFFT's merging, Li et al. 2021), for f16
 * data in the CUDA dialect.  A radix-16 Stockham pass computes, for each butterfly i (of N/16 in a
 * transform), y = F16 (w .* x) with x_t = X[i + t N/16] and w_t the pass's twiddles; 8 butterflies
 * side by side are the 8 columns of B in one mma.sync m16n8k16 (f16 inputs, f32 accumulation), and
 * the complex product is four real ones: Re = Fr Br + (-Fi) Bi, Im = Fr Bi + Fi Br.  Which matrix
 * element each lane's register element holds is the device's fragment element map, found by a
 * probe (core/tc_map.h) and baked into the program as a table, never assumed.
 *
 * The data of a TC pass are in the two local planes (real, imaginary): each warp reads its groups'
 * B elements (f32), multiplies them by their twiddles on the fragment elements in f32, rounds them
 * to f16 into the fragments, and after a barrier writes each accumulator element (f32) to its
 * Stockham output position.  The other passes run on registers as RP+LM-CM does, so the flow
 * tracks where the data are: in the registers at the owned positions (after the load), in the
 * registers as a pass left them, or in local memory. */
#include "gen/tensor.h"
#include <stdio.h>

/* The program-scope part: the map as a table (lane l's four words at 4 l: A's halves 0..3, 4..7,
 * B's, C's, a byte each) and the helpers. */
void gen_tc_helpers(gen_state *gs)
{
  text_buf *b = gs->b;
  tb_printf(b, "/* the Tensor Cores' fragment element map of this device (probed) */\n%suint ppfft_tcmap[128] = {\n", gs->d->constant_decl);
  for (unsigned l = 0; l < 32; ++l) {
    tb_printf(b, " ");
    for (unsigned w = 0; w < 4; ++w) {
      unsigned x = 0;
      for (unsigned k = 0; k < 4; ++k) x |= (unsigned)gs->g->tc.lane[l][4 * w + k] << (8 * k);
      tb_printf(b, " 0x%08xu,", x);
    }
    tb_printf(b, "\n");
  }
  tb_printf(b, "};\n");
  tb_printf(b, "__device__ __forceinline__ uint ppfft_tc_byte(const uint w, const uint e) { return (w >> (8u * e)) & 255u; }\n");
  tb_printf(b, "__device__ __forceinline__ uint ppfft_tc_pack(const float lo, const float hi) { return ppfft_st_h2(make_real2(lo, hi)); }\n");
  tb_printf(b, "/* d += a b on the Tensor Cores: A 16x16 and B 16x8 in f16, D 16x8 in f32 */\n"
               "__device__ __forceinline__ void ppfft_mma(float *d, const uint *a, const uint b0, const uint b1)\n{\n"
               "  asm volatile(\"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%%0, %%1, %%2, %%3}, {%%4, %%5, %%6, %%7}, {%%8, %%9}, {%%0, %%1, %%2, %%3};\"\n"
               "               : \"+f\"(d[0]), \"+f\"(d[1]), \"+f\"(d[2]), \"+f\"(d[3]) : \"r\"(a[0]), \"r\"(a[1]), \"r\"(a[2]), \"r\"(a[3]), \"r\"(b0), \"r\"(b1));\n}\n\n");
}

/* The kernel's start: this lane's map and the DFT matrix's A fragments, Fr, Fi and -Fi, where
 * F[m][k] = exp(sign 2 pi i m k / 16). */
static void tc_setup(gen_state *gs)
{
  text_buf *b = gs->b;
  double sg = gs->p->sign < 0 ? -1.0 : 1.0;
  tb_printf(b, "  const uint tc_lane = lid & 31u, tc_warp = lid >> 5;\n");
  tb_printf(b, "  const uint tcm_a0 = ppfft_tcmap[4u * tc_lane], tcm_a1 = ppfft_tcmap[4u * tc_lane + 1u], tcm_b = ppfft_tcmap[4u * tc_lane + 2u], "
               "tcm_c = ppfft_tcmap[4u * tc_lane + 3u];\n");
  tb_printf(b, "  uint tca_r[4], tca_i[4], tca_n[4];\n");
  tb_printf(b, "  for (uint h = 0; h < 4u; ++h) {\n");
  tb_printf(b, "    const uint w = h < 2u ? tcm_a0 : tcm_a1, e0 = ppfft_tc_byte(w, 2u * (h & 1u)), e1 = ppfft_tc_byte(w, 2u * (h & 1u) + 1u);\n");
  tb_printf(b, "    const real2 f0 = ppfft_cossin(((e0 >> 4) * (e0 & 15u)) & 15u, 16u), f1 = ppfft_cossin(((e1 >> 4) * (e1 & 15u)) & 15u, 16u);\n");
  tb_printf(b, "    tca_r[h] = ppfft_tc_pack(f0.x, f1.x);\n");
  tb_printf(b, "    tca_i[h] = ppfft_tc_pack(%.1ff * f0.y, %.1ff * f1.y);\n", sg, sg);
  tb_printf(b, "    tca_n[h] = ppfft_tc_pack(%.1ff * f0.y, %.1ff * f1.y);\n  }\n", -sg, -sg);
}

/* The index of group g's first butterfly: the work-group's groups of 8 dealt to its warps. */
static void group_index(const gen_state *gs, text_buf *b)
{
  unsigned q = gs->g->n / 16;
  tb_printf(b, "    const uint u0 = 8u * (tc_warp + %uu * g), trn = u0 / %uu, ib = u0 %% %uu;\n", gs->g->wg / 32, q, q);
}

/* A radix-16 Stockham pass sp on the Tensor Cores, local planes to local planes. */
static void tc_pass(gen_state *gs, spass sp)
{
  const geometry *g = gs->g;
  unsigned q = g->n / 16, G = g->tc_groups;
  text_buf *b = gs->b;
  tb_printf(b, "  {\n  uint tcb[%u][4]; /* B fragments of the warp's groups: real halves, imaginary halves */\n", G);
  text_buf body;
  text_buf_init(&body);
  group_index(gs, &body);
  tb_printf(&body, "    float br[4], bi[4];\n");
  for (unsigned e = 0; e < 4; ++e) {
    tb_printf(&body, "    { const uint kn = ppfft_tc_byte(tcm_b, %uu), i = ib + (kn & 15u), t = kn >> 4, at = trn * %uu + PAD(i + t * %uu);\n", e,
              g->npad, q);
    tb_printf(&body, "      float xr = ldr[at], xi = ldi[at];\n");
    if (sp.p > 1 && gs->v->twiddle != TW_CALC && gs->v->twiddle != TW_NATIVE) /* from the pass's table (core/twiddle_table.h) */
      tb_printf(&body, "      const real2 w = t ? tw[%uu + (t - 1u) * %uu + (i & %uu)] : %sreal2%s1.0f, 0.0f);\n", sp.base, sp.p, sp.p - 1,
                gs->d->vec_open, gs->d->vec_mid);
    else if (sp.p > 1)
      tb_printf(&body, "      const real2 w = ppfft_cossin((i & %uu) * t, %uu);\n", sp.p - 1, 16 * sp.p);
    if (sp.p > 1) { /* the Stockham twiddle w_16p^((i mod p) t), on the fragment element in f32 */
      if (gs->p->sign < 0) tb_printf(&body, "      const float yr = xr * w.x + xi * w.y; xi = xi * w.x - xr * w.y; xr = yr;\n");
      else tb_printf(&body, "      const float yr = xr * w.x - xi * w.y; xi = xi * w.x + xr * w.y; xr = yr;\n");
    }
    tb_printf(&body, "      br[%u] = xr; bi[%u] = xi; }\n", e, e);
  }
  tb_printf(&body, "    tcb[g][0] = ppfft_tc_pack(br[0], br[1]); tcb[g][1] = ppfft_tc_pack(br[2], br[3]);\n");
  tb_printf(&body, "    tcb[g][2] = ppfft_tc_pack(bi[0], bi[1]); tcb[g][3] = ppfft_tc_pack(bi[2], bi[3]);\n");
  gen_loop_body(gs, "g", G, &body);
  gen_barrier_local(gs);
  text_buf_init(&body);
  group_index(gs, &body);
  tb_printf(&body, "    float cr[4] = {0.0f, 0.0f, 0.0f, 0.0f}, ci[4] = {0.0f, 0.0f, 0.0f, 0.0f};\n");
  tb_printf(&body, "    ppfft_mma(cr, tca_r, tcb[g][0], tcb[g][1]); ppfft_mma(cr, tca_n, tcb[g][2], tcb[g][3]);\n");
  tb_printf(&body, "    ppfft_mma(ci, tca_r, tcb[g][2], tcb[g][3]); ppfft_mma(ci, tca_i, tcb[g][0], tcb[g][1]);\n");
  for (unsigned e = 0; e < 4; ++e) /* output m of butterfly i goes to j + m p, j = (i - i mod p) 16 + i mod p */
    tb_printf(&body, "    { const uint mn = ppfft_tc_byte(tcm_c, %uu), i = ib + (mn & 15u), k = i & %uu, at = trn * %uu + PAD((i - k) * 16u + k + (mn >> 4) * %uu);\n"
                     "      ldr[at] = cr[%u]; ldi[at] = ci[%u]; }\n",
              e, sp.p - 1, g->npad, sp.p, e, e);
  gen_loop_body(gs, "g", G, &body);
  gen_barrier_local(gs);
  tb_printf(b, "  }\n");
}

void gen_tc_body(gen_state *gs)
{
  enum { OWNED, AFTER_PASS, LOCAL } where = OWNED; /* where the next pass's inputs are */
  const variant *v = gs->v;
  tc_setup(gs);
  tb_printf(gs->b, "  /* load into registers */\n");
  if (gs->g->staged) gen_load_staged(gs); /* a column side, or an access pattern not the owned one */
  else gen_load_owned_to_slots(gs);
  for (int s = 0; s < v->npasses; ++s) {
    spass sp = gen_stockham(gs, s);
    if (v->radix[s] == 16) {
      if (where != LOCAL) {
        for (int k = 0; k < 2; ++k) {
          if (where == OWNED) gen_slots_local(gs, k ? 'i' : 'r', 1);
          else gen_stockham_scatter(gs, gen_stockham(gs, s - 1), k ? 'i' : 'r');
        }
        gen_barrier_local(gs);
      }
      tb_printf(gs->b, "  /* pass %d: radix 16 on the Tensor Cores */\n", s);
      tc_pass(gs, sp);
      where = LOCAL;
      continue;
    }
    if (where == LOCAL) { /* to registers at the owned positions, which this pass's inputs are */
      gen_slots_local(gs, 'r', 0);
      gen_slots_local(gs, 'i', 0);
      gen_barrier_local(gs);
    } else if (where == AFTER_PASS) gen_lmcm_exchange(gs, gen_stockham(gs, s - 1));
    tb_printf(gs->b, "  /* pass %d: radix %u */\n", s, v->radix[s]);
    gen_stockham_on_slots(gs, sp);
    where = AFTER_PASS;
  }
  if (where == LOCAL) { /* the last pass's outputs lie at the owned positions */
    gen_slots_local(gs, 'r', 0);
    gen_slots_local(gs, 'i', 0);
  }
  tb_printf(gs->b, "  /* store */\n");
  if (gs->g->staged) {
    gen_barrier_local(gs); /* the planes are read above: the staging reuses them */
    gen_store_staged(gs);
  } else gen_store_owned_from_slots(gs);
}
