# Ctrl-C during a long simulation typed in the TUI's Lua console (a
# gpu:launch running in C, which no Lua hook sees): the launch stops at the
# next slice, the console says so, and the TUI goes on working.
. "$WS_SRCDIR/tests/tui_lib.sh"

cat > "$tmp/spin.lua" <<'LUA'
local ws = require "warpscope"
print("ready")
function long()
  local g = ws.gpu{ quiet = true }
  spin_gpu = g
  local k = g:load_ptx_text([[
.version 7.0
.target sm_70
.address_size 64
.visible .entry spin(.param .u32 n)
{
	.reg .pred 	%p<2>;
	.reg .b32 	%r<3>;
	ld.param.u32 	%r1, [n];
	mov.u32 	%r2, 0;
L:
	add.u32 	%r2, %r2, 1;
	setp.lt.u32 	%p1, %r2, %r1;
	@%p1 bra 	L;
	ret;
}
]], "spin.ptx"):kernel("spin")
  g:launch(k, { grid = 1, block = 32 }, 2000000000)
  return "finished"
end
LUA
start --no-color "$tmp/spin.lua"
expect 'FINISHED' "the scenario without launches finishes" 20
expect '^ready' "the console shows its output"
keys 'long()' Enter
sleep 1
t_is "$(screen | grep -c 'interrupted at cycle')" 0 "the launch runs"
keys C-c
# (the message wraps where the script's path makes it, which depends on
# the build directory: match each part, then the joined screen)
expect "spin.lua:23: interrupted at cycle [0-9]+ " "Ctrl-C stops it with a message in the console naming the script's line"
expect "the launch of" "... and that the launch"
t_match "$(screen | tr -d '\n' | tr -s ' ')" "the launch of 'spin' is ?s ?t ?i ?l ?l ?a ?c ?t ?i ?v ?e" "... is still active"
keys 'print("still here", spin_gpu.cycle > 0)' Enter
expect '^still here +true' "the console still works, the gpu moved"
keys 'long()' Enter
sleep 1
kill -INT "$(pgrep -f "^$W" -P "$(T display -p '#{pane_pid}')" | head -1)"
n=100
while [ $n -gt 0 ] && [ "$(screen | grep -c 'interrupted at cycle')" -lt 2 ]; do sleep 0.1; n=$((n - 1)); done
t_is "$(screen | grep -c "spin.lua:23: interrupted at cycle [0-9]* ")" 2 "a SIGINT stops the next one too"
keys Escape q
expect '^EXIT=0' "the TUI quits normally afterwards (status 0)"
T kill-server
t_done
