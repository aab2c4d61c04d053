# Every shipped scenario gives exactly the CPU reference's result, with the
# optimised (-O3) PTX and, where committed, the debug (-G) PTX, on generated
# graphs of different shapes and on the embedded default graph.  Real graphs
# from ../shared are used when it is present.
. "$WS_SRCDIR/tests/tap.sh"
W=$WARPSCOPE
S=$WS_SRCDIR/scenarios
K=$WS_SRCDIR/scenarios/kernels
tmp=$WS_BUILDDIR/scenarios.tmp
rm -rf "$tmp"; mkdir -p "$tmp"

# Graphs: skewed RMAT (directed), uniform random, a road-like grid with holes.
$W graph gen rmat "$tmp/rmat.wsg" --scale 10 --edgefactor 8 --seed 3 --directed >/dev/null
t_ok $? "generate an RMAT graph"
$W graph gen uniform "$tmp/uni.wsg" --n 3001 --min-degree 0 --max-degree 12 --seed 5 --directed >/dev/null
t_ok $? "generate a uniform-degree graph"
$W graph gen grid "$tmp/grid.wsg" --width 40 --height 30 --remove 0.1 --seed 7 >/dev/null
t_ok $? "generate a grid graph"

run() { # DESCRIPTION SCENARIO ARGS...
    desc=$1; shift
    out=$($W --batch "$S/$@" 2>&1); rc=$?
    if [ $rc -eq 0 ] && printf '%s\n' "$out" | grep -q 'matches the CPU reference'; then
        t_ok 0 "$desc"
    else
        t_ok 1 "$desc"; printf '%s\n' "$out" | sed 's/^/#   /' | tail -8
    fi
}

for g in rmat uni grid; do
    f=$tmp/$g.wsg
    run "bfs_topo on $g"             bfs_topo.lua "$f" 1 "$K/bfs_topo.ptx"
    run "bfs_topo -G on $g"          bfs_topo.lua "$f" 1 "$K/bfs_topo_g.ptx"
    run "bfs_data on $g"             bfs_data.lua "$f" 1 1 "$K/bfs_data.ptx"
    run "bfs_data chunk 3 on $g"     bfs_data.lua "$f" 2 3 "$K/bfs_data.ptx"
    run "bfs_data -G on $g"          bfs_data.lua "$f" 1 2 "$K/bfs_data_g.ptx"
    run "bfs_warp on $g"             bfs_warp.lua "$f" 1 "$K/bfs_warp.ptx"
    run "sssp on $g"                 sssp.lua "$f" 1 "$K/sssp.ptx"
    run "sssp -G on $g"              sssp.lua "$f" 1 "$K/sssp_g.ptx"
    run "pagerank on $g"             pagerank.lua "$f" 5 "$K/pagerank.ptx"
    run "mff_graphs on $g"           mff_graphs.lua "$f" 1
    run "cc on $g"                   cc.lua "$f" "$K/cc.ptx"
done
run "bfs_data on the default graph" bfs_data.lua default 0

# Real graphs (skipped without ../shared).
if [ -d "$WS_SHARED/data/graphs" ]; then
    for name in p2p-Gnutella08.txt.gz rome99.gr.gz delaunay_n14.mtx.gz; do
        f=$WS_SHARED/data/graphs/$name
        [ -f "$f" ] || continue
        run "bfs_data on $name" bfs_data.lua "$f" 0
        run "sssp on $name"     sssp.lua "$f" 0
        run "cc on $name"       cc.lua "$f"
    done
else
    echo "# ../shared not present: real-graph runs skipped"
fi

# The rare-instruction kernels: optimised and debug builds agree.
out=$($W --batch "$S/isa_exercise.lua" 128 2>&1); rc=$?
t_is "$rc" 0 "isa_exercise runs"
t_is "$(printf '%s\n' "$out" | grep -c 'builds agree')" 3 "isa_exercise: -O3 and -G outputs agree for 3 kernels"

# A scenario error gives exit status 1 and names the problem.
out=$($W --batch "$S/bfs_topo.lua" "$tmp/none.wsg" 2>&1); rc=$?
t_is "$rc" 1 "a missing graph file exits 1"
t_match "$out" "none.wsg" "the missing file is named"
out=$($W --batch "$S/bfs_topo.lua" default 99999999 2>&1); rc=$?
t_is "$rc" 1 "a bad source vertex exits 1"
t_match "$out" "source vertex must be an integer in 0..65411" "the valid range is given"

rm -rf "$tmp"
t_done
