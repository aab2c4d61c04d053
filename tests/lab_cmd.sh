# lab_cmd.sh: `warpscope lab` lists the labs with their titles, `warpscope
# lab N ARGS...` runs lab N with its own arguments, a bad number is a clear
# message and exit status 1, a lab's argument errors are a usage line (no
# traceback), and a script path not found here is looked up in the data
# directory (so the labs README's commands work installed).
. "$WS_SRCDIR/tests/tap.sh"
W=$WARPSCOPE
tmp=$WS_BUILDDIR/lab_cmd.tmp
rm -rf "$tmp"; mkdir -p "$tmp/elsewhere"

out=$("$W" lab 2>&1); rc=$?
t_is "$rc" 0 "lab: exit status 0"
t_match "$out" "^ +1 +01-coalescing\.lua +memory divergence and coalescing in BFS$" "lab: lab 1 with its title"
t_match "$out" "^ +6 +06-lua-prefetcher\.lua +write a prefetcher in Lua$" "lab: lab 6 with its title"
t_match "$out" "^ +7 +07-reordering\.lua +reordering irregular accesses \\(the IRU\\)$" "lab: lab 7 with its title"
t_match "$out" "^ +8 +08-temporal-coalescing\.lua +temporal coalescing \\(the MFF\\)$" "lab: lab 8 with its title"
t_is "$(printf '%s\n' "$out" | grep -c '^ *[0-9]  ')" 8 "lab: eight labs"

out=$("$W" --batch lab 1 rmat:8 2>&1); rc=$?
t_is "$rc" 0 "lab 1 rmat:8: exit status 0"
t_match "$out" "every run's result matches the CPU reference" "lab 1 rmat:8 ran to its end"
t_match "$out" "RMAT scale 8" "lab 1 got its argument"

out=$("$W" --batch lab 9 2>&1); rc=$?
t_is "$rc" 1 "lab 9: exit status 1"
t_is "$out" "warpscope: lab: there is no lab 9 (the labs are 1 to 8; 'warpscope lab' lists them)" "lab 9: the message"
out=$("$W" --batch lab one 2>&1); rc=$?
t_is "$rc" 1 "lab one: exit status 1"
t_match "$out" "'one' is not a lab number" "lab one: the message"

out=$("$W" --batch lab 1 bogus=3 2>&1); rc=$?
t_is "$rc" 1 "lab 1 bogus=3: exit status 1"
t_match "$out" "unknown argument 'bogus' \(this lab takes graph, source, kernels\)" "lab argument error: the message"
t_match "$out" "^usage: warpscope \[OPTION\]\.\.\. .*01-coalescing\.lua \[graph\] \[source\] \[kernels\]" "lab argument error: the usage line"
t_is "$(printf '%s\n' "$out" | grep -c 'traceback')" 0 "lab argument error: no traceback"
out=$("$W" --batch "$WS_SRCDIR/scenarios/labs/01-coalescing.lua" --set l1d.size=48K 2>&1); rc=$?
t_is "$rc" 1 "an option after the lab: exit status 1"
t_match "$out" "options go before the script: warpscope --set K=V script.lua" "an option after the script: says where options go"
t_is "$(printf '%s\n' "$out" | grep -c 'traceback\|cannot open')" 0 "an option after the script: no traceback, no 'cannot open'"

# a data directory of our own: lua/ and two scripts
data=$tmp/data
mkdir -p "$data/scenarios/labs"
ln -s "$WS_SRCDIR/lua" "$data/lua"
echo 'print("hello from the data directory", arg[1])' >"$data/scenarios/hello.lua"
printf -- '-- Lab 7: a lab of our own (worksheet: 07-own.md).\nprint("lab seven", arg[1])\n' >"$data/scenarios/labs/07-own.lua"
out=$(cd "$tmp/elsewhere" && "$W" --batch --datadir="$data" scenarios/hello.lua x 2>&1); rc=$?
t_is "$rc" 0 "a script found through the data directory: exit status 0"
t_is "$out" "hello from the data directory	x" "a script found through the data directory runs with its arguments"
out=$(cd "$tmp/elsewhere" && "$W" --batch --datadir="$data" scenarios/nothere.lua 2>&1); rc=$?
t_is "$rc" 1 "a script in neither place: exit status 1"
t_match "$out" "cannot read script 'scenarios/nothere.lua'" "a script in neither place: named as given"
out=$("$W" --datadir="$data" lab 2>&1)
t_match "$out" "^ +7 +07-own\.lua +a lab of our own$" "lab: the data directory's labs (title from the script without a worksheet)"
out=$("$W" --batch --datadir="$data" lab 7 arg1 2>&1)
t_is "$out" "lab seven	arg1" "lab 7 from the data directory"
rm -rf "$tmp"
t_done
