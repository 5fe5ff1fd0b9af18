# sourced: retime N TAG...: the winners of the searches TAG (wisdom in $D/search/TAG.wisdom) timed against each
# other from their wisdom, in one process each, three rounds interleaved (median of 30 each), on a shared warm cache
retime() {
  local n=$1; shift
  mkdir -p $D/retime
  for round in 1 2 3; do
    for tag in "$@"; do
      XDG_CACHE_HOME=/tmp/cache-retime PPFFT_WISDOM_PATH=$D/search/$tag.wisdom timeout 120 bench/ppfft-bench -n $n -r 30 -w 5 \
        --csv $D/retime/$tag.csv > $D/retime/$tag-$round.txt 2>&1
      echo "retime $tag round $round: rc $? $(grep -a ' ok$\| ok ' $D/retime/$tag-$round.txt | awk '{print $(NF-4), $(NF-3)}') $(grep -a -o 'r[0-9x]*/[^ ]*' $D/retime/$tag-$round.txt | head -1 | cut -c1-120)"
    done
  done
}
