/* ppfft kernel prelude, CUDA C++ (NVRTC): what the generated kernels use from OpenCL C and CUDA
 * lacks, under OpenCL's names, so that the generator writes one text for both.  The generator puts
 * "#define PPFFT_F64" before this text for double precision.
 *
 * Everything lives in namespace ppfft, which the program closes at its end (the dialect's
 * epilogue): inside it float2, uint4, make_uint2 or sincos are ours and hide CUDA's built-in ones
 * of the same names, which have neither OpenCL's components (.s0 .. .sf) nor its operators.  The
 * kernel itself is extern "C", so its symbol stays ppfft_fft. */
#define restrict __restrict__
/* The generator declares a unit's indices once for bodies that do not all use each of them. */
#pragma nv_diag_suppress 177

namespace ppfft {

typedef unsigned int uint;
typedef unsigned long long ulong; /* 64 bits, as OpenCL's */

/* Vectors as aggregates of named components, aligned so that one access of a real2 is one 64- or
 * 128-bit load and the wider ones move in 128-bit pieces (CUDA's widest). */
template <class T, int N> struct vec_align { /* enums, not static members, which would become globals */
  enum { bytes = sizeof(T) * N < 16 ? sizeof(T) * N : 16 };
};
template <class T> struct alignas(vec_align<T, 2>::bytes) vec2 {
  typedef T elem;
  union { /* OpenCL names a 2-vector's components both ways */
    struct { T x, y; };
    struct { T s0, s1; };
  };
};
template <class T> struct alignas(vec_align<T, 4>::bytes) vec4 {
  typedef T elem;
  T s0, s1, s2, s3;
};
template <class T> struct alignas(vec_align<T, 8>::bytes) vec8 {
  typedef T elem;
  T s0, s1, s2, s3, s4, s5, s6, s7;
};
template <class T> struct alignas(vec_align<T, 16>::bytes) vec16 {
  typedef T elem;
  T s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, sa, sb, sc, sd, se, sf;
};

#ifdef PPFFT_F64
typedef double real;
#else
typedef float real;
#endif
typedef vec2<real> real2;
typedef vec4<real> real4;
typedef vec8<real> real8;
typedef vec16<real> real16;
typedef vec2<float> float2;
typedef vec4<float> float4;
typedef vec8<float> float8;
typedef vec16<float> float16;
typedef vec2<uint> uint2;
typedef vec4<uint> uint4;
typedef vec8<uint> uint8;
typedef vec16<uint> uint16;

/* Elementwise application of f: the one place that lists each width's components. */
template <class R, class T, class F> __device__ __forceinline__ vec2<R> vmap(F f, const vec2<T> &a)
{
  return {f(a.s0), f(a.s1)};
}
template <class R, class T, class F> __device__ __forceinline__ vec4<R> vmap(F f, const vec4<T> &a)
{
  return {f(a.s0), f(a.s1), f(a.s2), f(a.s3)};
}
template <class R, class T, class F> __device__ __forceinline__ vec8<R> vmap(F f, const vec8<T> &a)
{
  return {f(a.s0), f(a.s1), f(a.s2), f(a.s3), f(a.s4), f(a.s5), f(a.s6), f(a.s7)};
}
template <class R, class T, class F> __device__ __forceinline__ vec16<R> vmap(F f, const vec16<T> &a)
{
  return {f(a.s0), f(a.s1), f(a.s2), f(a.s3), f(a.s4), f(a.s5), f(a.s6), f(a.s7),
          f(a.s8), f(a.s9), f(a.sa), f(a.sb), f(a.sc), f(a.sd), f(a.se), f(a.sf)};
}
template <class T, class F> __device__ __forceinline__ vec2<T> vmap2(F f, const vec2<T> &a, const vec2<T> &b)
{
  return {f(a.s0, b.s0), f(a.s1, b.s1)};
}
template <class T, class F> __device__ __forceinline__ vec4<T> vmap2(F f, const vec4<T> &a, const vec4<T> &b)
{
  return {f(a.s0, b.s0), f(a.s1, b.s1), f(a.s2, b.s2), f(a.s3, b.s3)};
}
template <class T, class F> __device__ __forceinline__ vec8<T> vmap2(F f, const vec8<T> &a, const vec8<T> &b)
{
  return {f(a.s0, b.s0), f(a.s1, b.s1), f(a.s2, b.s2), f(a.s3, b.s3), f(a.s4, b.s4), f(a.s5, b.s5), f(a.s6, b.s6), f(a.s7, b.s7)};
}
template <class T, class F> __device__ __forceinline__ vec16<T> vmap2(F f, const vec16<T> &a, const vec16<T> &b)
{
  return {f(a.s0, b.s0), f(a.s1, b.s1), f(a.s2, b.s2), f(a.s3, b.s3), f(a.s4, b.s4), f(a.s5, b.s5), f(a.s6, b.s6), f(a.s7, b.s7),
          f(a.s8, b.s8), f(a.s9, b.s9), f(a.sa, b.sa), f(a.sb, b.sb), f(a.sc, b.sc), f(a.sd, b.sd), f(a.se, b.se), f(a.sf, b.sf)};
}

/* A vector's width (no member for anything else: the operators below apply to vectors only), and
 * the scalar repeated in every component (OpenCL's (real4)(x)). */
template <class V> struct vec_width {};
template <class T> struct vec_width<vec2<T>> { enum { n = 2 }; };
template <class T> struct vec_width<vec4<T>> { enum { n = 4 }; };
template <class T> struct vec_width<vec8<T>> { enum { n = 8 }; };
template <class T> struct vec_width<vec16<T>> { enum { n = 16 }; };
template <class T> struct op_fill {
  T s;
  __device__ __forceinline__ T operator()(T) const { return s; }
};
template <class V> __device__ __forceinline__ V splat(typename V::elem s)
{
  return vmap<typename V::elem>(op_fill<typename V::elem>{s}, V{});
}

/* Arithmetic, elementwise, on two vectors or a vector and a scalar (VAVM's butterflies). */
struct op_add { template <class T> __device__ __forceinline__ T operator()(T a, T b) const { return a + b; } };
struct op_sub { template <class T> __device__ __forceinline__ T operator()(T a, T b) const { return a - b; } };
struct op_mul { template <class T> __device__ __forceinline__ T operator()(T a, T b) const { return a * b; } };
struct op_neg { template <class T> __device__ __forceinline__ T operator()(T a) const { return -a; } };

template <class V, int = vec_width<V>::n> __device__ __forceinline__ V operator+(const V &a, const V &b) { return vmap2(op_add(), a, b); }
template <class V, int = vec_width<V>::n> __device__ __forceinline__ V operator-(const V &a, const V &b) { return vmap2(op_sub(), a, b); }
template <class V, int = vec_width<V>::n> __device__ __forceinline__ V operator*(const V &a, const V &b) { return vmap2(op_mul(), a, b); }
template <class V, int = vec_width<V>::n> __device__ __forceinline__ V operator+(const V &a, typename V::elem s) { return a + splat<V>(s); }
template <class V, int = vec_width<V>::n> __device__ __forceinline__ V operator-(const V &a, typename V::elem s) { return a - splat<V>(s); }
template <class V, int = vec_width<V>::n> __device__ __forceinline__ V operator*(const V &a, typename V::elem s) { return a * splat<V>(s); }
template <class V, int = vec_width<V>::n> __device__ __forceinline__ V operator+(typename V::elem s, const V &a) { return splat<V>(s) + a; }
template <class V, int = vec_width<V>::n> __device__ __forceinline__ V operator-(typename V::elem s, const V &a) { return splat<V>(s) - a; }
template <class V, int = vec_width<V>::n> __device__ __forceinline__ V operator*(typename V::elem s, const V &a) { return splat<V>(s) * a; }
template <class V, int = vec_width<V>::n> __device__ __forceinline__ V operator-(const V &a) { return vmap<typename V::elem>(op_neg(), a); }
template <class V, class B, int = vec_width<V>::n> __device__ __forceinline__ V &operator+=(V &a, const B &b) { return a = a + b; }
template <class V, class B, int = vec_width<V>::n> __device__ __forceinline__ V &operator-=(V &a, const B &b) { return a = a - b; }
template <class V, class B, int = vec_width<V>::n> __device__ __forceinline__ V &operator*=(V &a, const B &b) { return a = a * b; }

/* Vector literals: (realN)(...) and (uintN)(...) of OpenCL C.  One scalar fills every component;
 * (real16)(a, b) joins two real8. */
__device__ __forceinline__ real2 make_real2(real a) { return splat<real2>(a); }
__device__ __forceinline__ real4 make_real4(real a) { return splat<real4>(a); }
__device__ __forceinline__ real8 make_real8(real a) { return splat<real8>(a); }
__device__ __forceinline__ real16 make_real16(real a) { return splat<real16>(a); }
__device__ __forceinline__ real2 make_real2(real a, real b) { return {a, b}; }
__device__ __forceinline__ real4 make_real4(real a, real b, real c, real d) { return {a, b, c, d}; }
__device__ __forceinline__ real8 make_real8(real a, real b, real c, real d, real e, real f, real g, real h)
{
  return {a, b, c, d, e, f, g, h};
}
__device__ __forceinline__ real16 make_real16(real a, real b, real c, real d, real e, real f, real g, real h, real i, real j,
                                              real k, real l, real m, real n, real o, real p)
{
  return {a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p};
}
__device__ __forceinline__ real16 make_real16(const real8 &a, const real8 &b)
{
  return {a.s0, a.s1, a.s2, a.s3, a.s4, a.s5, a.s6, a.s7, b.s0, b.s1, b.s2, b.s3, b.s4, b.s5, b.s6, b.s7};
}
__device__ __forceinline__ uint2 make_uint2(uint a, uint b) { return {a, b}; }
__device__ __forceinline__ uint4 make_uint4(uint a, uint b, uint c, uint d) { return {a, b, c, d}; }
__device__ __forceinline__ uint8 make_uint8(uint a, uint b, uint c, uint d, uint e, uint f, uint g, uint h)
{
  return {a, b, c, d, e, f, g, h};
}
__device__ __forceinline__ uint16 make_uint16(uint a, uint b, uint c, uint d, uint e, uint f, uint g, uint h, uint i, uint j,
                                              uint k, uint l, uint m, uint n, uint o, uint p)
{
  return {a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p};
}

/* OpenCL's .even and .odd: the components 0, 2, 4, ... and 1, 3, 5, ... */
template <class T> __device__ __forceinline__ vec2<T> ppfft_even(const vec4<T> &a) { return {a.s0, a.s2}; }
template <class T> __device__ __forceinline__ vec2<T> ppfft_odd(const vec4<T> &a) { return {a.s1, a.s3}; }
template <class T> __device__ __forceinline__ vec4<T> ppfft_even(const vec8<T> &a) { return {a.s0, a.s2, a.s4, a.s6}; }
template <class T> __device__ __forceinline__ vec4<T> ppfft_odd(const vec8<T> &a) { return {a.s1, a.s3, a.s5, a.s7}; }
template <class T> __device__ __forceinline__ vec8<T> ppfft_even(const vec16<T> &a)
{
  return {a.s0, a.s2, a.s4, a.s6, a.s8, a.sa, a.sc, a.se};
}
template <class T> __device__ __forceinline__ vec8<T> ppfft_odd(const vec16<T> &a)
{
  return {a.s1, a.s3, a.s5, a.s7, a.s9, a.sb, a.sd, a.sf};
}

/* vloadN/vstoreN: N elements at p + N*o, which OpenCL only requires to be element-aligned (local
 * memory behind PAD, a table read from an odd entry), so one element at a time. */
template <class T> __device__ __forceinline__ vec2<T> vload2(size_t o, const T *p)
{
  p += 2 * o;
  return {p[0], p[1]};
}
template <class T> __device__ __forceinline__ vec4<T> vload4(size_t o, const T *p)
{
  p += 4 * o;
  return {p[0], p[1], p[2], p[3]};
}
template <class T> __device__ __forceinline__ vec8<T> vload8(size_t o, const T *p)
{
  p += 8 * o;
  return {p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7]};
}
template <class T> __device__ __forceinline__ vec16<T> vload16(size_t o, const T *p)
{
  p += 16 * o;
  return {p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8], p[9], p[10], p[11], p[12], p[13], p[14], p[15]};
}
template <class T> __device__ __forceinline__ void vstore2(const vec2<T> &v, size_t o, T *p)
{
  p += 2 * o;
  p[0] = v.s0, p[1] = v.s1;
}
template <class T> __device__ __forceinline__ void vstore4(const vec4<T> &v, size_t o, T *p)
{
  p += 4 * o;
  p[0] = v.s0, p[1] = v.s1, p[2] = v.s2, p[3] = v.s3;
}
template <class T> __device__ __forceinline__ void vstore8(const vec8<T> &v, size_t o, T *p)
{
  p += 8 * o;
  p[0] = v.s0, p[1] = v.s1, p[2] = v.s2, p[3] = v.s3, p[4] = v.s4, p[5] = v.s5, p[6] = v.s6, p[7] = v.s7;
}
template <class T> __device__ __forceinline__ void vstore16(const vec16<T> &v, size_t o, T *p)
{
  p += 16 * o;
  p[0] = v.s0, p[1] = v.s1, p[2] = v.s2, p[3] = v.s3, p[4] = v.s4, p[5] = v.s5, p[6] = v.s6, p[7] = v.s7;
  p[8] = v.s8, p[9] = v.s9, p[10] = v.sa, p[11] = v.sb, p[12] = v.sc, p[13] = v.sd, p[14] = v.se, p[15] = v.sf;
}

/* convert_floatN, convert_realN: each component converted. */
template <class R> struct op_convert { template <class T> __device__ __forceinline__ R operator()(T a) const { return (R)a; } };
template <class T> __device__ __forceinline__ float2 convert_float2(const vec2<T> &a) { return vmap<float>(op_convert<float>(), a); }
template <class T> __device__ __forceinline__ float4 convert_float4(const vec4<T> &a) { return vmap<float>(op_convert<float>(), a); }
template <class T> __device__ __forceinline__ float8 convert_float8(const vec8<T> &a) { return vmap<float>(op_convert<float>(), a); }
template <class T> __device__ __forceinline__ float16 convert_float16(const vec16<T> &a) { return vmap<float>(op_convert<float>(), a); }
template <class T> __device__ __forceinline__ real2 convert_real2(const vec2<T> &a) { return vmap<real>(op_convert<real>(), a); }
template <class T> __device__ __forceinline__ real4 convert_real4(const vec4<T> &a) { return vmap<real>(op_convert<real>(), a); }
template <class T> __device__ __forceinline__ real8 convert_real8(const vec8<T> &a) { return vmap<real>(op_convert<real>(), a); }
template <class T> __device__ __forceinline__ real16 convert_real16(const vec16<T> &a) { return vmap<real>(op_convert<real>(), a); }

/* native_cos/native_sin: the hardware's approximations (TW-NATIVE), in float. */
__device__ __forceinline__ float native_cos(float a) { return __cosf(a); }
__device__ __forceinline__ float native_sin(float a) { return __sinf(a); }
struct op_native_cos { __device__ __forceinline__ float operator()(float a) const { return __cosf(a); } };
struct op_native_sin { __device__ __forceinline__ float operator()(float a) const { return __sinf(a); } };
template <class V, int = vec_width<V>::n> __device__ __forceinline__ V native_cos(const V &a) { return vmap<float>(op_native_cos(), a); }
template <class V, int = vec_width<V>::n> __device__ __forceinline__ V native_sin(const V &a) { return vmap<float>(op_native_sin(), a); }

/* OpenCL's sincos(x, &c): returns the sine and stores the cosine, for a scalar or a vector. */
__device__ __forceinline__ float sincos(float x, float *c)
{
  float s;
  ::sincosf(x, &s, c);
  return s;
}
__device__ __forceinline__ double sincos(double x, double *c)
{
  double s;
  ::sincos(x, &s, c);
  return s;
}
struct op_sin { template <class T> __device__ __forceinline__ T operator()(T a) const { T c; return sincos(a, &c); } };
struct op_cos {
  template <class T> __device__ __forceinline__ T operator()(T a) const
  {
    T c;
    sincos(a, &c);
    return c;
  }
};
template <class V, int = vec_width<V>::n> __device__ __forceinline__ V sincos(const V &x, V *c)
{
  *c = vmap<typename V::elem>(op_cos(), x);
  return vmap<typename V::elem>(op_sin(), x);
}

/* cos and sin of 2 pi x / m, for x < m and m a power of two (TW-CALC): cl/prelude.cl's
 * ppfft_cossin.  The angle is reduced to a quarter turn in integers, as there; the rest of the
 * turn, pi * rest / (2m), goes to sincospi, whose argument rest / (2m) is exact (m is a power of
 * two) and which needs no large-argument reduction: sincos's Payne-Hanek path, never taken here,
 * would put a stack frame in every kernel that calls this. */
__device__ __forceinline__ void ppfft_sincospi(float x, float *s, float *c) { ::sincospif(x, s, c); }
__device__ __forceinline__ void ppfft_sincospi(double x, double *s, double *c) { ::sincospi(x, s, c); }
__device__ __forceinline__ real2 ppfft_cossin(const uint x, const uint m)
{
  const uint q = (4u * x) / m, rest = 4u * x - q * m;
  real s, c;
  ppfft_sincospi((real)rest / (real)(2u * m), &s, &c);
  const real2 w = (q & 1u) ? make_real2(-s, c) : make_real2(c, s);
  return (q & 2u) ? -w : w;
}
