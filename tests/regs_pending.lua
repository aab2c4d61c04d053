-- regs_pending.lua: registers as the warp sees them (issue 37).  The
-- functional engine writes a load's destination when the load issues; the
-- warp may read it only when the data is back.  w:regs(lane) shows such a
-- register as "pending (OPCODE line N, issued C)" (a fixed-latency result
-- not ready yet as "pending (ready at C)") and w:regs(lane, "functional")
-- the value written at issue.  A hand-built kernel whose load misses to
-- DRAM: line 10 loads vals[0] (41), line 11 adds 1.
local T = require "tap"
local ws = require "warpscope"

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
local gpu = ws.gpu{ quiet = true, ["sm.count"] = 1, ["mem.copy_to_l2"] = false }
local k = gpu:load_ptx_text(PTX, "missy.ptx"):kernel("missy")
local a = gpu:array("u32", 64, { name = "vals", fill = 41 })
local out = gpu:array("u32", 1, { name = "out", fill = 0 })
local alat = tonumber(gpu:option("lat.int.add"))
gpu:start(k, { grid = 1, block = 32 }, a, out)
local b = gpu:breakpoint{ line = 11 }
T.is(gpu:continue(), "break", "the load issued (the warp is at line 11)")
gpu:delete(b)
local issued = gpu.cycle - 1
T.is(issued, 515, "the load issued at cycle 515")
local slot = gpu:sm(0):warps()[1].slot
local w = gpu:sm(0):warp(slot)
local r, f = w:regs(0), w:regs(0, "functional")
T.is(r["%r1"], "pending (ld.global.u32 line 10, issued 515)", "%r1: pending, the load's opcode, line and issue cycle")
T.is(f["%r1"], 41, "%r1 functional: the value written when the load issued")
T.is(r["%rd2"], out.addr, "%rd2 (not pending): its value")
T.is(f["%rd2"], out.addr, "... the same in the functional view")
T.is(w:regs(5)["%r1"], r["%r1"], "every lane: the scoreboard is per warp")
gpu:step(100)
T.is(w:regs(0)["%r1"], r["%r1"], "100 cycles later (the request in the L2): still pending")
-- to the add: the data is back, %r1 was read for the last time, %r2 is a fixed-latency result
local st = gpu:step_warp(0, slot)
T.is(st, "warp", "step_warp to the add")
local add_at = gpu.cycle - 1
T.is(add_at, 800, "the add issued at cycle 800 (the data came back at 800)")
r = w:regs(0)
T.is(r["%r1"], nil, "%r1 is dead after the add (no value)")
T.is(r["%r2"], "pending (ready at 804)", "%r2: pending until the add's result is ready")
T.is(804 - add_at, alat, "ready at: issue + lat.int.add")
T.is(w:regs(0, "functional")["%r2"], 42, "%r2 functional: 42 already")
gpu:step(3)
T.is(w:regs(0)["%r2"], 42, "at cycle 804 (the clock after 3 more cycles) %r2 is ready: 42")
gpu:finish()
T.is(out[0], 42, "the kernel's result")
T.done()
