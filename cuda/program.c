/* cuda_program_image and cuda_program_load. */
#include "cuda/program.h"
#include "cuda/cudaerr.h"
#include <nvrtc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const cuda_program_options[] = {"--std=c++17", "-default-device", NULL};

/* The disk cache's key: the source, the options, the architecture and NVRTC's version. */
static void disk_key(const cuda_runtime *rt, const char *source, char key[33])
{
  char version[32];
  snprintf(version, sizeof version, "nvrtc %d.%d", rt->nvrtc_major, rt->nvrtc_minor);
  const char *parts[] = {source, cuda_program_options[0], cuda_program_options[1], rt->arch_option, version};
  disk_cache_key(parts, sizeof parts / sizeof parts[0], key);
}

/* NVRTC's failure: the call, its result, and the log of a failed compile. */
static ppfft_status nvrtc_failure(const errors *e, nvrtcProgram prog, const char *call, nvrtcResult r)
{
  if (r == NVRTC_ERROR_OUT_OF_MEMORY) return errors_set(e, PPFFT_ERROR_OUT_OF_MEMORY, "%s: out of memory", call);
  size_t n = 0;
  char *log = NULL;
  if (prog && nvrtcGetProgramLogSize(prog, &n) == NVRTC_SUCCESS && (log = malloc(n + 1)) && nvrtcGetProgramLog(prog, log) != NVRTC_SUCCESS)
    n = 0;
  if (log) log[n] = '\0';
  ppfft_status s = errors_set(e, PPFFT_ERROR_BUILD, "%s failed: %s; build log:\n%s", call, nvrtcGetErrorString(r), log && *log ? log : "(none)");
  free(log);
  return s;
}

static ppfft_status compile(const cuda_runtime *rt, const errors *e, const char *source, unsigned char **image, size_t *len)
{
  nvrtcProgram prog = NULL;
  nvrtcResult r = nvrtcCreateProgram(&prog, source, "ppfft.cu", 0, NULL, NULL);
  if (r != NVRTC_SUCCESS) return nvrtc_failure(e, NULL, "nvrtcCreateProgram", r);
  const char *opts[8];
  int n = 0;
  for (; cuda_program_options[n]; ++n) opts[n] = cuda_program_options[n];
  opts[n++] = rt->arch_option;
  ppfft_status s = PPFFT_SUCCESS;
  r = nvrtcCompileProgram(prog, n, opts);
  if (r != NVRTC_SUCCESS) s = nvrtc_failure(e, prog, "nvrtcCompileProgram", r);
  if (s == PPFFT_SUCCESS) {
    r = rt->cubin ? nvrtcGetCUBINSize(prog, len) : nvrtcGetPTXSize(prog, len);
    if (r == NVRTC_SUCCESS && !(*image = malloc(*len))) s = errors_set(e, PPFFT_ERROR_OUT_OF_MEMORY, "out of memory");
    else if (r == NVRTC_SUCCESS) r = rt->cubin ? nvrtcGetCUBIN(prog, (char *)*image) : nvrtcGetPTX(prog, (char *)*image);
    if (s == PPFFT_SUCCESS && r != NVRTC_SUCCESS) {
      free(*image);
      *image = NULL;
      s = nvrtc_failure(e, prog, rt->cubin ? "nvrtcGetCUBIN" : "nvrtcGetPTX", r);
    }
  }
  nvrtcDestroyProgram(&prog);
  return s;
}

ppfft_status cuda_program_image(const cuda_runtime *rt, const errors *e, const char *source, unsigned char **image, size_t *len)
{
  *image = NULL;
  *len = 0;
  char key[33];
  disk_key(rt, source, key);
  if (rt->disk.enabled && disk_cache_load(&rt->disk, key, image, len) == 0 && *len > 0) return PPFFT_SUCCESS;
  free(*image);
  *image = NULL;
  ppfft_status s = compile(rt, e, source, image, len);
  if (s == PPFFT_SUCCESS && rt->disk.enabled) disk_cache_store(&rt->disk, key, *image, *len); /* a failure costs a rebuild */
  return s;
}

ppfft_status cuda_program_load(const cuda_runtime *rt, const errors *e, const char *source, const char *name, cudaLibrary_t *lib,
                               cudaKernel_t *kernel)
{
  *lib = NULL;
  *kernel = NULL;
  unsigned char *image;
  size_t len;
  ppfft_status s = cuda_program_image(rt, e, source, &image, &len);
  if (s != PPFFT_SUCCESS) return s;
  cudaError_t err = cudaLibraryLoadData(lib, image, NULL, NULL, 0, NULL, NULL, 0);
  free(image);
  if (err != cudaSuccess) {
    *lib = NULL;
    return cuda_error(e, "cudaLibraryLoadData", err);
  }
  err = cudaLibraryGetKernel(kernel, *lib, name);
  if (err != cudaSuccess) {
    cudaLibraryUnload(*lib);
    *lib = NULL;
    return cuda_error(e, "cudaLibraryGetKernel", err);
  }
  return PPFFT_SUCCESS;
}
