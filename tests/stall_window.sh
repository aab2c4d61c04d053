# Endless kernels in batch mode: a launch whose warps go round in circles
# without touching memory stops after run.stall_window cycles with an error
# naming the PTX line, the CTA, the thread and the instruction (status 1, as
# every launch error); a long counting loop and a warp spinning on a flag
# that another warp sets after a long loop are not stopped; run.max_cycles
# names the line and thread too.
. "$WS_SRCDIR/tests/tap.sh"
W=$WARPSCOPE
tmp=$WS_BUILDDIR/stall_window.tmp
rm -rf "$tmp"; mkdir -p "$tmp"

# arg[1]: the kernel; arg[2]: threads per block
cat > "$tmp/scn.lua" <<'EOF'
local ws = require "warpscope"
local gpu = ws.gpu{ quiet = true }
local m = gpu:load_ptx_text([[
.version 7.0
.target sm_50
.address_size 64
.visible .entry spin()
{
  .reg .b32 %r<3>;
  mov.u32 %r1, %tid.x;
LOOP:
  add.u32 %r2, %r1, 1;
  bra LOOP;
}
.visible .entry spin_bar()
{
  .reg .pred %p<2>;
  .reg .b32 %r<3>;
  mov.u32 %r1, %tid.x;
  setp.ge.u32 %p1, %r1, 32;
  @%p1 bra WAIT;
LOOP:
  xor.b32 %r2, %r2, 1;
  bra LOOP;
WAIT:
  bar.sync 0;
  ret;
}
.visible .entry count(.param .u64 out, .param .u32 n)
{
  .reg .pred %p<2>;
  .reg .b32 %r<4>;
  .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [out];
  ld.param.u32 %r1, [n];
  mov.u32 %r2, 0;
  mov.u32 %r3, 0;
LOOP:
  add.u32 %r3, %r3, 3;
  add.u32 %r2, %r2, 1;
  setp.lt.u32 %p1, %r2, %r1;
  @%p1 bra LOOP;
  st.global.u32 [%rd1], %r3;
  ret;
}
.visible .entry load(.param .u64 out, .param .u32 n)
{
  .reg .b32 %r<3>;
  .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [out];
  ld.global.u32 %r1, [%rd1];
  add.u32 %r2, %r1, 7;
  st.global.u32 [%rd1], %r2;
  ret;
}
.visible .entry flag(.param .u64 out, .param .u32 n)
{
  .reg .pred %p<3>;
  .reg .b32 %r<5>;
  .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [out];
  ld.param.u32 %r1, [n];
  mov.u32 %r4, %tid.x;
  setp.ge.u32 %p2, %r4, 32;
  @%p2 bra SETTER;
SPIN:
  ld.volatile.global.u32 %r3, [%rd1];
  setp.eq.u32 %p1, %r3, 0;
  @%p1 bra SPIN;
  ret;
SETTER:
  mov.u32 %r2, 0;
LOOP:
  add.u32 %r2, %r2, 1;
  setp.lt.u32 %p1, %r2, %r1;
  @%p1 bra LOOP;
  st.volatile.global.u32 [%rd1], %r2;
  ret;
}
]], "spin.ptx")
local which, threads = arg[1], tonumber(arg[2] or 32)
local k = m:kernel(which)
if which == "count" or which == "flag" or which == "load" then
  local out = gpu:array("u32", 1, { name = "out" })
  local n = tonumber(arg[3] or 0)
  gpu:launch(k, { grid = 1, block = threads }, out, n)
  print("result " .. out[0] .. " cycles " .. gpu:stats().last.cycles)
else
  gpu:launch(k, { grid = 1, block = threads })
  print("ended")
end
EOF

run() { # ARGS... (sets out, rc)
    out=$("$W" --batch "$@" 2>&1); rc=$?
}

# the default window (4,000,000 cycles): a one-warp loop of two instructions
run "$tmp/scn.lua" spin
t_is "$rc" 1 "an endless loop stops with status 1"
t_match "$out" "spin\.ptx:(9|10): no progress for [0-9]+ cycles in kernel 'spin', CTA \(0,0,0\), thread \(0,0,0\): an endless loop\? .*run\.stall_window is 4000000 cycles\); instruction \`(add\.u32 %r2, %r1, 1|bra LOOP);\`" \
    "the message names the line, the CTA, the thread and the instruction"
n=$(printf '%s\n' "$out" | sed -n 's/.*no progress for \([0-9]*\) cycles.*/\1/p')
t_ok $([ "${n:-0}" -ge 4000000 ] && [ "${n:-0}" -lt 4500000 ]; echo $?) "it stops within a sixteenth of the window after it ($n cycles)"

# one warp spins, the other waits at a barrier it can never pass
run --set run.stall_window=100000 "$tmp/scn.lua" spin_bar 64
t_is "$rc" 1 "a loop beside a waiting warp stops"
t_match "$out" "spin\.ptx:2[01]: no progress for [0-9]+ cycles in kernel 'spin_bar', CTA \(0,0,0\), thread \(0,0,0\)" \
    "the report names the spinning warp, not the waiting one"

# a counting loop five times longer than the window finishes
run --set run.stall_window=20000 "$tmp/scn.lua" count 32 20000
t_is "$rc" 0 "a long counting loop is not stopped"
t_match "$out" "^result 60000 cycles [0-9]{6,}$" "and runs to the end (longer than the window)"

# a warp spinning on a flag another warp sets after a long loop
run --set run.stall_window=20000 "$tmp/scn.lua" flag 64 20000
t_is "$rc" 0 "a spin-wait on memory is not stopped"
t_match "$out" "^result 20000 cycles [0-9]{6,}$" "and ends when the flag is set"

# a window far shorter than a DRAM access: a warp waiting for memory is
# not going round in circles
run --set run.stall_window=16 "$tmp/scn.lua" load 32
t_is "$rc" 0 "a warp waiting for a load is not stopped"
t_match "$out" "^result 7 cycles [0-9]+$" "and gets its value"

# run.stall_window=0: only run.max_cycles stops it, naming the line too
run --set run.stall_window=0 --set run.max_cycles=50000 "$tmp/scn.lua" spin
t_is "$rc" 1 "run.max_cycles stops a launch with status 1"
t_match "$out" "spin\.ptx:(9|10): exceeded run\.max_cycles \(50000 cycles\) in kernel 'spin', CTA \(0,0,0\), thread \(0,0,0\); instruction \`" \
    "its message names the line, the CTA, the thread and the instruction"
t_match "$(printf '%s\n' "$out" | grep -c 'no progress')" "^0$" "run.stall_window=0 turns the check off"

rm -rf "$tmp"
t_done
