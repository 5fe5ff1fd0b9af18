/* ABFT (PPFFT_ABFT) on the CUDA backend: placeholder until the suite lands. */
#include "testutil.h"

Suite *make_abft_cuda_suite(void);
Suite *make_abft_cuda_suite(void) { return suite_create("abft_cuda"); }
