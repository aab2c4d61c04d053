-- The MFF paper's graph kernels (seed 003: PageRank, BFS, SSSP, WCC;
-- scenarios/kernels/mff_*.cu, host module warpscope.mff): each algorithm's
-- super-steps, checked against the CPU reference, with the cycles of the
-- computation stage (what the paper measures) apart from the vertex
-- schedule's.
-- usage: warpscope scenarios/mff_graphs.lua [GRAPH|default|rmat:SCALE] [SRC] [base|mff] [ALG,...]
-- (rmat:SCALE, the default rmat:10, is a generated Kronecker graph of
-- 2^SCALE vertices, edge factor 8, seed 1; a graph without weights gets
-- weights 1..8 for SSSP; the MFF versions need a warpscope that knows the
-- pc_* calls and --set mff.enable=true; ALG is pr, bfs, sssp or wcc,
-- default all four; PageRank runs 5 super-steps)
local ws = require "warpscope"
local S = require "warpscope.scenario"
local F = require "warpscope.mff"

local spec = arg[1] or "rmat:10"
local scale = spec:match("^rmat:(%d+)$")
local g = scale and ws.graph.rmat{ scale = math.tointeger(tonumber(scale)), edgefactor = 8, seed = 1 }
          or S.graph(ws, spec)
local src = S.source(arg[2], g.n)
local which = arg[3] or "base"
if which ~= "base" and which ~= "mff" then error("the version must be base or mff, got " .. tostring(which), 0) end
local algs = {}
for a in (arg[4] or "pr,bfs,sssp,wcc"):gmatch("[^,]+") do
  if a ~= "pr" and a ~= "bfs" and a ~= "sssp" and a ~= "wcc" then
    error("an algorithm must be pr, bfs, sssp or wcc, got " .. a, 0)
  end
  algs[#algs + 1] = a
end
local gw = g.weighted and g or g:rebuild{ weights = 8, seed = 1 }
local mff = which == "mff"

local names = { pr = "PageRank", bfs = "BFS", sssp = "SSSP", wcc = "WCC" }
local bad
for _, a in ipairs(algs) do
  local gpu = ws.gpu{ quiet = true }
  if mff then
    local ok, why = F.supported(gpu)
    if not ok then error("the MFF versions cannot run here: " .. why, 0) end
  end
  local r
  if a == "pr" then r = F.pagerank(gpu, g, { mff = mff })
  elseif a == "bfs" then r = F.bfs(gpu, g, src, { mff = mff })
  elseif a == "sssp" then r = F.sssp(gpu, gw, src, { mff = mff })
  else r = F.wcc(gpu, g, { mff = mff }) end
  print(("%s (%s) on %d vertices, %d edges: %s"):format(names[a], which, g.n, g.m,
    r.ok and "result matches the CPU reference" or ("MISMATCH: " .. tostring(r.msg))))
  local sched = r.stages.schedule and r.stages.schedule.cycles
  if r.compute.cycles then
    print(("  %d super-steps; computation stage %d cycles, %d warp instructions, %d L2 accesses, %d DRAM reads%s"):format(
      r.steps, r.compute.cycles, r.compute.warp_insns, r.compute["l2.accesses"] or 0, r.compute["dram.reads"] or 0,
      sched and (("; vertex schedule %d cycles (not counted)"):format(sched)) or ""))
  else
    print(("  %d super-steps (functional: no cycles)"):format(r.steps))
  end
  if not r.ok then bad = r.msg end
end
if bad then error(bad, 0) end
