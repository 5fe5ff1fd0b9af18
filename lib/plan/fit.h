/* Fitting a variant's factorisation and launch to a problem and a device: given its other knobs,
 * which radices, how many work-items per transform and how many transforms per work-group.  The
 * costs it weighs (local memory, work-group size) are core/geometry.c's, the one model of what a
 * variant needs. */
#ifndef PPFFT_PLAN_FIT_H
#define PPFFT_PLAN_FIT_H
#include "core/device_info.h"
#include "core/geometry.h"
#include "core/problem.h"
#include "core/variant.h"

/* Chooses v's radices and launch (radix at most 16 and at most N/lanes; for a length that is not a
 * power of two, the fewest radices 2..16, then those of smallest lcm; about 256 work-items per
 * work-group, as many transforms per work-group as local memory allows for two work-groups per
 * compute unit, exchange rounds where one round does not fit); `widen` doubles the elements per
 * work-item that many times (for kernels the compiler cannot fit at the first size).  Returns 0 and
 * fills g when the result runs on the device (di may be NULL: no device limits), else -1 with the
 * reason in msg. */
int fit_variant(const problem *p, const device_info *di, variant *v, unsigned widen, geometry *g, char *msg, size_t len);

/* v (RP+LM-CM, fitted) with the fewest exchange rounds above `above` that geometry_of admits on
 * di: XR2 or XR4 on a power of two; otherwise XR2..XR16, a divisor of the last radix, with each of
 * v's radices moved last in turn where that admits fewer rounds.  Returns 0 and fills g, else -1
 * (v unchanged). */
int fit_rounds(const problem *p, const device_info *di, variant *v, unsigned above, geometry *g);

/* COLS (a fitted variant v, whose work-items per transform stay): t columns per work-group and the
 * fewest exchange rounds (none, XR2, XR4) whose local memory fits the fit's budget (half the
 * device's: two work-groups a compute unit), or with `whole` all of it (one work-group's worth; a
 * GPU whose compute unit has more than that still holds several).  Returns 0 and fills g, else -1
 * with the reason. */
int fit_columns(const problem *p, const device_info *di, variant *v, unsigned t, int whole, geometry *g, char *msg, size_t len);

/* The COLS variant with knobs v (twiddles; onchip, access and cols set) that the estimate leads
 * with on a pass with a column side: fitted at the fewest widenings (0..2) whose rows move 64 bytes
 * or more (t elements), else the one with the most columns.  Returns 0, or -1 where none fits. */
int fit_columns_estimate(const problem *p, const device_info *di, variant *v, geometry *g, char *msg, size_t len);

#endif
