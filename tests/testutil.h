/* Shared test machinery.
 *
 * testutil.c (every program, no device): the runner each program's main calls, skips, changes to
 * the environment that are undone after each test, random data, the FFTW reference in higher
 * precision and error bounds.
 * testdevice.c (the programs that need an OpenCL device; tests/check_units never links it): one
 * OpenCL context for the whole run and "run this descriptor (and variant) and give me the error". */
#ifndef PPFFT_TESTUTIL_H
#define PPFFT_TESTUTIL_H
#include "ppfft.h"
#include <check.h>
#include <stddef.h>

/* ---- the runner (testutil.c) ---- */

/* A program's main: runs the suites made by make[0..n-1] in this process (CK_NOFORK: OpenCL
 * runtimes keep worker threads that a fork() would lose), then prints "N passed, M failed, K
 * skipped" (passed excludes skipped), the skipped tests with their reasons and the elapsed time.
 * With open (test_device_open), it first opens the test device and exits 77 (automake's skip)
 * when there is none, and calls close at the end; without, it never opens one (OpenCL finds no
 * platform in this process).  PPFFT_TEST_XML=dir writes the Check XML log (each test's duration)
 * to dir/<program>.xml.  Returns the exit status. */
int test_main(const char *argv0, Suite *(*const *make)(void), size_t n, int (*open)(const char *prog), void (*close)(void));

/* The counts of a finished run, as test_main prints them, and the reset of the numbering and the
 * skips before a run (for the runner's own tests, tests/check_runner.c). */
void test_tally(SRunner *sr, int *passed, int *failed, int *skipped);
void test_tally_reset(void);

/* A test case with the fixture every test needs: the checked teardown undoes test_setenv (Check
 * runs checked teardowns after a failed assert too, also in CK_NOFORK mode), and the checked setup
 * numbers the tests so that test_main can tell which ones skipped.  Every tcase of the programs is
 * made by this function (test_main checks it). */
TCase *test_tcase(const char *name);

/* Records that the current test cannot check its property here (f64 on a device without fp64,
 * permissions when running as root...), with the reason; the caller returns (or goes on with the
 * parts it can check).  A test that skipped and did not fail counts as skipped, not passed. */
void test_skip_at(const char *func, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
#define test_skip(...) test_skip_at(__func__, __VA_ARGS__)

/* setenv / unsetenv for one test: the first change of a variable saves its value, which the
 * test_tcase teardown puts back after the test, passed or failed. */
void test_setenv(const char *name, const char *value);
void test_unsetenv(const char *name);
void test_restore_env(void);

/* Full product of knobs instead of the pairwise set (make check-full sets PPFFT_TEST_FULL=1). */
int test_full(void);
/* Whether make check's sampled sets run whole: test_full(), or PPFFT_TEST_WHOLE=1 (CI's oclgrind
 * step, whose builds are cheap: it runs every row of the pairwise set that make check on PoCL
 * samples for time, so CI still covers each row against FFTW). */
int test_whole(void);
/* Whether this process runs (its share of) the full product: test_full(), and PPFFT_TEST_SHARD is
 * not "none" (make check-full's processes for the other suites). */
int test_full_product(void);
/* This process's share of the full product: PPFFT_TEST_SHARD=i/n runs the kernels that hash to i
 * of n (make check-full starts n processes); 0/1 without it. */
void test_shard(unsigned *index, unsigned *count);
/* Whether the share's case k (counted from 0) is this process's: all, unless
 * PPFFT_TEST_SHARD_PART=F:j/m, which runs the cases F + j, F + j + m, ... of the share (to finish a
 * share stopped after F cases, over m processes). */
int test_share_part(size_t k);

/* PPFFT_TEST_VERBOSE=1: tests print each case they run with its time (what makes a test slow). */
int test_verbose(void);
double test_now(void); /* a monotonic clock, seconds */

/* ---- numbers (testutil.c) ---- */

/* Deterministic pseudo-random doubles in [-1, 1). */
void test_random(double *x, size_t n, unsigned seed);

/* Reference: forward (sign -1) or backward DFT of `batch` transforms of length n, interleaved
 * complex, computed by FFTW in long double.  out may not alias in. */
void test_reference(const double *in, double *out, size_t n, size_t batch, int sign);

/* The same for transforms of rank 1-3, packed, dimensions n[0..rank-1] (the last contiguous). */
void test_reference_nd(int rank, const size_t *n, size_t batch, int sign, const double *in, double *out);

/* Relative L2 error ||a - b|| / ||b|| over count complex values. */
double test_rel_error(const double *a, const double *b, size_t count);

/* Relative L2 error ||a - s b|| / ||s b|| over count reals (real transforms' sides; s = 1: b itself). */
double test_real_error(const double *a, const double *b, double s, size_t count);

/* The error bound for length n: 5e-7 log2 n (f32) or 1e-15 log2 n (f64), at least for log2 n = 1. */
double test_bound(size_t n, int f64);

/* ---- the device (testdevice.c) ---- */

typedef struct test_env {
  ppfft_context *ctx;
  cl_context cl;
  cl_device_id dev;
  cl_command_queue q;
} test_env;

/* The process-wide environment on the default device (PPFFT_DEVICE honoured); NULL if there is no
 * OpenCL device, in which case test_main exits 77 (skip). */
test_env *test_env_get(void);
void test_env_release(void);

/* test_main's open for the programs on a device: opens it and says which it is (0), or says there
 * is none (-1). */
int test_device_open(const char *prog);

/* Whether the test device runs f64; if not, records a skip for the current test with the reason
 * (what is skipped: e.g. "f64 cases") and returns 0. */
int test_has_fp64_at(const char *func, const char *what);
#define test_has_fp64(what) test_has_fp64_at(__func__, what)

/* Runs d (1D, packed, interleaved) with variant (NULL: ppfft_plan_create with ESTIMATE) on random
 * input (seed) and stores the relative error against the reference in *err.  Returns the status of
 * plan creation or execution; PPFFT_SUCCESS when the transform ran. */
ppfft_status test_run(const ppfft_desc *d, const char *variant, unsigned seed, double *err);

/* As test_run, the plan made by ppfft_plan_create with flags.  Thread-safe (the tests' queue is
 * shared). */
ppfft_status test_run_flags(const ppfft_desc *d, unsigned flags, unsigned seed, double *err);

/* Host <-> device copies of complex data in the plan's precision (f64 or f32), blocking. */
cl_mem test_upload(const double *x, size_t count, int f64);
void test_download(cl_mem m, double *x, size_t count, int f64);
/* The real (k = 0) or imaginary (k = 1) parts of count complex values, as a buffer of reals (planar
 * data; layoutcase.c). */
cl_mem test_upload_part(const double *x, size_t count, int f64, int k);

/* ---- any layout, checked element by element (layoutcase.c) ---- */

/* A case: the descriptor's layout fields as the user writes them (0 = packed). */
typedef struct test_layout {
  int rank;
  size_t n[3], batch;
  int f64, backward, inplace, in_planar, out_planar;
  size_t in_strides[3], out_strides[3], in_dist, out_dist, in_offset, out_offset;
  double scale;        /* 0: 1 */
  const char *variant; /* NULL: ppfft_plan_create (ESTIMATE) */
} test_layout;

/* rank n0 x n1 x n2 (the first rank of them), batch, packed, f32, forward, out of place. */
test_layout test_layout_plain(int rank, size_t n0, size_t n1, size_t n2, size_t batch);

/* The descriptor of lc. */
ppfft_desc test_layout_desc(const test_layout *lc);

/* Plans and runs lc on the test device (a skip for f64 where the device has none) and asserts: the
 * values against FFTW in long double (times the scale) within test_bound, every output element the
 * layout does not address unchanged (sentinels; in place: the input), an out-of-place input
 * unchanged, and, if must is given, that the plan's description contains it.  The description goes
 * to name (if given). */
void test_layout_run(const test_layout *lc, const char *must, char *name, size_t len);

#endif
