/* geometry_of: derived sizes and every "can this variant run here" rule in one place. */
#include "core/geometry.h"
#include "core/abft.h"
#include "core/twiddle_table.h"
#include <stdio.h>

static int is_pow2(size_t n) { return n && !(n & (n - 1)); }

int geometry_pattern_is_owned(const geometry *g, access_pattern a)
{
  switch (a) {
  case ACCESS_DIRECT: return 1;
  case ACCESS_CGAP: return g->t == 1;  /* vector k of the span is work-item k's own group */
  case ACCESS_CHUNK: return g->w == 1; /* a work-item's chunk is its whole transform */
  }
  return 0;
}

/* The distance of neighbouring transforms that read across each other: 1, but 2 for the
 * contiguous pairs of reals of a split real dimension's fast path (problem.h's pair_stride). */
static size_t side_unit(const problem *p, int side) { return problem_side_real(p, side) && p->pair_stride == 1 ? 2 : 1; }

int geometry_side_is_column(const problem *p, const geometry *g, int side)
{
  size_t stride = side ? p->out_stride : p->in_stride, dist = side ? p->out_dist : p->in_dist, u = side_unit(p, side);
  return !problem_is_plain(p) && g->t > 1 && stride != u && dist == u;
}

int geometry_interleaved(const variant *v, const geometry *g) { return v->cols && g->t > 1; }

int geometry_columns_coalesced(const problem *p, const geometry *g)
{
  for (int side = 0; side < 2; ++side) {
    size_t stride = side ? p->out_stride : p->in_stride, dist = side ? p->out_dist : p->in_dist, u = side_unit(p, side);
    if (stride != u && dist == u && g->t * problem_elem_bytes(p) < 32) return 0;
  }
  return 1;
}

#define UNSUP(...) (snprintf(msg, len, __VA_ARGS__), PPFFT_ERROR_UNSUPPORTED)

int geometry_of(const problem *p, const variant *v, const device_info *di, geometry *g, char *msg, size_t len)
{
  *g = (geometry){0};
  size_t n = p->n;
  if (variant_length(v) != n) return UNSUP("the radices multiply to %zu, not to the length %zu", variant_length(v), n);
  if (n > (1u << 24)) return UNSUP("length %zu is beyond one work-group", n);
  if (v->npasses == 0 && v->onchip == ONCHIP_GM) return UNSUP("%s", "GM needs at least one pass (N >= 2)");
  /* a real pass's sides are too short (R2C: n/2+1 values) or real (C2R) to hold GM's intermediate
   * passes, and ABFT checks the complex transform it loads and stores */
  if ((p->r2c || p->c2r) && v->onchip == ONCHIP_GM) return UNSUP("%s", "a real-data pass keeps its transform on chip: GM does not apply");
  if ((p->r2c || p->c2r) && v->abft) return UNSUP("%s", "ABFT does not check real-data passes");
  /* half-precision data: GM would round every intermediate pass to half in global memory, and
   * ABFT's thresholds are f32's and f64's */
  if (p->f16 && v->onchip == ONCHIP_GM) return UNSUP("%s", "f16 keeps its transform on chip (in f32): GM does not apply");
  if (p->f16 && v->abft) return UNSUP("%s", "ABFT does not check f16 passes");
  /* Bluestein's or Rader's fused steps (core/fuse.h) go into the first loads and the final stores:
   * GM's intermediate passes would store the whole FFT_M into a destination of N elements, and
   * ABFT checks the transform it loads */
  if ((p->fuse_in || p->fuse_out) && (v->onchip == ONCHIP_GM || v->abft))
    return UNSUP("%s", "fused Bluestein or Rader steps (BFF, BFI) keep the transform on chip, without ABFT: not GM");
  int pow2 = is_pow2(n);
  if (pow2 && (!is_pow2(v->wg) || !is_pow2(v->tpw) || v->tpw > v->wg))
    return UNSUP("wg%u/t%u: both must be powers of two with t <= wg", v->wg, v->tpw);
  if (!pow2 && v->wg % v->tpw)
    return UNSUP("wg%u/t%u: the work-group must hold a whole number of transforms", v->wg, v->tpw);
  g->n = (unsigned)n;
  g->wg = v->wg;
  g->t = v->tpw;
  g->w = v->wg / v->tpw;
  if (g->w > n) return UNSUP("%u work-items per transform is more than the %zu elements", g->w, n);
  if (n % g->w) return UNSUP("%u work-items per transform do not share the %zu elements evenly", g->w, n);
  g->r = (unsigned)(n / g->w);
  g->e = variant_lanes(v);
  if (g->r % g->e) return UNSUP("%u elements per work-item do not fill %u-lane vectors", g->r, g->e);
  g->ra = g->r / g->e;
  if (!problem_is_plain(p) && g->e != 1 && !p->f16)
    return UNSUP("%s", "strided, planar, multi-level and four-step layouts move one element at a time (VASM2)");
  int col_in = geometry_side_is_column(p, g, 0), col_out = geometry_side_is_column(p, g, 1);
  if (v->cols) {
    /* COLS: neighbouring work-items take neighbouring transforms at the same element, which moves
     * a column side's rows whole (t elements, 8t or 16t bytes) between global memory and the
     * registers; a row side would scatter, so it goes through local memory by CGAP */
    if (v->onchip != ONCHIP_RP_LM_CM || v->shfl || v->abft)
      return UNSUP("%s", "COLS interleaves the work-items of RP+LM-CM (not GM, LM-CC, LM-CT, SHFL or ABFT)");
    if (v->access != ACCESS_CGAP) return UNSUP("%s", "COLS reads a row side by CGAP: give CGAP");
    /* (a split real dimension's passes have column sides too: pairs of reals, the C2R's Hermitian
     * loads and the R2C's pairing go through gen/io.c's and gen/real.c's general code) */
    if ((p->r2c || p->c2r) && p->real_part == REAL_WHOLE) return UNSUP("%s", "COLS: a real dimension in one pass is a row pass");
    if (!col_in && !col_out)
      return UNSUP("%s", "COLS needs a column side (a strided side whose neighbouring transforms are adjacent) and t > 1");
    g->stage_in = !col_in;
    g->stage_out = !col_out;
    g->staged = g->stage_in || g->stage_out;
  } else {
    g->staged = v->onchip == ONCHIP_RP_LM_CM && (!geometry_pattern_is_owned(g, v->access) || col_in || col_out);
    g->stage_in = g->stage_out = g->staged;
  }
  if (!problem_is_plain(p) && g->e != 1) {
    /* f16 on a general layout: 2 or 4 half2 an access (gen/io.c), through RP+LM-CM's staging, which
     * a column side forces: a column side reads e neighbouring transforms at once (they are
     * neighbours in memory: distance 1), any other side e neighbouring elements (stride 1); every
     * group of e must be whole and aligned to e elements */
    if (g->e != 2 && g->e != 4) return UNSUP("%s", "f16 on a strided layout moves 2 or 4 elements an access (VASM4, VASM8)");
    if (v->onchip != ONCHIP_RP_LM_CM || !g->staged || v->vector_math || v->shfl || v->cols)
      return UNSUP("%s", "f16's wide accesses on a strided layout need RP+LM-CM staged through local memory (a column side), VASM, no COLS");
    if (p->in_planar || p->out_planar || p->r2c || p->c2r) return UNSUP("%s", "f16's wide accesses: interleaved complex data only");
    for (int side = 0; side < 2; ++side) {
      size_t stride = side ? p->out_stride : p->in_stride, off = side ? p->out_offset : p->in_offset;
      int col = geometry_side_is_column(p, g, side);
      if (!col && stride != 1) return UNSUP("f16's wide accesses: a side of stride %zu that is not a column side", stride);
      if (off % g->e || stride % (col ? g->e : 1) || (col && (g->t % g->e || p->lev_count[0] % g->e || p->batch % g->e)))
        return UNSUP("f16's %u-element accesses need offsets, strides and transform counts in groups of %u", g->e, g->e);
      for (int l = col ? 1 : 0; l < p->nlev; ++l)
        if (problem_level_dist(p, side, l) % g->e) return UNSUP("f16's %u-element accesses need distances that are multiples of %u", g->e, g->e);
    }
  }
  /* f16 on RP+LM-CM exchanges and stages through a plane of half2 words (4 bytes an element, as
   * one part of f32): half the bytes and barriers of a plane of f32 parts, one more rounding to
   * half per trip (gen/pass.c).  TC reads f32 parts from its two planes; VAVM stores f32 vectors.
   * LM32 keeps the f32 parts, one part a round: on the H200 (bench/results/2026-11-25-h200-f16)
   * the half2 plane lifted one pass 256..16384 by 11-20 % (1024's shuffles aside) and the 2D
   * shapes by 6-12 %, but the COLS plans of 32768, 2^19 and 2^20 ran 3-7 % slower with it, so
   * MEASURE times both on COLS passes. */
  if (v->lm32 && (!p->f16 || v->tc || v->vector_math))
    return UNSUP("%s", "LM32 is for f16 data on RP+LM-CM without TC or VAVM (other local planes hold f32 or f64 parts already)");
  if (v->lm32 && v->shfl && !g->staged) return UNSUP("%s", "LM32: this shuffle exchange has no local plane (nothing staged)");
  g->h2 = p->f16 && v->onchip == ONCHIP_RP_LM_CM && !v->tc && !v->vector_math && !v->lm32;
  /* PAIR: the exchange's plane holds both parts of an element (real2 words, gen/pass.c), one trip
   * a round instead of one per part; only the exchange (staging moves parts one at a time) */
  if (v->pair) {
    if (v->onchip != ONCHIP_RP_LM_CM || v->shfl || v->tc || v->vector_math || v->cols || v->abft || g->staged || p->f16 ||
        v->npasses < 2 || (p->half && p->r2c && p->real_part == REAL_WHOLE))
      return UNSUP("%s", "PAIR exchanges the f32 or f64 registers of RP+LM-CM between two passes or more (scalar math, an owned "
                         "access pattern; not COLS, SHFL, TC, ABFT or the half-length R2C)");
    g->pair = 1;
  }
  /* Vector loads that land in registers group the registers by lanes; loads that go through local
   * memory first (staged RP, LM-CC, LM-CT) leave scalar arithmetic free to use single elements. */
  int grouped = v->vector_math || v->onchip == ONCHIP_GM || (v->onchip == ONCHIP_RP_LM_CM && !g->staged);
  g->ec = grouped ? g->e : 1;
  g->rq = g->r / g->ec;
  for (int i = 0; i < v->npasses; ++i)
    if (g->rq % v->radix[i])
      return UNSUP("radix %u does not divide the %u register groups of each work-item (%u elements in %u-lane groups)",
                   v->radix[i], g->rq, g->r, g->ec);
  /* Knobs whose schedules assume a power-of-two length: the shuffle exchange's schedule and ABFT's
   * checksum windows work on bits of the element index. */
  if (!pow2 && v->shfl) return UNSUP("a shuffle exchange needs a power-of-two length, not %zu", n);
  if (!pow2 && v->abft) return UNSUP("ABFT's checksum reductions group work-items in powers of two: not for length %zu", n);
  g->xr = v->rounds > 1 ? v->rounds : 1;
  if (g->xr > 1) {
    /* round h exchanges the elements whose Stockham destinations, and whose owned positions, lie in
     * the h-th 1/xr of the transform.  A butterfly's outputs all land in the 1/xr its first input
     * lies in (xr divides the last radix, so each earlier pass writes blocks of p*r elements that
     * tile every 1/xr, at any length: 5^6 in 5 rounds, 7^5 in 7), so the butterfly groups
     * u = tid + w*c of a transform split into xr runs of consecutive u: where a work-item holds
     * S = rq/r groups of a pass, a multiple of xr, each round takes the h-th 1/xr of every
     * work-item's c; where S divides xr
     * (a work-item's elements are fewer than xr butterflies, e.g. 16 at radix 16), round h takes
     * group c = h / (xr/S) of the work-items in the (h mod xr/S)-th 1/(xr/S) of tid, and the
     * others wait.  Each work-item gathers the h-th 1/xr of its register groups q. */
    if (v->onchip != ONCHIP_RP_LM_CM || g->staged || v->npasses < 2)
      return UNSUP("%s", "exchange rounds need RP+LM-CM with an owned access pattern (DIRECT, or CGAP with t1) and two passes");
    if (v->radix[v->npasses - 1] % g->xr)
      return UNSUP("%u exchange rounds need a last radix that %u divides, not %u", g->xr, g->xr, v->radix[v->npasses - 1]);
    if (g->rq % g->xr) return UNSUP("%u exchange rounds need a multiple of %u register groups a work-item", g->xr, g->xr);
    for (int i = 0; i + 1 < v->npasses; ++i) { /* (on powers of two, always, given the last radix) */
      unsigned s = g->rq / v->radix[i];
      if (s % g->xr && (g->xr % s || g->w % (g->xr / s)))
        return UNSUP("%u exchange rounds need each radix-%u pass's %u butterflies a work-item, or its %u work-items, to split in %u", g->xr,
                     v->radix[i], s, g->w, g->xr);
    }
  }
  if (v->shfl) {
    /* the shuffle exchange (gen/shuffle.c) moves single elements between the threads of one warp */
    if (v->onchip != ONCHIP_RP_LM_CM || v->npasses < 2) return UNSUP("%s", "a shuffle exchange needs RP and two passes or more");
    if (g->xr > 1) return UNSUP("%s", "a shuffle exchange has no rounds (XR2, XR4 are LM-CM's)");
    if (g->ec != 1 || v->vector_math)
      return UNSUP("%s", "a shuffle exchange moves single elements: VASM, and VASM2 unless staged through local memory (CGAP with t > 1)");
    if (g->w > 32) return UNSUP("a shuffle exchange needs a transform's work-items within one warp (32), not %u", g->w);
  }
  if (v->tc) {
    /* gen/tensor.c: each warp multiplies groups of 8 radix-16 butterflies (the columns of B) by
     * the DFT matrix, reading and writing them in both local planes at once */
    if (!p->f16) return UNSUP("%s", "TC multiplies f16 data: the transform must be f16");
    if (v->onchip != ONCHIP_RP_LM_CM || v->shfl || g->xr > 1 || v->vector_math || g->ec != 1)
      return UNSUP("%s", "TC needs RP+LM-CM with scalar arithmetic (VASM), no XR, no SHFL");
    int r16 = 0;
    for (int i = 0; i < v->npasses; ++i) r16 |= v->radix[i] == 16;
    if (!r16) return UNSUP("%s", "TC computes radix-16 passes: the factorisation has none");
    if (!v->lu) return UNSUP("%s", "TC keeps its fragments in registers: it needs LU (unrolled loops)");
    if (n < 256) return UNSUP("TC starts at N = 256 (a group of 8 butterflies within one transform), not %zu", n);
    if (v->wg % 32) return UNSUP("TC needs whole warps: a work-group of %u work-items is not", v->wg);
    unsigned groups = g->t * (g->n / 16) / 8, warps = v->wg / 32;
    if (groups % warps) return UNSUP("TC: %u groups of 8 butterflies do not share evenly among %u warps", groups, warps);
    g->tc_groups = groups / warps;
    if (g->tc_groups > 32) return UNSUP("TC: %u groups of butterflies a warp hold too many registers (32 at most)", g->tc_groups);
  }
  if (v->abft) {
    /* the checks read the registers of the RP modes (gen/abft.c) */
    if (v->abft > 3) return UNSUP("%s", "ABFT1, ABFT2 or ABFT3");
    /* ABFT3's checks take a butterfly's elements one by one (gen/abft_thread.c) */
    if (v->abft == 3 && v->vector_math) return UNSUP("%s", "ABFT3 checks the butterflies of scalar math (VASM), not VAVM");
    if (v->onchip != ONCHIP_RP_LM_CM) return UNSUP("%s", "ABFT checks the registers of RP+LM-CM (or RP+SHFL-*): not GM, LM-CC, LM-CT");
  }
  if (p->half && p->r2c && (p->real_part == REAL_WHOLE || p->mirror)) {
    /* the fast R2C pairs Z_k with Z_(n-k) in registers, through one local plane, after the last
     * radix pass (gen/real.c); a split one's last pass pairs neighbouring transforms 2x, 2x+1.  A
     * whole transform stored from its owned slots also pairs through XR2's half plane (the n/2
     * mirrors a part at a time); more rounds leave less than n/2 a transform */
    if (v->onchip != ONCHIP_RP_LM_CM || v->shfl || v->vector_math || g->ec != 1)
      return UNSUP("%s", "the half-length R2C pairs its outputs in the registers of RP+LM-CM (single elements, no SHFL)");
    if (g->xr > 1 && (p->mirror || g->stage_out || g->xr > 2 || g->n % 2))
      return UNSUP("%s", "the half-length R2C pairs through local memory in no rounds, or XR2 for a whole transform stored from its owned slots");
    if (p->mirror && g->t % 2) return UNSUP("the split R2C's last pass pairs transforms 2x and 2x+1: an even t, not %u", g->t);
  }
  if (g->r > GEOMETRY_MAX_ELEMS) return UNSUP("%u elements per work-item is more than %d", g->r, GEOMETRY_MAX_ELEMS);
  if (g->e > 1 && problem_is_plain(p)) { /* (a general layout's wide accesses are checked above) */
    size_t e = g->e;
    if ((p->batch > 1 && (p->in_dist % e || p->out_dist % e)) || p->in_offset % e || p->out_offset % e)
      return UNSUP("%u-lane vector access needs distances and offsets that are multiples of %u", g->e, g->e);
  }
  size_t rs = p->f64 ? 8 : 4, word = g->pair ? 2 * rs : rs; /* bytes of a local element */
  g->padshift = word == 4 ? 5 : word == 8 ? 4 : 3; /* one pad per 32 four-byte banks */
  unsigned plane = g->n / g->xr;
  g->npad = plane + (plane >> g->padshift);
  /* When a warp spans several transforms, their owned elements must fall in different banks:
   * make the transforms' stride in local memory congruent to the work-items' span (for one
   * work-item per transform, any odd stride will do). */
  unsigned banks = 128 / (unsigned)word, span = g->ec * g->w;
  if (g->t > 1 && span < banks)
    while (span == 1 ? g->npad % 2 == 0 : g->npad % banks != span) ++g->npad;
  /* A column side walks across transforms (lane b at b * npad): an odd stride keeps those lanes
   * in distinct banks, and span + 1 keeps the owned accesses nearly so. */
  if (g->t > 1 && !v->cols && (col_in || col_out))
    while (g->npad % banks != (span | 1) % banks) ++g->npad;
  /* COLS: a warp's lanes are transforms lid mod t at elements lid / t: transform stride
   * banks / t (t < banks) puts them in distinct banks, an odd stride where t >= banks */
  if (v->cols) {
    unsigned want = g->t < banks ? banks / g->t : 1;
    while (g->npad % banks != want % banks) ++g->npad;
  }
  size_t planes = 0;
  switch (v->onchip) {
  case ONCHIP_GM: planes = 0; break;
  case ONCHIP_RP_LM_CM: planes = v->tc ? 2 : ((v->npasses > 1 && !v->shfl) || g->staged || (p->half && p->r2c && (p->real_part == REAL_WHOLE || p->mirror))) ? 1 : 0; break;
  case ONCHIP_LM_CC:
  case ONCHIP_LM_CT: planes = 2; break;
  }
  g->local_bytes = planes * g->t * g->npad * word; /* (h2: a half2 word an element, rs = 4 too) */
  if (v->abft == 1 || v->abft == 2) { /* per work-item partials (two sets: iterations alternate; not on CUDA, whose warps
                  * sum by shuffles), group sums, a flag */
    unsigned grp = g->w < 32 ? g->w : 32;
    size_t partials = di && di->cuda ? 0 : 2 * ABFT_SUMS * (size_t)g->wg;
    g->abft_local_bytes = (partials + (g->w > grp ? 2 * ABFT_SUMS * (size_t)g->t * (g->w / grp) : 0)) * rs + 4;
  }
  if (v->twiddle == TW_CM_K || v->twiddle == TW_CM_L || v->twiddle == TW_GM) g->table_bytes = twiddle_entries(g->n) * 2 * rs;
  if (v->tc && (!di || !di->cuda || !di->tc_ok))
    return UNSUP("%s", "TC needs the Tensor Cores' fragment map, which the probe finds on CUDA devices of sm_80 and later only");
  if (v->tc) g->tc = di->tc;
  if (v->minb) {
    /* MBk: __launch_bounds__(wg, k), a CUDA kernel's register bound; k blocks of wg threads must
     * fit a multiprocessor's 2048 threads (sm_80..sm_90) */
    if (v->minb < 2 || v->minb > 8) return UNSUP("MB%u: at least 2 and at most 8 blocks a multiprocessor", v->minb);
    if ((size_t)v->minb * v->wg > 2048) return UNSUP("MB%u x wg%u is more than a multiprocessor's 2048 threads", v->minb, v->wg);
  }
  g->min_blocks = v->minb;
  g->abft_window = v->abft == 2 ? PPFFT_ABFT_WINDOW : 1;
  if (!di) return PPFFT_SUCCESS;
  /* ABFT2's window sums (gen/abft.c) in shared memory on CUDA, where a block still fits: in registers
   * they took 2 x r values through the whole window loop, and the kernel either lost occupancy (127-128
   * registers f32, 254 f64) or spilled (168-376 bytes of stack under the plain kernel's occupancy) */
  if (v->abft == 2 && di->cuda) {
    /* f64: two lanes of one warp (2 w <= 32) on one sum of both lanes' inputs, added by a shuffle:
     * half the memory, which is L1's (the sums of 512 threads took 128 of a multiprocessor's 256 KB,
     * L1 kept about 28 KB for the tables).  H200, one pass, N = 16..256: ABFT2 +19..45 % -> +14..34 %
     * (with wg64, plan/abft.c); in f32, whose L1 kept about 90 KB, the shuffles cost more than the
     * memory gave (+12..34 % -> +22..52 %; bench/results/2026-11-25-h200-abft8) */
    int pair = p->f64 && g->w <= 16 && g->t >= 2 && !v->vector_math && !geometry_interleaved(v, g);
    size_t at = (g->local_bytes + 15) / 16 * 16, bytes = (size_t)v->wg * g->r * 2 * rs / (pair ? 2 : 1);
    if (at + bytes + g->abft_local_bytes <= di->local_mem)
      g->abft_sums_local = 1, g->abft_sums_pair = pair, g->abft_sums_at = at, g->local_bytes = at + bytes;
  }
  if (v->minb && !di->cuda) return UNSUP("%s", "MB (blocks a multiprocessor in __launch_bounds__) is CUDA only");
  if (v->shfl && !di->cuda) return UNSUP("%s", "a shuffle exchange (SHFL) is CUDA only: OpenCL has no warp shuffles");
  if (v->wg > di->max_wg) return UNSUP("work-group size %u exceeds the device's %zu", v->wg, di->max_wg);
  if (g->local_bytes + g->abft_local_bytes > di->local_mem)
    return UNSUP("needs %zu bytes of local memory; the device has %llu", g->local_bytes + g->abft_local_bytes,
                 (unsigned long long)di->local_mem);
  if ((v->twiddle == TW_CM_K || v->twiddle == TW_CM_L) && g->table_bytes > di->max_const)
    return UNSUP("the %zu-byte twiddle table exceeds the device's %llu bytes of constant memory", g->table_bytes,
                 (unsigned long long)di->max_const);
  if (p->f64 && !di->fp64) return UNSUP("%s", "the device has no fp64");
  /* CPU runtimes (PoCL) keep a work-group's registers on a worker thread's stack: beyond about
   * 1 MiB of them the kernel crashes (seen with PoCL 3.1), so half that is the limit there. */
  if ((di->type & CL_DEVICE_TYPE_CPU) && (size_t)v->wg * g->r * 2 * rs * 2 > ((size_t)1 << 19))
    return UNSUP("%u work-items x %u elements of registers exceed what a CPU device's work-group stack holds", v->wg, g->r);
  /* A block's registers are shared by its threads (CUDA tells how many: regs_per_block): elements
   * a thread holds beyond its share spill to local memory, which costs more than another pass. */
  if (di->regs_per_block && (size_t)v->wg * g->r * 2 * (rs / 4) > di->regs_per_block * 3 / 4)
    return UNSUP("%u threads x %u elements need about %zu registers a block; the device has %zu (the rest spill)", v->wg, g->r,
                 (size_t)v->wg * g->r * 2 * (rs / 4), di->regs_per_block);
  /* MBk: k blocks share the multiprocessor's registers (as many as a block may have, on sm_80..sm_90),
   * and the bound must leave a thread twice its elements' registers: on the H200 (8192 f32,
   * bench/results/2026-11-25-h200-cuda13) 32 elements' worth under a cap of 64 spilled 32 bytes,
   * under 40 280 bytes, and 64 under 80 256 bytes (0.58x).  And k blocks' shared memory (a block's
   * most, as the device reports it, less 1 KiB of the 228). */
  if (v->minb && di->regs_per_block && (size_t)v->minb * v->wg * g->r * 2 * (rs / 4) * 2 > di->regs_per_block)
    return UNSUP("MB%u: %u blocks of %u threads x %u elements need about %zu registers and as many again; the multiprocessor has %zu "
                 "(the rest spill)",
                 v->minb, v->minb, v->wg, g->r, (size_t)v->minb * v->wg * g->r * 2 * (rs / 4), di->regs_per_block);
  if (v->minb && v->minb * (g->local_bytes + g->abft_local_bytes) > di->local_mem)
    return UNSUP("MB%u: %u blocks need %zu bytes of shared memory; a multiprocessor has about %llu", v->minb, v->minb,
                 v->minb * (g->local_bytes + g->abft_local_bytes), (unsigned long long)di->local_mem);
  /* ABFT on CUDA without MBk: the most blocks (MBk's rules above) that leave a thread its elements'
   * registers and 48 more (addresses, twiddles, the checks' sums), about what the plain kernel
   * takes (ptxas, sm_90: 64-87 f32, 108-128 f64).  Unbounded, ptxas gave the ABFT kernels 127-128
   * registers f32 and 254 f64, mostly loads of the checksums' table hoisted for latency, and the
   * plain kernel's occupancy was lost; bounded tighter, they spill (ABFT2 f32 N = 1024 at 64
   * registers: 272 bytes of stack, 3.2x the plain kernel's time on the H200; bench/abft-regs.sh,
   * bench/results/2026-11-25-h200-abft). */
  if (v->abft && !v->minb && di->cuda && di->regs_per_block)
    for (unsigned k = 8; k >= 2 && !g->min_blocks; --k)
      if ((size_t)k * v->wg <= 2048 && (size_t)k * v->wg * (g->r * 2 * (rs / 4) + 48) <= di->regs_per_block &&
          k * (g->local_bytes + g->abft_local_bytes) <= di->local_mem)
        g->min_blocks = k;
  /* ABFT2's window: PPFFT_ABFT_WINDOW blocks, or down to half of that where fewer make the last wave
   * of work-groups over the device's slots (blocks a multiprocessor, known from the launch bound on
   * CUDA, times multiprocessors) fuller, by 2 % of the slots' time or more: a work-group of a window
   * is 8 plain work-groups long, so its last wave costs more (H200, f32, 256 MiB: 1024 work-groups
   * over 396 slots, 2.6 waves, the last 0.6 full; 7 blocks: 1171, 2.96; bench/results/2026-11-25-h200-abft) */
  if (v->abft == 2 && g->min_blocks && di->compute_units && p->batch) {
    size_t blocks = (p->batch + g->t - 1) / g->t, slots = (size_t)g->min_blocks * di->compute_units;
    double best = 0;
    for (unsigned w = PPFFT_ABFT_WINDOW; w >= PPFFT_ABFT_WINDOW / 2; --w) {
      size_t groups = (blocks + w - 1) / w, waves = (groups + slots - 1) / slots;
      double full = (double)groups / (double)(waves * slots);
      if (full > best + 0.02) best = full, g->abft_window = w;
    }
  }
  return PPFFT_SUCCESS;
}
