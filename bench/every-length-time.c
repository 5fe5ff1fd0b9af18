/* Times, per length and kind (C2C forward, backward, R2C, C2R; one packed f32 transform), the estimate's plan creation
 * (clBuildProgram) and its first execution (where PoCL generates machine code).  bench/every-length-cost.sh runs it. */
#include <ppfft.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv)
{
  ppfft_context *c;
  if (ppfft_context_create_default(&c) != PPFFT_SUCCESS) return 1;
  cl_context cx = ppfft_context_cl_context(c); cl_device_id dev = ppfft_context_cl_device(c);
  cl_command_queue q = clCreateCommandQueue(cx, dev, 0, NULL);
  const char *kinds = getenv("KINDS") ? getenv("KINDS") : "0123";
  for (int i = 1; i < argc; ++i) {
    size_t n = strtoul(argv[i], 0, 10);
    double tp = 0, te = 0;
    printf("N=%zu:", n);
    for (const char *kk = kinds; *kk; ++kk) {
      int k = *kk - '0';
      ppfft_desc d; ppfft_desc_init(&d, 1, &n, 1);
      if (k == 1) d.direction = PPFFT_BACKWARD;
      if (k == 2) d.kind = PPFFT_R2C;
      if (k == 3) d.kind = PPFFT_C2R;
      double t0 = now();
      ppfft_plan *p;
      if (ppfft_plan_create(c, &d, 0, &p) != PPFFT_SUCCESS) { printf(" fail %s\n", ppfft_context_last_error(c)); return 1; }
      double t1 = now();
      cl_mem in = clCreateBuffer(cx, CL_MEM_READ_WRITE, 16 * n + 64, NULL, NULL), out = clCreateBuffer(cx, CL_MEM_READ_WRITE, 16 * n + 64, NULL, NULL);
      ppfft_execute(p, q, in, out, 0, NULL, NULL); clFinish(q);
      double t2 = now();
      char name[2048]; ppfft_plan_describe(p, name, sizeof name);
      printf(" [k%d plan %.2f exec %.2f %s]", k, t1 - t0, t2 - t1, name);
      tp += t1 - t0; te += t2 - t1;
      clReleaseMemObject(in); clReleaseMemObject(out); ppfft_plan_destroy(p);
    }
    printf("  total plan %.2f exec %.2f\n", tp, te); fflush(stdout);
  }
  return 0;
}
