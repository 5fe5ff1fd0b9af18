/* program_get: the cache lookup, the compile and the build log on failure. */
#include "program.h"
#include "clerr.h"
#include <stdlib.h>

const char program_build_options[] = "-cl-std=CL1.2";

/* The build log of prog for c's device, in a new string (caller frees); NULL if none. */
static char *build_log(const ppfft_context *c, cl_program prog)
{
  size_t n = 0;
  if (clGetProgramBuildInfo(prog, c->dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &n) != CL_SUCCESS) return NULL;
  char *log = malloc(n + 1);
  if (!log) return NULL;
  if (clGetProgramBuildInfo(prog, c->dev, CL_PROGRAM_BUILD_LOG, n, log, NULL) != CL_SUCCESS) n = 0;
  log[n] = '\0';
  return log;
}

ppfft_status program_get(ppfft_context *c, const char *text, cl_program *out)
{
  *out = NULL;
  cl_program prog = program_cache_find(&c->cache, text, program_build_options);
  if (prog) {
    *out = prog;
    return PPFFT_SUCCESS;
  }
  cl_int e;
  prog = clCreateProgramWithSource(c->ctx, 1, &text, NULL, &e);
  if (!prog) return err_cl(c, "clCreateProgramWithSource", e);
  e = clBuildProgram(prog, 1, &c->dev, program_build_options, NULL, NULL);
  if (e != CL_SUCCESS) {
    ppfft_status s;
    if (e == CL_BUILD_PROGRAM_FAILURE) {
      char *log = build_log(c, prog);
      s = err_set(c, PPFFT_ERROR_BUILD, "clBuildProgram failed: %s; build log:\n%s", clerr_name(e), log ? log : "(none)");
      free(log);
    } else {
      s = err_cl(c, "clBuildProgram", e);
    }
    clReleaseProgram(prog);
    return s;
  }
  cl_program cached = program_cache_add(&c->cache, text, program_build_options, prog);
  clReleaseProgram(prog);
  if (!cached) return err_set(c, PPFFT_ERROR_OUT_OF_MEMORY, "out of memory caching a program");
  *out = cached;
  return PPFFT_SUCCESS;
}
