# json_gpus.sh: --json and --csv keep every gpu of a scenario (issue 37).
# Two gpus (labels "first" and the default "gpu 2", 2 and 4 SMs) run a BFS
# each: the JSON's top level is the last gpu's (the one-gpu layout), with
# "gpus" listing both, labelled, in the order they closed; the CSV has one
# section per gpu after "# gpu N: LABEL".  One gpu: no "gpus" key and no
# section line.  A launch's statistics carry the machine counts (sm.count,
# mem.channels, clocks), not their change over the launch (0).
. "$WS_SRCDIR/tests/tap.sh"
W=$WARPSCOPE
tmp=$WS_BUILDDIR/json_gpus.tmp
rm -rf "$tmp"; mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT

cat > "$tmp/run.lua" <<'LUA'
local ws = require "warpscope"
local B = require "warpscope.bfs"
local n = tonumber(arg[1])
local g = ws.graph.grid{ width = 12, height = 6, seed = 1 }
for i = 1, n do
  local gpu = ws.gpu{ quiet = true, label = i == 1 and "first" or nil, ["sm.count"] = 2 * i }
  assert(gpu.label == (i == 1 and "first" or "gpu " .. i), "gpu.label")
  B.data(gpu, g, 0, 4)
  gpu:close()
end
LUA
cat > "$tmp/check.lua" <<'LUA'
local json = require "warpscope.json"
local f = assert(io.open(arg[1]))
local d = json.decode(f:read("a"))
f:close()
local out = { "top=" .. d.stats["sm.count"].total, "launch1=" .. d.launches[1].stats["sm.count"],
              "channels1=" .. d.launches[1].stats["mem.channels"] }
for _, x in ipairs(d.gpus or {}) do
  out[#out + 1] = ("%d:%s:%d:%d"):format(x.index, x.label, x.stats.stats["sm.count"].total, #x.stats.launches)
end
print(table.concat(out, " "))
LUA

$W -b --json="$tmp/two.json" --csv="$tmp/two.csv" "$tmp/run.lua" 2 > "$tmp/out" 2>&1
t_is "$?" 0 "a scenario with two gpus runs"
n1=$($W -b "$tmp/check.lua" "$tmp/two.json" 2>&1)
t_match "$n1" '^top=4 launch1=4 channels1=6 1:first:2:[1-9][0-9]* 2:gpu 2:4:[1-9][0-9]*$' \
    "JSON: the last gpu's statistics at the top, both gpus labelled in gpus[] ($n1)"
t_is "$(grep -c '^# gpu ' "$tmp/two.csv")" 2 "CSV: two sections"
t_is "$(grep '^# gpu ' "$tmp/two.csv" | tr '\n' '|')" "# gpu 1: first|# gpu 2: gpu 2|" "... labelled, in order"
t_is "$(grep -c '^cycle,' "$tmp/two.csv")" 2 "... each with its header"

$W -b --json="$tmp/one.json" --csv="$tmp/one.csv" "$tmp/run.lua" 1 > "$tmp/out" 2>&1
t_is "$?" 0 "a scenario with one gpu runs"
n2=$($W -b "$tmp/check.lua" "$tmp/one.json" 2>&1)
t_is "$n2" "top=2 launch1=2 channels1=6" "JSON of one gpu: no gpus[]; a launch has the machine counts"
t_is "$(grep -c '"gpus"' "$tmp/one.json")" 0 "... the one-gpu layout as before"
t_is "$(grep -c '^# gpu' "$tmp/one.csv")" 0 "CSV of one gpu: no section line"
t_done
