# Running out of stack (recursion too deep through C: here a Lua function
# recursing through string.gsub, under a small stack limit) is reported by
# the fault handler on its alternate signal stack: "stack overflow" and
# exit status 3, not a bare SIGSEGV.  A PTX function that calls itself
# without end never gets that far: thread.call_depth bounds it, naming the
# call's file:line (status 1, a clear error).
. "$WS_SRCDIR/tests/tap.sh"
tmp=$WS_BUILDDIR/stack_overflow.tmp
mkdir -p "$tmp"
cat > "$tmp/deep.lua" <<'EOF2'
local function f(n) return (("x"):gsub("x", function() return f(n + 1) end)) end
print("start")
f(0)
print("not reached")
EOF2
out=$( (ulimit -s 128 && "$WARPSCOPE" --batch "$tmp/deep.lua") 2>&1); rc=$?
t_is "$rc" 3 "a stack overflow exits with status 3"
t_match "$out" "^start" "after the script's own output"
t_match "$out" "warpscope: stack overflow: the program ran out of stack \(fault at 0x[0-9a-f]+, at the end of the stack\): a recursion too deep, in a script or in the input; stopping" \
    "and says it was a stack overflow"
t_is "$(echo "$out" | grep -c 'not reached')" 0 "the script stopped there"

cat > "$tmp/rec.lua" <<'EOF2'
local ws = require "warpscope"
for _, mode in ipairs{ "functional", "timing" } do
  local gpu = ws.gpu{ quiet = true, ["run.mode"] = mode, ["thread.call_depth"] = 100 }
  local m = gpu:load_ptx_text([[
.version 7.0
.target sm_70
.address_size 64
.func down()
{
	call.uni down, ();
	ret;
}
.visible .entry deep()
{
	call.uni down, ();
	ret;
}
]], "rec.ptx")
  print(mode, select(2, pcall(gpu.launch, gpu, m:kernel("deep"), { grid = 1, block = 32 })))
end
EOF2
out=$( (ulimit -s 256 && "$WARPSCOPE" --batch "$tmp/rec.lua") 2>&1); rc=$?
t_is "$rc" 0 "endless PTX recursion does not overflow the simulator's stack"
want="rec.ptx:6: call depth exceeds 100 (thread.call_depth): endless recursion? in kernel 'deep', CTA (0,0,0), thread (0,0,0); instruction \`call.uni down;\` (pc 0, in .func 'down')"
t_is "$(echo "$out" | grep '^functional')" "functional	$want" "functional: the call depth limit names the call's file:line"
t_is "$(echo "$out" | grep '^timing')" "timing	$want" "timing: the same"
rm -rf "$tmp"
t_done
