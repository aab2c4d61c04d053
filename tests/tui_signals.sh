# The terminal is restored when the TUI gets SIGTERM (and SIGINT while
# paused), a scenario error is shown in the console and the session goes
# on, NO_COLOR and --ascii start fine.
. "$WS_SRCDIR/tests/tui_lib.sh"

wpid() { pgrep -f "^$W" -P "$(T display -p '#{pane_pid}')" | head -1; }

start
expect 'PAUSED +cycle 0 ' "opens paused" 20
kill -TERM "$(wpid)"
expect '^EXIT=' "SIGTERM ends it"
t_is "$(T display -p '#{alternate_on}')" 0 "the alternate screen is left after SIGTERM"
sleep 0.2
t_ok "$(cmp -s "$tmp/stty.before" "$tmp/stty.after"; echo $?)" "the terminal settings are restored after SIGTERM"
T kill-server
TSOCK=$TSOCK-1     # a new server: reusing the socket at once can race its exit

start
expect 'PAUSED +cycle 0 ' "opens again" 20
keys c
expect 'RUNNING' "c runs"
kill -INT "$(wpid)"
expect 'PAUSED' "SIGINT pauses a run"
kill -INT "$(wpid)"
expect '^EXIT=' "SIGINT while paused quits"
sleep 0.2
t_ok "$(cmp -s "$tmp/stty.before" "$tmp/stty.after"; echo $?)" "the terminal settings are restored after SIGINT"
T kill-server
TSOCK=$TSOCK-2     # a new server: reusing the socket at once can race its exit

cat > "$tmp/bad.lua" <<'LUA'
print("before the error")
local x = nil
x.field = 1
LUA
start --no-color --ascii "$tmp/bad.lua"
expect 'ERROR' "a scenario error puts the TUI in the ERROR state"
expect "attempt to index a nil value" "the console shows the error"
expect 'before the error' "and the output before it"
keys 'print("still here")' Enter
expect '^still here' "the console still works"
keys Escape
keys s
expect 'the scenario stopped with an error' "stepping explains why it cannot"
keys q
expect '^EXIT=1' "exit status 1 after a scenario error"
expect "warpscope: .*attempt to index a nil value" "the error is printed again after the TUI"
T kill-server
TSOCK=$TSOCK-3     # a new server: reusing the socket at once can race its exit

cat > "$tmp/nolaunch.lua" <<'LUA'
print("no kernel here")
LUA
NO_COLOR=1 start "$tmp/nolaunch.lua"
expect 'FINISHED' "a scenario without launches finishes"
expect '^no kernel here' "its output is shown"
keys Escape q
expect '^EXIT=0' "quits with status 0"
expect '^no kernel here' "its output is printed again after the TUI"
T kill-server
TSOCK=$TSOCK-4     # a new server: reusing the socket at once can race its exit

# Ctrl-C while a run is in the scenario's Lua between launches pauses the
# run at the launch that Lua reaches (it used to interrupt the scenario with
# an error when the signal fell there); a second Ctrl-C interrupts Lua that
# does not come back.
cat > "$tmp/between.lua" <<LUA
local ws = require "warpscope"
local B = require "warpscope.bfs"
local kernels = ws.data_path("scenarios/kernels/")
local g = ws.graph.grid{ width = 8 }
local gpu = ws.gpu{ quiet = true }
assert(B.topo(gpu, g, 0, kernels .. "bfs_topo.ptx"))
local f = assert(io.open("$tmp/busy", "w")); f:write("busy"); f:close()
local stop = os.clock() + (tonumber(arg[1]) or 2)
while os.clock() < stop do end
assert(B.topo(gpu, g, 0, kernels .. "bfs_topo.ptx"))
print("after the busy loop")
LUA
busy() { n=200; while [ ! -e "$tmp/busy" ] && [ $n -gt 0 ]; do sleep 0.05; n=$((n - 1)); done; sleep 0.3; }
rm -f "$tmp/busy"
start "$tmp/between.lua" 2
expect 'PAUSED +cycle 0 ' "opens for the busy scenario" 20
keys c
busy
kill -INT "$(wpid)"
expect 'interrupted: paused at the first cycle of launch [0-9]+ \(bfs_topo' "Ctrl-C in the Lua between launches pauses at the next launch" 20
expect 'PAUSED' "the run is paused"
keys c
expect 'FINISHED' "c goes on to the end"
keys 8
expect '^after the busy loop' "the scenario was not interrupted"
keys Escape q
expect '^EXIT=0' "and ends with status 0"
T kill-server
TSOCK=$TSOCK-5     # a new server: reusing the socket at once can race its exit

rm -f "$tmp/busy"
start "$tmp/between.lua" 1000000
expect 'PAUSED +cycle 0 ' "opens for the stuck scenario" 20
keys c
busy
kill -INT "$(wpid)"
sleep 0.3
kill -INT "$(wpid)"
expect 'ERROR' "a second Ctrl-C interrupts Lua that does not come back"
keys 8
expect 'interrupted \(Ctrl-C\)' "the console says so"
keys Escape q
expect '^EXIT=1' "exit status 1"
T kill-server
TSOCK=$TSOCK-6     # a new server: reusing the socket at once can race its exit

# Lua that never returns does not hold the TUI: SIGINT interrupts it and the
# session goes on; SIGTERM ends the TUI even then (it used to spin forever,
# outliving its terminal).
start
expect 'PAUSED +cycle 0 ' "opens for the endless loops" 20
cmd 'lua while true do end'
sleep 0.5
kill -INT "$(wpid)"
keys 8
expect 'interrupted \(Ctrl-C\)' "SIGINT interrupts a console loop (the console says so)"
keys Escape 1
keys s
expect 'cycle 1 ' "and the TUI goes on"
cmd 'lua while true do end'
sleep 0.5
kill -TERM "$(wpid)"
expect '^EXIT=' "SIGTERM ends the TUI in the middle of a console loop"
t_is "$(T display -p '#{alternate_on}')" 0 "the alternate screen is left"
T kill-server
TSOCK=$TSOCK-7     # a new server: reusing the socket at once can race its exit

# Ctrl-\ (SIGQUIT) and the fatal signals (SIGABRT, SIGSEGV) still end the
# program as they always do, but restore the terminal first (the shell was
# left in raw mode with -icanon -echo on the alternate screen).
for sig in QUIT ABRT SEGV; do
    start
    expect 'PAUSED +cycle 0 ' "opens for SIG$sig" 20
    if [ $sig = QUIT ]; then keys 'C-\'; else kill -$sig "$(wpid)"; fi
    expect '^EXIT=1[0-9][0-9]' "SIG$sig ends it, killed by the signal"
    sleep 0.2
    t_is "$(T display -p '#{alternate_on}')" 0 "the alternate screen is left after SIG$sig"
    t_ok "$(grep -Eq '(^| )icanon( |$)' "$tmp/stty.after" && grep -Eq '(^| )echo( |$)' "$tmp/stty.after"; echo $?)" "icanon and echo are back after SIG$sig"
    t_ok "$(cmp -s "$tmp/stty.before" "$tmp/stty.after"; echo $?)" "the terminal settings are restored after SIG$sig"
    T kill-server
    TSOCK=$TSOCK-$sig
done
t_done
