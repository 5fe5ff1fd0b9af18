/* The knob rows of tests/check_transform.c's covering set, shared with the generator's output pin
 * (tests/check_gen.c): a row is one level of each of twelve factors, on-chip, access pattern,
 * access/math, twiddles, CSE, IL, LU, precision, direction, placement, N and TWP. */
#ifndef PPFFT_TESTS_PAIRWISE_H
#define PPFFT_TESTS_PAIRWISE_H
#include "core/device_info.h"
#include "core/geometry.h"
#include "core/problem.h"
#include "core/variant.h"
#include "ppfft.h"

enum { KNOB_FACTORS = 12, KNOB_SIZES = 5 };

/* N of level 0..4 of the size factor: 2, 16, 64, 256, 4096. */
extern const size_t knob_sizes[KNOB_SIZES];

typedef struct knob_row {
  int level[KNOB_FACTORS];
} knob_row;

/* The row of the full product's index (the last factor fastest). */
void knob_row_decode(long index, knob_row *r);

/* The descriptor (batch 5), problem, fitted variant and geometry of r on di (NULL: no device
 * limits, f64 allowed).  Returns 0 if the variant applies there, else -1 (f64 on a device without
 * it, or no fit). */
int knob_row_case(const knob_row *r, const device_info *di, ppfft_desc *d, problem *p, variant *v, geometry *g);

/* A greedy pairwise covering set over the rows that apply on di (AETG style, deterministic):
 * repeatedly the row that covers the most pairs of levels not yet covered.  A new array the caller
 * frees in *out; returns the row count. */
size_t knob_pairwise_rows(const device_info *di, knob_row **out);

#endif
