-- timing_run.lua: the timing model's runs are exact, deterministic, and
-- account every warp-cycle; idle skipping changes nothing; a deadlock is
-- diagnosed.
local T = require "tap"
local ws = require "warpscope"
local src = os.getenv("WS_SRCDIR")

-- A small BFS (topology-driven, two kernels a level) on an RMAT graph.
local g = ws.graph.rmat{ scale = 9, edgefactor = 8, seed = 5 }
local function bfs(opts)
  local gpu = ws.gpu(opts)
  local m = gpu:load_ptx(src .. "/scenarios/kernels/bfs_topo.ptx")
  local expand, update = m:kernel("bfs_topo_expand"), m:kernel("bfs_topo_update")
  local row = gpu:array("i32", g.row, { name = "row" })
  local col = gpu:array("i32", g.col, { name = "col" })
  local mask = gpu:array("u8", g.n, { name = "mask" })
  local upd = gpu:array("u8", g.n, { name = "updating" })
  local vis = gpu:array("u8", g.n, { name = "visited" })
  local cost = gpu:array("i32", g.n, { name = "cost", fill = -1 })
  local stop = gpu:array("i32", 1, { name = "stop" })
  mask[0], vis[0], cost[0] = 1, 1, 0
  local shape = { grid = (g.n + 127) // 128, block = 128 }
  repeat
    stop[0] = 0
    gpu:launch(expand, shape, row, col, mask, upd, vis, cost, g.n)
    gpu:launch(update, shape, mask, upd, vis, stop, g.n)
  until stop[0] == 0
  return gpu, cost:read()
end

local gpu1, cost1 = bfs{ quiet = true }
T.ok(ws.check.equal(cost1, g:bfs(0)), "BFS under the timing model matches the CPU BFS")
local s1 = gpu1:stats()
T.ok(s1.total.cycles > 0 and s1.total.warp_insns > 0, "cycles and warp instructions are counted")
T.is(s1.launches, 2 * s1.total.kernels // 2, "one launch record per kernel")
T.is(gpu1.cycle >= s1.total.cycles, true, "gpu.cycle covers the launches")

-- Every warp slot is in exactly one state every cycle.
local sum = 0
for _, k in ipairs{ "selected", "not_selected", "long_scoreboard", "short_scoreboard", "wait", "barrier",
                    "membar", "branch_resolving", "no_instruction", "lg_throttle", "mio_throttle",
                    "math_pipe_throttle", "drain", "mff_wait", "idle" } do
  sum = sum + s1.total["stall." .. k]
end
T.is(sum, s1.total.warp_slot_cycles, "stall states add up to warp slots x cycles")
T.is(s1.total["stall.selected"], s1.total.warp_insns, "selected = warp instructions issued")
local lsb = 0
for _, k in ipairs{ "l1", "l1_pending", "l2", "dram", "prefetch" } do lsb = lsb + s1.total["stall.long_scoreboard." .. k] end
T.is(lsb, s1.total["stall.long_scoreboard"], "long_scoreboard sub-reasons add up")
T.is(s1.total["sched.issue"] + s1.total["sched.idle"] + s1.total["sched.scoreboard"] + s1.total["sched.stall"],
     s1.total.cycles * 15 * 2, "GPGPU-Sim's issue/idle/scoreboard/stall triple covers every scheduler cycle")

-- Deterministic: the same run gives the same counters.
local gpu2, cost2 = bfs{ quiet = true }
local s2 = gpu2:stats()
local same = true
for k, v in pairs(s1.total) do if s2.total[k] ~= v then same = false; print("# differs: " .. k) end end
T.ok(same and ws.check.equal(cost1, cost2), "a second run gives identical statistics")

-- Idle skipping: identical statistics to stepping every cycle.
local gpu3 = bfs{ quiet = true, ["run.skip_idle"] = false }
local s3 = gpu3:stats()
same = true
for k, v in pairs(s1.total) do
  if k ~= "cycles_skipped" and s3.total[k] ~= v then same = false; print(("# differs: %s %s vs %s"):format(k, v, s3.total[k])) end
end
T.ok(same, "stepping every cycle gives the statistics of skipping idle cycles")
T.is(s3.total.cycles_skipped, 0, "no cycle skipped when run.skip_idle is off")
T.ok(s1.total.cycles_skipped > 0, ("idle cycles were skipped (%d)"):format(s1.total.cycles_skipped))

-- Other schedulers and an L1 change the timing, never the result.
for _, o in ipairs{ { ["sm.sched"] = "lrr" }, { ["sm.sched"] = "two-level" }, { ["l1d.enable"] = false },
                    { preset = "gtx480-l1-48k" }, { ["l1d.repl"] = "random" } } do
  o.quiet = true
  local gk, c = bfs(o)
  local name = next(o) == "quiet" and select(1, next(o, "quiet")) or next(o)
  T.ok(ws.check.equal(c, g:bfs(0)), ("BFS matches with %s"):format(tostring(name)))
  gk:close()
end

-- Two-level scheduling: a warp outside the active set still gets its turn
-- when the active warps wait at a barrier, drain their stores or wait on a
-- membar (they leave the active set, as on a long-scoreboard wait); the
-- data-driven BFS used to deadlock here.
do
  local B = require "warpscope.bfs"
  local rg = ws.graph.rmat{ scale = 11, edgefactor = 8, seed = 3, directed = false, largest_component = true }
  for _, act in ipairs{ 8, 2 } do
    local tg = ws.gpu{ quiet = true, ["sm.sched"] = "two-level", ["sm.sched_active"] = act }
    local ok, msg = B.data(tg, rg, 0, 1, src .. "/scenarios/kernels/bfs_data.ptx")
    T.ok(ok, ("data-driven BFS with two-level scheduling, %d active warps: %s"):format(act, tostring(msg)))
    tg:close()
  end
end

-- ... nor when a waiting warp comes back into the active set: with one
-- active warp, warp 1 of late_load reaches it while it waits at the barrier
-- and warp 2 still waits for its load outside it (found by a random-kernel
-- campaign: the active set must be looked at again each cycle, as GPGPU-Sim's
-- two_level_active_scheduler does).
do
  local tg = ws.gpu{ quiet = true, ["sm.sched"] = "two-level", ["sm.sched_active"] = 1, ["sm.schedulers"] = 1,
                     ["run.deadlock"] = 20000 }
  local k = tg:load_ptx(src .. "/scenarios/micro/deadlock.ptx"):kernel("late_load")
  local vals = {}
  for i = 1, 96 do vals[i] = 1000 + i end
  local inp, out = tg:array("i32", vals), tg:array("i32", 192)
  local ok, msg = pcall(tg.launch, tg, k, { grid = 1, block = 96 }, inp, out)
  T.ok(ok, "two-level, one active warp: a warp at a barrier in the active set does not keep out the warp it waits for: "
       .. tostring(msg))
  local got, bad = out:read(), 0
  for i = 0, 95 do
    local want = (i >= 32 and i < 64) and 0 or 1002 + i
    if got[i] ~= want or got[96 + i] ~= 1 then bad = bad + 1 end
  end
  T.is(bad, 0, "late_load's results under two-level scheduling")
  tg:close()
end

-- A kernel that deadlocks gets a diagnosis instead of hanging.
local gpu4 = ws.gpu{ quiet = true, ["run.deadlock"] = 5000 }
local k = gpu4:load_ptx(src .. "/scenarios/micro/deadlock.ptx"):kernel("split_barrier")
local out = gpu4:array("i32", 64, { name = "out" })
T.raises(function() gpu4:launch(k, { grid = 1, block = 64 }, out) end, "deadlock", "a split barrier deadlocks")
local ok, msg = pcall(gpu4.launch, gpu4, k, { grid = 1, block = 64 }, out)
T.ok(not ok and msg:find("waits at a barrier") and msg:find("PTX line"), "the diagnosis names the barrier wait and the PTX line")
T.ok(not ok and msg:find("nothing made progress for 5001 cycles") ~= nil, "after run.deadlock cycles: " .. tostring(msg):match("[^\n]*"))
-- Warps of a CTA waiting at different barriers (bar.sync 0 and bar.sync 1):
-- the diagnosis says which warps wait at which barrier id and that the ids
-- differ, as the functional engine's does (issue #38).
do
  local two_src = [[
.version 7.0
.target sm_70
.address_size 64
.visible .entry two_bars()
{
	.reg .pred 	%p<2>;
	.reg .b32 	%r<3>;
	mov.u32 	%r1, %tid.x;
	setp.lt.u32 	%p1, %r1, 64;
	@%p1 bra 	LOW;
	bar.sync 	1;
	bra.uni 	DONE;
LOW:
	bar.sync 	0;
DONE:
	ret;
}
]]
  local two = gpu4:load_ptx_text(two_src, "two_bars.ptx"):kernel("two_bars")
  local okt, msgt = pcall(gpu4.launch, gpu4, two, { grid = 1, block = 128 })
  T.ok(not okt and msgt:find("deadlock", 1, true) ~= nil, "bar.sync 0 and bar.sync 1 in one CTA deadlock")
  -- (the pc and line are the bar.sync's own, though the warps' pcs have
  -- moved past it: lines 14 and 11 of two_bars.ptx)
  T.ok(not okt and msgt:find("CTA (0,0,0) warps 0-1, pc 5 (PTX line 14) in two_bars: wait at a barrier (barrier id 0)", 1, true) ~= nil,
       "warps 0-1 wait at barrier id 0, at the bar.sync 0 on line 14: " .. tostring(msgt))
  T.ok(not okt and msgt:find("CTA (0,0,0) warps 2-3, pc 3 (PTX line 11) in two_bars: wait at a barrier (barrier id 1)", 1, true) ~= nil,
       "warps 2-3 wait at barrier id 1, at the bar.sync 1 on line 11")
  T.ok(not okt and msgt:find("; the CTA's warps wait at different barriers (ids 0 and 1), so none of them can complete: "
       .. "warps 0-1 at barrier 0 (two_bars.ptx:14), warps 2-3 at barrier 1 (two_bars.ptx:11)\n", 1, true) ~= nil,
       "the CTA's first line says the barrier ids differ, which warps wait at which and each bar.sync's file:line")
  T.ok(not okt and msgt:find("warps 2-3, pc 3 (PTX line 11) in two_bars: wait at a barrier (barrier id 1): 4 of the CTA's 4 warps "
       .. "are at a barrier, 0 exited, 0 elsewhere; the CTA's warps wait at different barriers (see its first line)\n", 1, true) ~= nil,
       "its other lines point at the first")
  -- the functional engine's deadlock says the same
  local gf = ws.gpu{ quiet = true, ["run.mode"] = "functional" }
  local twof = gf:load_ptx_text(two_src, "two_bars.ptx"):kernel("two_bars")
  local okf, msgf = pcall(gf.launch, gf, twof, { grid = 1, block = 128 })
  T.is(not okf and msgf:match("two_bars.ptx:.*"), "two_bars.ptx:14: barrier deadlock in kernel 'two_bars', CTA (0,0,0), "
       .. "thread (0,0,0): the CTA's warps wait at different barriers (ids 0 and 1), so none of them can complete: "
       .. "warps 0-1 at barrier 0 (two_bars.ptx:14, 64 of 128 threads arrived); warps 2-3 at barrier 1 (two_bars.ptx:11, "
       .. "64 of 128 threads arrived); instruction `bar.sync 0;` (pc 5)", "functional mode: the deadlock names both barriers")
end
-- Warps that exit complete a barrier the others wait at (the CTA's live
-- threads drop): the waiting warp goes on, as in the functional engine.
for _, preset in ipairs{ "gtx480", "g80-mtp", "fermi-thesis", "gtx980", "v100" } do
  local gb = ws.gpu{ quiet = true, preset = preset, ["run.deadlock"] = 5000 }
  local kb = gb:load_ptx(src .. "/scenarios/micro/deadlock.ptx"):kernel("exit_barrier")
  local ob = gb:array("i32", 96, { name = "out", fill = -1 })
  local okb, msgb = pcall(gb.launch, gb, kb, { grid = 1, block = 96 }, ob, 100)
  T.ok(okb, preset .. ": warp 0 passes the barrier its exited warps completed" .. (okb and "" or ": " .. tostring(msgb):match("[^\n]*")))
  T.ok(ob[0] == 0 and ob[31] == 31 and ob[32] == 4950 and ob[95] == 4950,
       preset .. ": exit_barrier's results (" .. ob[0] .. ", " .. ob[31] .. ", " .. ob[32] .. ", " .. ob[95] .. ")")
  T.ok(gb:stats().total["stall.barrier"] > 0, preset .. ": warp 0 waited at the barrier")
end
-- the gpu is still usable after a deadlock
local gk = gpu4:load_ptx(src .. "/scenarios/micro/coalesce.ptx"):kernel("gather")
local a = gpu4:array("i32", 64, { name = "a" })
for i = 0, 63 do a[i] = i * 7 end
local o2 = gpu4:array("i32", 32, { name = "o" })
gpu4:launch(gk, { grid = 1, block = 32 }, a, 2, o2)
T.is(o2[5], 70, "the gpu runs the next kernel after a deadlock")
-- full SMs deadlocking again and again: the emptied slots are reused cleanly
local big = gpu4:array("i32", 90 * 256, { name = "big" })
for i = 1, 3 do
  T.raises(function() gpu4:launch(k, { grid = 90, block = 256 }, big) end, "deadlock",
           ("deadlock %d with every warp slot of every SM in use"):format(i))
end
gpu4:launch(gk, { grid = 1, block = 32 }, a, 1, o2)
T.is(o2[5], 35, "... and the next kernel still runs")
-- A diagnosis of many warps: one line for the warps of a CTA waiting at the
-- same barrier, and whole lines in the error with a note where it stops
-- (gpu:diagnosis() and the deadlock hook get everything).
do
  local whole, hsm, hslot, hstall
  gpu4:on("deadlock", function(g, text)
    whole = text
    hsm, hslot = g:diagnosis_warp()
    local w = g:sm(hsm):warp(hslot)
    hstall = w and w:info().stall
  end)
  local okd, msgd = pcall(gpu4.launch, gpu4, k, { grid = 90, block = 256 }, big)
  T.ok(not okd and msgd:find("SM 0 warp slots 0, 2, 4, 6: CTA %(%d+,0,0%) warps 0, 2, 4, 6, pc %d+ %(PTX line 37%) " ..
       "in split_barrier: wait at a barrier %(barrier id 1%): 8 of the CTA's 8 warps are at a barrier, 0 exited, 0 elsewhere; " ..
       "the CTA's warps wait at different barriers %(ids 1 and 2%), so none of them can complete: warps 0, 2, 4, 6 at barrier 1 " ..
       "%([^\n]*deadlock.ptx:37%), warps 1, 3, 5, 7 at barrier 2 %([^\n]*deadlock.ptx:44%)\n") ~= nil,
       "the even warps of SM 0's first CTA in one line: " .. tostring(msgd):match("\n([^\n]*)"))
  T.ok(msgd:find("\n  ... (the diagnosis goes on: gpu:diagnosis() has the whole text)\n", 1, true) ~= nil,
       "the error says where it stops")
  T.is(gpu4:diagnosis(), whole, "gpu:diagnosis() is the hook's text")
  T.is(select("#", gpu4:diagnosis()), 1, "gpu:diagnosis() returns the text alone")
  local dsm, dslot = gpu4:diagnosis_warp()
  T.ok(dsm == 0 and dslot == 0, "gpu:diagnosis_warp(): the first warp it lists, SM 0 slot 0 (" .. tostring(dsm)
       .. ", " .. tostring(dslot) .. ")")
  T.ok(hsm == 0 and hslot == 0 and hstall == "barrier",
       "in the hook, gpu:sm(sm):warp(slot) is that warp, waiting at a barrier")
  T.is(gpu4:sm(dsm):warp(dslot), nil, "after gpu:launch raised, the launch has ended: the slot is empty")
  T.ok(#msgd < 1100, "the error keeps to its 1024 bytes (" .. #msgd .. " with Lua's position)")
  local lines = 0
  for _ in whole:gmatch("wait at a barrier") do lines = lines + 1 end
  T.is(lines, 64, "the hook's text: 64 lines of warps (two a CTA), the most it lists")
  T.ok(whole:find("\n  ... and %d+ more warp%(s%)\n") ~= nil, "and how many warps it left out")
  gpu4:launch(gk, { grid = 1, block = 32 }, a, 1, o2)
  T.is(gpu4:diagnosis(), nil, "gpu:diagnosis() after a launch that did not deadlock: nil")
  T.is(gpu4:diagnosis_warp(), nil, "... and gpu:diagnosis_warp()")
  T.is(ws.gpu{ quiet = true, mode = "functional" }:diagnosis(), nil, "... and on a functional gpu")
end

-- Options: bad keys and values are refused with the allowed range.
T.raises(function() ws.gpu{ ["l1d.sizee"] = 1 } end, "l1d.sizee", "unknown key")
T.raises(function() ws.gpu{ ["sm.sched"] = "fifo" } end, "gto", "bad enum value lists the choices")
T.raises(function() ws.gpu{ preset = "gtx9999" } end, "gtx480", "unknown preset lists the presets")
T.is(ws.gpu{ ["l1d.size"] = "48K", ["l1d.ways"] = 6 }:option("l1d.size"), "49152", "gpu:option reads a value")
-- Idle skipping while CTAs wait for an SM: the CTA dispatcher's
-- round-robin start moves every stepped cycle, so a skipped span must move
-- it too (found on MTP's backprop: 219,178 cycles skipping, 218,988
-- stepping).  CTAs of uneven length (ctaid % 5 + 1 loads) on few SMs make
-- two SMs free up in one cycle, where the start decides who gets which CTA.
do
local WPTX = [[
.version 7.0
.target sm_50
.address_size 64
.visible .entry inc(.param .u64 a, .param .u64 out)
{
  .reg .b32 %r<8>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [a];
  ld.param.u64 %rd2, [out];
  cvta.to.global.u64 %rd1, %rd1;
  cvta.to.global.u64 %rd2, %rd2;
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %ctaid.x;
  mov.u32 %r3, %ntid.x;
  mad.lo.u32 %r4, %r2, %r3, %r1;
  mul.wide.u32 %rd3, %r4, 4;
  add.s64 %rd4, %rd1, %rd3;
  .reg .pred %p1;
  rem.u32 %r6, %r2, 5;
  mov.u32 %r5, 0;
L:
  ld.global.u32 %r7, [%rd4];
  add.u32 %r5, %r5, %r7;
  add.u32 %r5, %r5, 1;
  add.s64 %rd4, %rd4, 32768;
  setp.ne.u32 %p1, %r6, 0;
  sub.u32 %r6, %r6, 1;
  @%p1 bra L;
  add.s64 %rd5, %rd2, %rd3;
  st.global.u32 [%rd5], %r5;
  ret;
}
]]

  local function wrun(skip, sms, ctas, grid)
    local gw = ws.gpu{ quiet = true, preset = "g80-mtp", ["sm.count"] = sms, ["sm.ctas"] = ctas, ["run.skip_idle"] = skip }
    local k = gw:load_ptx_text(WPTX, "waves.ptx"):kernel("inc")
    local n = grid * 128
    local a = gw:array("u32", n + 5 * 8192, { name = "a" })
    local out = gw:array("u32", n, { name = "out" })
    gw:launch(k, { grid = grid, block = 128 }, a, out)
    local st = gw:stats().total
    gw:close()
    return st
  end
  for _, c in ipairs{ { 2, 2, 64 }, { 3, 1, 100 }, { 4, 3, 40 }, { 5, 2, 100 } } do
    local x, y = wrun(true, c[1], c[2], c[3]), wrun(false, c[1], c[2], c[3])
    local same = true
    for key, v in pairs(x) do
      if key ~= "cycles_skipped" and y[key] ~= v then same = false end
    end
    T.ok(same and x.cycles_skipped > 0, ("%d SMs x %d CTAs, grid %d: skipping (%d cycles skipped) gives stepping's statistics (%d cycles)")
         :format(c[1], c[2], c[3], x.cycles_skipped, y.cycles))
  end
end

T.done()
