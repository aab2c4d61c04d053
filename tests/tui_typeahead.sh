# Ctrl-C interrupts console Lua that never returns even when more has been
# typed meanwhile than the terminal's input queue holds (4 KB on Linux): the
# queue was full, so the line discipline never saw the ^C behind it and the
# TUI spun forever (#38 item 2).
. "$WS_SRCDIR/tests/tui_lib.sh"

wpid() { pgrep -f "^$W" -P "$(T display -p '#{pane_pid}')" | head -1; }

start
expect 'PAUSED +cycle 0 ' "opens" 20
cmd 'lua while true do end'
sleep 0.3
keys -l "$(head -c 5000 /dev/zero | tr '\0' x)"
sleep 0.3
keys C-c
keys 8
expect 'interrupted \(Ctrl-C\)' "Ctrl-C behind 5,000 typed characters interrupts a console loop" 10
keys Escape 1
keys s
expect 'cycle 1 ' "and the TUI goes on"
p=$(wpid)
t_ok "$([ -n "$p" ] && [ "$(ps -o stat= -p "$p" | cut -c1)" != R ]; echo $?)" "the loop has ended (warpscope is not running on the CPU)"
# (not EXIT=: once the pane's shell, which the Ctrl-C reached too, left
# when warpscope did; tui_lib.sh's shell now ignores it)
keys q
n=100; while kill -0 "$p" 2>/dev/null && [ $n -gt 0 ]; do sleep 0.1; n=$((n - 1)); done
t_ok "$(kill -0 "$p" 2>/dev/null && echo 1 || echo 0)" "q quits"
t_done
