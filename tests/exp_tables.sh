# exp_tables.sh: the experiment documents state only what the committed
# results give (scenarios/experiments/tables.lua --check), and the tables
# tool renders every kind of region exactly, refuses what it must, and
# leaves a document untouched when it fails.
. "$WS_SRCDIR/tests/tap.sh"
W=$WARPSCOPE
T=$WS_SRCDIR/scenarios/experiments/tables.lua
FIX=$WS_SRCDIR/tests/data/exp_tables
tmp=$WS_BUILDDIR/exp_tables.tmp
rm -rf "$tmp"; mkdir -p "$tmp/results" "$tmp/imp"

# 1. The shipped documents agree with the shipped results.
out=$($W --batch "$T" --check --root "$WS_SRCDIR" 2>&1); rc=$?
t_is "$rc" 0 "EXPERIMENTS.md, EXPERIMENTS-MTP.md and RESULTS-*.md agree with scenarios/experiments/results"
[ $rc -eq 0 ] || echo "$out" | head -20 | sed 's/^/#   /'
n=$(echo "$out" | sed -n 's/^\([0-9]*\) generated regions.*/\1/p')
t_ok $([ "${n:-0}" -ge 20 ] && echo 0 || echo 1) "the documents have generated regions ($n)"
# every result is a full run that names its commit
bad=0
for f in "$WS_SRCDIR"/scenarios/experiments/results/*.json; do
    grep -q '"quick": false' "$f" || { echo "# $f: not a full run"; bad=1; }
    grep -Eq '"commit": "[0-9a-f]{7}' "$f" || { echo "# $f: no commit"; bad=1; }
done
t_is "$bad" 0 "every committed result is a full run naming its commit"

# 2. Rendering, exactly.
cp "$FIX/results/t-fig1.json" "$tmp/results/"
cp "$FIX/doc.md" "$tmp/doc.md"
$W --batch "$T" --root "$tmp" --results "$tmp/results" doc.md >"$tmp/out" 2>&1
t_is "$?" 0 "renders the fixture"
cmp -s "$tmp/doc.md" "$FIX/expected.md"; t_is "$?" 0 "pivot, selection, inline values, claims and verdicts as expected.md"
$W --batch "$T" --check --root "$tmp" --results "$tmp/results" doc.md >"$tmp/out" 2>&1
t_is "$?" 0 "--check passes on what it rendered"
# a changed number is found, by line
sed 's/"cycles": 3037/"cycles": 3038/' "$FIX/results/t-fig1.json" >"$tmp/results/t-fig1.json"
out=$($W --batch "$T" --check --root "$tmp" --results "$tmp/results" doc.md 2>&1); rc=$?
t_is "$rc" 1 "--check fails when a result changed"
t_match "$out" "^doc.md:18: table t-fig1 keys=graph,cycles,cov" "--check names the region's file and line"
t_match "$out" "1 differ" "--check counts one differing region"
cmp -s "$tmp/doc.md" "$FIX/expected.md"; t_is "$?" 0 "--check writes nothing"
cp "$FIX/results/t-fig1.json" "$tmp/results/"

# 3. Errors: a clear message, exit status 1, the document untouched.
err() { # NAME DOC-TEXT PATTERN
    printf '%s\n' "$2" >"$tmp/bad.md"
    cp "$tmp/bad.md" "$tmp/bad.orig"
    out=$($W --batch "$T" --root "$tmp" --results "$tmp/results" bad.md 2>&1); rc=$?
    t_is "$rc" 1 "$1: exit status 1"
    t_match "$out" "$3" "$1: says why"
    cmp -s "$tmp/bad.md" "$tmp/bad.orig"; t_is "$?" 0 "$1: the document is untouched"
}
err "unknown experiment" "x
<!-- table t-fig99 -->
<!-- end -->" "bad.md:2: no results for 't-fig99'"
err "unknown column" "<!-- table t-fig1 keys=graph,nope -->
<!-- end -->" "has no column 'nope' \\(it has graph, policy, speedup, cycles, cov\\)"
err "region without end" "<!-- claims t-fig1 -->
text" "bad.md:1: 'claims' region without its <!-- end -->"
err "two matching rows" "<!--= t-fig1 speedup policy:none --><!--/-->" "2 rows of t-fig1 match"
err "no matching row" "<!--= t-fig1 speedup graph:XYZ --><!--/-->" "no row of t-fig1 matches"
err "half a pivot" "<!-- table t-fig1 rows=graph -->
<!-- end -->" "a pivot needs rows=, cols= and val="
err "inline without close" "<!--= t-fig1 speedup graph:OR policy:dsap -->1.0" "without its closing"

# 4. Import: full runs only, without their per-run statistics.
sed 's/"commit": "0123abc",/"commit": "0123abc", "runs": [{"label": "x"}],/' "$FIX/results/t-fig1.json" >"$tmp/imp/t-fig1.json"
out=$($W --batch "$T" --root "$tmp" --results "$tmp/res2" --import "$tmp/imp" doc.md 2>&1)
t_is "$?" 0 "imports a full run"
grep -q '"runs"' "$tmp/res2/t-fig1.json"; t_is "$?" 1 "the imported copy has no per-run statistics"
grep -q '"cycles": 3037' "$tmp/res2/t-fig1.json"; t_is "$?" 0 "the imported copy keeps the rows"
# a run with arguments is its own result, ID.ARGS
sed 's|t-fig1.lua"|t-fig1.lua ROAD,CIT --graphs /x"|' "$FIX/results/t-fig1.json" >"$tmp/imp/t-fig1.json"
out=$($W --batch "$T" --root "$tmp" --results "$tmp/res4" --import "$tmp/imp" doc.md 2>&1)
t_ok $([ -f "$tmp/res4/t-fig1.ROAD+CIT.json" ] && echo 0 || echo 1) "a run with arguments is imported as ID.ARGS (t-fig1.ROAD+CIT.json)"
printf '<!-- table t-fig1.ROAD+CIT keys=graph -->\n<!-- end -->\n' >"$tmp/args.md"
$W --batch "$T" --root "$tmp" --results "$tmp/res4" args.md >/dev/null 2>&1
t_match "$(cat "$tmp/args.md")" "res4/t-fig1[.]ROAD[+]CIT[.]json" "its tables name ID.ARGS's file"
sed 's/"quick": false/"quick": true/' "$FIX/results/t-fig1.json" >"$tmp/imp/t-fig1.json"
out=$($W --batch "$T" --root "$tmp" --results "$tmp/res3" --import "$tmp/imp" doc.md 2>&1)
t_is "$?" 1 "refuses a quick run"
t_match "$out" "a quick run; the documents state full runs only" "says a quick run is refused"
t_ok $([ ! -e "$tmp/res3/t-fig1.json" ] && echo 0 || echo 1) "writes nothing when refusing"
sed 's/"failed": \[\]/"failed": ["x"]/' "$FIX/results/t-fig1.json" >"$tmp/imp/t-fig1.json"
out=$($W --batch "$T" --root "$tmp" --results "$tmp/res3" --import "$tmp/imp" doc.md 2>&1)
t_match "$out" "1 invariants failed" "refuses a run with a failed invariant"
sed 's/"commit": "0123abc"/"commit": "unknown"/' "$FIX/results/t-fig1.json" >"$tmp/imp/t-fig1.json"
out=$($W --batch "$T" --root "$tmp" --results "$tmp/res3" --import "$tmp/imp" doc.md 2>&1)
t_match "$out" "names no commit" "refuses a run without a commit"
sed 's/"commit": "0123abc"/"commit": "0123abc-dirty"/' "$FIX/results/t-fig1.json" >"$tmp/imp/t-fig1.json"
out=$($W --batch "$T" --root "$tmp" --results "$tmp/res3" --import "$tmp/imp" doc.md 2>&1)
t_match "$out" "run from a tree with uncommitted changes" "refuses a run from a dirty tree"

rm -rf "$tmp"
t_done
