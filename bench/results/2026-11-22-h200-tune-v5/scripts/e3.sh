#!/bin/bash
# call E3 (issue 4): N = 16, the closest size, again: the default search three more times, the exhaustive once more
. .gpu/prelude.sh
. $R/.gpu/search.sh
mkdir -p $D/search
for run in 3 4 5; do search cof16 150 default $run; done
search cof16 200 exhaustive 2
tar czf $OUT/e3.tgz -C $OUT r
