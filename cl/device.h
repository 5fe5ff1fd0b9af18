/* The OpenCL device: what it can do (core/device_info.h), and which one a default context takes. */
#ifndef PPFFT_CL_DEVICE_H
#define PPFFT_CL_DEVICE_H
#include "core/device_info.h"
#include "core/errors.h"

/* Queries d's limits and identity into di.  Errors (message to e): OPENCL, naming the failing call. */
ppfft_status device_query(cl_device_id d, device_info *di, const errors *e);

/* The default device: PPFFT_DEVICE="P:D" (platform and device index, as clinfo -l lists them) if
 * set, else the first GPU of any platform, else the first device.  Errors: NO_DEVICE (no platform
 * or device, or PPFFT_DEVICE names none), INVALID_ARGUMENT (a malformed PPFFT_DEVICE), OPENCL. */
ppfft_status device_pick(cl_device_id *dev, const errors *e);

#endif
