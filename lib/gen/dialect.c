/* The OpenCL C dialect (prelude from cl/prelude.cl, embedded at build time). */
#include "gen/dialect.h"
#include "cl/cl_sources.h"

static void opencl_kernel_head(text_buf *b, unsigned wg) { tb_printf(b, "__kernel __attribute__((reqd_work_group_size(%u, 1, 1)))\n", wg); }

const dialect dialect_opencl = {
  .name = "OpenCL C",
  .prelude = cl_src_prelude,
  .global = "__global",
  .local = "__local",
  .constant = "__constant",
  .barrier_local = "barrier(CLK_LOCAL_MEM_FENCE)",
  .barrier_global = "barrier(CLK_GLOBAL_MEM_FENCE)",
  .local_id = "get_local_id(0)",
  .group_id = "get_group_id(0)",
  .kernel_head = opencl_kernel_head,
};
