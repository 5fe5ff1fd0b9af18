/* The probe of the Tensor Cores' fragment element map (core/tc_map.h) on a CUDA device. */
#ifndef PPFFT_CUDA_TENSOR_PROBE_H
#define PPFFT_CUDA_TENSOR_PROBE_H
#include "cuda/runtime.h"

/* Sets rt->info.tc and tc_ok = 1 when the probe ran and its output is a 16x8x16 product's; else
 * tc_ok = 0 (before sm_80, or any failure: the TC knob is then refused).  Never fails otherwise. */
void cuda_tensor_probe(cuda_runtime *rt);

#endif
