# Every shipped scenario gives exactly the CPU reference's result under the
# timing model on every machine preset (small generated graphs).
. "$WS_SRCDIR/tests/tap.sh"
W=$WARPSCOPE
S=$WS_SRCDIR/scenarios
tmp=$WS_BUILDDIR/timing_presets.tmp
rm -rf "$tmp"; mkdir -p "$tmp"
$W graph gen rmat "$tmp/rmat.wsg" --scale 8 --edgefactor 6 --seed 11 --directed >/dev/null
t_ok $? "generate an RMAT graph"

run() { # PRESET DESCRIPTION SCENARIO ARGS...
    p=$1; desc=$2; shift 2
    out=$($W --batch --preset "$p" "$S/$@" 2>&1); rc=$?
    if [ $rc -eq 0 ] && printf '%s\n' "$out" | grep -Eq 'matches the CPU reference|builds agree'; then
        t_ok 0 "$p: $desc"
    else
        t_ok 1 "$p: $desc"; printf '%s\n' "$out" | sed 's/^/#   /' | tail -8
    fi
}

# Deterministic: the same run twice writes byte-identical JSON; stepping
# every cycle writes the same time series as skipping idle cycles.
$W --batch --json "$tmp/a.json" --csv "$tmp/a.csv" "$S/bfs_topo.lua" "$tmp/rmat.wsg" 1 >/dev/null 2>&1
t_ok $? "bfs_topo with --json and --csv"
$W --batch --json "$tmp/b.json" "$S/bfs_topo.lua" "$tmp/rmat.wsg" 1 >/dev/null 2>&1
t_ok "$(cmp -s "$tmp/a.json" "$tmp/b.json"; echo $?)" "two runs write byte-identical JSON"
t_match "$(head -c 300 "$tmp/a.json")" '"seed"' "the JSON names the seed"
$W --batch --set run.skip_idle=false --csv "$tmp/c.csv" "$S/bfs_topo.lua" "$tmp/rmat.wsg" 1 >/dev/null 2>&1
t_ok "$(cmp -s "$tmp/a.csv" "$tmp/c.csv"; echo $?)" "stepping every cycle gives the time series of skipping"
t_match "$(head -1 "$tmp/a.csv")" '^cycle,' "the CSV starts with its header"

presets=$($W --list-presets | awk '/^[^ ]/ { print $1 }')
t_match "$presets" 'gtx480' "--list-presets names the presets"
f=$tmp/rmat.wsg
for p in $presets; do
    run "$p" "bfs_topo"    bfs_topo.lua "$f" 1
    run "$p" "bfs_data"    bfs_data.lua "$f" 1 2
    run "$p" "bfs_warp"    bfs_warp.lua "$f" 1
    run "$p" "sssp"        sssp.lua "$f" 1
    run "$p" "pagerank"    pagerank.lua "$f" 3
    run "$p" "cc"          cc.lua "$f"
    run "$p" "isa_exercise" isa_exercise.lua
done
rm -rf "$tmp"
t_done
