# summary_mtaml.sh: the batch summary never prints "MTAML 0 cycles" for a run
# where MTAML is undefined (a single warp: nothing to hide latency with), and
# prints the number where it is defined.
. "$WS_SRCDIR/tests/tap.sh"
W=$WARPSCOPE
tmp=$WS_BUILDDIR/summary_mtaml.tmp
rm -rf "$tmp"; mkdir -p "$tmp"
cat >"$tmp/fma.lua" <<'LUA'
local ws = require "warpscope"
local gpu = ws.gpu{}
local k = gpu:load_ptx(ws.data_path("scenarios/micro/fma.ptx")):kernel("fma8")
local n = tonumber(arg[1])
gpu:launch(k, { grid = n, block = 32 }, gpu:array("f32", 32 * n), 2)
LUA
out=$("$W" --batch "$tmp/fma.lua" 1 2>&1)
t_match "$out" "^MTAML n/a \(0\.[0-9]+ resident warps per SM on average: no other warp to hide latency with\) vs measured average memory latency [0-9]+ cycles$" "one warp: MTAML n/a"
t_is "$(printf '%s\n' "$out" | grep -c 'MTAML 0 cycles')" 0 "one warp: no 'MTAML 0 cycles'"
out=$("$W" --batch "$tmp/fma.lua" 60 2>&1)
t_match "$out" "^MTAML [1-9][0-9]* cycles vs measured average memory latency [0-9]+ cycles$" "four warps per SM: MTAML in cycles"
rm -rf "$tmp"
t_done
