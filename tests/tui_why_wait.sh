# tui_why_wait.sh: why a warp waits (issue 37).  A hand-built kernel whose
# CTA 0 loads a fresh line (a miss to DRAM) and uses it, while CTA 1 (on the
# other SM) counts in a loop and reaches line 24.  The warp view's panel and
# the warps view's line name the register, the load (PTX file:line, issue
# cycle) and its request (address, array, size, where it is now); `i` ends
# with the sentence naming the register, the line and the level that served
# the load; a breakpoint another warp reaches during `i` does not take the
# followed warp away.
. "$WS_SRCDIR/tests/tui_lib.sh"

cat > "$tmp/missy.lua" <<'LUA'
local ws = require "warpscope"
-- CTA 0 (SM 0): line 14 loads a fresh line of vals, line 15 uses it.
-- CTA 1 (SM 1): skips the load, counts to 35 (about 470 cycles) (lines 19-23), reaches line 24 (its store).
local PTX = [[
.version 7.0
.target sm_75
.address_size 64
.visible .entry missy(.param .u64 a, .param .u64 out)
{
  .reg .pred %p<2>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [a];
  ld.param.u64 %rd2, [out];
  mov.u32 %r3, %ctaid.x;
  setp.ne.u32 %p1, %r3, 0;
  @%p1 bra SKIP;
  ld.global.u32 %r1, [%rd1];
  add.u32 %r2, %r1, 1;
  st.global.u32 [%rd2], %r2;
  ret;
SKIP:
  mov.u32 %r5, 0;
LOOP:
  add.u32 %r5, %r5, 1;
  setp.lt.u32 %p1, %r5, 35;
  @%p1 bra LOOP;
  st.global.u32 [%rd2+4], %r5;
  ret;
}
]]
-- (mem.copy_to_l2=false: the fill of vals would leave its line in the L2)
local gpu = ws.gpu{ ["sm.count"] = 2, ["mem.copy_to_l2"] = false, ["l1i.enable"] = false }
local k = gpu:load_ptx_text(PTX, "missy.ptx"):kernel("missy")
local a = gpu:array("u32", 64, { name = "vals", fill = 41 })
local out = gpu:array("u32", 2, { name = "out", fill = 0 })
gpu:launch(k, { grid = 2, block = 32 }, a, out)
print("out", out[0], out[1])
LUA

start --datadir "$WS_SRCDIR" "$tmp/missy.lua"
expect 'PAUSED +cycle 0 ' "opens paused at cycle 0" 20
cmd break line 15
keys c
expect 'breakpoint 1: reached by SM 0 slot 0 \(CTA 0 w0\) at line 15' "CTA 0's warp stops after its load"
cmd delete 1
keys f
expect 'SM 0 warp 0 \(CTA 0 w0\) follow' "f follows it"

# the warps view: the line under the selected row
keys 1
expect 'why: %r1 <- ld.global.u32 line 14 \(issued [0-9]+\): 0x[0-9a-f]+ vals (LD/ST unit|L1 miss queue) since [0-9]+' "the warps view says why under the selected row"

# the warp view's panel, now and once the request is in DRAM
keys 2
expect '─ why it waits ─|- why it waits -' "the warp view has the panel"
expect 'long_scoreboard for %r1, written by ld.global.u32 at missy.ptx:14, issued [0-9]+ \([0-9]+ cycles? ago\); 1 request in flight' \
    "the panel: register, instruction, file:line, issue cycle, age"
expect 'request 0x[0-9a-f]+ vals 128 B: (LD/ST unit|L1 miss queue) since [0-9]+' "the panel: the request, its array and size, in the SM"
issued=$(screen | sed -n 's/.*missy.ptx:14, issued \([0-9]*\) .*/\1/p' | head -1)
cmd step 170
expect 'request 0x[0-9a-f]+ vals 128 B: L2 MSHR \(channel [0-9]+ bank [0-9]+ row [0-9]+\) since [0-9]+' \
    "170 cycles later the panel shows the request missed in the L2, with its DRAM channel, bank and row"
chan=$(screen | sed -n 's/.*vals 128 B: L2 MSHR (channel \([0-9]*\) bank \([0-9]*\) row \([0-9]*\)).*/\1 \2 \3/p' | head -1)

# a breakpoint CTA 1's warp reaches while `i` waits does not take the followed warp away
cmd break line 24
expect 'breakpoint 2: ' "a breakpoint on line 24 (any warp)"
keys i
expect 'warp stepped: SM 0 slot 0 now at line 16' "i steps the followed warp to its next instruction"
expect 'SM 0 warp 0 \(CTA 0 w0\) follow' "... and still follows it"
keys 8
expect 'breakpoint 2: reached by SM 1 slot 0 \(CTA 1 w0\) at line 24 .*\(passed: i follows SM 0 slot 0\)' \
    "the console says CTA 1's warp reached breakpoint 2 and i went on"
set -- $chan
s=$(screen | tr -s ' \n' '  ')
t_match "$s" "waited [0-9]+ cycles for %r1 \(ld\.global\.u32 at line 14, issued $issued\): 1 request, L1 miss, L2 miss, DRAM channel $1 bank $2 row $3, back at [0-9]+" \
    "the sentence names the register, the line, the issue cycle and DRAM (channel $1 bank $2 row $3)"
keys Tab
keys c
expect 'the scenario has finished' "the run finishes" 20
keys q
expect 'EXIT=0' "q quits"
t_done
