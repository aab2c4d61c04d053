# report.sh: `warpscope report RUN.json` (issue 39, part 1).  A real run
# (two gpus, a BFS each): the HTML is well-formed (xmllint when present,
# else balanced tags), every section is there for each gpu, and numbers in
# it equal the JSON's (cycles, launches, the changed key).  A hand-built
# run with a spike: exact reduced points and an envelope reaching the
# spike.  Bad input (missing, empty, not JSON, truncated, another
# program's JSON, an empty run, a bad series): a message naming the file,
# status 1, the old report untouched and no temporary file left.
. "$WS_SRCDIR/tests/tap.sh"
W=$WARPSCOPE
tmp=$WS_BUILDDIR/report.tmp
rm -rf "$tmp"; mkdir -p "$tmp"

cat > "$tmp/run.lua" <<'LUA'
local ws = require "warpscope"
local B = require "warpscope.bfs"
local g = ws.graph.grid{ width = 12, height = 6, seed = 1 }
for i = 1, 2 do
  local gpu = ws.gpu{ quiet = true, ["sm.count"] = 2 * i }
  B.data(gpu, g, 0, 4)
  gpu:close()
end
LUA
cat > "$tmp/facts.lua" <<'LUA'
local json = require "warpscope.json"
local f = assert(io.open(arg[1]))
local d = json.decode(f:read("a"))
f:close()
local g = d.gpus[tonumber(arg[2])].stats
print(g.stats.cycles.total, #g.launches, g.launches[1].cycles, #g.series.rows)
LUA

cat > "$tmp/arrays.lua" <<'LUA'
local json = require "warpscope.json"
local f = assert(io.open(arg[1]))
local d = json.decode(f:read("a"))
f:close()
local t = d.gpus[tonumber(arg[2])].stats.tables.by_allocation
local r = t.rows[1]
local n = r[3] + r[4] + r[5]
print(#t.rows, r[1], r[2], r[3], r[4], r[5], n > 0 and ("%.3f"):format(r[5] / n) or "")
LUA
$W -b --set stats.interval=100 --json="$tmp/two.json" "$tmp/run.lua" > "$tmp/out" 2>&1
t_is "$?" 0 "a scenario with two gpus runs"
$W report "$tmp/two.json" -o "$tmp/two.html" > "$tmp/out" 2>&1
t_is "$?" 0 "report writes the HTML"
t_is "$(cat "$tmp/out")" "" "report says nothing on success"
H=$tmp/two.html
if command -v xmllint > /dev/null 2>&1; then
    xmllint --noout "$H" > "$tmp/xml" 2>&1
    t_is "$?" 0 "xmllint: the HTML and its SVG are well-formed"
else
    t_is "$(grep -o '<svg ' "$H" | wc -l)" "$(grep -o '</svg>' "$H" | wc -l)" "every <svg> is closed (no xmllint)"
fi
t_is "$(grep -o '<section ' "$H" | wc -l)" "$(grep -o '</section>' "$H" | wc -l)" "every section is closed"
t_is "$(grep -c 'http' "$H")" "$(grep -c 'xmlns="http://www.w3.org/2000/svg"' "$H")" "no address but the SVG namespace"
for g in 1 2; do
    got=
    for s in run ipc warps caches dram sms channels icnt lines launches; do
        grep -q "<section id=\"g$g-$s\">" "$H" && got="$got $s"
    done
    t_is "$got" " run ipc warps caches dram sms channels icnt lines launches" "gpu $g: every section"
    set -- $($W -b "$tmp/facts.lua" "$tmp/two.json" $g)
    sec=$(sed -n "/<section id=\"g$g-run\">/,/<\/section>/p" "$H")
    t_match "$sec" "<td>cycles in kernels</td><td>$1</td>" "gpu $g: the run's cycles ($1) as in the JSON"
    t_match "$sec" "<td>launches</td><td>$2</td>" "gpu $g: its launches ($2)"
    t_match "$sec" "<td>stats.interval</td><td>100</td><td>1000</td>" "gpu $g: the changed key and the preset's value"
    # the per-array table: every by_allocation row, its numbers and miss rate
    set -- $($W -b "$tmp/arrays.lua" "$tmp/two.json" $g)
    sec=$(sed -n "/<section id=\"g$g-caches\">/,/<\/section>/p" "$H")
    t_is "$(printf '%s\n' "$sec" | grep -c '^<tr><td>[a-z_]*#[0-9]*</td>')" "$1" "gpu $g: one row per array ($1)"
    t_match "$sec" "^<tr><td>$2</td><td>$3</td><td>$4</td><td>$5</td><td>$6</td><td>$7</td>" \
        "gpu $g: array $2's accesses, hits, pending hits, misses and miss rate as in the JSON"
    set -- $($W -b "$tmp/facts.lua" "$tmp/two.json" $g)
    sec=$(sed -n "/<section id=\"g$g-launches\">/,/<\/section>/p" "$H")
    t_is "$(printf '%s\n' "$sec" | grep -c '^<tr><td>')" "$2" "gpu $g: one launch row per launch"
    t_match "$sec" "^<tr><td>1</td><td>[a-z_]*</td><td>0</td><td>$3</td><td>$3</td>" "gpu $g: launch 1's cycles ($3)"
    t_ok "$([ "$4" -gt 3 ] && echo 0 || echo 1)" "gpu $g: $4 samples"
done

# A hand-built run: IPC per window 1, 1, 10, 1; two buckets: means 1 and
# 5.5, the second's envelope up to 10 (the y axis' top, 12.0).
cat > "$tmp/spike.json" <<'JSON'
{"format": "warpscope-stats-1", "version": "t", "seed": 1,
 "config": {"preset": "gtx480", "stats.interval": 100},
 "stats": {"cycles": {"desc": "", "total": 400}},
 "launches": [{"kernel": "k", "start": 0, "end": 400, "cycles": 400, "stats": {"ipc": 3.25}}],
 "tables": {"by_ptx_line": {"desc": "d", "columns": ["warp_insns"], "rows": [["k:7", 1300]]}},
 "series": {"interval": 100, "columns": ["cycle", "warp_insns"],
            "rows": [[100, 100], [200, 200], [300, 1200], [400, 1300]]}}
JSON
$W report --points 2 "$tmp/spike.json" > "$tmp/out" 2>&1
t_is "$?" 0 "the hand-built run: the report is written beside it"
S=$tmp/spike.html
ipc=$(sed -n '/<section id="ipc">/,/<\/section>/p' "$S")
t_match "$ipc" '<polyline points="232.7,186.6 570.0,99.3"' "two points: the windows' means"
t_match "$ipc" '<polygon points="[0-9., ]*570.0,12.0 ' "the envelope reaches the spike"
t_match "$ipc" '>10</text>' "the axis goes to 10"
t_match "$(cat "$S")" '<tr><td>k:7</td><td>1300</td></tr>' "the per-line table"
t_match "$(cat "$S")" '<td>3.25</td>' "the launch's IPC"
t_match "$(cat "$S")" 'class="absent">This run.s time series does not sample these counters' "unsampled counters are said so"

# Bad input: a message naming the file, status 1, the old report untouched.
echo old > "$tmp/keep.html"
bad() { # FILE PATTERN DESCRIPTION
    out=$($W report "$1" -o "$tmp/keep.html" 2>&1); rc=$?
    t_is "$rc" 1 "$3: status 1"
    t_match "$out" "^warpscope: report: $2" "$3: the message"
    t_is "$(cat "$tmp/keep.html")" "old" "$3: the old report is untouched"
}
: > "$tmp/empty.json"
echo 'hello' > "$tmp/text.json"
echo '{"name": "x", "version": "1.0"}' > "$tmp/other.json"
head -c 3000 "$tmp/two.json" > "$tmp/trunc.json"
awk '/"launches"/ { print " \"launches\": [],"; next } { print }' "$tmp/spike.json" > "$tmp/norun.json"
sed 's/\[300, 1200\]/[300]/' "$tmp/spike.json" > "$tmp/row.json"
bad "$tmp/none.json" "cannot read .*none.json: No such file" "a missing file"
bad "$tmp/empty.json" ".*empty.json: the file is empty" "an empty file"
bad "$tmp/text.json" ".*text.json: not valid JSON \\(line 1 column 1: unexpected 'h'\\)" "not JSON"
bad "$tmp/trunc.json" ".*trunc.json: not valid JSON \\(line [0-9]+ column [0-9]+: .*\\); the file may be truncated" "a truncated run"
bad "$tmp/other.json" ".*other.json: not a warpscope statistics file" "another program's JSON"
bad "$tmp/norun.json" ".*norun.json: an empty run: no kernel was launched" "an empty run"
bad "$tmp/row.json" ".*row.json: series row 3 has 1 values for 2 columns" "a short series row"
out=$($W report "$tmp/spike.json" -o "$tmp/no/such/dir.html" 2>&1); rc=$?
t_is "$rc" 1 "an output directory that does not exist: status 1"
t_match "$out" "^warpscope: report: cannot write .*dir.html" "... and a message naming the file"
out=$($W report 2>&1); rc=$?
t_is "$rc" 2 "no run: status 2"
t_match "$out" "usage: warpscope report RUN.json" "... with the usage"
# written atomically: a report replaces the old one whole, no temporary left
$W report "$tmp/spike.json" -o "$tmp/keep.html" > /dev/null 2>&1
t_match "$(head -1 "$tmp/keep.html")" "^<!DOCTYPE html>" "a good run replaces the old report"
t_is "$(ls "$tmp" | grep -c tmp)" 0 "no temporary file is left"
rm -rf "$tmp"
t_done
