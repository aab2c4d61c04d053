# tui_explain.sh: `?` says what the numbers are (issue 37).  In each view
# the help begins with that view's columns, units and denominators (the
# stall view's three panels and their three denominators); the caches view
# gives hits, pending hits and misses as shares of the accepted accesses
# that add to 100%; the prefetch view says what the MT throttle's state
# means instead of "degree 5 state no prefetch"; the source view says
# whose counts it shows.  (Also the request timeline's m key: to the
# request an MSHR merge waits for.)
. "$WS_SRCDIR/tests/tui_lib.sh"
gone() {    # gone PATTERN: poll until PATTERN leaves the screen (5 s at most)
    n=100
    while [ $n -gt 0 ] && screen | grep -Eq -- "$1"; do sleep 0.05; n=$((n - 1)); done
    [ $n -gt 0 ]
}

cat > "$tmp/k.lua" <<'LUA'
local ws = require "warpscope"
-- 8 warps each load a line of their own, twice (hits the second time)
local PTX = [[
.version 7.0
.target sm_75
.address_size 64
.visible .entry k(.param .u64 a, .param .u64 out)
{
  .reg .b32 %r<6>;
  .reg .b64 %rd<6>;
  ld.param.u64 %rd1, [a];
  ld.param.u64 %rd2, [out];
  mov.u32 %r3, %tid.x;
  mul.wide.u32 %rd3, %r3, 4;
  add.s64 %rd4, %rd1, %rd3;
  ld.global.u32 %r1, [%rd4];
  ld.global.u32 %r4, [%rd4];
  add.u32 %r2, %r1, %r4;
  add.s64 %rd5, %rd2, %rd3;
  st.global.u32 [%rd5], %r2;
  ret;
}
]]
local gpu = ws.gpu{ ["sm.count"] = 1, ["mem.copy_to_l2"] = false, ["pf.policy"] = "stride",
                    ["throttle.policy"] = "mt", ["throttle.degree0"] = 5 }
local k = gpu:load_ptx_text(PTX, "k.ptx"):kernel("k")
local a = gpu:array("u32", 256, { name = "vals", fill = 1 })
local out = gpu:array("u32", 256, { name = "out", fill = 0 })
gpu:launch(k, { grid = 1, block = 256 }, a, out)
print("out", out[0])
LUA

start --datadir "$WS_SRCDIR" "$tmp/k.lua"
expect 'PAUSED +cycle 0 ' "opens paused at cycle 0" 20
cmd run 700
expect 'PAUSED +cycle 700 ' "ran 700 cycles"

keys 1
keys '?'
expect 'THIS VIEW \(Warps\): what the numbers are, their units and denominators' "warps: ? begins with the view's numbers"
expect 'L1D hit: hits / accesses the SM.s L1D accepted in this launch' "warps: the L1D hit's denominator"
keys x

keys 3
keys '?'
expect 'THIS VIEW \(Stalls\)' "stalls: ? explains the view"
expect 'Three panels, three denominators' "stalls: says the panels have three denominators"
expect 'over all warp-cycles of the GPU or of that SM' "stalls: bars: warp-cycles"
expect 'SM.s scheduler-cycles' "stalls: right columns: scheduler cycles"
expect 'non-idle warp-cycles of each sample' "stalls: over time: each sample's non-idle warp-cycles"
keys x
expect 'Stall reasons: share of warp-slot cycles, every launch' "the view's title says its denominator and span"
expect '% of scheduler cycles' "the per-SM section says the right columns are % of scheduler cycles"
expect "shares of each sample's non-idle warp-cycles" "the over-time section says its denominator"

keys 4
keys '?'
expect 'THIS VIEW \(Caches\)' "caches: ? explains the view"
expect 'shares add to 100% of those accesses' "caches: hits, pending hits and misses add to 100%"
keys x
gone 'THIS VIEW'
line=$(screen | grep -E '^hits [0-9.KMG]+ \(' | head -1)
t_match "$line" '^hits [0-9.KMG]+ \([0-9]+\.[0-9]%\)  pending hits [0-9.KMG]+ \([0-9]+\.[0-9]%\)  misses [0-9.KMG]+ \([0-9]+\.[0-9]%\)' \
    "the L1D line gives each count with its share: $line"
sum=$(printf '%s\n' "$line" | sed 's/[^(]*(\([0-9.]*\)%)[^(]*(\([0-9.]*\)%)[^(]*(\([0-9.]*\)%).*/\1 \2 \3/' |
      awk '{ printf "%.1f", $1 + $2 + $3 }')
t_is "$sum" "100.0" "the three shares add to 100.0%"
l2=$(screen | grep -E 'h/p/m' | head -1)
t_match "$l2" 'h/p/m +[0-9]+\.[0-9]/[0-9]+\.[0-9]/[0-9]+\.[0-9]%' "L2 slices: hit/pending/miss shares: $l2"

keys 5
expect 'throttle mt: no prefetch \(drops 5 of every 5 prefetches\)' "prefetch: the throttle's state with what its degree means"
t_is "$(screen | grep -c 'degree 5 state')" 0 "prefetch: no 'degree 5 state no prefetch'"
keys '?'
expect 'THIS VIEW \(Prefetch\)' "prefetch: ? explains the view"
expect 'accuracy = \(useful \+ late\) / issued' "prefetch: accuracy's definition"
expect 'drop 5/5 \(no' "prefetch: what the throttle's state means"
keys x

keys 7
expect 'counts: every SM and warp, launch 1; W: SM 0' "source: says whose counts it shows"
keys '?'
expect 'THIS VIEW \(Source\)' "source: ? explains the view"
keys x

keys 6
keys '?'
expect 'THIS VIEW \(Memory\)' "memory: ? explains the view"
keys x
keys 2
keys '?'
expect 'THIS VIEW \(Warp\)' "warp: ? explains the view"
keys x
# the timeline: warp 0's second load (line 14) merged into its first (line 13)
keys t
expect 'request [0-9]+: its life' "t: the first request warp 0 waits for"
ra=$(screen | sed -n 's/.*request \([0-9]*\): its life.*/\1/p' | head -1)
expect 'PTX line 13' "... its load on line 13"
keys j
expect 'PTX line 14' "down: the next request in flight, the load on line 14"
expect "L1 MSHR .*merged into request $ra" "... which waits in the L1 MSHR, merged into request $ra"
keys m
expect "request $ra: its life" "m: the request it merged into"
keys x

keys c
expect 'the scenario has finished' "the run finishes" 20
keys q
expect 'EXIT=0' "q quits"
t_done
