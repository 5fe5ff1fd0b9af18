#!/usr/bin/env python3
"""abft-beta: the offset ABFT_BETA of the input weights' betas (core/abft.h), searched.

A fault after the first radix pass (radix r0 in 2, 4, 8, 16) is seen by the checks through one
alpha and one bin of the DFT of a decimation of beta (by 16 / r0, at any offset); both checksums
together see the bin's energy |B1|^2 + |B2|^2.  This tries the offsets 0x80000000 + 16 k,
k < 4096, and prints the five whose worst bin over every decimation and offset is the largest,
as a fraction of the mean (1: flat; a random choice gives about 0.03 at the median).

    python3 bench/abft-beta.py
"""
import numpy as np

M32 = 0xFFFFFFFF


def mix(j):
    j &= M32
    j ^= j >> 16
    j = (j * 0x7FEB352D) & M32
    j ^= j >> 15
    j = (j * 0x846CA68B) & M32
    j ^= j >> 16
    return j


def weight(j, im, second):  # core/abft.h's abft_weight
    h = mix(j ^ 0x5BD1E995 if second else j)
    u = (h >> (11 if im else 0)) & 0x7FF
    v = 1 + u / 2048
    return -v if (h >> (22 + im)) & 1 else v


def beta(off, second):
    return np.array([weight(off + t, 0, second) + 1j * weight(off + t, 1, second) for t in range(16)])


def worst(off):
    b1, b2 = beta(off, 0), beta(off, 1)
    w = 1e9
    for dec in (1, 2, 4, 8):
        for c in range(dec):
            s1, s2 = b1[c::dec], b2[c::dec]
            e = np.abs(np.fft.fft(s1)) ** 2 + np.abs(np.fft.fft(s2)) ** 2
            w = min(w, e.min() / (np.sum(np.abs(s1) ** 2) + np.sum(np.abs(s2) ** 2)))
    return w


scores = sorted(((worst(0x80000000 + 16 * k), k) for k in range(4096)), reverse=True)
for s, k in scores[:5]:
    print("0x%08x  worst bin %.3f of the mean" % (0x80000000 + 16 * k, s))
print("median over the offsets: %.3f" % np.median([s for s, _ in scores]))
