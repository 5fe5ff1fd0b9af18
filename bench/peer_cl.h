/* peer_cl.h: the OpenCL side the OpenCL peers (clfft-bench, vkfft-bench) share with ppfft-bench:
 * the same device choice (PPFFT_DEVICE=P:D, else the first GPU, else the first device), a profiling
 * queue, and the timing window of one run (peer.h's --window): from the end of a marker before the
 * library's first kernel to the end of its last, by event profiling, gaps between kernels included.
 * b2b: the run before it (an untimed run of the same transform, which the caller enqueues first)
 * keeps the device busy while the host enqueues, so the marker ends when that run does and the
 * window holds device time only.  alone: the kernels are enqueued behind a marker that a user event
 * holds, then released together, so the host's enqueueing is left out but the device starts from
 * idle (and NVIDIA's OpenCL takes a slower path for commands held by a user event: ppfft-bench
 * stopped holding its passes so for that reason). */
#ifndef PPFFT_BENCH_PEER_CL_H
#define PPFFT_BENCH_PEER_CL_H

#include "cl/clerr.h"
#include "peer.h"
#include <CL/cl.h>

/* The device ppfft would pick (lib/context.c): PPFFT_DEVICE=P:D, else the first GPU of any
 * platform, else the first device; 0 on success, else -1 with a message on stderr. */
static inline int peer_cl_pick_device(const char *prog, cl_device_id *dev)
{
  cl_platform_id plats[64];
  cl_uint np = 0;
  cl_int e = clGetPlatformIDs(64, plats, &np);
  if (e != CL_SUCCESS || np == 0) {
    fprintf(stderr, "%s: no OpenCL platform found (%s)\n", prog, e != CL_SUCCESS ? clerr_name(e) : "none listed");
    return -1;
  }
  if (np > 64) np = 64;
  const char *env = getenv("PPFFT_DEVICE");
  if (env && *env) {
    char *end, *end2 = NULL;
    unsigned long pi = strtoul(env, &end, 10), di = 0;
    if (end != env && *end == ':') di = strtoul(end + 1, &end2, 10);
    if (end == env || *end != ':' || end2 == end + 1 || *end2 != '\0') {
      fprintf(stderr, "%s: PPFFT_DEVICE=\"%s\" is not of the form P:D (platform:device indices)\n", prog, env);
      return -1;
    }
    cl_device_id devs[64];
    cl_uint nd = 0;
    if (pi >= np || clGetDeviceIDs(plats[pi], CL_DEVICE_TYPE_ALL, 64, devs, &nd) != CL_SUCCESS || di >= nd || di >= 64) {
      fprintf(stderr, "%s: PPFFT_DEVICE=%s: no such platform or device\n", prog, env);
      return -1;
    }
    *dev = devs[di];
    return 0;
  }
  const cl_device_type order[2] = {CL_DEVICE_TYPE_GPU, CL_DEVICE_TYPE_ALL};
  for (int k = 0; k < 2; ++k)
    for (cl_uint i = 0; i < np; ++i)
      if (clGetDeviceIDs(plats[i], order[k], 1, dev, NULL) == CL_SUCCESS) return 0;
  fprintf(stderr, "%s: no OpenCL device found on %u platform(s)\n", prog, np);
  return -1;
}

/* The device's name (for the CSV) and a longer description with platform and driver (for the
 * header line); whether it has fp64. */
static inline int peer_cl_describe(cl_device_id dev, char *name, size_t name_len, char *longer, size_t longer_len)
{
  char platform[256] = "unknown platform", driver[256] = "?";
  cl_platform_id plat = NULL;
  cl_device_fp_config fp = 0;
  if (clGetDeviceInfo(dev, CL_DEVICE_NAME, name_len, name, NULL) != CL_SUCCESS) snprintf(name, name_len, "unknown device");
  name[name_len - 1] = '\0';
  if (clGetDeviceInfo(dev, CL_DEVICE_PLATFORM, sizeof plat, &plat, NULL) == CL_SUCCESS)
    clGetPlatformInfo(plat, CL_PLATFORM_NAME, sizeof platform, platform, NULL);
  platform[sizeof platform - 1] = '\0';
  clGetDeviceInfo(dev, CL_DRIVER_VERSION, sizeof driver, driver, NULL);
  driver[sizeof driver - 1] = '\0';
  if (clGetDeviceInfo(dev, CL_DEVICE_DOUBLE_FP_CONFIG, sizeof fp, &fp, NULL) != CL_SUCCESS) fp = 0;
  snprintf(longer, longer_len, "%s (%s, driver %s%s)", name, platform, driver, fp ? "" : ", no fp64");
  return fp != 0;
}

/* The timing window of one run: open, enqueue the library's kernels behind w->start, release, close. */
typedef struct peer_cl_window {
  cl_event gate, start;
} peer_cl_window;

/* Opens the window: a marker (w->start), held by a user event with PEER_WINDOW_ALONE. */
static inline cl_int peer_cl_open(cl_context ctx, cl_command_queue q, int window, peer_cl_window *w)
{
  cl_int e;
  w->start = NULL;
  w->gate = NULL;
  if (window != PEER_WINDOW_ALONE) return clEnqueueMarkerWithWaitList(q, 0, NULL, &w->start);
  w->gate = clCreateUserEvent(ctx, &e);
  if (!w->gate) return e;
  e = clEnqueueMarkerWithWaitList(q, 1, &w->gate, &w->start);
  if (e != CL_SUCCESS) {
    clSetUserEventStatus(w->gate, CL_COMPLETE);
    clReleaseEvent(w->gate);
    w->gate = NULL;
  }
  return e;
}

/* Lets the enqueued kernels run (also after a failure: nothing may stay blocked on the gate). */
static inline void peer_cl_release(peer_cl_window *w)
{
  if (w->gate) {
    clSetUserEventStatus(w->gate, CL_COMPLETE);
    clReleaseEvent(w->gate);
    w->gate = NULL;
  }
}

/* Waits for end (the last kernel's event, or a marker behind it) and sets *ms from the start
 * marker's end to end's end; releases both events. */
static inline cl_int peer_cl_close(peer_cl_window *w, cl_event end, double *ms)
{
  peer_cl_release(w);
  cl_ulong t0 = 0, t1 = 0;
  cl_int e = end ? clWaitForEvents(1, &end) : CL_INVALID_EVENT;
  if (e == CL_SUCCESS) e = clGetEventProfilingInfo(w->start, CL_PROFILING_COMMAND_END, sizeof t0, &t0, NULL);
  if (e == CL_SUCCESS) e = clGetEventProfilingInfo(end, CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL);
  *ms = ((double)t1 - (double)t0) * 1e-6;
  if (w->start) clReleaseEvent(w->start);
  if (end) clReleaseEvent(end);
  w->start = NULL;
  return e;
}

/* e succeeded, else it is recorded as the run's failure (peer_failed) and 0 returned. */
static inline int peer_cl_ok(char *why, size_t len, const char *what, cl_int e)
{
  return e == CL_SUCCESS || peer_failed(why, len, what, (int)e, clerr_name(e));
}

/* The run's input buffer of in_bytes, host uploaded into it, and output buffer of out_bytes (they
 * differ for the real kinds); 1 on success, else 0 with the failing call in why. */
static inline int peer_cl_buffers(cl_context ctx, cl_command_queue q, const void *host, size_t in_bytes, size_t out_bytes, cl_mem *in,
                                  cl_mem *out, char *why, size_t len)
{
  cl_int e;
  *in = clCreateBuffer(ctx, CL_MEM_READ_WRITE, in_bytes, NULL, &e);
  if (!peer_cl_ok(why, len, "clCreateBuffer", e)) return 0;
  *out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, out_bytes, NULL, &e);
  if (!peer_cl_ok(why, len, "clCreateBuffer", e)) return 0;
  return peer_cl_ok(why, len, "clEnqueueWriteBuffer", clEnqueueWriteBuffer(q, *in, CL_TRUE, 0, in_bytes, host, 0, NULL, NULL));
}

#endif
