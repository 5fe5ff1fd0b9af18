/* IEEE half precision (binary16) on the host: the conversions that PPFFT_F16's data need where C11
 * has no half type (timing data, host runs, tests).  Round to nearest even, as the kernels' stores
 * (cvt.rn.f16.f32); subnormals, infinities and NaN kept. */
#ifndef PPFFT_CORE_HALF_H
#define PPFFT_CORE_HALF_H
#include <stdint.h>
#include <string.h>

/* The half nearest to f (ties to even); overflow gives infinity. */
static inline uint16_t half_from_float(float f)
{
  uint32_t x;
  memcpy(&x, &f, 4);
  uint32_t sign = (x >> 16) & 0x8000u, abs = x & 0x7fffffffu;
  if (abs >= 0x7f800000u) return (uint16_t)(sign | 0x7c00u | (abs > 0x7f800000u ? 0x200u : 0u)); /* inf, NaN */
  if (abs >= 0x477ff000u) return (uint16_t)(sign | 0x7c00u);                                     /* rounds past 65504 */
  if (abs < 0x38800000u) {                                          /* below 2^-14: a subnormal half or 0 */
    if (abs < 0x33000000u) return (uint16_t)sign;                   /* below half the smallest subnormal */
    uint32_t m = (abs & 0x7fffffu) | 0x800000u, sh = 126u - (abs >> 23); /* f = m 2^(e-150), in units 2^-24: m >> sh */
    uint32_t q = m >> sh, rest = m & ((1u << sh) - 1u), halfway = 1u << (sh - 1u);
    if (rest > halfway || (rest == halfway && (q & 1u))) ++q;
    return (uint16_t)(sign | q);
  }
  uint32_t h = ((abs - 0x38000000u) >> 13), rest = abs & 0x1fffu; /* rebias 127 -> 15 */
  if (rest > 0x1000u || (rest == 0x1000u && (h & 1u))) ++h;       /* a carry into the exponent is right */
  return (uint16_t)(sign | h);
}

/* The float equal to half h. */
static inline float half_to_float(uint16_t h)
{
  uint32_t sign = (uint32_t)(h & 0x8000u) << 16, e = (h >> 10) & 0x1fu, m = h & 0x3ffu, x;
  if (e == 0x1fu) x = sign | 0x7f800000u | (m << 13);
  else if (e) x = sign | ((e + 112u) << 23) | (m << 13);
  else if (!m) x = sign;
  else { /* subnormal: normalise */
    e = 113u;
    while (!(m & 0x400u)) m <<= 1, --e;
    x = sign | (e << 23) | ((m & 0x3ffu) << 13);
  }
  float f;
  memcpy(&f, &x, 4);
  return f;
}

#endif
