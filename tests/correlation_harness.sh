# bench/correlation.lua runs: the graph4096 case gives the exact BFS result
# and prints a row for each launch beside GPGPU-Sim's figures, the totals
# and a verdict.  Whether the figures agree is benchmarked, never asserted:
# only GPGPU-Sim's column (the reference data) is checked.
. "$WS_SRCDIR/tests/tap.sh"
W=$WARPSCOPE
B=$WS_SRCDIR/bench/correlation.lua
T=$WS_BUILDDIR/correlation_harness.tmp
rm -rf "$T"; mkdir -p "$T"

out=$($W --batch "$B" --case graph4096 2>"$T/err"); t_ok $? "the graph4096 case runs"
t_match "$out" '^== graph4096: Rodinia graph4096.txt, neighbours in file order, source 0 \(4096 vertices, 24576 edges\)$' "case header"
t_match "$out" 'GPGPU-Sim figures: GPGPU-Sim 4\.2\.0, configs/tested-cfgs/SM2_GTX480' "names the reference's source"
t_match "$out" '^   BFS result: exact \(matches the CPU BFS\)$' "the BFS result is exact"
t_match "$out" '^   8 launches \(GPGPU-Sim: 8\)$' "as many launches as GPGPU-Sim"
i=0
for cyc in 4572 4155 4739 5745 9038 8230 3055 1263; do
    i=$((i + 1))
    t_match "$out" "^$i +[0-9]+ +$cyc +[-+][0-9]+\.[0-9]%" "launch $i: ours, theirs ($cyc cycles), deviation"
done
t_match "$out" '^total +[0-9]+ +40797 +[-+][0-9]+\.[0-9]%' "totals row (GPGPU-Sim: 40,797 cycles)"
t_match "$out" 'L1D reservation fails' "the second table"
t_match "$out" '^   (met|MISSED) +total cycles: [-+][0-9.]+% \(goal within 5%\)$' "verdict: total cycles"
t_match "$out" '^   (met|MISSED) +launches over 2,000 cycles within 10%: [0-9]+ of 7' "verdict: long launches"
t_match "$out" '^   verdict: [0-4] of 4 goals met$' "verdict"
t_is "$(cat "$T/err")" "" "nothing on standard error"

out=$($W --batch "$B" --case nope 2>&1); rc=$?
t_is "$rc" 2 "an unknown case is a usage error"
t_match "$out" "unknown case 'nope' \(graph4096, ca-grqc, random\)" "and says which cases exist"
out=$($W --batch "$B" --case graph4096 --data "$T" 2>&1); rc=$?
t_is "$rc" 1 "missing reference data is an error"
t_match "$out" "cannot read GPGPU-Sim's figures: .*graph4096.csv" "naming the file"
t_done
