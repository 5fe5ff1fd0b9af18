#!/bin/bash
# issue 16 (onepass): why NVIDIA's OpenCL reports CL_KERNEL_WORK_GROUP_SIZE 256 for wg512/wg1024 one-pass kernels, and their times.
R=$PWD; . .gpu/gpu-env.sh .gpu/debs >/dev/null 2>&1
gcc -std=c11 $R/.gpu/onepass/clwg.c -o /tmp/clwg -lOpenCL || exit 1
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
timeout 200 /tmp/clwg 1 $R/.gpu/onepass/k/*.cl 2>&1 | tee $OUT/clwg.txt
