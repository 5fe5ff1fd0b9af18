/* The Check suites, one per module under test; check_main.c chains them. */
#ifndef PPFFT_SUITES_H
#define PPFFT_SUITES_H
#include <check.h>

Suite *make_variant_suite(void);    /* variant strings and geometry rules: no device needed */
Suite *make_api_suite(void);        /* every error path of the public API */
Suite *make_transform_suite(void);  /* agreement with FFTW: pairwise set (or full product), random sample */
Suite *make_properties_suite(void); /* round trip, linearity, impulse, batch tails, threads */
Suite *make_wisdom_suite(void);     /* wisdom text, import/export, planner flags */
Suite *make_disk_cache_suite(void);
Suite *make_layouts_suite(void); /* built programs on disk: keys, atomic writes, corruption */

/* Full product of knobs instead of the pairwise set (make check-full sets PPFFT_TEST_FULL=1). */
int test_full(void);
/* Whether this process runs (its share of) the full product: test_full(), and PPFFT_TEST_SHARD is
 * not "none" (make check-full's process for the other suites). */
int test_full_product(void);
/* This process's share of the full product: PPFFT_TEST_SHARD=i/n runs the kernels that hash to i
 * of n (make check-full starts n processes); 0/1 without it. */
void test_shard(unsigned *index, unsigned *count);
/* Whether the share's case k (counted from 0) is this process's: all, unless
 * PPFFT_TEST_SHARD_PART=F:j/m, which runs the cases F + j, F + j + m, ... of the share (to finish a
 * share stopped after F cases, over m processes). */
int test_share_part(size_t k);

#endif
