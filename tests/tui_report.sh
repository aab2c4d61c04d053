# :report FILE in the TUI (issue 39, part 3): the report of the run so far
# is written and the status line says where; an unwritable path gives a
# clear message and the TUI goes on; a :report in the middle of a launch
# and between launches changes nothing: the run's --json is byte-identical
# to a batch run's.  --report at the end of a TUI run is written too.
. "$WS_SRCDIR/tests/tui_lib.sh"

scn=$WS_SRCDIR/scenarios/bfs_data.lua
# (reports named relative to $tmp: a long path would not fit the status line)
cd "$tmp" || exit 1
start --json "$tmp/tui.json" --report "$tmp/end.html" "$scn"
expect 'PAUSED +cycle 0 ' "opens paused at the first launch" 20
cmd report r0.html
expect 'report: .*nothing|launch' "a report before any cycle: the status line says why" 10
cmd step 777
expect 'cycle 777 ' "777 cycles stepped" 20
cmd report r1.html
expect "report of cycle 777 written to r1.html" "the status line says where the report was written" 20
t_ok "$([ -s "$tmp/r1.html" ] && echo 0 || echo 1)" "the report is there"
t_match "$(grep -c '<svg ' "$tmp/r1.html")" '^[1-9]' "with plots"
t_match "$(grep -o '<title>warpscope report: [^<]*' "$tmp/r1.html")" "bfs_data.lua, cycle 777" "its title names the scenario and the cycle"
t_is "$(ls "$tmp" | grep -c '\.tmp')" 0 "no temporary file left"
cmd report /nonexistent-dir/r.html
expect "cannot write /nonexistent-dir/r.html: No such file or directory" "an unwritable path: the status line says why" 20
cmd step 100
expect 'cycle 877 ' "the TUI keeps running" 20
keys E
expect 'FINISHED' "runs to the end" 60
cmd report r2.html
expect "report of cycle [0-9]+ written to r2.html" "a report at the end" 20
keys q
expect '^EXIT=0' "quits with status 0"
"$W" --batch --json "$tmp/batch.json" "$scn" >/dev/null
t_ok $? "batch run"
t_ok "$(cmp -s "$tmp/tui.json" "$tmp/batch.json"; echo $?)" "with :report in the middle, TUI and batch statistics are byte-identical"
if ! cmp -s "$tmp/tui.json" "$tmp/batch.json"; then diff "$tmp/tui.json" "$tmp/batch.json" | head -20 | sed 's/^/#   /'; fi
t_ok "$([ -s "$tmp/end.html" ] && echo 0 || echo 1)" "--report in the TUI: written at exit"
"$W" report "$tmp/tui.json" -o "$tmp/end2.html"
t_ok "$(cmp -s "$tmp/end.html" "$tmp/end2.html"; echo $?)" "--report equals warpscope report of the run's --json"
t_done
