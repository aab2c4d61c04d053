# The MFF Fig. 5 experiment (scenarios/experiments/mff-fig5.lua), quick
# variant: it runs (PageRank's ranks equal the CPU reference and every
# invariant holds, or the exit status is not 0), prints its table and the
# paper's claims, writes a JSON file exp_check.lua accepts, and its numbers
# agree with their definitions: every W normalised to W=1, C's and V's
# loads one for one, requests at W=1 at most the lane accesses.  Quick runs
# use generated graphs: ../shared is not needed.
. "$WS_SRCDIR/tests/tap.sh"
W=$WARPSCOPE
X=$WS_SRCDIR/scenarios/experiments
tmp=$WS_BUILDDIR/exp_mff.tmp
rm -rf "$tmp"; mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT

id=mff-fig5
out=$($W --batch "$X/$id.lua" --quick --out "$tmp" 2>"$tmp/$id.err"); rc=$?
t_is "$rc" 0 "$id --quick exits 0"
[ $rc -eq 0 ] || sed 's/^/#   /' "$tmp/$id.err" | tail -5
t_match "$out" "^graph +as +stream +loads +req W=1 +W=2 +W=4 +W=8 +W=16 +W=32 +sl16 +V1n16 +paper" "$id prints its table"
t_match "$out" "the paper's claims here:" "$id prints the paper's claims"
t_match "$out" "invariants: [0-9]+ checked, all hold" "$id: every invariant holds (ranks exact)"
chk=$($W --batch "$WS_SRCDIR/tests/exp_check.lua" "$tmp/$id.json" 18 2>&1); rc=$?
t_is "$rc" 0 "$id: exp_check accepts $id.json (6 graphs x 3 streams)"
[ $rc -eq 0 ] || printf '%s\n' "$chk" | sed 's/^/#   /'
t_is "$(($(wc -l <"$tmp/$id.csv") - 1))" 18 "$id.csv has 18 rows"
cat > "$tmp/check.lua" <<'LUA'
local json = require "warpscope.json"
local f = assert(io.open(arg[1]))
local r = json.decode(f:read("a"))
f:close()
local bad = {}
local v1 = {}
for _, row in ipairs(r.rows) do if row.stream == "V" then v1[row.graph] = row.requests[1] end end
for _, row in ipairs(r.rows) do
  local tag = row.graph .. "/" .. row.stream
  if #row.curve ~= 32 or #row.requests ~= 32 or #row.sliding ~= 32 then bad[#bad + 1] = tag .. " curves of 32" end
  for w = 1, 32 do
    if math.abs(row.curve[w] - row.requests[w] / row.requests[1]) > 1e-12 then bad[#bad + 1] = tag .. " curve" break end
  end
  if math.abs(row.n16 - row.curve[16]) > 1e-12 then bad[#bad + 1] = tag .. " n16" end
  if math.abs(row.vn16 - row.requests[16] / v1[row.graph]) > 1e-12 then bad[#bad + 1] = tag .. " vn16" end
  if row.req1 > row.lanes then bad[#bad + 1] = tag .. " req1 > lanes" end
  if (row.paper16 ~= nil) ~= (row.graph == "AMZ" and row.stream == "V") then bad[#bad + 1] = tag .. " paper" end
end
print(#bad == 0 and "ok" or table.concat(bad, ", "))
LUA
t_is "$($W --batch "$tmp/check.lua" "$tmp/$id.json" 2>&1)" ok \
    "$id: curves normalised to W=1, V1n16 to V's W=1, req W=1 <= lane accesses, the paper's value on AMZ V only"
t_match "$(cat "$tmp/$id.err")" "AMZ PR V \\(contrib\\) loads:" "$id: the runs are named"

out=$($W --batch "$X/$id.lua" --quick --no-files GRQC 2>&1); rc=$?
t_is "$rc" 0 "$id on GRQC"
t_is "$(printf '%s\n' "$out" | grep -Ec '^GRQC ')" 3 "$id on GRQC: 3 rows"
out=$($W --batch "$X/$id.lua" --quick --no-files XX 2>&1); rc=$?
t_is "$rc" 1 "$id refuses an unknown graph"
t_match "$out" "unknown graph 'XX'" "... and names it"
# Figs. 8-10 (mff-fig8-10.lua), quick: every graph, PR, BFS, SSSP and WCC,
# baseline and MFF; every run's result equals the CPU reference inside the
# experiment (an invariant), so exit 0 means all 48 runs were exact.
id=mff-fig8-10
out=$($W --batch "$X/$id.lua" --quick --out "$tmp" 2>"$tmp/$id.err"); rc=$?
t_is "$rc" 0 "$id --quick exits 0"
[ $rc -eq 0 ] || sed 's/^/#   /' "$tmp/$id.err" | tail -5
t_match "$out" "^graph +algo +steps +cyc base +cyc MFF +speedup +E ratio +traffic% +icstall% +coal +mff% +P base +P MFF +core% +noc% +dram%" "$id prints its table"
t_match "$out" "invariants: [0-9]+ checked, all hold" "$id: every invariant holds (results exact)"
t_match "$out" "\\[(holds|DIFFERS)\\] Fig. 9: DRAM power up with the MFF" "$id: Fig. 9's claims"
chk=$($W --batch "$WS_SRCDIR/tests/exp_check.lua" "$tmp/$id.json" 24 2>&1); rc=$?
t_is "$rc" 0 "$id: exp_check accepts $id.json (6 graphs x 4 algorithms)"
[ $rc -eq 0 ] || printf '%s\n' "$chk" | sed 's/^/#   /'
t_is "$(grep -c 'kernel output matches the CPU reference' "$tmp/$id.json" || true)" 0 \
    "$id: no failed reference check is recorded"
cat > "$tmp/check8.lua" <<'LUA'
local json = require "warpscope.json"
local f = assert(io.open(arg[1]))
local r = json.decode(f:read("a"))
f:close()
local bad, n = {}, 0
local function near(a, b) return a ~= nil and b ~= nil and math.abs(a - b) <= 1e-9 * math.max(1, math.abs(b)) end
for _, row in ipairs(r.rows) do
  n = n + 1
  local tag = row.graph .. "/" .. row.algo
  local b, m = row.base, row.mff
  if not (b and m) then bad[#bad + 1] = tag .. " counters" goto next end
  if row.cyc_base ~= b.cycles or row.cyc_mff ~= m.cycles then bad[#bad + 1] = tag .. " cycles" end
  if not near(row.speedup, b.cycles / m.cycles) then bad[#bad + 1] = tag .. " speedup" end
  if not near(row.energy, m["energy.total"] / b["energy.total"]) then bad[#bad + 1] = tag .. " energy" end
  local tb = b["dram.bytes_read"] + b["dram.bytes_written"]
  local tm = m["dram.bytes_read"] + m["dram.bytes_written"]
  if tb > 0 and not near(row.traffic, 100 * (tm / tb - 1)) then bad[#bad + 1] = tag .. " traffic" end
  if not near(row.coal, m["mff.coalesced"] / m["mff.lookups"]) then bad[#bad + 1] = tag .. " coal" end
  if (m["mff.commands"] or 0) == 0 or (b["mff.commands"] or 0) ~= 0 then bad[#bad + 1] = tag .. " commands" end
  for _, k in ipairs { "core", "noc", "caches", "dram", "mff", "static", "total" } do
    if type(row.power_base[k]) ~= "number" or type(row.power_mff[k]) ~= "number" then bad[#bad + 1] = tag .. " power." .. k end
  end
  local s = row.power_mff.core + row.power_mff.noc + row.power_mff.caches + row.power_mff.dram + row.power_mff.mff
    + row.power_mff.static
  if not near(s, row.power_mff.total) then bad[#bad + 1] = tag .. " power adds up" end
  if row.power_base.mff ~= 0 then bad[#bad + 1] = tag .. " baseline has no MFF power" end
  if row.steps < 1 then bad[#bad + 1] = tag .. " steps" end
  ::next::
end
print(n == 24 and #bad == 0 and "ok" or (n .. " rows: " .. table.concat(bad, ", ")))
LUA
t_is "$($W --batch "$tmp/check8.lua" "$tmp/$id.json" 2>&1)" ok \
    "$id: speedup, energy, traffic, coalescing from the computation stage's counters; power by component adds up"
t_match "$(cat "$tmp/$id.err")" "AMZ SSSP MFF:" "$id: the runs are named"

# The larger-cache comparison (mff-cache.lua), quick, on one graph.
id=mff-cache
out=$($W --batch "$X/$id.lua" --quick --out "$tmp" DBLP PR,BFS,SSSP,WCC 2>"$tmp/$id.err"); rc=$?
t_is "$rc" 0 "$id --quick DBLP, every algorithm, exits 0"
[ $rc -eq 0 ] || sed 's/^/#   /' "$tmp/$id.err" | tail -5
t_match "$out" "invariants: [0-9]+ checked, all hold" "$id: every invariant holds (results exact)"
chk=$($W --batch "$WS_SRCDIR/tests/exp_check.lua" "$tmp/$id.json" 40 2>&1); rc=$?
t_is "$rc" 0 "$id: exp_check accepts $id.json (4 algorithms x 10 configurations)"
[ $rc -eq 0 ] || printf '%s\n' "$chk" | sed 's/^/#   /'
cat > "$tmp/checkc.lua" <<'LUA'
local json = require "warpscope.json"
local f = assert(io.open(arg[1]))
local r = json.decode(f:read("a"))
f:close()
local bad, base, mff = {}, {}, {}
for _, row in ipairs(r.rows) do
  if row.what == "base" then base[row.algo] = row.cycles end
  if row.what == "MFF" then mff[row.algo] = row.cycles end
end
local seen = {}
for _, row in ipairs(r.rows) do
  local tag = row.algo .. "/" .. row.what .. row.x
  seen[tag] = true
  local s = base[row.algo] / row.cycles
  if math.abs(row.speedup - s) > 1e-12 then bad[#bad + 1] = tag .. " speedup" end
  local sm = base[row.algo] / mff[row.algo]
  if math.abs(row.of_mff - 100 * s / sm) > 1e-9 then bad[#bad + 1] = tag .. " of_mff" end
  if (row.paper ~= nil) ~= (row.what == "L1" and row.x == 16) then bad[#bad + 1] = tag .. " paper" end
end
for _, a in ipairs { "PR", "BFS", "SSSP", "WCC" } do
  for _, w in ipairs { "base1", "L12", "L14", "L18", "L116", "L22", "L24", "L28", "L216", "MFF1" } do
    if not seen[a .. "/" .. w] then bad[#bad + 1] = "missing " .. a .. "/" .. w end
  end
end
print(#bad == 0 and "ok" or table.concat(bad, ", "))
LUA
t_is "$($W --batch "$tmp/checkc.lua" "$tmp/$id.json" 2>&1)" ok \
    "$id: every size of L1 and L2 and the MFF per algorithm; speedups and shares from the cycles"
t_match "$(cat "$tmp/$id.err")" "DBLP PR baseline L1 x16:" "$id: the runs are named"
t_match "$(cat "$tmp/$id.json")" '"l1d.size": *"256K"' "$id: the 16x L1 is 256 KB"
out=$($W --batch "$X/$id.lua" --quick --no-files XX 2>&1); rc=$?
t_is "$rc" 1 "$id refuses an unknown graph"
t_match "$out" "unknown graph 'XX'" "... and names it"
t_done
