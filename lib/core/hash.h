/* 64-bit FNV-1a, the one hash of the library: program-cache keys, disk-cache keys and checksums,
 * dumped kernels' names, and the generator's output pin (gen/signature.h). */
#ifndef PPFFT_CORE_HASH_H
#define PPFFT_CORE_HASH_H
#include <stddef.h>
#include <stdint.h>

#define HASH_OFFSET 1469598103934665603ull

/* The hash of n bytes, continuing from h (start with HASH_OFFSET). */
uint64_t hash_bytes(uint64_t h, const void *p, size_t n);

/* The hash of a NUL-terminated string, continuing from h. */
uint64_t hash_string(uint64_t h, const char *s);

#endif
