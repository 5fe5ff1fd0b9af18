/* Shared test machinery: one OpenCL context for the whole run, random data, the FFTW reference in
 * higher precision, and "run this descriptor (and variant) and give me the error". */
#ifndef PPFFT_TESTUTIL_H
#define PPFFT_TESTUTIL_H
#include "ppfft.h"
#include <stddef.h>

typedef struct test_env {
  ppfft_context *ctx;
  cl_context cl;
  cl_device_id dev;
  cl_command_queue q;
} test_env;

/* The process-wide environment on the default device (PPFFT_DEVICE honoured); NULL if there is no
 * OpenCL device, in which case main() exits 77 (skip). */
test_env *test_env_get(void);
void test_env_release(void);

/* Deterministic pseudo-random doubles in [-1, 1). */
void test_random(double *x, size_t n, unsigned seed);

/* Reference: forward (sign -1) or backward DFT of `batch` transforms of length n, interleaved
 * complex, computed by FFTW in long double.  out may not alias in. */
void test_reference(const double *in, double *out, size_t n, size_t batch, int sign);

/* Relative L2 error ||a - b|| / ||b|| over count complex values. */
double test_rel_error(const double *a, const double *b, size_t count);

/* The error bound for length n: 5e-7 log2 n (f32) or 1e-15 log2 n (f64), at least for log2 n = 1. */
double test_bound(size_t n, int f64);

/* Runs d (1D, packed, interleaved) with variant (NULL: ppfft_plan_create with ESTIMATE) on random
 * input (seed) and stores the relative error against the reference in *err.  Returns the status of
 * plan creation or execution; PPFFT_SUCCESS when the transform ran. */
ppfft_status test_run(const ppfft_desc *d, const char *variant, unsigned seed, double *err);

/* Host <-> device copies of complex data in the plan's precision (f64 or f32), blocking. */
cl_mem test_upload(const double *x, size_t count, int f64);
void test_download(cl_mem m, double *x, size_t count, int f64);

#endif
