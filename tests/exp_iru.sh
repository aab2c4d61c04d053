# The IRU experiments (scenarios/experiments/iru-*.lua), quick variants: each
# runs (every kernel's output equals the CPU BFS / Dijkstra / PageRank
# reference exactly and every statistics invariant holds, or the exit
# status is not 0), prints its table and the paper's claims, and writes a
# JSON file that tests/exp_check.lua accepts with the expected number of
# rows.  Quick runs use generated graphs: ../shared is not needed.
. "$WS_SRCDIR/tests/tap.sh"
W=$WARPSCOPE
X=$WS_SRCDIR/scenarios/experiments
tmp=$WS_BUILDDIR/exp_iru.tmp
rm -rf "$tmp"; mkdir -p "$tmp"

# id:rows:header.  Rows: iru-fig12-16 6 graphs x 3 algorithms; iru-ablation
# 2 graphs x (3 algorithms x (baseline + 7 configurations) + filter off
# for SSSP and PR).
for spec in "iru-fig12-16:18:^graph +as +algo +V +E +blocks +cyc_base +cyc_iru +cyc_bi +apr_b +apr_i +lpr_b +lpr_i +L1 +L2 +NoC +DRAM +filt%" \
            "iru-ablation:52:^graph +algo +config +cycles +speedup +apr +lpr"; do
    id=${spec%%:*}; rest=${spec#*:}; rows=${rest%%:*}; head=${rest#*:}
    out=$($W --batch "$X/$id.lua" --quick --out "$tmp" 2>"$tmp/$id.err"); rc=$?
    t_is "$rc" 0 "$id --quick exits 0"
    [ $rc -eq 0 ] || sed 's/^/#   /' "$tmp/$id.err" | tail -5
    t_match "$out" "$head" "$id prints its table"
    t_match "$out" "the paper's claims here:" "$id prints the paper's claims"
    t_match "$out" "invariants: [0-9]+ checked, all hold" "$id: every invariant holds (outputs exact)"
    chk=$($W --batch "$WS_SRCDIR/tests/exp_check.lua" "$tmp/$id.json" "$rows" 2>&1); rc=$?
    t_is "$rc" 0 "$id: exp_check accepts $id.json ($rows rows)"
    [ $rc -eq 0 ] || printf '%s\n' "$chk" | sed 's/^/#   /'
    t_is "$(($(wc -l <"$tmp/$id.csv") - 1))" "$rows" "$id.csv has $rows rows"
done

figs=$(cat "$tmp/iru-fig12-16.csv")
for a in BFS SSSP PR; do
    t_is "$(printf '%s\n' "$figs" | grep -c ",$a,")" 6 "iru-fig12-16: $a on 6 graphs"
done
# BFS has no IRU filter; SSSP and PR report what the IRU merged.
t_match "$figs" "^KRON,kron,BFS,([^,]*,){14}0(\.0*)?," "iru-fig12-16: BFS filters nothing"
t_match "$(printf '%s\n' "$figs" | grep ',PR,' | head -1)" "^ROAD,ca,PR,([^,]*,){14}[1-9]" "iru-fig12-16: PR merges elements"
t_match "$(cat "$tmp/iru-fig12-16.err")" "KRON PR IRU:" "iru-fig12-16: the IRU runs are named"
t_match "$(cat "$tmp/iru-fig12-16.err")" "KRON PR IRU ring=bi:" "iru-fig12-16: ... and the runs with the ring both ways"
# blocks = vertices x 4 bytes / 128, rounded up
t_is "$(printf '%s\n' "$figs" | awk -F, 'NR > 1 && $6 != int(($4 * 4 + 127) / 128) { bad++ } END { print bad + 0 }')" 0 \
    "iru-fig12-16: target blocks = ceil(vertices x 4 / 128)"
abl=$(cat "$tmp/iru-ablation.csv")
t_match "$abl" "^KRON,PR,filter=none,([^,]*,){6}0(\.0*)?," "iru-ablation: the filter off merges nothing"
# the elements' ring traffic and the end-of-stream merge's apart: private
# hashes carry no element to another partition while the stream runs, but
# their merge still crosses the ring
t_match "$abl" "^ROAD,BFS,private,([^,]*,){8}0," "iru-ablation: private hashes move no element on the ring"
t_match "$abl" "^ROAD,SSSP,private,([^,]*,){9}[1-9]" "iru-ablation: ... and merge across partitions at the end"
t_match "$abl" "^ROAD,BFS,default,([^,]*,){8}[1-9]" "iru-ablation: the shared hash moves elements on the ring"
# both ways, each element takes the shorter way: fewer element-hops than one way
t_is "$(printf '%s\n' "$abl" | awk -F, '$3 == "default" { d[$1 "," $2] = $12 } $3 == "ring=bi" { b[$1 "," $2] = $12 }
    END { for (k in d) { n++; if (!(k in b) || b[k] >= d[k]) bad++ } print n "/" bad + 0 }')" 6/0 \
    "iru-ablation: ring=bi carries fewer element-hops than one way, every graph and algorithm"
t_is "$(printf '%s\n' "$abl" | grep -c ',filter=none,')" 4 "iru-ablation: filter off for SSSP and PR only"
t_is "$(printf '%s\n' "$abl" | grep -c ',ring=bi,')" 6 "iru-ablation: ring=bi for every graph and algorithm"

# A subset of graphs from the command line; an unknown name is refused.
out=$($W --batch "$X/iru-fig12-16.lua" --quick --no-files KRON 2>&1); rc=$?
t_is "$rc" 0 "iru-fig12-16 on KRON"
t_is "$(printf '%s\n' "$out" | grep -Ec '^KRON ')" 3 "iru-fig12-16 on KRON: 3 rows"
out=$($W --batch "$X/iru-ablation.lua" --quick --no-files XX 2>&1); rc=$?
t_is "$rc" 1 "iru-ablation refuses an unknown graph"
t_match "$out" "unknown graph 'XX'" "... and names it"
rm -rf "$tmp"
t_done
