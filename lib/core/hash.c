/* FNV-1a. */
#include "core/hash.h"

uint64_t hash_bytes(uint64_t h, const void *p, size_t n)
{
  const unsigned char *b = p;
  for (size_t i = 0; i < n; ++i) {
    h ^= b[i];
    h *= 1099511628211ull;
  }
  return h;
}

uint64_t hash_string(uint64_t h, const char *s)
{
  for (; *s; ++s) {
    h ^= (unsigned char)*s;
    h *= 1099511628211ull;
  }
  return h;
}
