/* Building generated OpenCL programs, through the runtime's caches. */
#ifndef PPFFT_CL_PROGRAM_H
#define PPFFT_CL_PROGRAM_H
#include "cl/runtime.h"

/* The options every ppfft program is built with. */
extern const char program_build_options[];

/* A built program for the source text, retained for the caller: from rt's cache, else from the
 * disk cache of binaries ($XDG_CACHE_HOME/ppfft; PPFFT_CACHE=0 turns it off), else compiled and
 * stored in both.  Errors (message to e): BUILD (the message holds the whole build log), OPENCL,
 * OUT_OF_MEMORY. */
ppfft_status program_get(cl_runtime *rt, const errors *e, const char *text, cl_program *out);

#endif
