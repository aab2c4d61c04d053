# Every prefetch policy, with and without throttles and into L1 or a
# prefetch cache, leaves the kernels' results exactly the CPU reference's;
# the outcome counters are consistent; runs with prefetching are
# deterministic and skipping idle cycles changes nothing.
. "$WS_SRCDIR/tests/tap.sh"
W=$WARPSCOPE
S=$WS_SRCDIR/scenarios
tmp=$WS_BUILDDIR/prefetch_policies.tmp
rm -rf "$tmp"; mkdir -p "$tmp"
$W graph gen rmat "$tmp/rmat.wsg" --scale 8 --edgefactor 6 --seed 11 --directed >/dev/null
t_ok $? "generate an RMAT graph"

# JSON total of a counter
total() { sed -n "/\"$2\": {/,/}/p" "$1" | sed -n 's/.*"total": \([0-9.e+-]*\).*/\1/p' | head -1; }

run() { # DESCRIPTION SETTINGS SCENARIO ARGS...
    desc=$1; sets=$2; shift 2
    out=$($W --batch $sets --set stats.interval=0 --json "$tmp/r.json" "$S/$@" 2>&1); rc=$?
    if [ $rc -eq 0 ] && printf '%s\n' "$out" | grep -Eq 'matches the CPU reference|builds agree'; then
        t_ok 0 "$desc: result matches the CPU"
    else
        t_ok 1 "$desc: result matches the CPU"; printf '%s\n' "$out" | sed 's/^/#   /' | tail -8
    fi
    iss=$(total "$tmp/r.json" pf.issued); use=$(total "$tmp/r.json" pf.useful)
    late=$(total "$tmp/r.json" pf.late); early=$(total "$tmp/r.json" pf.early)
    usl=$(total "$tmp/r.json" pf.useless); fills=$(total "$tmp/r.json" pf.fills)
    gen=$(total "$tmp/r.json" pf.generated); q=$(total "$tmp/r.json" pf.queued)
    fl=$(total "$tmp/r.json" pf.flushed)
    t_ok "$([ $((use + late + early + usl)) -le "$iss" ] && [ $((iss - usl)) -eq "$fills" ] &&
            [ "$q" -le "$gen" ] && [ $((iss + fl)) -le "$q" ]; echo $?)" \
        "$desc: useful $use + late $late + early $early + useless $usl <= issued $iss; fills = issued - useless; issued + flushed <= queued"
}

f=$tmp/rmat.wsg
for p in nextline stride stridepc stream ghb ghb-stride mthwp dsap; do
    run "$p bfs_data" "--set pf.policy=$p" bfs_data.lua "$f" 1 2
    run "$p bfs_topo" "--set pf.policy=$p" bfs_topo.lua "$f" 1
done
run "stridepc warp-trained bfs_topo" "--set pf.policy=stridepc --set pf.warp_trained=true" bfs_topo.lua "$f" 1
run "ghb warp-trained bfs_data" "--set pf.policy=ghb --set pf.warp_trained=true" bfs_data.lua "$f" 1 2
run "mthwp degree 3 distance 2 bfs_warp" "--set pf.policy=mthwp --set pf.degree=3 --set pf.distance=2" bfs_warp.lua "$f" 1
run "mthwp + mt throttle bfs_topo" "--set pf.policy=mthwp --set throttle.policy=mt --set throttle.period=2000" bfs_topo.lua "$f" 1
run "ghb + feedback throttle bfs_data" "--set pf.policy=ghb --set throttle.policy=feedback --set throttle.period=2000" bfs_data.lua "$f" 1 2
run "stridepc + lateness throttle bfs_topo" "--set pf.policy=stridepc --set throttle.policy=lateness --set throttle.period=2000" bfs_topo.lua "$f" 1
run "dsap onoff bfs_data" "--set pf.policy=dsap --set pf.dsap.adaptive=onoff --set pf.dsap.period=2000" bfs_data.lua "$f" 1 2
run "mthwp into a 1 KB prefetch cache, g80-mtp" "--preset g80-mtp --set pf.policy=mthwp --set pfc.size=1K" bfs_topo.lua "$f" 1
run "nextline into a prefetch cache, gtx480" "--set pf.policy=nextline --set pf.dest=pfc" bfs_data.lua "$f" 1 2
run "sssp with stride" "--set pf.policy=stride" sssp.lua "$f" 1
run "MT-SWP kernels, g80-mtp" "--preset g80-mtp" mtswp.lua 20000
run "MT-SWP kernels + mt throttle, gtx480" "--set throttle.policy=mt --set pf.policy=nextline --set throttle.period=3000" mtswp.lua 20000
sw=$(total "$tmp/r.json" pf.sw)
t_ok "$([ "${sw:-0}" -gt 0 ]; echo $?)" "PTX prefetch instructions went through the engine ($sw)"
run "the Lua prefetcher example" "" lua_prefetcher.lua "$f"
run "the comparison scenario (quick)" "" prefetch_compare.lua "$f" both nextline,dsap,mthwp+mt 2
run "pagerank with mthwp" "--set pf.policy=mthwp" pagerank.lua "$f" 3

# Deterministic, and idle skipping changes nothing, with DSAP and the MT throttle on.
set1="--set pf.policy=dsap --set pf.dsap.period=1000 --set throttle.policy=mt --set throttle.period=1500"
$W --batch $set1 --json "$tmp/a.json" --csv "$tmp/a.csv" "$S/bfs_data.lua" "$f" 1 2 >/dev/null 2>&1
t_ok $? "dsap + mt: first run"
$W --batch $set1 --json "$tmp/b.json" "$S/bfs_data.lua" "$f" 1 2 >/dev/null 2>&1
t_ok "$(cmp -s "$tmp/a.json" "$tmp/b.json"; echo $?)" "dsap + mt: two runs write byte-identical JSON"
$W --batch $set1 --set run.skip_idle=false --json "$tmp/c.json" --csv "$tmp/c.csv" "$S/bfs_data.lua" "$f" 1 2 \
    >/dev/null 2>&1
t_ok "$(cmp -s "$tmp/a.csv" "$tmp/c.csv"; echo $?)" "dsap + mt: stepping every cycle gives the time series of skipping"
same=0
for k in cycles warp_insns pf.issued pf.useful pf.late pf.early pf.useless pf.transitions l1d.misses dram.reads; do
    [ "$(total "$tmp/a.json" "$k")" = "$(total "$tmp/c.json" "$k")" ] || { same=1; echo "# differs: $k"; }
done
t_ok $same "dsap + mt: stepping every cycle gives the same totals"
tr=$(total "$tmp/a.json" pf.transitions)
t_ok "$([ "${tr:-0}" -gt 0 ]; echo $?)" "dsap + mt: state transitions happened ($tr)"
t_match "$(grep -c '"pf_transitions": \[{"cycle"' "$tmp/a.json")" '^[1-9]' "dsap + mt: the launches' JSON records list their transitions"

# Bad configurations get a clear message.
out=$($W --batch --set pf.policy=lua "$S/bfs_topo.lua" "$f" 1 2>&1)
t_ok "$([ $? -ne 0 ]; echo $?)" "pf.policy=lua without a table fails"
t_match "$out" "needs a prefetcher table" "... and says why"
out=$($W --batch --set pf.policy=nope "$S/bfs_topo.lua" "$f" 1 2>&1)
t_match "$out" "pf.policy" "an unknown policy is rejected naming the key"
rm -rf "$tmp"
t_done
