-- iru_bfs.lua: the BFS contract kernel pair (scenarios/kernels/iru_bfs.cu)
-- with the IRU on and off, on generated graphs, equal to the CPU BFS; and
-- the IRU version's load_iru delivered every element of every level.  The
-- SSSP compaction pair (iru_sssp.cu: secondary, position, atomicMin, the
-- min filter) likewise against the CPU Dijkstra.
local T = require "tap"
local ws = require "warpscope"
local B = require "warpscope.bfs"

local graphs = {
  { "rmat scale 8", ws.graph.rmat{ scale = 8, edgefactor = 8, seed = 1 } },
  { "grid 24x20", ws.graph.grid{ width = 24, height = 20 } },
  { "uniform 600", ws.graph.uniform{ n = 600, seed = 5 } },
}
for _, gg in ipairs(graphs) do
  local name, g = gg[1], gg[2]
  for _, iru in ipairs{ false, true } do
    local gpu = ws.gpu{ quiet = true, preset = "gtx980", ["iru.enable"] = true }
    local ok, msg, levels = B.iru_contract(gpu, g, 0, iru)
    local what = ("%s, IRU %s"):format(name, iru and "on" or "off")
    T.ok(ok, what .. ": labels equal the CPU BFS" .. (ok and "" or (": " .. tostring(msg))))
    local s = gpu:stats().total
    if iru then
      T.is(s["iru.elems_out"], s["iru.lanes"], what .. ": every load_iru lane got an element")
      T.is(s["iru.elems_in"], s["iru.lanes"], what .. ": every element read was delivered")
      T.ok(s["iru.insns"] > 0 and s["iru.replies"] == s["iru.insns"], what .. ": one reply per load_iru")
    else
      T.is(s["iru.insns"], 0, what .. ": no load_iru")
    end
    T.ok(levels > 1, what .. ": " .. levels .. " levels")
  end
end
-- Merrill-style software culling (warp hash and visited bitmask before the
-- label): the same labels with the IRU on and off, on the graphs above and
-- on a graph whose second level's edge frontier is one vertex 32 times in
-- one warp (every lane but one is a duplicate for the warp hash).
local row, col = { 0, 32 }, {}
for i = 1, 32 do col[i] = i end
for i = 1, 32 do col[32 + i] = 33; row[#row + 1] = 32 + i end
row[#row + 1] = 64
local cgraphs = { { "star into one vertex", ws.graph.from_csr(row, col) } }
for _, gg in ipairs(graphs) do cgraphs[#cgraphs + 1] = gg end
for _, gg in ipairs(cgraphs) do
  local name, g = gg[1], gg[2]
  for _, iru in ipairs{ false, true } do
    local gpu = ws.gpu{ quiet = true, preset = "gtx980", ["iru.enable"] = true }
    local ok, msg, levels = B.iru_contract(gpu, g, 0, iru, nil, { cull = true })
    local what = ("%s, IRU %s, culling"):format(name, iru and "on" or "off")
    T.ok(ok, what .. ": labels equal the CPU BFS" .. (ok and "" or (": " .. tostring(msg))))
    T.ok(gpu:stats().total["shared.insns"] > 0, what .. ": the warp hash ran in shared memory")
    if name:match("^star") then T.is(levels, 3, what .. ": 3 levels") end
  end
end
T.raises(function() B.iru_contract(ws.gpu{ quiet = true }, graphs[1][2], 0, false, nil, { cull = 1 }) end,
         "opts.cull", "a cull option that is not a boolean is refused")

local wgraphs = {
  { "weighted rmat scale 8", ws.graph.rmat{ scale = 8, edgefactor = 8, seed = 1, weights = 16 } },
  { "weighted grid 20x15", ws.graph.grid{ width = 20, height = 15, weights = 9, seed = 2 } },
}
for _, gg in ipairs(wgraphs) do
  local name, g = gg[1], gg[2]
  for _, iru in ipairs{ false, true } do
    local gpu = ws.gpu{ quiet = true, preset = "gtx980", ["iru.enable"] = true }
    local ok, msg, levels = B.iru_sssp(gpu, g, 0, iru)
    local what = ("SSSP %s, IRU %s"):format(name, iru and "on" or "off")
    T.ok(ok, what .. ": distances equal the CPU Dijkstra" .. (ok and "" or (": " .. tostring(msg))))
    local s = gpu:stats().total
    if iru then
      T.ok(s["iru.merged"] > 0, what .. ": the min filter merged " .. s["iru.merged"] .. " duplicates")
      T.is(s["iru.elems_out"] + s["iru.merged"] + s["iru.filtered"], s["iru.lanes"],
           what .. ": every lane got an element or a disabled slot of a merged one")
    end
    T.ok(levels > 1, what .. ": " .. levels .. " levels")
  end
end
-- The min filter off (the A8 ablation): the same distances, nothing merged.
do
  local g = wgraphs[1][2]
  local gpu = ws.gpu{ quiet = true, preset = "gtx980", ["iru.enable"] = true }
  local ok, msg = B.iru_sssp(gpu, g, 0, true, nil, { filter = "none" })
  T.ok(ok, "SSSP weighted rmat scale 8, IRU on, filter none: distances equal the CPU Dijkstra"
       .. (ok and "" or (": " .. tostring(msg))))
  local s = gpu:stats().total
  T.is(s["iru.merged"] + s["iru.filtered"], 0, "SSSP filter none: nothing merged or dropped")
  T.is(s["iru.elems_out"], s["iru.elems_in"], "SSSP filter none: every element reached a lane")
  T.raises(function() B.iru_sssp(gpu, g, 0, true, nil, { filter = "add" }) end, "opts.filter must be",
           "a filter other than min or none is refused")
end
T.done()
