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
