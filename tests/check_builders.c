/* ppfft-tune's builder processes (tuner/builders.h), driven by /bin/sh stand-ins: reports move each
 * builder past its problems, a builder that dies without reporting is not waited for, a silent one
 * only until the deadline, and stopping ends the ones still running. */
#include "../tuner/builders.h"
#include "suites.h"
#include "testutil.h"
#include <stdint.h>
#include <time.h>

static double now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Starts two builders running script, whose $4 is "--build-share"'s j/2 (after --budget S). */
static unsigned start_sh(builders *b, const char *script)
{
  char *argv[] = {"sh", "-c", (char *)script, "sh"};
  return builders_start(b, "/bin/sh", 4, argv, 2, 5.0);
}

START_TEST(reports_move_builders_past_problems)
{
  builders b;
  ck_assert_uint_eq(start_sh(&b, "j=${4%/*}; for i in 0 1 2; do echo \"$j $i\"; done; exec sleep 30"), 2);
  double t0 = now();
  builders_await(&b, 2, t0 + 20, now);
  ck_assert_msg(now() - t0 < 10, "waited %.1f s for reports sent at once", now() - t0);
  for (unsigned j = 0; j < 2; ++j) ck_assert_msg(b.passed[j] >= 3, "builder %u passed %zu problems, want 3", j, b.passed[j]);
  ck_assert_uint_eq(builders_stop(&b), 2); /* both still sleeping: stopped, which is not a failure */
  ck_assert_uint_eq(b.count, 0);
}
END_TEST

START_TEST(a_builder_that_dies_is_not_waited_for)
{
  builders b;
  /* builder 1 ends with status 3 before reporting anything; builder 0 reports, then keeps running */
  ck_assert_uint_eq(start_sh(&b, "j=${4%/*}; [ $j = 1 ] && exit 3; echo \"$j 0\"; exec sleep 30"), 2);
  double t0 = now();
  builders_await(&b, 0, t0 + 20, now);
  ck_assert_msg(now() - t0 < 10, "waited %.1f s for a builder that had died", now() - t0);
  ck_assert_uint_eq(b.passed[1], SIZE_MAX);
  ck_assert_int_eq(b.state[1], 0);
  ck_assert_uint_eq(builders_stop(&b), 1); /* builder 0 stopped, builder 1 failed */
}
END_TEST

START_TEST(a_silent_builder_is_waited_for_until_the_deadline)
{
  builders b;
  ck_assert_uint_eq(start_sh(&b, "exec sleep 30"), 2);
  double t0 = now();
  builders_await(&b, 0, t0 + 0.5, now);
  double waited = now() - t0;
  ck_assert_msg(waited >= 0.45 && waited < 5, "waited %.2f s with a deadline of 0.5 s", waited);
  ck_assert_uint_eq(b.passed[0], 0);
  ck_assert_uint_eq(builders_stop(&b), 2);
}
END_TEST

START_TEST(no_builders_where_none_start)
{
  builders b;
  char *argv[] = {"no-such-program-ppfft"};
  ck_assert_uint_eq(builders_start(&b, "/no/such/program", 1, argv, 2, 1.0), 0);
  ck_assert_int_eq(b.fd, -1);
  builders_await(&b, 0, now() + 5, now); /* returns at once: nobody to wait for */
  ck_assert_uint_eq(builders_stop(&b), 0);
}
END_TEST

Suite *make_builders_suite(void)
{
  Suite *s = suite_create("builders");
  TCase *tc = test_tcase("processes");
  tcase_add_test(tc, reports_move_builders_past_problems);
  tcase_add_test(tc, a_builder_that_dies_is_not_waited_for);
  tcase_add_test(tc, a_silent_builder_is_waited_for_until_the_deadline);
  tcase_add_test(tc, no_builders_where_none_start);
  suite_add_tcase(s, tc);
  return s;
}
