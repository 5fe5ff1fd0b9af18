/* Building generated OpenCL programs, through the context's cache. */
#ifndef PPFFT_PROGRAM_H
#define PPFFT_PROGRAM_H
#include "context.h"

/* The options every ppfft program is built with. */
extern const char program_build_options[];

/* A built program for the source text, retained for the caller: from c's cache, else from the
 * disk cache of binaries ($XDG_CACHE_HOME/ppfft; PPFFT_CACHE=0 turns it off), else compiled and
 * stored in both.  Errors: BUILD (the message holds the build log), OPENCL, OUT_OF_MEMORY. */
ppfft_status program_get(ppfft_context *c, const char *text, cl_program *out);

#endif
