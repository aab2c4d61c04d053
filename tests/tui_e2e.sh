# The TUI end to end under tmux: the default scenario (BFS) opens paused at
# its first launch; steps move the clock, a warp steps to its next
# instruction, a BFS load leaves a warp in long_scoreboard, every view opens,
# a breakpoint is set and hit, a bad Lua line shows its error in the console,
# resizing redraws (and a tiny terminal says so), the run completes, q quits
# and the terminal settings are as before.
. "$WS_SRCDIR/tests/tui_lib.sh"

start
expect 'PAUSED +cycle 0 ' "opens paused at cycle 0 of the first launch" 20
expect 'launch 1: bfs_data' "the header names the launch and kernel"
expect '1 Warps .*8 Console' "the view tabs are shown"

keys s
expect 'cycle 1 ' "s steps one cycle"
keys Space
expect 'cycle 2 ' "space steps one cycle"
cmd step 98
expect 'cycle 100 ' ":step 98 steps 98 cycles"
keys 6
keys Enter
expect 'cycle 198 ' "Enter repeats the last step (in a view that does not select with it)"
keys 1
cmd step 400
expect 'cycle 598 ' "step 400"

# The selected warp (SM 0 slot 0) steps to its next instruction.
pc_of_selected() { screen | awk '$1 == ">" && $2 ~ /^[0-9]+$/ { print $5; exit }'; }
pc0=$(pc_of_selected)
keys i
expect 'warp stepped: SM 0 slot 0 now at line' "i steps the selected warp"
pc1=$(pc_of_selected)
t_ok "$([ -n "$pc0" ] && [ -n "$pc1" ] && [ "$pc1" -gt "$pc0" ]; echo $?)" "its PC advanced ($pc0 -> $pc1)"

# Some warp waits on a load: long_scoreboard in the warps view.
n=0
while ! screen | grep -q 'long_scoreboard' && [ $n -lt 40 ]; do cmd step 20; sleep 0.1; n=$((n + 1)); done
expect '^>? +[0-9]+ +[0-9]+ .*long_scoreboard' "a BFS warp waits in long_scoreboard"

# Every view, by number and by Tab.
for v in "2:SM 0 slot [0-9]+: warp" "3:Stall reasons" "4:L1D of SM 0" "5:Prefetching of SM 0" \
         "6:DRAM channels" "7:kernel bfs_data" "1:slot +warp +CTA" "8:Lua console"; do
    keys "${v%%:*}"
    expect "${v#*:}" "view ${v%%:*} shows '${v#*:}'"
done
keys Tab
expect 'slot +warp +CTA' "Tab goes from the console to the first view"
keys Tab
expect 'SM 0 slot [0-9]+: warp' "Tab goes to the next view (warp)"
keys BTab
expect 'slot +warp +CTA' "Shift-Tab goes back (warps)"

# Help overlay lists keys and commands.
keys '?'
expect 'warpscope help' "? opens the help"
expect 'stepwarp' "the help lists the commands"
keys x
wait_for 'slot +warp +CTA' 5

# A breakpoint on the selected warp's line: b toggles it, c runs to it.
keys b
expect 'breakpoint [0-9]+: line [0-9]+' "b sets a breakpoint on the selected warp's line"
keys c
expect 'breakpoint [0-9]+: .*SM [0-9]+ .*line [0-9]+' "c runs until the breakpoint hits" 20
expect 'PAUSED' "paused at the breakpoint"
cmd delete all
cmd break cycle +50
expect 'breakpoint [0-9]+: cycle' ":break cycle +50"
c0=$(cycle)
keys c
expect "cycle $((c0 + 50)) " "the cycle breakpoint stops exactly 50 cycles on" 20
cmd delete all

# A bad command and a bad Lua line.
cmd frobnicate
expect "unknown command 'frobnicate'" "an unknown command shows an error"
keys 8
keys 'x = = 1' Enter
expect "console:1: unexpected symbol near '='" "a bad Lua line shows its error in the console"
keys 'print(6 * 7)' Enter
expect '^42$' "the console runs Lua (print goes to the log)"
keys 'gpu ~= nil and tui.state()' Enter
expect '^paused' "globals gpu and tui are set"
keys 'tui.cmd("step 5")' Enter
expect '^true' "tui.cmd runs a command"
keys Tab

# Resizing redraws; a tiny terminal gets a message.
T resize-window -x 100 -y 30
expect '1 Warps .*8 Console' "redrawn at 100x30"
t_is "$(screen | wc -l | tr -d ' ')" 30 "the screen has 30 rows"
T resize-window -x 60 -y 20
expect 'terminal too small: 60x20, need 80x24 \(q quits\)' "a tiny terminal gets a clear message"
T resize-window -x 120 -y 40
expect '1 Warps .*8 Console' "redrawn at 120x40"

# Run to the end of the scenario.
keys E
expect 'FINISHED' "E runs the scenario to its end" 40
keys 8
expect 'matches the CPU reference' "the scenario's output is in the console"
keys Escape
sleep 0.3
keys q
expect '^EXIT=0' "q quits with status 0"
t_is "$(T display -p '#{alternate_on}')" 0 "the alternate screen is left"
wait_for 'EXIT' 2
sleep 0.2
t_ok "$(cmp -s "$tmp/stty.before" "$tmp/stty.after"; echo $?)" "the terminal settings are restored"
expect 'warpscope summary' "the summary is printed on the real standard output"
t_done
