/* The dialects: OpenCL C (prelude cl/prelude.cl) and CUDA C++ for NVRTC (prelude cuda/prelude.cuh),
 * both preludes embedded at build time. */
#include "gen/dialect.h"
#include "cl/cl_sources.h"

/* (min_blocks: OpenCL has no such bound; geometry_of refuses MB off CUDA) */
static void opencl_kernel_head(text_buf *b, unsigned wg, unsigned min_blocks)
{
  (void)min_blocks;
  tb_printf(b, "__kernel __attribute__((reqd_work_group_size(%u, 1, 1)))\n", wg);
}

static void opencl_half(text_buf *sticky, char *buf, size_t n, const char *v, int odd)
{
  tb_format(sticky, buf, n, "%s.%s", v, odd ? "odd" : "even");
}

static const char opencl_abft_helpers[] =
    "inline real ppfft_flip(const real x, const uint bit)\n{\n"
    "#ifdef PPFFT_F64\n  return as_double(as_ulong(x) ^ (1ul << bit));\n#else\n  return as_float(as_uint(x) ^ (1u << bit));\n#endif\n}\n"
    "inline void ppfft_count(__global uint *c) { atomic_inc(c); }\n";

const dialect dialect_opencl = {
  .name = "OpenCL C",
  .prelude = cl_src_prelude,
  .epilogue = "",
  .global = "__global ",
  .local_decl = "__local ",
  .constant_decl = "__constant ",
  .constant_arg = "__constant ",
  .constant_ptr = "__constant ",
  .barrier_local = "barrier(CLK_LOCAL_MEM_FENCE)",
  .barrier_global = "barrier(CLK_GLOBAL_MEM_FENCE)",
  .barrier_both = "barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)",
  .local_id = "get_local_id(0)",
  .group_id = "get_group_id(0)",
  .helper = "",
  .vec_open = "(",
  .vec_mid = ")(",
  .elem_open = "(real2)(",
  .elem_close = ")",
  .abft_helpers = opencl_abft_helpers,
  .kernel_head = opencl_kernel_head,
  .half = opencl_half,
};

/* extern "C": the symbol stays GEN_KERNEL_NAME inside the prelude's namespace; the bound is the
 * work-group size, as reqd_work_group_size is OpenCL's, and with MBk the minimum of blocks a
 * multiprocessor, which caps the registers a thread gets (65536 / (wg k), in steps of 8). */
static void cuda_kernel_head(text_buf *b, unsigned wg, unsigned min_blocks)
{
  if (min_blocks) tb_printf(b, "extern \"C\" __global__ __launch_bounds__(%u, %u)\n", wg, min_blocks);
  else tb_printf(b, "extern \"C\" __global__ __launch_bounds__(%u)\n", wg);
}

static void cuda_half(text_buf *sticky, char *buf, size_t n, const char *v, int odd)
{
  tb_format(sticky, buf, n, "ppfft_%s(%s)", odd ? "odd" : "even", v);
}

static const char cuda_abft_helpers[] =
    "__device__ __forceinline__ real ppfft_flip(const real x, const uint bit)\n{\n"
    "#ifdef PPFFT_F64\n  return __longlong_as_double(__double_as_longlong(x) ^ (1ll << bit));\n"
    "#else\n  return __uint_as_float(__float_as_uint(x) ^ (1u << bit));\n#endif\n}\n"
    "__device__ __forceinline__ void ppfft_count(uint *c) { atomicAdd(c, 1u); }\n"
    "__device__ __forceinline__ real ppfft_xor_sum(const real x, const uint m, const uint mask) { return x + __shfl_xor_sync(mask, x, m); }\n"
    /* p, as a value the compiler cannot follow: loads through it stay in the loop that made it */
    "__device__ __forceinline__ const real2 *ppfft_opaque(const real2 *p)\n{\n"
    "  unsigned long long u = (unsigned long long)p;\n  asm volatile(\"\" : \"+l\"(u));\n  return (const real2 *)u;\n}\n"
    "__device__ __forceinline__ uint ppfft_opaque_u(uint u) { asm volatile(\"\" : \"+r\"(u)); return u; }\n"
    /* u, opaque, once x is known: what is computed from it waits for x */
    "#ifdef PPFFT_F64\n"
    "__device__ __forceinline__ uint ppfft_opaque_after(uint u, const real x) { asm volatile(\"\" : \"+r\"(u) : \"d\"(x)); return u; }\n"
    "#else\n"
    "__device__ __forceinline__ uint ppfft_opaque_after(uint u, const real x) { asm volatile(\"\" : \"+r\"(u) : \"f\"(x)); return u; }\n"
    "#endif\n";

/* half2 in memory as the 32 bits that hold it (.x low), converted by PTX so that no header is
 * needed: cvt.f32.f16 is exact, cvt.rn.f16.f32 rounds to nearest even. */
static const char cuda_half_helpers[] =
    "typedef uint ppfft_h2;\n"
    "__device__ __forceinline__ real2 ppfft_ld_h2(const ppfft_h2 u)\n{\n  float x, y;\n"
    "  asm(\"{ .reg .b16 l, h; mov.b32 {l, h}, %2; cvt.f32.f16 %0, l; cvt.f32.f16 %1, h; }\" : \"=f\"(x), \"=f\"(y) : \"r\"(u));\n"
    "  return make_real2(x, y);\n}\n"
    "__device__ __forceinline__ ppfft_h2 ppfft_st_h2(const real2 v)\n{\n  ppfft_h2 u;\n"
    "  asm(\"{ .reg .b16 l, h; cvt.rn.f16.f32 l, %1; cvt.rn.f16.f32 h, %2; mov.b32 %0, {l, h}; }\" : \"=r\"(u) : \"f\"(v.x), \"f\"(v.y));\n"
    "  return u;\n}\n"
    /* E half2 as one vector access (uint2: 8 bytes, uint4: 16, uint8: two of 16): the plain layout's
     * wide loads and stores, lane e's (re, im) at components 2e, 2e+1 as f32's realW */
    "__device__ __forceinline__ real2 ppfft_ldv_h2(const uint u) { return ppfft_ld_h2(u); }\n"
    "__device__ __forceinline__ real4 ppfft_ldv_h2(const uint2 u)\n{\n"
    "  const real2 a = ppfft_ld_h2(u.x), b = ppfft_ld_h2(u.y);\n  return make_real4(a.x, a.y, b.x, b.y);\n}\n"
    "__device__ __forceinline__ real8 ppfft_ldv_h2(const uint4 u)\n{\n"
    "  const real2 a = ppfft_ld_h2(u.s0), b = ppfft_ld_h2(u.s1), c = ppfft_ld_h2(u.s2), d = ppfft_ld_h2(u.s3);\n"
    "  return make_real8(a.x, a.y, b.x, b.y, c.x, c.y, d.x, d.y);\n}\n"
    "__device__ __forceinline__ real16 ppfft_ldv_h2(const uint8 u)\n{\n"
    "  return make_real16(ppfft_ldv_h2(make_uint4(u.s0, u.s1, u.s2, u.s3)), ppfft_ldv_h2(make_uint4(u.s4, u.s5, u.s6, u.s7)));\n}\n"
    "__device__ __forceinline__ uint ppfft_stv_h2(const real2 v) { return ppfft_st_h2(v); }\n"
    "__device__ __forceinline__ uint2 ppfft_stv_h2(const real4 v)\n{\n"
    "  return make_uint2(ppfft_st_h2(make_real2(v.s0, v.s1)), ppfft_st_h2(make_real2(v.s2, v.s3)));\n}\n"
    "__device__ __forceinline__ uint4 ppfft_stv_h2(const real8 v)\n{\n"
    "  return make_uint4(ppfft_st_h2(make_real2(v.s0, v.s1)), ppfft_st_h2(make_real2(v.s2, v.s3)), ppfft_st_h2(make_real2(v.s4, v.s5)),\n"
    "                    ppfft_st_h2(make_real2(v.s6, v.s7)));\n}\n"
    "__device__ __forceinline__ uint8 ppfft_stv_h2(const real16 v)\n{\n"
    "  const uint4 a = ppfft_stv_h2(make_real8(v.s0, v.s1, v.s2, v.s3, v.s4, v.s5, v.s6, v.s7)),\n"
    "              b = ppfft_stv_h2(make_real8(v.s8, v.s9, v.sa, v.sb, v.sc, v.sd, v.se, v.sf));\n"
    "  return make_uint8(a.s0, a.s1, a.s2, a.s3, b.s0, b.s1, b.s2, b.s3);\n}\n\n";

/* A buffer is a plain pointer (global) and shared memory is declared __shared__; a table in
 * constant memory is a __constant__ array with a constant initializer (braced elements, not calls),
 * and one passed as an argument is an ordinary read-only pointer. */
const dialect dialect_cuda = {
  .name = "CUDA C++",
  .prelude = cl_src_cuda_prelude,
  .epilogue = "\n} /* namespace ppfft */\n",
  .global = "",
  .local_decl = "__shared__ ",
  .dynamic_local = 1,
  .constant_decl = "__constant__ ",
  .constant_arg = "const ",
  .constant_ptr = "",
  .barrier_local = "__syncthreads()",
  .shuffle = "__shfl_sync",
  .barrier_global = "__syncthreads()",
  .barrier_both = "__syncthreads()",
  .local_id = "threadIdx.x",
  .group_id = "blockIdx.x",
  .helper = "__device__ ",
  .vec_open = "make_",
  .vec_mid = "(",
  .elem_open = "{",
  .elem_close = "}",
  .xor_reduce = 1,
  .opaque_tables = 1,
  .abft_helpers = cuda_abft_helpers,
  .half_helpers = cuda_half_helpers,
  .kernel_head = cuda_kernel_head,
  .half = cuda_half,
};
