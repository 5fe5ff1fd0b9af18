/* The covering set of knob rows; see pairwise.h. */
#include "pairwise.h"
#include "plan/fit.h"
#include <stdlib.h>
#include <string.h>

const size_t knob_sizes[KNOB_SIZES] = {2, 16, 64, 256, 4096};
static const unsigned widths[] = {2, 4, 8, 16};
static const int levels[KNOB_FACTORS] = {4, 3, 8, 5, 2, 2, 2, 2, 2, 2, KNOB_SIZES, 2};

void knob_row_decode(long index, knob_row *r)
{
  for (int f = KNOB_FACTORS - 1; f >= 0; --f) {
    r->level[f] = (int)(index % levels[f]);
    index /= levels[f];
  }
}

int knob_row_case(const knob_row *r, const device_info *di, ppfft_desc *d, problem *p, variant *v, geometry *g)
{
  size_t n = knob_sizes[r->level[10]];
  ppfft_desc_init(d, 1, &n, 5);
  d->precision = r->level[7] ? PPFFT_F64 : PPFFT_F32;
  d->direction = r->level[8] ? PPFFT_BACKWARD : PPFFT_FORWARD;
  d->inplace = r->level[9];
  memset(v, 0, sizeof *v);
  v->onchip = (onchip_mode)r->level[0];
  v->access = (access_pattern)r->level[1];
  v->vector_math = r->level[2] >= 4;
  v->width = widths[r->level[2] % 4];
  v->twiddle = (twiddle_mode)r->level[3];
  v->cse = r->level[4];
  v->il = r->level[5];
  v->lu = r->level[6];
  v->twp = r->level[11];
  if (d->precision == PPFFT_F64 && di && !di->fp64) return -1;
  if (problem_from_desc(NULL, di, d, p) != PPFFT_SUCCESS) return -1;
  char msg[256];
  return fit_variant(p, di, v, 0, g, msg, sizeof msg);
}

size_t knob_pairwise_rows(const device_info *di, knob_row **out)
{
  long total = 1;
  for (int f = 0; f < KNOB_FACTORS; ++f) total *= levels[f];
  knob_row *all = malloc(sizeof *all * (size_t)total);
  size_t napp = 0;
  for (long i = 0; i < total; ++i) {
    knob_row r;
    ppfft_desc d;
    problem p;
    variant v;
    geometry g;
    knob_row_decode(i, &r);
    if (knob_row_case(&r, di, &d, &p, &v, &g) == 0) all[napp++] = r;
  }
  /* need[pair][a][b] over the 66 pairs of factors: 0 = not applicable anywhere, 1 = to cover, 2 =
   * covered; each row as the offsets of its 66 (pair, a, b) cells, so that the greedy loop (which
   * reads them about 300 million times) does no index arithmetic. */
  enum { PAIRS = KNOB_FACTORS * (KNOB_FACTORS - 1) / 2 };
  static unsigned char need[PAIRS * 64];
  memset(need, 0, sizeof need);
  unsigned short *cells = malloc(sizeof *cells * PAIRS * (napp ? napp : 1));
  size_t *order = malloc(sizeof *order * (napp ? napp : 1)); /* the rows still in the running, in enumeration order */
  for (size_t i = 0; i < napp; ++i) {
    int k = 0;
    for (int a = 0; a < KNOB_FACTORS; ++a)
      for (int b = a + 1; b < KNOB_FACTORS; ++b, ++k) {
        unsigned short c = (unsigned short)(k * 64 + all[i].level[a] * 8 + all[i].level[b]);
        cells[i * PAIRS + (size_t)k] = c;
        need[c] = 1;
      }
    order[i] = i;
  }
  size_t count = 0, cap = 64, live = napp;
  knob_row *rows = malloc(sizeof *rows * cap);
  for (;;) {
    size_t best = 0, kept = 0;
    int best_gain = 0;
    for (size_t j = 0; j < live; ++j) {
      const unsigned short *c = cells + order[j] * PAIRS;
      int gain = 0;
      for (int k = 0; k < PAIRS; ++k) gain += need[c[k]] == 1;
      if (gain == 0) continue; /* gains only fall: a row that covers nothing new never will (dropped, in order) */
      order[kept] = order[j];
      if (gain > best_gain) {
        best_gain = gain;
        best = order[j];
      }
      ++kept;
    }
    live = kept;
    if (best_gain == 0) break;
    for (int k = 0; k < PAIRS; ++k) need[cells[best * PAIRS + (size_t)k]] = 2;
    if (count == cap) rows = realloc(rows, sizeof *rows * (cap *= 2));
    rows[count++] = all[best];
  }
  free(order);
  free(cells);
  free(all);
  *out = rows;
  return count;
}
