/* Runs every suite.  Exits 77 (skip) when there is no OpenCL device at all. */
#include "suites.h"
#include "testutil.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int test_full(void)
{
  const char *s = getenv("PPFFT_TEST_FULL");
  return s && *s && *s != '0';
}

int test_full_product(void)
{
  const char *s = getenv("PPFFT_TEST_SHARD");
  return test_full() && !(s && strcmp(s, "none") == 0);
}

void test_shard(unsigned *index, unsigned *count)
{
  const char *s = getenv("PPFFT_TEST_SHARD");
  *index = 0, *count = 1;
  if (s && (sscanf(s, "%u/%u", index, count) != 2 || *count == 0 || *index >= *count)) *index = 0, *count = 1;
}

int test_share_part(size_t k)
{
  const char *s = getenv("PPFFT_TEST_SHARD_PART");
  unsigned long from, j, m;
  if (!s || sscanf(s, "%lu:%lu/%lu", &from, &j, &m) != 3 || m == 0) return 1;
  return k >= from && (k - from) % m == j;
}

int main(void)
{
  /* Hermetic: no wisdom from the user's tuning runs (it would change what ESTIMATE plans). */
  char data[] = "/tmp/ppfft-test-data-XXXXXX";
  if (mkdtemp(data)) setenv("XDG_DATA_HOME", data, 1);
  unsetenv("PPFFT_WISDOM_PATH");
  if (!test_env_get()) {
    fprintf(stderr, "no OpenCL device (%s): skipping\n", ppfft_context_last_error(NULL));
    return 77;
  }
  char name[256] = "";
  clGetDeviceInfo(test_env_get()->dev, CL_DEVICE_NAME, sizeof name, name, NULL);
  printf("testing on %s (%s)%s\n", name, ppfft_context_device_key(test_env_get()->ctx),
         test_full() ? ", full product of knobs" : "");
  fflush(stdout);
  ppfft_wisdom_forget(test_env_get()->ctx); /* and none from an installed ppfft */
  SRunner *sr = srunner_create(make_variant_suite());
  srunner_add_suite(sr, make_api_suite());
  srunner_add_suite(sr, make_transform_suite());
  srunner_add_suite(sr, make_layouts_suite());
  srunner_add_suite(sr, make_properties_suite());
  srunner_add_suite(sr, make_wisdom_suite());
  srunner_add_suite(sr, make_disk_cache_suite());
  /* OpenCL runtimes keep worker threads that a fork() would lose: run tests in this process. */
  srunner_set_fork_status(sr, CK_NOFORK);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr), run = srunner_ntests_run(sr);
  srunner_free(sr);
  printf("%d passed, %d failed\n", run - failed, failed);
  test_env_release();
  rmdir(data);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
