/* tc_map_from_probe and the probe kernel's text (see core/tc_map.h). */
#include "core/tc_map.h"
#include <string.h>

const char tc_probe_source[] =
    "extern \"C\" __global__ void " TC_PROBE_KERNEL "(float *out)\n{\n"
    "  const unsigned lane = threadIdx.x & 31u;\n"
    "  unsigned b[2];\n"
    "  for (unsigned r = 0; r < 2; ++r) {\n"
    "    const float lo = (float)(1u + 4u * lane + 2u * r), hi = lo + 1.0f;\n"
    "    asm(\"{ .reg .b16 l, h; cvt.rn.f16.f32 l, %1; cvt.rn.f16.f32 h, %2; mov.b32 %0, {l, h}; }\" : \"=r\"(b[r]) : \"f\"(lo), \"f\"(hi));\n"
    "  }\n"
    "  for (unsigned run = 0; run < 256u; ++run) {\n"
    "    unsigned a[4];\n"
    "    for (unsigned r = 0; r < 4; ++r) /* 0x3c00: 1.0 in f16 */\n"
    "      a[r] = lane == run / 8u && run % 8u / 2u == r ? (run % 2u ? 0x3c000000u : 0x3c00u) : 0u;\n"
    "    float d0 = 0.0f, d1 = 0.0f, d2 = 0.0f, d3 = 0.0f;\n"
    "    asm volatile(\"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\"\n"
    "                 : \"+f\"(d0), \"+f\"(d1), \"+f\"(d2), \"+f\"(d3) : \"r\"(a[0]), \"r\"(a[1]), \"r\"(a[2]), \"r\"(a[3]), \"r\"(b[0]), \"r\"(b[1]));\n"
    "    float *o = out + (run * 32u + lane) * 4u;\n"
    "    o[0] = d0, o[1] = d1, o[2] = d2, o[3] = d3;\n"
    "  }\n}\n";

/* Elements are numbered lane * 8 + half (A), lane * 4 + half (B), lane * 4 + float (C). */
int tc_map_from_probe(const float *out, tc_map *map)
{
  enum { NA = 256, NB = 128, NC = 128 };
  int bof[NA][8], cof[NA][8], nlit[NA]; /* per run: the B elements shown, at which C elements */
  for (int a = 0; a < NA; ++a) {
    nlit[a] = 0;
    for (int c = 0; c < NC; ++c) {
      float v = out[a * NC + c];
      if (v == 0.0f) continue;
      int b = (int)v - 1;
      if (v != (float)(b + 1) || b < 0 || b >= NB || nlit[a] == 8) return -1;
      bof[a][nlit[a]] = b;
      cof[a][nlit[a]++] = c;
    }
    if (nlit[a] != 8) return -1;
  }
  /* rows: runs that light the same C elements; k: runs that show the same B elements */
  int row_of_a[NA], k_of_a[NA], nrow = 0, nk = 0, rep_row[16], rep_k[16];
  for (int a = 0; a < NA; ++a) {
    row_of_a[a] = k_of_a[a] = -1;
    for (int r = 0; r < nrow && row_of_a[a] < 0; ++r) {
      int same = 1;
      for (int i = 0; i < 8; ++i) same &= cof[a][i] == cof[rep_row[r]][i];
      if (same) row_of_a[a] = r;
    }
    if (row_of_a[a] < 0) {
      if (nrow == 16) return -1;
      rep_row[nrow] = a;
      row_of_a[a] = nrow++;
    }
    for (int q = 0; q < nk && k_of_a[a] < 0; ++q) {
      int hit = 0;
      for (int i = 0; i < 8; ++i)
        for (int j = 0; j < 8; ++j) hit += bof[a][i] == bof[rep_k[q]][j];
      if (hit == 8) k_of_a[a] = q;
      else if (hit) return -1; /* a B element in two k classes */
    }
    if (k_of_a[a] < 0) {
      if (nk == 16) return -1;
      rep_k[nk] = a;
      k_of_a[a] = nk++;
    }
  }
  if (nrow != 16 || nk != 16) return -1;
  /* each (row, k) exactly once; rows partition C, k classes partition B */
  int seen[16][16] = {{0}}, c_row[NC], b_k[NB];
  for (int c = 0; c < NC; ++c) c_row[c] = -1;
  for (int b = 0; b < NB; ++b) b_k[b] = -1;
  for (int a = 0; a < NA; ++a) {
    if (seen[row_of_a[a]][k_of_a[a]]++) return -1;
    for (int i = 0; i < 8; ++i) {
      if (c_row[cof[a][i]] >= 0 && c_row[cof[a][i]] != row_of_a[a]) return -1;
      if (b_k[bof[a][i]] >= 0 && b_k[bof[a][i]] != k_of_a[a]) return -1;
      c_row[cof[a][i]] = row_of_a[a];
      b_k[bof[a][i]] = k_of_a[a];
    }
  }
  for (int c = 0; c < NC; ++c)
    if (c_row[c] < 0) return -1;
  for (int b = 0; b < NB; ++b)
    if (b_k[b] < 0) return -1;
  /* columns: the B elements of k class 0 take 0..7 in the order run rep_k[0] shows them; a C
   * element takes its B element's column in the run of its row with k class 0; every other B
   * element the column of the C element it meets; then every run must agree */
  int b_col[NB], c_col[NC];
  for (int b = 0; b < NB; ++b) b_col[b] = -1;
  for (int c = 0; c < NC; ++c) c_col[c] = -1;
  for (int i = 0; i < 8; ++i) b_col[bof[rep_k[0]][i]] = i;
  for (int a = 0; a < NA; ++a)
    if (k_of_a[a] == 0)
      for (int i = 0; i < 8; ++i) c_col[cof[a][i]] = b_col[bof[a][i]];
  for (int a = 0; a < NA; ++a)
    for (int i = 0; i < 8; ++i) {
      int *bc = &b_col[bof[a][i]], cc = c_col[cof[a][i]];
      if (cc < 0 || (*bc >= 0 && *bc != cc)) return -1;
      *bc = cc;
    }
  memset(map, 0, sizeof *map);
  for (int a = 0; a < NA; ++a) map->lane[a / 8][a % 8] = (unsigned char)(row_of_a[a] << 4 | k_of_a[a]);
  for (int b = 0; b < NB; ++b) map->lane[b / 4][8 + b % 4] = (unsigned char)(b_k[b] << 4 | b_col[b]);
  for (int c = 0; c < NC; ++c) map->lane[c / 4][12 + c % 4] = (unsigned char)(c_row[c] << 4 | c_col[c]);
  return 0;
}
