#!/bin/bash
# call E1 (issue 4): the default search twice at all five sizes; exhaustive at 16 and 64; head-to-head re-times
. .gpu/prelude.sh
. $R/.gpu/search.sh
. $R/.gpu/retime.sh
mkdir -p $D/search
for pb in cof16@150 cof64@150 cof256@150 cof4096@200 cof1048576@200; do
  p=${pb%@*}; b=${pb#*@}
  search $p $b default 1; search $p $b default 2
done
tar czf $OUT/e1.tgz -C $OUT r
for pb in cof16@200 cof64@300; do
  p=${pb%@*}; b=${pb#*@}
  search $p $b exhaustive 1
  retime ${p#cof} default-$p-1 default-$p-2 exhaustive-$p-1
  tar czf $OUT/e1.tgz -C $OUT r
done
