/* The Tensor Cores' fragment element map: which element of the matrices of one mma.sync
 * m16n8k16 (f16 A 16x16 row, f16 B 16x8 col, f32 C 16x8) each lane's register element holds.  The
 * TC knob (gen/tensor.c) never assumes it: a probe kernel (cuda/tensor_probe.c) runs the
 * instruction on inputs that reveal it, and tc_map_from_probe reads the answer.
 *
 * The probe runs TC_PROBE_RUNS products in one warp.  Run a sets A to the one-hot matrix of A's
 * element a (lane a / 8, half a % 8 of its four registers, low half first) and every B element
 * (lane l, half h) to 1 + 4 l + h, exactly representable in f16; C starts at 0.  So run a lights
 * the C elements of A's row, each with the value of the B element of A's column in that C
 * element's column: the rows, the inner index k and the columns follow from which elements meet.
 * Labels are assigned in order of first appearance: any labelling consistent between A, B and C
 * computes the same products. */
#ifndef PPFFT_CORE_TC_MAP_H
#define PPFFT_CORE_TC_MAP_H

enum { TC_PROBE_RUNS = 256, TC_PROBE_FLOATS = 256 * 32 * 4 };

/* For each lane, bytes 0..7: A's halves 0..7 as (m << 4 | k); 8..11: B's halves 0..3 as
 * (k << 4 | n); 12..15: C's floats 0..3 as (m << 4 | n); m, k < 16, n < 8. */
typedef struct tc_map {
  unsigned char lane[32][16];
} tc_map;

/* Reads the probe's output (run a, lane l, C float i at (a * 32 + l) * 4 + i) into *map.  Returns
 * 0, or -1 when the output is not that of a 16x8x16 product (every check of the structure fails
 * closed: no map, no TC). */
int tc_map_from_probe(const float *out, tc_map *map);

/* The probe kernel's program text (CUDA C++ for NVRTC, kernel TC_PROBE_KERNEL(float *out) for one
 * warp, TC_PROBE_FLOATS floats out). */
#define TC_PROBE_KERNEL "ppfft_tc_probe"
extern const char tc_probe_source[];

#endif
