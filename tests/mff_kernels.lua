-- mff_kernels.lua: the baseline versions of the MFF paper's graph kernels
-- (scenarios/kernels/mff_{pr,bfs,sssp,wcc}.cu driven by warpscope.mff):
-- exact results against the CPU references on three graphs (a hub with
-- more than 32 in- and out-edges, an isolated vertex), the super-step
-- counts, the launches' stages; the references against the graph layer's;
-- bad input.  The MFF versions: tests/mff_kernels_mff.lua.
local T = require "tap"
local ws = require "warpscope"
local F = require "warpscope.mff"
local C = require "mff_kern_cases"

C.run_all(T, function() return ws.gpu{ quiet = true } end, false)

-- The references themselves against the graph layer's (Dijkstra, BFS,
-- union of weak components, ws_graph_pagerank's float32 rule).
for _, gg in ipairs(C.graphs) do
  local g, name, src = gg.g, gg.name, gg.src
  T.ok(ws.check.equal(F.ref_bfs(g, src), g:bfs(src)), name .. ": ref_bfs equals g:bfs")
  T.ok(ws.check.equal(F.ref_sssp(g, src), g:sssp(src, { unreachable = F.INF })), name .. ": ref_sssp equals g:sssp (Dijkstra)")
  T.ok(ws.check.equal(F.ref_wcc(F.symmetric(g)), g:components()), name .. ": ref_wcc equals g:components()")
  T.ok(ws.check.equal(F.ref_pagerank(g, C.ITERS, 0.85), g:pagerank{ iters = C.ITERS, damping = 0.85 }),
       name .. ": ref_pagerank equals g:pagerank bit for bit")
end

-- The hand-built graph's exact answers.
do
  local g = C.hub()
  local lv = F.ref_bfs(g, 1)
  T.is(lv[1] .. " " .. lv[42] .. " " .. lv[94] .. " " .. lv[93] .. " " .. lv[100], "1 2 3 4 -1",
       "hub graph: levels of 0, 41, 93, 92 and the isolated 99 from 1")
  local d = F.ref_sssp(g, 1)
  -- 1 -> 0 (weight 2), 0 -> 41 (2); 0 -> 45 (1), 45 -> 93 (3); 0 -> 90 (1), 90 -> 91 (2)
  T.is(d[1] .. " " .. d[42] .. " " .. d[94] .. " " .. d[92] .. " " .. d[100], "2 4 6 5 " .. F.INF,
       "hub graph: distances of 0, 41, 93, 91 and the isolated 99 from 1")
  local l = F.ref_wcc(F.symmetric(g))
  T.is(l[93] .. " " .. l[94] .. " " .. l[97] .. " " .. l[95] .. " " .. l[98] .. " " .. l[100], "0 0 95 94 0 99",
       "hub graph: component labels of 92, 93, 96, the isolated 94 and 99, and 97")
end

-- The MFF versions' modules load on a gpu with the MFF; other load errors
-- are raised, not taken for a missing feature.
do
  local gpu = ws.gpu{ quiet = true, ["mff.enable"] = true }
  local ok, why = F.supported(gpu)
  T.ok(ok, "supported: the MFF modules load on a gpu with the MFF: " .. tostring(why))
  T.is(F.supported(gpu, "kernels/mff_sssp.ptx"), true, "supported: a module without the calls loads")
  T.raises(function() F.supported(gpu, "kernels/no_such_module.ptx") end, "no_such_module",
           "supported: another load error is raised, not taken for a missing feature")
end

-- Determinism: two runs of the same SSSP give the same computation-stage
-- counters and the same cycles launch by launch.
do
  local g = C.graphs[2].g
  local a = F.sssp(ws.gpu{ quiet = true }, g, 0)
  local b = F.sssp(ws.gpu{ quiet = true }, g, 0)
  local same = #a.launches == #b.launches
  for i = 1, #a.launches do same = same and a.launches[i].cycles == b.launches[i].cycles end
  for _, c in ipairs(F.COUNTERS) do same = same and a.compute[c] == b.compute[c] end
  T.ok(same, "rmat SSSP twice: the same cycles per launch and the same computation-stage counters")
end

-- opts.counters and opts.check.
do
  local r = F.wcc(ws.gpu{ quiet = true }, C.hub(), { counters = { "cycles" }, check = false })
  local keys = {}
  for k in pairs(r.compute) do keys[#keys + 1] = k end
  table.sort(keys)
  T.is(table.concat(keys, " "), "cycles launches", "counters = {cycles}: the stage sums only the cycles")
  T.ok(r.ok == nil and r.msg == nil, "check = false: no verdict")
end

-- Bad input.
do
  local gpu = ws.gpu{ quiet = true, mode = "functional" }
  local g = C.hub()
  T.raises(function() F.sssp(gpu, ws.graph.rmat{ scale = 4, seed = 1 }, 0) end, "the graph has no weights",
           "SSSP on an unweighted graph is refused")
  T.raises(function() F.bfs(gpu, g, 100) end, "src", "a source outside the graph is refused")
  T.raises(function() F.wcc(gpu, g, { block = 48 }) end, "multiple of 32", "a block that is not whole warps is refused")
  T.raises(function() F.pagerank(gpu, g, { iters = 0 }) end, "opts.iters", "zero PageRank iterations are refused")
  T.raises(function() F.pagerank(gpu, g, { mff = 1 }) end, "opts.mff", "a non-boolean mff flag is refused")
  -- functional mode: the same results, no cycles
  local r = F.bfs(gpu, g, 1)
  T.ok(r.ok and r.compute.cycles == nil and r.compute.warp_insns > 0,
       "functional gpu: BFS exact, warp instructions counted per stage, no cycles")
end
T.done()
