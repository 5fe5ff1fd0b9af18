/* ppfft on CUDA: the same library seen through a CUDA context (libppfft_cuda, pkg-config
 * ppfft-cuda).  The descriptor, ppfft_plan_create, ppfft_plan_create_variant, ppfft_plan_describe,
 * wisdom import and export and ppfft_context_device_key work on a CUDA context as on an OpenCL one;
 * its kernels are the generator's CUDA dialect, compiled with NVRTC when a plan is made and cached
 * on disk next to the OpenCL binaries.  The OpenCL-only calls (ppfft_execute, ppfft_context_cl_*)
 * refuse a CUDA context's plans with INVALID_ARGUMENT, and the calls below refuse an OpenCL one's.
 *
 * A CUDA context works in the CUDA runtime's primary context of its device: it takes pointers from
 * cudaMalloc (or cudaMallocAsync, or managed memory) and streams of that device, and leaves the
 * caller's current device as it found it.  Failures of CUDA calls are PPFFT_ERROR_CUDA, with the
 * call and the error in ppfft_context_last_error(); failed NVRTC builds are PPFFT_ERROR_BUILD with
 * the log. */
#ifndef PPFFT_CUDA_H
#define PPFFT_CUDA_H
#include "ppfft.h"
#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Makes a context on CUDA device `device` (as cudaGetDeviceCount counts), with the wisdom installed
 * or found for it.  Errors: INVALID_ARGUMENT (out NULL), NO_DEVICE (no CUDA driver or device, or
 * device out of range), CUDA, BUILD (NVRTC unusable), OUT_OF_MEMORY; the message is in
 * ppfft_context_last_error(NULL). */
ppfft_status ppfft_context_create_cuda(int device, ppfft_context **out);

/* The CUDA device of c; -1 for NULL or an OpenCL context. */
int ppfft_context_cuda_device(const ppfft_context *c);

/* Enqueues plan p on stream s (of the context's device; 0 is the legacy default stream) and returns
 * without waiting, as cuFFT's cufftExec* do.  in and out are device (or managed) pointers of the
 * layout the descriptor gives (out NULL or equal to in for an in-place plan); from each pointer to
 * the end of its allocation there must be what its side's layout addresses, in that side's own
 * elements (reals on the real side of an R2C or C2R, complex values on the other), and this is
 * checked, as ppfft_execute checks cl_mem buffers.  Errors: INVALID_ARGUMENT (a NULL plan or
 * pointer, a host pointer or one of another device, an array too small, the same array for both
 * sides of an out-of-place plan, a planar plan, a plan of an OpenCL context), CUDA. */
ppfft_status ppfft_execute_cuda(ppfft_plan *p, cudaStream_t s, const void *in, void *out);

/* ppfft_execute_cuda for plans with a planar side: an interleaved side takes its array as *_re and
 * NULL as *_im.  Errors as ppfft_execute_cuda. */
ppfft_status ppfft_execute_cuda_planar(ppfft_plan *p, cudaStream_t s, const void *in_re, const void *in_im, void *out_re, void *out_im);

#ifdef __cplusplus
}
#endif

#endif
