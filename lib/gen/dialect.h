/* The dialect seam: what differs between the languages the generator writes.  Emitters take the
 * language's words from here, never a keyword of their own, so that a second dialect (CUDA C
 * through NVRTC, the CUDA backend's) is a second table, not `#if`s through the emitters.
 *
 * OpenCL C is the one dialect today.  Still written in OpenCL C's own syntax by the emitters, and
 * to be routed through here (or through helpers in a dialect's prelude) when the CUDA dialect
 * lands: vector literals "(real2)(a, b)", swizzles (.s0, .even, .odd), vloadN/vstoreN,
 * convert_realN, native_cos/native_sin and sincos. */
#ifndef PPFFT_GEN_DIALECT_H
#define PPFFT_GEN_DIALECT_H
#include "core/text_buf.h"

/* The kernel's name in every generated program. */
#define GEN_KERNEL_NAME "ppfft_fft"

typedef struct dialect {
  const char *name;
  const char *prelude;                   /* the text before every kernel: precision-generic types, helpers */
  const char *global, *local, *constant; /* address-space qualifiers */
  const char *barrier_local;             /* a work-group barrier that orders local memory */
  const char *barrier_global;            /* one that orders global memory too */
  const char *local_id, *group_id;       /* the work-item's index in its group, the group's index */
  /* the line before a kernel's signature, for a work-group of wg work-items */
  void (*kernel_head)(text_buf *b, unsigned wg);
} dialect;

extern const dialect dialect_opencl;

#endif
