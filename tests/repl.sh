# warpscope -i: a plain Lua REPL fed through a pipe (no prompts when
# standard input is not a terminal): expressions print their values,
# multi-line input, an error and the session going on, a kernel launch and
# inspection, a script run first, Ctrl-C interrupting a command, exit status.
. "$WS_SRCDIR/tests/tap.sh"

out=$(printf '%s\n' '1 + 2' 'x = 20' 'x * 2' \
    'function f(a)' '  return a * 3' 'end' 'f(4)' \
    '"str", 3, nil' '{ 1, 2, b = { c = true }, a = "x" }' \
    'error("boom")' 'print("still here")' 'ws.version == ws.version' \
    | "$WARPSCOPE" -i 2>"$WS_BUILDDIR/repl.err"); rc=$?
err=$(cat "$WS_BUILDDIR/repl.err")
t_is "$rc" 0 "end of input exits with status 0"
t_is "$(printf '%s\n' "$out" | sed -n 1p)" "3" "an expression prints its value"
t_is "$(printf '%s\n' "$out" | sed -n 2p)" "40" "a statement prints nothing; a global persists"
t_is "$(printf '%s\n' "$out" | sed -n 3p)" "12" "a function defined over three lines"
t_is "$(printf '%s\n' "$out" | sed -n 4p)" "$(printf 'str\t3\tnil')" "several values, tab-separated"
t_is "$(printf '%s\n' "$out" | sed -n 5p)" '{ 1, 2, a = "x", b = { c = true } }' "tables print in full, keys sorted"
t_is "$(printf '%s\n' "$out" | sed -n 6p)" "still here" "after an error the session goes on"
t_is "$(printf '%s\n' "$out" | sed -n 7p)" "true" "ws is the warpscope module"
t_match "$err" '^stdin:1: boom' "the error message is printed on stderr"

# a gpu, a kernel launch and inspection
out=$(cat <<'LUA' | "$WARPSCOPE" -i 2>&1
gpu = ws.gpu{ sms = 2, quiet = true }
m = gpu:load_ptx_text([[
.version 7.0
.target sm_75
.address_size 64
.visible .entry k(.param .u64 out)
{
  .reg .b32 %r<2>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r1;
  ret;
}
]], "k.ptx")
a = gpu:array("i32", 64)
gpu:launch(m:kernel("k"), { grid = 2, block = 32 }, a)
a[31]
gpu:sm(1)
gpu:sm(1):counters().warp_insns
gpu:machine().nsms
gpu:sm(2)
LUA
); rc=$?
t_is "$rc" 0 "a session with a launch exits with 0"
t_is "$(printf '%s\n' "$out" | sed -n 1p)" "31" "the kernel ran"
t_is "$(printf '%s\n' "$out" | sed -n 2p)" "SM 1" "handles print through __tostring"
t_is "$(printf '%s\n' "$out" | sed -n 3p)" "6" "CTA 1 ran on SM 1 (6 instructions)"
t_is "$(printf '%s\n' "$out" | sed -n 4p)" "2" "gpu:machine()"
t_match "$out" 'SM 2 does not exist \(0\.\.1\)' "an out-of-range SM is an error, not the end"

# -i SCRIPT: the script runs first, its globals stay
tmp=$WS_BUILDDIR/repl.tmp.lua
printf 'answer = 6 * 7\nprint("script ran", arg[1])\n' > "$tmp"
out=$(printf 'answer\n' | "$WARPSCOPE" -i "$tmp" hello 2>&1); rc=$?
t_is "$out" "$(printf 'script ran\thello\n42')" "-i SCRIPT runs it, then reads commands"
t_is "$rc" 0 "... and exits with 0"

# Ctrl-C interrupts the running command, not the program
d=$(mktemp -d)
mkfifo "$d/in"
"$WARPSCOPE" -i < "$d/in" > "$d/out" 2> "$d/err" &
pid=$!
exec 3> "$d/in"
echo 'print("start")' >&3
echo 'while true do end' >&3
i=0
while [ "$(cat "$d/out")" != "start" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
sleep 0.3
kill -INT $pid
echo 'print("alive")' >&3
exec 3>&-
wait $pid; rc=$?
t_is "$rc" 0 "after Ctrl-C the REPL goes on and exits with 0"
t_is "$(cat "$d/out")" "$(printf 'start\nalive')" "the command after the interrupted one runs"
t_match "$(cat "$d/err")" '^interrupted' "the interrupted command reports 'interrupted'"
rm -rf "$d"

# Ctrl-C also stops a kernel the timing model is running (inside C): the
# launch ends with "interrupted" and the session goes on (timeout passes the
# signal on, and ends the test if the interrupt were lost)
d=$(mktemp -d)
mkfifo "$d/in"
timeout 120 "$WARPSCOPE" -i < "$d/in" > "$d/out" 2> "$d/err" &
pid=$!
exec 3> "$d/in"
echo 'P = ".version 7.0\n.target sm_70\n.address_size 64\n.visible .entry spin(.param .u32 n)\n{\n.reg .b32 %r<4>;\n.reg .pred %p<2>;\nld.param.u32 %r1, [n];\nmov.u32 %r2, 0;\nL:\nadd.s32 %r2, %r2, 1;\nsetp.lt.u32 %p1, %r2, %r1;\n@%p1 bra L;\nret;\n}\n"' >&3
echo 'gpu = ws.gpu{ quiet = true }; k = gpu:load_ptx_text(P, "spin.ptx"):kernel("spin")' >&3
echo 'print("start")' >&3
echo 'gpu:launch(k, { grid = 1, block = 32 }, 2000000000)' >&3
i=0
while [ "$(cat "$d/out")" != "start" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
sleep 0.5
kill -INT $pid
echo 'print("alive", gpu:running())' >&3
exec 3>&-
wait $pid; rc=$?
t_is "$rc" 0 "after Ctrl-C in a launch the REPL goes on and exits with 0"
t_is "$(cat "$d/out")" "$(printf 'start\nalive\tfalse')" "the launch was ended; the next command runs"
t_match "$(cat "$d/err")" '^interrupted' "the launch reports that it was interrupted"
rm -rf "$d" "$tmp" "$WS_BUILDDIR/repl.err"
t_done
