-- The inspection API: machine, SMs, warps (info, SIMT stack, registers,
-- history), caches (lines, MSHRs, occupancy, stats), DRAM, interconnect,
-- memory summary; stale handles and out-of-range indices.
--
-- The kernel is small and hand-traced.  Mid-launch facts are taken inside a
-- Lua prefetcher's observe hook, which the model calls when a warp's memory
-- instruction issues (functional execution happens at issue, so the warp's
-- registers already hold what the instruction loaded).
local T = require "tap"
local ws = require "warpscope"

-- lanes 0..7 load out[tid], subtract 5 and store it back; the others skip.
local PTX = [[
.version 7.0
.target sm_75
.address_size 64
.visible .entry k(.param .u64 out)
{
  .reg .pred %p<2>;
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  setp.lt.u32 %p1, %r1, 8;
  @!%p1 bra SKIP;
  ld.global.u32 %r2, [%rd3];
  add.s32 %r2, %r2, -5;
  st.global.u32 [%rd3], %r2;
SKIP:
  ret;
}
]]
-- pc:   0 ld.param (line 9), 1 mov, 2 mul.wide, 3 add.s64, 4 setp, 5 bra (line 14),
--       6 ld.global (line 15), 7 add.s32 (16), 8 st.global (17), 9 ret (19)

local gpu, first, second, later, out
local events = {}
local P = {}
function P:observe(a)
  local sm = gpu:sm(0)
  local w = sm:warp(0)
  local e = { pc = a.pc, kind = a.kind, infos = sm:warps(), info = w:info(), stack = w:stack(),
              hist = w:history(), r5 = w:regs(5), r9 = w:regs(9), r5f = w:regs(5, "functional"),
              mshrs = sm.l1d:mshrs(), warp = w }
  events[#events + 1] = e
  if first then
    e.first_valid = first.valid
    e.first_err = select(2, pcall(first.info, first))
  end
  first = first or w
end

-- 1 SM, one CTA at a time: CTA 1 takes slot 0 after CTA 0 retires.
-- (l1d.invalidate=none and global stores written through: the L1D keeps
-- its lines after the launch, for c:lines(); ideal fetch and no host copy
-- in the L2: the L2, DRAM and network counts below are the data's)
gpu = ws.gpu{ sms = 1, ["sm.ctas"] = 1, prefetcher = P, quiet = true, ["l1d.invalidate"] = "none",
              ["l1i.enable"] = false, ["l1d.write_global"] = "through", ["mem.copy_to_l2"] = false }
T.is(gpu:record(true), false, "gpu:record turns recording on (it was off)")
out = gpu:array("i32", 32, { name = "out" })
for i = 0, 31 do out[i] = 100 + i end
local k = gpu:load_ptx_text(PTX, "k.ptx"):kernel("k")

-- before any launch
local sm = gpu:sm(0)
T.is(sm.id, 0, "sm.id")
T.is(tostring(sm), "SM 0", "SM handle prints")
T.is(#sm:warps(), 0, "no warps before a launch")
T.is(sm:warp(0), nil, "an empty slot gives nil")

gpu:launch(k, { grid = 2, block = 32 }, out)
T.is(out[0], 90, "kernel ran twice (100 - 5 - 5)")
T.is(out[8], 108, "lanes 8.. untouched")

-- 4 events: CTA 0 load, CTA 0 store, CTA 1 load, CTA 1 store
T.is(#events, 4, "observe hook ran at each memory instruction")
local e = events[1]
T.is(e.pc, 6, "first access: the ld.global at pc 6")
T.is(#e.infos, 1, "sm:warps() lists the one resident warp")
local i = e.info
T.is(i.slot, 0, "info.slot")
T.is(i.sm, 0, "info.sm")
T.is(i.cta[1], 0, "info.cta x")
T.is(i.cta[2], 0, "info.cta y")
T.is(i.warp, 0, "info.warp")
T.is(i.func, "k", "info.func")
T.is(i.pc, 7, "next instruction after the load: pc 7")
T.is(i.line, 16, "... on PTX line 16")
T.is(i.text, "add.s32 %r2, %r2, -5;", "... its PTX text")
T.is(i.active, 0xff, "active mask: lanes 0..7 inside the branch")
T.is(i.active_lanes, 8, "active_lanes")
T.is(i.insns, 7, "7 instructions issued so far")
T.is(i.outstanding, 1, "the load is outstanding")
T.ok(type(i.stall) == "string" and i.cycles_in_state >= 0 and i.since <= gpu.cycle, "stall, since, cycles_in_state")
T.is(e.infos[1].text, i.text, "sm:warps() and w:info() agree")
-- SIMT stack: the reconvergence entry below, the taken path on top
T.is(#e.stack, 2, "SIMT stack depth 2 inside the divergent branch")
T.is(e.stack[1].pc, 9, "bottom entry continues at the reconvergence pc")
T.is(e.stack[1].mask, 0xffffffff, "bottom entry: every lane")
T.is(e.stack[1].rpc, nil, "bottom entry: no reconvergence pc")
T.is(e.stack[2].pc, 7, "top entry: the running pc")
T.is(e.stack[2].mask, 0xff, "top entry: lanes 0..7")
T.is(e.stack[2].rpc, 9, "top entry reconverges at SKIP (pc 9)")
T.is(e.stack[2].frame, 0, "frame 0 (the kernel)")
-- registers of lanes 5 and 9: only live ones (read later) have values
T.is(e.r5["%r1"], nil, "lane 5 %r1: read for the last time by mul.wide, no value")
T.is(e.r5["%rd2"], nil, "lane 5 %rd2: dead too")
T.is(e.r5["%rd3"], out.addr + 20, "lane 5 %rd3 = &out[5] (the store reads it)")
T.is(e.r5f["%r2"], 105, "lane 5 %r2 = the loaded value (functional: written when the load issued)")
T.is(e.r5["%r2"], "pending (ld.global.u32 line 15, issued " .. e.hist[1].cycle .. ")",
     "lane 5 %r2 as the warp sees it: pending, the load's line and issue cycle")
T.is(e.r5f["%rd3"], e.r5["%rd3"], "a register not pending: the same in both views")
T.is(e.r5["%p1"], true, "lane 5 %p1 true (predicates are booleans)")
T.is(e.r9["%p1"], false, "lane 9 %p1 false")
T.is(e.r9["%r2"], nil, "lane 9 waits at ret: no register is live")
-- history, newest first
T.is(#e.hist, 7, "history: 7 instructions")
T.is(e.hist[1].pc, 6, "newest: the load")
T.is(e.hist[1].text, "ld.global.u32 %r2, [%rd3];", "history text")
T.is(e.hist[1].line, 15, "history line")
T.is(e.hist[1].active, 0xff, "history active mask")
T.is(e.hist[2].text, "@!%p1 bra SKIP;", "then the branch")
T.is(e.hist[7].text, "ld.param.u64 %rd1, [out];", "oldest: ld.param")
T.ok(e.hist[1].cycle > e.hist[7].cycle, "newest first (cycles decrease)")
-- the load's MSHR entry
T.is(#e.mshrs, 1, "one L1 MSHR entry")
T.is(e.mshrs[1].addr, out.addr, "for the line of out[0]")
T.is(e.mshrs[1].merged, 1, "holding one request")

e = events[2]
T.is(e.pc, 8, "second access: the store")
T.is(e.info.pc, 9, "then ret is next")
T.is(e.info.text, "ret;", "ret's text")
T.is(#e.stack, 1, "reconverged: stack depth 1")
T.is(#e.hist, 9, "history: 9 instructions")
T.is(e.hist[1].text, "st.global.u32 [%rd3], %r2;", "newest: the store")
T.is(e.r5["%r2"], nil, "lane 5 %r2: stored, so dead before ret")
T.is(e.first_valid, true, "the handle taken earlier is still valid for the same warp")

e = events[3]
T.is(e.info.cta[1], 1, "CTA 1 now holds slot 0")
T.is(#e.hist, 7, "the slot's history restarted with the new warp")
T.is(e.r5f["%r2"], 100, "CTA 1 loaded what CTA 0 stored")
T.is(e.first_valid, false, "a handle on CTA 0's warp is not valid once CTA 1 holds the slot")
T.ok(tostring(e.first_err):find("stale warp handle: SM 0 slot 0 no longer holds warp (CTA 0, warp 0)", 1, true)
     and not tostring(e.first_err):find("launch ended"), "... and raises the stale-handle error")

-- after the launch
local w = events[4].warp
T.raises(function() return w:info() end,
         "stale warp handle: SM 0 slot 0 no longer holds warp %(CTA 1, warp 0%); the launch ended",
         "a warp handle is stale after the launch")
T.raises(function() return w:regs(0) end, "stale warp handle", "regs of a stale warp")
T.raises(function() return w:stack() end, "stale warp handle", "stack of a stale warp")
T.raises(function() return w:history() end, "stale warp handle", "history of a stale warp")
T.is(w.valid, false, "w.valid is false")
T.is(w.sm, 0, "w.sm still answers")
T.ok(tostring(w):find("(stale)", 1, true), "a stale warp prints as stale")
T.is(#sm:warps(), 0, "no warps after the launch")

-- L1D of SM 0: one line, out's first 128 bytes
local c = sm.l1d
T.ok(rawequal(c(), c) and sm:l1d().kind == "l1d", "sm.l1d and sm:l1d() are the same handle")
T.is(tostring(c), "L1D of SM 0", "cache handle prints")
local cf = c:config()
T.is(cf.sets, 32, "L1D sets (16K, 4 ways, 128 B)")
T.is(cf.ways, 4, "L1D ways")
T.is(cf.line, 128, "L1D line")
T.is(cf.size, 16384, "L1D size")
T.is(cf.mshrs, 64, "L1D MSHRs")
local lines = c:lines()
T.is(#lines, 128, "c:lines() lists every line")
local valid = {}
for _, l in ipairs(lines) do if l.state ~= "invalid" then valid[#valid + 1] = l end end
T.is(#valid, 1, "one valid line")
T.is(valid[1].addr, out.addr, "it holds out[0..31]")
T.is(valid[1].owner, "out", "owned by array 'out'")
T.is(valid[1].valid, true, "valid")
T.is(valid[1].prefetched, false, "not prefetched")
T.is(valid[1].pending, false, "not pending")
T.is(valid[1].dirty, false, "not dirty (global writes go through)")
T.is(#c:lines(valid[1].set), 4, "c:lines(set) lists one set")
T.is(c:lines(valid[1].set)[valid[1].way + 1].addr, out.addr, "... with the line at its way")
T.is(#c:mshrs(), 0, "no MSHR in use after the launch")
local occ = c:occupancy()
T.is(occ.out, 1, "occupancy: 1 line of 'out'")
T.is(occ.free, 127, "occupancy: 127 free")
T.is(occ.prefetched_unused, 0, "occupancy: no unused prefetched line")
local cs = c:stats()
T.is(cs.by_kind.read.misses, 1, "L1D read misses: CTA 0's load")
T.is(cs.by_kind.read.hits, 1, "L1D read hits: CTA 1's load (the write-through store kept the line)")
T.is(cs.by_kind.write.accesses, 2, "L1D writes: the two stores")
T.is(cs.misses, gpu:stats().total["l1d.cache.misses"], "c:stats() misses = the l1d.cache.misses counter")
T.is(cs.hits, gpu:stats().total["l1d.cache.hits"], "c:stats() hits = the l1d.cache.hits counter")

-- L2: 12 slices; out's line is somewhere, dirty (write-back L2)
local machine = gpu:machine()
local found, l2lines = 0, 0
for s = 0, machine.l2.slices - 1 do
  for _, l in ipairs(gpu:l2(s):lines()) do
    if l.state ~= "invalid" then
      l2lines = l2lines + 1
      if l.owner == "out" then found = found + 1; T.is(l.dirty, true, "out's L2 line is dirty") end
    end
  end
end
T.is(found, 1, "out's line is in one L2 slice")
T.is(l2lines, 2, "the L2 holds out's line and the parameter line")
T.is(gpu:l2(0).kind, "l2", "gpu:l2(i).kind")
T.is(gpu:l2(0):config().sets, 64, "L2 slice sets (64K / 8 ways / 128 B)")

-- machine
T.is(machine.preset, "gtx480", "machine.preset")
T.is(machine.mode, "timing", "machine.mode")
T.is(machine.nsms, 1, "machine.nsms")
T.is(machine.warp_slots, 48, "machine.warp_slots")
T.is(machine.schedulers, 2, "machine.schedulers")
T.is(machine.scheduler, "gto", "machine.scheduler")
T.is(machine.clocks.core, 700, "machine.clocks.core")
T.is(machine.l1d.sets, 32, "machine.l1d.sets")
T.is(machine.l2.slices, 12, "machine.l2.slices")
T.is(machine.dram.channels, 6, "machine.dram.channels")
T.is(machine.dram.banks, 16, "machine.dram.banks")
T.is(machine.prefetch.policy, "lua", "machine.prefetch.policy (the Lua prefetcher)")

-- DRAM: 2 reads (out's line and the parameter line), in open rows
local reads, open = 0, 0
for ch = 0, machine.dram.channels - 1 do
  local d = gpu:dram(ch)
  T.ok(d.queue == 0 and d.returns == 0, "channel " .. ch .. " queues empty after the launch")
  T.is(#d.banks, 16, "channel " .. ch .. " has 16 banks")
  reads = reads + d.stats.reads
  for _, b in ipairs(d.banks) do if b.row then open = open + 1 end end
end
T.is(reads, 2, "DRAM reads: 2")
T.is(reads, gpu:stats().total["dram.reads"], "= the dram.reads counter")
T.ok(open >= 1 and open <= 2, "the rows read stay open")

-- interconnect: empty after the launch, as many replies as requests
local ic = gpu:icnt()
T.is(ic.requests.inputs, 1, "request network: one input per SM")
T.is(ic.requests.outputs, 12, "... one output per L2 slice")
T.is(#ic.replies.out_flits, 1, "reply network: one output per SM")
local held = 0
for _, net in ipairs({ ic.requests, ic.replies }) do
  for _, f in ipairs(net.in_flits) do held = held + f end
  for _, f in ipairs(net.out_flits) do held = held + f end
end
T.is(held, 0, "no flit held after the launch")
T.is(ic.requests.stats.packets, 4, "4 requests: the parameter line, CTA 0's load, 2 stores")
T.is(ic.replies.stats.packets, ic.requests.stats.packets, "every request answered")

-- memory summary against the counters
local st = gpu:stats().total
local m = gpu:memory()
T.is(m.requests, st["mem.latency_n"], "memory.requests = mem.latency_n")
T.is(m.measured_latency, st["mem.avg_latency"], "memory.measured_latency = mem.avg_latency")
T.is(m.served.dram, st["mem.latency_n.dram"], "memory.served.dram")
T.is(m.latency.dram, st["mem.latency_sum.dram"] / st["mem.latency_n.dram"], "memory.latency.dram")
T.is(m.row_hit_rate, st["dram.row_hit_rate"], "memory.row_hit_rate")
T.is(m.bandwidth_util, st["dram.bandwidth_util"], "memory.bandwidth_util")
T.is(m.mtaml, st.mtaml, "memory.mtaml")

-- per-SM stalls and counters
local stalls, sum = sm:stalls(), 0
for _, v in pairs(stalls) do sum = sum + v end
local ctr = sm:counters()
T.is(sum, ctr.warp_slot_cycles, "sm:stalls() add up to warp_slot_cycles")
T.is(stalls.selected, ctr.warp_insns, "selected warp-cycles = instructions issued")
T.is(ctr.warp_insns, 20, "10 warp instructions per CTA")
T.is(ctr.ctas, 2, "2 CTAs completed")

-- prefetcher and throttle tables: the same as gpu:prefetcher(sm) / gpu:throttle(sm)
local pg = ws.gpu{ sms = 2, ["pf.policy"] = "stride", ["throttle.policy"] = "feedback", quiet = true }
local s1 = pg:sm(1)
T.is(s1.prefetcher.policy, pg:prefetcher(1).policy, "sm.prefetcher = gpu:prefetcher(sm)")
T.is(s1:prefetcher().entries, pg:prefetcher(1).entries, "sm:prefetcher() = gpu:prefetcher(sm)")
T.is(s1:throttle().throttle, "feedback", "sm:throttle()")
T.is(s1.throttle.degree, pg:throttle(1).degree, "sm.throttle = gpu:throttle(sm)")
T.is(ws.gpu{ sms = 1, quiet = true }:sm(0).prefetcher.policy, "none", "pf.policy none: sm.prefetcher.policy")

-- out-of-range indices
T.raises(function() gpu:sm(1) end, "SM 1 does not exist %(0%.%.0%)", "gpu:sm past the end")
T.raises(function() gpu:sm(-1) end, "SM %-1 does not exist", "gpu:sm negative")
T.raises(function() sm:warp(48) end, "warp slot 48 does not exist %(0%.%.47%)", "sm:warp past the end")
T.raises(function() gpu:l2(12) end, "L2 slice 12 does not exist %(0%.%.11%)", "gpu:l2 past the end")
T.raises(function() gpu:dram(6) end, "DRAM channel 6 does not exist %(0%.%.5%)", "gpu:dram past the end")
T.raises(function() c:lines(32) end, "set 32 does not exist %(0%.%.31%)", "c:lines(set) past the end")
T.raises(function() events[1].warp:regs(32) end, "stale warp handle", "regs of a stale handle raise first")
local fg = ws.gpu{ mode = "functional", sms = 3 }
T.raises(function() fg:sm(0) end, "a functional gpu has no timing model", "functional gpu: no SM handles")
T.is(fg:machine().nsms, 3, "functional gpu: machine() still answers")

-- between steps of the control layer (gpu:start, gpu:step, gpu:step_warp)
local sg = ws.gpu{ sms = 1, quiet = true }
sg:record()
local so = sg:array("i32", 32, { name = "out" })
for i = 0, 31 do so[i] = 100 + i end
T.is(sg:start(sg:load_ptx_text(PTX, "k.ptx"):kernel("k"), { grid = 1, block = 32 }, so), 1, "gpu:start: launch 1")
T.is(#sg:sm(0):warps(), 0, "no warp before the first cycle")
sg:step(1)
local sw = sg:sm(0):warp(0)
T.ok(sw ~= nil and sw.valid, "after one cycle the warp holds slot 0")
local pcs_ok, insns_ok, hist_ok = true, true, true
for n = 1, 7 do
  local st = sg:step_warp(0, 0)
  local si = sw:info()
  pcs_ok = pcs_ok and st == "warp" and si.pc == n
  insns_ok = insns_ok and si.insns == n
  hist_ok = hist_ok and #sw:history() == n and sw:history()[1].pc == n - 1
end
T.ok(pcs_ok, "each gpu:step_warp advances the handle's pc by one (0..7)")
T.ok(insns_ok, "... and its instruction count")
T.ok(hist_ok, "... and its history (newest first)")
T.is(sw:info().text, "add.s32 %r2, %r2, -5;", "after the load: add.s32 is next")
T.is(#sw:stack(), 2, "inside the branch: stack depth 2")
T.is(sw:regs(3, "functional")["%r2"], 103, "lane 3 loaded out[3] (functional)")
T.is(sw:regs(3)["%r2"], "pending (ld.global.u32 line 15, issued " .. sw:history()[1].cycle .. ")",
     "... the warp's view: pending until the data is back")
T.raises(function() return sw:regs(3, "mine") end, "invalid option 'mine'", "regs: a bad view")
sg:step(1)
local s1 = sw:info()
T.is(s1.stall, "long_scoreboard", "the add waits for the load: long_scoreboard")
T.is(s1.outstanding, 1, "one request outstanding")
sg:step(1)
T.is(sw:info().cycles_in_state, s1.cycles_in_state + 1, "cycles_in_state grows by one per cycle")
local pend = {}
for _, l in ipairs(sg:sm(0).l1d:lines()) do if l.state ~= "invalid" then pend[#pend + 1] = l end end
T.is(#pend, 1, "L1D: one line allocated for the load")
T.is(pend[1].addr, so.addr, "... out's first line")
T.is(pend[1].state, "reserved", "... reserved while its fill is pending")
T.is(pend[1].pending, true, "... pending")
T.is(pend[1].valid, false, "... no valid sector yet")
T.is(pend[1].owner, "out", "... owned by 'out'")
T.is(#sg:sm(0).l1d:mshrs(), 1, "one MSHR entry in use")
T.is(sg:continue(), "done", "gpu:continue runs to the end")
T.is(sw.valid, false, "the warp exited: its handle is stale")
T.raises(function() return sw:info() end, "no longer holds warp %(CTA 0, warp 0%)$", "... while the launch is still open")
sg:finish()
T.raises(function() return sw:info() end, "the launch ended", "... and after gpu:finish")
T.is(so[3], 98, "the stepped launch computed out[3] = 103 - 5")

-- everything is stale once the gpu is closed
local l2 = gpu:l2(0)
gpu:close()
T.raises(function() return sm:warps() end, "stale SM handle: its gpu was closed", "SM handle after close")
T.raises(function() return sm.id end, "stale SM handle", "sm.id after close")
T.raises(function() return c:lines() end, "stale cache handle: its gpu was closed", "L1D handle after close")
T.raises(function() return l2:config() end, "stale cache handle", "L2 handle after close")
T.raises(function() return w:info() end, "stale warp handle: its gpu was closed", "warp handle after close")
T.raises(function() return gpu:sm(0) end, "closed gpu", "gpu:sm after close")
T.is(tostring(sm), "SM 0 (stale: gpu closed)", "a stale SM prints as stale")

-- the prefetch cache (pf.dest = pfc, the g80-mtp preset) is a cache handle too
do
  local pg = ws.gpu{ preset = "g80-mtp", quiet = true, ["pf.policy"] = "stride" }
  local pk = pg:load_ptx(ws.data_path("scenarios/kernels/micro_stream.ptx")):kernel("micro_copy")
  local n = 1 << 16
  local src, dst = pg:array("i32", n, { name = "src" }), pg:array("i32", n, { name = "dst" })
  pg:start(pk, { grid = n // 256, block = 256 }, src, dst, n)
  pg:step(20000)
  T.is(pg:sm(0).l1d, nil, "g80-mtp has no L1D")
  local best, most = nil, 0
  for i = 0, pg:machine().nsms - 1 do
    local v = pg:sm(i):counters()["pf.issued"]
    if v > most then best, most = i, v end
  end
  T.ok(best ~= nil, "some SM issued prefetches")
  local pc = pg:sm(best).pfc
  T.is(pc.kind, "pfc", "sm.pfc is the prefetch cache")
  T.is(tostring(pc), ("prefetch cache of SM %d"):format(best), "it prints as such")
  T.is(pc:config().size, 16384, "16 KB (g80-mtp)")
  local used = 0
  for _, l in ipairs(pc:lines()) do if l.state ~= "invalid" then used = used + 1 end end
  T.ok(used > 0 and used <= most, ("its lines hold prefetches (%d lines, %d issued)"):format(used, most))
  pg:finish()
  T.is(ws.gpu{ quiet = true }:sm(0).pfc, nil, "no prefetch cache when prefetches go to L1")
end

-- thread.keep_regs: every register keeps its value after its last read
do
  local seen = {}
  local KP = {}
  local kg
  function KP:observe(a)
    local w = kg:sm(0):warp(0)
    seen[#seen + 1] = { r5 = w:regs(5), r9 = w:regs(9, "functional") }
  end
  kg = ws.gpu{ sms = 1, ["sm.ctas"] = 1, prefetcher = KP, quiet = true, ["thread.keep_regs"] = true }
  local kout = kg:array("i32", 32, { name = "out" })
  for i = 0, 31 do kout[i] = 100 + i end
  kg:launch(kg:load_ptx_text(PTX, "k.ptx"):kernel("k"), { grid = 1, block = 32 }, kout)
  T.is(kout[5], 100, "keep_regs: same result")
  T.is(seen[1].r5["%r1"], 5, "keep_regs: lane 5 %r1 = tid after its last read")
  T.is(seen[1].r5["%rd2"], 20, "keep_regs: lane 5 %rd2 = tid * 4")
  T.is(seen[1].r9["%r2"], 0, "keep_regs: lane 9 %r2 never written reads 0")
  T.is(seen[2].r5["%r2"], 100, "keep_regs: lane 5 %r2 = 105 - 5 after the store")
end

T.done()
