/* What ppfft needs to know about an OpenCL device: limits that decide which variants can run,
 * and the identity that keys wisdom and caches. */
#ifndef PPFFT_DEVICE_H
#define PPFFT_DEVICE_H
#include "ppfft.h"

typedef struct device_info {
  char name[256], vendor[256], driver[128], platform[256];
  cl_device_type type;
  size_t max_wg;            /* CL_DEVICE_MAX_WORK_GROUP_SIZE */
  size_t max_item0;         /* CL_DEVICE_MAX_WORK_ITEM_SIZES[0] */
  cl_ulong local_mem;       /* bytes */
  cl_ulong max_const;       /* CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE */
  cl_uint max_const_args;
  cl_ulong global_mem, max_alloc;
  cl_uint compute_units;
  cl_uint mem_align_bits;   /* CL_DEVICE_MEM_BASE_ADDR_ALIGN */
  int fp64;                 /* cl_khr_fp64 (or OpenCL C >= 1.2 double support) */
} device_info;

/* Queries d.  On failure returns PPFFT_ERROR_OPENCL with the failing call named in msg. */
ppfft_status device_query(cl_device_id d, device_info *out, char *msg, size_t len);

/* The normalised key "vendor/name/driver": lower case, runs of other characters folded to '-'. */
void device_key(const device_info *di, char *buf, size_t len);

#endif
