# tui_request.sh: a request's life in the TUI (issue 37).  One warp loads
# a fresh line (a miss to DRAM).  In the warp view `t` opens the timeline
# of the request the warp waits for: the stages so far with their cycles,
# rebuilt from its timestamps since nobody followed it; after a run, the
# whole life to the reply with the DRAM channel, bank and row;
# `:break request ID` stops when it completes, at the cycle the timeline
# gives; the memory view's `t` opens the oldest request in flight; bad
# arguments are refused with a message.  The warp view shows the load's
# destination register as pending until the data is back.
. "$WS_SRCDIR/tests/tui_lib.sh"

cat > "$tmp/missy.lua" <<'LUA'
local ws = require "warpscope"
-- line 10 loads a fresh line of vals, line 11 uses it
local PTX = [[
.version 7.0
.target sm_75
.address_size 64
.visible .entry missy(.param .u64 a, .param .u64 out)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [a];
  ld.param.u64 %rd2, [out];
  ld.global.u32 %r1, [%rd1];
  add.u32 %r2, %r1, 1;
  st.global.u32 [%rd2], %r2;
  ret;
}
]]
local gpu = ws.gpu{ ["sm.count"] = 1, ["mem.copy_to_l2"] = false }
local k = gpu:load_ptx_text(PTX, "missy.ptx"):kernel("missy")
local a = gpu:array("u32", 64, { name = "vals", fill = 41 })
local out = gpu:array("u32", 1, { name = "out", fill = 0 })
gpu:launch(k, { grid = 1, block = 32 }, a, out)
print("out", out[0])
LUA

start --datadir "$WS_SRCDIR" "$tmp/missy.lua"
expect 'PAUSED +cycle 0 ' "opens paused at cycle 0" 20
cmd request
expect 'request needs|no request in flight|waits for no request' "no request yet: a message"
cmd break line 11
keys c
expect 'breakpoint 1: reached by SM 0 slot 0 \(CTA 0 w0\) at line 11' "the warp stops after its load"
cmd delete 1
keys 2
expect '%r1 +pending \(ld\.global\.u32 line 10, issued 515\)' "the warp view: %r1 is pending (its load's line and issue cycle), not the value written at issue"
cmd step 100
expect 'request 0x[0-9a-f]+ vals 128 B: L2 slice queue' "100 cycles later its request is in the L2 slice queue"
keys t
expect 'request [0-9]+: its life' "t opens the timeline of the request the warp waits for"
expect 'read of 0x[0-9a-f]+ \(vals, 128 B\), SM 0' "what it is: a read of vals, 128 bytes, SM 0"
expect 'warp slot 0, PTX line 10, served by: not yet known' "its warp slot and PTX line; no level yet"
expect 'followed from cycle [0-9]+: the stages before come from its timestamps' "followed late: says where the stages come from"
expect 'LD/ST unit +515 -> 516 +1 cycles' "LD/ST unit 515 -> 516"
expect 'L1 miss queue +516 -> 551 +35 cycles' "L1 miss queue 516 -> 551"
expect 'request network +551 -> 556 +5 cycles' "request network 551 -> 556"
expect 'L2 slice queue +556 -> \(now\)' "L2 slice queue since 556, still there"
id=$(screen | sed -n 's/.*request \([0-9]*\): its life.*/\1/p' | head -1)
keys x
gone() {    # gone PATTERN: poll until PATTERN leaves the screen (5 s at most)
    n=100
    while [ $n -gt 0 ] && screen | grep -Eq -- "$1"; do sleep 0.05; n=$((n - 1)); done
    [ $n -gt 0 ]
}
gone 'its life'
t_ok $? "any other key closes the timeline"
keys 6
keys t
expect "request $id: its life" "the memory view's t opens the oldest request in flight: the same"
keys j
expect 'no later request in flight' "down: no later request in flight"
keys x
keys 2
cmd break request "$id"
expect "breakpoint 2: request $id completes" "break request ID" 
keys c
expect "breakpoint 2: request $id completed" "the run stops when the request completes"
expect 'PAUSED +cycle 801 ' "... at the end of cycle 800 (the header shows the next)"
cmd request "$id"
expect 'completed at cycle 800' "the timeline: completed at cycle 800"
expect 'served by: DRAM' "served by DRAM"
expect 'DRAM channel [0-9]+ bank [0-9]+ row [0-9]+' "its DRAM channel, bank and row"
expect 'L2 MSHR +676 -> 776 +100 cycles' "L2 MSHR 676 -> 776 (followed from then on)"
expect 'DRAM bank queue +776 -> 776 +0 cycles  channel [0-9]+ bank [0-9]+ row [0-9]+' "DRAM bank queue at 776"
expect 'DRAM +776 -> 789 +13 cycles' "DRAM 776 -> 789"
expect 'L2 fill +789 -> 790 +1 cycles' "L2 fill 789 -> 790"
expect 'reply network +790 -> 800 +10 cycles' "reply network 790 -> 800"
keys Escape
cmd request 0
expect 'no request 0 yet|not in flight' "request 0: refused with a message"
keys Escape
cmd break request x
expect 'break request|the request id' "break request x: refused with a message"
cmd break request 99999
expect 'breakpoint 3: request 99999 completes' "a request still to come may be named"
cmd delete 3
keys c
expect 'the scenario has finished' "the run finishes" 20
keys q
expect 'EXIT=0' "q quits"
t_done
