/* program_get: the in-memory cache, then the disk cache of binaries, then the compile (and the build
 * log on failure). */
#include "cl/program.h"
#include "cl/clerr.h"
#include <stdlib.h>
#include <string.h>

const char program_build_options[] = "-cl-std=CL1.2";

/* The build log of prog for c's device, in a new string (caller frees); NULL if none. */
static char *build_log(const cl_runtime *rt, cl_program prog)
{
  size_t n = 0;
  if (clGetProgramBuildInfo(prog, rt->dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &n) != CL_SUCCESS) return NULL;
  char *log = malloc(n + 1);
  if (!log) return NULL;
  if (clGetProgramBuildInfo(prog, rt->dev, CL_PROGRAM_BUILD_LOG, n, log, NULL) != CL_SUCCESS) n = 0;
  log[n] = '\0';
  return log;
}

/* The disk cache's key: the source, the options and the exact device and driver. */
static void disk_key(const cl_runtime *rt, const char *text, char key[33])
{
  const char *parts[] = {text, program_build_options, rt->info.platform, rt->info.vendor, rt->info.name, rt->info.driver};
  disk_cache_key(parts, sizeof parts / sizeof parts[0], key);
}

/* The program from a cached binary, or NULL (a binary the driver refuses is simply rebuilt). */
static cl_program from_disk(const cl_runtime *rt, const char key[33])
{
  unsigned char *bin;
  size_t len;
  if (!rt->disk.enabled || disk_cache_load(&rt->disk, key, &bin, &len) != 0) return NULL;
  cl_int e, st;
  const unsigned char *b = bin;
  cl_program prog = len ? clCreateProgramWithBinary(rt->ctx, 1, &rt->dev, &len, &b, &st, &e) : NULL;
  free(bin);
  if (prog && (e != CL_SUCCESS || st != CL_SUCCESS || clBuildProgram(prog, 1, &rt->dev, program_build_options, NULL, NULL) != CL_SUCCESS)) {
    clReleaseProgram(prog);
    prog = NULL;
  }
  return prog;
}

/* Writes prog's binary to the disk cache; failures only cost a rebuild next time. */
static void to_disk(const cl_runtime *rt, const char key[33], cl_program prog)
{
  size_t len = 0;
  if (!rt->disk.enabled || clGetProgramInfo(prog, CL_PROGRAM_BINARY_SIZES, sizeof len, &len, NULL) != CL_SUCCESS || len == 0) return;
  unsigned char *bin = malloc(len);
  if (bin && clGetProgramInfo(prog, CL_PROGRAM_BINARIES, sizeof bin, &bin, NULL) == CL_SUCCESS) disk_cache_store(&rt->disk, key, bin, len);
  free(bin);
}

/* The fault hook's build: the text with a line the compiler rejects, never cached. */
static ppfft_status broken_build(cl_runtime *rt, const errors *err, const char *text)
{
  size_t n = strlen(text);
  char *bad = malloc(n + 64);
  if (!bad) return errors_set(err, PPFFT_ERROR_OUT_OF_MEMORY, "out of memory");
  memcpy(bad, text, n);
  strcpy(bad + n, "\n#error ppfft test hook: injected build failure\n");
  cl_int e;
  const char *src = bad;
  cl_program prog = clCreateProgramWithSource(rt->ctx, 1, &src, NULL, &e);
  ppfft_status s = prog ? PPFFT_ERROR_BUILD : cl_error(err, "clCreateProgramWithSource", e);
  if (prog && clBuildProgram(prog, 1, &rt->dev, program_build_options, NULL, NULL) == CL_SUCCESS)
    s = errors_set(err, PPFFT_ERROR_BUILD, "the injected build failure built");
  else if (prog) {
    char *log = build_log(rt, prog);
    s = errors_set(err, PPFFT_ERROR_BUILD, "clBuildProgram failed: CL_BUILD_PROGRAM_FAILURE; build log:\n%s", log ? log : "(none)");
    free(log);
  }
  if (prog) clReleaseProgram(prog);
  free(bad);
  return s;
}

ppfft_status program_get(cl_runtime *rt, const errors *err, const char *text, cl_program *out)
{
  *out = NULL;
  if (cl_fault_fires(rt, CL_FAULT_BUILD)) return broken_build(rt, err, text);
  cl_program prog = program_cache_find(&rt->cache, text, program_build_options);
  if (prog) {
    *out = prog;
    return PPFFT_SUCCESS;
  }
  char key[33];
  disk_key(rt, text, key);
  prog = from_disk(rt, key);
  if (prog) {
    cl_program cached = program_cache_add(&rt->cache, text, program_build_options, prog);
    clReleaseProgram(prog);
    if (!cached) return errors_set(err, PPFFT_ERROR_OUT_OF_MEMORY, "out of memory caching a program");
    *out = cached;
    return PPFFT_SUCCESS;
  }
  cl_int e;
  prog = clCreateProgramWithSource(rt->ctx, 1, &text, NULL, &e);
  if (!prog) return cl_error(err, "clCreateProgramWithSource", e);
  e = clBuildProgram(prog, 1, &rt->dev, program_build_options, NULL, NULL);
  if (e != CL_SUCCESS) {
    ppfft_status s;
    if (e == CL_BUILD_PROGRAM_FAILURE) {
      char *log = build_log(rt, prog);
      s = errors_set(err, PPFFT_ERROR_BUILD, "clBuildProgram failed: %s; build log:\n%s", clerr_name(e), log ? log : "(none)");
      free(log);
    } else {
      s = cl_error(err, "clBuildProgram", e);
    }
    clReleaseProgram(prog);
    return s;
  }
  to_disk(rt, key, prog);
  cl_program cached = program_cache_add(&rt->cache, text, program_build_options, prog);
  clReleaseProgram(prog);
  if (!cached) return errors_set(err, PPFFT_ERROR_OUT_OF_MEMORY, "out of memory caching a program");
  *out = cached;
  return PPFFT_SUCCESS;
}
