/* clregs P FILE.cl...: builds each OpenCL source on platform P, device 0, with -cl-nv-verbose and prints
 * the ptxas lines of its build log (registers, spills).  A throwaway diagnostic (issue 16). */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char **argv)
{
  cl_platform_id pl[8]; cl_uint np; cl_device_id dev;
  clGetPlatformIDs(8, pl, &np);
  int pi = atoi(argv[1]);
  clGetDeviceIDs(pl[pi], CL_DEVICE_TYPE_ALL, 1, &dev, NULL);
  cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, NULL);
  for (int a = 2; a < argc; ++a) {
    FILE *f = fopen(argv[a], "rb"); if (!f) continue;
    fseek(f, 0, SEEK_END); long n = ftell(f); fseek(f, 0, SEEK_SET);
    char *src = malloc(n + 1); fread(src, 1, n, f); src[n] = 0; fclose(f);
    char *nl = strchr(src, '\n'); if (nl) *nl = 0; printf("== %s\n", src); if (nl) *nl = '\n';
    const char *s = src; cl_int e;
    cl_program p = clCreateProgramWithSource(ctx, 1, &s, NULL, &e);
    e = clBuildProgram(p, 1, &dev, "-cl-std=CL1.2 -cl-nv-verbose", NULL, NULL);
    size_t len = 0; clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &len);
    char *log = malloc(len + 1); clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, len, log, NULL); log[len] = 0;
    for (char *l = strtok(log, "\n"); l; l = strtok(NULL, "\n")) if (strstr(l, "ptxas") || strstr(l, "spill") || strstr(l, "error")) printf("%s\n", l);
    printf("build %d\n", e);
    clReleaseProgram(p); free(log); free(src);
  }
  return 0;
}
