# sourced: search PROBLEM BUDGET MODE RUN: one ppfft-tune search with its own empty disk and CUDA caches
search() {
  local p=$1 budget=$2 mode=$3 run=$4 flag=
  [ $mode = exhaustive ] && flag=--exhaustive
  [ -n "$VERBOSE" ] && flag="$flag -v" 
  local tag=$mode-$p-$run
  local t0=$(date +%s.%N)
  XDG_CACHE_HOME=/tmp/cache-$tag CUDA_CACHE_PATH=/tmp/cuda-$tag timeout $((budget + 30)) ./tuner/ppfft-tune --problems $p $flag --budget $budget -o $D/search/$tag.wisdom > $D/search/$tag.txt 2> $D/search/$tag.err
  local rc=$?
  local t1=$(date +%s.%N)
  echo "$tag: rc $rc, process $(awk "BEGIN{printf \"%.1f\", $t1 - $t0}") s; $(tr '\r' '\n' < $D/search/$tag.err | grep -a builder | cut -c13-) :: $(grep -a "^$p " $D/search/$tag.txt | cut -c1-170) :: $(grep -a '^tuned' $D/search/$tag.txt | cut -c1-60)"
  rm -rf /tmp/cache-$tag /tmp/cuda-$tag
}
