/* A problem's key in wisdom: kind:precision:direction:placement:lengths:layout:batch class, e.g.
 * "c2c:f32:fwd:oop:n1024:packed:b4096" or "c2c:f64:bwd:ip:n64x64x64:packed:b1".  The batch class
 * is the smallest power of 4 at least the batch; a lookup takes the same problem in the nearest
 * class when its own class has no entry. */
#ifndef PPFFT_WISDOM_PROBLEM_KEY_H
#define PPFFT_WISDOM_PROBLEM_KEY_H
#include "core/transform.h"
#include <stddef.h>

enum { WISDOM_KEY_MAX = 448 };

/* The key without its batch class ("c2c:f32:fwd:oop:n1024:packed"; kinds c2c, r2c, c2r). */
void problem_key_base(const transform *t, char *buf, size_t len);

/* The batch class of batch, as log4: the class is 4^k. */
unsigned problem_key_batch_log4(size_t batch);

/* The whole key. */
void problem_key(const transform *t, char *buf, size_t len);

/* Parses a key into its base (canonical) and batch class; 0, or -1 with the reason in msg. */
int problem_key_parse(const char *key, char *base, size_t base_len, unsigned *batch_log4, char *msg, size_t len);

#endif
