# Command-line behaviour: options, exit statuses, subcommand dispatch.
. "$WS_SRCDIR/tests/tap.sh"
W=$WARPSCOPE

out=$($W --version); t_ok $? "--version exits 0"
t_match "$out" '^warpscope [0-9]+\.[0-9]+\.[0-9]+$' "--version prints name and version"
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

t_done
