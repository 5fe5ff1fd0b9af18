#!/bin/bash
# call E2 (issue 4): exhaustive at PROBLEM (env P, budget BUDGET), then its head-to-head re-time; the defaults' wisdom
# comes from call E1 (.gpu/e1-wisdom/)
. .gpu/prelude.sh
. $R/.gpu/search.sh
. $R/.gpu/retime.sh
mkdir -p $D/search
cp $R/.gpu/e1-wisdom/default-$P-*.wisdom $D/search/
VERBOSE=1 search $P $BUDGET exhaustive 1
retime ${P#cof} default-$P-1 default-$P-2 exhaustive-$P-1
rm -f $D/search/default-*
tar czf $OUT/e2.tgz -C $OUT r
