#!/bin/sh
# ws_bench_report.sh: how long `warpscope report` takes on a long run, and
# how large the report is (issue 39's target: a five-million-cycle run's
# report in under two seconds and a few megabytes).
#
#   sh bench/ws_bench_report.sh [WARPSCOPE [CYCLES]]
#
# The long run's JSON is synthesised, not simulated (5 M cycles of the model
# take minutes here): a real run of scenarios/bfs_data.lua (gtx480, 15 SMs,
# 6 channels, stats.interval=1000, about 0.5 M cycles) gives the columns,
# configuration, tables and launches, and its windows are repeated in turn
# until the series reaches CYCLES (default 5,000,000: 5,000 samples, every
# per-SM and per-channel column included).  Prints the JSON's size, then the
# report's seconds (wall clock, the best of three) and bytes.  A
# measurement, not a test: nothing is asserted.
set -u
W=${1:-${WARPSCOPE:-./build/warpscope}}
CYCLES=${2:-5000000}
SRC=${WS_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
[ -x "$W" ] || { echo "ws_bench_report: no warpscope at $W" >&2; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws_bench_report.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM HUP
"$W" -b --set stats.interval=1000 --json="$tmp/short.json" "$SRC/scenarios/bfs_data.lua" > /dev/null 2>&1 ||
    { echo "ws_bench_report: the short run failed" >&2; exit 1; }
cat > "$tmp/stretch.lua" <<'LUA'
local json = require "warpscope.json"
local f = assert(io.open(arg[1], "rb"))
local d = json.decode(f:read("a"))
f:close()
local target = math.tointeger(tonumber(arg[3]))
local ser = d.series
local rows, pi = ser.rows, ser.per_instance
local n, need = #rows, target // ser.interval
local out, outp, acc, accp = {}, {}, {}, {}
local function v(x) return (type(x) ~= "number" or x ~= x) and 0 or x end
for i = 1, need do
  local k = (i - 1) % n + 1
  local r, p = rows[k], rows[k - 1]
  local row = { i * ser.interval }
  for c = 2, #r do
    acc[c] = (acc[c] or 0) + v(r[c]) - (p and v(p[c]) or 0)
    row[c] = acc[c]
  end
  out[i] = row
  if pi then
    local q, pq, prow = pi.rows[k], pi.rows[k - 1], {}
    for c = 1, #q do
      accp[c] = (accp[c] or 0) + q[c] - (pq and pq[c] or 0)
      prow[c] = accp[c]
    end
    outp[i] = prow
  end
end
ser.rows = out
if pi then pi.rows = outp end
d.stats.cycles.total = target
f = assert(io.open(arg[2], "wb"))
f:write(json.encode(d))
f:close()
LUA
"$W" -b "$tmp/stretch.lua" "$tmp/short.json" "$tmp/long.json" "$CYCLES" ||
    { echo "ws_bench_report: could not synthesise the long run" >&2; exit 1; }
echo "ws_bench_report: a synthesised run of $CYCLES cycles: $(wc -c < "$tmp/long.json") bytes of JSON"
best=
for i in 1 2 3; do
    t0=$(date +%s.%N)
    "$W" report "$tmp/long.json" -o "$tmp/long.html" || { echo "ws_bench_report: report failed" >&2; exit 1; }
    t1=$(date +%s.%N)
    s=$(echo "$t0 $t1" | awk '{ printf "%.2f", $2 - $1 }')
    best=$(echo "${best:-$s} $s" | awk '{ print ($2 < $1 ? $2 : $1) }')
done
echo "ws_bench_report: report: $best s (best of 3), $(wc -c < "$tmp/long.html") bytes"
t0=$(date +%s.%N)
"$W" report "$tmp/short.json" "$tmp/long.json" "$tmp/short.json" -o "$tmp/three.html" ||
    { echo "ws_bench_report: report of three runs failed" >&2; exit 1; }
t1=$(date +%s.%N)
echo "ws_bench_report: three runs (short, long, short): $(echo "$t0 $t1" | awk '{ printf "%.2f", $2 - $1 }') s, $(wc -c < "$tmp/three.html") bytes"
