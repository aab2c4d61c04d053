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
t_done
