-- prefetch_engine.lua: the prefetch engine's outcome counters on hand-built
-- cases (one thread walking lines of an array with a dependent delay between
-- loads), prefetchers written in Lua against the C ones, inspection, the
-- transition log, and errors in Lua hooks.
local T = require "tap"
local ws = require "warpscope"

-- walk(a, out, n, stride, delay): v = a[i*stride], then v = 3v + 1 `delay`
-- times (a dependent chain), sum += v; out[0] = sum.  One thread.
local PTX = [[
.version 7.0
.target sm_50
.address_size 64
.visible .entry walk(.param .u64 a, .param .u64 out, .param .u32 n, .param .u32 stride, .param .u32 delay)
{
  .reg .b32 %r<10>;
  .reg .b64 %rd<6>;
  .reg .pred %p<3>;
  ld.param.u64 %rd1, [a];
  ld.param.u64 %rd2, [out];
  ld.param.u32 %r1, [n];
  ld.param.u32 %r2, [stride];
  ld.param.u32 %r3, [delay];
  cvta.to.global.u64 %rd1, %rd1;
  cvta.to.global.u64 %rd2, %rd2;
  mov.u32 %r4, 0;
  mov.u32 %r5, 0;
LOOP:
  setp.ge.u32 %p1, %r4, %r1;
  @%p1 bra DONE;
  mul.lo.u32 %r6, %r4, %r2;
  mul.wide.u32 %rd3, %r6, 4;
  add.s64 %rd4, %rd1, %rd3;
  ld.global.u32 %r7, [%rd4];
  mov.u32 %r8, 0;
DL:
  setp.ge.u32 %p2, %r8, %r3;
  @%p2 bra DD;
  mad.lo.u32 %r7, %r7, 3, 1;
  add.u32 %r8, %r8, 1;
  bra DL;
DD:
  add.u32 %r5, %r5, %r7;
  add.u32 %r4, %r4, 1;
  bra LOOP;
DONE:
  st.global.u32 [%rd2], %r5;
  ret;
}
]]

local N, STRIDE = 16, 32          -- 16 loads, one per 128-byte line

local function cpu(a, n, stride, delay)
  local sum = 0
  for i = 0, n - 1 do
    local v = a[i * stride + 1]
    for _ = 1, delay do v = (v * 3 + 1) & 0xffffffff end
    sum = (sum + v) & 0xffffffff
  end
  return sum
end

local init = {}
for i = 1, (N + 1) * STRIDE do init[i] = (i * 7919) % 1000 end

-- Run walk on a one-SM gtx480 with the given options; returns the totals,
-- whether the result matched, and the gpu.
local function walk(opts, delay, keep)
  opts.quiet = true
  opts["sm.count"] = 1
  -- (the L1D is kept at the launch's end: an invalidation would count the
  -- last, unused prefetched line as evicted)
  if opts["l1d.invalidate"] == nil then opts["l1d.invalidate"] = "none" end
  local gpu = ws.gpu(opts)
  local k = gpu:load_ptx_text(PTX, "walk.ptx"):kernel("walk")
  local a = gpu:array("i32", init, { name = "a" })
  local out = gpu:array("i32", 1, { name = "out" })
  gpu:launch(k, { grid = 1, block = 1 }, a, out, N, STRIDE, delay)
  local got = out[0] & 0xffffffff
  local s = gpu:stats().total
  if not keep then gpu:close() end
  return s, got == cpu(init, N, STRIDE, delay), gpu
end

local function counts(s)
  return ("gen %d issued %d fills %d useful %d late %d early %d useless %d"):format(
    s["pf.generated"], s["pf.issued"], s["pf.fills"], s["pf.useful"], s["pf.late"], s["pf.early"],
    s["pf.useless"])
end

-- 1. next line, with time for every prefetch to arrive: the first load
-- misses, every later one hits a prefetched line (useful), and the last
-- prefetch (line 16) is filled but never used.
local s, ok = walk({ ["pf.policy"] = "nextline" }, 60)
T.ok(ok, "nextline: the result matches the CPU")
T.is(s["pf.generated"], N, "nextline: one prefetch per load")
T.is(s["pf.issued"], N, "nextline: all issued")
T.is(s["pf.fills"], N, "nextline: all filled")
T.is(s["pf.useful"], N - 1, "nextline: every load after the first hits a prefetched line (useful)")
T.is(s["pf.late"] + s["pf.early"] + s["pf.useless"], 0, "nextline: none late, early or useless")
T.is(s["pf.demand_misses"], 1, "nextline: one demand read miss")
T.is(s["pf.accuracy"], (N - 1) / N, "accuracy = (useful + late) / issued")
T.is(s["pf.coverage"], (N - 1) / N, "coverage = (useful + late) / (useful + late + demand misses)")
local base = walk({}, 60)
T.is(base["pf.demand_misses"], N, "without prefetching every load misses")
T.ok(s.cycles < base.cycles, ("nextline is faster on this walk (%d vs %d cycles)"):format(s.cycles, base.cycles))

-- 2. The same next-line prefetcher written in Lua gives the same counts and cycles.
local NL = {}
function NL:observe(a)
  if a.kind == "load" then self:issue(a.line + self.line, a.wid) end
end
local sl, okl = walk({ prefetcher = NL }, 60)
T.ok(okl, "Lua nextline: the result matches the CPU")
T.is(counts(sl), counts(s), "Lua nextline: the same counts as the C one")
T.is(sl.cycles, s.cycles, "Lua nextline: the same cycles as the C one")
-- ... and on a whole BFS, with misses, merges and evictions
local function bfs(opts)
  opts.quiet = true
  -- (the L1D is kept at the launch's end: an invalidation would count the
  -- last, unused prefetched line as evicted)
  if opts["l1d.invalidate"] == nil then opts["l1d.invalidate"] = "none" end
  local gpu = ws.gpu(opts)
  local g = ws.graph.rmat{ scale = 10, edgefactor = 8, seed = 11 }
  local same = require("warpscope.bfs").topo(gpu, g, 0, os.getenv("WS_SRCDIR") .. "/scenarios/kernels/bfs_topo.ptx")
  local st = gpu:stats().total
  gpu:close()
  return st, same
end
local bc, okc = bfs({ ["pf.policy"] = "nextline" })
local bl, okb = bfs({ prefetcher = NL })
T.ok(okc and okb, "BFS with the C and the Lua next-line prefetchers: results match the CPU")
T.is(counts(bl), counts(bc), "BFS: the Lua next-line prefetcher gives the C one's counts (" .. counts(bc) .. ")")
T.is(bl.cycles, bc.cycles, "BFS: ... and the same cycles")

-- 3. Early eviction: a 2-line prefetch cache; four lines prefetched at the
-- first access evict the first two before use; the last two are used.
local EE = {}
function EE:observe(a)
  if not self.done then
    self.done = true
    for i = 1, 4 do self:issue(a.line + i * self.line) end
  end
end
s, ok = walk({ prefetcher = EE, ["pf.dest"] = "pfc", ["pfc.size"] = "256", ["pfc.ways"] = 2 }, 60)
T.ok(ok, "early: the result matches the CPU")
T.is(s["pf.issued"], 4, "early: 4 prefetches issued")
T.is(s["pf.early"], 2, "early: lines 1 and 2 evicted before use")
T.is(s["pf.useful"], 2, "early: lines 3 and 4 used")
T.is(s["pf.pfc_hits"], 2, "early: two demand hits in the prefetch cache")

-- 4. Useless: prefetching the line the demand is already fetching.
local SELF = {}
function SELF:observe(a) if a.kind == "load" then self:issue(a.line) end end
s, ok = walk({ prefetcher = SELF, ["pf.filter"] = false }, 60)
T.ok(ok, "useless: the result matches the CPU")
T.is(s["pf.issued"], N, "useless: every prefetch issued (no filter)")
T.is(s["pf.useless"], N, "useless: each found its line already being fetched")
T.is(s["pf.fills"], 0, "useless: none filled a line")
s = walk({ prefetcher = SELF }, 60)
T.is(s["pf.dropped.pending"], N, "with the filter they are dropped as pending")
T.is(s["pf.issued"], 0, "... and never issued")

-- 5. Drops: duplicate, full queue, not a device address, throttled.
local results = {}
local DROP = {}
function DROP:observe(a)           -- the first 8 loads (their next 3 lines are inside the array)
  self.k = (self.k or 0) + 1
  if a.kind ~= "load" or self.k > 8 then return end
  local l = a.line
  results[#results + 1] = table.concat({ select(2, self:issue(l + self.line)), select(2, self:issue(l + self.line)),
    select(2, self:issue(l + 2 * self.line)), select(2, self:issue(l + 3 * self.line)), select(2, self:issue(64)) }, ",")
end
s, ok = walk({ prefetcher = DROP, ["pf.filter"] = false, ["pf.queue"] = 2 }, 60)
T.ok(ok, "drops: the result matches the CPU")
T.is(results[1], "queued,dup,queued,full,range", "drops: issue() returns queued, dup, queued, full, range")
T.is(s["pf.dropped.dup"], 8, "drops: one duplicate per load")
T.is(s["pf.dropped.full"], 8, "drops: one full-queue drop per load")
T.is(s["pf.dropped.range"], 8, "drops: one non-device address per load")
T.is(s["pf.queued"], 16, "drops: two queued per load")
local TH = { drop = function() return true end }
s = walk({ ["pf.policy"] = "nextline", throttle = TH }, 60)
T.is(s["pf.dropped.throttled"], N, "a Lua throttle that drops everything: all throttled")
T.is(s["pf.issued"], 0, "... nothing issued")

-- 6. Late: no delay between the loads' consumers, so the next line's
-- prefetch is still in flight when the demand comes (or has just arrived).
s, ok = walk({ ["pf.policy"] = "nextline" }, 0)
T.ok(ok, "late: the result matches the CPU")
T.is(s["pf.useful"] + s["pf.late"], N - 1, "no delay: every later load is served by a prefetch")
T.ok(s["pf.late"] > 0, ("no delay: some prefetches are late (%d)"):format(s["pf.late"]))

-- 7. Inspection of C and Lua policies, the queue, and the transition log.
local _, _, gpu = walk({ ["pf.policy"] = "stridepc" }, 60, true)
local ins = gpu:prefetcher(0)
T.is(ins.policy, "stridepc", "gpu:prefetcher(0).policy")
T.ok(type(ins.tables) == "table" and next(ins.tables) ~= nil, "stridepc shows its table")
T.is(gpu:throttle(0).throttle, "none", "no throttle")
T.is(#gpu:pf_queue(0), 0, "the queue is empty after the launch")
T.ok(not pcall(gpu.prefetcher, gpu, 5), "inspecting an SM that does not exist is an error")
gpu:close()
local INS = { period = 500 }
function INS:observe(a) self.n = (self.n or 0) + 1 end
function INS:tick(m) self.ticks = (self.ticks or 0) + 1 end
function INS:inspect()
  return { seen = self.n or 0, ticks = self.ticks or 0,
           tables = { recent = { cols = { "pc", "addr" }, rows = { { 7, 4096 }, { 8, 8192 } } } } }
end
_, _, gpu = walk({ prefetcher = INS }, 60, true)
ins = gpu:prefetcher(0)
T.is(ins.seen, N + 1, "Lua inspect: 16 loads and the store observed")
T.ok(ins.ticks > 0, ("Lua tick every 500 cycles (%d ticks)"):format(ins.ticks))
T.is(ins.tables.recent.rows[2].addr, 8192, "Lua inspect tables come through")
gpu:close()
_, _, gpu = walk({ ["pf.policy"] = "nextline", ["throttle.policy"] = "mt", ["throttle.period"] = 500 }, 60, true)
local tr = gpu:transitions()
local st = gpu:stats().total
T.is(#tr, st["pf.transitions"], ("the log holds every transition (%d)"):format(#tr))
if #tr > 0 then
  T.ok(tr[1].source == "throttle" and tr[1].cycle > 0 and tr[1].what ~= nil, "a transition names source, cycle, what")
else
  T.ok(true, "no transition to look at")
end
gpu:close()

-- 8. Errors: bad roles, a hook that raises (the launch raises it; the gpu stays usable).
gpu = ws.gpu{ quiet = true, ["sm.count"] = 1 }
local a = gpu:array("i32", 64)
T.ok(not pcall(gpu.mark, gpu, a, "nonsense"), "gpu:mark rejects an unknown role")
local okw, e = pcall(gpu.update_worklist, gpu, 4)
T.ok(not okw and tostring(e):find("no work list is marked"), "update_worklist without a work list says why")
gpu:mark(a, "worklist")
okw, e = pcall(gpu.update_worklist, gpu, 65)
T.ok(not okw and tostring(e):find("do not fit"), "update_worklist past the array says why")
gpu:close()
local BAD = {}
function BAD:observe(a) error("boom") end
gpu = ws.gpu{ quiet = true, ["sm.count"] = 1, prefetcher = BAD }
local k = gpu:load_ptx_text(PTX, "walk.ptx"):kernel("walk")
local arr = gpu:array("i32", init)
local out = gpu:array("i32", 1)
local okl2, err = pcall(gpu.launch, gpu, k, { grid = 1, block = 1 }, arr, out, N, STRIDE, 3)
T.ok(not okl2 and tostring(err):find("prefetch hook observe") and tostring(err):find("boom"),
     "an error in a hook is raised by the launch, naming the hook")
T.is(out[0] & 0xffffffff, cpu(init, N, STRIDE, 3), "... and the kernel still ran to its exact result")
gpu:close()
T.ok(not pcall(ws.gpu, { prefetcher = 3 }), "a prefetcher that is not a table is rejected")
T.done()
