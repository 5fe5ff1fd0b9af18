/* What the fuzz targets share: a device's limits and names without a device (an H200 as NVIDIA's
 * OpenCL reports it), and a failure that libFuzzer reports with the input that caused it. */
#ifndef PPFFT_FUZZ_COMMON_H
#define PPFFT_FUZZ_COMMON_H
#include "core/device_info.h"
#include "wisdom/device_keys.h"
#include <stdio.h>
#include <stdlib.h>

static inline device_info fuzz_device(void)
{
  device_info di = {.name = "NVIDIA H200", .vendor = "NVIDIA Corporation", .driver = "580.159.04", .platform = "NVIDIA CUDA",
                    .type = CL_DEVICE_TYPE_GPU, .max_wg = 1024, .local_mem = 49152, .max_const = 65536, .max_const_args = 9,
                    .global_mem = 1ull << 37, .max_alloc = 1ull << 35, .compute_units = 132, .mem_align_bits = 4096, .fp64 = 1,
                    .cc_major = 9, .cc_minor = 0};
  return di;
}

/* A property that does not hold: print why and abort, so libFuzzer keeps the input. */
#define FUZZ_ASSERT(cond, ...)                                                                                                  \
  do {                                                                                                                          \
    if (!(cond)) {                                                                                                              \
      fprintf(stderr, "property failed: " __VA_ARGS__);                                                                        \
      fputc('\n', stderr);                                                                                                     \
      abort();                                                                                                                  \
    }                                                                                                                           \
  } while (0)

/* The input as a NUL-terminated string (cut at a NUL inside it), in a new buffer. */
static inline char *fuzz_string(const unsigned char *data, size_t size)
{
  char *s = malloc(size + 1);
  if (!s) abort();
  for (size_t i = 0; i < size; ++i) s[i] = (char)data[i];
  s[size] = '\0';
  return s;
}

#endif
