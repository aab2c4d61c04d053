# Stepping back in the TUI (:back, u, U, :checkpoints): going back then
# forward lands on the same state as going straight there (the views and, at
# the end, byte-identical --json against a batch run); back to the previous
# hit of a breakpoint and to the selected warp's previous instruction stop
# where those were; going back past the start or past console Lua is
# refused; --json is written once, by the last live process, and complete;
# the first process exits with the live one's status; nothing is left
# running.
. "$WS_SRCDIR/tests/tui_lib.sh"

# the processes of this test's warpscope (its command line names $tmp)
procs() { pgrep -f "^$W .*$tmp/" | wc -l; }
# the last line of the status bar
status() { screen | grep -v '^ *$' | tail -1; }

scn=$WS_SRCDIR/scenarios/bfs_data.lua
start --json "$tmp/tui.json" "$scn"
expect 'PAUSED +cycle 0 ' "opens paused at the first launch" 20

# the same cycle straight, then by going past it and back
cmd step 1500
expect 'cycle 1500 ' "step 1500"
keys 1
sleep 0.3
screen | sed -n '4,30p' > "$tmp/warps.straight"
keys 3
sleep 0.3
screen | sed -n '4,30p' > "$tmp/stalls.straight"
cmd step 700
expect 'cycle 2200 ' "700 cycles further"
cmd back 700
expect 'back to cycle 1500: replayed' "back 700 says where it went and what it replayed" 20
expect 'cycle 1500 ' "back 700 returns to cycle 1500"
sleep 0.3
screen | sed -n '4,30p' > "$tmp/stalls.back"
keys 1
sleep 0.3
screen | sed -n '4,30p' > "$tmp/warps.back"
t_ok "$(cmp -s "$tmp/warps.straight" "$tmp/warps.back"; echo $?)" "the warps view is the same as at cycle 1500 reached straight"
t_ok "$(cmp -s "$tmp/stalls.straight" "$tmp/stalls.back"; echo $?)" "the stall counters are the same as at cycle 1500 reached straight"
cmp -s "$tmp/stalls.straight" "$tmp/stalls.back" || diff "$tmp/stalls.straight" "$tmp/stalls.back" | head | sed 's/^/#   /'

# u: one cycle back; the console log and the breakpoints stay
keys u
expect 'back to cycle 1499: ' "u goes back one cycle" 20
expect 'cycle 1499 ' "the header says cycle 1499"
t_ok "$(test ! -e "$tmp/tui.json"; echo $?)" "nothing is written while going back (--json only at the end)" 

# a breakpoint: back to its previous hit
keys b
expect 'breakpoint 1: line [0-9]+' "b sets a breakpoint on the selected warp's line"
keys c
expect 'breakpoint 1: .*SM [0-9]+ .*line [0-9]+' "c runs to its first hit" 20
c1=$(cycle)
keys c
wait_for "PAUSED +cycle [0-9]+ " 20
sleep 0.3
c2=$(cycle)
t_ok "$([ -n "$c1" ] && [ -n "$c2" ] && [ "$c2" -gt "$c1" ]; echo $?)" "c runs to its next hit ($c1 -> $c2)"
cmd back break
expect "back to cycle $c1: replayed" "back break returns to the previous hit" 20
expect "cycle $c1 " "the header says cycle $c1"
cmd breakpoints
keys 8
expect 'line [0-9]+.*hits' "the breakpoint is still there after going back"
keys Escape
cmd delete all

# U: back to the selected warp (the one that hit) to its previous instruction
keys 1
keys i
expect 'warp stepped' "i steps the selected warp" 20
sleep 0.3
i1=$(cycle)
keys i
expect 'warp stepped' "i again" 20
sleep 0.3
i2=$(cycle)
keys U
expect "back to cycle $i1: replayed" "U returns to the warp's previous instruction ($i2 -> $i1)" 20
expect "cycle $i1 " "the header says cycle $i1"

# a breakpoint that hit once: nothing earlier
cmd break cycle +40
keys c
expect 'breakpoint [0-9]+: cycle' "a cycle breakpoint hits" 20
sleep 0.3
c3=$(cycle)
t_is "$c3" "$((i1 + 40))" "40 cycles on"
cmd back break
expect 'no earlier hit of breakpoint [0-9]+ since cycle 0' "no hit before the only one: refused with a message" 20
expect "cycle $c3 " "and the clock stays"
cmd delete all

# refused: past the start, nonsense
cmd back 99999999
expect 'cannot go back 99999999 cycles: only [0-9]+ cycles have been simulated' "back past the start is refused"
cmd back 0
expect 'back needs at least 1 cycle' "back 0 is refused"
cmd back sideways
expect "back: expected N \\(cycles\\), i or break" "a bad argument is refused"

# :checkpoints lists them with their memory
cmd checkpoints
expect '[0-9]+ checkpoints: [0-9.]+ MB private dirty' ":checkpoints reports their memory"

# across a launch boundary: back from the first cycle of a launch into the
# one before, then forward again into it at the same cycle
launch() { screen | sed -n 's/.* launch \([0-9]*\): .*/\1/p' | head -1; }
l0=$(launch)
keys R
expect "launch $((l0 + 1)): bfs_data .*" "R runs to the next launch" 30
expect 'PAUSED +cycle [0-9]+ \(\+0 in launch\)' "at its first cycle"
sleep 0.3
l2=$(cycle)
screen | sed -n '4,30p' > "$tmp/l2.straight"
cmd back 10
expect "back to cycle $((l2 - 10)): " "back 10 from the first cycle of launch $((l0 + 1))" 20
expect "launch $l0: bfs_data" "is in launch $l0 again"
keys R
expect "launch $((l0 + 1)): bfs_data" "R goes into launch $((l0 + 1)) again" 30
expect "cycle $l2 " "at the same cycle ($l2)"
sleep 0.3
screen | sed -n '4,30p' > "$tmp/l2.again"
t_ok "$(cmp -s "$tmp/l2.straight" "$tmp/l2.again"; echo $?)" "the same view at the first cycle of launch $((l0 + 1))"

# forward to the end: byte-identical statistics to a batch run, written once
keys E
expect 'FINISHED' "runs to the end" 60
t_ok "$(test ! -e "$tmp/tui.json"; echo $?)" "--json is not written before the end"
keys q
expect '^EXIT=0' "quits with status 0"
"$W" --batch --json "$tmp/batch.json" "$scn" >/dev/null
t_ok $? "batch run"
t_ok "$(cmp -s "$tmp/tui.json" "$tmp/batch.json"; echo $?)" "after going back and forth, the statistics are byte-identical to batch"
sleep 0.3
t_is "$(procs)" 0 "no checkpoint or runner is left"
T kill-server
TSOCK=$TSOCK-2

# console Lua is a barrier; the supervisor exits with the live process's status
start "$scn"
expect 'PAUSED +cycle 0 ' "opens again" 20
cmd step 300
expect 'cycle 300 ' "step 300"
cmd lua x = 1
cmd step 200
expect 'cycle 500 ' "step 200"
cmd back 100
expect 'back to cycle 400: ' "back 100 after console Lua" 20
cmd back 150
expect 'cannot go back that far: the oldest checkpoint is at cycle 300 \(console Lua ran there' "not past the console Lua" 
cmd 'lua os.exit(7)'
expect '^EXIT=7' "the exit status of the live process (os.exit(7) after going back)"
sleep 0.3
t_is "$(procs)" 0 "nothing is left"
T kill-server
TSOCK=$TSOCK-3

# --checkpoint=start: no checkpoints; going back runs the scenario again
# from the start (the way without fork): same state, --json once and complete
start --checkpoint=start --json "$tmp/start.json" "$scn"
expect 'PAUSED +cycle 0 ' "opens with --checkpoint=start" 20
cmd step 900
expect 'cycle 900 ' "step 900"
keys 3
sleep 0.3
screen | sed -n '4,30p' > "$tmp/stalls.900"
cmd step 400
expect 'cycle 1300 ' "step 400"
cmd lua y = 2
cmd back 400
expect 'cannot go back: console Lua ran at cycle 1300' "not past console Lua without checkpoints either"
cmd step 50
T kill-server
TSOCK=$TSOCK-4
start --checkpoint=start --json "$tmp/start.json" "$scn"
expect 'PAUSED +cycle 0 ' "opens again with --checkpoint=start" 20
cmd step 1300
expect 'cycle 1300 ' "step 1300"
cmd back 400
expect 'back to cycle 900: replayed 900 cycles from the start' "back 400 replays from the start" 30
expect 'cycle 900 ' "at cycle 900"
keys 3
sleep 0.3
screen | sed -n '4,30p' > "$tmp/stalls.900b"
t_ok "$(cmp -s "$tmp/stalls.900" "$tmp/stalls.900b"; echo $?)" "the stall counters are those of cycle 900 reached straight"
cmd back break
expect 'only back N works' "back break needs checkpoints"
keys E
expect 'FINISHED' "runs to the end" 60
t_ok "$(test ! -e "$tmp/start.json"; echo $?)" "--json is not written before the end"
keys q
expect '^EXIT=0' "quits with status 0"
t_ok "$(cmp -s "$tmp/start.json" "$tmp/batch.json"; echo $?)" "the statistics are byte-identical to batch"
sleep 0.3
t_is "$(procs)" 0 "nothing is left"
T kill-server
TSOCK=$TSOCK-5

# --checkpoint=off: no supervisor, and back says why
start --checkpoint=off "$scn"
expect 'PAUSED +cycle 0 ' "opens with --checkpoint=off" 20
cmd step 10
cmd back 5
expect 'stepping back is off \(--checkpoint=off\)' "back says it is off"
keys q
expect '^EXIT=0' "quits"
t_done
