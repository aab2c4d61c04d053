-- lua_ctl.lua: the control API: gpu:start/step/continue/step_warp/run_until/
-- finish, breakpoints, event hooks (interval, launch, kernel_end, throttle,
-- deadlock), errors in hooks, bad arguments, closed and functional gpus.
local T = require "tap"
local ws = require "warpscope"
local B = require "warpscope.bfs"
local src = os.getenv("WS_SRCDIR")

-- out[tid] = tid for tid < n; warps with every lane >= n take the branch.
-- Lines and pcs: 9 ld.param (pc 0), 10 ld.param (1), 11 mov (2), 12 setp (3),
-- 13 @%p1 bra (4), 14 mul.wide (5), 15 add.s64 (6), 16 st.global (7), 18 ret (8).
local PTX = [[
.version 7.0
.target sm_75
.address_size 64
.visible .entry branchy(.param .u64 out, .param .u32 n)
{
  .reg .pred %p<2>;
  .reg .b32 %r<3>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  ld.param.u32 %r2, [n];
  mov.u32 %r1, %tid.x;
  setp.ge.u32 %p1, %r1, %r2;
  @%p1 bra DONE;
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r1;
DONE:
  ret;
}
]]

local function fresh(opts)
  opts = opts or {}
  opts.quiet = true
  local gpu = ws.gpu(opts)
  local k = gpu:load_ptx_text(PTX, "branchy.ptx"):kernel("branchy")
  local out = gpu:array("i32", 64, { name = "out", fill = -1 })
  return gpu, k, out
end

local function same_stats(a, b)
  local n = 0
  for key, v in pairs(a) do
    if b[key] ~= v then return false, ("%s: %s vs %s"):format(key, tostring(v), tostring(b[key])) end
    n = n + 1
  end
  for key in pairs(b) do if a[key] == nil then return false, key .. " missing" end end
  return n > 50, ("%d counters"):format(n)
end

-- 1. step(1) moves the clock by exactly one cycle; step(n) + finish = launch
local ref, rk, rout = fresh()
ref:launch(rk, { grid = 2, block = 64 }, rout, 32)
local want = ref:stats().total

local gpu, k, out = fresh()
T.is(gpu:running(), false, "no launch before start")
T.is(gpu:start(k, { grid = 2, block = 64 }, out, 32), 1, "gpu:start returns the launch number")
local r, name, no = gpu:running()
T.ok(r and name == "branchy" and no == 1, "gpu:running() -> true, kernel, launch number")
local c0 = gpu.cycle
local exact = true
for i = 1, 25 do
  local st = gpu:step(1)
  if st ~= "budget" or gpu.cycle ~= c0 + i then exact = false end
end
T.ok(exact, "25 x step(1): the clock moves by exactly 1 each time")
T.is(gpu:step(), "budget", "step() defaults to one cycle")
T.is(gpu.cycle, c0 + 26, "... one more cycle")
T.is(gpu:step(7), "budget", "step(7)")
T.is(gpu.cycle, c0 + 33, "... 7 more cycles")
T.raises(function() gpu:launch(k, { grid = 1, block = 32 }, out, 32) end,
         "a launch of 'branchy' is in progress %(cycle " .. gpu.cycle .. "%); finish it first",
         "a second launch while one is active")
T.raises(function() gpu:start(k, { grid = 1, block = 32 }, out, 32) end, "in progress", "gpu:start too")
local st
repeat st = gpu:step(97) until st ~= "budget"
T.is(st, "done", "stepping by 97 ends with done")
T.is(gpu:step(5), "done", "stepping a finished launch says done")
T.ok(gpu:running(), "a finished launch stays active until gpu:finish")
gpu:finish()
T.is(gpu:running(), false, "closed by gpu:finish")
T.is(out[31], 31, "the kernel ran (out[31])")
T.is(out[32], -1, "the branch skipped tid 32..")
local same, why = same_stats(want, gpu:stats().total)
T.ok(same, "start + step(1..97) + finish: the statistics of gpu:launch (" .. why .. ")")
T.is(gpu:stats().launches, 1, "one launch recorded")
T.raises(function() gpu:step() end, "gpu:step: no launch is active %(begin one with gpu:start%)", "step with no launch")
T.raises(function() gpu:finish() end, "gpu:finish: no launch is active", "finish with no launch")

-- 2. step_warp: exact pcs from the PTX (one warp falls through, one branches)
local function step_all(n)
  gpu, k, out = fresh{ sms = 1 }
  gpu:start(k, { grid = 1, block = 32 }, out, n)
  gpu:step(1)
  local ws0 = gpu:sm(0):warps()
  T.is(#ws0, 1, "one warp resident")
  local slot, pcs, last = ws0[1].slot, {}, nil
  for i = 1, 12 do
    local s, w = gpu:step_warp(0, slot)
    if s ~= "warp" then break end
    if i == 1 then
      T.is(w.sm, 0, "info.sm")
      T.is(w.slot, slot, "info.slot")
      T.is(w.cycle, gpu.cycle, "info.cycle is the clock")
      T.ok(w.text:find("issued") ~= nil, "info.text: " .. w.text)
      local now = gpu:sm(0):warps()[1]
      T.ok(now.pc == w.pc and now.line == w.line, "gpu:sm(0) shows the warp at the pc step_warp reports")
    end
    pcs[#pcs + 1] = ("%d>%s"):format(w.pc_before, w.exited and "exit" or tostring(w.pc))
    last = w
    if w.exited then break end
  end
  T.raises(function() gpu:step_warp(0, slot) end, "holds no warp", "step_warp on an exited warp")
  -- step_warp's own breakpoints take no ids the user sees
  local b = gpu:breakpoint{ line = 9999999 }
  T.is(b, 1, "after step_warp, the first breakpoint is still number 1")
  gpu:delete(b)
  gpu:finish()
  return table.concat(pcs, " ")
end
T.is(step_all(32), "0>1 1>2 2>3 3>4 4>5 5>6 6>7 7>8 8>exit", "falling through: one instruction per step, to the ret")
T.is(out[31], 31, "... and the kernel's result")
local taken = step_all(0)
T.is(taken:sub(1, 19), "0>1 1>2 2>3 3>4 4>8", "the taken branch goes to DONE (pc 8)")
-- an exit that retires the CTA at once (nothing in flight) still counts as
-- the warp's step (the engine names the warp before the instruction runs)
T.is(taken, "0>1 1>2 2>3 3>4 4>8 8>exit", "stepping a ret that retires the CTA at once")
T.is(out[0], -1, "... nothing stored")
gpu:start(k, { grid = 1, block = 32 }, out, 32)
T.raises(function() gpu:step_warp(3, 0) end, "SM 3 does not exist %(0%.%.0%)", "step_warp on a missing SM")
T.raises(function() gpu:step_warp(0, 4096) end, "warp slot 4096 does not exist", "step_warp on a missing slot")
T.raises(function() gpu:step_warp(0, 5) end, "SM 0 slot 5 holds no warp", "step_warp on an empty slot")
gpu:finish()

-- 3. breakpoints
gpu, k, out = fresh()
T.raises(function() gpu:breakpoint{ lnie = 3 } end,
         "unknown field 'lnie' %(allowed: pc, line, cu, func, warp, sm, cycle, stall, event, request, addr, len, once, disabled, partition%)",
         "breakpoint: unknown field")
T.raises(function() gpu:breakpoint{ sm = 1 } end, "give one of pc, line, cu, cycle, stall, event or request", "breakpoint: no kind")
T.raises(function() gpu:breakpoint{ pc = 1, line = 3 } end, "got both", "breakpoint: two kinds")
T.raises(function() gpu:breakpoint{ stall = "sleepy" } end,
         "unknown stall reason 'sleepy' %(allowed: selected, not_selected, long_scoreboard", "breakpoint: bad stall")
T.raises(function() gpu:breakpoint{ event = "rain" } end,
         "unknown event 'rain' %(allowed: mshr_full, throttle, prefetch, issue, iru_reply, iru_timeout, mff_done, mff_coalesce, mff_stall%)", "breakpoint: bad event")
T.raises(function() gpu:breakpoint{ event = "prefetch" } end, "needs 'addr'", "prefetch breakpoint without addr")
T.raises(function() gpu:breakpoint{ line = 12, sm = 99 } end, "'sm' must be in 0%.%.", "breakpoint: SM out of range")
T.raises(function() gpu:breakpoint{ line = -1 } end, "'line' must be a non%-negative integer", "breakpoint: negative line")
T.raises(function() gpu:breakpoint{ line = 12, warp = { cta = 0 } } end, "'warp.warp' must be", "warp filter without warp")
T.raises(function() gpu:breakpoint{ pc = 99, func = k } end, "function 'branchy' has 9 instructions", "pc past the end")
T.raises(function() gpu:breakpoint{ cycle = 5, warp = { cta = 0, warp = 0 } } end, "'warp' goes with", "cycle with warp")
local b1 = gpu:breakpoint{ line = 16 }
local b2 = gpu:breakpoint{ pc = 8, func = k, warp = { cta = 1, warp = 0 }, once = true, disabled = true }
local list = gpu:breakpoints()
T.is(#list, 2, "gpu:breakpoints lists two")
T.is(list[1].id, b1, "first id")
T.is(list[1].description, "line 16, any warp", "description of a line breakpoint")
T.is(list[2].description, "pc 8 of branchy, warp (CTA 1, w0) (disabled)", "description of a pc breakpoint")
T.ok(list[2].once and not list[2].enabled and list[1].enabled and list[1].hits == 0, "once, enabled, hits")
gpu:start(k, { grid = 2, block = 64 }, out, 32)
local st1, hit = gpu:continue()
T.is(st1, "break", "continue stops at a breakpoint")
T.is(hit.id, b1, "hit.id")
T.is(hit.kind, "line", "hit.kind")
T.is(hit.line, 16, "the stopped warp's next instruction is on line 16")
T.is(hit.pc, 7, "... pc 7")
T.is(hit.cycle + 1, gpu.cycle, "hit.cycle is the cycle that just ended")
local info
for _, wi in ipairs(gpu:sm(hit.sm):warps()) do if wi.slot == hit.slot then info = wi end end
T.ok(info and info.line == 16 and info.warp == hit.warp, "gpu:sm(hit.sm) shows that warp at line 16")
T.ok(hit.text:find("^breakpoint " .. b1 .. ": reached by SM") ~= nil, "hit.text: " .. hit.text)
gpu:enable(b1, false)
gpu:enable(b2)
T.is(gpu:breakpoints()[1].description, "line 16, any warp (disabled)", "disabled")
st1, hit = gpu:continue()
T.ok(st1 == "break" and hit.id == b2 and hit.cta == 1 and hit.warp == 0 and hit.pc == 8 and hit.line == 18,
     "the pc breakpoint of CTA 1 warp 0 (at the ret, line 18): " .. tostring(hit and hit.text))
T.is(#gpu:breakpoints(), 1, "the once breakpoint is gone")
T.is(gpu:breakpoints()[1].hits >= 1, true, "the line breakpoint counted its hit")
T.is(gpu:continue(), "done", "continue runs to the end")
gpu:finish()
gpu:delete(b1)
T.is(#gpu:breakpoints(), 0, "deleted")
T.raises(function() gpu:delete(b1) end, "gpu:delete: no breakpoint " .. b1, "deleting twice")
T.raises(function() gpu:enable(77, true) end, "gpu:enable: no breakpoint 77", "enable an unknown id")
-- cycle breakpoint: stops exactly there; a synchronous launch runs through breakpoints
gpu:start(k, { grid = 2, block = 64 }, out, 32)
local bc = gpu:breakpoint{ cycle = gpu.cycle + 40 }
local target = gpu.cycle + 40
T.is(gpu:step(1000), "break", "step stops at a cycle breakpoint")
T.is(gpu.cycle, target, "at exactly that cycle")
gpu:finish()
gpu:delete(bc)
local bl = gpu:breakpoint{ line = 16 }
gpu:launch(k, { grid = 2, block = 64 }, out, 32)
T.ok(gpu:breakpoints()[1].hits >= 2, "gpu:launch runs through breakpoints (hits counted: " .. gpu:breakpoints()[1].hits .. ")")
gpu:delete(bl)

-- 4. hooks: interval (exact count), launch and kernel_end (once per launch, in order), stop, errors
gpu, k, out = fresh()
local log, icount, icycles = {}, 0, true
local ih = gpu:on("interval", 10, function(g, c)
  icount = icount + 1
  if c % 10 ~= 0 or g.cycle ~= c then icycles = false end
end)
gpu:on("launch", function(g, name, n) log[#log + 1] = ("launch %s %d"):format(name, n) end)
gpu:on("kernel_end", function(g, name, s)
  log[#log + 1] = ("end %s %d %s"):format(name, s.cycles, tostring(g:running()))
end)
local start = gpu.cycle
gpu:launch(k, { grid = 2, block = 64 }, out, 32)
local mid = gpu.cycle
local c1 = gpu:stats().last.cycles
gpu:launch(k, { grid = 1, block = 32 }, out, 32)
local c2 = gpu:stats().last.cycles
T.is(icount, gpu.cycle // 10 - start // 10, ("interval 10: called once per multiple of 10 (%d times over cycles %d..%d)")
     :format(icount, start, gpu.cycle))
T.ok(icycles, "interval hook: the cycle argument is a multiple of 10 and is gpu.cycle")
T.is(table.concat(log, "; "), ("launch branchy 1; end branchy %d false; launch branchy 2; end branchy %d false"):format(c1, c2),
     "launch and kernel_end hooks once per launch, in order, with the launch's statistics")
T.ok(mid > start and c1 == mid - start, "kernel_end's stats are the launch's own")
gpu:off(ih)
T.raises(function() gpu:off(ih) end, "gpu:off: no hook " .. ih, "off twice")
-- "stop" from a hook ends a step early
gpu:start(k, { grid = 2, block = 64 }, out, 32)
local sh = gpu:on("interval", 5, function(g, c) if c >= g.cycle then return "stop" end end)
local before = gpu.cycle
T.is(gpu:step(1000), "stop", "an interval hook returning 'stop' stops the step")
T.is(gpu.cycle, (before // 5 + 1) * 5, "at the next multiple of 5")
gpu:off(sh)
-- run_until
local ru = gpu:run_until(function(g) return g.cycle >= before + 23 end, 4)
T.is(ru, "stop", "run_until returns 'stop' when the predicate is true")
-- (checked at s, s + 4, s + 8, ... from s, the multiple of 5 the step
-- stopped at: the first of them at or past before + 23)
local s0 = (before // 5 + 1) * 5
local want = s0 + 4 * math.max(0, (before + 23 - s0 + 3) // 4)
T.is(gpu.cycle, want, ("checked every 4 cycles: first true at +%d"):format(want - s0))
T.raises(function() gpu:run_until(function() error("pred boom") end) end, "pred boom", "a predicate's error")
T.ok(gpu:running(), "the launch stays active after a predicate error")
T.raises(function() gpu:run_until(function(g) g:step(1) end) end,
         "gpu:step cannot be called from an event hook, a prefetcher's hook or a run_until predicate", "no clock moves inside a predicate")
T.is(gpu:run_until(function() return false end, 50), "done", "run_until to the end says done")
gpu:finish()
-- errors in hooks
local eh = gpu:on("interval", 3, function(g, c) if c > 0 then error("hook boom at " .. c) end end)
gpu:start(k, { grid = 2, block = 64 }, out, 32)
T.raises(function() gpu:step(100) end, "interval hook " .. eh .. ": .*hook boom at", "a hook's error reaches gpu:step")
T.ok(gpu:running(), "the launch stays active after a hook error")
gpu:off(eh)
T.is(gpu:continue(), "done", "and goes on")
gpu:finish()
eh = gpu:on("interval", 3, function() error("boom in launch") end)
T.raises(function() gpu:launch(k, { grid = 2, block = 64 }, out, 32) end, "boom in launch",
         "a hook's error reaches gpu:launch")
T.is(gpu:running(), false, "gpu:launch closed its launch after the hook error")
gpu:off(eh)
eh = gpu:on("interval", 3, function(g) g:step(1) end)
gpu:start(k, { grid = 2, block = 64 }, out, 32)
T.raises(function() gpu:step(10) end, "gpu:step cannot be called from an event hook", "a hook cannot move the clock")
gpu:off(eh)
eh = gpu:on("kernel_end", function() error("end boom") end)
T.raises(function() gpu:finish() end, "kernel_end hook " .. eh .. ": .*end boom", "a kernel_end hook's error reaches finish")
T.is(gpu:running(), false, "closed anyway")
gpu:off(eh)
eh = gpu:on("launch", function() error("launch boom") end)
T.raises(function() gpu:start(k, { grid = 2, block = 64 }, out, 32) end, "launch hook " .. eh .. ": .*launch boom",
         "a launch hook's error reaches gpu:start")
T.ok(gpu:running(), "gpu:start leaves the launch active")
gpu:off(eh)
gpu:finish()
-- bad arguments of gpu:on
T.raises(function() gpu:on("tick", print) end,
         "unknown event 'tick' %(allowed: interval, launch, kernel_end, throttle, deadlock%)", "on: bad event")
T.raises(function() gpu:on("interval", print) end, "'interval' needs a period in cycles", "on: interval without a period")
T.raises(function() gpu:on("interval", 0, print) end, "'interval' needs a period", "on: zero period")
T.raises(function() gpu:on("launch", 5) end, "the 'launch' hook must be a function, got number", "on: not a function")
T.raises(function() gpu:step("x") end, "'n' must be a positive integer number of cycles", "step: bad count")

-- 5. throttle hook: the transitions of gpu:transitions(), at their cycle
local tg = ws.gpu{ quiet = true, ["pf.policy"] = "dsap", ["throttle.policy"] = "mt", ["throttle.period"] = 300 }
local seen, at_cycle = {}, true
tg:on("throttle", function(g, t)
  seen[#seen + 1] = t
  if g.cycle ~= t.cycle + 1 then at_cycle = false end
end)
local graph = ws.graph.rmat{ scale = 10, edgefactor = 8, seed = 5, directed = false, largest_component = true }
T.ok(B.data(tg, graph, 0, 1, src .. "/scenarios/kernels/bfs_data.ptx"), "BFS with DSAP and the MT throttle")
local all = tg:transitions()
T.ok(#all > 10, ("transitions happened (%d)"):format(#all))
T.is(#seen, #all, "the throttle hook saw every transition")
local match = true
for i, t in ipairs(all) do
  local s2 = seen[i]
  if not s2 or s2.index ~= t.index or s2.cycle ~= t.cycle or s2.sm ~= t.sm or s2.to ~= t.to or s2.source ~= t.source then
    match = false
  end
end
T.ok(match, "the same transitions as gpu:transitions(), in order")
T.ok(at_cycle, "each at the cycle it happened (the clock stands just after it)")
T.is(#tg:breakpoints(), 0, "the internal throttle breakpoint is not listed")

-- 6. deadlock hook
local dg = ws.gpu{ quiet = true, ["run.deadlock"] = 5000 }
local dk = dg:load_ptx(src .. "/scenarios/micro/deadlock.ptx"):kernel("split_barrier")
local dout = dg:array("i32", 64)
local diag
dg:on("deadlock", function(g, text) diag = text end)
T.raises(function() dg:launch(dk, { grid = 1, block = 64 }, dout) end, "deadlock", "the split barrier deadlocks")
T.ok(diag and diag:find("waits at a barrier") and diag:find("PTX line"), "the deadlock hook got the diagnosis")
T.is(dg:running(), false, "gpu:launch closed the deadlocked launch")
diag = nil
dg:start(dk, { grid = 1, block = 64 }, dout)
T.raises(function() dg:continue() end, "deadlock in kernel 'split_barrier'", "stepping into a deadlock raises")
T.ok(diag ~= nil, "the hook ran again")
T.ok(dg:running(), "the deadlocked launch stays active for inspection")
T.raises(function() dg:step(1) end, "deadlock", "it cannot run further")
T.raises(function() dg:finish() end, "deadlock", "gpu:finish closes it and raises the deadlock")
T.is(dg:running(), false, "closed")
dg:launch(dk, { grid = 1, block = 32 }, dout)     -- one warp: no deadlock
T.is(dout[0], 0, "the gpu runs the next launch")

-- 7. functional and closed gpus
local fg = ws.gpu{ mode = "functional" }
T.raises(function() fg:step() end, "gpu:step: a functional gpu has no clock to control", "step on a functional gpu")
T.raises(function() fg:breakpoint{ line = 3 } end, "functional gpu", "breakpoint on a functional gpu")
T.raises(function() fg:on("launch", print) end, "functional gpu", "on on a functional gpu")
local fk = fg:load_ptx_text(PTX, "branchy.ptx"):kernel("branchy")
local fo = fg:array("i32", 64)
fg:launch(fk, { grid = 1, block = 64 }, fo, 64)
T.is(fo[63], 63, "gpu:launch on a functional gpu still runs")
gpu, k, out = fresh()
gpu:start(k, { grid = 2, block = 64 }, out, 32)
gpu:step(10)
gpu:close()
T.raises(function() gpu:step() end, "attempt to use a closed gpu", "step on a closed gpu")
T.raises(function() gpu:finish() end, "attempt to use a closed gpu", "finish on a closed gpu")
T.raises(function() gpu:breakpoints() end, "attempt to use a closed gpu", "breakpoints on a closed gpu")
T.raises(function() gpu:on("launch", print) end, "attempt to use a closed gpu", "on on a closed gpu")

-- Statistics read mid-launch are current: every slot cycle is in some
-- stall reason, and one warp per SM is one active warp (before, the stall
-- counters lagged until the launch ended: warps_active read 48).
do
  local g2 = ws.gpu{ quiet = true }
  local m = g2:load_ptx(src .. "/scenarios/kernels/micro_stream.ptx")
  local n = 1 << 16
  local a = g2:array("i32", n, { name = "a" })
  local b = g2:array("i32", n, { name = "b" })
  g2:start(m:kernel("micro_copy"), { grid = g2.sms, block = 32 }, a, b, n)
  local function stall_sum(t)
    local sum = 0
    for key, v in pairs(t) do if key:match("^stall%.[%a_]+$") then sum = sum + v end end
    return sum
  end
  for _, c in ipairs { 1, 999, 4000 } do
    g2:step(c)
    local t = g2:stats().total
    T.is(stall_sum(t), t.warp_slot_cycles, ("mid-launch at cycle %d: stall cycles = slot cycles"):format(t.cycles))
    T.is(t.warps_active, 1.0, ("mid-launch at cycle %d: one active warp per SM"):format(t.cycles))
  end
  g2:finish()
  local t = g2:stats().total
  T.is(stall_sum(t), t.warp_slot_cycles, "after the launch: stall cycles = slot cycles")
  g2:close()
end

-- launch{regs = n}: the register count per thread used for occupancy.
-- fermi-thesis: 32768 registers per SM; a 512-thread CTA takes 16 warps x
-- 32 lanes x n registers, so 3 CTAs fit up to n = 21 and 2 from n = 22.
do
  local rg, rk, rout = fresh{ preset = "fermi-thesis", ["sm.count"] = 1 }
  local function resident(regs)
    rg:start(rk, { grid = 3, block = 512, regs = regs }, rout, 0)
    local n = 0
    for _ = 1, 8 do   -- one CTA starts per cycle; the largest count
      rg:step(1)
      n = math.max(n, #rg:sm(0):warps())
    end
    rg:finish()
    return n
  end
  T.is(resident(21), 48, "launch regs=21: 3 CTAs of 512 threads resident (48 warps)")
  T.is(resident(22), 32, "launch regs=22: 2 CTAs resident (32 warps)")
  T.ok(rk.regs < 21, "the kernel's own estimate is smaller (" .. rk.regs .. ")")
  T.is(resident(nil), 48, "without regs: the kernel's estimate")
  T.raises(function() rg:launch(rk, { grid = 1, block = 32, regs = 0 }, rout, 0) end,
           "'regs' must be a register count per thread from 1 to 255", "regs=0 refused")
  T.raises(function() rg:launch(rk, { grid = 1, block = 32, regs = 256 }, rout, 0) end,
           "from 1 to 255", "regs=256 refused")
  T.raises(function() rg:launch(rk, { grid = 1, block = 1024, regs = 64 }, rout, 0) end,
           "65536 registers at 64 per thread, scenario%) can never fit on an SM", "a CTA that can never fit is named with its count")
  rg:close()
end

-- nothing that moves the clock or frees the gpu runs from inside it: a Lua
-- prefetcher's hooks and event hooks get an error (gpu:close from a hook
-- used to free the gpu under the running simulation)
do
  local seen = {}
  local hg
  local P = {}
  function P.observe(self, a)
    if seen.close then return end
    seen.close = select(2, pcall(hg.close, hg))
    seen.step = select(2, pcall(hg.step, hg, 1))
    seen.finish = select(2, pcall(hg.finish, hg))
  end
  local hk, hout
  hg, hk, hout = fresh{ prefetcher = P }
  hg:launch(hk, { grid = 1, block = 64 }, hout, 64)
  T.ok(tostring(seen.close):find("gpu:close cannot be called from an event hook, a prefetcher's hook or a run_until predicate of that gpu"),
       "gpu:close from a prefetcher's hook is refused")
  T.ok(tostring(seen.step):find("gpu:step cannot be called from an event hook, a prefetcher's hook"),
       "gpu:step from a prefetcher's hook is refused")
  T.ok(tostring(seen.finish):find("gpu:finish cannot be called"), "gpu:finish from a prefetcher's hook is refused")
  T.is(hout[63], 63, "the launch ran to its end")
  local ev
  hg:on("interval", 10, function(g) ev = ev or select(2, pcall(g.close, g)) end)
  hg:launch(hk, { grid = 1, block = 64 }, hout, 64)
  T.ok(tostring(ev):find("gpu:close cannot be called from an event hook"), "gpu:close from an event hook is refused")
  T.is(hg.closed, false, "the gpu is still open")
  hg:close()
  T.is(hg.closed, true, "and closes once the run is over")

  -- a prefetcher whose hook lookup raises (a metamethod): the error is the
  -- hook's, the launch still ends and the gpu stays usable (the error used
  -- to escape through the simulation, leaving the gpu running for good)
  local MP = setmetatable({}, { __index = function(_, key) if key == "observe" then error("index boom") end end })
  local mg, mk, mout = fresh{ prefetcher = MP }
  T.raises(function() mg:launch(mk, { grid = 1, block = 64 }, mout, 64) end, "prefetch hook observe: .*index boom",
           "a hook lookup that raises is the hook's error")
  T.is(mout[63], 63, "the launch ran to its end without the hooks")
  T.raises(function() mg:launch(mk, { grid = 1, block = 64 }, mout, 64) end, "prefetch hook observe",
           "the next launch tries the hooks again")
  T.is(mg:running(), false, "no launch is left active")
  mg:close()
  T.is(mg.closed, true, "the gpu closes")
  local PP = setmetatable({}, { __index = function(_, key) if key == "period" then error("period boom") end end })
  local pg, pk, pout = fresh{ prefetcher = PP }
  T.raises(function() pg:launch(pk, { grid = 1, block = 64 }, pout, 64) end, "prefetch hook period: .*period boom",
           "a raising P.period is reported by the launch")
  T.is(pout[63], 63, "and the launch ran to its end")
  pg:close()
end

T.done()
