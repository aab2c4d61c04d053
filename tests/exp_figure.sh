# exp_figure.sh: an experiment's figure (issue 39, part 3).  dsap-fig8
# --quick writes ID.html beside its JSON and CSV: well-formed (xmllint when
# present), one bar per row of the JSON with the row's value, and one
# paper mark per row with a paper value, each with that value.  A
# hand-built result gives bars and marks at exact places (a number's mark,
# a range's bar, a missing value's gap), and tables.lua writes the
# committed results' figures (checked as the tables are).
. "$WS_SRCDIR/tests/tap.sh"
W=$WARPSCOPE
X=$WS_SRCDIR/scenarios/experiments
tmp=$WS_BUILDDIR/exp_figure.tmp
rm -rf "$tmp"; mkdir -p "$tmp"

out=$($W --batch "$X/dsap-fig8.lua" --quick --out "$tmp" 2>"$tmp/err"); rc=$?
t_is "$rc" 0 "dsap-fig8 --quick exits 0"
t_match "$out" "wrote .*dsap-fig8.json, .*dsap-fig8.csv and .*dsap-fig8.html \(the figure\)" "it says it wrote the figure"
H=$tmp/dsap-fig8.html
t_ok "$([ -s "$H" ]; echo $?)" "dsap-fig8.html is beside the JSON"
if command -v xmllint > /dev/null 2>&1; then
    xmllint --noout "$H" > "$tmp/xml" 2>&1
    t_is "$?" 0 "xmllint: the HTML and its SVG are well-formed"
else
    t_is "$(grep -o '<svg ' "$H" | wc -l)" "$(grep -o '</svg>' "$H" | wc -l)" "every <svg> is closed (no xmllint)"
fi
t_is "$(grep -c 'http' "$H")" "$(grep -c 'xmlns="http://www.w3.org/2000/svg"' "$H")" "no address but the SVG namespace"
cat > "$tmp/facts.lua" <<'LUA'
local json = require "warpscope.json"
local f = assert(io.open(arg[1]))
local d = json.decode(f:read("a"))
f:close()
local n, bars, paper = 0, {}, {}
for _, r in ipairs(d.rows) do
  n = n + 1
  bars[#bars + 1] = ("%s %s: speedup %.3f"):format(r.graph, r.policy, r.speedup)
                    .. (r.paper and (" (paper %.2f)"):format(r.paper) or "")
  if r.paper then paper[#paper + 1] = ("paper: %.6g"):format(r.paper) end
end
print(n); print(table.concat(bars, "|")); print(table.concat(paper, "|"))
LUA
$W -b "$tmp/facts.lua" "$tmp/dsap-fig8.json" > "$tmp/facts"
rows=$(sed -n 1p "$tmp/facts")
t_is "$(grep -c '<rect class="bar"' "$H")" "$rows" "one bar per row ($rows)"
t_is "$(grep -o '<rect class="bar"[^>]*><title>[^<]*' "$H" | sed 's/.*<title>//' | paste -sd'|')" "$(sed -n 2p "$tmp/facts")" \
    "each bar says its row and value, in the table's order"
t_is "$(grep -o '<rect class="paper"[^>]*><title>[^<]*' "$H" | sed 's/.*<title>//' | paste -sd'|')" "$(sed -n 3p "$tmp/facts")" \
    "one paper mark per row with a paper value, with the paper's number"
t_is "$(sed -n 3p "$tmp/facts")" "paper: 1.16|paper: 1.484|paper: 0.92|paper: 1.28" "(the paper's numbers: DSAP on OR 1.16, on USA 1.484, next-line 0.92, geomean 1.28)"

# a hand-built result: exact places (axis 0..2 by 0.5, 28 px bars)
cat > "$tmp/hand.lua" <<'LUA'
local F = require "warpscope.figure"
io.write(F.html{
  id = "t-fig", title = "t", source = "s",
  columns = { { key = "graph", format = "%-5s" }, { key = "policy", format = "%-5s" },
              { key = "paper", format = "%6.2f" }, { key = "speedup", format = "%7.3f" } },
  rows = { { graph = "A", policy = "none", speedup = 1.0 }, { graph = "A", policy = "x", paper = 1.5, speedup = 1.2 },
           { graph = "B", policy = "none", speedup = 1.0 }, { graph = "B", policy = "x", paper = "1.0..2.0", speedup = 0.5 },
           { graph = "C", policy = "x", paper = "<1" } },
})
LUA
$W -b "$tmp/hand.lua" > "$tmp/hand.html"
t_is "$?" 0 "a hand-built result's figure"
got=$(grep -o '<rect class="[a-z]*" x="[0-9.]*" y="[0-9.]*" width="[0-9]*" height="[0-9.]*"' "$tmp/hand.html" |
      sed 's/<rect class="\([a-z]*\)" x="\([0-9.]*\)" y="\([0-9.]*\)" width="\([0-9]*\)" height="\([0-9.]*\)"/\1 \2 \3 \4 \5/' | paste -sd'|')
t_is "$got" "bar 70.0 113.0 26 77.0|bar 98.0 97.6 26 92.4|paper 97.0 73.0 28 3|bar 138.0 113.0 26 77.0|bar 166.0 151.5 26 38.5|paper 177.5 36.0 3 77.0" \
    "bars, a mark at 1.5 and a range bar from 1 to 2 at exact places; no bar for a row without a value"
t_match "$(cat "$tmp/hand.html")" '<td>C</td><td>x</td><td>-</td><td>&lt;1</td>' "a text paper value is in the table"
t_is "$(grep -o '<text[^>]*>[0-9.]*</text>' "$tmp/hand.html" | sed 's/.*>\([0-9.]*\)<.*/\1/' | paste -sd' ')" "0 0.5 1 1.5 2" "the axis: 0 to 2 by 0.5"
# tables.lua: each result's figure beside it, checked by --check
T=$WS_SRCDIR/scenarios/experiments/tables.lua
FIX=$WS_SRCDIR/tests/data/exp_tables
mkdir -p "$tmp/tab/results"
cp "$FIX/results/t-fig1.json" "$tmp/tab/results/"
cp "$FIX/doc.md" "$tmp/tab/doc.md"
out=$($W --batch "$T" --root "$tmp/tab" --results "$tmp/tab/results" doc.md 2>&1)
t_match "$out" "rewrote results/t-fig1.html" "tables.lua writes the result's figure"
t_is "$(grep -c '<rect class="bar"' "$tmp/tab/results/t-fig1.html")" 5 "with one bar per row (5)"
t_match "$(cat "$tmp/tab/doc.md")" '\(\[its figure\]\(results/t-fig1.html\)\)' "the tables link to it"
out=$($W --batch "$T" --check --root "$tmp/tab" --results "$tmp/tab/results" doc.md 2>&1)
t_is "$?" 0 "--check passes"
echo changed >> "$tmp/tab/results/t-fig1.html"
out=$($W --batch "$T" --check --root "$tmp/tab" --results "$tmp/tab/results" doc.md 2>&1)
t_is "$?" 1 "--check fails when a figure is not what its result gives"
t_match "$out" "results/t-fig1.html: the figure differs from t-fig1.json" "... and names it"
rm -rf "$tmp"
t_done
