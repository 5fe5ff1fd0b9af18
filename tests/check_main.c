/* The main of every test program: Makefile.am compiles it once per program with the program's
 * suites in TEST_SUITES (make_*_suite, comma-separated) and TEST_DEVICE (1: the suites need an
 * OpenCL device, and the program skips with exit status 77 without one; 0: it never opens one;
 * 2: check_cuda, whose tests open a CUDA device themselves and skip one by one without it). */
#include "suites.h"
#include "testutil.h"

#if !defined(TEST_SUITES) || !defined(TEST_DEVICE)
#error "compile with -DTEST_SUITES=make_x_suite,... -DTEST_DEVICE=0|1"
#endif

static Suite *(*const suites[])(void) = {TEST_SUITES};

int main(int argc, char **argv)
{
  (void)argc;
#if TEST_DEVICE == 2
  return test_main(argv[0], suites, sizeof suites / sizeof suites[0], test_cuda_open, test_cuda_close);
#elif TEST_DEVICE
  return test_main(argv[0], suites, sizeof suites / sizeof suites[0], test_device_open, test_env_release);
#else
  return test_main(argv[0], suites, sizeof suites / sizeof suites[0], NULL, NULL);
#endif
}
