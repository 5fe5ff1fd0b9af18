/* Kernel fragments from cl/ (OpenCL C) and cuda/ (CUDA C++), embedded at build time by cl/embed.sh. */
#ifndef PPFFT_CL_CL_SOURCES_H
#define PPFFT_CL_CL_SOURCES_H

extern const char cl_src_prelude[];      /* cl/prelude.cl: precision-generic types */
extern const char cl_src_cuda_prelude[]; /* cuda/prelude.cuh: the same names, and OpenCL's, in CUDA C++ */

#endif
