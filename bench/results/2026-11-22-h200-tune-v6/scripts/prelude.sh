# sourced by the call scripts: environment, and a build of the tarball (kept while the machine is warm)
R=$PWD
. .gpu/gpu-env.sh .gpu/debs > /dev/null 2>&1
export PPFFT_DEVICE=1:0 XDG_DATA_HOME=/tmp/xdg-empty CUDA_CACHE_MAXSIZE=4294967296 PYTHONUNBUFFERED=1
commit=$(cat $R/.gpu/commit)
B=/tmp/ppfft-build-$commit
if [ ! -x $B/tuner/ppfft-tune ]; then
  t0=$(date +%s)
  rm -rf /tmp/ppfft-build-*; mkdir -p $B && tar xf $R/.gpu/ppfft-*.tar.gz -C $B --strip-components=1 && cd $B &&
    (./configure --with-cuda && make -j16 && make -j16 tests/check_ppfft) > $OUT/build.log 2>&1 || { tail -30 $OUT/build.log; exit 1; }
  echo "built in $(( $(date +%s) - t0 )) s"
else
  echo "build kept from the last call"
fi
cd $B
D=$OUT/r; mkdir -p $D
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader > $D/gpu.txt; echo "commit $commit" >> $D/gpu.txt
grep -E "cuFFT|clFFT|VkFFT|nvcc|Check" config.log | grep -i "result\|found" | head -5 > $D/configure-found.txt 2>/dev/null
