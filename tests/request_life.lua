-- request_life.lua: a memory request's life (issue 37): gpu:request(id)
-- gives every stage a request went through with its entry and exit cycle,
-- the request an MSHR merge waits for, retries and why; gpu:breakpoint{
-- request = id } stops when it completes.  Hand-built kernels: one load
-- that misses to DRAM, two warps loading one line (an L1 MSHR merge), two
-- warps loading two lines with one L1 MSHR (reservation fails).  Following
-- requests changes no statistic.
local T = require "tap"
local ws = require "warpscope"

-- line 10 loads a[0]: every warp the same line
local MISSY = [[
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
-- line 13 loads a[tid]: warp w the line w
local TWO = [[
.version 7.0
.target sm_75
.address_size 64
.visible .entry two(.param .u64 a, .param .u64 out)
{
  .reg .b32 %r<6>;
  .reg .b64 %rd<6>;
  ld.param.u64 %rd1, [a];
  ld.param.u64 %rd2, [out];
  mov.u32 %r3, %tid.x;
  mul.wide.u32 %rd3, %r3, 4;
  add.s64 %rd4, %rd1, %rd3;
  ld.global.u32 %r1, [%rd4];
  add.u32 %r2, %r1, 1;
  add.s64 %rd5, %rd2, %rd3;
  st.global.u32 [%rd5], %r2;
  ret;
}
]]

local function fresh(ptx, name, opts)
  local o = { quiet = true, ["sm.count"] = 1, ["mem.copy_to_l2"] = false }
  for k, v in pairs(opts or {}) do o[k] = v end
  local gpu = ws.gpu(o)
  local k = gpu:load_ptx_text(ptx, name .. ".ptx"):kernel(name)
  local a = gpu:array("u32", 64, { name = "vals", fill = 41 })
  local out = gpu:array("u32", 64, { name = "out", fill = 0 })
  return gpu, k, a, out
end

local function names(t)
  local s = {}
  for i, r in ipairs(t.stages) do s[i] = r.stage end
  return table.concat(s, ", ")
end

local function cycles(t)
  local s = {}
  for i, r in ipairs(t.stages) do s[i] = r.enter .. "-" .. tostring(r.exit) end
  return table.concat(s, " ")
end

-- the demand requests of a finished launch, found by their PTX line
local function by_line(gpu, line)
  local out = {}
  for id = 1, 64 do
    local ok, t = pcall(gpu.request, gpu, id)
    if ok and t.line == line and t.kind == "read" then out[#out + 1] = t end
  end
  return out
end

---------------------------------------------------------------- one miss to DRAM
local gpu, k, a, out = fresh(MISSY, "missy")
local rop = tonumber(gpu:option("l2.rop_latency"))
local dlat = tonumber(gpu:option("dram.latency"))
local l1lat = tonumber(gpu:option("l1d.latency"))
T.ok(gpu:trace_requests(4096) > 0, "gpu:trace_requests returns the ring's size in bytes")
gpu:start(k, { grid = 1, block = 32 }, a, out)
local b = gpu:breakpoint{ line = 11 }
T.is(gpu:continue(), "break", "stopped at line 11 (the load issued)")
gpu:delete(b)
local w = gpu:sm(0):warps()[1]
local rq = w.wait.requests[1]
local id = rq.id
local cur = gpu:request(id)
T.is(cur.in_flight, true, "in flight")
T.is(cur.done, false, "not done")
T.is(cur.from_stamps, false, "followed from its birth (trace_requests)")
T.is(cur.stages[#cur.stages].stage, rq.stage, "its last stage is where the wait panel sees it")
T.is(cur.stages[#cur.stages].enter, rq.since, "... entered when the wait panel says")
T.is(cur.stages[#cur.stages].exit, nil, "... and not left")
local st, info = gpu:step_warp(0, w.slot)
T.is(st, "warp", "step_warp to the add")
local back = info.wait.done[1].back
local loc = info.wait.done[1]
gpu:finish()
local t = gpu:request(id)
T.is(names(t), "LD/ST unit, L1 miss queue, request network, L2 slice queue, L2 MSHR, DRAM bank queue, DRAM, "
     .. "L2 fill, reply network", "the stages in order")
T.is(cycles(t), "515-516 516-551 551-556 556-676 676-776 776-776 776-789 789-790 790-800", "exact cycles")
T.is(t.done, true, "done")
T.is(t.in_flight, false, "no longer in flight")
T.is(t["end"], back, "it completed when step_warp's sentence says the data was back")
T.is(t.stages[#t.stages].exit, t["end"], "the last stage ends at the completion")
for i = 2, #t.stages do
  T.is(t.stages[i].enter, t.stages[i - 1].exit, "stage " .. i .. " begins when stage " .. (i - 1) .. " ends")
end
T.is(t.stages[2].exit - t.stages[2].enter, l1lat, "L1 miss queue: l1d.latency (latency queue)")
T.is(t.stages[4].exit - t.stages[4].enter, rop, "L2 slice queue: l2.rop_latency")
T.is(t.stages[5].exit - t.stages[5].enter, dlat, "L2 MSHR to the DRAM bank queue: dram.latency")
T.is(t.kind, "read", "a read")
T.is(t.addr, a.addr, "vals' first line")
T.is(t.size, 128, "128 bytes")
T.is(t.array, "vals", "array vals")
T.is(t.line, 10, "PTX line 10")
T.is(t.sm, 0, "SM 0")
T.is(t.slot, w.slot, "the warp's slot")
T.is(t.level, "dram", "served by DRAM")
T.is(t.channel, loc.channel, "DRAM channel as step_warp's sentence")
T.is(t.bank, loc.bank, "DRAM bank")
T.is(t.row, loc.row, "DRAM row")
T.is(#t.stages[1].retries, 0, "no retry")
T.ok(t.stages[6].text:match("^DRAM bank queue +776 %-> 776 +0 cycles  channel %d+ bank %d+ row %d+$"),
     "a stage's text: " .. t.stages[6].text)

-- the same request followed only once it is in flight: its past from its
-- timestamps, the rest as it happens; the same cycles
local g2, k2, a2, o2 = fresh(MISSY, "missy")
g2:start(k2, { grid = 1, block = 32 }, a2, o2)
local b2 = g2:breakpoint{ line = 11 }
g2:continue()
g2:delete(b2)
local id2 = g2:sm(0):warps()[1].wait.requests[1].id
T.is(id2, id, "the same request id without tracing")
g2:step(200)
local mid = g2:request(id2)
T.is(mid.from_stamps, true, "followed late: from its timestamps")
T.is(mid.followed, g2.cycle, "followed from the cycle of the call")
T.is(names(mid), "LD/ST unit, L1 miss queue, request network, L2 slice queue, L2 MSHR", "its stages so far")
local hb = g2:breakpoint{ request = id2 }
local st2, hit = g2:continue()
T.is(st2, "break", "the request breakpoint stops the run")
T.is(hit and hit.kind, "request", "... kind request")
T.is(hit and hit.cycle, t["end"], "... at the end of the cycle the request completed")
T.is(hit and hit.text, "breakpoint " .. hb .. ": request " .. id2 .. " completed", "... its text")
local bl = g2:breakpoints()
T.is(bl[1] and bl[1].description, "request " .. id2 .. " completes", "the breakpoint's description")
g2:delete(hb)
g2:finish()
T.is(cycles(g2:request(id2)), cycles(t), "late following gives the same cycles")
T.is(g2:stats().total.cycles, gpu:stats().total.cycles, "same cycles")

-- nothing changes with following
local g3, k3, a3, o3 = fresh(MISSY, "missy")
g3:launch(k3, { grid = 1, block = 32 }, a3, o3)
local s1, s3 = gpu:stats().total, g3:stats().total
local diff = {}
for key, v in pairs(s3) do
  if type(v) == "number" and s1[key] ~= v then diff[#diff + 1] = key end
end
T.is(table.concat(diff, " "), "", "every statistic the same with following on")

---------------------------------------------------------------- a merge in the L1 MSHR
local gm, km, am, om = fresh(MISSY, "missy")
gm:trace_requests(4096)
gm:launch(km, { grid = 1, block = 64 }, am, om)
local rs = by_line(gm, 10)
T.is(#rs, 2, "two warps, two requests")
local fetch, merged = rs[1], rs[2]
if fetch.stages[2] and fetch.stages[2].stage == "L1 MSHR" then fetch, merged = merged, fetch end
T.is(names(merged), "LD/ST unit, L1 MSHR", "the second waits in the L1 MSHR")
T.is(merged.stages[2].merged_into, fetch.id, "merged into the first one's request")
T.is(merged.level, "l1_pending", "level l1_pending")
T.is(merged["end"], fetch["end"], "both complete with the fill")
T.is(merged.stages[2].exit, fetch["end"], "the merge ends at the fill")
T.is(cycles(merged), "515-516 516-551", "exact cycles of the merged request")
T.ok(merged.stages[2].text:match("merged into request " .. fetch.id .. "$"), "its text names the request")

---------------------------------------------------------------- retries: one L1 MSHR
local gr, kr, ar, orr = fresh(TWO, "two", { ["l1d.mshr"] = 1 })
gr:trace_requests(4096)
gr:launch(kr, { grid = 1, block = 64 }, ar, orr)
rs = by_line(gr, 13)
T.is(#rs, 2, "two warps, two lines")
local first, second = rs[1], rs[2]
T.is(#first.stages[1].retries, 0, "the first gets the MSHR")
local re = second.stages[1].retries[1] or {}
T.is(second.stages[1].stage, "LD/ST unit", "the second waits in the LD/ST unit")
T.is(re.why, "l1_mshr_full", "retried: L1 MSHRs full")
T.is(re.reason, "L1 MSHRs full", "... reason text")
T.is(re.first, second.stages[1].enter + 1, "first attempt the cycle after its issue")
T.is(re.last, first["end"] - 1, "last failed attempt the cycle before the first request's fill")
T.is(re.count, re.last - re.first + 1, "one attempt per cycle")
T.is(re.count, 42, "42 attempts")
T.is(second.stages[1].exit, first["end"], "it gets the MSHR in the cycle of the fill")
T.ok(second.stages[1].text:match("retried 42x %(L1 MSHRs full%) " .. re.first .. "%.%." .. re.last .. "$"),
     "its text: " .. tostring(second.stages[1].text))

---------------------------------------------------------------- waits: a full DRAM queue
-- one warp, 32 lanes 128 bytes apart: 32 lines, several per channel; with
-- a DRAM scheduler queue of one, the later ones of a channel wait in the L2
-- (its MSHR) for the queue: a wait, not a refused attempt
local SPREAD = TWO:gsub("two", "spread"):gsub("mul%.wide%.u32 %%rd3, %%r3, 4;\n  add%.s64 %%rd4",
                                            "mul.wide.u32 %%rd3, %%r3, 128;\n  add.s64 %%rd4", 1)
local gs = ws.gpu{ quiet = true, ["sm.count"] = 1, ["mem.copy_to_l2"] = false, ["dram.queue"] = 1 }
local ks = gs:load_ptx_text(SPREAD, "spread.ptx"):kernel("spread")
local as = gs:array("u32", 32 * 32, { name = "vals", fill = 41 })
local os_ = gs:array("u32", 32 * 32, { name = "out" })
gs:trace_requests(4096)
gs:launch(ks, { grid = 1, block = 32 }, as, os_)
local waits, firstw = 0, nil
for id = 0, 200 do
  local okr, t = pcall(gs.request, gs, id)
  if okr and t then
    for _, st in ipairs(t.stages) do
      for _, re in ipairs(st.retries or {}) do
        if re.why == "dram_queue_full" then
          waits = waits + 1
          firstw = firstw or { id = id, st = st, re = re }
        end
      end
    end
  end
end
T.ok(waits >= 10, "dram.queue=1: many requests wait for the DRAM queue (" .. waits .. ")")
T.is(firstw and firstw.st.stage, "L2 MSHR", "... in the L2 MSHR")
T.is(firstw and firstw.re.first, firstw and firstw.st.enter, "... from the cycle it got there")
T.ok(firstw and firstw.re.last < firstw.st.exit, "... until before it left")
T.is(firstw and firstw.re.reason, "waited: DRAM queue full", "... reason text")
T.ok(firstw and firstw.st.text:match("waited: DRAM queue full " .. firstw.re.first .. "%.%." .. firstw.re.last .. "$"),
     "its text: " .. tostring(firstw and firstw.st.text))
local st1 = gs:stats().total
local gs2 = ws.gpu{ quiet = true, ["sm.count"] = 1, ["mem.copy_to_l2"] = false, ["dram.queue"] = 1 }
local ks2 = gs2:load_ptx_text(SPREAD, "spread.ptx"):kernel("spread")
gs2:launch(ks2, { grid = 1, block = 32 }, gs2:array("u32", 32 * 32, { name = "vals", fill = 41 }),
           gs2:array("u32", 32 * 32, { name = "out" }))
T.is(gs2:stats().total.cycles, st1.cycles, "following the requests changes no cycle")

---------------------------------------------------------------- errors
local ok, err = pcall(gm.request, gm, 999999)
T.ok(not ok and err:match("gpu:request: no request 999999 yet %(the next is %d+%)"), "a future id: " .. tostring(err))
ok, err = pcall(g3.request, g3, 2)
T.ok(not ok and err:match("request 2 is not in flight and was not followed"), "an old id not followed: " .. tostring(err))
ok, err = pcall(gm.request, gm, "x")
T.ok(not ok and err:match("gpu:request: expected a non%-negative integer"), "a bad id: " .. tostring(err))
ok, err = pcall(gm.breakpoint, gm, { request = 0 })
T.ok(not ok and err:match("'request' must be a request id"), "breakpoint on request 0: " .. tostring(err))
ok, err = pcall(g3.breakpoint, g3, { request = 2 })
T.ok(not ok and err:match("request 2 is not in flight"), "breakpoint on a finished request: " .. tostring(err))
ok, err = pcall(gm.trace_requests, gm, -1)
T.ok(not ok and err:match("gpu:trace_requests: expected a non%-negative integer"), "trace_requests(-1): " .. tostring(err))
T.done()
