/* cuda_tensor_probe: the Tensor Cores' fragment element map of the context's device, found by
 * running core/tc_map.h's probe kernel (never assumed).  Run once when a CUDA context is made, on
 * sm_80 and later (mma.sync m16n8k16 with f16 inputs); its cubin is cached on disk like any kernel. */
#include "cuda/tensor_probe.h"
#include "cuda/program.h"
#include <stdlib.h>

void cuda_tensor_probe(cuda_runtime *rt)
{
  rt->info.tc_ok = 0;
  if (rt->info.cc_major < 8) return;
  errors e; /* a failed probe leaves TC refused; its message is not the context's */
  if (errors_init(&e) != 0) return;
  int prev;
  if (cuda_enter(rt, &e, &prev) != PPFFT_SUCCESS) {
    errors_destroy(&e);
    return;
  }
  cudaLibrary_t lib = NULL;
  cudaKernel_t kernel = NULL;
  float *d = NULL, *h = malloc(TC_PROBE_FLOATS * sizeof *h);
  int ok = h && cuda_program_load(rt, &e, tc_probe_source, TC_PROBE_KERNEL, &lib, &kernel) == PPFFT_SUCCESS &&
           cudaMalloc((void **)&d, TC_PROBE_FLOATS * sizeof *d) == cudaSuccess;
  void *args[] = {&d};
  ok = ok && cudaLaunchKernel((const void *)kernel, (dim3){1, 1, 1}, (dim3){32, 1, 1}, args, 0, 0) == cudaSuccess &&
       cudaMemcpy(h, d, TC_PROBE_FLOATS * sizeof *h, cudaMemcpyDeviceToHost) == cudaSuccess;
  if (ok && tc_map_from_probe(h, &rt->info.tc) == 0) rt->info.tc_ok = 1;
  if (d) cudaFree(d);
  if (lib) cudaLibraryUnload(lib);
  cudaGetLastError(); /* a failed probe leaves no error behind for the caller's next call */
  cuda_leave(prev);
  free(h);
  errors_destroy(&e);
}
