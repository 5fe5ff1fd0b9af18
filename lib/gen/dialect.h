/* The dialect seam: what differs between the languages the generator writes, OpenCL C and CUDA C++
 * (compiled by NVRTC, for the CUDA backend).  Emitters take the language's words from here, never
 * a keyword of their own, so that each language is a table, not `#if`s through the emitters.
 *
 * The table covers what C++ cannot parse or CUDA spells differently: address spaces (a global
 * pointer; declaring local memory; constant memory declared, passed as an argument, or pointed
 * into), barriers, the work-item and group indices, the kernel's head, the qualifier of helper
 * functions, vector literals ("(real2)(a, b)", which C++ reads as a cast of a comma expression),
 * the table literal's elements, the .even/.odd swizzles, and the text around a program.  What both
 * languages can spell alike, the emitters write in OpenCL C's own syntax and the CUDA prelude
 * (cuda/prelude.cuh) supplies under OpenCL's names: uint and ulong, realN/floatN/uintN with
 * components .x .y and .s0 .. .sf and their arithmetic, vloadN/vstoreN, convert_realN and
 * convert_floatN, native_cos/native_sin, sincos(x, &c), restrict, ppfft_cossin.
 *
 * Words that qualify a type ("__global ") carry their trailing space, so that an empty word leaves
 * no stray blank. */
#ifndef PPFFT_GEN_DIALECT_H
#define PPFFT_GEN_DIALECT_H
#include "core/text_buf.h"

/* The kernel's name in every generated program. */
#define GEN_KERNEL_NAME "ppfft_fft"

typedef struct dialect {
  const char *name;
  const char *prelude;        /* the text before every kernel: precision-generic types, helpers */
  const char *epilogue;       /* the text after it (CUDA: closes the prelude's namespace) */
  const char *global;         /* qualifies a pointer into global memory */
  const char *local_decl;     /* declares an array in local (shared) memory; nothing points into
                               * local memory (vloadN/vstoreN take the array), so no word for that */
  int dynamic_local;          /* the kernel's local planes are one array sized at launch (CUDA's
                               * dynamic shared memory: the only way past 48 KiB a block), not
                               * arrays of fixed size (kernel_source.local_bytes says how much) */
  const char *constant_decl;  /* declares the program-scope table (CM-L) */
  const char *constant_arg;   /* qualifies the table argument (CM-K) */
  const char *constant_ptr;   /* qualifies a cast of either table's pointer */
  const char *barrier_local;  /* a work-group barrier that orders local memory */
  const char *barrier_global; /* one that orders global memory (OpenCL: only global) */
  const char *barrier_both;   /* one that orders local and global memory */
  const char *local_id, *group_id;    /* the work-item's index in its group, the group's index */
  const char *helper;                 /* before a helper function's return type (IL off) */
  const char *vec_open, *vec_mid;     /* a vector literal of type T opens with vec_open T vec_mid */
  const char *elem_open, *elem_close; /* around the two reals of the CM-L table's elements */
  const char *shuffle;         /* the warp shuffle (value, source lane, width) with a lane mask
                               * first, else NULL (OpenCL: no such thing) */
  int xor_reduce;             /* ABFT's sums over a transform's threads by xor shuffles within a
                               * warp (CUDA), else through local memory */
  const char *abft_helpers;   /* ABFT kernels' helpers: ppfft_flip (a bit of a real), ppfft_count
                               * (an atomic increment of a global counter), ppfft_xor_sum (with
                               * xor_reduce), ppfft_opaque and ppfft_opaque_u (with opaque_tables) */
  int opaque_tables;          /* ABFT's loops read their tables through ppfft_opaque(pointer) made
                               * in each iteration, so that the compiler does not hoist the table
                               * loads of a whole transform out of the loop into registers */
  const char *half_helpers;   /* half-precision data (problem.h's f16): the type ppfft_h2 of a half2
                               * in memory and its conversions ppfft_ld_h2 (to real2) and ppfft_st_h2
                               * (from real2, rounded to nearest), and the plain layout's vector forms
                               * ppfft_ldv_h2 / ppfft_stv_h2 (E half2 in a uint, uint2, uint4 or uint8
                               * against real2 .. real16), else NULL (OpenCL: no f16) */
  int omit_exchange;          /* timing studies only (bench/shfl-study): the exchange between
                               * passes left out, so its cost shows; the results are wrong */
  unsigned abft_omit;         /* timing studies only (bench/shfl-study): ABFT_OMIT_* parts of the
                               * ABFT code left out (gen/abft.h), so their cost shows */
  /* the line before a kernel's signature, for a work-group of wg work-items and at least
   * min_blocks work-groups a compute unit (0: no such bound; the variant's MBk, CUDA only) */
  void (*kernel_head)(text_buf *b, unsigned wg, unsigned min_blocks);
  /* the even (odd = 0) or odd components of vector expression v, into buf (errors in sticky) */
  void (*half)(text_buf *sticky, char *buf, size_t n, const char *v, int odd);
} dialect;

extern const dialect dialect_opencl;
extern const dialect dialect_cuda;

#endif
