/* The OpenCL C dialect (prelude from cl/prelude.cl, embedded at build time). */
#include "gen/dialect.h"
#include "cl/cl_sources.h"

static void opencl_kernel_head(text_buf *b, unsigned wg) { tb_printf(b, "__kernel __attribute__((reqd_work_group_size(%u, 1, 1)))\n", wg); }

static void opencl_half(text_buf *sticky, char *buf, size_t n, const char *v, int odd)
{
  tb_format(sticky, buf, n, "%s.%s", v, odd ? "odd" : "even");
}

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
  .local_id = "get_local_id(0)",
  .group_id = "get_group_id(0)",
  .helper = "",
  .vec_open = "(",
  .vec_mid = ")(",
  .elem_open = "(real2)(",
  .elem_close = ")",
  .kernel_head = opencl_kernel_head,
  .half = opencl_half,
};
