/* TC: radix-16 passes on the Tensor Cores (see gen/tensor.c), internal to gen/. */
#ifndef PPFFT_GEN_TENSOR_H
#define PPFFT_GEN_TENSOR_H
#include "gen/emit.h"

/* The program-scope part of a TC kernel: the probed fragment map as a table, the packing and mma
 * helpers (after the half-precision helpers, which it uses). */
void gen_tc_helpers(gen_state *gs);

/* The body of an RP+LM-CM+TC kernel after the declarations: the load, the passes (radix 16 on the
 * Tensor Cores through the local planes, the others on registers), the store. */
void gen_tc_body(gen_state *gs);

#endif
