/* pi in long double.  The host computes twiddles, chirps, Rader's tables and the generator's
 * literals in long double and rounds each once to the data's precision. */
#ifndef PPFFT_CORE_PI_L_H
#define PPFFT_CORE_PI_L_H

#define PI_L 3.141592653589793238462643383279502884L

#endif
