-- mff_kern_cases.lua: the checks of the MFF paper's graph kernels
-- (scenarios/kernels/mff_*.cu, hosts in warpscope.mff), shared by
-- tests/mff_kernels.lua (baseline kernels), tests/mff_kernels_mff.lua
-- (the MFF kernels: PC_gather, PC_wait, PC_scatter_set) and
-- tests/mff_kernels_emu.lua (the MFF kernels with the calls emulated).
--
-- Graphs: a hand-built one whose hub has 40 in-edges and 50 out-edges (so
-- the MFF kernels call PC_gather and PC_scatter_set twice for it: 32, then
-- the rest), a vertex with exactly 32 in-edges, a vertex with none, an
-- isolated vertex and a two-vertex component; a weighted RMAT graph
-- (scale 8, hubs of a few dozen edges) and a small weighted grid.
local ws = require "warpscope"
local F = require "warpscope.mff"
local C = {}

-- The hand-built graph (100 vertices):
--   1..40 -> 0 (weights 1..7), 0 -> 41..90, 41..72 -> 93 (32 in-edges),
--   90 -> 91 -> 92, 95 -> 96, 97 -> 91 (a source: no in-edges), 99 isolated.
function C.hub()
  local e = {}
  for i = 1, 40 do e[#e + 1] = { i, 0, i % 7 + 1 } end
  for j = 41, 90 do e[#e + 1] = { 0, j, j % 5 + 1 } end
  for j = 41, 72 do e[#e + 1] = { j, 93, 3 } end
  e[#e + 1] = { 90, 91, 2 }
  e[#e + 1] = { 91, 92, 2 }
  e[#e + 1] = { 95, 96, 1 }
  e[#e + 1] = { 97, 91, 4 }
  return ws.graph.from_edges(100, e)
end

C.graphs = {
  { name = "hub graph", g = C.hub(), src = 1 },
  { name = "rmat scale 8", g = ws.graph.rmat{ scale = 8, edgefactor = 8, seed = 1, weights = 9 }, src = 0 },
  { name = "grid 12x10", g = ws.graph.grid{ width = 12, height = 10, weights = 5, seed = 2 }, src = 7 },
}

C.ITERS = 3

local function sum_cycles(r, stage)
  local s = 0
  for _, l in ipairs(r.launches) do
    if l.stage == stage then s = s + l.cycles end
  end
  return s
end

local function count(r, stage)
  local c = 0
  for _, l in ipairs(r.launches) do
    if l.stage == stage then c = c + 1 end
  end
  return c
end

-- The stages of one run: compute launches = super-steps (the reference's),
-- one schedule launch after each (when the algorithm has one), the stage
-- sums equal to their launches' cycles, and every cycle of the gpu in some
-- stage.
local function stages(T, gpu, r, what, steps, sched, init)
  T.is(r.steps, steps, what .. ": " .. steps .. " super-steps, as the CPU reference")
  T.is(count(r, "compute"), steps, what .. ": one computation launch a super-step")
  T.is(count(r, "schedule"), sched and steps or 0, what .. ": " .. (sched and "one" or "no") .. " schedule launch a super-step")
  T.is(count(r, "init"), init and 1 or 0, what .. ": " .. (init and "one" or "no") .. " initialisation launch")
  T.ok(r.compute.cycles > 0 and r.compute.cycles == sum_cycles(r, "compute"),
       what .. ": computation-stage cycles (" .. tostring(r.compute.cycles) .. ") are its launches' sum")
  local all = 0
  for _, l in ipairs(r.launches) do all = all + l.cycles end
  T.is(all, gpu:stats().total.cycles, what .. ": the stages' launches make up every cycle of the run")
end

-- Runs every algorithm on every graph with opts.mff = mff; each result
-- exactly equal to warpscope.mff's CPU reference, which is itself checked
-- against the graph layer's (g:bfs, g:sssp, g:components, g:pagerank).
-- newgpu() makes the gpu of a run; extra(gpu, alg), when given, returns
-- more options for that run (alg: "pr", "bfs", "sssp", "wcc") and tag
-- names the version in the descriptions.  Returns the results by graph and
-- algorithm (for comparing the versions).
function C.run_all(T, newgpu, mff, extra, tag)
  local out = {}
  tag = tag or (mff and "MFF" or "baseline")
  local function opts(gpu, alg, o)
    o.mff = mff
    for k, v in pairs(extra and extra(gpu, alg) or {}) do o[k] = v end
    return o
  end
  for _, gg in ipairs(C.graphs) do
    local g, name, src = gg.g, gg.name, gg.src
    local res = {}
    out[name] = res
    -- PageRank
    local gpu = newgpu()
    local r = F.pagerank(gpu, g, opts(gpu, "pr", { iters = C.ITERS }))
    local what = ("%s, %s PageRank"):format(name, tag)
    T.ok(r.ok, what .. ": ranks equal the CPU reference bit for bit" .. (r.ok and "" or (": " .. tostring(r.msg))))
    stages(T, gpu, r, what, C.ITERS, false, true)
    res.pr = r
    -- BFS
    gpu = newgpu()
    r = F.bfs(gpu, g, src, opts(gpu, "bfs", {}))
    what = ("%s, %s BFS from %d"):format(name, tag, src)
    local _, ref_steps = F.ref_bfs(g, src)
    T.ok(r.ok, what .. ": levels equal the CPU reference" .. (r.ok and "" or (": " .. tostring(r.msg))))
    stages(T, gpu, r, what, ref_steps, true, false)
    res.bfs = r
    -- SSSP
    gpu = newgpu()
    r = F.sssp(gpu, g, src, opts(gpu, "sssp", {}))
    what = ("%s, %s SSSP from %d"):format(name, tag, src)
    _, ref_steps = F.ref_sssp(g, src)
    T.ok(r.ok, what .. ": distances equal the CPU reference" .. (r.ok and "" or (": " .. tostring(r.msg))))
    stages(T, gpu, r, what, ref_steps, true, false)
    res.sssp = r
    -- WCC
    gpu = newgpu()
    r = F.wcc(gpu, g, opts(gpu, "wcc", {}))
    what = ("%s, %s WCC"):format(name, tag)
    _, ref_steps = F.ref_wcc(F.symmetric(g))
    T.ok(r.ok, what .. ": labels equal the CPU reference" .. (r.ok and "" or (": " .. tostring(r.msg))))
    stages(T, gpu, r, what, ref_steps, true, true)
    res.wcc = r
  end
  return out
end

return C
