/* Built OpenCL programs, kept by the context and keyed by (source, build options), so a second
 * plan for the same kernel does not compile it again. */
#ifndef PPFFT_CL_PROGRAM_CACHE_H
#define PPFFT_CL_PROGRAM_CACHE_H
#include "ppfft.h"
#include <pthread.h>
#include <stdint.h>

typedef struct program_entry {
  uint64_t hash;
  char *source, *options;
  cl_program program;
} program_entry;

typedef struct program_cache {
  pthread_mutex_t lock;
  program_entry *entries;
  size_t count, cap;
} program_cache;

int program_cache_init(program_cache *pc);   /* 0 on success */
void program_cache_destroy(program_cache *pc);

/* A retained program for (source, options) or NULL if none is cached. */
cl_program program_cache_find(program_cache *pc, const char *source, const char *options);

/* Adds prog to the cache and returns a reference for the caller to use (prog itself, or the one
 * another thread added meanwhile).  The caller still owns its own reference to prog and releases
 * it.  Returns NULL only when out of memory. */
cl_program program_cache_add(program_cache *pc, const char *source, const char *options, cl_program prog);

#endif
