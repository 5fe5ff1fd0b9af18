/* cuda_error. */
#include "cuda/cudaerr.h"

ppfft_status cuda_error(const errors *e, const char *call, cudaError_t err)
{
  (void)cudaGetLastError(); /* a failed call leaves it set: clear it, so that later calls start clean */
  ppfft_status s = PPFFT_ERROR_CUDA;
  if (err == cudaErrorMemoryAllocation) s = PPFFT_ERROR_OUT_OF_MEMORY;
  else if (err == cudaErrorNoDevice || err == cudaErrorInsufficientDriver) s = PPFFT_ERROR_NO_DEVICE;
  return errors_set(e, s, "%s failed: %s (%s)", call, cudaGetErrorName(err), cudaGetErrorString(err));
}
