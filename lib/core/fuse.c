/* The fused steps' table (core/fuse.h), from Bluestein's and Rader's own tables. */
#include "core/fuse.h"
#include "core/bluestein.h"
#include "core/rader.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Bytes of one part: Rader's permutations are uint32, the rest complex entries. */
static size_t part_bytes(const problem *p, int kind)
{
  size_t e = problem_table_elem_bytes(p), N = p->fuse_n;
  switch (kind) {
  case POINTWISE_CHIRP_IN:
  case POINTWISE_CHIRP_OUT: return N * e;
  case POINTWISE_FILTER: return p->n * e;
  case POINTWISE_RADER_FILTER: return (N - 1) * e;
  case POINTWISE_RADER_IN:
  case POINTWISE_RADER_OUT: return (N - 1) * sizeof(uint32_t);
  default: return 0;
  }
}

size_t fuse_out_offset(const problem *p)
{
  size_t e = problem_table_elem_bytes(p);
  return (part_bytes(p, p->fuse_in) + e - 1) / e;
}

static void *part(const problem *p, int kind)
{
  int f64 = p->f64, sign = p->fuse_sign;
  if (kind >= POINTWISE_RADER_IN) return rader_table((pointwise_kind)kind, p->fuse_n, sign, f64);
  return bluestein_table((pointwise_kind)kind, p->fuse_n, p->n, sign, 1.0, f64);
}

void *fuse_table(const problem *p, size_t *bytes)
{
  size_t at = fuse_out_offset(p) * problem_table_elem_bytes(p), out = part_bytes(p, p->fuse_out);
  *bytes = at + out;
  unsigned char *t = calloc(*bytes ? *bytes : 1, 1);
  void *a = p->fuse_in ? part(p, p->fuse_in) : NULL, *b = p->fuse_out ? part(p, p->fuse_out) : NULL;
  if (!t || (p->fuse_in && !a) || (p->fuse_out && !b)) {
    free(t), free(a), free(b);
    return NULL;
  }
  if (a) memcpy(t, a, part_bytes(p, p->fuse_in));
  if (b) memcpy(t + at, b, out);
  free(a), free(b);
  return t;
}
