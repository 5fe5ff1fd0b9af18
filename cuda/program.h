/* Building a generated CUDA program: the disk cache of images (cubin, or PTX where NVRTC does not
 * know the device), else NVRTC (and the log on failure); then the image loaded as a CUDA library. */
#ifndef PPFFT_CUDA_PROGRAM_H
#define PPFFT_CUDA_PROGRAM_H
#include "cuda/runtime.h"
#include <cuda_runtime_api.h>

/* NVRTC's options for every ppfft program (the architecture comes from the runtime). */
extern const char *const cuda_program_options[];

/* The compiled image of source for rt's device in a new buffer (caller frees), from the disk cache
 * (keyed by the source, the options, the architecture and NVRTC's version) or compiled and stored
 * there.  Errors: BUILD (with NVRTC's log), OUT_OF_MEMORY. */
ppfft_status cuda_program_image(const cuda_runtime *rt, const errors *e, const char *source, unsigned char **image, size_t *len);

/* The kernel `name` of source, loaded on rt's device (current: see cuda_enter) into *lib.  Errors:
 * BUILD, CUDA, OUT_OF_MEMORY. */
ppfft_status cuda_program_load(const cuda_runtime *rt, const errors *e, const char *source, const char *name, cudaLibrary_t *lib,
                               cudaKernel_t *kernel);

#endif
