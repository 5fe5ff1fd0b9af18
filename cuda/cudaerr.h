/* CUDA runtime and NVRTC errors in messages: which call failed and how. */
#ifndef PPFFT_CUDA_CUDAERR_H
#define PPFFT_CUDA_CUDAERR_H
#include "core/errors.h"
#include <cuda_runtime_api.h>

/* Records that `call` failed with err: OUT_OF_MEMORY for cudaErrorMemoryAllocation, NO_DEVICE for
 * no device or no driver, CUDA otherwise; the message names the call, the error's name and its
 * description.  Clears the runtime's sticky last error.  Returns the status. */
ppfft_status cuda_error(const errors *e, const char *call, cudaError_t err);

#endif
