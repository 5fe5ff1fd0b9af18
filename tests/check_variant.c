/* Variant strings (core/variant.h): parse/print round trip over every knob, and strict rejection of
 * malformed text. */
#include "core/variant.h"
#include "suites.h"
#include "testutil.h"
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
  for (int m = SHFL_NAIVE; m < SHUFFLE_MODES; ++m) { /* RP with each shuffle exchange */
    variant v = make(ONCHIP_RP_LM_CM, ACCESS_DIRECT, 0, 2, TW_CM_K, m), back;
    v.shfl = (shuffle_mode)m;
    char s[256], want[64], msg[256];
    variant_print(&v, s, sizeof s);
    snprintf(want, sizeof want, "/RP+%s+DIRECT+", variant_shuffle_name(v.shfl));
    ck_assert_msg(strstr(s, want) && !strstr(s, "LM-CM"), "%s", s);
    ck_assert_msg(variant_parse(s, &back, msg, sizeof msg) == 0, "%s: %s", s, msg);
    ck_assert_msg(memcmp(&v, &back, sizeof v) == 0, "%s does not parse back to itself", s);
  }
  { /* COLS, after the access pattern */
    variant v = make(ONCHIP_RP_LM_CM, ACCESS_CGAP, 0, 2, TW_GM, 3), back;
    v.cols = 1;
    v.rounds = 2;
    char s[256], msg[256];
    variant_print(&v, s, sizeof s);
    ck_assert_msg(strstr(s, "/RP+LM-CM+XR2+CGAP+COLS+VASM2+"), "%s", s);
    ck_assert_msg(variant_parse(s, &back, msg, sizeof msg) == 0, "%s: %s", s, msg);
    ck_assert_msg(memcmp(&v, &back, sizeof v) == 0, "%s does not parse back to itself", s);
    ck_assert_int_ne(variant_parse("r16x16/RP+LM-CM+CGAP+COLS+COLS+VASM2+TW-GM/wg256/t16", &back, msg, sizeof msg), 0);
  }
  { /* LM32 (f16's local plane in f32 parts), after TC, before the access pattern */
    variant v = make(ONCHIP_RP_LM_CM, ACCESS_CGAP, 0, 2, TW_GM, 3), back;
    v.cols = 1;
    v.lm32 = 1;
    char s[256], msg[256];
    variant_print(&v, s, sizeof s);
    ck_assert_msg(strstr(s, "/RP+LM-CM+LM32+CGAP+COLS+VASM2+"), "%s", s);
    ck_assert_msg(variant_parse(s, &back, msg, sizeof msg) == 0, "%s: %s", s, msg);
    ck_assert_msg(memcmp(&v, &back, sizeof v) == 0, "%s does not parse back to itself", s);
  }
  for (unsigned k = 1; k <= 3; ++k) { /* ABFTk, after the twiddles; one only */
    variant v = make(ONCHIP_RP_LM_CM, ACCESS_CGAP, 0, 2, TW_CM_K, 7), back;
    v.abft = k;
    char s[256], want[32], msg[256];
    variant_print(&v, s, sizeof s);
    snprintf(want, sizeof want, "+CM-K+ABFT%u", k);
    ck_assert_msg(strstr(s, want), "%s", s);
    ck_assert_msg(variant_parse(s, &back, msg, sizeof msg) == 0, "%s: %s", s, msg);
    ck_assert_msg(memcmp(&v, &back, sizeof v) == 0, "%s does not parse back to itself", s);
  }
  {
    variant back;
    char msg[256];
    ck_assert_int_ne(variant_parse("r16x16/RP+LM-CM+CGAP+VASM2+CM-K+ABFT3+ABFT2/wg64/t4", &back, msg, sizeof msg), 0);
    ck_assert_int_ne(variant_parse("r16x16/RP+LM-CM+CGAP+VASM2+CM-K+ABFT4/wg64/t4", &back, msg, sizeof msg), 0);
  }
  for (unsigned k = 2; k <= 8; ++k) { /* MBk, after the rounds */
    variant v = make(ONCHIP_RP_LM_CM, ACCESS_DIRECT, 0, 2, TW_GM, 0), back;
    v.rounds = 2;
    v.minb = k;
    char s[256], want[32], msg[256];
    variant_print(&v, s, sizeof s);
    snprintf(want, sizeof want, "/RP+LM-CM+XR2+MB%u+DIRECT+", k);
    ck_assert_msg(strstr(s, want), "%s", s);
    ck_assert_msg(variant_parse(s, &back, msg, sizeof msg) == 0, "%s: %s", s, msg);
    ck_assert_msg(memcmp(&v, &back, sizeof v) == 0, "%s does not parse back to itself", s);
  }
  for (unsigned k = 2; k <= 16; ++k) { /* XRk: any count of rounds 2..16 (mixed radices: XR5, XR7, XR12); PAIR after */
    variant v = make(ONCHIP_RP_LM_CM, ACCESS_DIRECT, 0, 2, TW_GM, 0), back;
    v.rounds = k;
    v.pair = k & 1;
    char s[256], want[32], msg[256];
    variant_print(&v, s, sizeof s);
    snprintf(want, sizeof want, "/RP+LM-CM+XR%u%s+DIRECT+", k, k & 1 ? "+PAIR" : "");
    ck_assert_msg(strstr(s, want), "%s", s);
    ck_assert_msg(variant_parse(s, &back, msg, sizeof msg) == 0, "%s: %s", s, msg);
    ck_assert_msg(memcmp(&v, &back, sizeof v) == 0, "%s does not parse back to itself", s);
  }
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
      "r16x/RP+LM-CM+VASM4+CM-K/wg64/t4", "rx16/RP+LM-CM+VASM4+CM-K/wg64/t4", "r17x16/RP+LM-CM+VASM4+CM-K/wg64/t4",
      "r24x4/RP+LM-CM+VASM4+CM-K/wg64/t4", "r10x0/RP+LM-CM+VASM4+CM-K/wg64/t4",
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
      /* shuffle exchanges: after RP, instead of LM-CM, one of four, no rounds */
      "r16x16/SHFL-DIV+VASM2+CM-K/wg64/t4", "r16x16/RP+LM-CM+SHFL-DIV+VASM2+CM-K/wg64/t4", "r16x16/RP+SHFL+VASM2+CM-K/wg64/t4",
      "r16x16/RP+SHFL-SELP+VASM2+CM-K/wg64/t4", "r16x16/RP+SHFL-DIV+SHFL-DIV+VASM2+CM-K/wg64/t4",
      "r16x16/RP+SHFL-DIV+SHFL-NAIVE+VASM2+CM-K/wg64/t4", "r16x16/RP+SHFL-DIV+XR2+VASM2+CM-K/wg64/t4",
      "r16x16/LM-CC+SHFL-DIV+VASM2+CM-K/wg64/t4",
      /* blocks a multiprocessor: 2..8, once */
      "r16x16/RP+LM-CM+MB1+VASM2+CM-K/wg64/t4", "r16x16/RP+LM-CM+MB9+VASM2+CM-K/wg64/t4", "r16x16/RP+LM-CM+MB+VASM2+CM-K/wg64/t4",
      "r16x16/RP+LM-CM+MB2+MB3+VASM2+CM-K/wg64/t4", "r16x16/RP+LM-CM+MB2x+VASM2+CM-K/wg64/t4",
      /* exchange rounds: XR2..XR16, once, with RP+LM-CM */
      "r16x16/RP+LM-CM+XR1+VASM2+CM-K/wg64/t4", "r16x16/RP+LM-CM+XR17+VASM2+CM-K/wg64/t4", "r16x16/RP+LM-CM+XR+VASM2+CM-K/wg64/t4",
      "r16x16/RP+LM-CM+XR2+XR4+VASM2+CM-K/wg64/t4", "r16x16/LM-CC+XR5+VASM2+CM-K/wg64/t4",
      /* PAIR: once, with RP+LM-CM */
      "r16x16/RP+LM-CM+PAIR+PAIR+VASM2+CM-K/wg64/t4", "r16x16/LM-CC+PAIR+VASM2+CM-K/wg64/t4", "r16x16/RP+SHFL-DIV+PAIR+VASM2+CM-K/wg64/t4",
      /* LM32: once, with RP */
      "r16x16/RP+LM-CM+LM32+LM32+VASM2+CM-K/wg64/t4", "r16x16/LM-CC+LM32+VASM2+CM-K/wg64/t4", "r16x16/GM+LM32+VASM2+CM-K/wg64/t4",
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

/* Mixed radices (2..16, and 32) parse, multiply to N and print back as given. */
START_TEST(mixed_radix_strings)
{
  static const struct { const char *s; size_t n; } ok[] = {
      {"r10x10x10/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU/wg100/t1", 1000},
      {"r8x5x5x5/RP+LM-CM+CGAP+VASM2+CM-K/wg125/t1", 1000},
      {"r16x3/GM+CGAP+VASM2+TW-CALC/wg3/t1", 48},
      {"r3x5x7x11x13/LM-CC+VASM2+TW-GM/wg1/t1", 15015},
      {"r6x9x12x14x15/LM-CT+VASM2+CM-L/wg17/t3", 6 * 9 * 12 * 14 * 15},
      {"r32x3/RP+LM-CM+VASM2+CM-K/wg3/t1", 96},
  };
  for (size_t i = 0; i < sizeof ok / sizeof ok[0]; ++i) {
    variant v;
    char msg[256] = "", back[256];
    ck_assert_msg(variant_parse(ok[i].s, &v, msg, sizeof msg) == 0, "%s: %s", ok[i].s, msg);
    ck_assert_uint_eq(variant_length(&v), ok[i].n);
    variant_print(&v, back, sizeof back);
    ck_assert_str_eq(back, ok[i].s);
  }
}
END_TEST

Suite *make_variant_suite(void)
{
  Suite *s = suite_create("variant");
  TCase *tc = test_tcase("strings");
  tcase_add_test(tc, round_trip_every_knob);
  tcase_add_test(tc, design_example_parses);
  tcase_add_test(tc, malformed_strings_rejected);
  tcase_add_test(tc, mixed_radix_strings);
  suite_add_tcase(s, tc);
  return s;
}
