#!/bin/sh
# ws_ir.sh: the host instructions a ws_bench_timing run executes, counted by
# valgrind.  Unlike CPU time on a shared machine (15% or more from run to
# run), the count is the same every time, so it shows a change of 0.5%.
# It is not the time: cache misses and mispredicted branches are not in it
# (see HACKING, Benchmarks).
#
#   bench/ws_ir.sh [-n VERTICES] BENCH...
#
# BENCH is a ws_bench_timing binary (keep a copy of the old one before
# rebuilding); VERTICES is the graph size (default 65536, the target run;
# 16384 takes a quarter of the time).  For each binary: its simulated
# cycles, its host instructions and their number per simulated cycle.
# Needs valgrind; a 65,536-vertex run takes about 40 s under it.
set -u
n=65536
if [ "${1:-}" = "-n" ] && [ $# -ge 2 ]; then
    n=$2
    shift 2
fi
if [ $# -lt 1 ]; then
    echo "usage: $0 [-n VERTICES] BENCH..." >&2
    exit 2
fi
if ! command -v valgrind >/dev/null 2>&1; then
    echo "$0: valgrind is not installed" >&2
    exit 2
fi
rc=0
for b in "$@"; do
    if [ ! -x "$b" ]; then
        echo "$0: '$b' is not an executable" >&2
        rc=2
        continue
    fi
    out=$(valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$b" "$n" 8 gtx480 1 2>&1)
    cycles=$(printf '%s\n' "$out" | sed -n 's/^ *\([0-9]*\) cycles (.*/\1/p')
    ir=$(printf '%s\n' "$out" | sed -n 's/.*I *refs: *\([0-9,]*\).*/\1/p' | tr -d ,)
    if [ -z "$cycles" ] || [ -z "$ir" ]; then
        echo "$0: $b: no result (valgrind or the benchmark failed)" >&2
        printf '%s\n' "$out" | tail -5 >&2
        rc=1
        continue
    fi
    awk -v b="$b" -v c="$cycles" -v i="$ir" \
        'BEGIN { printf "%s: %.0f cycles, %.0f host instructions, %.0f per cycle\n", b, c, i, i / c }'
done
exit $rc
