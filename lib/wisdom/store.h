/* Wisdom: which plan won for which problem on which device, with the generator that made it, as
 * text that people can read and files can carry from the tuner to programs (wisdom/format.c):
 *
 *     ppfft-wisdom 2
 *     # comments and blank lines are ignored
 *     <device key> <architecture class> g<generator> <problem key> <plan> <median ms>
 *
 * e.g. "nvidia-corporation/nvidia-h200/580.159.04 nvidia-sm90 g1 c2c:f32:fwd:oop:n1024:packed:b4096
 * r32x32/RP+LM-CM+CGAP+VASM2+TW-GM+CSE+IL+LU/wg64/t2 0.0661".  A context holds the entries that
 * serve its device at some level (wisdom/device_keys.h); a lookup takes the closest level, then the
 * nearest batch class, among the entries of this generator (gen/signature.h): a plan measured with
 * another generator's kernels is never applied. */
#ifndef PPFFT_WISDOM_STORE_H
#define PPFFT_WISDOM_STORE_H
#include "core/transform.h"
#include "wisdom/format.h"
#include <pthread.h>
#include <stddef.h>

typedef struct wisdom_store {
  pthread_mutex_t lock;
  wisdom_entry *entries;
  size_t count, cap;
} wisdom_store;

int wisdom_store_init(wisdom_store *w); /* 0 on success */
void wisdom_store_destroy(wisdom_store *w);

/* The plan for t made by `generator`, from the entry that serves self at the closest level, then
 * the nearest batch class: 0 with the plan string and the level, -1 when none does (or its plan
 * string would not fit len). */
int wisdom_lookup(wisdom_store *w, const device_names *self, unsigned generator, const transform *t, char *plan, size_t len,
                  wisdom_level *level);

/* Adds the result for t on self's device, replacing the entry with the same device and key.  0, or
 * -1 when out of memory or the plan string is too long. */
int wisdom_add(wisdom_store *w, const device_names *self, unsigned generator, const transform *t, const char *plan, double ms);

/* Parses text and merges the entries that serve self (at any level) into w, all or nothing; an
 * entry replaces one with the same device and problem key.  Returns 0 (with the number of entries
 * for other devices, left out, in *skipped) or -1 with "line N: what" in msg and w unchanged; -2
 * when out of memory. */
int wisdom_import(wisdom_store *w, const device_names *self, const char *text, size_t *skipped, char *msg, size_t len);

/* w as text, entries sorted by device, problem and batch class (so export, forget, import, export
 * gives the same text); only those of the device key `only` when it is not NULL.  A new string the
 * caller frees, NULL when out of memory. */
char *wisdom_export(wisdom_store *w, const char *only);

void wisdom_forget(wisdom_store *w);

#endif
