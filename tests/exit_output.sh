# Every way out of a scenario writes --json, --csv and the batch summary:
# its end, os.exit in each of its forms (the status it asks for), an error
# (status 1), and an os.exit that a pcall, xpcall or coroutine.resume tries
# to catch (it cannot, as with Lua's own os.exit), in batch mode, in the
# REPL and in the sandbox.  A write that fails turns status 0 into 1 and
# names the file.  (The TUI: tests/tui_exit.sh.)
. "$WS_SRCDIR/tests/tap.sh"
W=$WARPSCOPE
tmp=$WS_BUILDDIR/exit_output.tmp
rm -rf "$tmp"; mkdir -p "$tmp"

# One launch of gather (its statistics are what must not be lost), then
# the way out named by arg[1]; "after" is printed when the script goes on.
cat > "$tmp/scn.lua" <<'EOF'
local ws = require "warpscope"
local gpu = ws.gpu{}
local k = gpu:load_ptx(ws.datadir .. "/scenarios/micro/coalesce.ptx"):kernel("gather")
local a = gpu:array("i32", 1024, { name = "a" })
local out = gpu:array("i32", 32, { name = "out" })
gpu:launch(k, { grid = 1, block = 32 }, a, 1, out)
local how = arg[1]
if how == "exit3" then os.exit(3)
elseif how == "exit0" then os.exit(0)
elseif how == "exit3_close" then os.exit(3, true)
elseif how == "true" then os.exit(true)
elseif how == "false" then os.exit(false)
elseif how == "none" then os.exit()
elseif how == "error" then error("boom")
elseif how == "pcall" then print(pcall(os.exit, 4))
elseif how == "xpcall" then print(xpcall(function() os.exit(5) end, function(e) return e end))
elseif how == "resume" then print(coroutine.resume(coroutine.create(function() os.exit(6) end)))
elseif how == "wrap" then print(pcall(coroutine.wrap(function() os.exit(7) end)))
elseif how == "hook" then
  gpu:on("launch", function() os.exit(8) end)
  print(pcall(gpu.launch, gpu, k, { grid = 1, block = 32 }, a, 2, out))
elseif how == "close" then
  local x <close> = setmetatable({}, { __close = function() print("closed") end })
  os.exit(9)
end
print("after")
EOF

# The JSON parsed (warpscope's own decoder): gather's one load request.
cat > "$tmp/read_json.lua" <<'EOF'
local f = assert(io.open(arg[1]))
local j = require("warpscope.json").decode(f:read("a"))
f:close()
print("mem.load_accesses", j.stats["mem.load_accesses"].total)
EOF
json_ok() {
    t_is "$("$W" --batch "$tmp/read_json.lua" "$tmp/o.json" 2>&1)" "$(printf 'mem.load_accesses\t1')" "$1: the JSON parses and has the launch's counters"
}

# check WHAT STATUS ARGS...: run warpscope ARGS with --json and --csv in
# $tmp; the status, the files, the summary, "after" only at the end.
check() {
    what=$1 want=$2; shift 2
    rm -f "$tmp/o.json" "$tmp/o.csv"
    "$W" --json="$tmp/o.json" --csv="$tmp/o.csv" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
    t_is "$?" "$want" "$what: exit status $want"
    json_ok "$what"
    t_match "$(head -n 1 "$tmp/o.csv" 2>/dev/null)" '^cycle,' "$what: the CSV is written"
    t_match "$(cat "$tmp/out")" '^-- warpscope summary \(gtx480 preset' "$what: the summary is printed"
}
nothing_after() {
    if grep -q '^after$' "$tmp/out"; then t_ok 1 "$1: the script goes no further"; else t_ok 0 "$1: the script goes no further"; fi
}
quiet() {
    t_is "$(cat "$tmp/err")" "" "$1: nothing on standard error"
}

check "the end of the script" 0 --batch "$tmp/scn.lua"
t_match "$(cat "$tmp/out")" '^after$' "the end of the script: it ran to the end"
way() { # ARG STATUS WHAT
    check "$3" "$2" --batch "$tmp/scn.lua" "$1"
    nothing_after "$3"
    quiet "$3"
}
way exit3 3 "os.exit(3)"
way exit0 0 "os.exit(0)"
way exit3_close 3 "os.exit(3, true)"
way true 0 "os.exit(true)"
way false 1 "os.exit(false)"
way none 0 "os.exit()"
check "an error" 1 --batch "$tmp/scn.lua" error
t_match "$(cat "$tmp/err")" '^warpscope: .*scn\.lua:14: boom' "an error: is printed with its line"

# Lua's os.exit cannot be caught; ours neither
check "pcall(os.exit, 4)" 4 --batch "$tmp/scn.lua" pcall
nothing_after "pcall(os.exit, 4)"; quiet "pcall(os.exit, 4)"
check "os.exit in xpcall" 5 --batch "$tmp/scn.lua" xpcall
nothing_after "os.exit in xpcall"
check "os.exit in a coroutine" 6 --batch "$tmp/scn.lua" resume
nothing_after "os.exit in a coroutine"; quiet "os.exit in a coroutine"
check "os.exit in coroutine.wrap" 7 --batch "$tmp/scn.lua" wrap
nothing_after "os.exit in coroutine.wrap"
check "os.exit in an event hook under pcall" 8 --batch "$tmp/scn.lua" hook
nothing_after "os.exit in an event hook"; quiet "os.exit in an event hook"
check "os.exit in a to-be-closed variable's scope" 9 --batch "$tmp/scn.lua" close
t_match "$(cat "$tmp/out")" '^closed$' "os.exit: to-be-closed variables are closed"

# the REPL: os.exit in the script or in a command ends the session
check "-i SCRIPT with os.exit(3)" 3 -i "$tmp/scn.lua" exit3
printf 'os.exit(4)\nprint("after " .. "the exit")\n' > "$tmp/in"
rm -f "$tmp/o.json"
"$W" -i --json="$tmp/o.json" "$tmp/scn.lua" <"$tmp/in" >"$tmp/out" 2>"$tmp/err"
t_is "$?" 4 "-i: os.exit(4) typed at the prompt exits 4"
t_is "$(grep -c 'after the exit' "$tmp/out")" 0 "-i: os.exit(4): no command after it runs"
quiet "-i: os.exit(4)"
json_ok "-i: os.exit(4)"

# the sandbox keeps os.exit (it only ends the scenario)
check "--sandbox with os.exit(3)" 3 --batch --sandbox "$tmp/scn.lua" exit3
quiet "--sandbox with os.exit(3)"

# a write that fails: named, and status 0 becomes 1; another status stays
if [ -c /dev/full ]; then
    "$W" --batch --json=/dev/full "$tmp/scn.lua" exit0 >/dev/null 2>"$tmp/err"
    t_is "$?" 1 "os.exit(0) and a --json that cannot be written: exit status 1"
    t_match "$(cat "$tmp/err")" "cannot write '/dev/full': No space left on device" "... naming the file and why"
    "$W" --batch --csv=/dev/full "$tmp/scn.lua" exit3 >/dev/null 2>"$tmp/err"
    t_is "$?" 3 "os.exit(3) and a --csv that cannot be written: exit status 3"
    t_match "$(cat "$tmp/err")" "cannot write '/dev/full': No space left on device" "... naming the file and why"
else
    for i in 1 2 3 4; do t_ok 0 "# SKIP no /dev/full"; done
fi
# os.exit before any launch: nothing to write is said, as at the end
printf 'os.exit(0)\n' > "$tmp/nothing.lua"
"$W" --batch --json="$tmp/n.json" "$tmp/nothing.lua" >/dev/null 2>"$tmp/err"
t_is "$?" 1 "os.exit(0) before any launch with --json: exit status 1"
t_match "$(cat "$tmp/err")" "warpscope: --json: nothing written to '.*n\.json': no kernel ran" "... and says why"

# no temporary file is left beside the outputs
t_is "$(ls -A "$tmp" | grep -Ev '^(scn\.lua|read_json\.lua|nothing\.lua|in|out|err|o\.json|o\.csv)$')" "" "no temporary file is left behind"

rm -rf "$tmp"
t_done
