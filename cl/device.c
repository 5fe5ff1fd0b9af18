/* device_query and device_pick. */
#include "cl/device.h"
#include "cl/clerr.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV /* cl_nv_device_attribute_query */
#define CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV 0x4000
#define CL_DEVICE_COMPUTE_CAPABILITY_MINOR_NV 0x4001
#endif

/* A string property in a new buffer of its own size (caller frees); NULL with *e set on failure. */
static char *get_string(cl_device_id d, cl_device_info what, cl_int *e)
{
  size_t n = 0;
  *e = clGetDeviceInfo(d, what, 0, NULL, &n);
  char *s = *e == CL_SUCCESS ? malloc(n + 1) : NULL;
  if (*e == CL_SUCCESS && !s) *e = CL_OUT_OF_HOST_MEMORY;
  if (s) *e = clGetDeviceInfo(d, what, n, s, NULL);
  if (*e != CL_SUCCESS) {
    free(s);
    return NULL;
  }
  s[n] = '\0';
  return s;
}

/* A string property into buf, cut to len - 1 characters (names and versions are far shorter). */
static cl_int get_str(cl_device_id d, cl_device_info what, char *buf, size_t len)
{
  cl_int e;
  char *s = get_string(d, what, &e);
  if (s) snprintf(buf, len, "%s", s);
  free(s);
  return e;
}

ppfft_status device_query(cl_device_id d, device_info *di, const errors *err)
{
  memset(di, 0, sizeof *di);
  cl_platform_id plat = NULL;
  size_t sizes[3] = {0, 0, 0};
  struct { cl_device_info what; void *dst; size_t size; const char *name; } q[] = {
    {CL_DEVICE_TYPE, &di->type, sizeof di->type, "CL_DEVICE_TYPE"},
    {CL_DEVICE_MAX_WORK_GROUP_SIZE, &di->max_wg, sizeof di->max_wg, "CL_DEVICE_MAX_WORK_GROUP_SIZE"},
    {CL_DEVICE_MAX_WORK_ITEM_SIZES, sizes, sizeof sizes, "CL_DEVICE_MAX_WORK_ITEM_SIZES"},
    {CL_DEVICE_LOCAL_MEM_SIZE, &di->local_mem, sizeof di->local_mem, "CL_DEVICE_LOCAL_MEM_SIZE"},
    {CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE, &di->max_const, sizeof di->max_const, "CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE"},
    {CL_DEVICE_MAX_CONSTANT_ARGS, &di->max_const_args, sizeof di->max_const_args, "CL_DEVICE_MAX_CONSTANT_ARGS"},
    {CL_DEVICE_GLOBAL_MEM_SIZE, &di->global_mem, sizeof di->global_mem, "CL_DEVICE_GLOBAL_MEM_SIZE"},
    {CL_DEVICE_MAX_MEM_ALLOC_SIZE, &di->max_alloc, sizeof di->max_alloc, "CL_DEVICE_MAX_MEM_ALLOC_SIZE"},
    {CL_DEVICE_MAX_COMPUTE_UNITS, &di->compute_units, sizeof di->compute_units, "CL_DEVICE_MAX_COMPUTE_UNITS"},
    {CL_DEVICE_MEM_BASE_ADDR_ALIGN, &di->mem_align_bits, sizeof di->mem_align_bits, "CL_DEVICE_MEM_BASE_ADDR_ALIGN"},
    {CL_DEVICE_PLATFORM, &plat, sizeof plat, "CL_DEVICE_PLATFORM"},
  };
  for (size_t i = 0; i < sizeof q / sizeof q[0]; ++i) {
    cl_int e = clGetDeviceInfo(d, q[i].what, q[i].size, q[i].dst, NULL);
    if (e != CL_SUCCESS) return errors_set(err, PPFFT_ERROR_OPENCL, "clGetDeviceInfo(%s) failed: %s", q[i].name, clerr_name(e));
  }
  cl_int e = get_str(d, CL_DEVICE_NAME, di->name, sizeof di->name);
  if (e == CL_SUCCESS) e = get_str(d, CL_DEVICE_VENDOR, di->vendor, sizeof di->vendor);
  if (e == CL_SUCCESS) e = get_str(d, CL_DRIVER_VERSION, di->driver, sizeof di->driver);
  char *ext = e == CL_SUCCESS ? get_string(d, CL_DEVICE_EXTENSIONS, &e) : NULL;
  if (e != CL_SUCCESS) return errors_set(err, PPFFT_ERROR_OPENCL, "clGetDeviceInfo(name/vendor/driver/extensions) failed: %s", clerr_name(e));
  if (clGetPlatformInfo(plat, CL_PLATFORM_NAME, sizeof di->platform, di->platform, NULL) != CL_SUCCESS)
    snprintf(di->platform, sizeof di->platform, "unknown");
  di->platform[sizeof di->platform - 1] = '\0';
  cl_device_fp_config fp = 0;
  if (clGetDeviceInfo(d, CL_DEVICE_DOUBLE_FP_CONFIG, sizeof fp, &fp, NULL) != CL_SUCCESS) fp = 0;
  di->fp64 = strstr(ext, "cl_khr_fp64") != NULL && fp != 0;
  if (sizes[0] < di->max_wg) di->max_wg = sizes[0];
  if (strstr(ext, "cl_nv_device_attribute_query")) { /* the architecture class of NVIDIA's GPUs */
    cl_uint major = 0, minor = 0;
    if (clGetDeviceInfo(d, CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV, sizeof major, &major, NULL) == CL_SUCCESS &&
        clGetDeviceInfo(d, CL_DEVICE_COMPUTE_CAPABILITY_MINOR_NV, sizeof minor, &minor, NULL) == CL_SUCCESS)
      di->cc_major = major, di->cc_minor = minor;
  }
  free(ext);
  return PPFFT_SUCCESS;
}

/* Parses "P:D" into two indices; returns 0 on success. */
static int parse_device_env(const char *s, unsigned *p, unsigned *d)
{
  char *end;
  unsigned long a = strtoul(s, &end, 10);
  if (end == s || *end != ':') return -1;
  const char *t = end + 1;
  unsigned long b = strtoul(t, &end, 10);
  if (end == t || *end != '\0' || a > 1000 || b > 1000) return -1;
  *p = (unsigned)a;
  *d = (unsigned)b;
  return 0;
}

/* Device `index` of the given type on platform p, or CL_DEVICE_NOT_FOUND (with *count the number
 * there is) when it has fewer. */
static cl_int nth_device(cl_platform_id p, cl_device_type type, cl_uint index, cl_device_id *dev, cl_uint *count)
{
  cl_uint nd = 0;
  cl_int e = clGetDeviceIDs(p, type, 0, NULL, &nd);
  *count = e == CL_SUCCESS ? nd : 0;
  if (e == CL_DEVICE_NOT_FOUND || (e == CL_SUCCESS && index >= nd)) return CL_DEVICE_NOT_FOUND;
  if (e != CL_SUCCESS) return e;
  cl_device_id *devs = malloc(nd * sizeof *devs);
  if (!devs) return CL_OUT_OF_HOST_MEMORY;
  e = clGetDeviceIDs(p, type, nd, devs, NULL);
  if (e == CL_SUCCESS) *dev = devs[index];
  free(devs);
  return e;
}

ppfft_status device_pick(cl_device_id *dev, const errors *err)
{
  cl_uint np = 0;
  cl_int e = clGetPlatformIDs(0, NULL, &np);
  if (e == -1001 /* CL_PLATFORM_NOT_FOUND_KHR: the ICD loader found no platform */ || (e == CL_SUCCESS && np == 0))
    return errors_set(err, PPFFT_ERROR_NO_DEVICE, "no OpenCL platform found (is an ICD such as pocl-opencl-icd installed?)");
  if (e != CL_SUCCESS) return cl_error(err, "clGetPlatformIDs", e);
  cl_platform_id *plats = malloc(np * sizeof *plats);
  if (!plats) return errors_set(err, PPFFT_ERROR_OUT_OF_MEMORY, "out of memory listing OpenCL platforms");
  e = clGetPlatformIDs(np, plats, NULL);
  ppfft_status s = e == CL_SUCCESS ? PPFFT_ERROR_NO_DEVICE : cl_error(err, "clGetPlatformIDs", e);
  const char *env = getenv("PPFFT_DEVICE");
  if (e == CL_SUCCESS && env && *env) {
    unsigned pi, di;
    cl_uint nd = 0;
    if (parse_device_env(env, &pi, &di) != 0)
      s = errors_set(err, PPFFT_ERROR_INVALID_ARGUMENT, "PPFFT_DEVICE=\"%s\" is not of the form P:D (platform:device indices)", env);
    else if (pi >= np) s = errors_set(err, PPFFT_ERROR_NO_DEVICE, "PPFFT_DEVICE=%s: there are only %u platforms", env, np);
    else if ((e = nth_device(plats[pi], CL_DEVICE_TYPE_ALL, di, dev, &nd)) == CL_DEVICE_NOT_FOUND)
      s = errors_set(err, PPFFT_ERROR_NO_DEVICE, "PPFFT_DEVICE=%s: platform %u has only %u devices", env, pi, nd);
    else s = e == CL_SUCCESS ? PPFFT_SUCCESS : cl_error(err, "clGetDeviceIDs", e);
  } else if (e == CL_SUCCESS) {
    const cl_device_type order[2] = {CL_DEVICE_TYPE_GPU, CL_DEVICE_TYPE_ALL};
    cl_uint nd;
    for (int k = 0; k < 2 && s == PPFFT_ERROR_NO_DEVICE; ++k)
      for (cl_uint i = 0; i < np && s == PPFFT_ERROR_NO_DEVICE; ++i)
        if (nth_device(plats[i], order[k], 0, dev, &nd) == CL_SUCCESS) s = PPFFT_SUCCESS;
    if (s == PPFFT_ERROR_NO_DEVICE) errors_set(err, s, "no OpenCL device found on %u platform(s)", np);
  }
  free(plats);
  return s;
}
