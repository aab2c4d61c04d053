# tcoal_json.sh: the temporal-coalescing curve (stats.tcoal) in the stats
# JSON (a "tcoal" object at the top, over the totals, and in each launch)
# and in the summary; absent when the option is off (the default); two runs
# give byte-identical JSON.
. "$WS_SRCDIR/tests/tap.sh"
W=$WARPSCOPE
tmp=$WS_BUILDDIR/tcoal_json.tmp
rm -rf "$tmp"; mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT

cat > "$tmp/run.lua" <<'LUA'
local ws = require "warpscope"
local B = require "warpscope.bfs"
local g = ws.graph.grid{ width = 12, height = 6, seed = 1 }
local gpu = ws.gpu{ ["sm.count"] = 2, ["stats.tcoal"] = arg[1] == "on" }
B.data(gpu, g, 0, 4)
gpu:close()
LUA
cat > "$tmp/check.lua" <<'LUA'
local json = require "warpscope.json"
local f = assert(io.open(arg[1]))
local d = json.decode(f:read("a"))
f:close()
local t = d.tcoal
if not t then print("none " .. tostring(d.launches[1].tcoal)) return end
local sum = { requests = 0, loads = 0 }
for _, l in ipairs(d.launches) do
  sum.requests = sum.requests + l.tcoal.requests[1]
  sum.loads = sum.loads + l.tcoal.loads
end
local mono = true
-- (tumbling windows of W and W + 1 are not nested: only a multiple of W
-- merges at least as much; sliding windows are nested)
for w = 2, 32 do if t.sliding[w] > t.sliding[w - 1] then mono = false end end
for _, w in ipairs{ 2, 4, 8, 16, 32 } do if t.requests[w] > t.requests[w // 2] then mono = false end end
print(("%d %d %d %s %s %s %s %s"):format(#t.windows, t.windows[32], t.block_bytes,
  tostring(t.requests[1] == d.stats["tcoal.requests.1"].total), tostring(t.normalized[1] == 1),
  tostring(sum.requests == t.requests[1] and sum.loads == t.loads and t.loads > 0),
  tostring(math.abs(t.normalized[16] - t.requests[16] / t.requests[1]) < 1e-12), tostring(mono)))
LUA

$W -b --json="$tmp/on.json" "$tmp/run.lua" on > "$tmp/out" 2>&1
t_is "$?" 0 "a BFS with stats.tcoal=true runs"
t_is "$($W -b "$tmp/check.lua" "$tmp/on.json" 2>&1)" "32 32 128 true true true true true" \
    "JSON: tcoal has 32 windows, 128-byte blocks, requests as tcoal.requests.1, normalized to W=1, launches summing to the totals, requests falling as W doubles (sliding: as W grows)"
t_match "$(grep '^temporal coalescing' "$tmp/out")" \
    '^temporal coalescing \([0-9]+ warp loads, [0-9]+ lane accesses\): [0-9]+ requests at W=1; normalized W=2 [0-9.]+ W=4 [0-9.]+ W=8 [0-9.]+ W=16 [0-9.]+ W=32 [0-9.]+ \(sliding W=16 [0-9.]+\)$' \
    "the summary has the curve's line"
$W -b --json="$tmp/on2.json" "$tmp/run.lua" on > "$tmp/out2" 2>&1
cmp -s "$tmp/on.json" "$tmp/on2.json"
t_ok $? "two runs: byte-identical JSON"
$W -b --json="$tmp/off.json" "$tmp/run.lua" off > "$tmp/outoff" 2>&1
t_is "$?" 0 "the same run with stats.tcoal off"
t_is "$($W -b "$tmp/check.lua" "$tmp/off.json" 2>&1)" "none nil" "off: no tcoal in the JSON, nor in its launches"
t_is "$(grep -c 'tcoal' "$tmp/off.json")" 2 "off: only the options (stats.tcoal, stats.tcoal.array) name tcoal in the JSON"
t_is "$(grep -c '^temporal coalescing' "$tmp/outoff")" 0 "off: no summary line"
t_done
