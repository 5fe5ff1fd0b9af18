/* What ppfft needs to know about a device: the limits that decide which variants can run, and the
 * identity that keys wisdom and caches.  Plain data, filled by the runtime (cl/device.c,
 * cuda/runtime.c). */
#ifndef PPFFT_CORE_DEVICE_INFO_H
#define PPFFT_CORE_DEVICE_INFO_H
#include "core/tc_map.h"
#include "ppfft.h"

typedef struct device_info {
  char name[256], vendor[256], driver[128], platform[256];
  cl_device_type type;
  size_t max_wg;            /* largest work-group (also bounded by the first work-item dimension) */
  cl_ulong local_mem;       /* bytes */
  cl_ulong max_const;       /* constant buffer bytes */
  cl_uint max_const_args;
  cl_ulong global_mem, max_alloc;
  cl_uint compute_units;
  cl_uint mem_align_bits;   /* base address alignment */
  int fp64;                 /* double precision */
  unsigned cc_major, cc_minor; /* NVIDIA's compute capability (0 elsewhere): the architecture class */
  int cuda;                 /* the CUDA backend's view of the device: its own wisdom class */
  size_t regs_per_block;    /* 32-bit registers a block's threads share (CUDA); 0: unknown */
  int tc_ok;                /* the Tensor Cores' fragment map below was found by the probe (CUDA,
                             * sm_80 on: cuda/tensor_probe.c); 0: none, the TC knob is refused */
  tc_map tc;
} device_info;

#endif
