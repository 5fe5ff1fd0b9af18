/* The candidate lists (plan/candidates.h). */
#include "plan/candidates.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The knobs every list varies (the factorisation and launch are the fit's), with CSE, IL and LU on. */
static variant knobs(onchip_mode onchip, access_pattern access, int vector_math, unsigned width, twiddle_mode twiddle, int twp)
{
  variant v = {0};
  v.onchip = onchip;
  v.access = access;
  v.vector_math = vector_math;
  v.width = width;
  v.twiddle = twiddle;
  v.twp = twp;
  v.cse = v.il = v.lu = 1;
  return v;
}

size_t candidates_estimate(const problem *p, const device_info *di, variant *out, size_t max, char *msg, size_t len)
{
  static const onchip_mode onchip_order[] = {ONCHIP_RP_LM_CM, ONCHIP_GM};
  static const twiddle_mode tw_order[] = {TW_CM_K, TW_GM, TW_CALC}; /* TW_GM with TWP, GPUs only */
  size_t count = 0;
  /* (f16 keeps one half2 an access here: on the H200 the wide accesses, VASM4 and VASM8, ran at
   * 0.66-1.05x of it in one pass, where the fit gives each thread twice the elements, and at
   * 0.78-1.09x on the strided passes of multi-pass plans, bench/results/2026-11-24-h200-f16; MEASURE
   * times them) */
  /* GPUs (OpenCL and CUDA), a pass with a column side: COLS+TW-GM+TWP first, the column side
   * straight to and from registers, 64 bytes of each row or more (H200, OpenCL:
   * bench/results/2026-11-24-h200-cols: the tuner chose it for every column pass of 1D plans, f32
   * and f64, 1.3-1.8x the staged columns; CUDA: bench/results/2026-11-25-h200-cuda13); the passes
   * of a split real dimension too (the R2C's pairs of reals, the C2R's Hermitian loads and paired
   * real stores: the tuner chose it for all 10 such passes of 1D f32 65536..2^24 on the H200 through
   * OpenCL, not timed through CUDA: bench/results/2026-11-25-h200-real3) */
  if (di && (di->type & CL_DEVICE_TYPE_GPU) && count < max) {
    variant v = knobs(ONCHIP_RP_LM_CM, ACCESS_CGAP, 0, 2, TW_GM, 1);
    v.cols = 1;
    geometry g;
    char why[256];
    if (fit_columns_estimate(p, di, &v, &g, why, sizeof why) == 0) out[count++] = v;
  }
  /* CUDA, where four or more threads share a transform: each thread's own elements (DIRECT) and a
   * global twiddle table (TW-GM+TWP) first.  There the seed's CGAP stages through shared memory and
   * needs twice the registers (H200, bench/results/2026-11-24-h200-cuda-estimate: CGAP+CM-K runs at
   * 0.75-0.99x of it for f32 N = 64..4096, 0.64-1.01x for f64); with one or two threads a transform
   * DIRECT reads uncoalesced (0.24-0.81x of CGAP), so the seed's set stays first there. */
  for (unsigned widen = 0; di && di->cuda && widen < 3 && count < max; ++widen) {
    variant v = knobs(ONCHIP_RP_LM_CM, ACCESS_DIRECT, 0, 2, TW_GM, 1);
    geometry g;
    if (fit_variant(p, di, &v, widen, &g, msg, len) == 0 && g.w >= 4) out[count++] = v;
  }
  /* GPUs, where CM-K's table does not fit constant memory (one pass past 8192 f32 / 4096 f64):
   * a global table with TWP before TW-CALC (H200, OpenCL, f32 32768 in one pass with XR4: 0.288 ms
   * against TW-CALC's 0.850, bench/results/2026-11-25-h200-sweep) */
  const int gpu = di && (di->type & CL_DEVICE_TYPE_GPU);
  for (size_t o = 0; o < 2; ++o)
    for (size_t k = 0; k < 3; ++k) {
      if (k == 1 && !gpu) continue;
      for (unsigned widen = 0; widen < 3 && count < max; ++widen) {
        variant v = knobs(onchip_order[o], ACCESS_CGAP, 0, 2, tw_order[k], k == 1);
        geometry g;
        if (fit_variant(p, di, &v, widen, &g, msg, len) == 0) out[count++] = v;
      }
    }
  return count;
}

size_t candidates_enumerate(const problem *p, const device_info *di, int with_fast_math, void (*f)(const variant *v, void *arg),
                            void *arg)
{
  static const unsigned widths[] = {2, 4, 8, 16};
  size_t count = 0;
  for (int oc = ONCHIP_GM; oc <= ONCHIP_LM_CT; ++oc)
    for (int ap = ACCESS_CHUNK; ap <= ACCESS_DIRECT; ++ap)
      for (int vm = 0; vm < 2; ++vm)
        for (size_t wi = 0; wi < 4; ++wi)
          for (int tw = TW_CALC; tw <= TW_GM; ++tw)
            for (int cols = 0; cols < 2; ++cols) { /* COLS: RP+LM-CM+CGAP on a pass with a column side */
              if (tw == TW_NATIVE && !with_fast_math) continue;
              if (cols && (oc != ONCHIP_RP_LM_CM || ap != ACCESS_CGAP)) continue;
              variant v = knobs((onchip_mode)oc, (access_pattern)ap, vm, widths[wi], (twiddle_mode)tw, 0);
              v.cols = cols;
              geometry g;
              char msg[256];
              if (fit_variant(p, di, &v, 0, &g, msg, sizeof msg) != 0) continue;
              f(&v, arg);
              ++count;
            }
  return count;
}

/* Refactors v's power-of-two length as radices of at most `most` but the last (v's largest, kept
 * last), the fewest passes: 0, or -1 where v's radices are so already or cannot be. */
static int rounds_radices(variant *v, unsigned most)
{
  unsigned last = 0, rest = 1, changed = 0;
  for (int i = 0; i < v->npasses; ++i) {
    if (v->radix[i] > last) last = v->radix[i];
    rest *= v->radix[i];
  }
  if (most < 2 || most >= last) return -1;
  rest /= last;
  int k = 0;
  for (; rest > 1 && k + 1 < VARIANT_MAX_PASSES; ++k) {
    unsigned r = rest < most ? rest : most;
    changed |= k >= v->npasses - 1 || v->radix[k] != r;
    v->radix[k] = r;
    rest /= r;
  }
  if (rest > 1 || !changed) return -1;
  v->radix[k] = last;
  v->npasses = k + 1;
  while (++k < VARIANT_MAX_PASSES) v->radix[k] = 0; /* (listed compares all) */
  return 0;
}

/* Refactors v's power-of-two length in the fewest passes of radices up to a work-item's elements
 * (`elems`, at most 32), as even as they come, the largest last (8192 at 32 elements: r16x16x32,
 * two exchanges instead of r16x16x16x2's three): 0, or -1 where v's radices are so already. */
static int fewest_passes(variant *v, unsigned elems)
{
  unsigned bits = 0, rb = 0, n = 1;
  for (int i = 0; i < v->npasses; ++i) n *= v->radix[i];
  while ((1u << bits) < n) ++bits;
  while (rb < 5 && (2u << rb) <= elems) ++rb;
  if (rb == 0 || (1u << bits) != n) return -1;
  unsigned np = (bits + rb - 1) / rb;
  if (np > VARIANT_MAX_PASSES || (int)np >= v->npasses) return -1;
  for (unsigned i = 0; i < VARIANT_MAX_PASSES; ++i) v->radix[i] = i < np ? 1u << (bits / np + (i >= np - bits % np)) : 0; /* (listed compares all) */
  v->npasses = (int)np;
  return 0;
}

/* Whether list[0..n-1] holds a variant equal to v. */
static int listed(const variant *list, size_t n, const variant *v)
{
  for (size_t i = 0; i < n; ++i)
    if (memcmp(&list[i], v, sizeof *v) == 0) return 1;
  return 0;
}

/* Appends v to out[*n] unless an equal variant is there already. */
static void add_unique(variant *out, size_t *n, size_t max, const variant *v)
{
  if (!listed(out, *n, v) && *n < max) out[(*n)++] = *v;
}

/* Appends v (PAIR) where geometry admits it on di; off CUDA, where OpenCL's local memory (48 KiB
 * on NVIDIA) does not hold PAIR's twice the bytes, in the fewest exchange rounds above v's that do
 * (on CUDA the list stays what was timed: bench/results/2026-11-25-h200-cuda14). */
static void add_pair(const problem *p, const device_info *di, variant *out, size_t *n, size_t max, const variant *v)
{
  variant w = *v;
  geometry g;
  char msg[256];
  if (geometry_of(p, &w, di, &g, msg, sizeof msg) == PPFFT_SUCCESS || (!di->cuda && fit_rounds(p, di, &w, w.rounds > 1 ? w.rounds : 1, &g) == 0))
    add_unique(out, n, max, &w);
}

/* f16's COLS passes: v, and v with LM32 (the local plane in f32 parts, not half2 words), which ran
 * the COLS plans of 32768, 2^19 and 2^20 3-7 % faster on the H200 where the half2 plane lifted
 * every other shape (core/geometry.c) */
static void add_cols(const problem *p, const device_info *di, variant *out, size_t *n, size_t max, const variant *v)
{
  add_unique(out, n, max, v);
  variant w = *v;
  w.lm32 = 1;
  geometry g;
  char msg[256];
  if (p->f16 && geometry_of(p, &w, di, &g, msg, sizeof msg) == PPFFT_SUCCESS) add_unique(out, n, max, &w);
}

/* v with shuffle exchange mode m, fitted at the first width whose transform lies in one warp (at
 * most two widenings); 0, or -1 where none does. */
static int fit_shuffle(const problem *p, const device_info *di, variant v, shuffle_mode m, variant *out)
{
  v.shfl = m;
  for (unsigned widen = 0; widen < 3; ++widen) {
    geometry g;
    char msg[256];
    variant w = v;
    if (fit_variant(p, di, &w, widen, &g, msg, sizeof msg) == 0) {
      *out = w;
      return 0;
    }
  }
  return -1;
}

/* v's power-of-two length as radices of 8, the rest (2 or 4) last: 0, or -1 where it is not a
 * power of two from 8 points or needs more passes than a variant holds. */
static int radices_of_8(variant *v)
{
  size_t n = variant_length(v);
  int k = 0;
  if (n < 8 || (n & (n - 1))) return -1;
  for (; n >= 8 && k < VARIANT_MAX_PASSES; n /= 8) v->radix[k++] = 8;
  if (n > 1 && k < VARIANT_MAX_PASSES) v->radix[k++] = (unsigned)n, n = 1;
  if (n > 1) return -1;
  for (int i = k; i < VARIANT_MAX_PASSES; ++i) v->radix[i] = 0; /* (listed compares all) */
  v->npasses = k;
  return 0;
}

/* CUDA's fine grains of a plain one-pass power of two of 64..4096 points, f16 to 8192
 * (candidates_measure): RP+LM-CM x CGAP and DIRECT, with 8 elements a work-item (radices of 8) x
 * TW-GM+TWP and CM-K and with the fit's elements x TW-GM+TWP, in blocks of 32..256 threads (at most
 * 128 at the fit's elements, whose 256 the list has), as many transforms a block as that makes;
 * f16 also one transform a block where that takes more threads (4096 and 8192 at 8 elements: 512
 * and 1024), since its one-pass sizes 1024..8192 trailed cuFFT f16 at 0.80-0.97x with the fit's
 * 16-32 elements a thread (bench/results/2026-11-25-h200-f16f). */
static void add_fine_grains(const problem *p, const device_info *di, variant *out, size_t *n, size_t max)
{
  static const access_pattern access[] = {ACCESS_CGAP, ACCESS_DIRECT};
  static const struct { twiddle_mode mode; int twp; } tw[] = {{TW_GM, 1}, {TW_CM_K, 0}};
  if (!di || !di->cuda || !problem_is_plain(p) || p->n < 64 || p->n > (p->f16 ? 8192u : 4096u) || (p->n & (p->n - 1))) return;
  for (size_t e8 = 0; e8 < 2; ++e8)
    for (size_t a = 0; a < 2; ++a)
      for (size_t t = 0; t < (e8 ? 2u : 1u); ++t) {
        variant v = knobs(ONCHIP_RP_LM_CM, access[a], 0, 2, tw[t].mode, tw[t].twp);
        geometry g;
        char msg[256];
        if (fit_variant(p, di, &v, 0, &g, msg, sizeof msg) != 0 || v.rounds > 1 || (e8 && radices_of_8(&v) != 0)) continue;
        size_t elems = e8 ? 8 : p->n * v.tpw / v.wg, w = p->n / elems;
        size_t top = e8 ? 256 : 128;
        if (p->f16 && top < w) top = w; /* f16 4096, 8192: one transform a block of 512, 1024 threads */
        for (unsigned wg = 32; wg <= top; wg *= 2) {
          if (wg < w || wg % w) continue;
          variant f = v;
          f.wg = wg;
          f.tpw = (unsigned)(wg / w);
          if (geometry_of(p, &f, di, &g, msg, sizeof msg) == PPFFT_SUCCESS) add_unique(out, n, max, &f);
        }
      }
}

size_t candidates_measure(const problem *p, const device_info *di, variant *out, size_t max)
{
  static const onchip_mode onchip[] = {ONCHIP_RP_LM_CM, ONCHIP_LM_CC};
  static const access_pattern access[] = {ACCESS_CGAP, ACCESS_DIRECT};
  static const struct { int vm; unsigned width; } math[] = {{0, 2}, {0, 4}};
  static const struct { twiddle_mode mode; int twp; } tw[] = {{TW_GM, 0}, {TW_CM_K, 0}, {TW_GM, 1}};
  char msg[256];
  /* the estimate's first candidates too: what ESTIMATE would run must be among those timed, also
   * when its first choice does not fit the compiler */
  size_t n = candidates_estimate(p, di, out, max < 3 ? max : 3, msg, sizeof msg);
  for (size_t o = 0; o < 2; ++o)
    for (size_t a = 0; a < 2; ++a)
      for (size_t m = 0; m < 2; ++m)
        for (size_t t = 0; t < 3; ++t) {
          variant v = knobs(onchip[o], access[a], math[m].vm, math[m].width, tw[t].mode, tw[t].twp);
          geometry g;
          if (fit_variant(p, di, &v, 0, &g, msg, sizeof msg) == 0) add_unique(out, &n, max, &v);
        }
  /* GPUs, long one-pass kernels (N >= 4096): the exchange in two rounds, at the fitted width and
   * twice it.  Half the local memory and fewer live registers let a second work-group onto a
   * compute unit: 8192 f32 on CUDA went from 1 block (174 registers) at 2565 GB/s to 2 blocks (128)
   * at 3400 on the H200.  Where one round fits, the fit never tries rounds by itself. */
  for (size_t a = 0; di && (di->type & CL_DEVICE_TYPE_GPU) && p->n >= 4096 && a < 2; ++a)
    for (size_t t = 0; t < 2; ++t)
      for (unsigned widen = 0; widen < 2; ++widen) {
        variant v = knobs(ONCHIP_RP_LM_CM, access[a], 0, 2, tw[t].mode, 0);
        geometry g;
        if (fit_variant(p, di, &v, widen, &g, msg, sizeof msg) != 0 || v.rounds > 1) continue;
        v.rounds = 2;
        if (geometry_of(p, &v, di, &g, msg, sizeof msg) == PPFFT_SUCCESS) add_unique(out, &n, max, &v);
      }
  /* GPUs, one pass of 8192 points or more (beyond one round of local memory for 16384 f32, 8192
   * f64 in NVIDIA's OpenCL 48 KiB): XR2 (or the fit's rounds) at the fitted width (16 elements a
   * work-item, where the rounds split the work-items: one radix-16 butterfly each) and twice it,
   * with TW-GM+TWP too, XR4, and at the fitted width radices of 8 before the last, which keep the
   * rounds within each work-item's butterflies (no register held for a later round's writers).
   * H200, OpenCL, the tune's times (bench/results/2026-11-25-h200-onepass): 16384 f32 took XR2 at
   * twice the width (wg512, 32 elements, 0.191 ms) over the split work-items at wg1024
   * (0.225-0.239), 8192 f64 r8x8x8x16 at wg512 (0.187) over r16x16x16x2 with split work-items
   * (0.191); both 1.03x cuFFT in one pass. */
  for (size_t a = 0; di && (di->type & CL_DEVICE_TYPE_GPU) && p->n >= 8192 && a < 2; ++a)
    for (unsigned widen = 0; widen < 2; ++widen)
      for (size_t t = 0; t < 3; ++t) {
        variant v = knobs(ONCHIP_RP_LM_CM, access[a], 0, 2, tw[t].mode, tw[t].twp);
        geometry g;
        if (fit_variant(p, di, &v, widen, &g, msg, sizeof msg) != 0) continue;
        if (v.rounds < 2 && (v.rounds = 2, geometry_of(p, &v, di, &g, msg, sizeof msg) != PPFFT_SUCCESS)) continue;
        add_unique(out, &n, max, &v);
        variant v4 = v;
        v4.rounds = 4;
        if (t == 2 && geometry_of(p, &v4, di, &g, msg, sizeof msg) == PPFFT_SUCCESS) add_unique(out, &n, max, &v4);
        variant v8 = v;
        if (t == 2 && !widen && !(p->n & (p->n - 1)) && rounds_radices(&v8, g.rq / v.rounds) == 0 && geometry_of(p, &v8, di, &g, msg, sizeof msg) == PPFFT_SUCCESS)
          add_unique(out, &n, max, &v8);
      }
  /* GPUs, a length that is not a power of two: PAIR (the exchange moves both parts of an element
   * at once, half the barriers) at the fitted width, in the fewest rounds that hold its twice the
   * bytes; from 4096 points also the rounds above the fit's (none, or the fewest that fit local
   * memory) that geometry admits next, a divisor of the last radix (15625 = 5^6 splits in 5, not
   * 2; 27648 in 4 as r12x12x12x16), and both at twice the width: fewer rounds cost fewer barriers,
   * more rounds free local memory for a second work-group.  The rounds a radix of 5 or 7 forces
   * leave room for PAIR (15625 f32: XR5, 25 KB). */
  for (size_t a = 0; di && (di->type & CL_DEVICE_TYPE_GPU) && (p->n & (p->n - 1)) && a < 2; ++a)
    for (unsigned widen = 0; widen < (p->n >= 4096 ? 2u : 1u); ++widen)
      for (size_t t = 0; t < 3; ++t) {
        variant v = knobs(ONCHIP_RP_LM_CM, access[a], 0, 2, tw[t].mode, tw[t].twp);
        geometry g;
        if (fit_variant(p, di, &v, widen, &g, msg, sizeof msg) != 0) continue;
        variant w = v;
        w.pair = 1, w.rounds = 0;
        if (geometry_of(p, &w, di, &g, msg, sizeof msg) == PPFFT_SUCCESS || fit_rounds(p, di, &w, 1, &g) == 0) add_unique(out, &n, max, &w);
        if (p->n < 4096) continue;
        add_unique(out, &n, max, &v);
        if (fit_rounds(p, di, &v, v.rounds > 1 ? v.rounds : 1, &g) == 0) add_unique(out, &n, max, &v);
      }
  /* GPUs, one pass of a power of two from 8192 points: PAIR, with TW-GM+TWP: at the fitted width
   * (as fitted, and with its last radix, where smaller, before the one before it), with radices of
   * 8 before the last in two rounds, and at twice the width in the fewest passes in two rounds, with
   * MB2 on CUDA where the registers allow two blocks (130 registers without it: one).  Hopper's
   * shared memory holds these as they are (one round at the fitted width); OpenCL's 48 KiB takes
   * the fewest rounds above them that hold PAIR's twice the bytes (add_pair): 8192 f32 XR2+PAIR
   * (34 KB) has half the barriers of the XR2 kernel it replaces, 16384 f32 and 8192 f64 XR4+PAIR
   * the same count as XR2, in shorter rounds.  H200, CUDA, one tune (bench/results/2026-11-25-
   * h200-cuda14): 16384 f32 r16x32x32 XR2+PAIR at wg512 0.176 ms (one round at wg1024 0.185-0.191,
   * the XR2 kernel before 0.208), 8192 f32 r16x16x32 XR2+PAIR+MB2 at wg256 0.140 (two exchanges;
   * r8x8x8x16 XR2+PAIR 0.143, before 0.156).  H200, OpenCL, one tune (bench/results/2026-11-25-
   * h200-pair16): 8192 f32 r16x16x32 XR2+PAIR at wg256 0.138 ms (the XR2 kernels 0.153-0.161),
   * 16384 f32 r16x32x32 XR4+PAIR at wg512 0.176 (0.190), 8192 f64 r16x16x32 XR4+PAIR at wg256
   * 0.169 (0.186): 1.02x, 1.11x, 1.13x cuFFT. */
  for (size_t a = 0; di && (di->type & CL_DEVICE_TYPE_GPU) && p->n >= 8192 && !(p->n & (p->n - 1)) && a < 2; ++a)
    for (unsigned widen = 0; widen < 2; ++widen) {
      variant v = knobs(ONCHIP_RP_LM_CM, access[a], 0, 2, TW_GM, 1);
      geometry g;
      if (fit_variant(p, di, &v, widen, &g, msg, sizeof msg) != 0) continue;
      v.pair = 1;
      if (!widen) {
        variant w = v, last = v, r8 = v;
        w.rounds = 0;
        add_pair(p, di, out, &n, max, &w);
        last.rounds = 0;
        int k = last.npasses - 1;
        if (k > 0 && last.radix[k] < last.radix[k - 1]) {
          unsigned small = last.radix[k];
          last.radix[k] = last.radix[k - 1], last.radix[k - 1] = small;
          add_pair(p, di, out, &n, max, &last);
        }
        r8.rounds = 2;
        if (rounds_radices(&r8, 8) == 0) add_pair(p, di, out, &n, max, &r8);
        continue;
      }
      v.rounds = 2;
      if (fewest_passes(&v, (unsigned)(p->n * v.tpw / v.wg)) != 0) continue;
      variant b = v;
      b.minb = 2;
      if (geometry_of(p, &b, di, &g, msg, sizeof msg) == PPFFT_SUCCESS) add_unique(out, &n, max, &b); /* (MB: CUDA only) */
      else add_pair(p, di, out, &n, max, &v);
    }
  /* A pass with a column side: COLS (neighbouring work-items take neighbouring columns, the
   * column side straight to and from registers) with TW-GM+TWP and CM-K at the fitted columns
   * (128 bytes of each row where local memory allows), TW-GM+TWP also with half as many and with
   * twice as many in the whole local memory, at three widths (wider work-items allow more exchange
   * rounds, so more columns) */
  for (unsigned widen = 0; widen < 3; ++widen)
    for (size_t t = 1; t < 3; ++t)
      for (unsigned half = 0; half < 2; ++half) {
        variant v = knobs(ONCHIP_RP_LM_CM, ACCESS_CGAP, 0, 2, tw[t].mode, tw[t].twp);
        v.cols = 1;
        geometry g;
        if (fit_variant(p, di, &v, widen, &g, msg, sizeof msg) != 0) break;
        if (half && (t != 2 || fit_columns(p, di, &v, v.tpw / 2, 0, &g, msg, sizeof msg) != 0)) continue;
        add_cols(p, di, out, &n, max, &v);
        /* and twice the columns in all of the local memory (where the compute unit holds more) */
        if (t == 2 && !half && fit_columns(p, di, &v, v.tpw * 2, 1, &g, msg, sizeof msg) == 0) add_cols(p, di, out, &n, max, &v);
      }
  /* CUDA: the exchange by warp shuffles where a transform fits in a warp (the seed's SHFL; NAIVE,
   * which spills by design, only in the exhaustive search) */
  static const shuffle_mode shuffles[] = {SHFL_DIV, SHFL_SELP_IP, SHFL_SELP_OOP};
  for (size_t a = 0; di && di->cuda && a < 2; ++a)
    for (size_t t = 0; t < 2; ++t)
      for (size_t m = 0; m < 3; ++m) {
        variant fitted;
        variant v = knobs(ONCHIP_RP_LM_CM, access[a], 0, 2, tw[t].mode, 0);
        if (fit_shuffle(p, di, v, shuffles[m], &fitted) == 0) add_unique(out, &n, max, &fitted);
      }
  /* CUDA, a plain one-pass power of two of 64..4096 points (f16 8192): finer grains, as cuFFT takes them
   * (bench/results/2026-11-25-h200-cuda16, Nsight Compute on the H200: f32 64 in blocks of 64
   * threads, 8 elements a thread, 4 KiB a block; f64 128 in blocks of 32; f64 2048 one transform a
   * block of 128; the fit's 64 KiB blocks of 256 run at 96-98 % of a copy kernel, cuFFT's at 98-99 %) */
  add_fine_grains(p, di, out, &n, max);
  /* f16: the wide accesses (VASM4, VASM8: 8 and 16 bytes an access, two or four half2) with both
   * patterns, on plain layouts and on the strided passes that take them (core/geometry.c) */
  for (size_t a = 0; p->f16 && a < 2; ++a)
    for (size_t m = 0; m < 2; ++m)
      for (unsigned widen = 0; widen < 2; ++widen) {
        variant v = knobs(ONCHIP_RP_LM_CM, access[a], 0, m ? 8 : 4, TW_GM, 1);
        geometry g;
        if (fit_variant(p, di, &v, widen, &g, msg, sizeof msg) == 0) add_unique(out, &n, max, &v);
      }
  /* f16 where the probe found the Tensor Cores' map: TC, the radix-16 passes as matrix products,
   * with the estimate's other knobs (gen/tensor.c) */
  for (unsigned widen = 0; p->f16 && di && di->tc_ok && widen < 3; ++widen) {
    variant v = knobs(ONCHIP_RP_LM_CM, ACCESS_DIRECT, 0, 2, TW_GM, 1);
    v.tc = 1;
    geometry g;
    if (fit_variant(p, di, &v, widen, &g, msg, sizeof msg) == 0) add_unique(out, &n, max, &v);
  }
  /* CPU devices: wide vector arithmetic straight from global memory wins there (bench/study on
   * PoCL: GM+VAVM8 4-8x the GPU layouts at N = 64) */
  static const unsigned cpu_widths[] = {4, 8, 16};
  for (size_t a = 0; di && (di->type & CL_DEVICE_TYPE_CPU) && a < 2; ++a)
    for (size_t w = 0; w < 3; ++w) {
      variant v = knobs(ONCHIP_GM, access[a], 1, cpu_widths[w], TW_CM_K, 0);
      geometry g;
      if (fit_variant(p, di, &v, 0, &g, msg, sizeof msg) == 0) add_unique(out, &n, max, &v);
    }
  return n;
}

typedef struct growing {
  variant *items;
  size_t count, cap;
  int failed;
} growing;

static void collect(const variant *v, void *arg)
{
  growing *g = arg;
  if (g->failed) return;
  if (g->count == g->cap) {
    size_t cap = g->cap ? 2 * g->cap : 128;
    variant *grown = realloc(g->items, cap * sizeof *grown);
    if (!grown) {
      g->failed = 1;
      return;
    }
    g->items = grown;
    g->cap = cap;
  }
  g->items[g->count++] = *v;
}

variant *candidates_exhaustive(const problem *p, const device_info *di, size_t *count)
{
  growing g = {0};
  candidates_enumerate(p, di, 0, collect, &g);
  size_t seed_matrix = g.count;
  for (size_t i = 0; i < seed_matrix && !g.failed; ++i) /* TWP where it saves loads: the tables */
    if (g.items[i].twiddle == TW_GM || g.items[i].twiddle == TW_CM_K) {
      variant v = g.items[i];
      v.twp = 1;
      collect(&v, &g);
    }
  size_t before_shuffles = g.count; /* RP+LM-CM's single-element variants with each shuffle exchange */
  for (size_t i = 0; i < before_shuffles && !g.failed; ++i)
    for (int m = SHFL_NAIVE; m < SHUFFLE_MODES && g.items[i].onchip == ONCHIP_RP_LM_CM && !g.items[i].vector_math; ++m) {
      variant v;
      if (fit_shuffle(p, di, g.items[i], (shuffle_mode)m, &v) == 0 && !listed(g.items, g.count, &v)) collect(&v, &g);
    }
  /* CUDA, long one-pass kernels (N >= 4096, one transform a block): a register bound of 2 and 3
   * blocks a multiprocessor (MB2, MB3) where geometry_of lets it.  In MEASURE's list only on PAIR's
   * fewest passes (above): on the H200 every bound that lowered the registers of 4096..16384 f32
   * spilled and ran slower (0.58-0.84x at 8192, bench/results/2026-11-25-h200-cuda13). */
  size_t unbounded = g.count;
  for (size_t i = 0; di && di->cuda && p->n >= 4096 && i < unbounded && !g.failed; ++i)
    for (unsigned k = 2; k <= 3 && g.items[i].onchip == ONCHIP_RP_LM_CM && !g.items[i].cols && g.items[i].tpw == 1; ++k) {
      variant v = g.items[i];
      v.minb = k;
      geometry geo;
      char msg[256];
      if (geometry_of(p, &v, di, &geo, msg, sizeof msg) == PPFFT_SUCCESS) collect(&v, &g);
    }
  size_t fitted = g.count;
  for (size_t i = 0; i < fitted && !g.failed; ++i) { /* the same knobs with wider work-items */
    variant v = g.items[i];
    geometry geo;
    char msg[256];
    if (fit_variant(p, di, &v, 1, &geo, msg, sizeof msg) == 0) collect(&v, &g);
  }
  /* launch shapes: the fit packs as many transforms into a work-group as local memory allows for two
   * work-groups per compute unit; fewer transforms (more, smaller work-groups) may schedule better,
   * down to work-groups of EXHAUSTIVE_MIN_WG work-items */
  size_t shaped = g.count;
  for (size_t i = 0; i < shaped && !g.failed; ++i)
    for (variant v = g.items[i]; v.tpw > 1 && v.wg / 2 >= EXHAUSTIVE_MIN_WG;) {
      v.tpw /= 2;
      v.wg /= 2;
      geometry geo;
      char msg[256];
      if (geometry_of(p, &v, di, &geo, msg, sizeof msg) == PPFFT_SUCCESS && !listed(g.items, g.count, &v)) collect(&v, &g);
    }
  size_t planes = g.count; /* f16: each with the local plane in f32 parts too (LM32) */
  for (size_t i = 0; p->f16 && i < planes && !g.failed; ++i) {
    variant v = g.items[i];
    v.lm32 = 1;
    geometry geo;
    char msg[256];
    if (geometry_of(p, &v, di, &geo, msg, sizeof msg) == PPFFT_SUCCESS) collect(&v, &g);
  }
  if (g.failed || g.count == 0) {
    free(g.items);
    *count = 0;
    return NULL;
  }
  *count = g.count;
  return g.items;
}
