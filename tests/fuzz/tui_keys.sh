#!/bin/bash
# tui_keys.sh: random keys, commands, console lines and window sizes against
# the interface (a sanitizer build), one tmux session per seed.
#
#   tests/fuzz/tui_keys.sh FIRST LAST [ACTIONS]
#
# Environment: WARPSCOPE (the binary; default build-san/warpscope: configure
# a build directory with --enable-sanitizers), OUT (default
# /tmp/ws-tui-fuzz), SCENARIOS (scenario files to pick from, relative to
# scenarios/, space-separated; default: the shipped scenarios but the long
# prefetch comparison).  Each seed picks a shipped scenario, sends ACTIONS
# (default 300) random actions, then quits.  A finding is a sanitizer
# report, an exit by a signal, or a TUI that does not end when asked: the
# seed's folder keeps the log, the last screen and the sanitizer output
# (with KEEP=1 in the environment every seed's folder is kept),
# and its line in OUT/summary says FINDING.  The same seed sends the same
# actions (the timing of the run against them varies).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
W=${WARPSCOPE:-$top/build-san/warpscope}
out=${OUT:-/tmp/ws-tui-fuzz}
first=${1:?usage: tui_keys.sh FIRST LAST [ACTIONS]}
last=${2:?usage: tui_keys.sh FIRST LAST [ACTIONS]}
n=${3:-300}
command -v tmux >/dev/null 2>&1 || { echo "tui_keys.sh: tmux is not installed" >&2; exit 2; }
[ -x "$W" ] || { echo "tui_keys.sh: no binary '$W' (set WARPSCOPE)" >&2; exit 2; }
mkdir -p "$out"

if [ -n "${SCENARIOS:-}" ]; then
    read -r -a scen <<< "$SCENARIOS"
else
    scen=(bfs_topo.lua bfs_data.lua pagerank.lua lua_prefetcher.lua default.lua isa_exercise.lua bfs_warp.lua)
fi
keys=(space s Enter n i c p r R E b B Tab BTab 1 2 3 4 5 6 7 8 '<' '>' '[' ']' f g G + - '?' F1 C-l
      j k h l Up Down Left Right PageUp PageDown Home End Escape x y z 0 9 BSpace e /)
cmds=("step" "step 0" "step 100" "step -1" "step 99999999999999999999" "stepn" "stepn 7" "stepwarp"
      "continue" "pause" "run kernel" "run launch" "run 50" "run end" "run" "run x" "speed max" "speed 1"
      "speed 0" "speed -5" "speed +" "break" "break pc 3" "break line 40" "break warp" "break issue"
      "break cycle +20" "break cycle 5" "break stall long_scoreboard" "break stall bogus" "break mshr_full"
      "break throttle" "break prefetch 0x1000 64" "break pc 99999 sm 99" "break line 1 sm 0 warp 0 3 once"
      "delete all" "delete 1 2 3" "delete 999" "breakpoints" "view warps" "view caches" "view nope"
      "view memory" "view prefetch" "view source" "view console" "view stalls" "view warp" "sm 3" "sm 999"
      "sm -1" "warp 5" "warp 0 0" "warp 99999" "lane 31" "lane 32" "lane -3" "follow" "search ld"
      "search ^(" "search" "help" "color off" "color on" "repeat" "bogus" "" "quit-not")
lua=("print(1)" "error('x')" "gpu:step(3)" "for i = 1, 1e5 do end" "ws.gpu{ preset = 'gtx480' }:close()"
     "collectgarbage()" "local g = ws.gpu{} g:close() g:close()" "tui.cmd('step 5')" "tui.cmd('view 99')"
     "print(gpu:stats().total.cycles)" "gpu:close()" "x = ws.graph.rmat{ scale = 4 }" "return 1, nil, {}"
     "print(('x'):rep(5000))" "tui.cmd('quit-not')")

for ((seed = first; seed <= last; seed++)); do
    RANDOM=$seed
    d=$out/s$seed
    rm -rf "$d"
    mkdir -p "$d"
    sock=ws-tui-fuzz-$$-$seed
    T() { tmux -L "$sock" -f /dev/null "$@"; }
    sc=${scen[$((RANDOM % ${#scen[@]}))]}
    cat > "$d/run.sh" <<EOF
cd "$top/scenarios"
ASAN_OPTIONS=log_path=$d/asan:allocator_may_return_null=1 UBSAN_OPTIONS=log_path=$d/ubsan:print_stacktrace=1 \
LANG=C.UTF-8 TERM=xterm-256color timeout --foreground 900 "$W" $sc 2> "$d/err"
echo "\$?" > "$d/exit"
exec sleep 900
EOF
    T new-session -d -x 120 -y 40 "bash '$d/run.sh'"
    sleep 1.5
    for ((a = 0; a < n; a++)); do
        [ -f "$d/exit" ] && break
        r=$((RANDOM % 100))
        if [ $r -lt 50 ]; then
            T send-keys "${keys[$((RANDOM % ${#keys[@]}))]}"
        elif [ $r -lt 75 ]; then
            T send-keys Escape
            T send-keys ":${cmds[$((RANDOM % ${#cmds[@]}))]}" Enter
        elif [ $r -lt 85 ]; then
            T send-keys Escape
            T send-keys ":lua ${lua[$((RANDOM % ${#lua[@]}))]}" Enter
        elif [ $r -lt 95 ]; then
            T resize-window -x $((RANDOM % 200 + 1)) -y $((RANDOM % 70 + 1)) 2>/dev/null
        else
            sleep 0.3
        fi
        sleep 0.0$((RANDOM % 5))
    done
    # quit: Escape out of a prompt or overlay, then :quit and q
    for k in 1 2 3 4 5 6; do
        [ -f "$d/exit" ] && break
        T send-keys Escape; sleep 0.2; T send-keys Escape
        T send-keys ":quit" Enter; sleep 0.3; T send-keys q
        for j in 1 2 3 4 5 6 7 8 9 10; do [ -f "$d/exit" ] && break; sleep 0.5; done
    done
    T capture-pane -p > "$d/screen" 2>/dev/null
    T kill-server 2>/dev/null
    ex=$(cat "$d/exit" 2>/dev/null)
    why=
    [ -z "$ex" ] && why="did not end when asked"
    [ -n "$ex" ] && [ "$ex" -ge 128 ] && why="ended by signal $((ex - 128))"
    ls "$d"/asan* "$d"/ubsan* >/dev/null 2>&1 && why="sanitizer report"
    grep -q "runtime error\|AddressSanitizer\|LeakSanitizer" "$d/err" 2>/dev/null && why="sanitizer report"
    if [ -n "$why" ]; then
        echo "seed $seed ($sc, $a actions): FINDING: $why ($d)" | tee -a "$out/summary"
    else
        echo "seed $seed ($sc, $a actions): exit $ex" >> "$out/summary"
        [ -n "${KEEP:-}" ] || rm -rf "$d"
    fi
done
