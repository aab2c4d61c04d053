# The thesis's chapter-5 experiments (scenarios/experiments/thesis-*.lua),
# quick variants: each runs (every kernel's output equals the CPU BFS/SSSP
# exactly and every statistics invariant holds, or the exit status is not 0),
# prints its table and claims, and writes a JSON file that tests/exp_check.lua
# accepts with the expected number of rows.  Quick runs use generated graphs:
# ../shared is not needed.
. "$WS_SRCDIR/tests/tap.sh"
W=$WARPSCOPE
X=$WS_SRCDIR/scenarios/experiments
tmp=$WS_BUILDDIR/exp_thesis.tmp
rm -rf "$tmp"; mkdir -p "$tmp"

# id:rows:header.  Rows: thesis-bfs 5 graphs x 5 strategies; thesis-sssp 5 x 4;
# thesis-swp 5 x (7 versions + Base@2).
for spec in "thesis-bfs:25:^graph +as +strategy +iters" \
            "thesis-sssp:20:^graph +as +strategy +iters +cycles +relax%" \
            "thesis-swp:40:^graph +as +version +regs +paper +ctas"; do
    id=${spec%%:*}; rest=${spec#*:}; rows=${rest%%:*}; head=${rest#*:}
    out=$($W --batch "$X/$id.lua" --quick --out "$tmp" 2>"$tmp/$id.err"); rc=$?
    t_is "$rc" 0 "$id --quick exits 0"
    [ $rc -eq 0 ] || sed 's/^/#   /' "$tmp/$id.err" | tail -5
    t_match "$out" "$head" "$id prints its table"
    t_match "$out" "the paper's claims here:" "$id prints the thesis's claims"
    t_match "$out" "invariants: [0-9]+ checked, all hold" "$id: every invariant holds (outputs exact)"
    chk=$($W --batch "$WS_SRCDIR/tests/exp_check.lua" "$tmp/$id.json" "$rows" 2>&1); rc=$?
    t_is "$rc" 0 "$id: exp_check accepts $id.json ($rows rows)"
    [ $rc -eq 0 ] || printf '%s\n' "$chk" | sed 's/^/#   /'
    t_is "$(($(wc -l <"$tmp/$id.csv") - 1))" "$rows" "$id.csv has $rows rows"
done

# Every strategy ran on every graph, and the WARPC rows carry Table 17's ratio.
bfs=$(cat "$tmp/thesis-bfs.csv")
for s in TPLGY WARPC DD UNROLL WARPC_B; do
    t_is "$(printf '%s\n' "$bfs" | grep -c ",$s,")" 5 "thesis-bfs: $s on 5 graphs"
done
t_match "$bfs" "^GRID,great-britain,WARPC,.*,0\.11[0-9]*," "thesis-bfs: GRID's WARPC row has the paper's 0.11"
t_match "$bfs" "^CIT,in-2004,WARPC,.*,2\.87[0-9]*,1,1(,|$)" "thesis-bfs: CIT's WARPC row has 2.88 and in-2004's rank 1"
# Table 18 beside the model's registers: Base and UNR3 rows.
swp=$(cat "$tmp/thesis-swp.csv")
t_match "$swp" "^CIT,in-2004,Base,14,13,3,3," "thesis-swp: Base row has ptxas's 14 registers, Table 18's 13, 3 blocks (model and paper)"
t_match "$swp" "^CIT,in-2004,UNR3,20,24,3,2," "thesis-swp: UNR3 row: ptxas's 20 registers give the model 3 blocks, Table 18's 24 gave 2"
# The model's registers are what ptxas -arch=sm_75 allocates (the resource
# record), as exp_thesis's table of them says.
for v in Base:14 SWP:20 SWPNC:20 UNR2:17 UNR3:20 UNR2_SWP:21 UNR2_SWPNC:24; do
    t_match "$swp" "^CIT,in-2004,${v%:*},${v#*:}," "thesis-swp: ${v%:*} has ptxas's ${v#*:} registers"
done
t_match "$(cat "$tmp/thesis-sssp.csv")" "^GRID,great-britain,DD,[0-9]+,[0-9]+,[0-9.]+," "thesis-sssp: DD's relax share is reported"

# A subset of graphs from the command line; an unknown name is refused.
out=$($W --batch "$X/thesis-bfs.lua" --quick --no-files FB,GRID 2>&1); rc=$?
t_is "$rc" 0 "thesis-bfs on FB,GRID"
t_is "$(printf '%s\n' "$out" | grep -Ec '^(FB|GRID) ')" 10 "thesis-bfs on FB,GRID: 10 rows"
out=$($W --batch "$X/thesis-swp.lua" --quick --no-files XX 2>&1); rc=$?
t_is "$rc" 1 "thesis-swp refuses an unknown graph"
t_match "$out" "unknown graph 'XX'" "... and names it"
t_done
