# The DSAP paper's experiments (scenarios/experiments/dsap-*.lua), quick
# variants: each runs (every BFS result equals the CPU reference and every
# statistics invariant holds, or the exit status is not 0), prints its table
# and writes a JSON file that tests/exp_check.lua accepts with the expected
# number of rows.  Quick runs use generated graphs: ../shared is not needed.
. "$WS_SRCDIR/tests/tap.sh"
W=$WARPSCOPE
X=$WS_SRCDIR/scenarios/experiments
tmp=$WS_BUILDDIR/exp_dsap.tmp
rm -rf "$tmp"; mkdir -p "$tmp"

# id, rows expected with the five graphs (OR, CIT, ROAD, ROME, DEL)
for spec in dsap-fig8:23 dsap-fig9:20 dsap-fig10:20 dsap-fig11:5 dsap-fig12:18 \
            dsap-fig13:20 dsap-fig14:6 dsap-fig15:11 dsap-fig16:20 dsap-fig17:10; do
    id=${spec%%:*}; rows=${spec##*:}
    out=$($W --batch "$X/$id.lua" --quick --out "$tmp" 2>"$tmp/$id.err"); rc=$?
    t_is "$rc" 0 "$id --quick exits 0"
    [ $rc -eq 0 ] || sed 's/^/#   /' "$tmp/$id.err" | tail -5
    t_match "$out" "^graph +as " "$id prints its table"
    t_match "$out" "invariants: [0-9]+ checked, all hold" "$id: every invariant holds"
    chk=$($W --batch "$WS_SRCDIR/tests/exp_check.lua" "$tmp/$id.json" "$rows" 2>&1); rc=$?
    t_is "$rc" 0 "$id: exp_check accepts $id.json ($rows rows)"
    [ $rc -eq 0 ] || printf '%s\n' "$chk" | sed 's/^/#   /'
    t_is "$(($(wc -l <"$tmp/$id.csv") - 1))" "$rows" "$id.csv has $rows rows"
done

# A subset of graphs from the command line; an unknown name is refused.
out=$($W --batch "$X/dsap-fig8.lua" --quick --no-files OR,ROME 2>&1); rc=$?
t_is "$rc" 0 "dsap-fig8 on OR,ROME"
t_is "$(printf '%s\n' "$out" | grep -Ec '^(OR|ROME) ')" 8 "dsap-fig8 on OR,ROME: 8 rows"
out=$($W --batch "$X/dsap-fig8.lua" --quick --no-files XX 2>&1); rc=$?
t_is "$rc" 1 "dsap-fig8 refuses an unknown graph"
t_match "$out" "unknown graph 'XX'" "... and names it"

# The probe: counters per run, one graph, runs with options, a source vertex.
out=$($W --batch "$X/dsap-probe.lua" --quick --no-files ROME "none,dsap:pf.dsap.adaptive=none;sm.sched=lrr" 5 2>&1); rc=$?
t_is "$rc" 0 "dsap-probe on ROME"
t_match "$out" "^ROME, BFS from vertex 5 " "dsap-probe: the source vertex given"
t_match "$out" "^dsap:pf.dsap.adaptive=none;sm.sched=lrr +[0-9]+ +[0-9.]+ " "dsap-probe: a run with options"
t_match "$out" "^  none +[0-9]+\\[1\\] " "dsap-probe: cycles per level"
out=$($W --batch "$X/dsap-probe.lua" --quick --no-files ROME "dsap:pf.dsap.nokey=1" 2>&1); rc=$?
t_is "$rc" 1 "dsap-probe refuses an unknown option"
t_done
