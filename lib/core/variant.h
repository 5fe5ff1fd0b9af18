/* A variant: the knobs of del Mundo and Feng's optimisation matrix (Table 4) as data, printed and
 * parsed as a string such as "r16x16/RP+LM-CM+CGAP+VASM4+CM-K+CSE+IL+LU/wg64/t4".
 *
 *   factorisation  r<radix>x<radix>...   radix of each pass (2..16 or 32), first pass first; product = N
 *   on-chip        GM | RP+LM-CM | LM-CC | LM-CT; RP+LM-CM may add XRk, k = 2..16 (the exchange in
 *                  k rounds, each through N/k reals of local memory: longer N per pass; k divides
 *                  the last radix: XR2, XR4 for powers of two, XR5 for 5^6, XR7 for 7^5);
 *                  RP+SHFL-NAIVE | RP+SHFL-DIV | RP+SHFL-SELP-IP | RP+SHFL-SELP-OOP: registers as
 *                  RP+LM-CM, the exchange between passes by warp shuffles instead of local memory
 *                  (CUDA only; the seed's section 3.2: the thread-dependent register permutations
 *                  around the shuffles by dynamic indexing, a switch, or selects in or out of place)
 *                  RP+LM-CM may add TC (CUDA, f16 data): its radix-16 passes as 16x16 complex
 *                  matrix products on the Tensor Cores (mma.sync m16n8k16, f16 inputs, f32
 *                  accumulation), the data between them in local memory; the other passes as RP
 *                  RP+LM-CM may add PAIR: each exchange moves both parts of an element at once
 *                  through a plane of real2 words (twice the bytes, half the barriers: the rounds
 *                  that mixed radices force, XR5 for 5^6, leave room for it in f32)
 *                  RP+LM-CM (or RP+SHFL-* where it stages) on f16 data exchanges through a plane of
 *                  half2 words, both parts at once; LM32 keeps f32 parts there instead, one part a
 *                  round (the f16 kernels before 2026-11-25: no extra rounding, twice the barriers)
 *   access pattern how work-items move data between global memory and the chip:
 *                  CGAP    work-item k moves vector k of the work-group's span (coalesced);
 *                  DIRECT  each work-item moves the elements its own first and last pass use
 *                          (runs of W*lanes contiguous elements per transform, no staging);
 *                  absent  each work-item moves a contiguous chunk of the span (uncoalesced)
 *   columns        COLS (RP+LM-CM with CGAP, a pass with a column side): the work-items of the
 *                  work-group's t transforms interleave, work-item lid taking transform lid mod t
 *                  and element group lid / t, so a column side (neighbouring transforms adjacent
 *                  in memory) moves t neighbouring elements of each row at once, straight to and
 *                  from registers, and only the exchange uses local memory (in rounds, XR2/XR4,
 *                  where both sides are columns); a row side goes through local memory by CGAP.
 *                  t is the number of columns, 8 * t bytes (f32) of each row per access
 *   access/math    VASM2..16 | VAVM2..16 (vector width of loads; scalar or vector arithmetic)
 *   twiddles       TW-CALC | TW-NATIVE | CM-K | CM-L | TW-GM; may add TWP (twiddle powers: fetch
 *                  w^t only for t = 1, 2, 4, 8, 16 and form the other powers of a butterfly by at
 *                  most four complex products: 4 table loads or sincos instead of 15 for radix 16,
 *                  at the price of a few ulps; beyond the seed's matrix)
 *   fault tolerance ABFT1 | ABFT2 (RP+LM-CM, core/abft.h): every transform checked by TurboFFT's
 *                  left-side checksum; a corrupted one recomputed (ABFT1, one-sided) or corrected
 *                  from the right-side checksum of the work-item's window (ABFT2, two-sided);
 *                  ABFT3 (also scalar math, VASM): the seed's thread-level scheme, each work-item's
 *                  radix-r butterflies checked by a row checksum and one failed butterfly a pass
 *                  corrected from the column sum of the work-item's inputs (gen/abft_thread.c)
 *   code shape     CSE, IL, LU: each present = on
 *   XP             (plans) transform a strided dimension between two explicit transposes
 *   BSF, BSI       (plans) the pass belongs to a dimension computed by Bluestein's chirp-z
 *                  algorithm (core/bluestein.h): BSF the FFT of length M of the chirped input, BSI
 *                  the one after the filter (the inverse FFT, on conjugated data); M is the
 *                  product of the passes' lengths, the same for both
 *   BFF, BFI       (plans) BSF and BSI with the pointwise steps fused into the FFT_M's loads and
 *                  stores (core/decompose.h): one pass each instead of five passes (Bluestein's
 *                  FFT_M may also be two passes each: four instead of seven)
 *   launch         wg<work-group size>, t<transforms per work-group>
 * A variant with TW-NATIVE is printed with a trailing "/fast-math": its accuracy is the device's
 * native sin/cos, not ppfft's bound, and the planner never picks it. */
#ifndef PPFFT_CORE_VARIANT_H
#define PPFFT_CORE_VARIANT_H
#include <stddef.h>

enum { VARIANT_MAX_PASSES = 16 };

typedef enum { ONCHIP_GM, ONCHIP_RP_LM_CM, ONCHIP_LM_CC, ONCHIP_LM_CT } onchip_mode;
typedef enum { TW_CALC, TW_NATIVE, TW_CM_K, TW_CM_L, TW_GM } twiddle_mode;
typedef enum { ACCESS_CHUNK, ACCESS_CGAP, ACCESS_DIRECT } access_pattern;
typedef enum { SHFL_NONE, SHFL_NAIVE, SHFL_DIV, SHFL_SELP_IP, SHFL_SELP_OOP } shuffle_mode;
enum { SHUFFLE_MODES = 5 };

typedef struct variant {
  int npasses;
  unsigned radix[VARIANT_MAX_PASSES];
  onchip_mode onchip;
  access_pattern access;
  int cols;           /* COLS: work-items interleaved across the work-group's transforms */
  int vector_math;    /* 0: VASM, 1: VAVM */
  unsigned width;     /* 2, 4, 8 or 16 */
  twiddle_mode twiddle;
  int twp;            /* TWP: powers of two of the butterfly's twiddle fetched, the rest multiplied */
  int cse, il, lu;
  unsigned rounds;    /* RP+LM-CM: the exchange between passes in this many rounds of N/rounds
                       * reals of local memory (XR2..XR16); 0 or 1: one round */
  int tc;             /* TC: radix-16 passes on the Tensor Cores (gen/tensor.c) */
  int lm32;           /* LM32: f16 data's local plane holds f32 parts, one part a round (geometry's
                       * h2 off) */
  int pair;           /* PAIR: RP+LM-CM's exchange moves both parts of an element at once, through
                       * a plane of real2 words (one round per exchange round, not one per part) */
  unsigned minb;      /* MBk: __launch_bounds__(wg, k) on CUDA, at least k blocks a multiprocessor;
                       * 0: none (the bound is the block size alone) */
  shuffle_mode shfl; /* RP+SHFL-*: the exchange by warp shuffles (onchip is ONCHIP_RP_LM_CM) */
  unsigned abft;      /* 0: none, 1: ABFT1 (detect, recompute), 2: ABFT2 (detect, correct), 3: ABFT3
                       * (each butterfly checked and corrected in its work-item) */
  int xpose;          /* XP: the dimension this pass transforms, if strided, is copied into rows of
                       * the temporary buffer, transformed there and copied back (explicit
                       * transposes, the 3D FFT report's way) instead of read across transforms */
  int bluestein;      /* BSF (1) or BSI (2): a pass of a Bluestein dimension's FFT_M; BFF (3) or BFI
                       * (4): the same with the pointwise steps fused into it; 0: none */
  unsigned wg;        /* work-group size */
  unsigned tpw;       /* transforms per work-group */
} variant;

/* Parses s into v.  Returns 0, or -1 with a message in msg saying what is wrong. */
int variant_parse(const char *s, variant *v, char *msg, size_t len);

/* Writes the canonical string; returns the length it needs (as snprintf). */
int variant_print(const variant *v, char *buf, size_t len);

/* Complex elements per vector access, and per vector-math lane group: VASMn n/2, VAVMn n. */
unsigned variant_lanes(const variant *v);

/* Product of the radices. */
size_t variant_length(const variant *v);

int variant_is_fast_math(const variant *v);

/* Names for printing and tables. */
const char *variant_onchip_name(onchip_mode m);
const char *variant_shuffle_name(shuffle_mode m); /* "SHFL-DIV", ...; "LM-CM" for SHFL_NONE */
const char *variant_twiddle_name(twiddle_mode t);
const char *variant_access_name(access_pattern a); /* "CHUNK" for the absent token */

#endif
