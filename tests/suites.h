/* The Check suites, one per module under test.  Makefile.am groups them into programs (TESTS), each
 * built from check_main.c with its list of make_*_suite functions:
 *
 *   check_units       no device: variant, geometry, decompose, candidates, gen, wisdom_store,
 *                     disk_cache, runner
 *   check_api         api
 *   check_transform   transform
 *   check_powers      powers
 *   check_layouts     layouts
 *   check_passes      passes
 *   check_properties  properties
 *   check_wisdom      wisdom, builds
 *   check_real        real
 *   check_bluestein   bluestein, rader
 *   check_every_length every_length (not in make check: make check-lengths, check-full)
 *
 * One suite of a program alone: CK_RUN_SUITE=name tests/check_x (CK_RUN_CASE=tcase for one case). */
#ifndef PPFFT_SUITES_H
#define PPFFT_SUITES_H
#include "ppfft.h"
#include <check.h>

/* without a device */
Suite *make_variant_suite(void);      /* variant strings: round trip, malformed text */
Suite *make_geometry_suite(void);     /* the geometry rules, device limits */
Suite *make_decompose_suite(void);    /* passes of a transform cover each element once; splits */
Suite *make_candidates_suite(void);   /* the planner's candidate lists and the fit */
Suite *make_gen_suite(void);          /* the generator's text: TWP, LM-CT digit reversal, the output pin */
Suite *make_wisdom_store_suite(void); /* device keys and levels, the format (v1, v2), lookup, import, export, shipped files */
Suite *make_disk_cache_suite(void);   /* built programs on disk: keys, atomic writes, corruption */
Suite *make_runner_suite(void);       /* the test runner itself: skips, restored environment after a failure */
Suite *make_builders_suite(void);     /* ppfft-tune's builder processes: reports, dead and silent builders, stopping */
/* on a device */
Suite *make_api_suite(void);          /* every error path of the public API, execution, threads */
Suite *make_real_suite(void);         /* R2C and C2R: FFTW agreement, round trip, Hermitian part, layouts, errors */
Suite *make_faults_suite(void);       /* out of memory, failed builds and launches, full disks, time limits */
Suite *make_transform_suite(void);    /* agreement with FFTW: pairwise set (or full product), LM-CT twelve passes */
Suite *make_powers_suite(void);       /* the estimate at every power of two, random variants at a sample */
Suite *make_layouts_suite(void);      /* multi-dimensional, strided, planar, scale, errors; sentinels */
Suite *make_lengths_suite(void);      /* mixed radix: every 13-smooth length to a bound, longer ones, 2D/3D, radices x knobs */
Suite *make_passes_suite(void);       /* large 1D (four-step), forced splits, exchange rounds, XP */
Suite *make_properties_suite(void);   /* round trip, linearity, impulse, batch tails, distances, repeatability */
Suite *make_wisdom_suite(void);       /* wisdom through the API: levels in describe, planner flags, MEASURE */
Suite *make_builds_suite(void);       /* the library's disk cache, builder shares, budgets */
Suite *make_bluestein_suite(void);    /* Bluestein's lengths, primes, f64, nD, layouts, forced, wisdom, against FFTW's error */
Suite *make_rader_suite(void);        /* Rader's primes: the estimate's choice, against FFTW's error, wrong plan strings, MEASURE */
Suite *make_every_length_suite(void); /* every length of a range: C2C both ways, R2C/C2R, round trips, against FFTW */
/* the CUDA backend (check_cuda: NVRTC builds without a device; the rest on a CUDA device) */
Suite *make_cuda_suite(void);         /* NVRTC builds, agreement with FFTW, the CUDA calls' errors */
Suite *make_abft_suite(void);         /* ABFT: checks, corrections, fault injection, thresholds, errors (OpenCL) */
Suite *make_abft_cuda_suite(void);    /* the same on the CUDA backend */
Suite *make_f16_suite(void);         /* half precision (PPFFT_F16) on the CUDA backend */
int test_cuda_open(const char *prog);   /* says which CUDA device the tests run on, or that none does */
void test_cuda_close(void);
/* The CUDA tests' context on device 0, made on first use (or NULL, with a skip recorded for func, when
 * there is no CUDA device); test_cuda_close destroys it (a device tcase's teardown, for a fresh one). */
ppfft_context *test_cuda_ctx_at(const char *func);

#endif
