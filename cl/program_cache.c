/* program_cache: a small list under a mutex; lookups compare the full text after the hash. */
#include "cl/program_cache.h"
#include "core/hash.h"
#include <stdlib.h>
#include <string.h>

static uint64_t key_hash(const char *source, const char *options)
{
  return hash_string(hash_string(HASH_OFFSET, source), options);
}

int program_cache_init(program_cache *pc)
{
  memset(pc, 0, sizeof *pc);
  return pthread_mutex_init(&pc->lock, NULL) == 0 ? 0 : -1;
}

void program_cache_destroy(program_cache *pc)
{
  for (size_t i = 0; i < pc->count; ++i) {
    clReleaseProgram(pc->entries[i].program);
    free(pc->entries[i].source);
    free(pc->entries[i].options);
  }
  free(pc->entries);
  pthread_mutex_destroy(&pc->lock);
}

static cl_program find_locked(program_cache *pc, uint64_t h, const char *source, const char *options)
{
  for (size_t i = 0; i < pc->count; ++i) {
    program_entry *e = &pc->entries[i];
    if (e->hash == h && strcmp(e->source, source) == 0 && strcmp(e->options, options) == 0) {
      clRetainProgram(e->program);
      return e->program;
    }
  }
  return NULL;
}

cl_program program_cache_find(program_cache *pc, const char *source, const char *options)
{
  uint64_t h = key_hash(source, options);
  pthread_mutex_lock(&pc->lock);
  cl_program p = find_locked(pc, h, source, options);
  pthread_mutex_unlock(&pc->lock);
  return p;
}

cl_program program_cache_add(program_cache *pc, const char *source, const char *options, cl_program prog)
{
  uint64_t h = key_hash(source, options);
  pthread_mutex_lock(&pc->lock);
  cl_program found = find_locked(pc, h, source, options);
  if (found) {
    pthread_mutex_unlock(&pc->lock);
    return found;
  }
  if (pc->count == pc->cap) {
    size_t cap = pc->cap ? 2 * pc->cap : 16;
    program_entry *grown = realloc(pc->entries, cap * sizeof *grown);
    if (!grown) {
      pthread_mutex_unlock(&pc->lock);
      return NULL;
    }
    pc->entries = grown;
    pc->cap = cap;
  }
  char *s = strdup(source), *o = strdup(options);
  if (!s || !o) {
    free(s);
    free(o);
    pthread_mutex_unlock(&pc->lock);
    return NULL;
  }
  clRetainProgram(prog); /* the cache's reference */
  pc->entries[pc->count++] = (program_entry){h, s, o, prog};
  clRetainProgram(prog); /* the caller's */
  pthread_mutex_unlock(&pc->lock);
  return prog;
}
