-- timing_micro.lua: the microbenchmarks of scenarios/micro measure what the
-- configuration says (issue [Timing model], "Done when").
local T = require "tap"
local ws = require "warpscope"
local dir = os.getenv("WS_SRCDIR") .. "/scenarios/micro/"
local function mod(name) return assert(loadfile(dir .. name .. ".lua"))("micro." .. name) end

-- Pointer chase: every level's result matches the CPU, levels are ordered,
-- and moving one configured latency by 100 cycles moves the cycles per step
-- of that level (and only that level) by exactly 100.
local lat = mod("latency")
local base = lat.run({ quiet = true })
T.ok(base.ok1 and base.ok2 and base.ok3, "chase results match the CPU reference")
T.ok(base.l1 < base.l2 and base.l2 < base.dram,
     ("L1 %.1f < L2 %.1f < DRAM %.1f cycles per step"):format(base.l1, base.l2, base.dram))
local l1 = lat.run({ quiet = true, ["l1d.latency"] = 135 })
T.is(l1.l1 - base.l1, 100.0, "l1d.latency +100 adds 100 cycles to an L1-hit step")
local l2 = lat.run({ quiet = true, ["l2.rop_latency"] = 220 })
T.is(l2.l2 - base.l2, 100.0, "l2.rop_latency +100 adds 100 cycles to an L2-hit step")
T.is(l2.l1 - base.l1, 0.0, "... and nothing to an L1-hit step")
local dr = lat.run({ quiet = true, ["dram.latency"] = 200 })
T.is(dr.dram - base.dram, 100.0, "dram.latency +100 adds 100 cycles to a DRAM step")
T.is(dr.l2 - base.l2, 0.0, "... and nothing to an L2-hit step")
print(("# gtx480 cycles per step: L1 %.1f, L2 %.1f, DRAM %.1f"):format(base.l1, base.l2, base.dram))

-- Shared memory: a k-way conflict keeps the pipe k times as long.
local banks = mod("banks")
local res = banks.run({ quiet = true }, { 1, 2, 4, 8, 32 }, 32)
for _, r in ipairs(res) do
  T.ok(r.ok, ("stride %d: results match the CPU"):format(r.stride))
  T.is(r.per_access, r.stride + 0.0, ("stride %d: %d pipe cycles per access"):format(r.stride, r.stride))
end
T.ok(res[5].cycles > 4 * res[1].cycles,
     ("32-way conflicts make the kernel much slower (%d vs %d cycles)"):format(res[5].cycles, res[1].cycles))

-- Coalescing: 1 request for 128 contiguous bytes, 32 when every lane has its own line.
local co = mod("coalesce")
local cres = co.run({ quiet = true }, { 1, 2, 4, 32 })
local want = { 1, 2, 4, 32 }
for i, r in ipairs(cres) do
  T.ok(r.ok, ("gather stride %d: results match"):format(r.stride))
  T.is(r.load_requests, want[i], ("gather stride %d: %d request(s)"):format(r.stride, want[i]))
end
local sres = co.run({ quiet = true, ["coalesce.arch"] = "sector" }, { 1, 32 })
T.is(sres[1].load_requests, 4, "sector coalescing: 128 contiguous bytes are 4 sectors")
T.is(sres[2].load_requests, 32, "sector coalescing: 32 lines are 32 requests")

-- Streaming (the STREAM copy of 4 MB) reaches at least 80% of the
-- configured DRAM bandwidth.
local bw = mod("bandwidth").run({ quiet = true }, 4)
T.ok(bw.ok, "copy result matches")
T.ok(bw.util >= 0.8, ("DRAM data bus busy %.1f%% of the elapsed time (>= 80%%)"):format(100 * bw.util))
T.ok(bw.gbs >= 0.8 * bw.peak, ("%.1f GB/s of %.1f GB/s peak"):format(bw.gbs, bw.peak))
T.done()
