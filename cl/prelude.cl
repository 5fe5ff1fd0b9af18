/* ppfft kernel prelude: the precision-generic names every generated kernel is written in.
 * The generator puts "#define PPFFT_F64" before this text for double precision. */
#ifdef PPFFT_F64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
typedef double real;
typedef double2 real2;
typedef double4 real4;
typedef double8 real8;
typedef double16 real16;
#define convert_real2 convert_double2
#define convert_real4 convert_double4
#define convert_real8 convert_double8
#define convert_real16 convert_double16
#else
typedef float real;
typedef float2 real2;
typedef float4 real4;
typedef float8 real8;
typedef float16 real16;
#define convert_real2 convert_float2
#define convert_real4 convert_float4
#define convert_real8 convert_float8
#define convert_real16 convert_float16
#endif

/* cos and sin of 2 pi x / m, for x < m and m a power of two (TW-CALC).  The angle is reduced to a
 * quarter turn in integers, so sincos sees one rounding of an argument below pi/2. */
inline real2 ppfft_cossin(const uint x, const uint m)
{
  const uint q = (4u * x) / m, rest = 4u * x - q * m;
  real c;
  const real s = sincos((real)rest * ((real)1.57079632679489661923 / (real)m), &c);
  const real2 w = (q & 1u) ? (real2)(-s, c) : (real2)(c, s);
  return (q & 2u) ? -w : w;
}
