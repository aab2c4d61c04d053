-- mff_inspect.lua: the MFF made visible from Lua (issue 34, part:
-- visibility): gpu:mff(p) field by field on a hand-built launch (threads 0
-- and 1 read C[0], C[1] and then V[0], V[1]: one C block and one V block,
-- each with two waiters in one Tag Unit entry), w:info().mff and the "why
-- it waits" text of a warp in pc_wait, the breakpoints mff_coalesce,
-- mff_done (any warp and one warp) and mff_stall, each stopping at the
-- cycle its counter moves (found again by stepping a second, identical
-- machine one cycle at a time), and the bad calls.
local T = require "tap"
local ws = require "warpscope"

-- thread t: pc_gather of C[cidx[t] ..+ sz[t]] into smem[32 t ..], pc_wait
local PTX = [[
.version 7.0
.target sm_52
.address_size 64
.visible .entry g(.param .u64 cidx, .param .u64 sz)
{
  .shared .align 4 .b8 smem[8192];
  .reg .b32 %r<16>;
  .reg .b64 %rd<12>;
  mov.u32 %r1, %tid.x;
  ld.param.u64 %rd1, [cidx];
  ld.param.u64 %rd2, [sz];
  mul.wide.u32 %rd3, %r1, 4;
  add.s64 %rd4, %rd1, %rd3;
  ld.global.u32 %r2, [%rd4];
  add.s64 %rd5, %rd2, %rd3;
  ld.global.u32 %r3, [%rd5];
  mov.u32 %r4, smem;
  shl.b32 %r5, %r1, 7;
  add.u32 %r6, %r4, %r5;
  pc_gather.b32 [%r6], %r2, %r3;
  pc_wait;
  ret;
}
]]

-- a gtx980 with the MFF, C = 0..63, V = 100 + i; launched (started) with
-- per-thread (cidx, size) for `threads` threads (the others size 0)
local function machine(cs, threads, extra)
  local o = { quiet = true, preset = "gtx980", ["mff.enable"] = true }
  for k, v in pairs(extra or {}) do o[k] = v end
  local gpu = ws.gpu(o)
  local m = gpu:load_ptx_text(PTX, "mff_inspect.ptx")
  local c, v = {}, {}
  for i = 1, 64 do c[i] = i - 1; v[i] = 100 + i - 1 end
  local C = gpu:array("u32", c, { name = "C" })
  local V = gpu:array("u32", v, { name = "V" })
  local ci, sz = {}, {}
  for t = 1, threads do ci[t] = 0; sz[t] = 0 end
  for t, x in pairs(cs) do ci[t + 1] = x[1]; sz[t + 1] = x[2] end
  gpu:configure_mff{ c = C, v = V }
  gpu:start(m:kernel("g"), { grid = 1, block = threads }, gpu:array("u32", ci), gpu:array("u32", sz))
  return gpu, C, V
end

-- the first cycle at whose end `f(gpu)` holds, stepping one cycle at a time
local function first_cycle(gpu, f)
  for _ = 1, 100000 do
    if f(gpu) then return gpu:mff(0).cycle - 1 end   -- (the cycle that just ended)
    local st = gpu:step(1)
    if st == "done" then return nil end
  end
end

local TWO = { [0] = { 0, 1 }, [1] = { 1, 1 } }

-- 1. before the launch's first command: configured, empty
do
  local gpu, C, V = machine(TWO, 32)
  T.is(gpu:mff().unit, 0, "gpu:mff(): unit 0 by default")
  local u = gpu:mff(0)
  T.is(u.configured, true, "configured by configure_mff and the launch")
  T.is(u.central, false, "one unit per partition by default")
  T.is(u.regs.c, C.addr, "regs.c: C's address")
  T.is(u.regs.c_len, 64, "regs.c_len: 64 entries")
  T.is(u.regs.v, V.addr, "regs.v: V's address")
  T.is(u.config.engines, 32, "config.engines 32 (B2.2)")
  T.is(u.config.jobs, 8, "config.jobs 8")
  T.is(u.config.work_regs, 8192, "config.work_regs 8,192")
  T.is(u.config.tags, 256, "config.tags 256")
  T.is(u.config.line_data, 20, "config.line_data 20")
  T.is(#u.jobs, 0, "no job yet")
  T.is(#u.tags, 0, "no tag yet")
  T.is(#u.line_data, 0, "no line yet")
  T.is(u.work.free, 8192, "every Work Register free")
  T.is(u.stats.commands, 0, "stats.commands 0")
  T.raises(function() return gpu:mff(4) end, "MFF unit 4 does not exist %(0..3%)", "unit 4 of 4")
  T.raises(function() return gpu:breakpoint{ event = "mff_done", unit = 7 } end, "units 0..3",
           "a breakpoint on unit 7")
  T.raises(function() return gpu:breakpoint{ event = "mff_done", sm = 1 } end, "takes 'unit'",
           "sm with an MFF event")
  T.raises(function() return gpu:breakpoint{ line = 20, unit = 1 } end, "'unit' goes with",
           "unit with a line breakpoint")
  T.raises(function() return gpu:breakpoint{ event = "mff_later" } end, "mff_done, mff_coalesce, mff_stall",
           "an unknown event lists the MFF's")
end

-- 2. mff_coalesce: the C block's second lookup links thread 1 behind thread 0
local c_cycle, v_cycle, done_cycle
do
  local gpu, C, V = machine(TWO, 32)
  local id = gpu:breakpoint{ event = "mff_coalesce" }
  local st, hit = gpu:step(100000)
  T.is(st, "break", "mff_coalesce stops gpu:step")
  T.is(hit.id, id, "the hit is the breakpoint's")
  T.is(hit.kind, "mff_coalesce", "kind mff_coalesce")
  T.is(hit.unit, 0, "hit.unit 0 (C[0] lives in channel 0)")
  T.is(hit.block, C.addr, "hit.block: C's first block")
  T.is(hit.sm, 0, "hit.sm 0")
  T.is(hit.slot, 0, "hit.slot 0")
  T.ok(tostring(hit.text):find("MFF unit 0: C block 0x%x+ coalesced %(2 waiting%): SM 0 slot 0 %(CTA 0 w0%)") ~= nil,
       "its text names the unit, the block and the warp")
  c_cycle = hit.cycle
  local u = gpu:mff(0)
  T.is(u.cycle, hit.cycle + 1, "gpu:mff().cycle is gpu.cycle, the hit's cycle + 1")
  T.is(u.stats.coalesced, 1, "stats.coalesced 1")
  T.is(u.stats.lookups, 2, "stats.lookups 2")
  T.is(u.stats.lines_c, 1, "stats.lines_c 1")
  T.is(#u.tags, 1, "one Tag Unit entry")
  local tg = u.tags[1]
  T.is(tg.addr, C.addr, "tag addr: C's block")
  T.is(tg.kind, "C", "tag kind C")
  T.is(tg.state, "outstanding", "its line is outstanding")
  T.is(tg.waiters, 2, "two waiters")
  T.is(#tg.first, 2, "both shown")
  T.ok(tg.first[1].sm == 0 and tg.first[1].slot == 0 and tg.first[1].thread == 0 and tg.first[1].k == 0,
       "waiter 1: SM 0 slot 0 thread 0 k 0")
  T.ok(tg.first[2].thread == 1 and tg.first[2].k == 0, "waiter 2: thread 1 k 0")
  T.is(#u.jobs, 1, "one job")
  local j = u.jobs[1]
  T.ok(j.engine == 0 and j.entry == 0, "job in engine 0, entry 0 (warp 0 mod 32)")
  T.ok(j.sm == 0 and j.slot == 0, "job of SM 0 slot 0")
  T.is(j.kind, "gather", "job kind gather")
  T.is(j.threads, 2, "job: two threads with a size")
  T.is(j.threads_left, 0, "job: both have their registers")
  T.is(j.words, 2, "job: two words")
  T.is(j.remaining, 2, "job: two remaining")
  T.is(j.age, u.cycle - j.since, "job age = cycle - since")
  T.is(u.work.c, 2, "two Work Registers in state C")
  T.is(u.work.used, 2, "two in use")
  T.is(u.work.free, 8190, "8,190 free")
  T.is(#u.line_data, 0, "no line back yet")
  -- the warp waits in pc_wait: the warp view's and w:info()'s MFF record
  local inf = gpu:sm(0):warp(0):info()
  T.is(inf.stall, "mff_wait", "the warp is in stall mff_wait")
  T.ok(inf.mff and inf.mff.waiting, "w:info().mff.waiting")
  T.is(inf.mff and inf.mff.in_flight, 1, "one command in flight")
  local c = inf.mff and inf.mff.commands[1]
  T.ok(c and c.kind == "gather" and c.unit == 0 and c.words == 2 and c.delivered == 0 and c.done == false,
       "the command: gather to unit 0, 2 words, none delivered")
  T.is(c and c.threads, 32, "the command's active threads")
  T.ok(c and c.issued < j.since, "issued at the SM before the unit took it")
  T.ok(inf.wait and tostring(inf.wait.cause):find("MFF gather%(s%) not complete; oldest: unit 0, sent at %d+, 0 of 2 words") ~= nil, "why it waits: 0 of 2 words")
  -- the V block next, then the command's completion
  st, hit = gpu:step(100000)
  T.is(hit and hit.block, V.addr, "the second coalesce: V's block")
  v_cycle = hit and hit.cycle
  u = gpu:mff(0)
  T.ok(u.tags[1] and u.tags[1].kind == "V" and u.tags[1].waiters == 2, "V tag with two waiters")
  T.is(u.work.v, 2, "two Work Registers in state V")
  gpu:delete(id)
  local id2 = gpu:breakpoint{ event = "mff_done" }
  st, hit = gpu:step(100000)
  T.is(st, "break", "mff_done stops")
  T.is(hit.id, id2, "the mff_done breakpoint")
  T.ok(tostring(hit.text):find("command of SM 0 slot 0 %(CTA 0 w0%).* complete: 2 words") ~= nil, "its text")
  done_cycle = hit.cycle
  u = gpu:mff(0)
  T.is(u.stats.completions, 1, "stats.completions 1 at the hit")
  T.is(#u.jobs, 0, "the job entry is free")
  T.is(u.work.free, 8192, "every register free")
  local bl = gpu:breakpoints()
  T.ok(tostring(bl[1].description):find("MFF command complete of any unit") ~= nil, "gpu:breakpoints() describes it")
  gpu:finish()
end

-- 3. the same cycles from the counters, one cycle at a time
do
  local gpu = machine(TWO, 32)
  T.is(first_cycle(gpu, function(g) return g:mff(0).stats.coalesced >= 1 end), c_cycle,
       "mff_coalesce stopped at the cycle stats.coalesced became 1")
  T.is(first_cycle(gpu, function(g) return g:mff(0).stats.coalesced >= 2 end), v_cycle,
       "the second at the cycle it became 2")
  T.is(first_cycle(gpu, function(g) return g:mff(0).stats.completions >= 1 end), done_cycle,
       "mff_done at the cycle stats.completions became 1")
  gpu:finish()
end

-- 4. mff_done of one warp: warp 0's command (one word), not warp 1's (9
-- threads of 32 words), which completes first (its lines come back first)
do
  local cs = { [0] = { 0, 1 } }
  for t = 32, 40 do cs[t] = { 32, 32 } end
  local gpu = machine(cs, 64)
  local id = gpu:breakpoint{ event = "mff_done", warp = { cta = 0, warp = 0 } }
  local st, hit = gpu:step(100000)
  T.is(st, "break", "mff_done of warp 0 stops")
  T.is(hit.slot, 0, "in slot 0")
  T.ok(tostring(hit.text):find("%(CTA 0 w0%).* complete: 1 words") ~= nil, "warp 0's one word")
  local n = 0
  for p = 0, 3 do n = n + gpu:mff(p).stats.completions end
  T.is(n, 2, "warp 1's completion came first and did not stop")
  local b = gpu:breakpoints()[1]
  T.is(b.hits, 1, "one hit")
  gpu:delete(id)
  gpu:finish()
end

-- 5. mff_stall: a pool of 32 registers, two threads of 32 words: thread 1
-- waits for thread 0's registers
local stall_cycle
do
  local cs = { [0] = { 0, 32 }, [1] = { 32, 32 } }
  local gpu = machine(cs, 32, { ["mff.work_regs"] = 32 })
  gpu:breakpoint{ event = "mff_stall", unit = 0 }
  local st, hit = gpu:step(100000)
  T.is(st, "break", "mff_stall stops")
  T.ok(tostring(hit.text):find("MFF unit 0: Work Register pool full: SM 0 slot 0 %(CTA 0 w0%).* thread 1 needs 32 registers") ~= nil,
       "its text names the unit, the warp, the thread and the registers")
  stall_cycle = hit.cycle
  local u = gpu:mff(0)
  T.is(u.stats.reg_stalls, 1, "stats.reg_stalls 1 at the hit")
  T.is(u.work.free, 0, "no register free")
  T.is(u.jobs[1].threads_left, 1, "thread 1 still to get its registers")
  local st2 = gpu:step(100000)
  T.is(st2, "done", "one stall, one stop: the pool frees and the run ends")
  T.ok(gpu:mff(0).stats.reg_stalls > 1, "the stall lasted several cycles")
end
do
  local cs = { [0] = { 0, 32 }, [1] = { 32, 32 } }
  local gpu = machine(cs, 32, { ["mff.work_regs"] = 32 })
  T.is(first_cycle(gpu, function(g) return g:mff(0).stats.reg_stalls >= 1 end), stall_cycle,
       "mff_stall at the cycle stats.reg_stalls became 1")
  gpu:finish()
end

-- 5b. mff_stall of the Tag Unit: one tag, threads 0 and 1 read C blocks 0
-- and 1: thread 1's lookup waits for thread 0's tag to free
local tstall_cycle
do
  local cs = { [0] = { 0, 1 }, [1] = { 32, 1 } }
  local gpu, C = machine(cs, 32, { ["mff.tags"] = 1 })
  gpu:breakpoint{ event = "mff_stall" }
  local st, hit = gpu:step(100000)
  T.is(st, "break", "a full Tag Unit stops mff_stall")
  T.is(hit.block, C.addr + 128, "hit.block: C's second block")
  T.ok(tostring(hit.text):find("MFF unit 0: Tag Unit full: C block 0x%x+ of SM 0 slot 0 %(CTA 0 w0%).* thread 1 k 0 waits") ~= nil,
       "its text names the unit, the block, the warp and the thread")
  tstall_cycle = hit.cycle
  local u = gpu:mff(0)
  T.is(u.stats.tag_stalls, 1, "stats.tag_stalls 1 at the hit")
  T.ok(#u.tags == 1 and u.tags[1].addr == C.addr and u.tags[1].waiters == 1, "the one tag holds C's first block, one waiter")
  T.is(u.queues.lookup, 1, "thread 1's register waits in the lookup queue")
  st, hit = gpu:step(100000)
  T.is(hit and hit.block, u.regs.v + 0, "the next stall: thread 0's V block waits behind thread 1's C block")
  gpu:finish()
end
do
  local cs = { [0] = { 0, 1 }, [1] = { 32, 1 } }
  local gpu = machine(cs, 32, { ["mff.tags"] = 1 })
  T.is(first_cycle(gpu, function(g) return g:mff(0).stats.tag_stalls >= 1 end), tstall_cycle,
       "the Tag Unit's mff_stall at the cycle stats.tag_stalls became 1")
  gpu:finish()
end

-- 6. a gpu without the MFF
do
  local plain = ws.gpu{ quiet = true, preset = "gtx980" }
  T.raises(function() return plain:mff(0) end, "this gpu has no MFF", "gpu:mff on a gpu without the MFF")
  T.raises(function() return plain:breakpoint{ event = "mff_coalesce" } end, "no MFF",
           "an MFF breakpoint on a gpu without the MFF")
end
T.done()
