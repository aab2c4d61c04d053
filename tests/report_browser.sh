# report_browser.sh: the reports in a real browser (issue 39, part 3).
# When Chromium is installed (CI installs Debian's), each generated page is
# opened headless: a run's report (--report), a several-run report
# (`warpscope report A B`; skipped if that ever fails), and an
# experiment's figure (dsap-fig8 --quick).  The test fails on any console message (the pages have no
# script, so any is an error), and checks that each section rendered: every
# section is cut out into a page of its own (the report's head and that
# section) and screenshot; a section with a plot must show coloured pixels
# (a series or bars: text and rules are black and grey), any other must
# show ink.  tests/png_ink (C, zlib) reads the screenshots.  First the
# checks are shown to catch what they must: a page with a script error,
# and an SVG drawn in white.  Without Chromium the test is skipped.
#
# To check another page, add it to the list with `page NAME FILE`.
. "$WS_SRCDIR/tests/tap.sh"
W=$WARPSCOPE
CR=
for c in chromium chromium-headless-shell chromium-browser; do
    command -v "$c" > /dev/null 2>&1 && { CR=$c; break; }
done
[ -n "$CR" ] || t_skip_all "chromium not installed (apt-get install chromium)"
INK=$WS_BUILDDIR/tests/png_ink
[ -x "$INK" ] || t_skip_all "tests/png_ink is not built (make check builds it)"
tmp=$WS_BUILDDIR/report_browser.tmp
rm -rf "$tmp"; mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT

# shot HTML PNG: a 1200x900 screenshot; the browser's log in PNG.log
shot() {
    # (--no-sandbox: CI runs as root; a profile of its own per call)
    timeout 120 "$CR" --headless --disable-gpu --no-sandbox --hide-scrollbars --enable-logging=stderr --v=0 \
        --user-data-dir="$tmp/profile" --window-size=1200,900 --screenshot="$2" "file://$1" > "$2.log" 2>&1
}
# console LOG: the console messages and uncaught errors in a browser's log
console() { grep -E 'CONSOLE|Uncaught' "$1"; }
# sections HTML DIR: one page per section of HTML in DIR (head + section);
# prints the section ids
sections() {
    awk -v dir="$2" '
        !body { head = head $0 "\n"; if ($0 ~ /<body>/) body = 1; next }
        /^<section id="/ { id = $0; sub(/^<section id="/, "", id); sub(/".*/, "", id)
                           out = dir "/" id ".html"; printf "%s", head > out; print id; insec = 1 }
        insec { print > out; if ($0 ~ /<\/section>/) { print "</body></html>" > out; close(out); insec = 0 } }
    ' "$1"
}

# 0. The checks catch what they must.
printf '<!DOCTYPE html><html><body><p>x</p><script>undefined_fn();</script></body></html>\n' > "$tmp/bad.html"
shot "$tmp/bad.html" "$tmp/bad.png"
t_match "$(console "$tmp/bad.png.log")" "Uncaught ReferenceError" "a page with a script error: its console error is seen"
printf '<!DOCTYPE html><html><body><svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><rect width="300" height="100" fill="#fff"/></svg></body></html>\n' > "$tmp/blank.html"
shot "$tmp/blank.html" "$tmp/blank.png"
set -- $("$INK" "$tmp/blank.png")
t_is "$3 $4" "0 0" "an SVG drawn in white: no ink, no colour"

# 1. The pages.
cat > "$tmp/run.lua" <<'LUA'
local ws = require "warpscope"
local B = require "warpscope.bfs"
local g = ws.graph.grid{ width = 12, height = 6, seed = 1 }
local gpu = ws.gpu{ quiet = true, ["sm.count"] = 2, ["pf.policy"] = "nextline" }
B.data(gpu, g, 0, 4)
gpu:close()
LUA
PAGES=
page() { PAGES="$PAGES $1=$2"; }
$W -b --set stats.interval=100 --json="$tmp/one.json" --report="$tmp/one.html" "$tmp/run.lua" > "$tmp/out" 2>&1
t_is "$?" 0 "a run writes its report (--report)"
page run "$tmp/one.html"
$W -b --set stats.interval=100 --set sm.count=4 --json="$tmp/two.json" "$tmp/run.lua" > "$tmp/out" 2>&1
if $W report "$tmp/one.json" "$tmp/two.json" -o "$tmp/several.html" > "$tmp/out" 2>&1; then
    t_ok 0 "a several-run report is written"
    page several "$tmp/several.html"
else
    t_ok 0 "# SKIP several-run reports are not written yet (warpscope report A B)"
fi
$W --batch "$WS_SRCDIR/scenarios/experiments/dsap-fig8.lua" --quick --out "$tmp" > "$tmp/out" 2>&1
t_is "$?" 0 "dsap-fig8 --quick writes its figure"
page figure "$tmp/dsap-fig8.html"

# 2. Each page whole, then each of its sections.
for p in $PAGES; do
    name=${p%%=*} html=${p#*=}
    shot "$html" "$tmp/$name.png"
    t_ok "$([ -s "$tmp/$name.png" ]; echo $?)" "$name: the page opens and is drawn"
    t_is "$(console "$tmp/$name.png.log")" "" "$name: no console message"
    mkdir -p "$tmp/$name"
    ids=$(sections "$html" "$tmp/$name")
    t_match "$ids" . "$name: the page has sections"
    for id in $ids; do
        shot "$tmp/$name/$id.html" "$tmp/$name/$id.png"
        set -- $("$INK" "$tmp/$name/$id.png" 2>&1)
        err=$(console "$tmp/$name/$id.png.log")
        if grep -q '<svg' "$tmp/$name/$id.html"; then
            t_ok "$([ -z "$err" ] && [ "${4:-0}" -gt 100 ]; echo $?)" "$name#$id: a plot rendered ($4 coloured pixels)"
        else
            t_ok "$([ -z "$err" ] && [ "${3:-0}" -gt 100 ]; echo $?)" "$name#$id: rendered ($3 inked pixels)"
        fi
        [ -z "$err" ] || echo "$err" | sed 's/^/#   /'
    done
done
rm -rf "$tmp"
t_done
