/* The variants the planner considers for one pass, as lists, best first:
 *
 *   estimate    del Mundo and Feng's best-known set (RP+LM-CM+CGAP+VASM2+CM-K, with CSE, IL and
 *               LU), then with wider work-items, then TW-CALC (no constant memory), then GM; on
 *               CUDA, RP+LM-CM+DIRECT+VASM2+TW-GM+TWP before them where 4 or more threads share
 *               a transform; on OpenCL GPUs, RP+LM-CM+CGAP+COLS+VASM2+TW-GM+TWP before them on a
 *               pass with a column side (plan/fit.h's fit_columns_estimate)
 *   measure     PPFFT_MEASURE's short list: the estimate's first three, then the layouts that won
 *               on GPUs, on CUDA the exchange by warp shuffles, and on CPU devices GM with wide
 *               vector arithmetic
 *   exhaustive  PPFFT_EXHAUSTIVE's list: every combination of the optimisation matrix, also wider
 *               and with fewer transforms per work-group
 *
 * Each is fitted to the problem and device (plan/fit.h); a variant that cannot run is left out. */
#ifndef PPFFT_PLAN_CANDIDATES_H
#define PPFFT_PLAN_CANDIDATES_H
#include "plan/fit.h"

/* The estimate's candidates for p on di, at most max of them.  Returns how many; with none, the
 * reason is in msg. */
size_t candidates_estimate(const problem *p, const device_info *di, variant *out, size_t max, char *msg, size_t len);

/* PPFFT_MEASURE's short list for p on di, at most max: the estimate's first three candidates, then
 * RP+LM-CM and LM-CC x CGAP and DIRECT x VASM2 and VASM4 x TW-GM, CM-K and TW-GM+TWP (the layouts
 * that won on real GPUs, bench/results/2026-11-22-h200-sweep-v2), and on CPU devices GM with
 * VAVM4/8/16 (what wins on PoCL), on GPUs RP+LM-CM+XR2 x CGAP and DIRECT x TW-GM and CM-K at the
 * fitted width and twice it for N >= 4096, on a pass with a column side RP+LM-CM+CGAP+COLS x
 * CM-K and TW-GM+TWP at the fitted and the two next widths (TW-GM+TWP also with half the columns),
 * and on CUDA RP+SHFL-DIV, -SELP-IP and -SELP-OOP x CGAP and
 * DIRECT x TW-GM and CM-K with VASM2 (work-items widened until a transform lies in one warp), and
 * for a plain one-pass power of two of 64..4096 points (f16: to 8192) fine grains (RP+LM-CM x CGAP
 * and DIRECT, 8 elements a work-item in radices of 8 x TW-GM+TWP and CM-K, and the fit's elements x
 * TW-GM+TWP, in work-groups of 32..256; f16 also one transform a work-group past 256), deduplicated.  Returns how many. */
size_t candidates_measure(const problem *p, const device_info *di, variant *out, size_t max);

/* The planner's short list: candidates_measure keeps the first max and drops the rest unseen, so
 * check_candidates' measure_lists_fit keeps every list of its sweep (plain and column passes, f32,
 * f64 and f16, OpenCL and CUDA GPUs) below this by a margin. */
enum { CANDIDATES_MEASURE_MAX = 96 };

/* The exhaustive search times no work-group of fewer work-items: a compute unit holds a limited
 * number of work-groups (32 on NVIDIA's since Volta, whose 2048 work-items it could hold), so
 * smaller ones leave it part empty. */
enum { EXHAUSTIVE_MIN_WG = 64 };

/* PPFFT_EXHAUSTIVE's list: every on-chip x access pattern x access/math x twiddle variant (no
 * fast-math; RP+LM-CM+CGAP also with COLS where a side is a column), those with TW-GM or CM-K also with TWP, RP+LM-CM's scalar ones also with each
 * shuffle exchange (CUDA), each at its fitted size and with work-items
 * twice as wide, and each of those also with 1/2, 1/4, ... of its transforms per work-group (down to
 * EXHAUSTIVE_MIN_WG work-items).  A new array the caller frees, its length in *count; NULL when out
 * of memory or none applies. */
variant *candidates_exhaustive(const problem *p, const device_info *di, size_t *count);

/* Calls f for every valid fitted variant over on-chip x access pattern x access/math x twiddles,
 * with CSE, IL and LU on; fast-math variants (TW-NATIVE) only if with_fast_math.  Returns the count. */
size_t candidates_enumerate(const problem *p, const device_info *di, int with_fast_math, void (*f)(const variant *v, void *arg),
                            void *arg);

#endif
