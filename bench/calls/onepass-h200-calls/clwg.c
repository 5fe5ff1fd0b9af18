/* clwg P FILE.cl...: per OpenCL source (kernel ppfft_fft, args buffer, buffer, ulong, ulong[, buffer...]):
 * CL_KERNEL_WORK_GROUP_SIZE, private and local memory, and whether one work-group of the
 * reqd_work_group_size enqueues and runs, built with and without -cl-nv-maxrregcount.  Throwaway (issue 16). */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static void one(cl_context ctx, cl_command_queue q, cl_device_id dev, const char *src, const char *opts, size_t wg, size_t nfft, size_t esz)
{
  cl_int e;
  cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, &e);
  e = clBuildProgram(p, 1, &dev, opts, NULL, NULL);
  if (e) { printf("  [%s] build %d\n", opts, e); return; }
  cl_kernel k = clCreateKernel(p, "ppfft_fft", &e);
  if (!k) { printf("  [%s] kernel %d\n", opts, e); return; }
  size_t kwg = 0, pref = 0; cl_ulong priv = 0, loc = 0; size_t cwg[3] = {0};
  clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_WORK_GROUP_SIZE, sizeof kwg, &kwg, NULL);
  clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE, sizeof pref, &pref, NULL);
  clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_PRIVATE_MEM_SIZE, sizeof priv, &priv, NULL);
  clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_LOCAL_MEM_SIZE, sizeof loc, &loc, NULL);
  clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_COMPILE_WORK_GROUP_SIZE, sizeof cwg, cwg, NULL);
  static cl_mem buf[4];
  for (int i = 0; i < 4; ++i) if (!buf[i]) { buf[i] = clCreateBuffer(ctx, CL_MEM_READ_WRITE, (size_t)264 << 20, NULL, &e); }
  cl_ulong z = 0, one = 1;
  int nb = 0;
  for (cl_uint a = 0; a < 16; ++a) { /* (src, dst, ulong first, ulong batch, tables...) */
    if (a == 2 || a == 3) e = clSetKernelArg(k, a, sizeof(cl_ulong), a == 3 ? &one : &z);
    else e = clSetKernelArg(k, a, sizeof(cl_mem), &buf[nb++ % 4]);
    if (e == CL_INVALID_ARG_INDEX) break;
  }
  size_t g = wg, l = wg;
  e = clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL);
  cl_int f = clFinish(q);
  printf("  [%s] kwg %zu compile %zu pref %zu priv %llu local %llu: enqueue(wg %zu) %d finish %d", opts, kwg, cwg[0], pref,
         (unsigned long long)priv, (unsigned long long)loc, wg, e, f);
  if (!e && !f && nfft) { /* time the whole 256 MiB: batch transforms, one a work-group */
    cl_ulong batch = ((cl_ulong)256 << 20) / (nfft * esz);
    clSetKernelArg(k, 3, sizeof batch, &batch);
    g = wg * batch;
    double ms[12];
    for (int r = 0; r < 12; ++r) {
      cl_event ev; cl_ulong t0, t1;
      clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, &ev); clWaitForEvents(1, &ev);
      clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof t0, &t0, NULL);
      clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL);
      ms[r] = (t1 - t0) * 1e-6; clReleaseEvent(ev);
    }
    for (int i = 2; i < 12; ++i) for (int j = i + 1; j < 12; ++j) if (ms[j] < ms[i]) { double t = ms[i]; ms[i] = ms[j]; ms[j] = t; }
    double med = (ms[6] + ms[7]) / 2;
    printf("  %.4f ms %.0f GB/s", med, 2.0 * batch * nfft * esz / (med * 1e6));
  }
  printf("\n");
  clReleaseKernel(k); clReleaseProgram(p);
}
int main(int argc, char **argv)
{
  setvbuf(stdout, NULL, _IONBF, 0);
  cl_platform_id pl[8]; cl_uint np; cl_device_id dev;
  clGetPlatformIDs(8, pl, &np);
  clGetDeviceIDs(pl[atoi(argv[1])], CL_DEVICE_TYPE_ALL, 1, &dev, NULL);
  cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, NULL);
  cl_command_queue q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, NULL);
  size_t mwg; clGetDeviceInfo(dev, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof mwg, &mwg, NULL);
  printf("device max wg %zu\n", mwg);
  const char *triv = "__kernel __attribute__((reqd_work_group_size(1024, 1, 1))) void ppfft_fft(__global float *a, __global float *b, ulong f, ulong n)"
                     "{ __local float l[1024]; l[get_local_id(0)] = a[get_local_id(0)]; barrier(CLK_LOCAL_MEM_FENCE); b[get_local_id(0)] = l[1023 - get_local_id(0)]; }";
  printf("== trivial wg1024\n"); one(ctx, q, dev, triv, "-cl-std=CL1.2", 1024, 0, 0);
  for (int a = 2; a < argc; ++a) {
    FILE *fp = fopen(argv[a], "rb"); if (!fp) continue;
    fseek(fp, 0, SEEK_END); long n = ftell(fp); fseek(fp, 0, SEEK_SET);
    char *src = malloc(n + 1); fread(src, 1, n, fp); src[n] = 0; fclose(fp);
    char *nl = strchr(src, '\n'); if (nl) *nl = 0; printf("== %s\n", src); if (nl) *nl = '\n';
    const char *r = strstr(src, "reqd_work_group_size("); size_t wg = r ? strtoul(r + 21, NULL, 10) : 256;
    const char *nn = strstr(argv[a], "ppfft-n"); size_t nfft = nn ? strtoul(nn + 7, NULL, 10) : 0;
    size_t esz = strstr(argv[a], "-f64-") ? 16 : 8;
    one(ctx, q, dev, src, "-cl-std=CL1.2", wg, nfft, esz);
    char o[96]; snprintf(o, sizeof o, "-cl-std=CL1.2 -cl-nv-maxrregcount=%zu", wg >= 1024 ? (size_t)64 : wg >= 512 ? (size_t)128 : (size_t)255);
    one(ctx, q, dev, src, o, wg, nfft, esz);
    free(src);
  }
  return 0;
}
