/* The planner's candidate lists (plan/candidates.h) and the fit (plan/fit.h), without a device: on
 * no device limits (NULL) and on a fake device_info. */
#include "core/geometry.h"
#include "core/variant.h"
#include "plan/candidates.h"
#include "suites.h"
#include "testutil.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

Suite *make_candidates_suite(void)
{
  Suite *s = suite_create("candidates");
  TCase *tc = test_tcase("lists");
  tcase_add_test(tc, estimate_candidates);
  tcase_add_test(tc, exhaustive_tries_launch_shapes);
  suite_add_tcase(s, tc);
  return s;
}
