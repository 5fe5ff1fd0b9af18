/* The generator (gen/kernel.h, gen/transpose.h), without a device: properties of the program text
 * it writes, and the pin on its output that tells when GEN_SIGNATURE must change. */
#include "core/decompose.h"
#include "core/geometry.h"
#include "core/hash.h"
#include "core/problem.h"
#include "core/transform.h"
#include "core/variant.h"
#include "gen/kernel.h"
#include "gen/signature.h"
#include "gen/transpose.h"
#include "pairwise.h"
#include "plan/candidates.h"
#include "plan/fit.h"
#include "suites.h"
#include "testutil.h"
#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Occurrences of needle in text. */
static size_t count_of(const char *text, const char *needle)
{
  size_t n = 0;
  for (const char *at = strstr(text, needle); at; at = strstr(at + 1, needle)) ++n;
  return n;
}

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
    ck_assert_int_eq(gen_kernel(&p, &v, &g, &dialect_opencl, &ks), 0);
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

/* The kernel text of variant name on p, without a device. */
static char *source_of(const problem *p, const char *name)
{
  variant v;
  geometry g;
  char msg[256];
  kernel_source ks;
  ck_assert_msg(variant_parse(name, &v, msg, sizeof msg) == 0, "%s: %s", name, msg);
  ck_assert_msg(geometry_of(p, &v, NULL, &g, msg, sizeof msg) == 0, "%s: %s", name, msg);
  int r = gen_kernel(p, &v, &g, &dialect_opencl, &ks);
  ck_assert_msg(r == 0, "%s: gen_kernel returned %d", name, r);
  return ks.text;
}

/* LM-CT undoes the digit reversal of its passes when it stores: with twelve radix-2 passes the
 * local-memory position is a sum of twelve digits, (((o) / 2^s) % 2) * 2^(11-s).  Every such
 * expression in the text is whole: its parentheses balance inside PAD(...) and all twelve digits
 * are there (it was once cut at 400 characters and still accepted). */
START_TEST(lm_ct_twelve_digit_reversal)
{
  problem p;
  problem_init_plain(&p, 4096, 2, 0, -1);
  char *text = source_of(&p, "r2x2x2x2x2x2x2x2x2x2x2x2/LM-CT+VASM2+TW-CALC/wg256/t1");
  size_t found = 0;
  for (const char *at = strstr(text, "PAD((0u + "); at; at = strstr(at + 1, "PAD((0u + ")) {
    const char *arg = at + 4; /* after "PAD(" */
    int depth = 1;
    const char *end = arg;
    for (; *end && depth > 0; ++end) depth += (*end == '(') - (*end == ')');
    ck_assert_msg(depth == 0, "unbalanced digit reversal: %.200s", at);
    ck_assert_msg(*end == ']', "digit reversal not closed where the index ends: %.200s", at);
    size_t len = (size_t)(end - 1 - arg);
    char *expr = strndup(arg, len);
    for (unsigned s = 0; s < 12; ++s) {
      char digit[64];
      snprintf(digit, sizeof digit, ") / %uu) %% 2u) * %uu", 1u << s, 1u << (11 - s));
      ck_assert_msg(strstr(expr, digit) != NULL, "digit %u (%s) missing from %s", s, digit, expr);
    }
    ck_assert_uint_eq(count_of(expr, "% 2u)"), 12);
    free(expr);
    ++found;
  }
  ck_assert_uint_ge(found, 2); /* one per access lane (VASM2) */
  free(text);
}
END_TEST

/* The fake device the pinned set is fitted to: the pin must not depend on the machine. */
static device_info pin_device(void)
{
  device_info di = {0};
  snprintf(di.name, sizeof di.name, "pin device");
  snprintf(di.vendor, sizeof di.vendor, "ppfft tests");
  snprintf(di.driver, sizeof di.driver, "1.0");
  di.type = CL_DEVICE_TYPE_GPU;
  di.max_wg = 1024;
  di.local_mem = 65536;
  di.max_const = 65536;
  di.max_const_args = 8;
  di.global_mem = (cl_ulong)16 << 30;
  di.max_alloc = (cl_ulong)4 << 30;
  di.compute_units = 64;
  di.mem_align_bits = 1024;
  di.fp64 = 1;
  return di;
}

typedef struct pin {
  uint64_t hash;
  size_t kernels;
} pin;

static void pin_text(pin *h, char *text)
{
  ck_assert_ptr_nonnull(text);
  h->hash = hash_string(h->hash, text);
  ++h->kernels;
  free(text);
}

static void pin_kernel(pin *h, const problem *p, const variant *v, const geometry *g)
{
  kernel_source ks;
  char name[256];
  variant_print(v, name, sizeof name);
  int r = gen_kernel(p, v, g, &dialect_opencl, &ks);
  ck_assert_msg(r == 0, "N=%zu %s: gen_kernel returned %d", p->n, name, r);
  pin_text(h, ks.text);
}

/* The general-layout passes of a transform and their transposes: for every FFT pass the estimate's
 * first candidate, three fitted variants of other on-chip modes, COLS and the seed's staged
 * RP+LM-CM (those that apply). */
static void pin_transform(pin *h, const device_info *di, const ppfft_desc *d, split sp)
{
  static const char *const others[] = {"r2/LM-CC+CGAP+VASM2+TW-GM/wg1/t1", "r2/LM-CT+DIRECT+VASM2+CM-K+CSE+IL+LU/wg1/t1",
                                        "r2/GM+CGAP+VASM2+TW-CALC+CSE/wg1/t1",
                                        "r2/RP+LM-CM+CGAP+COLS+VASM2+TW-GM+TWP+CSE+IL+LU/wg1/t1", /* COLS: column passes */
                                        "r2/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU/wg1/t1"}; /* and staged (the estimate's COLS on GPUs) */
  transform t;
  ck_assert_int_eq(transform_from_desc(NULL, di, d, &t), PPFFT_SUCCESS);
  pass_desc pd[DECOMPOSE_MAX_PASSES];
  size_t tmp;
  char msg[256];
  int np = decompose(&t, &sp, pd, &tmp, msg, sizeof msg);
  ck_assert_msg(np > 0, "%s", msg);
  for (int k = 0; k < np; ++k) {
    if (pd[k].transpose) {
      kernel_source ks;
      ck_assert_int_eq(gen_transpose(&pd[k].pb, &dialect_opencl, &ks), 0);
      pin_text(h, ks.text);
      continue;
    }
    variant v;
    geometry g;
    ck_assert_msg(candidates_estimate(&pd[k].pb, di, &v, 1, msg, sizeof msg) == 1, "pass %d: %s", k, msg);
    ck_assert_int_eq(geometry_of(&pd[k].pb, &v, di, &g, msg, sizeof msg), 0);
    pin_kernel(h, &pd[k].pb, &v, &g);
    for (size_t i = 0; i < sizeof others / sizeof others[0]; ++i) {
      ck_assert_int_eq(variant_parse(others[i], &v, msg, sizeof msg), 0);
      if (fit_variant(&pd[k].pb, di, &v, 0, &g, msg, sizeof msg) == 0) pin_kernel(h, &pd[k].pb, &v, &g);
    }
  }
}

static split split_of(int rank, const int *nf, const size_t (*f)[3], const int *xp)
{
  split sp = {0};
  for (int d = 0; d < rank; ++d) {
    sp.nfactors[d] = nf[d];
    sp.xpose[d] = xp ? xp[d] : 0;
    for (int j = 0; j < nf[d]; ++j) sp.factor[d][j] = f[d][j];
  }
  return sp;
}

/* FNV-1a over the text of a fixed covering set of kernels: the pairwise set of knob values
 * (tests/pairwise.h: every pair of on-chip, access pattern, access/math, twiddles, TWP, CSE, IL, LU,
 * precision, direction, placement and N in 2..4096), LM-CT in twelve radix-2 passes (the longest
 * digit reversal), and the general-layout passes of 2D, 3D,
 * four-step (2 and 3 factors), strided, offset, planar and scaled transforms with their explicit
 * transposes, all fitted to a fixed fake device.  A change in what the generator writes for any of
 * them changes the hash: GEN_SIGNATURE must then change too, or wisdom timed on the old kernels
 * would be applied to the new ones. */
/* The shuffle exchange (gen/shuffle.c) in the CUDA dialect: every mode writes its own way of
 * permuting registers, uses no shared memory when the access is the work-items' own, and shuffles
 * only across exchanges that move data between work-items: in r16x16x2 with 16 work-items a
 * transform, the first exchange crosses work-items (2 x 32 shuffles, one per register and
 * component) and the second (period 16 = W) stays in each work-item's registers (none).  The
 * OpenCL dialect has no shuffles (-3). */
START_TEST(shuffle_exchange_text)
{
  static const char *const marks[] = {"", "^ mu]", "switch (", "const bool s", "mu == "};
  problem p;
  problem_init_plain(&p, 512, 64, 0, -1);
  for (int m = SHFL_NAIVE; m < SHUFFLE_MODES; ++m) {
    char name[256], msg[256];
    snprintf(name, sizeof name, "r16x16x2/RP+%s+DIRECT+VASM2+CM-K+CSE+IL+LU/wg64/t4", variant_shuffle_name((shuffle_mode)m));
    variant v;
    geometry g;
    ck_assert_int_eq(variant_parse(name, &v, msg, sizeof msg), 0);
    ck_assert_msg(geometry_of(&p, &v, NULL, &g, msg, sizeof msg) == PPFFT_SUCCESS, "%s", msg);
    ck_assert_uint_eq(g.local_bytes, 0);
    kernel_source ks;
    ck_assert_int_eq(gen_kernel(&p, &v, &g, &dialect_cuda, &ks), 0);
    ck_assert_uint_eq(count_of(ks.text, "__shfl_sync("), 2 * 32);
    ck_assert_msg(strstr(ks.text, marks[m]), "%s: no \"%s\"", name, marks[m]);
    ck_assert_ptr_null(strstr(ks.text, "__shared__"));
    ck_assert_ptr_null(strstr(ks.text, "ppfft_local"));
    free(ks.text);
    ck_assert_int_eq(gen_kernel(&p, &v, &g, &dialect_opencl, &ks), -3);
    ck_assert_ptr_null(ks.text);
  }
}
END_TEST

START_TEST(generator_output_pinned)
{
  /* The generator computes its constants in long double; where long double arithmetic has less
   * than its declared precision (valgrind emulates it in double), the literals' last digits differ. */
  volatile long double one = 1, eps = LDBL_EPSILON;
  if (one + eps == one) {
    test_skip("long double arithmetic here is not %d bits (valgrind?): the generator's literals differ", LDBL_MANT_DIG);
    return;
  }
  device_info di = pin_device();
  pin h = {HASH_OFFSET, 0};
  knob_row *rows;
  size_t nrows = knob_pairwise_rows(&di, &rows);
  ck_assert_uint_gt(nrows, 40);
  for (size_t i = 0; i < nrows; ++i) {
    ppfft_desc d;
    problem p;
    variant v;
    geometry g;
    ck_assert_int_eq(knob_row_case(&rows[i], &di, &d, &p, &v, &g), 0);
    pin_kernel(&h, &p, &v, &g);
  }
  free(rows);
  size_t pairwise = h.kernels;
  { /* the longest digit reversal: LM-CT in twelve radix-2 passes */
    problem p;
    variant v;
    geometry g;
    char msg[256];
    problem_init_plain(&p, 4096, 2, 0, -1);
    ck_assert_int_eq(variant_parse("r2x2x2x2x2x2x2x2x2x2x2x2/LM-CT+VASM2+TW-CALC/wg256/t1", &v, msg, sizeof msg), 0);
    ck_assert_msg(geometry_of(&p, &v, &di, &g, msg, sizeof msg) == 0, "%s", msg);
    pin_kernel(&h, &p, &v, &g);
  }

  ppfft_desc d;
  static const size_t f64x32[3][3] = {{64}, {32}}, f4k[3][3] = {{64, 1024}}, f3[3][3] = {{16, 16, 16}};
  static const size_t f3d[3][3] = {{8}, {4, 4}, {32}};
  size_t n2[2] = {64, 32};
  ppfft_desc_init(&d, 2, n2, 3); /* 2D, out of place, then its columns by XP */
  pin_transform(&h, &di, &d, split_of(2, (int[]){1, 1}, f64x32, NULL));
  pin_transform(&h, &di, &d, split_of(2, (int[]){1, 1}, f64x32, (int[]){1, 0}));
  d.out_layout = PPFFT_PLANAR; /* planar output, scaled, backward */
  d.scale = 0.25;
  d.direction = PPFFT_BACKWARD;
  pin_transform(&h, &di, &d, split_of(2, (int[]){1, 1}, f64x32, (int[]){1, 0}));
  size_t n3[3] = {8, 16, 32};
  ppfft_desc_init(&d, 3, n3, 2); /* 3D f64 in place, the middle dimension split, the first by XP */
  d.precision = PPFFT_F64;
  d.inplace = 1;
  pin_transform(&h, &di, &d, split_of(3, (int[]){1, 2, 1}, f3d, (int[]){1, 0, 0}));
  size_t n1 = (size_t)1 << 16;
  ppfft_desc_init(&d, 1, &n1, 2); /* four-step in two factors, strided input with offsets */
  d.in_strides[0] = 2, d.in_dist = 1, d.out_strides[0] = 1, d.out_dist = n1 + 4, d.in_offset = 2, d.out_offset = 6;
  pin_transform(&h, &di, &d, split_of(1, (int[]){2}, f4k, NULL));
  size_t n12 = 4096;
  ppfft_desc_init(&d, 1, &n12, 3); /* three factors, planar in and out */
  d.in_layout = d.out_layout = PPFFT_PLANAR;
  pin_transform(&h, &di, &d, split_of(1, (int[]){3}, f3, NULL));
  size_t n2s[2] = {16, 64};
  ppfft_desc_init(&d, 2, n2s, 2); /* padded rows in, transposed out */
  d.in_strides[0] = 70, d.in_strides[1] = 1, d.in_dist = 16 * 70 + 5, d.in_offset = 7;
  d.out_strides[0] = 1, d.out_strides[1] = 16, d.out_dist = 1100, d.out_offset = 3;
  static const size_t f16x64[3][3] = {{16}, {64}};
  pin_transform(&h, &di, &d, split_of(2, (int[]){1, 1}, f16x64, NULL));
  /* real transforms' fast path (gen/real.c): R2C's pairing, C2R's loads in one pass, and a split
   * real dimension's passes (C2R's first-pass loads, R2C's pairing in its last pass) */
  static const size_t fr64[3][3] = {{32}}, fr4k[3][3] = {{32, 64}};
  size_t nr = 64, nr4k = 4096;
  for (int kind = 0; kind < 2; ++kind) {
    ppfft_desc_init(&d, 1, &nr, 3);
    d.kind = kind ? PPFFT_C2R : PPFFT_R2C;
    split sr = split_of(1, (int[]){1}, fr64, NULL);
    sr.real_half = 1;
    pin_transform(&h, &di, &d, sr);
  }
  /* the one-pass R2C stored from its owned slots (DIRECT: gen/real.c's r2c_pair_and_store), the C2R
   * loaded into them (gen_c2r_half_load_pairs: real2 words, also in XR2's plane where its padding
   * holds them), and the R2C paired through XR2's half plane */
  static const struct { ppfft_kind kind; const char *v; } owned[] = {
    {PPFFT_R2C, "r4x8/RP+LM-CM+DIRECT+VASM2+TW-GM+CSE+IL+LU/wg8/t2"},
    {PPFFT_C2R, "r4x8/RP+LM-CM+DIRECT+VASM2+TW-GM+CSE+IL+LU/wg8/t2"},
    {PPFFT_C2R, "r4x8/RP+LM-CM+XR2+DIRECT+VASM2+TW-GM+CSE+IL+LU/wg8/t2"},
    {PPFFT_R2C, "r4x8/RP+LM-CM+XR2+DIRECT+VASM2+TW-GM+CSE+IL+LU/wg8/t2"},
  };
  for (size_t k = 0; k < sizeof owned / sizeof owned[0]; ++k) {
    ppfft_desc_init(&d, 1, &nr, 3);
    d.kind = owned[k].kind;
    split sr = split_of(1, (int[]){1}, fr64, NULL);
    sr.real_half = 1;
    transform t;
    pass_desc pd[DECOMPOSE_MAX_PASSES];
    size_t tmp;
    char msg[256];
    variant v;
    geometry g;
    ck_assert_int_eq(transform_from_desc(NULL, &di, &d, &t), PPFFT_SUCCESS);
    ck_assert_int_eq(decompose(&t, &sr, pd, &tmp, msg, sizeof msg), 1);
    ck_assert_int_eq(variant_parse(owned[k].v, &v, msg, sizeof msg), 0);
    ck_assert_msg(geometry_of(&pd[0].pb, &v, &di, &g, msg, sizeof msg) == 0, "%s", msg);
    pin_kernel(&h, &pd[0].pb, &v, &g);
  }
  for (int kind = 0; kind < 2; ++kind) {
    ppfft_desc_init(&d, 1, &nr4k, 2);
    d.kind = kind ? PPFFT_R2C : PPFFT_C2R;
    split sr4k = split_of(1, (int[]){2}, fr4k, NULL);
    sr4k.real_half = 1;
    pin_transform(&h, &di, &d, sr4k);
  }

  printf("generator output: %zu kernels (%zu of the pairwise set, LM-CT in twelve passes, %zu general-layout passes and "
         "transposes), hash 0x%016llx\n",
         h.kernels, pairwise, h.kernels - pairwise - 1, (unsigned long long)h.hash);
  ck_assert_msg(h.hash == GEN_OUTPUT_HASH,
                "the generator's output changed: bump GEN_SIGNATURE (wisdom of the old generator is then ignored) and set "
                "GEN_OUTPUT_HASH to 0x%016llxull in lib/gen/signature.h",
                (unsigned long long)h.hash);
}
END_TEST

Suite *make_gen_suite(void)
{
  Suite *s = suite_create("gen");
  TCase *tc = test_tcase("source");
  tcase_add_test(tc, twp_fetches_powers_of_two);
  tcase_add_test(tc, lm_ct_twelve_digit_reversal);
  tcase_add_test(tc, shuffle_exchange_text);
  tcase_add_test(tc, generator_output_pinned);
  suite_add_tcase(s, tc);
  return s;
}
