# tui_srcline.sh: CUDA source lines and :export in the interface (issue 37).
# The shipped bfs_level kernel (built with nvcc -lineinfo) on a 3-vertex
# path: `break cu bfs_level.cu:42` stops at the store of dist[v] (PTX line
# 84); the warp view names the CUDA line; the source view's `v` shows the
# .cu line above its PTX, then the CUDA lines alone with their counts.
# :export writes the screen as text (what tmux shows, row for row) and as
# SVG (well-formed, with the screen's colours); a file that cannot be
# written gives a clear message and leaves nothing behind.
. "$WS_SRCDIR/tests/tui_lib.sh"

cat > "$tmp/path.lua" <<'LUA'
local ws = require "warpscope"
local gpu = ws.gpu{ ["sm.count"] = 1 }
local k = gpu:load_ptx(ws.data_path("scenarios/kernels/bfs_level.ptx")):kernel("bfs_level")
local row = gpu:array("i32", 4, { name = "row" })
local col = gpu:array("i32", 4, { name = "col" })
local dist = gpu:array("i32", 3, { name = "dist" })
local changed = gpu:array("i32", 1, { name = "changed" })
for i, v in ipairs{ 0, 1, 3, 4 } do row[i - 1] = v end
for i, v in ipairs{ 1, 0, 2, 1 } do col[i - 1] = v end
dist[0], dist[1], dist[2] = 0, -1, -1
gpu:launch(k, { grid = 1, block = 32 }, row, col, dist, 0, 3, changed)
print("dist", dist[0], dist[1], dist[2])
LUA

start --datadir "$WS_SRCDIR" "$tmp/path.lua"
expect "PAUSED +cycle 0 " "opens paused at cycle 0" 20
expect "preset gtx480  gpu 1  launch 1: bfs_level" "the header names the gpu by its label"
cmd break cu bfs_level.cu:99
expect 'no instruction of the running kernel.s PTX comes from bfs_level.cu:99' "break cu refuses a line without code"
cmd break cu bfs_level.cu:42
expect 'breakpoint 1: CUDA line bfs_level.cu:42, any warp' "break cu sets a CUDA line breakpoint"
keys c
expect 'breakpoint 1: reached by SM 0 slot 0 \(CTA 0 w0\) at line 84' "it stops at PTX line 84"
keys 2
expect 'pc [0-9]+  line 84  bfs_level.cu:42  bfs_level: st\.global\.u32' "the warp view names the CUDA line"
keys 7
expect 'kernel bfs_level .*\[PTX\]' "the source view starts in the PTX mode"
expect '^B +1> +84 .*st\.global\.u32' "... at the store, with the breakpoint mark"
keys v
expect 'kernel bfs_level .*\[PTX\+CUDA\]' "v: PTX and CUDA"
expect '^ +bfs_level\.cu:42 +dist\[v\] = level \+ 1;' "the CUDA line above its PTX"
expect '^ +bfs_level\.cu:40 +int v = col\[e\];' "... another CUDA line"
keys v
expect 'kernel bfs_level .*\[CUDA\]' "v: CUDA"
expect '^B +1> +42 +dist\[v\] = level \+ 1;' "the CUDA line of the next instruction, with the mark"
expect '^ +41 +[0-9]+ +[0-9]+ .* if \(dist\[v\] < 0\) \{' "a CUDA line with its instructions' summed counts"
expect '^ +38 +[0-9.KM]* .* return;' "another line of the .cu"

# :export as text: the file holds what the screen shows, row for row.  (A
# name relative to the build directory, where warpscope runs, keeps the
# status line's message short enough to read whole.)
rel=$(basename "$tmp")
[ "$PWD/$rel" -ef "$tmp" ] || rel=$tmp
cmd export "$rel/shot"
expect "screen exported to $rel/shot.txt" "export FILE writes FILE.txt"
screen | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' > "$tmp/pane.txt"
rows=$(wc -l < "$tmp/pane.txt")
t_is "$(head -n $((rows - 1)) "$tmp/shot.txt")" "$(head -n $((rows - 1)) "$tmp/pane.txt")" \
    "the text file is the screen (every row above the status line)"
t_match "$(cat "$tmp/shot.txt")" 'dist\[v\] = level \+ 1;' "... with the CUDA line"

# :export as SVG
cmd export "$rel/shot.svg"
expect "screen exported to $rel/shot.svg" "export FILE.svg"
svg=$(cat "$tmp/shot.svg")
t_match "$(head -c 200 "$tmp/shot.svg")" '^<\?xml version="1\.0" encoding="UTF-8"\?>' "an XML declaration"
t_match "$svg" '<svg xmlns="http://www.w3.org/2000/svg" width="960" height="640"' "an SVG of 120x40 cells"
t_match "$svg" 'dist\[v\] = level \+ 1;' "the CUDA line is in it"
t_match "$svg" 'fill="#[0-9a-f]{6}"' "fill colours"
t_ok "$(printf '%s' "$svg" | grep -q 'href\|<script\|@font-face\|url('; [ $? -ne 0 ]; echo $?)" \
    "self-contained: no links, scripts or fonts"
if command -v xmllint >/dev/null 2>&1; then
    t_ok "$(xmllint --noout "$tmp/shot.svg" 2>/dev/null; echo $?)" "xmllint: well-formed"
else
    opened=$(grep -o '<text' "$tmp/shot.svg" | wc -l)
    closed=$(grep -o '</text>' "$tmp/shot.svg" | wc -l)
    t_ok "$([ "$opened" -gt 0 ] && [ "$opened" -eq "$closed" ] && tail -n 1 "$tmp/shot.svg" | grep -q '^</svg>$'; echo $?)" \
        "well-formed enough (no xmllint): every <text> closed, ends with </svg>"
fi
cmd export "$rel/shot.svg"
expect "screen exported to $rel/shot.svg \(it replaced the file of that name\)" "a second export says it replaced the file"
cmd export /nonexistent-dir/x.txt
expect "export: cannot write /nonexistent-dir/x.txt: No such file or directory" "an unwritable name: a clear message"
t_is "$(ls "$tmp" | grep -c 'tmp[0-9]')" "0" "no temporary file left behind"

keys c
expect 'the scenario has finished' "the run finishes" 20
keys q
expect 'EXIT=0' "q quits"
t_done
