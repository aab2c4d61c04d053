# Command-line behaviour: options, exit statuses, subcommand dispatch.
. "$WS_SRCDIR/tests/tap.sh"
W=$WARPSCOPE

out=$($W --version); t_ok $? "--version exits 0"
t_match "$out" '^warpscope [0-9]+\.[0-9]+\.[0-9]+ \(commit [0-9a-z-]+\)$' "--version prints name, version and commit"
out=$($W -V); t_match "$out" '^warpscope ' "-V is --version"

out=$($W --help); t_ok $? "--help exits 0"
t_match "$out" '^Usage: warpscope' "--help starts with a usage line"
t_match "$out" '--seed' "--help lists --seed"
t_match "$out" 'Exit status' "--help documents exit status"

$W --no-such-option >/dev/null 2>"$WS_BUILDDIR/cli.err"; rc=$?
t_is "$rc" 2 "unknown option exits 2"
t_match "$(cat "$WS_BUILDDIR/cli.err")" '^Usage: warpscope' "unknown option prints a usage line"

$W --seed >/dev/null 2>&1; t_is "$?" 2 "missing option argument exits 2"
$W --seed=abc >/dev/null 2>"$WS_BUILDDIR/cli.err"; t_is "$?" 2 "bad seed exits 2"
t_match "$(cat "$WS_BUILDDIR/cli.err")" "invalid seed 'abc'" "bad seed is named"

$W frobnicate >/dev/null 2>"$WS_BUILDDIR/cli.err"; t_is "$?" 2 "unknown command exits 2"
t_match "$(cat "$WS_BUILDDIR/cli.err")" "unknown command 'frobnicate'" "unknown command is named"

$W /nonexistent/x.lua >/dev/null 2>"$WS_BUILDDIR/cli.err"; t_is "$?" 1 "missing script exits 1"
t_match "$(cat "$WS_BUILDDIR/cli.err")" "cannot read script '/nonexistent/x.lua'" "missing script is named"
mkdir -p "$WS_BUILDDIR/cli_dir.lua"
for b in "" --batch; do
    $W $b "$WS_BUILDDIR/cli_dir.lua" >/dev/null 2>"$WS_BUILDDIR/cli.err"; t_is $? 1 "a directory as the script${b:+ ($b)}: exit 1"
    t_is "$(cat "$WS_BUILDDIR/cli.err")" "warpscope: $WS_BUILDDIR/cli_dir.lua: is a directory" "a directory as the script${b:+ ($b)}: says so"
done
rmdir "$WS_BUILDDIR/cli_dir.lua"

# Scripts: arguments, errors with file and line, exit status.
tmp="$WS_BUILDDIR/cli_tmp.lua"
printf 'print(#arg, arg[1], arg[2])\n' > "$tmp"
out=$($W "$tmp" a b); t_ok $? "script runs"
t_is "$out" "$(printf '2\ta\tb')" "script sees its arguments"
printf 'local x = 1\nerror("boom")\n' > "$tmp"
$W "$tmp" >/dev/null 2>"$WS_BUILDDIR/cli.err"; t_is "$?" 1 "script error exits 1"
t_match "$(cat "$WS_BUILDDIR/cli.err")" 'cli_tmp.lua:2: boom' "script error names file and line"
printf 'local x = \n' > "$tmp"
$W "$tmp" >/dev/null 2>"$WS_BUILDDIR/cli.err"; t_is "$?" 1 "syntax error exits 1"
t_match "$(cat "$WS_BUILDDIR/cli.err")" 'cli_tmp.lua:2:' "syntax error names file and line"
rm -f "$tmp" "$WS_BUILDDIR/cli.err"

# Options reach the Lua layer; -- ends options.
printf 'print(require("warpscope").options.seed)\n' > "$tmp"
t_is "$($W --seed 77 "$tmp")" 77 "--seed reaches Lua"
t_is "$($W -s 0x10 -- "$tmp")" 16 "-s takes hex and -- ends options"
rm -f "$tmp"

# Default scenario (no arguments) runs from the source tree's data directory.
out=$($W); t_ok $? "no arguments runs the default scenario"
t_match "$out" '^warpscope ' "default scenario prints a banner"
out=$($W --datadir=/nonexistent 2>&1); t_is "$?" 1 "--datadir without the scenario exits 1"
t_match "$out" "/nonexistent/scenarios/default.lua" "--datadir is honoured"

# Output files: a path that cannot work (no such directory, a directory,
# an empty name) is refused before the run (exit 2, nothing simulated); a
# write that fails at the end fails the run (exit 1) and is named;
# /dev/stdout gets the JSON after what was printed, even when standard
# output is a file; a full standard output is an error too.
scn="$WS_SRCDIR/scenarios/bfs_topo.lua"; gr="$WS_SRCDIR/tests/data/tiny.graph"
$W --batch --json=/nonexistent/dir/x.json "$scn" "$gr" 0 >"$WS_BUILDDIR/cli.out" 2>"$WS_BUILDDIR/cli.err"
t_is "$?" 2 "an --json in a directory that does not exist exits 2"
t_match "$(cat "$WS_BUILDDIR/cli.err")" "^warpscope: --json: cannot write '/nonexistent/dir/x.json': directory '/nonexistent/dir': No such file or directory$" "and says why"
t_is "$(wc -c <"$WS_BUILDDIR/cli.out")" 0 "before running anything"
$W --batch --csv="$WS_BUILDDIR" "$scn" "$gr" 0 >/dev/null 2>"$WS_BUILDDIR/cli.err"; t_is "$?" 2 "--csv naming a directory exits 2"
t_match "$(cat "$WS_BUILDDIR/cli.err")" "--csv: cannot write '.*': '.*' is a directory" "and says why"
$W --batch --json= "$scn" "$gr" 0 >/dev/null 2>"$WS_BUILDDIR/cli.err"; t_is "$?" 2 "an empty --json exits 2"
t_match "$(cat "$WS_BUILDDIR/cli.err")" "the file name is empty" "and says why"
$W --batch --json="$scn/x.json" "$scn" "$gr" 0 >/dev/null 2>"$WS_BUILDDIR/cli.err"; t_is "$?" 2 "a --json below a file exits 2"
t_match "$(cat "$WS_BUILDDIR/cli.err")" "bfs_topo.lua' is not a directory" "and says why"
if [ -c /dev/full ]; then
    $W --batch --json=/dev/full "$scn" "$gr" 0 >/dev/null 2>"$WS_BUILDDIR/cli.err"; t_is "$?" 1 "a --json write that fails at the end exits 1"
    t_match "$(cat "$WS_BUILDDIR/cli.err")" "cannot write '/dev/full': No space left on device" "and names the file"
else
    t_ok 0 "# SKIP no /dev/full"; t_ok 0 "# SKIP no /dev/full"
fi
$W --batch --json=/dev/stdout "$scn" "$gr" 0 >"$WS_BUILDDIR/cli.out"; t_is "$?" 0 "--json=/dev/stdout into a file"
sum=$(grep -n '^MTAML' "$WS_BUILDDIR/cli.out" | cut -d: -f1); js=$(grep -n '^{' "$WS_BUILDDIR/cli.out" | cut -d: -f1)
t_is "$([ -n "$sum" ] && [ -n "$js" ] && [ "$sum" -lt "$js" ] && echo after)" after "the JSON follows the printed summary"
t_is "$(tail -n 1 "$WS_BUILDDIR/cli.out")" "}" "and ends the output, whole"
if [ -c /dev/full ]; then
    $W --batch "$scn" "$gr" 0 >/dev/full 2>"$WS_BUILDDIR/cli.err"; t_is "$?" 1 "a full standard output exits 1"
    t_match "$(cat "$WS_BUILDDIR/cli.err")" "cannot write to standard output: No space left on device" "and says so"
else
    t_ok 0 "# SKIP no /dev/full"; t_ok 0 "# SKIP no /dev/full"
fi
# Statistics asked for that no gpu had (a functional run, a script that
# launches nothing): an error naming the file, not a file silently missing.
rm -f "$WS_BUILDDIR/cli_f.json"
$W --batch --set run.mode=functional --json="$WS_BUILDDIR/cli_f.json" "$scn" "$gr" 0 >/dev/null 2>"$WS_BUILDDIR/cli.err"
t_is "$?" 1 "--json with only functional gpus exits 1"
t_match "$(cat "$WS_BUILDDIR/cli.err")" "warpscope: --json: nothing written to '.*cli_f.json': no kernel ran on a timing gpu \(run.mode=functional, or the scenario launched nothing\)" \
    "and says that nothing was written, and why"
t_is "$([ -e "$WS_BUILDDIR/cli_f.json" ] && echo exists || echo absent)" absent "(no file)"
printf 'print("no gpu here")\n' > "$WS_BUILDDIR/cli_nogpu.lua"
out=$($W --batch --csv="$WS_BUILDDIR/cli_n.csv" "$WS_BUILDDIR/cli_nogpu.lua" 2>"$WS_BUILDDIR/cli.err"); t_is "$?" 1 "--csv with a script that makes no gpu exits 1"
t_is "$out" "no gpu here" "the script still ran"
t_match "$(cat "$WS_BUILDDIR/cli.err")" "warpscope: --csv: nothing written to '.*cli_n.csv'" "and the missing CSV is named"
rm -f "$WS_BUILDDIR/cli.out" "$WS_BUILDDIR/cli.err" "$WS_BUILDDIR/cli_nogpu.lua"

# A batch run that dies of a deadlock: the error keeps the first 1024 bytes
# of the diagnosis, then the whole of it follows (nothing can ask
# gpu:diagnosis() any more).  split_barrier on 90 CTAs: 720 warps at
# barriers, 64 lines and a count of the rest.
dl="$WS_BUILDDIR/cli_deadlock.lua"
cat > "$dl" <<'EOF'
local ws = require "warpscope"
local gpu = ws.gpu{ quiet = true, ["run.deadlock"] = 2000 }
local k = gpu:load_ptx(ws.datadir .. "/scenarios/micro/deadlock.ptx"):kernel("split_barrier")
local out = gpu:array("i32", 256 * 90, { name = "out" })
if arg[1] == "caught" then
  print(pcall(gpu.launch, gpu, k, { grid = 90, block = 256 }, out) and "no deadlock" or "caught")
  error("something else")
end
gpu:launch(k, { grid = 90, block = 256 }, out)
EOF
$W --batch --datadir "$WS_SRCDIR" "$dl" >/dev/null 2>"$WS_BUILDDIR/cli.err"; t_is "$?" 1 "a deadlock ends a batch run with status 1"
err=$(cat "$WS_BUILDDIR/cli.err")
t_match "$err" "^warpscope: .*cli_deadlock.lua:9: deadlock in kernel 'split_barrier' at cycle [0-9]+" "the error comes first"
t_match "$err" '^  \.\.\. \(the diagnosis goes on: gpu:diagnosis\(\) has the whole text\)$' "it stops where 1024 bytes end"
t_match "$err" '^warpscope: the whole deadlock diagnosis:$' "then the whole diagnosis follows"
t_is "$(tail -1 "$WS_BUILDDIR/cli.err")" "  ... and 464 more warp(s)" "to its end"
t_is "$(sed -n '/^warpscope: the whole deadlock diagnosis:$/,$p' "$WS_BUILDDIR/cli.err" | grep -c 'wait at a barrier')" 64 \
     "64 lines of warps at barriers in it"
$W --batch --datadir "$WS_SRCDIR" "$dl" caught >"$WS_BUILDDIR/cli.out" 2>"$WS_BUILDDIR/cli.err"
t_is "$?" 1 "a caught deadlock, then another error"
t_is "$(cat "$WS_BUILDDIR/cli.out")" "caught" "the script caught the deadlock"
t_match "$(cat "$WS_BUILDDIR/cli.err")" "something else" "the other error ends the run"
if grep -q 'whole deadlock diagnosis' "$WS_BUILDDIR/cli.err"; then t_ok 1 "no diagnosis with it"; else t_ok 0 "no diagnosis with it"; fi
rm -f "$dl" "$WS_BUILDDIR/cli.out" "$WS_BUILDDIR/cli.err"

t_done
