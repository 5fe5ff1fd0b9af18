/* The fused steps' table (core/fuse.h), from Bluestein's and Rader's own tables. */
#include "core/fuse.h"
#include "core/bluestein.h"
#include "core/rader.h"
#include "core/twiddle_table.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The FFT's length M: the pass's own, or in two passes f0 x f1 (problem.h's fuse_digit). */
static size_t fft_m(const problem *p) { return p->twiddle_n ? p->twiddle_n : p->fuse_digit ? p->fuse_digit * p->n : p->n; }

/* Bytes of one part: Rader's permutations are uint32, the rest complex entries. */
static size_t part_bytes(const problem *p, int kind)
{
  size_t e = problem_table_elem_bytes(p), N = p->fuse_n;
  switch (kind) {
  case POINTWISE_CHIRP_IN:
  case POINTWISE_CHIRP_OUT: return N * e;
  case POINTWISE_FILTER: return fft_m(p) * e;
  case POINTWISE_RADER_FILTER: return (N - 1) * e;
  case POINTWISE_RADER_IN:
  case POINTWISE_RADER_OUT: return (N - 1) * sizeof(uint32_t);
  default: return 0;
  }
}

/* Bytes the loads' part takes: chirp-in's N entries in a slot of M (zeros past N), so that the
 * stores' part starts where M alone says. */
static size_t in_slot_bytes(const problem *p)
{
  return p->fuse_in == POINTWISE_CHIRP_IN ? fft_m(p) * problem_table_elem_bytes(p) : part_bytes(p, p->fuse_in);
}

size_t fuse_out_offset(const problem *p)
{
  size_t e = problem_table_elem_bytes(p);
  return FUSE_HEAD + (in_slot_bytes(p) + e - 1) / e;
}

static void *part(const problem *p, int kind)
{
  int f64 = p->f64, sign = p->fuse_sign;
  if (kind >= POINTWISE_RADER_IN) return rader_table((pointwise_kind)kind, p->fuse_n, sign, f64);
  return bluestein_table((pointwise_kind)kind, p->fuse_n, fft_m(p), sign, 1.0, f64);
}

void *fuse_table(const problem *p, size_t *bytes)
{
  size_t e = problem_table_elem_bytes(p), tw = p->twiddle_n ? four_step_entries(p->twiddle_n) * e : 0;
  size_t at = fuse_out_offset(p) * e, out = part_bytes(p, p->fuse_out);
  *bytes = tw + at + out;
  unsigned char *t = calloc(*bytes ? *bytes : 1, 1);
  void *a = p->fuse_in ? part(p, p->fuse_in) : NULL, *b = p->fuse_out ? part(p, p->fuse_out) : NULL;
  void *w = p->twiddle_n ? four_step_table(p->twiddle_n, p->f64) : NULL;
  if (!t || (p->fuse_in && !a) || (p->fuse_out && !b) || (p->twiddle_n && !w)) {
    free(t), free(a), free(b), free(w);
    return NULL;
  }
  if (w) memcpy(t, w, tw);
  uint32_t n = (uint32_t)p->fuse_n; /* the head: N, which the kernels read (their text depends on M alone) */
  memcpy(t + tw, &n, sizeof n);
  if (a) memcpy(t + tw + FUSE_HEAD * e, a, part_bytes(p, p->fuse_in));
  if (b) memcpy(t + tw + at, b, out);
  free(a), free(b), free(w);
  return t;
}
