/* The generator: the whole single-work-group FFT kernel for (problem, variant), as program text
 * (the levels below are listed in gen/emit.h).
 *
 * The algorithm is Stockham's autosort FFT (decimation in time), except LM-CT, which runs
 * Cooley-Tukey in place in local memory (decimation in frequency) and undoes the digit reversal
 * when it stores.  Work-item `tid` of a transform owns lane groups tid + W*q: in Stockham order
 * those are the same positions in every pass, so registers persist across passes (RP) and only the
 * exchange between passes goes through local memory (LM-CM), one real component at a time. */
#ifndef PPFFT_GEN_KERNEL_H
#define PPFFT_GEN_KERNEL_H
#include "core/geometry.h"
#include "core/problem.h"
#include "core/variant.h"
#include "gen/dialect.h"

typedef struct kernel_source {
  char *text;        /* the whole program in the dialect's language; caller free()s */
  int table_arg;     /* the kernel takes a twiddle table buffer (after batch) */
  int four_step_arg; /* then the four-step twiddle table (core/twiddle_table.h), a global buffer, or
                      * the fused steps' table fz (core/fuse.h) */
  size_t local_bytes; /* local memory the launch must give the kernel (a dialect with dynamic_local),
                       * else 0 */
} kernel_source;

/* Generates the program text in dialect d (gen/dialect.h: dialect_opencl, dialect_cuda), whose
 * kernel is GEN_KERNEL_NAME.  Kernel arguments: (src, dst, ulong first, ulong batch[, tw]) for
 * out-of-place, (data, ulong first, ulong batch[, tw]) for in-place; launch with local size g->wg and
 * ceil((batch - first) / g->t) work-groups, transforms first.. of the buffers.  Returns 0, -1 if
 * out of memory, -2 if an expression did not fit its buffer (a generator bug: nothing is ever
 * emitted cut short), or -3 if the variant's shuffle exchange cannot be written (a dialect without
 * warp shuffles, or an exchange with no shuffle schedule). */
int gen_kernel(const problem *p, const variant *v, const geometry *g, const dialect *d, kernel_source *out);

/* Blocks of t transforms one work-group of an ABFT2 kernel computes one after another (its correction
 * window): g's abft_window (core/geometry.c), or 2 in a timing study (gen/emit.h's ABFT_WINDOW_2);
 * the launch divides its work-groups by it. */
unsigned gen_abft_window(const dialect *d, const geometry *g);

/* The local memory the launch gives the kernel: the geometry's, less ABFT2's window sums where a
 * timing study keeps them in registers (gen/emit.h's ABFT_SUMS_REGS). */
size_t gen_local_bytes(const dialect *d, const geometry *g);

#endif
