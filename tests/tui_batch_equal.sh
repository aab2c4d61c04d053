# A scenario run to its end in the TUI (E) gives byte-identical statistics
# (--json) to the same scenario in batch mode, and the TUI prints the
# launch summary on the real standard output after it closes.
. "$WS_SRCDIR/tests/tui_lib.sh"

scn=$WS_SRCDIR/scenarios/bfs_data.lua
start --json "$tmp/tui.json" "$scn"
expect 'PAUSED +cycle 0 ' "opens paused at the first launch" 20
# cut the first launch at odd places before running to the end
keys s
cmd step 777
cmd break cycle +1234
keys c
expect 'breakpoint [0-9]+: cycle' "a breakpoint cuts the run" 20
cmd delete all
keys E
expect 'FINISHED' "runs to the end" 40
keys q
expect '^EXIT=0' "quits with status 0"
expect 'warpscope summary' "the summary is on the real standard output"
"$W" --batch --json "$tmp/batch.json" "$scn" >/dev/null
t_ok $? "batch run"
t_ok "$(cmp -s "$tmp/tui.json" "$tmp/batch.json"; echo $?)" "TUI and batch statistics are byte-identical"
if ! cmp -s "$tmp/tui.json" "$tmp/batch.json"; then diff "$tmp/tui.json" "$tmp/batch.json" | head -20 | sed 's/^/#   /'; fi
t_done
