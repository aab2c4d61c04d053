-- iru_pr.lua: the push PageRank contract pair (scenarios/kernels/iru_pr.cu,
-- the IRU paper's Fig. 11) with the IRU on and off, on generated graphs,
-- equal bit for bit to the CPU reference (contributions are multiples of
-- 2^-22, so every float32 sum is exact in any order: the atomics' order and
-- the IRU's merges cannot change a rank).  With the IRU, the "add" filter
-- merged duplicates: every element read either reached a lane or was merged.
local T = require "tap"
local ws = require "warpscope"
local P = require "warpscope.pagerank"

local ITERS = 3
local graphs = {
  { "rmat scale 8", ws.graph.rmat{ scale = 8, edgefactor = 8, seed = 1 } },
  { "grid 24x20", ws.graph.grid{ width = 24, height = 20 } },
  { "uniform 600", ws.graph.uniform{ n = 600, seed = 5 } },
}
for _, gg in ipairs(graphs) do
  local name, g = gg[1], gg[2]
  for _, iru in ipairs{ false, true } do
    local gpu = ws.gpu{ quiet = true, preset = "gtx980", ["iru.enable"] = true }
    local ok, msg, it = P.iru_pr(gpu, g, ITERS, 0.85, iru)
    local what = ("%s, IRU %s"):format(name, iru and "on" or "off")
    T.ok(ok, what .. ": ranks equal the CPU reference bit for bit" .. (ok and "" or (": " .. tostring(msg))))
    T.is(it, ITERS, what .. ": " .. ITERS .. " iterations")
    local s = gpu:stats().total
    if iru then
      T.is(s["iru.elems_in"], g.m * ITERS, what .. ": the IRU read every edge of every iteration")
      T.ok(s["iru.merged"] > 0, what .. ": the add filter merged " .. s["iru.merged"] .. " elements")
      T.is(s["iru.filtered"], 0, what .. ": the add filter drops nothing")
      T.is(s["iru.elems_out"] + s["iru.merged"], g.m * ITERS,
           what .. ": every element reached a lane or was merged into one")
    else
      T.is(s["iru.insns"], 0, what .. ": no load_iru")
    end
  end
end

-- The filter off (the A8 ablation): the same ranks, nothing merged, every
-- element delivered to a lane.
do
  local g = graphs[1][2]
  local gpu = ws.gpu{ quiet = true, preset = "gtx980", ["iru.enable"] = true }
  local ok, msg = P.iru_pr(gpu, g, ITERS, 0.85, true, nil, { filter = "none" })
  T.ok(ok, "rmat scale 8, IRU on, filter none: ranks equal the CPU reference" .. (ok and "" or (": " .. tostring(msg))))
  local s = gpu:stats().total
  T.is(s["iru.merged"], 0, "filter none: nothing merged")
  T.is(s["iru.elems_out"], g.m * ITERS, "filter none: every element reached a lane")
  T.raises(function() P.iru_pr(gpu, g, 1, 0.85, true, nil, { filter = "min" }) end, "opts.filter must be",
           "a filter other than add or none is refused")
end

-- The reference itself: on a 3-vertex cycle every rank stays 1/3 (as
-- float32, quantised contributions included), and an isolated vertex keeps
-- (1 - d) / n after one iteration.
local tri = ws.graph.from_csr({ 0, 1, 2, 3 }, { 1, 2, 0 })
local r = P.push_reference(tri, 1, 0.85)
local function f32(x) return (string.unpack("<f", string.pack("<f", x))) end
local c = math.floor(f32(1 / 3) * 2 ^ 22) * 2 ^ -22
T.is(r[1], f32(f32(f32(1 - f32(0.85)) / 3) + f32(f32(0.85) * c)), "reference: a 3-cycle's rank after one iteration")
T.ok(r[1] == r[2] and r[2] == r[3], "reference: a 3-cycle's ranks are equal")
local iso = ws.graph.from_csr({ 0, 1, 1 }, { 0 })
T.is(P.push_reference(iso, 1, 0.85)[2], f32(f32(1 - f32(0.85)) / 2), "reference: a vertex without in-edges gets the base rank")

T.raises(function() P.iru_pr(ws.gpu{ quiet = true }, tri, -1, 0.85) end, "iters", "a negative iteration count is refused")
T.done()
