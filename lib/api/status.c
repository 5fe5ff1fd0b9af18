/* ppfft_status_string: one fixed message per status. */
#include "ppfft.h"

const char *ppfft_status_string(ppfft_status s)
{
  switch (s) {
  case PPFFT_SUCCESS: return "success";
  case PPFFT_ERROR_INVALID_ARGUMENT: return "invalid argument";
  case PPFFT_ERROR_INVALID_SIZE: return "invalid or unsupported size";
  case PPFFT_ERROR_INVALID_LAYOUT: return "invalid data layout (strides, distances or offsets)";
  case PPFFT_ERROR_BUFFER_TOO_SMALL: return "buffer smaller than the layout addresses";
  case PPFFT_ERROR_UNSUPPORTED: return "not supported on this device or by this version";
  case PPFFT_ERROR_OUT_OF_MEMORY: return "out of memory";
  case PPFFT_ERROR_OPENCL: return "OpenCL call failed";
  case PPFFT_ERROR_BUILD: return "kernel build failed";
  case PPFFT_ERROR_WISDOM: return "malformed wisdom";
  case PPFFT_ERROR_IO: return "input/output error";
  case PPFFT_ERROR_NO_DEVICE: return "no device";
  case PPFFT_ERROR_CUDA: return "CUDA call failed";
  case PPFFT_ERROR_FAULT: return "a fault could not be corrected";
  }
  return "unknown ppfft status";
}
