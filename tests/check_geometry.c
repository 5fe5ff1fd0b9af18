/* The geometry rules (core/geometry.h), without a device: what applies to which problem, and what a
 * device's limits rule out. */
#include "core/geometry.h"
#include "core/problem.h"
#include "core/variant.h"
#include "suites.h"
#include "testutil.h"
#include <string.h>

/* The geometry rules, without a device: what applies to which problem. */
START_TEST(geometry_rules)
{
  problem p;
  problem_init_plain(&p, 256, 10, 0, -1);
  variant v;
  geometry g;
  char msg[256];
  ck_assert_int_eq(variant_parse("r16x16/RP+LM-CM+CGAP+VASM2+CM-K/wg64/t4", &v, msg, sizeof msg), 0);
  ck_assert_int_eq(geometry_of(&p, &v, NULL, &g, msg, sizeof msg), 0);
  ck_assert_uint_eq(g.w, 16);
  ck_assert_uint_eq(g.r, 16);
  ck_assert_int_eq(g.staged, 1);          /* CGAP with 4 transforms per work-group goes through local memory */
  ck_assert_uint_eq(g.npad, 272); /* 256 + 8 pads, raised to 16 mod 32 so the 16 work-items of 2 transforms in a warp hit distinct banks */
  ck_assert_uint_eq(g.local_bytes, 4 * 272 * 4);
  ck_assert_uint_eq(g.table_bytes, 255 * 8);
  ck_assert_int_eq(variant_parse("r16x16/RP+LM-CM+DIRECT+VASM2+CM-K/wg64/t4", &v, msg, sizeof msg), 0);
  ck_assert_int_eq(geometry_of(&p, &v, NULL, &g, msg, sizeof msg), 0);
  ck_assert_int_eq(g.staged, 0);
  /* the radices must multiply to N */
  ck_assert_int_eq(variant_parse("r16x8/RP+LM-CM+CGAP+VASM2+CM-K/wg64/t4", &v, msg, sizeof msg), 0);
  ck_assert_int_ne(geometry_of(&p, &v, NULL, &g, msg, sizeof msg), 0);
  ck_assert_ptr_nonnull(strstr(msg, "128"));
  /* each radix must divide the lane groups a work-item holds: 16 elements in 8-lane vectors is 2 groups */
  ck_assert_int_eq(variant_parse("r16x16/RP+LM-CM+CGAP+VAVM8+CM-K/wg64/t4", &v, msg, sizeof msg), 0);
  ck_assert_int_ne(geometry_of(&p, &v, NULL, &g, msg, sizeof msg), 0);
  /* more work-items than elements */
  ck_assert_int_eq(variant_parse("r16x16/RP+LM-CM+CGAP+VASM2+CM-K/wg512/t1", &v, msg, sizeof msg), 0);
  ck_assert_int_ne(geometry_of(&p, &v, NULL, &g, msg, sizeof msg), 0);
  /* vector access needs aligned distances */
  p.in_dist = 257;
  ck_assert_int_eq(variant_parse("r16x16/RP+LM-CM+CGAP+VASM4+CM-K/wg16/t2", &v, msg, sizeof msg), 0);
  ck_assert_int_ne(geometry_of(&p, &v, NULL, &g, msg, sizeof msg), 0);
  p.in_dist = 256;
  ck_assert_int_eq(geometry_of(&p, &v, NULL, &g, msg, sizeof msg), 0);
  /* device limits: local memory, constant memory, work-group size */
  device_info di = {0};
  di.max_wg = 64;
  di.local_mem = 4096;
  di.max_const = 1024;
  di.fp64 = 1;
  ck_assert_int_eq(variant_parse("r16x16/LM-CC+CGAP+VASM2+TW-CALC/wg64/t4", &v, msg, sizeof msg), 0);
  ck_assert_int_ne(geometry_of(&p, &v, &di, &g, msg, sizeof msg), 0);
  ck_assert_ptr_nonnull(strstr(msg, "local memory"));
  ck_assert_int_eq(variant_parse("r16x16/GM+CGAP+VASM2+CM-K/wg64/t4", &v, msg, sizeof msg), 0);
  ck_assert_int_ne(geometry_of(&p, &v, &di, &g, msg, sizeof msg), 0);
  ck_assert_ptr_nonnull(strstr(msg, "constant"));
  ck_assert_int_eq(variant_parse("r16x16/GM+CGAP+VASM2+TW-GM/wg128/t8", &v, msg, sizeof msg), 0);
  ck_assert_int_ne(geometry_of(&p, &v, &di, &g, msg, sizeof msg), 0);
  ck_assert_int_eq(variant_parse("r16x16/GM+CGAP+VASM2+TW-GM/wg64/t4", &v, msg, sizeof msg), 0);
  ck_assert_int_eq(geometry_of(&p, &v, &di, &g, msg, sizeof msg), 0);
  ck_assert_uint_eq(g.local_bytes, 0);
}
END_TEST

/* Lengths that are not powers of two: any work-group that holds whole transforms and shares each
 * evenly; the knobs whose schedules split by powers of two refused with a reason. */
static int geometry_says(size_t n, const char *vs, const char *reason)
{
  problem p;
  problem_init_plain(&p, n, 6, 0, -1);
  variant v;
  geometry g;
  char msg[256] = "";
  ck_assert_msg(variant_parse(vs, &v, msg, sizeof msg) == 0, "%s: %s", vs, msg);
  int s = geometry_of(&p, &v, NULL, &g, msg, sizeof msg);
  if (reason) ck_assert_msg(s != 0 && strstr(msg, reason), "%s: \"%s\", not \"%s\"", vs, msg, reason);
  return s;
}

START_TEST(mixed_radix_rules)
{
  problem p;
  problem_init_plain(&p, 1000, 6, 0, -1);
  variant v;
  geometry g;
  char msg[256];
  ck_assert_int_eq(variant_parse("r10x10x10/RP+LM-CM+CGAP+VASM2+CM-K/wg300/t3", &v, msg, sizeof msg), 0);
  ck_assert_msg(geometry_of(&p, &v, NULL, &g, msg, sizeof msg) == 0, "%s", msg);
  ck_assert_uint_eq(g.w, 100);
  ck_assert_uint_eq(g.r, 10);
  ck_assert_uint_eq(g.table_bytes, 999 * 8); /* sum of (r - 1) x period = N - 1 entries */
  ck_assert_int_eq(geometry_says(1000, "r10x10x10/GM+CGAP+VASM2+TW-CALC/wg200/t2", NULL), 0);
  geometry_says(1000, "r10x10x10/RP+LM-CM+CGAP+VASM2+CM-K/wg300/t7", "whole number of transforms");
  geometry_says(1000, "r10x10x10/RP+LM-CM+CGAP+VASM2+CM-K/wg30/t1", "evenly");
  geometry_says(96, "r16x6/RP+LM-CM+CGAP+VASM2+CM-K/wg4/t1", "does not divide"); /* 24 elements: 16 does not divide them */
  ck_assert_int_eq(geometry_says(96, "r16x6/RP+LM-CM+CGAP+VASM2+CM-K/wg2/t1", NULL), 0);
  geometry_says(15, "r15/GM+CGAP+VASM4+CM-K/wg1/t1", "lane");
  /* exchange rounds at any length, in a number that divides the last radix (and the butterflies) */
  ck_assert_int_eq(geometry_says(144, "r12x12/RP+LM-CM+XR2+DIRECT+VASM2+CM-K/wg12/t1", NULL), 0);
  ck_assert_int_eq(geometry_says(144, "r12x12/RP+LM-CM+XR3+DIRECT+VASM2+CM-K/wg12/t1", NULL), 0);
  geometry_says(144, "r12x12/RP+LM-CM+XR5+DIRECT+VASM2+CM-K/wg12/t1", "last radix");
  geometry_says(144, "r12x12/RP+LM-CM+XR2+DIRECT+VASM2+CM-K/wg4/t1", "split"); /* 3 butterflies a work-item in 2 rounds */
  /* PAIR: real2 words (twice the bytes of a plane of parts), for the unstaged exchange only */
  {
    problem p15;
    problem_init_plain(&p15, 15625, 1, 0, -1);
    variant v1, v2;
    geometry g1, g2;
    ck_assert_int_eq(variant_parse("r5x5x5x5x5x5/RP+LM-CM+XR5+DIRECT+VASM2+TW-GM/wg625/t1", &v1, msg, sizeof msg), 0);
    ck_assert_int_eq(variant_parse("r5x5x5x5x5x5/RP+LM-CM+XR5+PAIR+DIRECT+VASM2+TW-GM/wg625/t1", &v2, msg, sizeof msg), 0);
    ck_assert_int_eq(geometry_of(&p15, &v1, NULL, &g1, msg, sizeof msg), 0);
    ck_assert_int_eq(geometry_of(&p15, &v2, NULL, &g2, msg, sizeof msg), 0);
    ck_assert(g2.pair && !g1.pair);
    ck_assert_uint_ge(g2.local_bytes, 2 * 3125 * 4); /* 3125 real2 words of f32 and their pads */
    ck_assert_uint_le(g2.local_bytes, 2 * g1.local_bytes * 17 / 16); /* (a pad every 16 words, not 32) */
  }
  geometry_says(144, "r12x12/RP+LM-CM+PAIR+CGAP+VASM2+CM-K/wg12/t2", "PAIR");  /* staged */
  geometry_says(144, "r12x12/RP+LM-CM+PAIR+DIRECT+VAVM2+CM-K/wg6/t1", "PAIR"); /* vector math */
  geometry_says(16, "r16/RP+LM-CM+PAIR+DIRECT+VASM2+CM-K/wg1/t1", "PAIR");     /* one pass: no exchange */
  geometry_says(144, "r12x12/RP+SHFL-DIV+DIRECT+VASM2+CM-K/wg12/t1", "shuffle");
  geometry_says(144, "r12x12/RP+LM-CM+DIRECT+VASM2+CM-K+ABFT1/wg12/t1", "ABFT");
  ck_assert_int_eq(geometry_says(144, "r12x12/LM-CT+CGAP+VASM2+CM-K/wg36/t3", NULL), 0);
}
END_TEST

/* A column pass of 256 points: element stride 256, neighbouring transforms adjacent (dist 1) on
 * the input, and on the output too unless rows_out (contiguous rows out, as the last pass of a
 * four-step plan writes transposed: here reversed, rows in would be the same rule). */
static problem column_pass(int rows_out)
{
  problem p;
  problem_init_plain(&p, 256, 256, 0, -1);
  p.in_stride = 256, p.in_dist = 1;
  if (!rows_out) p.out_stride = 256, p.out_dist = 1;
  return p;
}

/* COLS: RP+LM-CM+CGAP on a pass with a column side; that side straight to and from registers,
 * exchange rounds only when no side is staged, bank-spread transform planes. */
START_TEST(cols_rules)
{
  problem p = column_pass(0);
  variant v;
  geometry g;
  char msg[256];
  ck_assert_int_eq(variant_parse("r16x16/RP+LM-CM+CGAP+COLS+VASM2+TW-GM/wg256/t16", &v, msg, sizeof msg), 0);
  ck_assert_msg(geometry_of(&p, &v, NULL, &g, msg, sizeof msg) == 0, "%s", msg);
  ck_assert_int_eq(g.staged + g.stage_in + g.stage_out, 0); /* both sides columns: straight to registers */
  ck_assert_uint_eq(g.local_bytes, 16 * g.npad * 4);      /* the exchange's plane of 16 transforms */
  ck_assert_uint_eq(g.npad % 32, 2);                      /* 16 transforms x 2 elements a warp: distinct banks */
  ck_assert_int_eq(geometry_interleaved(&v, &g), 1);
  ck_assert_int_eq(variant_parse("r16x16/RP+LM-CM+XR2+CGAP+COLS+VASM2+TW-GM/wg128/t16", &v, msg, sizeof msg), 0);
  ck_assert_msg(geometry_of(&p, &v, NULL, &g, msg, sizeof msg) == 0, "%s", msg);
  ck_assert_uint_eq(g.xr, 2);
  ck_assert_uint_lt(g.npad, 256); /* half the transform a round */
  p = column_pass(1); /* rows out: the output side staged through local memory, no rounds */
  ck_assert_int_eq(variant_parse("r16x16/RP+LM-CM+CGAP+COLS+VASM2+TW-GM/wg256/t16", &v, msg, sizeof msg), 0);
  ck_assert_msg(geometry_of(&p, &v, NULL, &g, msg, sizeof msg) == 0, "%s", msg);
  ck_assert_int_eq(g.stage_in, 0);
  ck_assert_int_eq(g.stage_out, 1);
  ck_assert_int_eq(variant_parse("r16x16/RP+LM-CM+XR2+CGAP+COLS+VASM2+TW-GM/wg128/t16", &v, msg, sizeof msg), 0);
  ck_assert_int_ne(geometry_of(&p, &v, NULL, &g, msg, sizeof msg), 0);
  ck_assert_ptr_nonnull(strstr(msg, "exchange rounds"));
  /* what COLS does not apply to */
  p = column_pass(0);
  static const struct { const char *v, *why; } bad[] = {
    {"r16x16/RP+LM-CM+DIRECT+COLS+VASM2+TW-GM/wg256/t16", "CGAP"},
    {"r16x16/LM-CC+CGAP+COLS+VASM2+TW-GM/wg256/t16", "COLS interleaves"},
    {"r16x16/RP+SHFL-DIV+CGAP+COLS+VASM2+TW-GM/wg256/t16", "COLS interleaves"},
    {"r16x16/RP+LM-CM+CGAP+COLS+VASM2+TW-GM+ABFT2/wg256/t16", "COLS interleaves"},
    {"r16x16/RP+LM-CM+CGAP+COLS+VASM2+TW-GM/wg16/t1", "column side"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
    ck_assert_int_eq(variant_parse(bad[i].v, &v, msg, sizeof msg), 0);
    ck_assert_int_ne(geometry_of(&p, &v, NULL, &g, msg, sizeof msg), 0);
    ck_assert_msg(strstr(msg, bad[i].why), "%s: \"%s\"", bad[i].v, msg);
  }
  problem_init_plain(&p, 256, 256, 0, -1); /* a plain batch has no column side */
  ck_assert_int_eq(variant_parse("r16x16/RP+LM-CM+CGAP+COLS+VASM2+TW-GM/wg256/t16", &v, msg, sizeof msg), 0);
  ck_assert_int_ne(geometry_of(&p, &v, NULL, &g, msg, sizeof msg), 0);
  ck_assert_ptr_nonnull(strstr(msg, "column side"));
}
END_TEST

/* ABFT on a CUDA device (core/geometry.c): the implicit launch bound (the most blocks that leave a
 * thread its elements' registers and 48 more), ABFT2's window sums in shared memory after the
 * exchange planes where a block fits; neither on OpenCL, nor the bound over an explicit MBk. */
START_TEST(abft_cuda_rules)
{
  device_info di = {0};
  di.max_wg = 1024;
  di.local_mem = 227 * 1024;
  di.max_const = 64 * 1024;
  di.fp64 = 1;
  di.cuda = 1;
  di.regs_per_block = 65536;
  problem p;
  variant v;
  geometry g, plain;
  char msg[256];
  problem_init_plain(&p, 1024, 64, 0, -1);
  ck_assert_int_eq(variant_parse("r16x16x4/RP+LM-CM+DIRECT+VASM2+TW-GM+TWP/wg256/t4", &v, msg, sizeof msg), 0);
  ck_assert_msg(geometry_of(&p, &v, &di, &plain, msg, sizeof msg) == 0, "%s", msg);
  ck_assert_uint_eq(plain.min_blocks, 0);
  v.abft = 2;
  ck_assert_msg(geometry_of(&p, &v, &di, &g, msg, sizeof msg) == 0, "%s", msg);
  ck_assert_uint_eq(g.min_blocks, 3); /* 3 x 256 x (32 + 48) <= 65536 < 4 x 256 x 80 */
  ck_assert_int_eq(g.abft_sums_local, 1);
  ck_assert_uint_eq(g.abft_sums_at % 16, 0);
  ck_assert_uint_ge(g.abft_sums_at, plain.local_bytes);
  ck_assert_uint_eq(g.local_bytes, g.abft_sums_at + 256 * 16 * 2 * 4);
  v.abft = 1;
  ck_assert_msg(geometry_of(&p, &v, &di, &g, msg, sizeof msg) == 0, "%s", msg);
  ck_assert_uint_eq(g.min_blocks, 3);
  ck_assert_int_eq(g.abft_sums_local, 0);
  ck_assert_uint_eq(g.local_bytes, plain.local_bytes);
  v.minb = 2; /* an explicit MBk wins */
  ck_assert_msg(geometry_of(&p, &v, &di, &g, msg, sizeof msg) == 0, "%s", msg);
  ck_assert_uint_eq(g.min_blocks, 2);
  v.minb = 0;
  problem_init_plain(&p, 1024, 64, 1, -1); /* f64: 64 registers of elements, 2 blocks */
  v.abft = 2;
  ck_assert_msg(geometry_of(&p, &v, &di, &g, msg, sizeof msg) == 0, "%s", msg);
  ck_assert_uint_eq(g.min_blocks, 2);
  ck_assert_int_eq(g.abft_sums_local, 1);
  ck_assert_int_eq(g.abft_sums_pair, 0); /* 64 work-items a transform: a pair of lanes is two warps */
  /* lanes paired on one sum in f64 where a transform has 16 work-items or fewer: half the memory;
   * not in f32, nor at one transform a work-group */
  problem_init_plain(&p, 128, 64, 1, -1);
  ck_assert_int_eq(variant_parse("r16x8/RP+LM-CM+DIRECT+VASM2+TW-GM+TWP+ABFT2/wg64/t8", &v, msg, sizeof msg), 0);
  ck_assert_msg(geometry_of(&p, &v, &di, &g, msg, sizeof msg) == 0, "%s", msg);
  ck_assert_int_eq(g.abft_sums_local, 1);
  ck_assert_int_eq(g.abft_sums_pair, 1);
  ck_assert_uint_eq(g.local_bytes, g.abft_sums_at + 64 * 16 * 2 * 8 / 2);
  ck_assert_uint_eq(g.min_blocks, 8);
  problem_init_plain(&p, 128, 64, 0, -1);
  ck_assert_msg(geometry_of(&p, &v, &di, &g, msg, sizeof msg) == 0, "%s", msg);
  ck_assert_int_eq(g.abft_sums_pair, 0);
  ck_assert_uint_eq(g.local_bytes, g.abft_sums_at + 64 * 16 * 2 * 4);
  problem_init_plain(&p, 16, 64, 1, -1);
  ck_assert_int_eq(variant_parse("r16/RP+LM-CM+CGAP+VASM2+CM-K+ABFT2/wg1/t1", &v, msg, sizeof msg), 0);
  ck_assert_msg(geometry_of(&p, &v, &di, &g, msg, sizeof msg) == 0, "%s", msg);
  ck_assert_int_eq(g.abft_sums_pair, 0);
  problem_init_plain(&p, 1024, 64, 1, -1);
  ck_assert_int_eq(variant_parse("r16x16x4/RP+LM-CM+DIRECT+VASM2+TW-GM+TWP+ABFT2/wg256/t4", &v, msg, sizeof msg), 0);
  di.cuda = 0; /* OpenCL: no bound, the sums in registers */
  di.regs_per_block = 0;
  di.local_mem = 64 * 1024;
  ck_assert_msg(geometry_of(&p, &v, &di, &g, msg, sizeof msg) == 0, "%s", msg);
  ck_assert_uint_eq(g.min_blocks, 0);
  ck_assert_int_eq(g.abft_sums_local, 0);
}
END_TEST

Suite *make_geometry_suite(void)
{
  Suite *s = suite_create("geometry");
  TCase *tc = test_tcase("rules");
  tcase_add_test(tc, geometry_rules);
  tcase_add_test(tc, mixed_radix_rules);
  tcase_add_test(tc, cols_rules);
  tcase_add_test(tc, abft_cuda_rules);
  suite_add_tcase(s, tc);
  return s;
}
