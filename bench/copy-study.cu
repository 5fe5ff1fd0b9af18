/* copy-study: what the H200's memory system rewards in a plain copy (issue 13, the last per cent at the
 * copy wall: cuFFT runs above bench/cl-devices' float4 copy at f32 64 and f64 128).  One program, nvcc only,
 * no ppfft: 256 MiB in, 256 MiB out, CUDA events around each run, 3 warm-ups, median of -r runs, back to
 * back, GB/s = 2 x bytes / time (as bench/peer.h).  Each variant changes one thing against "f4-nc-k1":
 *
 *   access width (8 / 16 bytes), accesses a thread (k: all k loaded, then all k stored, a block's k x wg
 *   accesses contiguous, as an FFT's block of transforms), block size, a persistent grid-stride grid
 *   (whole waves), and the cache operator of the loads / stores (.cs, .lu, .nc.L1::no_allocate,
 *   .L2::128B / 256B prefetch, an L2 evict_first policy), and cudaMemcpy.
 *
 *   copy-study [-r repeats] [-m MiB] [--rounds R]     CSV on stdout: round,variant,ms,gbs */
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <algorithm>
#include <vector>

#define CK(x)                                                                       \
  do {                                                                              \
    cudaError_t e_ = (x);                                                           \
    if (e_ != cudaSuccess) {                                                        \
      fprintf(stderr, "copy-study: %s: %s\n", #x, cudaGetErrorString(e_));          \
      exit(1);                                                                      \
    }                                                                               \
  } while (0)

enum ld_op { LD_PLAIN, LD_NC, LD_CS, LD_LU, LD_NC_NA, LD_NC_128B, LD_NC_256B, LD_NC_EF, LD_CS_NC };
enum st_op { ST_PLAIN, ST_CS, ST_NA, ST_EF };

template <int L> __device__ __forceinline__ float4 ld4(const float4 *p)
{
  float4 v;
  if (L == LD_PLAIN) v = *p;
  else if (L == LD_NC) v = __ldg(p);
  else if (L == LD_CS) v = __ldcs(p);
  else if (L == LD_LU) v = __ldlu(p);
  else if (L == LD_NC_NA)
    asm volatile("ld.global.nc.L1::no_allocate.v4.f32 {%0,%1,%2,%3}, [%4];" : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(p));
  else if (L == LD_NC_128B)
    asm volatile("ld.global.nc.L2::128B.v4.f32 {%0,%1,%2,%3}, [%4];" : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(p));
  else if (L == LD_NC_256B)
    asm volatile("ld.global.nc.L2::256B.v4.f32 {%0,%1,%2,%3}, [%4];" : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(p));
  else if (L == LD_CS_NC)
    asm volatile("ld.global.cs.nc.v4.f32 {%0,%1,%2,%3}, [%4];" : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(p));
  else {
    unsigned long long pol;
    asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(pol));
    asm volatile("ld.global.nc.L2::cache_hint.v4.f32 {%0,%1,%2,%3}, [%4], %5;"
                 : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(p), "l"(pol));
  }
  return v;
}
template <int S> __device__ __forceinline__ void st4(float4 *p, float4 v)
{
  if (S == ST_PLAIN) *p = v;
  else if (S == ST_CS) __stcs(p, v);
  else if (S == ST_NA)
    asm volatile("st.global.L1::no_allocate.v4.f32 [%0], {%1,%2,%3,%4};" ::"l"(p), "f"(v.x), "f"(v.y), "f"(v.z), "f"(v.w) : "memory");
  else {
    unsigned long long pol;
    asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(pol));
    asm volatile("st.global.L2::cache_hint.v4.f32 [%0], {%1,%2,%3,%4}, %5;" ::"l"(p), "f"(v.x), "f"(v.y), "f"(v.z), "f"(v.w), "l"(pol)
                 : "memory");
  }
}

/* k 16-byte accesses a thread, a block's k x blockDim contiguous: all loads, then all stores. */
template <int L, int S, int K> __global__ void copy4(const float4 *__restrict__ in, float4 *__restrict__ out)
{
  size_t base = (size_t)blockIdx.x * blockDim.x * K + threadIdx.x;
  float4 v[K];
#pragma unroll
  for (int j = 0; j < K; ++j) v[j] = ld4<L>(in + base + (size_t)j * blockDim.x);
#pragma unroll
  for (int j = 0; j < K; ++j) st4<S>(out + base + (size_t)j * blockDim.x, v[j]);
}

/* 8-byte accesses (a real2 of f32), k a thread. */
template <int K> __global__ void copy2(const float2 *__restrict__ in, float2 *__restrict__ out)
{
  size_t base = (size_t)blockIdx.x * blockDim.x * K + threadIdx.x;
  float2 v[K];
#pragma unroll
  for (int j = 0; j < K; ++j) v[j] = __ldg(in + base + (size_t)j * blockDim.x);
#pragma unroll
  for (int j = 0; j < K; ++j) out[base + (size_t)j * blockDim.x] = v[j];
}

/* persistent: gridDim blocks walk the chunks of k x blockDim accesses, grid-stride. */
template <int K> __global__ void copy4_persist(const float4 *__restrict__ in, float4 *__restrict__ out, size_t chunks)
{
  for (size_t c = blockIdx.x; c < chunks; c += gridDim.x) {
    size_t base = c * blockDim.x * K + threadIdx.x;
    float4 v[K];
#pragma unroll
    for (int j = 0; j < K; ++j) v[j] = __ldg(in + base + (size_t)j * blockDim.x);
#pragma unroll
    for (int j = 0; j < K; ++j) out[base + (size_t)j * blockDim.x] = v[j];
  }
}

/* a thread's k accesses adjacent (a thread owns k x 16 contiguous bytes: uncoalesced within a warp's request,
 * as a DIRECT access of k elements would be). */
template <int K> __global__ void copy4_own(const float4 *__restrict__ in, float4 *__restrict__ out)
{
  size_t base = ((size_t)blockIdx.x * blockDim.x + threadIdx.x) * K;
  float4 v[K];
#pragma unroll
  for (int j = 0; j < K; ++j) v[j] = __ldg(in + base + j);
#pragma unroll
  for (int j = 0; j < K; ++j) out[base + j] = v[j];
}

struct variant {
  const char *name;
  void (*launch)(const void *, void *, size_t, int);
};

static int g_sms;

template <int L, int S, int K, int WG> static void l4(const void *i, void *o, size_t bytes, int)
{
  size_t n = bytes / 16;
  copy4<L, S, K><<<(unsigned)(n / (WG * K)), WG>>>((const float4 *)i, (float4 *)o);
}
template <int K, int WG> static void l2(const void *i, void *o, size_t bytes, int)
{
  size_t n = bytes / 8;
  copy2<K><<<(unsigned)(n / (WG * K)), WG>>>((const float2 *)i, (float2 *)o);
}
template <int K, int WG, int PER_SM> static void lp(const void *i, void *o, size_t bytes, int)
{
  size_t chunks = bytes / 16 / (WG * K);
  copy4_persist<K><<<g_sms * PER_SM, WG>>>((const float4 *)i, (float4 *)o, chunks);
}
template <int K, int WG> static void lo(const void *i, void *o, size_t bytes, int)
{
  size_t n = bytes / 16;
  copy4_own<K><<<(unsigned)(n / (WG * K)), WG>>>((const float4 *)i, (float4 *)o);
}
static void lmemcpy(const void *i, void *o, size_t bytes, int) { cudaMemcpyAsync(o, i, bytes, cudaMemcpyDeviceToDevice); }

static const variant variants[] = {
  {"f4-plain-k1", l4<LD_PLAIN, ST_PLAIN, 1, 256>},
  {"f4-nc-k1", l4<LD_NC, ST_PLAIN, 1, 256>},
  {"f4-nc-k2", l4<LD_NC, ST_PLAIN, 2, 256>},
  {"f4-nc-k4", l4<LD_NC, ST_PLAIN, 4, 256>},
  {"f4-nc-k8", l4<LD_NC, ST_PLAIN, 8, 256>},
  {"f4-nc-k16", l4<LD_NC, ST_PLAIN, 16, 256>},
  {"f4-nc-k32", l4<LD_NC, ST_PLAIN, 32, 256>},
  {"f4-nc-k4-wg128", l4<LD_NC, ST_PLAIN, 4, 128>},
  {"f4-nc-k4-wg512", l4<LD_NC, ST_PLAIN, 4, 512>},
  {"f4-nc-k4-wg1024", l4<LD_NC, ST_PLAIN, 4, 1024>},
  {"f4-nc-k16-wg128", l4<LD_NC, ST_PLAIN, 16, 128>},
  {"f2-nc-k1", l2<1, 256>},
  {"f2-nc-k8", l2<8, 256>},
  {"f2-nc-k16", l2<16, 256>},
  {"f4-cs-k4", l4<LD_CS, ST_PLAIN, 4, 256>},
  {"f4-csnc-k4", l4<LD_CS_NC, ST_PLAIN, 4, 256>},
  {"f4-lu-k4", l4<LD_LU, ST_PLAIN, 4, 256>},
  {"f4-nc-stcs-k4", l4<LD_NC, ST_CS, 4, 256>},
  {"f4-cs-stcs-k4", l4<LD_CS, ST_CS, 4, 256>},
  {"f4-ncna-k4", l4<LD_NC_NA, ST_PLAIN, 4, 256>},
  {"f4-nc128B-k4", l4<LD_NC_128B, ST_PLAIN, 4, 256>},
  {"f4-nc256B-k4", l4<LD_NC_256B, ST_PLAIN, 4, 256>},
  {"f4-nc256B-k16", l4<LD_NC_256B, ST_PLAIN, 16, 256>},
  {"f4-ncef-k4", l4<LD_NC_EF, ST_PLAIN, 4, 256>},
  {"f4-nc-stna-k4", l4<LD_NC, ST_NA, 4, 256>},
  {"f4-nc-stef-k4", l4<LD_NC, ST_EF, 4, 256>},
  {"f4-ncef-stef-k4", l4<LD_NC_EF, ST_EF, 4, 256>},
  {"f4-cs-k16", l4<LD_CS, ST_PLAIN, 16, 256>},
  {"f4-nc-stcs-k16", l4<LD_NC, ST_CS, 16, 256>},
  {"f4-persist-k4-x4", lp<4, 256, 4>},
  {"f4-persist-k4-x8", lp<4, 256, 8>},
  {"f4-persist-k16-x2", lp<16, 256, 2>},
  {"f4-persist-k16-x4", lp<16, 256, 4>},
  {"f4-own-k4", lo<4, 256>},
  {"f4-own-k16", lo<16, 256>},
  {"memcpy", lmemcpy},
};

int main(int argc, char **argv)
{
  int reps = 20, rounds = 2;
  size_t mib = 256;
  for (int i = 1; i < argc; ++i) {
    if (!strcmp(argv[i], "-r") && i + 1 < argc) reps = atoi(argv[++i]);
    else if (!strcmp(argv[i], "-m") && i + 1 < argc) mib = (size_t)atoll(argv[++i]);
    else if (!strcmp(argv[i], "--rounds") && i + 1 < argc) rounds = atoi(argv[++i]);
    else {
      fprintf(stderr, "usage: copy-study [-r repeats] [-m MiB] [--rounds R]\n");
      return 2;
    }
  }
  size_t bytes = mib << 20;
  CK(cudaDeviceGetAttribute(&g_sms, cudaDevAttrMultiProcessorCount, 0));
  void *in, *out;
  CK(cudaMalloc(&in, bytes));
  CK(cudaMalloc(&out, bytes));
  CK(cudaMemset(in, 1, bytes));
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  printf("round,variant,ms,gbs\n");
  for (int r = 0; r < rounds; ++r)
    for (const variant &v : variants) {
      std::vector<float> ms((size_t)reps);
      for (int w = 0; w < 3; ++w) v.launch(in, out, bytes, 0);
      for (int i = 0; i < reps; ++i) {
        v.launch(in, out, bytes, 0); /* untimed, so that each timed run follows a run (back to back) */
        CK(cudaEventRecord(a));
        v.launch(in, out, bytes, 0);
        CK(cudaEventRecord(b));
        CK(cudaEventSynchronize(b));
        CK(cudaEventElapsedTime(&ms[(size_t)i], a, b));
      }
      CK(cudaGetLastError());
      std::sort(ms.begin(), ms.end());
      double m = reps % 2 ? ms[(size_t)reps / 2] : 0.5 * (ms[(size_t)reps / 2 - 1] + ms[(size_t)reps / 2]);
      printf("%d,%s,%.5f,%.1f\n", r, v.name, m, 2.0 * (double)bytes / (m * 1e-3) / 1e9);
      fflush(stdout);
    }
  return 0;
}
