# User input quoted in error messages never reaches the terminal raw: an
# escape sequence typed (or pasted) into an option, a command word or a Lua
# string shows as \x1b..., the rest of the message as before (ws_str_quote).
. "$WS_SRCDIR/tests/tap.sh"
W=$WARPSCOPE
tmp=$WS_BUILDDIR/quote_input.tmp
mkdir -p "$tmp"
E=$(printf '\033')
echo 'x = 1' > "$tmp/ok.lua"
# run ARGS...: stderr of warpscope ARGS, and its status in $rc
run() { out=$("$W" "$@" 2>&1 >/dev/null); rc=$?; }
noesc() { case "$out" in *"$E"*) echo 1 ;; *) echo 0 ;; esac; }

# the option parser (src/arch/ws_opts.c): keys and values
run --set "l1d.size=1${E}[2J" --batch "$tmp/ok.lua"
t_is "$out" "warpscope: --set l1d.size=1\\x1b[2J: option 'l1d.size': '1\\x1b[2J' is not a size (bytes with an optional K, M or G suffix, e.g. 48K) (allowed: 256..16M bytes)" \
    "--set: a bad value is quoted"
t_is "$rc" 2 "... status 2"
run --set "k${E}]0;title${E}\\=1" --batch "$tmp/ok.lua"
t_is "$(noesc)" 0 "--set: an unknown key with an OSC sequence: no escape byte reaches the terminal"
t_match "$out" "unknown option 'k\\\\x1b\\]0;title\\\\x1b\\\\x5c'" "... it is shown escaped (the backslash too)"
run --set "check.sync=${E}x" --batch "$tmp/ok.lua"
t_match "$out" "option 'check.sync': '\\\\x1bx' is not a boolean" "a boolean"
run --set "pf.policy=${E}x" --batch "$tmp/ok.lua"
t_match "$out" "option 'pf.policy': '\\\\x1bx' is not one of none" "a choice"
run --set "noeq${E}x" --batch "$tmp/ok.lua"
t_is "$out" "warpscope: --set noeq\\x1bx: 'noeq\\x1bx' is not KEY=VALUE (e.g. l1d.size=48K)" "not KEY=VALUE"
run --preset "p${E}x" --batch "$tmp/ok.lua"
t_match "$out" "^warpscope: unknown preset 'p\\\\x1bx' \\(presets: " "a preset"

# the command line (src/main.c)
run "--bogus${E}x"
t_is "$(echo "$out" | head -1)" "warpscope: unknown option '--bogus\\x1bx'" "an unknown option (not getopt's raw message)"
t_is "$rc" 2 "... status 2"
run --help=3
t_is "$(echo "$out" | head -1)" "warpscope: option '--help=3' takes no argument" "a long option given an argument"
run --batch --seed
t_is "$(echo "$out" | head -1)" "warpscope: option '--seed' needs an argument" "a missing argument"
run -q
t_is "$(echo "$out" | head -1)" "warpscope: unknown option '-q'" "an unknown short option"
run --seed "1${E}x" --batch "$tmp/ok.lua"
t_is "$(echo "$out" | head -1)" "warpscope: invalid seed '1\\x1bx' (expected a non-negative integer)" "a bad seed"
run "cmd${E}x"
t_is "$(echo "$out" | head -1)" "warpscope: unknown command 'cmd\\x1bx'" "an unknown command"
run --batch "$tmp/no${E}x.lua"
t_match "$out" "cannot read script '.*/no\\\\x1bx.lua': No such file or directory" "a missing script"
run --json "$tmp/no${E}dir/out.json" --batch "$tmp/ok.lua"
t_is "$(noesc)" 0 "--json in a directory that does not exist: no escape byte"
t_match "$out" "directory '.*/no\\\\x1bdir': No such file or directory" "... named escaped"

# Lua errors naming what the script passed
cat > "$tmp/q.lua" <<'EOF2'
local ws = require "warpscope"
local gpu = ws.gpu{ quiet = true }
local E = "\27[2J"
for _, f in ipairs{
  function() gpu:array("i3" .. E, 1) end,
  function() ws.gpu{ ["k" .. E] = 1 } end,
  function() gpu:on("ev" .. E, print) end,
  function() return gpu:load_ptx(ws.datadir .. "/scenarios/micro/deadlock.ptx"):kernel("k" .. E) end,
} do print((select(2, pcall(f)))) end
EOF2
out=$("$W" --batch --datadir "$WS_SRCDIR" "$tmp/q.lua" 2>&1); rc=$?
t_is "$(noesc)" 0 "Lua errors: no escape byte"
t_match "$out" "q.lua:5: unknown element type 'i3\\\\x1b\\[2J' \\(expected i8" "an element type"
t_match "$out" "q.lua:6: unknown option 'k\\\\x1b\\[2J' \\(see warpscope --list-options\\)" "a gpu option key"
t_match "$out" "q.lua:7: gpu:on: unknown event 'ev\\\\x1b\\[2J'" "an event name"
t_match "$out" "q.lua:8: .*deadlock.ptx: no kernel named 'k\\\\x1b\\[2J' \\(kernels: " "a kernel name"

# Subcommands: file names and options echoed in their messages
out=$("$W" graph info "$tmp/a${E}b" 2>&1)
t_is "$(noesc)" 0 "graph info of a missing file: no escape byte"
t_match "$out" "a\\\\x1bb: cannot open" "... named escaped"
out=$("$W" graph info --bogus${E} x 2>&1)
t_is "$(noesc)" 0 "graph: an unknown option: no escape byte"
out=$("$W" cache --bogus${E} 2>&1)
t_is "$(noesc)" 0 "cache: an unknown option: no escape byte"
t_match "$out" "unknown option '--bogus\\\\x1b'" "... named escaped"
out=$("$W" cache -l1-usize 1024 -l1-ubsize 64 -l1-uassoc 1 "$tmp/t${E}.din" 2>&1)
t_is "$(noesc)" 0 "cache: a missing trace: no escape byte"
out=$("$W" ptx check "$tmp/p${E}.ptx" 2>&1)
t_is "$(noesc)" 0 "ptx check of a missing file: no escape byte"
rm -rf "$tmp"
t_done
