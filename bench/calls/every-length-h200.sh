# lengths2 on the GPU machine: build the tarball (OpenCL only), then on NVIDIA's OpenCL (1:0)
# check_every_length 2..1024 in 12 shards and check_bluestein (Bluestein's and Rader's suites).
set -u
R=$1
B=/tmp/lengths2
. "$R/.gpu/gpu-env.sh" "$R/.gpu/debs" >/dev/null 2>&1
t0=$(date +%s)
if [ ! -f $B/.ok ] || ! cmp -s "$R/.gpu/lengths2/ppfft-0.1.0.tar.gz" $B/.ok; then
  rm -rf $B; mkdir -p $B; tar xf "$R/.gpu/lengths2/ppfft-0.1.0.tar.gz" -C $B --strip-components=1
  (cd $B && ./configure --without-cuda >/dev/null && make -j16 >/dev/null 2>&1 && make -j16 check TESTS= >/dev/null 2>&1) || { echo build failed; exit 1; }
  cp "$R/.gpu/lengths2/ppfft-0.1.0.tar.gz" $B/.ok
fi
cd $B
echo "build: $(( $(date +%s) - t0 )) s; $(cat .tarball-commit 2>/dev/null)"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export PPFFT_DEVICE=1:0
L=${LIMIT:-75}
mkdir -p logs
J=12
i=0
while [ $i -lt $J ]; do PPFFT_TEST_SHARD=$i/$J timeout $L tests/check_every_length > logs/every-length-$i.log 2>&1 & i=$((i + 1)); done
timeout $L tests/check_bluestein > logs/bluestein.log 2>&1 &
wait
echo "tests: $(( $(date +%s) - t0 )) s"
grep -h -E "^every length|passed,|:[EF]:" logs/*.log | cut -c1-400
grep -h -E "Rader|Bluestein f32|N = .*FFTW" logs/bluestein.log
tar czf "$OUT/logs.tgz" logs
