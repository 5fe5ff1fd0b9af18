/* OpenCL error codes in messages: which call failed and how. */
#ifndef PPFFT_CL_CLERR_H
#define PPFFT_CL_CLERR_H
#include "core/errors.h"
#include "ppfft.h"

/* "CL_OUT_OF_RESOURCES" for -5; "CL error -1234" (in a buffer per thread) for an unknown code. */
const char *clerr_name(cl_int err);

/* Records that `call` failed with e: OUT_OF_MEMORY for the allocation failures, OPENCL otherwise;
 * the message names the call and the error.  Returns the status. */
ppfft_status cl_error(const errors *err, const char *call, cl_int e);

#endif
