/* The test runner itself (testutil.h), without a device: a test that fails after changing the
 * environment gets it back (Check runs checked teardowns after a failed assert, also in CK_NOFORK
 * mode, where the failure longjmps out of the test), and skips are counted apart from passes and
 * failures.  Each check runs an inner suite in a child process (check_units opens no OpenCL device,
 * so fork() is safe here), whose exit status says what it found. */
#include "suites.h"
#include "testutil.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

START_TEST(inner_fails_after_setenv)
{
  test_setenv("PPFFT_TEST_PROBE", "changed");
  test_unsetenv("PPFFT_TEST_PROBE_2");
  test_setenv("PPFFT_TEST_PROBE_NEW", "made");
  ck_assert_msg(0, "a deliberate failure");
  test_setenv("PPFFT_TEST_PROBE", "never"); /* not reached */
}
END_TEST

START_TEST(inner_passes_after_setenv)
{
  test_setenv("PPFFT_TEST_PROBE", "again");
}
END_TEST

START_TEST(inner_skips)
{
  test_skip("a deliberate skip");
}
END_TEST

START_TEST(inner_skips_then_fails)
{
  test_skip("skipped a part");
  ck_assert_msg(0, "then failed");
}
END_TEST

/* What the child found, as its exit status. */
enum { CHILD_OK = 0, CHILD_ENV_KEPT = 10, CHILD_ENV_AFTER_PASS = 11, CHILD_COUNTS = 12 };

static int inner_run(int passed_want, int failed_want, int skipped_want, void (*add)(TCase *))
{
  static const char *const outer[] = {"CK_XML_LOG_FILE_NAME", "CK_TAP_LOG_FILE_NAME", "CK_LOG_FILE_NAME", "CK_RUN_SUITE",
                                      "CK_RUN_CASE", "CK_INCLUDE_TAGS", "CK_EXCLUDE_TAGS", "PPFFT_TEST_XML"};
  for (size_t i = 0; i < sizeof outer / sizeof outer[0]; ++i) unsetenv(outer[i]); /* the outer run's logs and filters */
  setenv("PPFFT_TEST_PROBE", "original", 1);
  setenv("PPFFT_TEST_PROBE_2", "two", 1);
  unsetenv("PPFFT_TEST_PROBE_NEW");
  Suite *s = suite_create("inner");
  TCase *tc = test_tcase("inner");
  add(tc);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_set_fork_status(sr, CK_NOFORK);
  test_tally_reset();
  srunner_run_all(sr, CK_SILENT);
  const char *p = getenv("PPFFT_TEST_PROBE"), *p2 = getenv("PPFFT_TEST_PROBE_2");
  int kept = !p || strcmp(p, "original") != 0 || !p2 || strcmp(p2, "two") != 0 || getenv("PPFFT_TEST_PROBE_NEW");
  int passed, failed, skipped;
  test_tally(sr, &passed, &failed, &skipped);
  srunner_free(sr);
  if (kept) return CHILD_ENV_KEPT;
  if (passed != passed_want || failed != failed_want || skipped != skipped_want) {
    fprintf(stderr, "inner run: %d passed, %d failed, %d skipped; want %d, %d, %d\n", passed, failed, skipped, passed_want,
            failed_want, skipped_want);
    return CHILD_COUNTS;
  }
  return CHILD_OK;
}

/* Runs inner_run in a child and returns its exit status (-1 if it did not exit). */
static int in_child(int passed_want, int failed_want, int skipped_want, void (*add)(TCase *))
{
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  ck_assert_int_ge(pid, 0);
  if (pid == 0) _exit(inner_run(passed_want, failed_want, skipped_want, add));
  int status;
  ck_assert_int_eq(waitpid(pid, &status, 0), pid);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void add_failing(TCase *tc) { tcase_add_test(tc, inner_fails_after_setenv); }

static void add_all(TCase *tc)
{
  tcase_add_test(tc, inner_passes_after_setenv);
  tcase_add_test(tc, inner_fails_after_setenv);
  tcase_add_test(tc, inner_skips);
  tcase_add_test(tc, inner_skips_then_fails);
  tcase_add_test(tc, inner_passes_after_setenv);
}

START_TEST(env_restored_after_a_failed_assert)
{
  int r = in_child(0, 1, 0, add_failing);
  ck_assert_msg(r != CHILD_ENV_KEPT, "a failed test left its environment changed: the checked teardown did not run");
  ck_assert_int_eq(r, CHILD_OK);
}
END_TEST

START_TEST(skips_counted_apart)
{
  /* two passes, two failures (one after a skip: a failure), one skip */
  int r = in_child(2, 2, 1, add_all);
  ck_assert_msg(r != CHILD_COUNTS, "the tally of passes, failures and skips is wrong (see stderr)");
  ck_assert_int_eq(r, CHILD_OK);
}
END_TEST

Suite *make_runner_suite(void)
{
  Suite *s = suite_create("runner");
  TCase *tc = test_tcase("runner");
  tcase_add_test(tc, env_restored_after_a_failed_assert);
  tcase_add_test(tc, skips_counted_apart);
  suite_add_tcase(s, tc);
  return s;
}
