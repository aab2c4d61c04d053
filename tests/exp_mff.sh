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
t_done
