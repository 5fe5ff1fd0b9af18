/* Names of OpenCL error codes, for messages that say which call failed and how. */
#ifndef PPFFT_CLERR_H
#define PPFFT_CLERR_H
#include "ppfft.h"

/* "CL_OUT_OF_RESOURCES" for -5, "CL error -1234" style text (in a static buffer per thread) otherwise. */
const char *clerr_name(cl_int err);

#endif
