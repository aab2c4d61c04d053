# tiny_reach.sh: every BFS/SSSP scenario takes a source vertex and warns, on
# standard error and in --json's "warnings", when the source reaches under
# 1% of the graph (issue 37).  A 300-vertex graph where vertex 0 reaches
# only vertex 1 (2 of 300) and vertex 5 reaches 298; then ca-GrQc from
# vertex 0 (4 of 5,242 vertices) when ../shared has it.
. "$WS_SRCDIR/tests/tap.sh"
W=$WARPSCOPE
tmp=$WS_BUILDDIR/tiny_reach.tmp
rm -rf "$tmp"; mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
S=$WS_SRCDIR/scenarios

{ echo "0 1"; i=2; while [ $i -lt 299 ]; do echo "$i $((i + 1))"; i=$((i + 1)); done; } > "$tmp/g.txt"
msg='warning: source vertex 0 reaches 2 of 300 vertices (0.67%, under 1%): the run measures a tiny part of the graph; give another source vertex'
for s in bfs_topo bfs_data bfs_warp sssp; do
    $W -b --json="$tmp/$s.json" "$S/$s.lua" "$tmp/g.txt" 0 > "$tmp/out" 2> "$tmp/err"
    t_is "$?" 0 "$s from vertex 0 runs"
    t_is "$(cat "$tmp/err")" "$msg" "... and warns on standard error"
    t_match "$(cat "$tmp/$s.json")" '"warnings": \[
 *"source vertex 0 reaches 2 of 300 vertices' "... and in the JSON"
done
$W -b --json="$tmp/far.json" "$S/bfs_topo.lua" "$tmp/g.txt" 5 > "$tmp/out" 2> "$tmp/err"
t_is "$?" 0 "bfs_topo from vertex 5 runs"
t_is "$(cat "$tmp/err")" "" "... without a warning (298 of 300 reached)"
t_is "$(grep -c '"warnings"' "$tmp/far.json")" 0 "... and its JSON has no warnings"
t_match "$(cat "$tmp/out")" 'bfs_topo on 300 vertices, [0-9]+ edges, source 5: result matches' "... from the source given"
$W -b "$S/bfs_topo.lua" "$tmp/g.txt" 300 > "$tmp/out" 2> "$tmp/err"
t_is "$?" 1 "a source out of range fails"
t_match "$(cat "$tmp/err")" 'source vertex must be an integer in 0\.\.299, got 300' "... and says why"

# the labs' source (warpscope.lab.source) warns the same way
$W lab 3 "$tmp/g.txt" 0 > "$tmp/out" 2> "$tmp/err"
t_is "$?" 0 "lab 3 from vertex 0 runs"
t_is "$(cat "$tmp/err")" "$msg" "... and warns on standard error"

grqc=${WS_SHARED:-$WS_SRCDIR/../shared}/data/graphs/ca-GrQc.txt.gz
if [ -f "$grqc" ]; then
    $W -b --json="$tmp/grqc.json" "$S/bfs_topo.lua" "$grqc" 0 > "$tmp/out" 2> "$tmp/err"
    t_is "$(cat "$tmp/err")" 'warning: source vertex 0 reaches 4 of 5242 vertices (0.08%, under 1%): the run measures a tiny part of the graph; give another source vertex' \
        "ca-GrQc from vertex 0: 4 of 5,242 vertices, warned"
    t_match "$(cat "$tmp/grqc.json")" '"source vertex 0 reaches 4 of 5242 vertices' "... in the JSON too"
else
    t_ok 0 "# SKIP ca-GrQc not found (no ../shared)"
fi
t_done
