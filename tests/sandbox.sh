# warpscope --sandbox: no io/os/package access, reads only below the
# scenario's directory (and the data directory's lua/ and scenarios/), no
# writes, an instruction budget, a memory limit.
. "$WS_SRCDIR/tests/tap.sh"
d=$WS_BUILDDIR/sandbox.tmp
rm -rf "$d"
mkdir -p "$d/scn/sub" "$d/other"
echo 'return 42' > "$d/scn/sub/data.lua"
echo 'return "helper"' > "$d/scn/helper.lua"
echo 'return "outside"' > "$d/other/secret.lua"
cp "$WS_SRCDIR/scenarios/kernels/bfs_topo.ptx" "$d/other/k.ptx"
cp "$WS_SRCDIR/scenarios/kernels/bfs_topo.ptx" "$d/scn/sub/k.ptx"

run() { # SCRIPT-TEXT -> output of running it sandboxed from $d/scn/t.lua
    printf '%s\n' "$1" > "$d/scn/t.lua"
    "$WARPSCOPE" --batch --sandbox "$d/scn/t.lua" 2>&1
}
dir=$(cd "$d/scn" && pwd -P)

out=$(run 'print(io)'); t_is "$out" "nil" "io is gone"
out=$(run 'io.open("/etc/passwd")'); rc=$?
t_match "$out" "attempt to index a nil value \(global 'io'\)" "io.open refused"
t_is "$rc" 1 "... exit status 1"
out=$(run 'os.execute("true")')
t_match "$out" "attempt to call a nil value \(field 'execute'\)" "os.execute refused"
out=$(run 'print(type(os.clock()), type(os.time()), type(os.date("%Y")))')
t_is "$out" "$(printf 'number\tnumber\tstring')" "os.clock, os.time, os.date remain"
out=$(run 'print(package.loadlib, package.cpath, debug.sethook, #package.searchers)')
t_is "$out" "$(printf 'nil\t\tnil\t2')" "no C modules, no debug.sethook"
out=$(run "print(dofile('$d/scn/sub/data.lua'))")
t_is "$out" "42" "a file below the scenario's directory is readable"
out=$(run 'print((require "helper"))')
t_is "$out" "helper" "require finds a module beside the scenario"
out=$(run "print(dofile('$d/scn/../other/secret.lua'))"); rc=$?
t_match "$out" "sandbox: refused to read '.*scn/\.\./other/secret\.lua' \(outside $dir and the data directory's lua/ and scenarios/\)" "a ../ escape is refused"
t_is "$rc" 1 "... exit status 1"
out=$(run "print(loadfile('/etc/passwd'))")
t_match "$out" "sandbox: refused to read '/etc/passwd'" "loadfile outside is refused"
out=$(run "package.path = '$d/other/?.lua'; print(require 'secret')")
t_match "$out" "sandbox: refused '$d/other/secret.lua'" "require through a widened package.path is refused"
out=$(run 'print(load(string.dump(function() end)))')
t_match "$out" "attempt to load a binary chunk" "binary chunks are refused"
out=$(run 'local ws = require "warpscope"; local g = ws.gpu{ quiet = true }
print(g:load_ptx("sub/k.ptx"):kernels()[1])')
t_is "$out" "bfs_topo_expand" "gpu:load_ptx below the scenario's directory"
out=$(run "local ws = require 'warpscope'; local g = ws.gpu{ quiet = true }; g:load_ptx('$d/other/k.ptx')")
t_match "$out" "sandbox: refused to read '$d/other/k.ptx'" "gpu:load_ptx outside is refused"
out=$(run "local ws = require 'warpscope'; ws.graph.load('$d/other/secret.lua')")
t_match "$out" "sandbox: refused to read" "ws.graph.load outside is refused"
out=$(run "local ws = require 'warpscope'; ws.graph.default():save('$d/scn/g.wsg')")
t_match "$out" "sandbox: refused to write '$d/scn/g.wsg'" "writing a graph is refused"
t_is "$(test -e "$d/scn/g.wsg"; echo $?)" 1 "... and nothing was written"

# the instruction budget
out=$(run 'local n = 0; while true do n = n + 1 end'); rc=$?
t_match "$out" "sandbox: the instruction budget of 1000000000 Lua VM instructions is exhausted" "an infinite loop exhausts the budget"
t_is "$rc" 1 "... exit status 1"
printf 'while true do pcall(function() while true do end end) end\n' > "$d/scn/t.lua"
out=$("$WARPSCOPE" --batch --sandbox-budget=100000 "$d/scn/t.lua" 2>&1); rc=$?
t_match "$out" "budget of 100000 Lua VM" "pcall cannot outlive the budget"
t_is "$rc" 1 "... exit status 1"
printf 'print("small")\n' > "$d/scn/t.lua"
out=$("$WARPSCOPE" --batch --sandbox-budget=100000 "$d/scn/t.lua" 2>&1); rc=$?
t_is "$out" "small" "a script within its budget runs"
out=$("$WARPSCOPE" --batch --sandbox-budget=x "$d/scn/t.lua" 2>&1); rc=$?
t_is "$rc" 2 "a bad budget is a usage error"

# the shipped default scenario runs sandboxed, with the same result
# the memory limit (--sandbox-memory): Lua's heap, and each gpu's device memory
printf '%s\n' 'local t = {}' 'for i = 1, 1e9 do t[i] = ("x"):rep(100) .. i end' > "$d/scn/t.lua"
out=$("$WARPSCOPE" --batch --sandbox-memory=32M "$d/scn/t.lua" 2>&1); rc=$?
t_match "$out" "t.lua: sandbox: the Lua memory limit of 33554432 bytes is reached \(--sandbox-memory\)" \
    "a table that grows without end stops at the Lua memory limit"
t_is "$rc" 1 "... exit status 1"
printf '%s\n' 'local ok = pcall(function() local t = {} for i = 1, 1e9 do t[i] = ("y"):rep(64) .. i end end)' \
    'print("caught", ok)' 'collectgarbage()' 'local s = ("z"):rep(1000)' 'print(#s)' > "$d/scn/t.lua"
out=$("$WARPSCOPE" --batch --sandbox-memory=32M "$d/scn/t.lua" 2>&1); rc=$?
t_is "$out" "$(printf 'caught\tfalse\n1000')" "a script that catches the limit goes on once memory is freed"
printf '%s\n' 'local ws = require "warpscope"' 'local g = ws.gpu{ quiet = true }' 'local a = g:array("u32", 1000)' \
    'local b = g:array("u32", 4000000000)' > "$d/scn/t.lua"
out=$("$WARPSCOPE" --batch --sandbox-memory=1G "$d/scn/t.lua" 2>&1); rc=$?
t_match "$out" "t.lua:4: cannot allocate 16000000000 bytes for 'array': the device memory limit is 1073741824 bytes \(4000 in use\)" \
    "a device array past the limit fails, naming the script line and the limit"
t_is "$rc" 1 "... exit status 1"
out=$("$WARPSCOPE" --batch "$d/scn/t.lua" 2>&1); rc=$?
t_is "$rc" 0 "without the sandbox there is no device memory limit (the array is allocated lazily)"
out=$("$WARPSCOPE" --batch --sandbox-memory=12X "$d/scn/t.lua" 2>&1); rc=$?
t_is "$rc" 2 "--sandbox-memory=12X is a usage error"
t_match "$out" "invalid --sandbox-memory '12X'" "... naming the value"
out=$("$WARPSCOPE" --batch --sandbox 2>&1); rc=$?
t_is "$rc" 0 "the default scenario runs in the sandbox"
t_match "$out" "matches the CPU reference" "... and checks its result"
out=$(run "local function f() return dofile('$d/scn/sub') end
f()")
t_match "$out" "t.lua:1: dofile: '$d/scn/sub' is a directory" "sandboxed dofile of a directory: the script's line, the path, why"
out=$(run "package.path = '$d/scn/?;' .. package.path
require 'sub'")
t_match "$out" "t.lua:2: require 'sub': '$d/scn/sub' is a directory" "sandboxed require of a directory"
rm -rf "$d"
t_done
