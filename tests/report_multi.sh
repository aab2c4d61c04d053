# report_multi.sh: `warpscope report A.json B.json C.json` and the plots of
# issue 39, part 2.  Three real runs (a small BFS; sm.count=4 and
# dram.sched=fcfs): every SVG well-formed one by one (xmllint), the
# sections, labels from the keys that differ from the first run, the
# machines said to differ, the speedup / miss-rate / traffic bars equal to
# ratios computed here from the JSON.  Hand-built runs: the exact heat-map
# cells (mean, min, max) of a per-SM and a per-channel series, an exact
# speedup, a label falling back to the file name.  Bad input among several
# files: the file named, status 1, nothing written.
. "$WS_SRCDIR/tests/tap.sh"
W=$WARPSCOPE
tmp=$WS_BUILDDIR/report_multi.tmp
rm -rf "$tmp"; mkdir -p "$tmp"

cat > "$tmp/run.lua" <<'LUA'
local ws = require "warpscope"
local B = require "warpscope.bfs"
local g = ws.graph.grid{ width = 12, height = 6, seed = 1 }
local gpu = ws.gpu{ quiet = true }
B.data(gpu, g, 0, 4)
gpu:close()
LUA
# cycles, L1D hits + pending hits, L1D misses, L2 likewise, DRAM bytes
cat > "$tmp/facts.lua" <<'LUA'
local json = require "warpscope.json"
local f = assert(io.open(arg[1]))
local d = json.decode(f:read("a"))
f:close()
local function t(k) return d.stats[k].total end
print(t("cycles"), t("l1d.hits") + t("l1d.hit_reserved"), t("l1d.misses"), t("l2.hits") + t("l2.hit_reserved"),
      t("l2.misses"), t("dram.bytes_read") + t("dram.bytes_written"))
LUA
$W -b --set stats.interval=100 --json="$tmp/a.json" "$tmp/run.lua" > "$tmp/out" 2>&1
t_is "$?" 0 "run a"
$W -b --set stats.interval=100 --set sm.count=4 --json="$tmp/b.json" "$tmp/run.lua" > "$tmp/out" 2>&1
t_is "$?" 0 "run b (sm.count=4)"
$W -b --set stats.interval=100 --set dram.sched=fcfs --json="$tmp/c.json" "$tmp/run.lua" > "$tmp/out" 2>&1
t_is "$?" 0 "run c (dram.sched=fcfs)"
$W report "$tmp/a.json" "$tmp/b.json" "$tmp/c.json" -o "$tmp/abc.html" > "$tmp/out" 2>&1
t_is "$?" 0 "report of three runs"
t_is "$(cat "$tmp/out")" "" "... says nothing on success"
H=$tmp/abc.html
if command -v xmllint > /dev/null 2>&1; then
    xmllint --noout "$H" > "$tmp/xml" 2>&1
    t_is "$?" 0 "xmllint: the page is well-formed"
    awk -v d="$tmp" '/^<svg /{n++; f=d "/svg" n ".svg"} f{print > f} /^<\/svg>/{close(f); f=""}' "$H"
    nsvg=$(grep -c '^<svg ' "$H"); bad=0
    for f in "$tmp"/svg*.svg; do xmllint --noout "$f" > /dev/null 2>&1 || bad=$((bad + 1)); done
    t_is "$(ls "$tmp"/svg*.svg | wc -l) $bad" "$nsvg 0" "xmllint: each of the $nsvg SVGs alone is well-formed"
else
    t_is "$(grep -o '<svg ' "$H" | wc -l)" "$(grep -o '</svg>' "$H" | wc -l)" "every <svg> is closed (no xmllint)"
fi
got=
for s in runs compare overlay r1-run r1-sms r1-channels r1-icnt r2-sms r3-launches; do
    grep -q "<section id=\"$s\">" "$H" && got="$got $s"
done
t_is "$got" " runs compare overlay r1-run r1-sms r1-channels r1-icnt r2-sms r3-launches" "the sections"
runs=$(sed -n '/<section id="runs">/,/<\/section>/p' "$H")
t_match "$runs" "<tr><td>1</td><td>first: a.json</td>" "run 1 is labelled as the first, by its file"
t_match "$runs" "<tr><td>2</td><td>sm.count=4</td>" "run 2 by its differing key"
t_match "$runs" "<tr><td>3</td><td>dram.sched=fcfs</td>" "run 3 by its differing key"
t_match "$(grep 'class="mixed"' "$H")" "runs of different machines: .*a.json: gtx480, 15 SMs, 6 channels; .*b.json: gtx480, 4 SMs, 6 channels" \
    "the machines that differ are said at the top"
set -- $($W -b "$tmp/facts.lua" "$tmp/a.json"); a="$*"
set -- $($W -b "$tmp/facts.lua" "$tmp/b.json"); b="$*"
set -- $($W -b "$tmp/facts.lua" "$tmp/c.json"); c="$*"
# the bars' values in order: speedup, L1D miss rate, L2 miss rate, traffic, energy
want=$(printf '%s\n' "$a" "$b" "$c" | awk '
    { n++; cy[n] = $1; h1[n] = $2; m1[n] = $3; h2[n] = $4; m2[n] = $5; tr[n] = $6 }
    END {
        for (i = 1; i <= 3; i++) printf "%.3f ", cy[1] / cy[i]
        for (i = 1; i <= 3; i++) printf "%.3f ", m1[i] / (h1[i] + m1[i])
        for (i = 1; i <= 3; i++) printf "%.3f ", m2[i] / (h2[i] + m2[i])
        for (i = 1; i <= 3; i++) printf "%.3f ", tr[i] / tr[1]
    }')
cmp=$(sed -n '/<section id="compare">/,/<\/section>/p' "$H" | grep -o 'class="val"[^>]*>[^<]*' | sed 's/.*>//' | head -12 | tr '\n' ' ')
t_is "$cmp" "$want" "speedup, miss-rate and traffic bars equal the JSON's ratios"
t_is "$(sed -n '/<section id="overlay">/,/<\/section>/p' "$H" | grep -c '<polyline')" 21 "seven overlaid plots, one line per run"
t_match "$(sed -n '/<section id="r1-lines">/,/<\/section>/p' "$H")" "<tr><td>bfs_data:[0-9]+</td><td>bfs_data.cu:[0-9]+</td>" \
    "a real run's PTX lines carry their CUDA lines (the JSON's cuda_files, ptx_line_cuda)"

# Hand-built: SM 1 runs 1, 1, 10, 1 warp instructions a cycle (SM 0: 1),
# half its slots idle; one channel busy 50, 25, 0, 100 of 100 clocks, row
# hits 3, 1, 0, 2 against misses 1, 1, 0, 2.  Two cells per row.
cat > "$tmp/h1.json" <<'JSON'
{"format": "warpscope-stats-1", "version": "t", "seed": 1,
 "config": {"preset": "gtx480", "stats.interval": 100},
 "stats": {"cycles": {"desc": "", "total": 400}, "l1d.hits": {"total": 30}, "l1d.hit_reserved": {"total": 10},
           "l1d.misses": {"total": 60}, "l2.hits": {"total": 5}, "l2.hit_reserved": {"total": 0},
           "l2.misses": {"total": 15}, "dram.bytes_read": {"total": 1000}, "dram.bytes_written": {"total": 0}},
 "launches": [{"kernel": "k", "start": 0, "end": 400, "cycles": 400, "stats": {}}],
 "tables": {"by_ptx_line": {"desc": "d", "columns": ["warp_insns"], "rows": [["k:7", 1300], ["k:9", 5]]},
            "cuda_files": {"desc": "f", "columns": ["id"], "rows": [["k.cu", 1]]},
            "ptx_line_cuda": {"desc": "c", "columns": ["file", "line"], "rows": [["k:7", 1, 12]]}},
 "series": {"interval": 100, "columns": ["cycle", "warp_insns", "warp_slot_cycles", "dram.elapsed"],
            "rows": [[100, 200, 9600, 100], [200, 400, 19200, 200], [300, 1500, 28800, 300], [400, 1700, 38400, 400]],
            "per_instance": {"columns": [{"name": "warp_insns", "scope": "sm", "count": 2},
                                         {"name": "stall.idle", "scope": "sm", "count": 2},
                                         {"name": "dram.data_busy", "scope": "chan", "count": 1},
                                         {"name": "dram.row_hits", "scope": "chan", "count": 1},
                                         {"name": "dram.row_misses", "scope": "chan", "count": 1}],
                             "rows": [[100, 100, 0, 2400, 50, 3, 1], [200, 200, 0, 4800, 75, 4, 2],
                                      [300, 1200, 0, 7200, 75, 4, 2], [400, 1300, 0, 9600, 175, 6, 4]]}}}
JSON
$W report --points 2 "$tmp/h1.json" > "$tmp/out" 2>&1
t_is "$?" 0 "a hand-built run with per-SM columns"
S=$(sed -n '/<section id="sms">/,/<\/section>/p' "$tmp/h1.html")
t_is "$(printf '%s\n' "$S" | grep -c '<rect x=[^>]*><title>SM ')" 8 "two SMs x two cells x two maps"
t_match "$S" "<title>SM 0, cycles 0-200: 1 \(min 1, max 1\)</title>" "SM 0's first cell"
t_match "$S" "<title>SM 1, cycles 200-400: 5.5 \(min 1, max 10\)</title>" "SM 1's second cell: the mean and the spike"
t_match "$S" "<title>SM 1, cycles 0-200: 24 \(min 24, max 24\)</title>" "SM 1's resident warps (48 slots, half idle)"
t_match "$S" "<title>SM 0, cycles 200-400: 48 \(min 48, max 48\)</title>" "SM 0's resident warps"
L=$(sed -n '/<section id="lines">/,/<\/section>/p' "$tmp/h1.html")
t_match "$L" "<tr><td>k:7</td><td>k.cu:12</td><td>1300</td></tr>" "the per-line table gives a line's CUDA position"
t_match "$L" "<tr><td>k:9</td><td></td><td>5</td></tr>" "... and nothing for a line without one"
t_match "$L" '<table class="lines sortable">' "... and is sortable"
C=$(sed -n '/<section id="channels">/,/<\/section>/p' "$tmp/h1.html")
t_match "$C" "<title>channel 0, cycles 0-200: 0.375 \(min 0.25, max 0.5\)</title>" "channel 0's bandwidth, first cell"
t_match "$C" "<title>channel 0, cycles 200-400: 0.5 \(min 0, max 1\)</title>" "... second cell"
t_match "$C" "<title>channel 0, cycles 0-200: 0.625 \(min 0.5, max 0.75\)</title>" "channel 0's row-hit rate, first cell"
t_match "$C" "<title>channel 0, cycles 200-400: 0.5 \(min 0.5, max 0.5\)</title>" "... second cell (a window without commands left out)"

# Prefetching and a throttle: accuracy per window (useful + late) / issued:
# 2/4, 0/0 (left out), 1/2, 4/4; coverage (useful + late) / (that + demand
# misses): 2/4, none, 1/4, 4/4; two transitions of SM 1's throttle degree.
sed -e 's/"columns": \["cycle", "warp_insns", "warp_slot_cycles", "dram.elapsed"\]/"columns": ["cycle", "warp_insns", "warp_slot_cycles", "dram.elapsed", "pf.issued", "pf.useful", "pf.late", "pf.demand_misses"]/' \
    -e 's/\[100, 200, 9600, 100\]/[100, 200, 9600, 100, 4, 1, 1, 2]/' -e 's/\[200, 400, 19200, 200\]/[200, 400, 19200, 200, 4, 1, 1, 2]/' \
    -e 's/\[300, 1500, 28800, 300\]/[300, 1500, 28800, 300, 6, 2, 1, 5]/' -e 's/\[400, 1700, 38400, 400\]/[400, 1700, 38400, 400, 10, 6, 1, 5]/' \
    -e 's/"l1d.hits": {"total": 30}/"pf.issued": {"total": 10}, "pf.transitions": {"total": 2}, "l1d.hits": {"total": 30}/' \
    -e 's/"cycles": 400, "stats": {}}/"cycles": 400, "stats": {}, "extra": {"pf_transitions_total": 2, "pf_transitions": [{"cycle": 100, "sm": 1, "source": "throttle", "what": "degree", "from": 2, "to": 1, "from_name": "drop 2\/5", "to_name": "drop 1\/5"}, {"cycle": 300, "sm": 1, "source": "throttle", "what": "degree", "from": 1, "to": 0, "from_name": "drop 1\/5", "to_name": "drop 0\/5"}]}}/' \
    "$tmp/h1.json" > "$tmp/pf.json"
$W report --points 2 "$tmp/pf.json" > "$tmp/out" 2>&1
t_is "$?" 0 "a hand-built run with prefetches and throttle transitions"
P=$(sed -n '/<section id="pfrates">/,/<\/section>/p' "$tmp/pf.html")
t_match "$P" '<polyline points="232.7,109.0 570.0,60.5" fill="none" stroke="#1f77b4"' "accuracy: bucket means 0.5 and 0.75 (y = 206 - 194 x)"
t_match "$P" '<polyline points="232.7,109.0 570.0,84.8" fill="none" stroke="#d62728"' "coverage: bucket means 0.5 and 0.625"
P=$(sed -n '/<section id="throttle">/,/<\/section>/p' "$tmp/pf.html")
t_match "$P" "<h3>throttle degree</h3>" "a strip group for the throttle's degree"
t_match "$P" "<title>SM 1, cycles 0-100: drop 2/5 \(2\)</title>" "SM 1 held drop 2/5 from the start"
t_match "$P" "<title>SM 1, cycles 100-300: drop 1/5 \(1\)</title>" "then drop 1/5"
t_match "$P" "<title>SM 1, cycles 300-400: drop 0/5 \(0\)</title>" "then drop 0/5 to the end"
t_is "$(printf '%s\n' "$P" | grep -c 'stroke="#000"')" 2 "two transitions marked"
t_match "$P" "<p>2 transitions\." "the count"

# Two more hand-built runs: 300 cycles with one key changed, and the same
# configuration as the first (labelled by its file name).
sed -e 's/"total": 400}/"total": 300}/' -e 's/"stats.interval": 100}/"stats.interval": 100, "dram.sched": "fcfs"}/' \
    "$tmp/h1.json" > "$tmp/h2.json"
cp "$tmp/h1.json" "$tmp/h3.json"
$W report "$tmp/h1.json" "$tmp/h2.json" "$tmp/h3.json" -o "$tmp/h.html" > "$tmp/out" 2>&1
t_is "$?" 0 "three hand-built runs"
cmp=$(sed -n '/<section id="compare">/,/<\/section>/p' "$tmp/h.html" | grep -o 'class="val"[^>]*>[^<]*' | sed 's/.*>//' | tr '\n' ' ')
t_is "$cmp" "1.000 1.333 1.000 0.600 0.600 0.600 0.750 0.750 0.750 1.000 1.000 1.000 " "speedup 400/300, miss rates 60/100 and 15/20, traffic"
runs=$(sed -n '/<section id="runs">/,/<\/section>/p' "$tmp/h.html")
t_match "$runs" "<tr><td>2</td><td>dram.sched=fcfs</td>" "the changed key labels run 2"
t_match "$runs" "<tr><td>3</td><td>h3.json</td>" "no key differs: run 3 is labelled by its file"
t_is "$(grep -c 'class="mixed"' "$tmp/h.html")" 0 "the same machine and kernels: no warning"
t_match "$(cat "$tmp/h.html")" "Energy: not every run has it" "no energy: said in place of its bars"

# Bad input among several: the bad file named, status 1, nothing written.
echo old > "$tmp/keep.html"
bad() { # FILE PATTERN DESCRIPTION
    out=$($W report "$tmp/h1.json" "$1" -o "$tmp/keep.html" 2>&1); rc=$?
    t_is "$rc" 1 "$3: status 1"
    t_is "$out" "warpscope: report: $2" "$3: the message"
    t_is "$(cat "$tmp/keep.html")" "old" "$3: nothing written"
}
echo '{"name": "x", "version": "1.0"}' > "$tmp/other.json"
head -c 700 "$tmp/h1.json" > "$tmp/trunc.json"
sed 's/"total": 400}/"total": 0}/' "$tmp/h1.json" > "$tmp/nocyc.json"
bad "$tmp/other.json" "$tmp/other.json: not a warpscope statistics file (its \"format\" is not \"warpscope-stats-1\"; write one with: warpscope --batch --json FILE scenario.lua)" \
    "another program's JSON"
bad "$tmp/trunc.json" "$tmp/trunc.json: not valid JSON (line 8 column 75: unterminated string); the file may be truncated" "a truncated run"
bad "$tmp/nocyc.json" "$tmp/nocyc.json: an empty run: no cycle was simulated" "a run of no cycles"
sed 's/\[300, 1200, 0, 7200, 75, 4, 2\]/[300, 1200, 0, 7200, 75, 4]/' "$tmp/h1.json" > "$tmp/pirow.json"
bad "$tmp/pirow.json" "$tmp/pirow.json: series.per_instance row 3 has 6 values for 7 instances" "a short per-instance row"
sed 's/"extra": {"pf_transitions_total": 2/"extra": {"pf_transitions_total": "x"/; s/"from": 1, "to": 0/"from": "a", "to": null/' \
    "$tmp/pf.json" > "$tmp/oddlog.json"
$W report "$tmp/oddlog.json" -o "$tmp/odd.html" > "$tmp/out" 2>&1
t_is "$?:$(cat "$tmp/out")" "0:" "odd values in a transition log are drawn as 0, not a crash"
t_is "$(ls "$tmp" | grep -c 'tmp[0-9]')" 0 "no temporary file is left"
rm -rf "$tmp"
t_done
