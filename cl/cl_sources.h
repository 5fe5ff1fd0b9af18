/* OpenCL C fragments from cl/, embedded at build time by cl/embed.sh. */
#ifndef PPFFT_CL_CL_SOURCES_H
#define PPFFT_CL_CL_SOURCES_H

extern const char cl_src_prelude[]; /* cl/prelude.cl: precision-generic types */

#endif
