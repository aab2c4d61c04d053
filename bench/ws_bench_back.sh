#!/bin/sh
# ws_bench_back.sh: how long stepping back takes in the TUI, and what the
# checkpoints cost in memory (issue 37's target: one step back in a run of
# one million cycles in under a second, memory bounded and reported).
#
#   sh bench/ws_bench_back.sh [WARPSCOPE [VERTICES [CHECKPOINT]]]
#
# Runs topology-driven BFS (bfs_topo.ptx, the gtx480 preset) on a uniform
# random graph (VERTICES, default 65,536: about 1.1 million cycles) in the
# TUI under tmux (needs tmux), to its end, then steps back: one cycle (u),
# 1000 cycles, 100,000 cycles, to the selected warp's previous instruction
# (U), and lists the checkpoints (:checkpoints: their private dirty pages
# and Pss from /proc/PID/smaps_rollup).  Each time is measured from the
# key to the new process's message on the screen (polled every 20 ms), with
# the replay's own time from that message.  CHECKPOINT is --checkpoint's
# value (default auto).  A measurement, not a test: nothing is asserted.
set -u
W=${1:-${WARPSCOPE:-./build/warpscope}}
N=${2:-65536}
K=${3:-auto}
command -v tmux >/dev/null 2>&1 || { echo "ws_bench_back: needs tmux" >&2; exit 1; }
[ -x "$W" ] || { echo "ws_bench_back: no warpscope at $W" >&2; exit 1; }
W=$(cd "$(dirname "$W")" && pwd)/$(basename "$W")
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws_bench_back.XXXXXX")
S=wsbb-$$
T() { tmux -L "$S" -f /dev/null "$@"; }
trap 'T kill-server 2>/dev/null; rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM HUP
cat > "$tmp/bfs.lua" <<EOF
local ws = require "warpscope"
local B = require "warpscope.bfs"
local g = ws.graph.uniform{ n = $N, min_degree = 4, max_degree = 12, seed = 1 }
local gpu = ws.gpu{}
local ok, msg, levels = B.topo(gpu, g, 0)
print(("bfs_topo: %s, %d levels, %d cycles"):format(ok and "ok" or msg, levels or 0, gpu:stats().total.cycles))
EOF
screen() { T capture-pane -p; }
now() { date +%s.%N; }
# wait_for PATTERN SECONDS: 0 when it appeared
wait_for() {
    end=$(echo "$(now) + $2" | bc)
    while [ "$(echo "$(now) < $end" | bc)" = 1 ]; do
        screen | grep -Eq -- "$1" && return 0
        sleep 0.02
    done
    return 1
}
cycle() { screen | sed -n 's/.* cycle \([0-9]*\) .*/\1/p' | head -1; }
status() { screen | grep -v '^ *$' | tail -1 | sed 's/  *? help.*//'; }
# measure LABEL KEYS...: the time from the keys to "back to cycle"
measure() {
    label=$1; shift
    T send-keys "$@"
    t0=$(now)
    if wait_for 'back to cycle [0-9]+: replayed' 60; then
        t1=$(now)
        printf '%-28s %6.3f s wall  | %s\n' "$label" "$(echo "$t1 - $t0" | bc)" "$(status)"
    else
        printf '%-28s failed: %s\n' "$label" "$(status)"
    fi
    # the next measurement waits for a new message
    T send-keys ":redraw" Enter
    sleep 0.3
}

T new-session -d -x 160 -y 40 "LANG=C.UTF-8 TERM=xterm-256color $W --checkpoint=$K $tmp/bfs.lua; sleep 60"
wait_for 'PAUSED +cycle 0 ' 60 || { echo "ws_bench_back: the TUI did not open" >&2; screen >&2; exit 1; }
t0=$(now)
T send-keys E
wait_for 'FINISHED' 600 || { echo "ws_bench_back: the run did not finish" >&2; exit 1; }
t1=$(now)
echo "warpscope: $W, --checkpoint=$K"
echo "run to the end (E): $(echo "$t1 - $t0" | bc) s"
T send-keys ":checkpoints" Enter
sleep 1
echo "after the run: $(status)"
measure "u (back 1 cycle)" u
measure "u again" u
measure "back 1000" ":back 1000" Enter
measure "back 100000" ":back 100000" Enter
T send-keys ":checkpoints" Enter
sleep 1
echo "checkpoints now: $(status)"
T send-keys ":checkpoints" Enter
sleep 1
T send-keys 8
sleep 0.5
screen | grep -E '^checkpoint [0-9]+:|^# checkpoint|checkpoint [0-9]+: cycle' | tail -30 | sed 's/^/  /'
T send-keys Escape
measure "U (back one instruction)" 1 U
