/* The planner: which variant to run for a problem on a device when nobody names one.  With no
 * wisdom, the estimate is del Mundo and Feng's best-known set (RP+LM-CM+CGAP+VASM2+CM-K, with
 * CSE, IL and LU), radices and launch fitted to the device's local memory and work-group limit. */
#ifndef PPFFT_PLANNER_H
#define PPFFT_PLANNER_H
#include "device.h"
#include "geometry.h"
#include "problem.h"
#include "variant.h"

/* Chooses v's factorisation and launch (radices, wg, t) for its other knobs: radix at most 16 and
 * at most N/lanes, about 256 work-items per work-group, as many transforms per work-group as local
 * memory allows for two work-groups per compute unit; `widen` doubles the elements per work-item
 * that many times (for kernels the compiler cannot fit at the first size).  Returns 0 and fills g
 * when the result runs on the device (di may be NULL), else -1 with the reason in msg. */
int planner_fit(const problem *p, const device_info *di, variant *v, unsigned widen, geometry *g, char *msg, size_t len);

/* The estimate's candidates for p on di, best first, at most max of them: the seed's set, then
 * wider work-items (fewer registers per work-group), then TW-CALC (no constant memory), then GM.
 * Returns how many; with none, the reason is in msg. */
size_t planner_estimate(const problem *p, const device_info *di, variant *out, size_t max, char *msg, size_t len);

/* PPFFT_MEASURE's short list for p on di, at most max: the estimate's first three candidates, then the
 * layouts that won on real GPUs (RP+LM-CM and LM-CC; CGAP and DIRECT; VASM2 and VASM4; TW-GM and CM-K
 * tables; bench/results/2026-11-22-h200-sweep-v2) and TW-GM+TWP, and on CPU devices GM with
 * VAVM4/8/16 (what wins on PoCL), fitted and deduplicated.  Returns how many. */
size_t planner_measure_candidates(const problem *p, const device_info *di, variant *out, size_t max);

/* The exhaustive search times no work-group of fewer work-items: a compute unit holds a limited
 * number of work-groups (32 on NVIDIA's since Volta, whose 2048 work-items it could hold), so
 * smaller ones leave it part empty. */
enum { EXHAUSTIVE_MIN_WG = 64 };

/* PPFFT_EXHAUSTIVE's list: every on-chip x access pattern x access/math x twiddle variant (no
 * fast-math), those with TW-GM or CM-K also with TWP, each at its fitted size and with work-items
 * twice as wide, and each of those also with 1/2, 1/4, ... of its transforms per work-group (down to
 * EXHAUSTIVE_MIN_WG work-items).  A new array the caller frees, its length in *count; NULL when out of
 * memory or none applies. */
variant *planner_exhaustive_candidates(const problem *p, const device_info *di, size_t *count);

/* Calls f for every valid fitted variant over on-chip x access pattern x access/math x twiddles,
 * with CSE, IL and LU on.  fast-math variants (TW-NATIVE) only if with_fast_math.  Returns the count. */
size_t planner_enumerate(const problem *p, const device_info *di, int with_fast_math,
                         void (*f)(const variant *v, void *arg), void *arg);

#endif
