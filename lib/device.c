/* device_query and device_key. */
#include "device.h"
#include "clerr.h"
#include <ctype.h>
#include <stdio.h>
#include <string.h>

static cl_int get_str(cl_device_id d, cl_device_info what, char *buf, size_t len)
{
  cl_int e = clGetDeviceInfo(d, what, len, buf, NULL);
  buf[len - 1] = '\0';
  return e;
}

ppfft_status device_query(cl_device_id d, device_info *di, char *msg, size_t len)
{
  memset(di, 0, sizeof *di);
  cl_platform_id plat = NULL;
  size_t sizes[3] = {0, 0, 0};
  char ext[8192];
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
    if (e != CL_SUCCESS) {
      snprintf(msg, len, "clGetDeviceInfo(%s) failed: %s", q[i].name, clerr_name(e));
      return PPFFT_ERROR_OPENCL;
    }
  }
  di->max_item0 = sizes[0];
  cl_int e = get_str(d, CL_DEVICE_NAME, di->name, sizeof di->name);
  if (e == CL_SUCCESS) e = get_str(d, CL_DEVICE_VENDOR, di->vendor, sizeof di->vendor);
  if (e == CL_SUCCESS) e = get_str(d, CL_DRIVER_VERSION, di->driver, sizeof di->driver);
  if (e == CL_SUCCESS) e = get_str(d, CL_DEVICE_EXTENSIONS, ext, sizeof ext);
  if (e != CL_SUCCESS) {
    snprintf(msg, len, "clGetDeviceInfo(name/vendor/driver/extensions) failed: %s", clerr_name(e));
    return PPFFT_ERROR_OPENCL;
  }
  if (clGetPlatformInfo(plat, CL_PLATFORM_NAME, sizeof di->platform, di->platform, NULL) != CL_SUCCESS)
    snprintf(di->platform, sizeof di->platform, "unknown");
  di->platform[sizeof di->platform - 1] = '\0';
  cl_device_fp_config fp = 0;
  if (clGetDeviceInfo(d, CL_DEVICE_DOUBLE_FP_CONFIG, sizeof fp, &fp, NULL) != CL_SUCCESS) fp = 0;
  di->fp64 = strstr(ext, "cl_khr_fp64") != NULL && fp != 0;
  if (di->max_item0 < di->max_wg) di->max_wg = di->max_item0;
  return PPFFT_SUCCESS;
}

/* Appends s to buf lower-cased, with runs of non-alphanumerics folded to one '-', trimmed. */
static void append_norm(char *buf, size_t len, size_t *at, const char *s)
{
  int dash = 0;
  for (; *s && *at + 1 < len; ++s) {
    unsigned char ch = (unsigned char)*s;
    if (isalnum(ch) || ch == '.') {
      if (dash && *at > 0 && buf[*at - 1] != '/') buf[(*at)++] = '-';
      if (*at + 1 < len) buf[(*at)++] = (char)tolower(ch);
      dash = 0;
    } else {
      dash = 1;
    }
  }
  buf[*at] = '\0';
}

void device_key(const device_info *di, char *buf, size_t len)
{
  size_t at = 0;
  buf[0] = '\0';
  append_norm(buf, len, &at, di->vendor);
  if (at + 1 < len) buf[at++] = '/';
  append_norm(buf, len, &at, di->name);
  if (at + 1 < len) buf[at++] = '/';
  append_norm(buf, len, &at, di->driver);
  buf[at < len ? at : len - 1] = '\0';
}
