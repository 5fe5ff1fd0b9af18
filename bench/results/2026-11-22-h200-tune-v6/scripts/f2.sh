#!/bin/bash
# call F2 (issue 4): exhaustive searches PROBLEMS ("cofN@BUDGET ..."), each then re-timed against the defaults of call F1
. .gpu/prelude.sh
. $R/.gpu/search.sh
. $R/.gpu/retime.sh
mkdir -p $D/search
cp $R/.gpu/f1-wisdom/default-*.wisdom $D/search/
for pb in $PROBLEMS; do
  p=${pb%@*}; budget=${pb#*@}
  VERBOSE=1 search $p $budget exhaustive 1
  retime ${p#cof} default-$p-1 default-$p-2 exhaustive-$p-1
done
rm -f $D/search/default-*
tar czf $OUT/f2.tgz -C $OUT r
