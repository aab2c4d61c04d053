-- Pointer-chase latency probe: cycles per dependent load when the chain
-- lives in L1, in L2, and in DRAM (scenarios/micro/chase.cu).
-- usage: warpscope [--preset P] [--set K=V] scenarios/micro/latency.lua
-- Each step is one load plus the loop's own instructions (address arithmetic,
-- counter, branch): compare steps between configurations, or subtract the
-- L1 figure's overhead, to see a level's own latency.
local ws = require "warpscope"
local M = {}

-- A cyclic chain over `lines` cache lines `spacing` bytes apart, visited in
-- a shuffled order (seeded, so every run is the same).
local function chain(lines, spacing, seed)
  local words = spacing // 4
  local order = {}
  for i = 1, lines do order[i] = i - 1 end
  local x = seed
  for i = lines, 2, -1 do
    x = (x * 1103515245 + 12345) % 2147483648
    local j = x % i + 1
    order[i], order[j] = order[j], order[i]
  end
  local next = {}
  for i = 0, lines * words - 1 do next[i + 1] = 0 end
  for i = 1, lines do
    local from, to = order[i] * words, order[i % lines + 1] * words
    next[from + 1] = to
  end
  return next, order[1] * words
end

-- Measure one level: returns cycles per step and the final index.
function M.measure(gpu, k, lines, spacing, warm, steps)
  local host, start = chain(lines, spacing, 7)
  local next = gpu:array("u32", host, { name = "next" })
  local out = gpu:array("u64", 2, { name = "out" })
  gpu:launch(k, { grid = 1, block = 1 }, next, start, warm, steps, out)
  local cycles, last = out[0], out[1]
  -- CPU reference of the index reached
  local p = start
  for _ = 1, warm + steps do p = host[p + 1] end
  next:free(); out:free()
  return cycles / steps, last == p
end

function M.run(opts)
  local o = {}
  for k, v in pairs(opts or {}) do o[k] = v end
  -- (the chains are written by the host: a copy would leave part of the
  -- DRAM level's chain in the L2)
  if o["mem.copy_to_l2"] == nil then o["mem.copy_to_l2"] = false end
  local gpu = ws.gpu(o)
  local k = gpu:load_ptx("micro/chase.ptx"):kernel("chase")
  -- a first launch over a one-line chain, one CTA an SM, 8 steps (nvcc
  -- unrolls the loops by 4: fewer steps run other code), brings the
  -- kernel's code into every SM's instruction cache, so that no instruction
  -- miss falls in a timed loop (each launch's one CTA goes to the next SM)
  do
    local next, out = gpu:array("u32", { 0 }), gpu:array("u64", 2)
    gpu:launch(k, { grid = tonumber(gpu:option("sm.count")), block = 1 }, next, 0, 8, 8, out)
    next:free(); out:free()
  end
  local l1size = tonumber(gpu:option("l1d.size"))
  local l2size = tonumber(gpu:option("l2.size")) * tonumber(gpu:option("mem.channels"))
                 * tonumber(gpu:option("mem.subparts"))
  local r = {}
  -- L1: a quarter of L1, warmed by one full pass
  local n1 = math.max(1, l1size // 128 // 4)
  r.l1, r.ok1 = M.measure(gpu, k, n1, 128, n1, 256)
  -- L2: four times L1 (every L1 lookup misses: LRU over a cyclic chain
  -- bigger than the cache), a quarter of L2, warmed
  local n2 = math.max(4 * l1size // 128, 64)
  if n2 * 128 > l2size // 4 then n2 = l2size // 4 // 128 end
  r.l2, r.ok2 = M.measure(gpu, k, n2, 128, n2, 256)
  -- DRAM: 4 KB apart (a new row each step), 8x the L2 capacity, cold
  local n3 = 8 * l2size // 4096
  r.dram, r.ok3 = M.measure(gpu, k, n3, 4096, 0, 256)
  r.gpu = gpu
  return r
end

if not ... or ... ~= "micro.latency" then
  local r = M.run()
  print(("cycles per dependent load on %s: L1 %.1f  L2 %.1f  DRAM %.1f  (results %s)"):format(
    r.gpu.preset, r.l1, r.l2, r.dram, (r.ok1 and r.ok2 and r.ok3) and "match the CPU reference" or "WRONG"))
  print(("configured: l1d.latency %s, l2.rop_latency %s, dram.latency %s"):format(
    r.gpu:option("l1d.latency"), r.gpu:option("l2.rop_latency"), r.gpu:option("dram.latency")))
end
return M
