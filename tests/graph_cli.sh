# `warpscope graph info|convert|gen`: output, exit statuses, messages.
. "$WS_SRCDIR/tests/tap.sh"
W=$WARPSCOPE
D=$WS_SRCDIR/tests/data
T=$WS_BUILDDIR/graph_cli.tmp
rm -rf "$T"; mkdir -p "$T"

out=$($W graph info "$D/tiny.el"); t_ok $? "info exits 0"
t_match "$out" '^  vertices      6$' "info: vertices"
t_match "$out" '^  edges         8 \(directed: not symmetric\)$' "info: edges and directedness"
t_match "$out" '^  weights       1\.\.7$' "info: weight range"
t_match "$out" '^  out-degree    min 1, median 1, mean 1\.33, max 2$' "info: degree summary"
t_match "$out" '^  components    1 ' "info: components"
t_match "$out" '^  diameter      >= 3 ' "info: diameter bound"
t_match "$out" '^ +2-3 +2  #+$' "info: histogram row"
out=$($W graph info "$D/tiny.graph"); t_match "$out" 'edges         16 \(undirected' "METIS is undirected"
out=$($W graph info "$D/tiny.el" --symmetrize); t_match "$out" 'edges         16 \(undirected' "--symmetrize"
out=$($W graph info "$D/tiny.el" --json)
t_match "$out" '^\{"graph": ".*tiny.el", "format": "edgelist", "vertices": 6, "edges": 8, "symmetric": false' "--json"
out=$($W graph info default); t_ok $? "info default exits 0"
t_match "$out" '^graph: default \(grid\{width = 256' "default names its recipe"
t_match "$out" '^  vertices      65412' "default vertices"
out=$($W graph info "$D/sparse.snap.txt"); t_match "$out" 'vertices      4 \(renumbered' "relabelling is shown"
out=$($W graph info "$D/tiny.snap.txt" --format edgelist); t_ok $? "--format override"

# convert and read back
out=$($W graph convert "$D/tiny.el" "$T/tiny.wsg"); t_ok $? "convert exits 0"
t_is "$out" "wrote $T/tiny.wsg: 6 vertices, 8 edges, weighted (binary)" "convert reports what it wrote"
out=$($W graph info "$T/tiny.wsg"); t_match "$out" '^  format        binary$' "binary detected"
t_match "$out" '^  edges         8 ' "binary edges"
$W graph convert "$T/tiny.wsg" "$T/tiny.mtx" >/dev/null; t_ok $? "binary to Matrix Market"
t_is "$(head -1 "$T/tiny.mtx")" "%%MatrixMarket matrix coordinate integer general" "Matrix Market banner"
$W graph convert "$D/tiny.el" "$T/x.out" --to edgelist >/dev/null; t_ok $? "--to edgelist"
t_is "$(sed -n 2p "$T/x.out")" "# Nodes: 6 Edges: 8" "edge list header"
a=$($W graph info "$D/tiny.el" --json | sed 's/"graph": "[^"]*", "format": "[a-z]*", //')
b=$($W graph info "$T/tiny.mtx" --json | sed 's/"graph": "[^"]*", "format": "[a-z]*", //')
t_is "$a" "$b" "round trip through binary and Matrix Market keeps everything"
$W graph convert default "$T/default.wsg" --order random --seed 3 >/dev/null; t_ok $? "convert default with an order"
t_is "$(ls "$T" | grep -c tmp)" 0 "no temporary files left"

# gen
out=$($W graph gen rmat "$T/r.wsg" --scale 8 --edgefactor 4 --seed 2); t_ok $? "gen rmat"
t_match "$out" "^wrote .*r.wsg: 256 vertices" "gen reports"
out=$($W graph gen grid "$T/g.el" --width 5 --height 4); t_is "$out" "wrote $T/g.el: 20 vertices, 62 edges (edgelist)" "gen grid"
$W graph gen grid "$T/g.el" --width 5 --remove 2 2>"$T/err"; t_is $? 2 "bad generator parameter exits 2"
t_match "$(cat "$T/err")" "grid: remove must be in \[0, 1\), not 2" "and says why"
# each generator takes its own options and needs its size; reading
# options and other kinds' options are refused, not ignored
gerr() { # WANT-REGEX ARGS...
    want=$1; shift
    $W graph gen "$@" 2>"$T/err" >/dev/null; t_is $? 2 "exit 2: gen $*"
    t_match "$(cat "$T/err")" "$want" "message: gen $*"
}
gerr "gen erdos_renyi needs --n \\(vertices\\) and --m \\(edges\\)" erdos_renyi "$T/e.el"
gerr "gen erdos_renyi needs --n" erdos_renyi "$T/e.el" --n 7
gerr "option '--radius' does not apply to erdos_renyi \\(its options: --n --m --directed\\)" erdos_renyi "$T/e.el" --n 7 --m 3 --radius 2
gerr "option '--directed' does not apply to grid" grid "$T/e.el" --width 5 --directed
gerr "option '--n' does not apply to rmat" rmat "$T/e.el" --n 5
gerr "gen uniform needs --n" uniform "$T/e.el"
gerr "gen uniform: --max-degree must be at least 1" uniform "$T/e.el" --n 10 --min-degree 0 --max-degree 0
gerr "gen grid needs --width" grid "$T/e.el" --height 4
gerr "gen geometric needs --n" geometric "$T/e.el" --radius 0.1
# a radius that cannot be used is refused, not replaced by the default
for r in -1 0 nan 2; do
    gerr "invalid radius '$r' for --radius \\(a number in \\(0, 1\\.5\\]; leave it out for the default" geometric "$T/e.el" --n 10 --radius $r
done
gerr "option '--format' is for reading a graph file" rmat "$T/e.wsg" --scale 4 --format mtx
many=""; for k in $(seq 70); do many="$many --seed 1"; done
gerr "option '--radius' does not apply to erdos_renyi" erdos_renyi "$T/e.el" --n 7 --m 3 $many --radius 2
# header and limit messages name the command line's options
printf '# Nodes: 268435457 Edges: 1\n0 1\n' >"$T/big.txt"
$W graph info "$T/big.txt" 2>"$T/err" >/dev/null; t_is $? 1 "a header over the vertex limit fails"
t_match "$(cat "$T/err")" "big.txt:1: the '# Nodes:' header says 268435457 vertices, more than the limit of 268435456 \(raise it with --max-vertices N or ignore the header with --no-header-check\)" "and blames the header"
out=$($W graph info "$T/big.txt" --no-header-check); t_match "$out" '^  vertices      2$' "--no-header-check ignores it"
printf '# Nodes: abc Edges: 1\n0 1\n' >"$T/bad.txt"
$W graph info "$T/bad.txt" 2>"$T/err" >/dev/null; t_is $? 1 "a bad header value fails"
t_match "$(cat "$T/err")" "bad.txt:1: bad '# Nodes:' header value 'abc' \(expected a count from 0 to 18446744073709551615; --no-header-check ignores the header\)" "and names the line and value"
printf '0 1\n300000000 1\n' >"$T/far.el"
$W graph info "$T/far.el" --relabel none 2>"$T/err" >/dev/null; t_is $? 1 "ids over the limit fail"
t_match "$(cat "$T/err")" "\(relabel the ids with --relabel compact\)$" "and suggest the command line's spelling"
# a guessed format is named in a reader's error, with the option to choose
printf '0\n1 2\n' >"$T/guess.txt"
$W graph info "$T/guess.txt" 2>"$T/err" >/dev/null; t_is $? 1 "a file taken for Rodinia fails"
t_match "$(cat "$T/err")" "guess.txt:2: \(read as a Rodinia graph; --format to choose\) the edge count 2" "and says what it was read as"
$W graph info "$T/guess.txt" --format rodinia 2>"$T/err" >/dev/null
t_match "$(cat "$T/err")" "guess.txt:2: the edge count 2" "a chosen format is not named"
$W graph info "$D/tiny.el" --scale 5 2>"$T/err"; t_is $? 2 "info with a generator option exits 2"
t_match "$(cat "$T/err")" "option '--scale' is a generator option: it applies to 'graph gen' only" "and says so"
$W graph convert "$D/tiny.el" "$T/x.wsg" --json 2>"$T/err"; t_is $? 2 "convert --json exits 2"
t_match "$(cat "$T/err")" "option '--json' applies to 'graph info' only" "and says so"
# uniform's degree defaults are ws.graph.uniform's: 2 .. max(min, 4)
out=$($W graph gen uniform "$T/u.wsg" --n 50 --min-degree 6 --directed --seed 3); t_ok $? "gen uniform with only --min-degree"
t_match "$($W graph info "$T/u.wsg")" "out-degree    min 6, median 6, mean 6.00, max 6" "max degree defaults to the min degree when above 4"

# an edge list written by warpscope reads back whole: the SNAP header's
# node count keeps the vertices no edge mentions (also with no edges)
printf '%%%%MatrixMarket matrix coordinate pattern general\n5 5 2\n1 2\n2 3\n' > "$T/iso.mtx"
$W graph convert "$T/iso.mtx" "$T/iso.el" >/dev/null; t_ok $? "convert with isolated last vertices"
t_match "$($W graph info "$T/iso.el")" "^  vertices      5\$" "the edge list reads back with 5 vertices"
$W graph gen erdos_renyi "$T/none.el" --n 7 --m 0 >/dev/null; t_ok $? "gen an edgeless graph"
t_match "$($W graph info "$T/none.el")" "^  vertices      7\$" "and it reads back with its 7 vertices"
printf '# just a comment\n' > "$T/empty.el"
$W graph info "$T/empty.el" 2>"$T/err"; t_is $? 1 "no edges and no header: still an error"
t_match "$(cat "$T/err")" "no edges found" "says so"

# usage errors: exit 2
$W graph >/dev/null 2>"$T/err"; t_is $? 2 "no subcommand exits 2"
t_match "$(cat "$T/err")" "missing subcommand" "says what is missing"
$W graph frob x 2>"$T/err"; t_is $? 2 "unknown subcommand exits 2"
t_match "$(cat "$T/err")" "unknown subcommand 'frob'" "names it"
$W graph info 2>"$T/err"; t_is $? 2 "info without a file exits 2"
$W graph info "$D/tiny.el" --frob 2>"$T/err"; t_is $? 2 "unknown option exits 2"
t_match "$(cat "$T/err")" "unknown option '--frob'" "names the option"
$W graph info "$D/tiny.el" --format 2>"$T/err"; t_is $? 2 "missing option value exits 2"
t_match "$(cat "$T/err")" "option '--format' needs a value" "says so"
$W graph info "$D/tiny.el" --format=xml 2>"$T/err"; t_is $? 2 "bad format exits 2"
t_match "$(cat "$T/err")" "unknown format 'xml'" "names the format"
$W graph info "$D/tiny.el" --order sideways 2>"$T/err"; t_is $? 2 "bad order exits 2"
$W graph info "$D/tiny.el" --seed -4 2>"$T/err"; t_is $? 2 "bad seed exits 2"
$W graph convert "$D/tiny.el" 2>"$T/err"; t_is $? 2 "convert without OUT exits 2"
$W graph convert "$D/tiny.el" "$T/x" --to metis 2>"$T/err"; t_is $? 2 "unwritable format exits 2"
$W graph gen blob "$T/x" 2>"$T/err"; t_is $? 2 "unknown generator exits 2"
# gzip: data after the last member is an error (#38), a second member is not
printf '0 1\n1 2\n' | gzip >"$T/two.el.gz"
cp "$T/two.el.gz" "$T/junk.el.gz"; printf 'junk' >>"$T/junk.el.gz"
$W graph info "$T/junk.el.gz" >/dev/null 2>"$T/err"; t_is $? 1 "gzip with trailing garbage exits 1"
t_match "$(cat "$T/err")" "junk.el.gz:.*4 bytes of trailing data after the gzip stream" "... and says so"
{ cat "$T/two.el.gz"; printf '2 3\n' | gzip; } >"$T/multi.el.gz"
out=$($W graph info "$T/multi.el.gz" 2>&1); t_is $? 0 "two gzip members are one file"
t_match "$out" "edges[^0-9]*3" "... with the edges of both"
$W graph info "$T/two.el.gz" >/dev/null 2>&1; t_is $? 0 "a plain gzip file loads"
# the edge limit (#38: a gzip bomb of valid edges must stop before the machine swaps)
printf '0 1\n1 2\n2 3\n' >"$T/three.el"
$W graph info "$T/three.el" --max-edges 2 >/dev/null 2>"$T/err"; t_is $? 1 "--max-edges 2 on 3 edges exits 1"
t_match "$(cat "$T/err")" "three.el:3: more than 2 edges: the edge limit \(max_edges in Lua, --max-edges for 'warpscope graph'; default 134217728" \
    "names the file, the line and the limit's two spellings"
$W graph info "$T/three.el" --max-edges 3 >/dev/null 2>"$T/err"; t_is $? 0 "--max-edges 3 on 3 edges loads"
$W graph info "$T/three.el" --max-edges 0 >/dev/null 2>"$T/err"; t_is $? 2 "--max-edges 0 is a usage error"
out=$($W graph --help); t_ok $? "--help exits 0"
t_match "$out" '^Usage: warpscope graph info' "--help prints usage"
out=$($W --help); t_match "$out" 'warpscope graph info\|convert\|gen' "listed in warpscope --help"

# bad files: exit 1, file:line: reason on stderr
printf '0 1\n1 2\n2 x\n' > "$T/bad.el"
$W graph info "$T/bad.el" >/dev/null 2>"$T/err"; t_is $? 1 "bad line exits 1"
t_is "$(cat "$T/err")" "warpscope: $T/bad.el:3:3: expected a target id (a non-negative integer), got 'x'" "names file, line and column"
$W graph info "$D/truncated.el.gz" >/dev/null 2>"$T/err"; t_is $? 1 "truncated gzip exits 1"
t_match "$(cat "$T/err")" "truncated.el.gz:1: truncated gzip stream" "says truncated"
$W graph info "$T/nope.el" >/dev/null 2>"$T/err"; t_is $? 1 "missing file exits 1"
t_match "$(cat "$T/err")" "nope.el: cannot open: No such file or directory" "says why"
printf '%%%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n' > "$T/short.mtx"
$W graph info "$T/short.mtx" >/dev/null 2>"$T/err"; t_is $? 1 "header disagreeing with content exits 1"
t_match "$(cat "$T/err")" "short.mtx:3: the file ends after 1 entries but the size line \(line 2\) declares 2" "says how"
head -c 100 "$T/tiny.wsg" > "$T/cut.wsg"
$W graph info "$T/cut.wsg" >/dev/null 2>"$T/err"; t_is $? 1 "truncated binary exits 1"
t_match "$(cat "$T/err")" "cut.wsg: truncated binary graph" "says truncated"
$W graph convert "$D/tiny.el" "$T/no/dir/x.wsg" >/dev/null 2>"$T/err"; t_is $? 1 "unwritable output exits 1"
# --keep-order and --relabel appearance: the file's order and first appearances
$W graph convert "$D/order.el" "$T/order.el" --keep-order --relabel appearance >/dev/null
t_is "$(grep -v '^#' "$T/order.el" | tr '\t\n' ': ')" "0:1 0:2 0:3 2:0 2:3 3:0 " "--keep-order --relabel appearance"
$W graph gen rmat "$T/x.el" --scale 4 --keep-order 2>/dev/null; t_is $? 2 "gen refuses --keep-order"
out=$($W graph info "$D/order.el" --keep-order --symmetrize 2>&1); t_match "$out" 'keep_order cannot be combined with drop_duplicates, symmetrize' "--keep-order with --symmetrize"
rm -rf "$T"
# a directory is named as one (it said "read error: Is a directory")
mkdir -p "$WS_BUILDDIR/graph_cli_dir"
for a in info convert; do
    if [ $a = info ]; then $W graph info "$WS_BUILDDIR/graph_cli_dir" >/dev/null 2>"$WS_BUILDDIR/graph_cli.err"
    else $W graph convert "$WS_BUILDDIR/graph_cli_dir" "$WS_BUILDDIR/graph_cli_x.el" >/dev/null 2>"$WS_BUILDDIR/graph_cli.err"; fi
    t_is $? 1 "graph $a DIRECTORY: exit 1"
    t_is "$(cat "$WS_BUILDDIR/graph_cli.err")" "warpscope: $WS_BUILDDIR/graph_cli_dir: is a directory" "graph $a DIRECTORY: says so"
done
rm -rf "$WS_BUILDDIR/graph_cli_dir" "$WS_BUILDDIR/graph_cli.err" "$WS_BUILDDIR/graph_cli_x.el"
t_done
