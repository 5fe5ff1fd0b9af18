/* Test machinery without a device; see testutil.h. */
#include "testutil.h"
#include <fftw3.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* ---- skips ---- */

enum { MAX_SKIPS = 64 };
static struct skip {
  int test;        /* the test's number in the run (its index in srunner_results) */
  char name[96];   /* the test's name */
  char reason[256];
} skips[MAX_SKIPS];
static int nskips, current = -1, numbered;

void test_tally_reset(void)
{
  nskips = numbered = 0;
  current = -1;
}

static void begin_test(void)
{
  ++current;
  ++numbered;
}

void test_skip_at(const char *func, const char *fmt, ...)
{
  if (nskips == MAX_SKIPS) return;
  struct skip *s = &skips[nskips++];
  s->test = current;
  size_t n = strlen(func);
  if (n > 3 && strcmp(func + n - 3, "_fn") == 0) n -= 3; /* START_TEST(x) defines x_fn */
  snprintf(s->name, sizeof s->name, "%.*s", (int)n, func);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(s->reason, sizeof s->reason, fmt, ap);
  va_end(ap);
}

/* ---- the environment ---- */

enum { MAX_SAVED = 16 };
static struct saved {
  char name[64];
  char *value; /* NULL: was unset */
} saved[MAX_SAVED];
static int nsaved;

static void save(const char *name)
{
  for (int i = 0; i < nsaved; ++i)
    if (strcmp(saved[i].name, name) == 0) return;
  ck_assert_msg(nsaved < MAX_SAVED && strlen(name) < sizeof saved[0].name, "test_setenv: too many variables");
  const char *v = getenv(name);
  snprintf(saved[nsaved].name, sizeof saved[nsaved].name, "%s", name);
  saved[nsaved++].value = v ? strdup(v) : NULL;
}

void test_setenv(const char *name, const char *value)
{
  save(name);
  setenv(name, value, 1);
}

void test_unsetenv(const char *name)
{
  save(name);
  unsetenv(name);
}

void test_restore_env(void)
{
  for (int i = nsaved - 1; i >= 0; --i) {
    if (saved[i].value) setenv(saved[i].name, saved[i].value, 1);
    else unsetenv(saved[i].name);
    free(saved[i].value);
  }
  nsaved = 0;
}

TCase *test_tcase(const char *name)
{
  TCase *tc = tcase_create(name);
  tcase_add_checked_fixture(tc, begin_test, test_restore_env);
  tcase_set_timeout(tc, 0); /* CK_NOFORK has no timeouts; CK_FORK (CK_FORK=yes) must not cut slow devices short */
  return tc;
}

/* ---- the runner ---- */

void test_tally(SRunner *sr, int *passed, int *failed, int *skipped)
{
  int run = srunner_ntests_run(sr);
  TestResult **r = srunner_results(sr);
  *failed = *skipped = 0;
  for (int i = 0; i < run; ++i) {
    if (tr_rtype(r[i]) != CK_PASS) {
      ++*failed;
      continue;
    }
    for (int k = 0; k < nskips; ++k)
      if (skips[k].test == i) {
        ++*skipped;
        break;
      }
  }
  free(r);
  *passed = run - *failed - *skipped;
}

int test_full(void)
{
  const char *s = getenv("PPFFT_TEST_FULL");
  return s && *s && *s != '0';
}

int test_whole(void)
{
  const char *s = getenv("PPFFT_TEST_WHOLE");
  return test_full() || (s && *s && *s != '0');
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

int test_verbose(void)
{
  const char *s = getenv("PPFFT_TEST_VERBOSE");
  return s && *s && *s != '0';
}

double test_now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int test_main(const char *argv0, Suite *(*const *make)(void), size_t n, int (*open)(const char *prog), void (*close)(void))
{
  double start = test_now();
  const char *slash = strrchr(argv0, '/'), *prog = slash ? slash + 1 : argv0;
  if (strncmp(prog, "lt-", 3) == 0) prog += 3; /* a libtool wrapper's program */
  /* Hermetic: no wisdom from the user's tuning runs (it would change what ESTIMATE plans). */
  char data[] = "/tmp/ppfft-test-data-XXXXXX";
  if (mkdtemp(data)) setenv("XDG_DATA_HOME", data, 1);
  unsetenv("PPFFT_WISDOM_PATH");
  if (open) {
    if (open(prog) != 0) {
      rmdir(data);
      return 77;
    }
  } else {
    /* Never a device: an OpenCL call in this process would find no platform. */
    setenv("OCL_ICD_VENDORS", "/nonexistent/ppfft-tests-without-a-device", 1);
    setenv("OPENCL_VENDOR_PATH", "/nonexistent/ppfft-tests-without-a-device", 1);
    printf("%s: no device needed\n", prog);
  }
  fflush(stdout);
  SRunner *sr = srunner_create(make[0]());
  for (size_t i = 1; i < n; ++i) srunner_add_suite(sr, make[i]());
  srunner_set_fork_status(sr, CK_NOFORK);
  const char *xml = getenv("PPFFT_TEST_XML"); /* a folder: each program's Check XML log there, with each test's duration */
  char xml_path[4096];
  if (xml && *xml && (size_t)snprintf(xml_path, sizeof xml_path, "%s/%s.xml", xml, prog) < sizeof xml_path) srunner_set_xml(sr, xml_path);
  test_tally_reset();
  srunner_run_all(sr, CK_NORMAL);
  int passed, failed, skipped;
  test_tally(sr, &passed, &failed, &skipped);
  if (numbered != srunner_ntests_run(sr)) { /* a tcase not made by test_tcase: skips cannot be told apart */
    printf("%s: %d tests ran but %d were numbered: make every tcase with test_tcase\n", prog, srunner_ntests_run(sr), numbered);
    ++failed;
  }
  srunner_free(sr);
  printf("%d passed, %d failed, %d skipped\n", passed, failed, skipped);
  for (int k = 0; k < nskips; ++k) printf("  skipped: %s: %s\n", skips[k].name, skips[k].reason);
  printf("%s: %.1f s\n", prog, test_now() - start);
  if (close) close();
  rmdir(data);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

/* ---- numbers ---- */

void test_random(double *x, size_t n, unsigned seed)
{
  unsigned long long s = 0x9E3779B97F4A7C15ull * (seed + 1);
  for (size_t i = 0; i < n; ++i) {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    x[i] = (double)(s >> 11) * 0x1.0p-52 - 1.0;
  }
}

/* FFTW's planner is not thread-safe (only fftwl_execute is), and some tests transform from several
 * threads at once: they plan and destroy plans one at a time. */
static pthread_mutex_t fftw_planner = PTHREAD_MUTEX_INITIALIZER;

void test_reference_nd(int rank, const size_t *n, size_t batch, int sign, const double *in, double *out)
{
  size_t N = 1;
  int len[3];
  for (int k = 0; k < rank; ++k) N *= n[k], len[k] = (int)n[k];
  fftwl_complex *a = fftwl_malloc(sizeof *a * N * batch), *b = fftwl_malloc(sizeof *b * N * batch);
  for (size_t i = 0; i < N * batch; ++i) {
    a[i][0] = in[2 * i];
    a[i][1] = in[2 * i + 1];
  }
  pthread_mutex_lock(&fftw_planner);
  fftwl_plan p = fftwl_plan_many_dft(rank, len, (int)batch, a, NULL, 1, (int)N, b, NULL, 1, (int)N,
                                     sign < 0 ? FFTW_FORWARD : FFTW_BACKWARD, FFTW_ESTIMATE);
  pthread_mutex_unlock(&fftw_planner);
  fftwl_execute(p);
  pthread_mutex_lock(&fftw_planner);
  fftwl_destroy_plan(p);
  pthread_mutex_unlock(&fftw_planner);
  for (size_t i = 0; i < N * batch; ++i) {
    out[2 * i] = (double)b[i][0];
    out[2 * i + 1] = (double)b[i][1];
  }
  fftwl_free(a);
  fftwl_free(b);
}

void test_reference(const double *in, double *out, size_t n, size_t batch, int sign) { test_reference_nd(1, &n, batch, sign, in, out); }

double test_rel_error(const double *a, const double *b, size_t count)
{
  long double num = 0, den = 0;
  for (size_t i = 0; i < 2 * count; ++i) {
    long double d = (long double)a[i] - b[i];
    num += d * d;
    den += (long double)b[i] * b[i];
  }
  if (isnan((double)num)) return INFINITY;
  return den > 0 ? (double)sqrtl(num / den) : (double)sqrtl(num);
}

double test_real_error(const double *a, const double *b, double s, size_t count)
{
  long double num = 0, den = 0;
  for (size_t i = 0; i < count; ++i) {
    long double want = (long double)s * b[i], d = a[i] - want;
    num += d * d;
    den += want * want;
  }
  if (isnan((double)num)) return INFINITY;
  return den > 0 ? (double)sqrtl(num / den) : (double)sqrtl(num);
}

double test_bound(size_t n, int f64)
{
  double lg = n > 2 ? log2((double)n) : 1.0;
  return (f64 ? 1e-15 : 5e-7) * lg;
}
