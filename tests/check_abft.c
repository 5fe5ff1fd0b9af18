/* ABFT (PPFFT_ABFT) on the OpenCL path: placeholder until the suite lands. */
#include "testutil.h"

Suite *make_abft_suite(void);
Suite *make_abft_suite(void) { return suite_create("abft"); }
