/* The geometry of a variant on a problem: how many work-items share a transform, how many elements
 * each holds, how much local and constant memory the kernel needs, and whether the device can run
 * it.  Everything the planner weighs and the generator lays out comes from here. */
#ifndef PPFFT_CORE_GEOMETRY_H
#define PPFFT_CORE_GEOMETRY_H
#include "core/device_info.h"
#include "core/problem.h"
#include "core/variant.h"

enum { GEOMETRY_MAX_ELEMS = 64 }; /* elements per work-item: beyond this registers spill on GPUs */

typedef struct geometry {
  unsigned n;         /* transform length */
  unsigned wg;        /* work-group size */
  unsigned t;         /* transforms per work-group */
  unsigned w;         /* work-items per transform */
  unsigned r;         /* complex elements per work-item */
  unsigned e;         /* access lanes: complex elements per vector load or store */
  unsigned ec;        /* compute lanes: elements per register group; e where the vector lands
                       * straight in registers (VAVM, GM, unstaged RP+LM-CM), else 1 */
  unsigned ra;        /* vector accesses per work-item (r / e) */
  unsigned rq;        /* register groups per work-item (r / ec); every radix divides it */
  unsigned padshift;  /* local arrays insert one pad word every 2^padshift (bank conflicts) */
  unsigned xr;        /* exchange rounds (RP+LM-CM XRk), else 1 */
  unsigned npad;      /* padded length of one transform's local plane (N / xr elements) */
  int staged;         /* RP+LM-CM: global access goes through local memory to reach the registers */
  int stage_in, stage_out; /* RP+LM-CM: which sides are staged: both when staged, but with COLS
                       * only the side that is not a column side (a column side moves straight) */
  int h2;             /* RP+LM-CM on f16 data (not TC, not VAVM): the local plane holds half2 words,
                       * both parts of an element rounded to half, so an exchange or a staging is
                       * one round through it, not one per part */
  int pair;           /* PAIR: the exchange's plane holds real2 words, both parts of an element */
  size_t local_bytes; /* static local memory */
  size_t abft_local_bytes; /* ABFT's reductions and flag (declared apart from local_bytes), else 0 */
  int abft_sums_local; /* ABFT2 on CUDA: the window's sums of inputs live in the dynamic local array
                       * (wg x r complex values; local_bytes includes them) where they fit; else 0: in
                       * registers */
  size_t abft_sums_at; /* their byte offset there */
  int abft_sums_pair; /* with abft_sums_local, f64: lanes tr and tr ^ 1 (one warp) keep one sum of both
                      * their inputs, half the memory (gen/abft.c), where a transform has 16 work-items or fewer */
  unsigned abft_window; /* ABFT2: blocks of t transforms a work-group computes in turn (its correction
                         * window), at most PPFFT_ABFT_WINDOW (geometry.c); else 1 */
  size_t table_bytes; /* twiddle table (CM-K, CM-L, TW-GM), else 0 */
  unsigned min_blocks; /* the kernel's __launch_bounds__ blocks a multiprocessor on CUDA: MBk's k, or
                       * ABFT's implicit bound (geometry.c), else 0 (none) */
  unsigned tc_groups; /* TC: groups of 8 radix-16 butterflies each warp computes per pass */
  tc_map tc;          /* TC: the device's fragment element map (core/tc_map.h) */
} geometry;

/* Fills g for v on p.  di may be NULL to skip device limits.  Returns PPFFT_SUCCESS, or
 * PPFFT_ERROR_UNSUPPORTED with the reason in msg (does not apply to p, or the device cannot run it). */
int geometry_of(const problem *p, const variant *v, const device_info *di, geometry *g, char *msg, size_t len);

/* Whether the access pattern, for this geometry, is exactly the work-items' own elements (so the
 * RP+LM-CM kernel can load straight into registers). */
int geometry_pattern_is_owned(const geometry *g, access_pattern a);

/* Whether the kernel reads (side 0) or writes (side 1) across transforms: a strided side whose
 * neighbouring transforms are adjacent in memory (a column pass), so that neighbouring work-items
 * touch neighbouring elements.  Such a side goes through local memory. */
int geometry_side_is_column(const problem *p, const geometry *g, int side);

/* Whether the variant's work-items are interleaved across the work-group's transforms (COLS):
 * transform lid mod t, element group lid / t. */
int geometry_interleaved(const variant *v, const geometry *g);

/* Whether every strided side whose neighbouring transforms are neighbours in memory is read or
 * written across enough transforms per work-group to cover 32-byte memory segments. */
int geometry_columns_coalesced(const problem *p, const geometry *g);

#endif
