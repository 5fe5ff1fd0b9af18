/* The generator (gen/kernel.h), without a device: properties of the program text it writes. */
#include "core/geometry.h"
#include "core/problem.h"
#include "core/variant.h"
#include "gen/kernel.h"
#include "suites.h"
#include "testutil.h"
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

Suite *make_gen_suite(void)
{
  Suite *s = suite_create("gen");
  TCase *tc = test_tcase("source");
  tcase_add_test(tc, twp_fetches_powers_of_two);
  suite_add_tcase(s, tc);
  return s;
}
