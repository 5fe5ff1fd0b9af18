/* cl-devices: the OpenCL devices of this machine, and each one's copy bandwidth measured rather
 * than taken from a datasheet (what bench/compare-devices reports ppfft's speed against).
 *
 *   cl-devices                 one line per device: P:D <tab> type <tab> vendor <tab> name <tab>
 *                              driver <tab> global memory bytes <tab> ppfft's device key (what its
 *                              wisdom lines start with)
 *   cl-devices --bandwidth P:D [MiB]
 *                              GB/s of a float4 copy kernel (2 x bytes / time, OpenCL event
 *                              profiling, 3 warm-ups, median of 20) over MiB of data (default 256,
 *                              at most a quarter of the device's memory and its largest buffer) */
#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#include <CL/cl.h>
#include "ppfft.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_PLATFORMS = 16, MAX_DEVICES = 64, REPEATS = 20 };

static const char *copy_src = "__kernel void copy(__global const float4 *a, __global float4 *b) {\n"
                              "  const size_t i = get_global_id(0);\n"
                              "  b[i] = a[i];\n"
                              "}\n";

static void info_string(cl_device_id d, cl_device_info what, char *buf, size_t len)
{
  buf[0] = '\0';
  if (clGetDeviceInfo(d, what, len, buf, NULL) != CL_SUCCESS) snprintf(buf, len, "?");
  for (char *p = buf; *p; ++p)
    if (*p == '\t' || *p == '\n') *p = ' ';
}

static const char *type_name(cl_device_type t)
{
  if (t & CL_DEVICE_TYPE_GPU) return "GPU";
  if (t & CL_DEVICE_TYPE_CPU) return "CPU";
  if (t & CL_DEVICE_TYPE_ACCELERATOR) return "ACCELERATOR";
  return "OTHER";
}

/* The device P:D, or NULL. */
static cl_device_id device_at(unsigned p, unsigned d)
{
  cl_platform_id plats[MAX_PLATFORMS];
  cl_uint np = 0, nd = 0;
  if (clGetPlatformIDs(MAX_PLATFORMS, plats, &np) != CL_SUCCESS || p >= np) return NULL;
  cl_device_id devs[MAX_DEVICES];
  if (clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, MAX_DEVICES, devs, &nd) != CL_SUCCESS || d >= nd) return NULL;
  return devs[d];
}

static int list(void)
{
  cl_platform_id plats[MAX_PLATFORMS];
  cl_uint np = 0;
  if (clGetPlatformIDs(MAX_PLATFORMS, plats, &np) != CL_SUCCESS || np == 0) {
    fprintf(stderr, "cl-devices: no OpenCL platform\n");
    return 1;
  }
  for (cl_uint p = 0; p < np && p < MAX_PLATFORMS; ++p) {
    cl_device_id devs[MAX_DEVICES];
    cl_uint nd = 0;
    if (clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, MAX_DEVICES, devs, &nd) != CL_SUCCESS) continue;
    for (cl_uint d = 0; d < nd && d < MAX_DEVICES; ++d) {
      char name[256], vendor[256], driver[128];
      cl_device_type type = 0;
      cl_ulong mem = 0;
      info_string(devs[d], CL_DEVICE_NAME, name, sizeof name);
      info_string(devs[d], CL_DEVICE_VENDOR, vendor, sizeof vendor);
      info_string(devs[d], CL_DRIVER_VERSION, driver, sizeof driver);
      clGetDeviceInfo(devs[d], CL_DEVICE_TYPE, sizeof type, &type, NULL);
      clGetDeviceInfo(devs[d], CL_DEVICE_GLOBAL_MEM_SIZE, sizeof mem, &mem, NULL);
      char key[640] = "?";
      cl_int e;
      cl_context ctx = clCreateContext(NULL, 1, &devs[d], NULL, NULL, &e);
      ppfft_context *pc = NULL;
      if (ctx && ppfft_context_create(ctx, devs[d], &pc) == PPFFT_SUCCESS) snprintf(key, sizeof key, "%s", ppfft_context_device_key(pc));
      ppfft_context_destroy(pc);
      if (ctx) clReleaseContext(ctx);
      printf("%u:%u\t%s\t%s\t%s\t%s\t%llu\t%s\n", p, d, type_name(type), vendor, name, driver, (unsigned long long)mem, key);
    }
  }
  return 0;
}

static int cmp_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static int bandwidth(const char *pd, size_t mib)
{
  unsigned p, d;
  char extra;
  if (sscanf(pd, "%u:%u%c", &p, &d, &extra) != 2) return fprintf(stderr, "cl-devices: \"%s\" is not P:D\n", pd), 2;
  cl_device_id dev = device_at(p, d);
  if (!dev) return fprintf(stderr, "cl-devices: no device %s\n", pd), 1;
  cl_ulong mem = 0, max_alloc = 0;
  clGetDeviceInfo(dev, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof mem, &mem, NULL);
  clGetDeviceInfo(dev, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof max_alloc, &max_alloc, NULL);
  size_t bytes = mib << 20;
  if (bytes > mem / 4) bytes = (size_t)(mem / 4);
  if (bytes > max_alloc) bytes = (size_t)max_alloc;
  bytes &= ~(size_t)(16 * 256 - 1); /* whole work-groups of float4 */
  cl_int e;
  cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
  cl_command_queue q = ctx ? clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &e) : NULL;
  cl_program prog = q ? clCreateProgramWithSource(ctx, 1, &copy_src, NULL, &e) : NULL;
  if (prog) e = clBuildProgram(prog, 1, &dev, "", NULL, NULL);
  cl_kernel k = prog && e == CL_SUCCESS ? clCreateKernel(prog, "copy", &e) : NULL;
  cl_mem a = k ? clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, NULL, &e) : NULL;
  cl_mem b = a ? clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, NULL, &e) : NULL;
  int ok = b != NULL;
  float one = 1.0f;
  if (ok) ok = clEnqueueFillBuffer(q, a, &one, sizeof one, 0, bytes, 0, NULL, NULL) == CL_SUCCESS;
  if (ok) ok = clSetKernelArg(k, 0, sizeof a, &a) == CL_SUCCESS && clSetKernelArg(k, 1, sizeof b, &b) == CL_SUCCESS;
  double ms[REPEATS];
  size_t global = bytes / 16, local = 256;
  for (int r = -3; ok && r < REPEATS; ++r) {
    cl_event ev;
    cl_ulong t0 = 0, t1 = 0;
    ok = clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, &ev) == CL_SUCCESS;
    if (!ok) break;
    ok = clWaitForEvents(1, &ev) == CL_SUCCESS &&
         clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof t0, &t0, NULL) == CL_SUCCESS &&
         clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL) == CL_SUCCESS;
    clReleaseEvent(ev);
    if (r >= 0) ms[r] = (double)(t1 - t0) * 1e-6;
  }
  if (ok) {
    qsort(ms, REPEATS, sizeof ms[0], cmp_double);
    printf("%.1f\n", 2.0 * (double)bytes / (ms[REPEATS / 2] * 1e-3) / 1e9);
  } else {
    fprintf(stderr, "cl-devices: the copy kernel failed on %s (OpenCL error %d)\n", pd, (int)e);
  }
  if (b) clReleaseMemObject(b);
  if (a) clReleaseMemObject(a);
  if (k) clReleaseKernel(k);
  if (prog) clReleaseProgram(prog);
  if (q) clReleaseCommandQueue(q);
  if (ctx) clReleaseContext(ctx);
  return ok ? 0 : 1;
}

int main(int argc, char **argv)
{
  if (argc == 1) return list();
  if (argc >= 3 && argc <= 4 && strcmp(argv[1], "--bandwidth") == 0) {
    long mib = argc == 4 ? atol(argv[3]) : 256;
    if (mib <= 0) return fprintf(stderr, "cl-devices: MiB must be positive\n"), 2;
    return bandwidth(argv[2], (size_t)mib);
  }
  fprintf(stderr, "usage: cl-devices | cl-devices --bandwidth P:D [MiB]\n");
  return 2;
}
