# os.exit in the TUI: called by the scenario, or typed in the console (the
# ':lua' command and the console view), it ends the TUI with the status
# asked for, the terminal restored, and --json, --csv and the summary
# written as when the scenario ends.  (Batch mode: tests/exit_output.sh.)
. "$WS_SRCDIR/tests/tui_lib.sh"

# Two launches of gather; os.exit(arg[1]) between them when given.  The
# second goes through pcall, which must still let gpu:launch yield to the
# TUI (warpscope's pcall wraps Lua's).
cat > "$tmp/scn.lua" <<'EOF2'
local ws = require "warpscope"
local gpu = ws.gpu{}
local k = gpu:load_ptx(ws.datadir .. "/scenarios/micro/coalesce.ptx"):kernel("gather")
local a = gpu:array("i32", 1024, { name = "a" })
local out = gpu:array("i32", 32, { name = "out" })
gpu:launch(k, { grid = 1, block = 32 }, a, 1, out)
if arg[1] then print(pcall(os.exit, tonumber(arg[1]))) end
assert(pcall(gpu.launch, gpu, k, { grid = 1, block = 32 }, a, 2, out))
EOF2
cat > "$tmp/read_json.lua" <<'EOF2'
local f = assert(io.open(arg[1]))
local j = require("warpscope.json").decode(f:read("a"))
f:close()
print("mem.load_accesses", j.stats["mem.load_accesses"].total)
EOF2
# outputs WHAT LOADS: the JSON parses with LOADS (a pattern) load requests
# (1 for the first launch, 2 more for the second), the CSV is there
outputs() {
    t_match "$("$W" --batch "$tmp/read_json.lua" "$tmp/o.json" 2>&1)" "^mem\.load_accesses	($2)\$" \
         "$1: the JSON parses and has the statistics of the launches run"
    t_match "$(head -n 1 "$tmp/o.csv" 2>/dev/null)" '^cycle,' "$1: the CSV is written"
    t_ok "$([ "$(ls -A "$tmp" | grep -c '^\.\|tmp')" -eq 0 ]; echo $?)" "$1: no temporary file is left"
    rm -f "$tmp/o.json" "$tmp/o.csv"
}

# The scenario calls os.exit(3) (under a pcall, which cannot catch it)
# after its first launch.
start --datadir "$WS_SRCDIR" --json="$tmp/o.json" --csv="$tmp/o.csv" "$tmp/scn.lua" 3
expect 'PAUSED +cycle 0 ' "the first launch opens paused" 20
keys c
expect '^EXIT=3' "the scenario's os.exit(3) ends the TUI with status 3" 20
expect '^-- warpscope summary \(gtx480 preset' "the summary is printed"
t_is "$(cmp "$tmp/stty.before" "$tmp/stty.after" >/dev/null 2>&1 && echo same)" same "the terminal settings are restored"
outputs "os.exit in the scenario" 1
T kill-server 2>/dev/null

# The ':lua' command, at the first cycle of the second launch.
TSOCK=$TSOCK-2
start --datadir "$WS_SRCDIR" --json="$tmp/o.json" --csv="$tmp/o.csv" "$tmp/scn.lua"
expect 'PAUSED +cycle 0 ' "the first launch opens paused" 20
keys R
expect 'launch 2: gather at cycle [0-9]+' "the second launch (under pcall) begins" 20
expect 'PAUSED +cycle [0-9]+ \(\+0 in launch\)' "... paused at its first cycle"
cmd "lua os.exit(4)"
expect '^EXIT=4' ":lua os.exit(4) ends the TUI with status 4" 20
expect '^-- warpscope summary \(gtx480 preset' "the summary is printed"
outputs ":lua os.exit(4)" 1
T kill-server 2>/dev/null

# The console view, after the scenario has finished; os.exit(false).
TSOCK=$TSOCK-3
start --datadir "$WS_SRCDIR" --json="$tmp/o.json" --csv="$tmp/o.csv" "$tmp/scn.lua"
expect 'PAUSED +cycle 0 ' "the first launch opens paused" 20
keys c
expect 'launch 2: gather' "the second launch begins" 20
keys c
expect 'the scenario has finished' "the scenario finishes" 20
keys 8
keys "os.exit(false)" Enter
expect '^EXIT=1' "os.exit(false) in the console ends the TUI with status 1" 20
expect '^-- warpscope summary \(gtx480 preset' "the summary is printed"
outputs "os.exit(false) in the console" 3
T kill-server 2>/dev/null

t_done
