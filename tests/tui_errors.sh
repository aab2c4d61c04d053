# Launches that stop with an error in the TUI.
# A deadlock: the status line says so in one line, the console holds the
# whole diagnosis (the error carries only its first 1024 bytes), and the
# first warp it lists is selected in the warp views.  split_barrier
# (scenarios/micro/deadlock.cu) on 90 CTAs of 8 warps: every warp waits at
# a barrier, 720 of them in 180 lines of the diagnosis, which lists the
# first 64 and counts the rest.
# A fault: the error in the status line and the console, and the warp that
# faulted selected, so that the source view shows its line.
. "$WS_SRCDIR/tests/tui_lib.sh"

cat > "$tmp/dl.lua" <<'EOF2'
local ws = require "warpscope"
local gpu = ws.gpu{ ["run.deadlock"] = 2000 }
local k = gpu:load_ptx(ws.datadir .. "/scenarios/micro/deadlock.ptx"):kernel("split_barrier")
local out = gpu:array("i32", 256 * 90, { name = "out" })
gpu:launch(k, { grid = 90, block = 256 }, out)
EOF2
start --datadir "$WS_SRCDIR" "$tmp/dl.lua"
expect 'PAUSED +cycle 0 ' "the launch opens paused" 20
cmd sm 3
cmd warp 5
expect 'PAUSED .* SM 3 warp 5$' "SM 3's warp slot 5 is selected"
keys c
expect 'deadlock at cycle [0-9]+: the diagnosis is in the console \(view 8\); SM 0 warp slot 0, the first' \
       "the status line reports the deadlock in one line" 20
expect 'ERROR .* SM 0 warp 0 ' "the first warp the diagnosis lists is selected"
keys 8
expect '^  \.\.\. and 464 more warp\(s\)' "the console ends with the whole diagnosis"
if screen | grep -q 'the diagnosis goes on'; then
    t_ok 1 "the console has the diagnosis, not the error's cut copy"
else
    t_ok 0 "the console has the diagnosis, not the error's cut copy"
fi
# the console keeps all of it: 64 lines after the error's first line
keys "n = 0; for _ in gpu:diagnosis():gmatch('\\n') do n = n + 1 end; print('lines', n)" Enter
expect '^lines 65' "gpu:diagnosis() in the console: 64 warp lines and the count of the others"
# (the diagnosis lines wrap: each warp group also names its barrier id since #38)
keys PPage PPage PPage PPage PPage PPage PPage PPage PPage PPage PPage PPage PPage PPage PPage PPage
expect "^deadlock in kernel 'split_barrier' at cycle [0-9]+: nothing made progress for 2001 cycles" \
       "PgUp shows the error's first line above the diagnosis"
keys Tab
keys q
expect '^EXIT=1' "q quits with status 1 (the scenario failed)"
T kill-server 2>/dev/null

# gather(a, 7, out) reads past the end of a's 1024 words in several warps;
# which one issues its load first depends on the timing: on gtx480 (with
# the L1 instruction cache and latency queue of stop 28) warp 4 of CTA 0.
cat > "$tmp/oob.lua" <<'EOF2'
local ws = require "warpscope"
local gpu = ws.gpu{}
local k = gpu:load_ptx(ws.datadir .. "/scenarios/micro/coalesce.ptx"):kernel("gather")
local a = gpu:array("i32", 1024, { name = "a" })
local out = gpu:array("i32", 1024, { name = "out" })
gpu:launch(k, { grid = 4, block = 256 }, a, 7, out)
EOF2
TSOCK=$TSOCK-2
start --datadir "$WS_SRCDIR" "$tmp/oob.lua"
expect 'PAUSED +cycle 0 ' "the faulting launch opens paused" 20
keys c
expect '^ coalesce.ptx:40: out-of-bounds global load of 4 bytes at 0x[0-9a-f]+ in kernel .gather., CTA \(0' \
       "the status line shows the fault (the PTX file without its directory)" 20
expect 'ERROR .* SM [0-9]+ warp [0-9]+ \(CTA 0 w4\)' "the warp that faulted (CTA 0, warp 4) is selected"
keys 8
expect '^SM [0-9]+ warp slot [0-9]+, the warp that faulted \(CTA \(0,0,0\) warp 4\), is selected' \
       "the console says which warp is selected"
keys Tab 7
expect '^ +[0-9]*> +40 .*ld\.global\.u32' "the source view points at its line, 40"
keys q
expect '^EXIT=1' "q quits with status 1"
t_done
