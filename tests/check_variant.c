/* Variant strings: parse/print round trip over every knob, strict rejection of malformed text, and
 * the geometry rules that decide whether a variant applies. */
#include "core/decompose.h"
#include "gen/kernel.h"
#include "core/geometry.h"
#include "core/plan_string.h"
#include "plan/candidates.h"
#include "suites.h"
#include "core/variant.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static variant make(onchip_mode oc, access_pattern ap, int vm, unsigned width, twiddle_mode tw, int shape)
{
  variant v = {0};
  v.npasses = 2;
  v.radix[0] = 16;
  v.radix[1] = 4;
  v.onchip = oc;
  v.access = ap;
  v.vector_math = vm;
  v.width = width;
  v.twiddle = tw;
  v.cse = shape & 1;
  v.il = (shape >> 1) & 1;
  v.lu = (shape >> 2) & 1;
  v.twp = (shape >> 3) & 1;
  v.wg = 64;
  v.tpw = 4;
  return v;
}

START_TEST(round_trip_every_knob)
{
  static const unsigned widths[] = {2, 4, 8, 16};
  int count = 0;
  for (int oc = ONCHIP_GM; oc <= ONCHIP_LM_CT; ++oc)
    for (int ap = ACCESS_CHUNK; ap <= ACCESS_DIRECT; ++ap)
      for (int vm = 0; vm < 2; ++vm)
        for (int w = 0; w < 4; ++w)
          for (int tw = TW_CALC; tw <= TW_GM; ++tw)
            for (int shape = 0; shape < 16; ++shape) {
              variant v = make((onchip_mode)oc, (access_pattern)ap, vm, widths[w], (twiddle_mode)tw, shape), back;
              char s[256], s2[256], msg[256];
              ck_assert_int_lt(variant_print(&v, s, sizeof s), (int)sizeof s);
              ck_assert_msg(variant_parse(s, &back, msg, sizeof msg) == 0, "%s: %s", s, msg);
              ck_assert_msg(memcmp(&v, &back, sizeof v) == 0, "%s does not parse back to itself", s);
              variant_print(&back, s2, sizeof s2);
              ck_assert_str_eq(s, s2);
              ck_assert_int_eq(strstr(s, "fast-math") != NULL, tw == TW_NATIVE);
              ++count;
            }
  ck_assert_int_eq(count, 4 * 3 * 2 * 4 * 5 * 16);
}
END_TEST

START_TEST(design_example_parses)
{
  variant v;
  char msg[256];
  ck_assert_int_eq(variant_parse("r16x16/RP+LM-CM+CGAP+VASM4+CM-K/wg64/t4", &v, msg, sizeof msg), 0);
  ck_assert_int_eq(v.npasses, 2);
  ck_assert_uint_eq(v.radix[0] * v.radix[1], 256);
  ck_assert_int_eq(v.onchip, ONCHIP_RP_LM_CM);
  ck_assert_int_eq(v.access, ACCESS_CGAP);
  ck_assert_int_eq(v.vector_math, 0);
  ck_assert_uint_eq(v.width, 4);
  ck_assert_int_eq(v.twiddle, TW_CM_K);
  ck_assert_int_eq(v.cse + v.il + v.lu, 0);
  ck_assert_uint_eq(v.wg, 64);
  ck_assert_uint_eq(v.tpw, 4);
  /* tokens in any order mean the same variant */
  variant w;
  ck_assert_int_eq(variant_parse("r16x16/CM-K+VASM4+CGAP+LM-CM+RP/wg64/t4", &w, msg, sizeof msg), 0);
  ck_assert(memcmp(&v, &w, sizeof v) == 0);
  ck_assert_int_eq(variant_parse("r1/LM-CC+VASM2+TW-CALC/wg1/t1", &w, msg, sizeof msg), 0);
  ck_assert_int_eq(w.npasses, 0);
}
END_TEST

START_TEST(malformed_strings_rejected)
{
  static const char *const bad[] = {
      "", "r16x16", "r16x16/RP+LM-CM+CGAP+VASM4+CM-K/wg64", "16x16/RP+LM-CM+VASM4+CM-K/wg64/t4",
      "r16x/RP+LM-CM+VASM4+CM-K/wg64/t4", "rx16/RP+LM-CM+VASM4+CM-K/wg64/t4", "r12x16/RP+LM-CM+VASM4+CM-K/wg64/t4",
      "r64/RP+LM-CM+VASM4+CM-K/wg64/t4", "r1x16/RP+LM-CM+VASM4+CM-K/wg64/t4", "r16x16/RP+VASM4+CM-K/wg64/t4",
      "r16x16/LM-CM+VASM4+CM-K/wg64/t4", "r16x16/RP+LM-CM+LM-CC+VASM4+CM-K/wg64/t4", "r16x16/GM+LM-CT+VASM4+CM-K/wg64/t4",
      "r16x16/RP+LM-CM+VASM3+CM-K/wg64/t4", "r16x16/RP+LM-CM+VASM32+CM-K/wg64/t4", "r16x16/RP+LM-CM+VASM4+VAVM4+CM-K/wg64/t4",
      "r16x16/RP+LM-CM+CM-K/wg64/t4", "r16x16/RP+LM-CM+VASM4/wg64/t4", "r16x16/RP+LM-CM+VASM4+CM-K+CM-L/wg64/t4",
      "r16x16/RP+LM-CM+VASM4+CM-K+FOO/wg64/t4", "r16x16/RP+LM-CM++VASM4+CM-K/wg64/t4", "r16x16/+RP+LM-CM+VASM4+CM-K/wg64/t4",
      "r16x16/RP+LM-CM+VASM4+CM-K+/wg64/t4", "r16x16/RP+LM-CM+CGAP+CGAP+VASM4+CM-K/wg64/t4",
      "r16x16/RP+LM-CM+CGAP+DIRECT+VASM4+CM-K/wg64/t4", "r16x16/RP+LM-CM+VASM4+CM-K+CSE+CSE/wg64/t4",
      "r16x16/RP+LM-CM+VASM4+CM-K+TWP+TWP/wg64/t4", "r16x16/RP+LM-CM+VASM4+TWP/wg64/t4",
      "r16x16/RP+LM-CM+VASM4+CM-K/w64/t4", "r16x16/RP+LM-CM+VASM4+CM-K/wg/t4", "r16x16/RP+LM-CM+VASM4+CM-K/wg64/4",
      "r16x16/RP+LM-CM+VASM4+CM-K/wg64/t", "r16x16/RP+LM-CM+VASM4+CM-K/wg0/t4", "r16x16/RP+LM-CM+VASM4+CM-K/wg-64/t4",
      "r16x16/RP+LM-CM+VASM4+CM-K/wg64/t4x", "r16x16/RP+LM-CM+VASM4+CM-K/wg64/t4/fast-math",
      "r16x16/RP+LM-CM+VASM4+TW-NATIVE/wg64/t4/slow-math", "r16x16/RP+LM-CM+VASM4+CM-K/wg64/t4/a/b",
      "r16x16/rp+lm-cm+vasm4+cm-k/wg64/t4", "r16x16/RP+LM-CM+VASM4+CM-K/wg99999999999/t4",
      "r2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2/RP+LM-CM+VASM2+CM-K/wg64/t4",
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
    variant v;
    char msg[256] = "";
    ck_assert_msg(variant_parse(bad[i], &v, msg, sizeof msg) != 0, "\"%s\" was accepted", bad[i]);
    ck_assert_msg(msg[0] != '\0', "\"%s\" was rejected without a message", bad[i]);
  }
  variant v;
  char msg[64];
  ck_assert_int_ne(variant_parse(NULL, &v, msg, sizeof msg), 0);
}
END_TEST

/* Occurrences of needle in text. */
static size_t count_of(const char *text, const char *needle)
{
  size_t n = 0;
  for (const char *at = strstr(text, needle); at; at = strstr(at + 1, needle)) ++n;
  return n;
}

/* TWP, without a device: a radix-16 butterfly of a TW-GM kernel reads 4 table entries (t = 1, 2, 4,
 * 8) instead of 15, and forms the other 11 powers by products. */
START_TEST(twp_fetches_powers_of_two)
{
  problem p;
  problem_init_plain(&p, 4096, 4, 1, -1);
  size_t reads[2], products[2];
  for (int twp = 0; twp < 2; ++twp) {
    variant v;
    geometry g;
    char msg[256];
    kernel_source ks;
    ck_assert_int_eq(variant_parse(twp ? "r16x16x16/RP+LM-CM+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg256/t1"
                                       : "r16x16x16/RP+LM-CM+DIRECT+VASM2+TW-GM+CSE+IL+LU/wg256/t1",
                                   &v, msg, sizeof msg),
                     0);
    ck_assert_int_eq(geometry_of(&p, &v, NULL, &g, msg, sizeof msg), 0);
    ck_assert_int_eq(gen_kernel(&p, &v, &g, &ks), 0);
    reads[twp] = count_of(ks.text, "= tw[");
    products[twp] = count_of(ks.text, "const real wc3 = wc2 * wc1 - ws2 * ws1");
    free(ks.text);
  }
  ck_assert_uint_gt(reads[0], 0);
  ck_assert_uint_eq(reads[1] * 15, reads[0] * 4); /* 4 of 15 per butterfly, in the two twiddled passes */
  ck_assert_uint_eq(products[0], 0);
  ck_assert_uint_gt(products[1], 0);
}
END_TEST

/* The geometry rules, without a device: what applies to which problem. */
START_TEST(geometry_rules)
{
  problem p;
  problem_init_plain(&p, 256, 10, 0, -1);
  variant v;
  geometry g;
  char msg[256];
  ck_assert_int_eq(variant_parse("r16x16/RP+LM-CM+CGAP+VASM2+CM-K/wg64/t4", &v, msg, sizeof msg), 0);
  ck_assert_int_eq(geometry_of(&p, &v, NULL, &g, msg, sizeof msg), 0);
  ck_assert_uint_eq(g.w, 16);
  ck_assert_uint_eq(g.r, 16);
  ck_assert_int_eq(g.staged, 1);          /* CGAP with 4 transforms per work-group goes through local memory */
  ck_assert_uint_eq(g.npad, 272); /* 256 + 8 pads, raised to 16 mod 32 so the 16 work-items of 2 transforms in a warp hit distinct banks */
  ck_assert_uint_eq(g.local_bytes, 4 * 272 * 4);
  ck_assert_uint_eq(g.table_bytes, 255 * 8);
  ck_assert_int_eq(variant_parse("r16x16/RP+LM-CM+DIRECT+VASM2+CM-K/wg64/t4", &v, msg, sizeof msg), 0);
  ck_assert_int_eq(geometry_of(&p, &v, NULL, &g, msg, sizeof msg), 0);
  ck_assert_int_eq(g.staged, 0);
  /* the radices must multiply to N */
  ck_assert_int_eq(variant_parse("r16x8/RP+LM-CM+CGAP+VASM2+CM-K/wg64/t4", &v, msg, sizeof msg), 0);
  ck_assert_int_ne(geometry_of(&p, &v, NULL, &g, msg, sizeof msg), 0);
  ck_assert_ptr_nonnull(strstr(msg, "128"));
  /* each radix must divide the lane groups a work-item holds: 16 elements in 8-lane vectors is 2 groups */
  ck_assert_int_eq(variant_parse("r16x16/RP+LM-CM+CGAP+VAVM8+CM-K/wg64/t4", &v, msg, sizeof msg), 0);
  ck_assert_int_ne(geometry_of(&p, &v, NULL, &g, msg, sizeof msg), 0);
  /* more work-items than elements */
  ck_assert_int_eq(variant_parse("r16x16/RP+LM-CM+CGAP+VASM2+CM-K/wg512/t1", &v, msg, sizeof msg), 0);
  ck_assert_int_ne(geometry_of(&p, &v, NULL, &g, msg, sizeof msg), 0);
  /* vector access needs aligned distances */
  p.in_dist = 257;
  ck_assert_int_eq(variant_parse("r16x16/RP+LM-CM+CGAP+VASM4+CM-K/wg16/t2", &v, msg, sizeof msg), 0);
  ck_assert_int_ne(geometry_of(&p, &v, NULL, &g, msg, sizeof msg), 0);
  p.in_dist = 256;
  ck_assert_int_eq(geometry_of(&p, &v, NULL, &g, msg, sizeof msg), 0);
  /* device limits: local memory, constant memory, work-group size */
  device_info di = {0};
  di.max_wg = 64;
  di.local_mem = 4096;
  di.max_const = 1024;
  di.fp64 = 1;
  ck_assert_int_eq(variant_parse("r16x16/LM-CC+CGAP+VASM2+TW-CALC/wg64/t4", &v, msg, sizeof msg), 0);
  ck_assert_int_ne(geometry_of(&p, &v, &di, &g, msg, sizeof msg), 0);
  ck_assert_ptr_nonnull(strstr(msg, "local memory"));
  ck_assert_int_eq(variant_parse("r16x16/GM+CGAP+VASM2+CM-K/wg64/t4", &v, msg, sizeof msg), 0);
  ck_assert_int_ne(geometry_of(&p, &v, &di, &g, msg, sizeof msg), 0);
  ck_assert_ptr_nonnull(strstr(msg, "constant"));
  ck_assert_int_eq(variant_parse("r16x16/GM+CGAP+VASM2+TW-GM/wg128/t8", &v, msg, sizeof msg), 0);
  ck_assert_int_ne(geometry_of(&p, &v, &di, &g, msg, sizeof msg), 0);
  ck_assert_int_eq(variant_parse("r16x16/GM+CGAP+VASM2+TW-GM/wg64/t4", &v, msg, sizeof msg), 0);
  ck_assert_int_eq(geometry_of(&p, &v, &di, &g, msg, sizeof msg), 0);
  ck_assert_uint_eq(g.local_bytes, 0);
}
END_TEST

/* The estimate is the seed's best-known set, then wider work-items for kernels the compiler cannot
 * fit at the first work-group size, then TW-CALC and GM. */
START_TEST(estimate_candidates)
{
  problem p;
  problem_init_plain(&p, 8192, 100, 0, -1);
  variant c[12];
  char msg[256], name[256];
  size_t n = candidates_estimate(&p, NULL, c, 12, msg, sizeof msg);
  ck_assert_uint_ge(n, 4);
  variant_print(&c[0], name, sizeof name);
  ck_assert_str_eq(name, "r16x16x16x2/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU/wg512/t1");
  variant_print(&c[1], name, sizeof name);
  ck_assert_str_eq(name, "r16x16x16x2/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU/wg256/t1");
  int calc = 0, gm = 0;
  for (size_t i = 0; i < n; ++i) {
    geometry g;
    ck_assert_int_eq(geometry_of(&p, &c[i], NULL, &g, msg, sizeof msg), 0);
    calc |= c[i].twiddle == TW_CALC;
    gm |= c[i].onchip == ONCHIP_GM;
  }
  ck_assert(calc && gm);
  p.n = (size_t)1 << 25; /* beyond one work-group anywhere */
  ck_assert_uint_eq(candidates_estimate(&p, NULL, c, 12, msg, sizeof msg), 0);
  ck_assert(msg[0] != '\0');
}
END_TEST

/* Every element one pass touches, on each side, as a flat list of indices. */
static size_t touched(const problem *p, int side, size_t *out)
{
  size_t k = 0, stride = side ? p->out_stride : p->in_stride, off = side ? p->out_offset : p->in_offset;
  for (size_t b = 0; b < p->batch; ++b) {
    size_t base = off, rest = b;
    for (int l = 0; l < p->nlev; ++l) {
      int last = l + 1 == p->nlev;
      base += (last ? rest : rest % p->lev_count[l]) * problem_level_dist(p, side, l);
      if (!last) rest /= p->lev_count[l];
    }
    for (size_t e = 0; e < p->n; ++e) out[k++] = base + e * stride;
  }
  return k;
}

static int cmp_size(const void *a, const void *b)
{
  size_t x = *(const size_t *)a, y = *(const size_t *)b;
  return (x > y) - (x < y);
}

/* The decomposition without a device: for shapes, batches and splits (2 and 3 factors, XP), every
 * pass writes each element of its destination exactly once (no overlap, nothing missed of the
 * temporary buffer), stays inside the user's spans and the temporary buffer, and the plan string of
 * its variants splits back to the same factors. */
START_TEST(decompose_covers_each_element_once)
{
  static const struct { int rank; size_t n[3], batch; size_t f[3][3]; int nf[3], xp[3]; } cases[] = {
    {1, {64}, 3, {{8, 8}}, {2}, {0}},
    {1, {256}, 2, {{4, 8, 8}}, {3}, {0}},
    {2, {16, 32}, 2, {{16}, {32}}, {1, 1}, {0}},
    {2, {16, 32}, 2, {{4, 4}, {32}}, {2, 1}, {0}},
    {2, {16, 32}, 3, {{16}, {32}}, {1, 1}, {1, 0}},
    {3, {4, 8, 16}, 2, {{2, 2}, {8}, {4, 4}}, {2, 1, 2}, {0}},
    {3, {4, 8, 16}, 1, {{4}, {8}, {16}}, {1, 1, 1}, {1, 1, 0}},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    ppfft_desc d;
    ppfft_desc_init(&d, cases[i].rank, cases[i].n, cases[i].batch);
    transform t;
    ck_assert_int_eq(transform_from_desc(NULL, NULL, &d, &t), PPFFT_SUCCESS);
    split sp = {0};
    for (int k = 0; k < cases[i].rank; ++k) {
      sp.nfactors[k] = cases[i].nf[k];
      sp.xpose[k] = cases[i].xp[k];
      for (int j = 0; j < cases[i].nf[k]; ++j) sp.factor[k][j] = cases[i].f[k][j];
    }
    pass_desc pd[DECOMPOSE_MAX_PASSES];
    size_t tmp;
    char msg[256];
    int np = decompose(&t, &sp, pd, &tmp, msg, sizeof msg);
    ck_assert_msg(np > 0, "case %zu: %s", i, msg);
    size_t total = transform_length(&t) * t.batch;
    size_t *idx = malloc(sizeof *idx * total);
    for (int k = 0; k < np; ++k) {
      const problem *p = &pd[k].pb;
      ck_assert_uint_eq(p->n * p->batch, total);
      for (int side = 0; side < 2; ++side) {
        buffer_role role = side ? pd[k].dst : pd[k].src;
        size_t limit = role == BUF_TMP ? tmp : transform_span(&t, role == BUF_IN ? 0 : 1);
        ck_assert_uint_le(problem_span(p, side), limit);
        size_t m = touched(p, side, idx);
        qsort(idx, m, sizeof *idx, cmp_size);
        for (size_t j = 1; j < m; ++j) ck_assert_msg(idx[j] != idx[j - 1], "case %zu pass %d side %d: element %zu twice", i, k, side, idx[j]);
        if (role == BUF_TMP) ck_assert_uint_eq(idx[m - 1], tmp - 1); /* packed: all of it */
      }
    }
    free(idx);
    variant vs[DECOMPOSE_MAX_PASSES];
    int nv = 0;
    for (int k = 0; k < np; ++k) {
      if (pd[k].transpose) continue;
      ck_assert_int_eq(pd[k].variant, nv);
      vs[nv] = (variant){0};
      vs[nv].npasses = 1;
      vs[nv].radix[0] = (unsigned)pd[k].pb.n; /* only the length matters to the split */
      vs[nv++].xpose = k > 0 && pd[k - 1].transpose;
    }
    split back;
    ck_assert_int_eq(plan_string_split(&t, vs, nv, &back, msg, sizeof msg), 0);
    for (int k = 0; k < cases[i].rank; ++k) {
      ck_assert_int_eq(back.nfactors[k], cases[i].n[k] > 1 ? cases[i].nf[k] : 0);
      ck_assert_int_eq(back.xpose[k], cases[i].xp[k]);
    }
  }
}
END_TEST

/* The exhaustive search's splits: every order and proportion, each once, none too short. */
START_TEST(pow2_splits_every_order)
{
  size_t f[16][DECOMPOSE_MAX_FACTORS];
  ck_assert_int_eq(decompose_splits((size_t)1 << 20, 2, 64, f, 16), 9);
  for (int i = 0; i < 9; ++i) {
    ck_assert_uint_eq(f[i][0], (size_t)64 << i);
    ck_assert_uint_eq(f[i][0] * f[i][1], (size_t)1 << 20);
  }
  /* three factors of 2^20, each >= 64: the 6 ways to share the 2 spare powers of two, in order */
  static const size_t three[6][3] = {{64, 64, 256}, {64, 128, 128}, {64, 256, 64}, {128, 64, 128}, {128, 128, 64}, {256, 64, 64}};
  ck_assert_int_eq(decompose_splits((size_t)1 << 20, 3, 64, f, 16), 6);
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 3; ++j) ck_assert_uint_eq(f[i][j], three[i][j]);
  /* against brute force: 2^12 in three factors >= 4 (every exponent triple summing to 12, each >= 2) */
  int brute = 0;
  for (int a = 2; a <= 12; ++a)
    for (int b = 2; a + b <= 10; ++b) ++brute;
  ck_assert_int_eq(decompose_splits(4096, 3, 4, f, 16), brute);
  ck_assert_int_eq(decompose_splits(4096, 3, 4, f, 2), brute); /* counts all, writes 2 */
  ck_assert_int_eq(decompose_splits(4096, 1, 64, f, 16), 1);
  ck_assert_uint_eq(f[0][0], 4096);
  ck_assert_int_eq(decompose_splits(1024, 2, 64, f, 16), 0); /* 64 x 16 is too short */
  ck_assert_int_eq(decompose_splits(96, 2, 2, f, 16), 0);    /* not a power of two */
  ck_assert_int_eq(decompose_splits(1024, DECOMPOSE_MAX_FACTORS + 1, 2, f, 16), 0);
}
END_TEST

/* The exhaustive list also times fewer transforms per work-group than the fit packs, down to
 * EXHAUSTIVE_MIN_WG work-items (not below), each variant once and each valid. */
START_TEST(exhaustive_tries_launch_shapes)
{
  problem p;
  problem_init_plain(&p, 64, (size_t)1 << 20, 0, -1);
  size_t n;
  variant *list = candidates_exhaustive(&p, NULL, &n);
  ck_assert_ptr_nonnull(list);
  unsigned shapes = 0;
  char msg[256];
  variant seed = {0}; /* the seed's best set at its fitted 4 work-items per transform */
  ck_assert_int_eq(variant_parse("r16x4/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU/wg256/t64", &seed, msg, sizeof msg), 0);
  for (size_t i = 0; i < n; ++i) {
    geometry g;
    ck_assert_int_eq(geometry_of(&p, &list[i], NULL, &g, msg, sizeof msg), 0);
    for (size_t j = 0; j < i; ++j) ck_assert(memcmp(&list[i], &list[j], sizeof list[i]) != 0);
    seed.wg = list[i].wg;
    seed.tpw = list[i].tpw;
    if (memcmp(&seed, &list[i], sizeof seed) == 0) shapes |= list[i].tpw;
  }
  ck_assert_uint_eq(shapes, 64 | 32 | 16); /* wg256/t64, wg128/t32, wg64/t16; not wg32/t8 */
  free(list);
}
END_TEST

Suite *make_variant_suite(void)
{
  Suite *s = suite_create("variant");
  TCase *tc = tcase_create("strings");
  tcase_add_test(tc, round_trip_every_knob);
  tcase_add_test(tc, design_example_parses);
  tcase_add_test(tc, malformed_strings_rejected);
  tcase_add_test(tc, geometry_rules);
  tcase_add_test(tc, twp_fetches_powers_of_two);
  tcase_add_test(tc, estimate_candidates);
  tcase_add_test(tc, decompose_covers_each_element_once);
  tcase_add_test(tc, pow2_splits_every_order);
  tcase_add_test(tc, exhaustive_tries_launch_shapes);
  suite_add_tcase(s, tc);
  return s;
}
