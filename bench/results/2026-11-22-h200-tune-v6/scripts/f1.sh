#!/bin/bash
# call F1 (issue 4): every default search (16 five times, the others twice); exhaustive at 16 (twice) and 64; re-times
. .gpu/prelude.sh
. $R/.gpu/search.sh
. $R/.gpu/retime.sh
mkdir -p $D/search
for run in 1 2 3 4 5; do search cof16 150 default $run; done
for p in cof64 cof256 cof4096 cof1048576; do search $p 200 default 1; search $p 200 default 2; done
tar czf $OUT/f1.tgz -C $OUT r
search cof16 200 exhaustive 1; search cof16 200 exhaustive 2
retime 16 default-cof16-1 default-cof16-2 exhaustive-cof16-1
search cof64 300 exhaustive 1
retime 64 default-cof64-1 default-cof64-2 exhaustive-cof64-1
tar czf $OUT/f1.tgz -C $OUT r
