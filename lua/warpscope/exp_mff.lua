-- warpscope.exp_mff: what the MFF paper's experiments (seed 003, Figs.
-- 8-10 and the larger-cache comparison; research extraction B4-B7) share:
-- the machine, the graphs, one run of an algorithm with its computation
-- stage's counters, and the paper's numbers.
local ws = require "warpscope"
local MF = require "warpscope.mff"
local M = {}

-- The machine (B4): gtx480 with the paper's 32 L1 MSHR entries (the preset
-- has GPGPU-Sim's 64) and all graph data in DRAM (mem.copy_to_l2 = false:
-- the paper says all graph data are in main memory; the preset's true
-- leaves the host's copies in L2).
M.MACHINE = { ["l1d.mshr"] = 32, ["mem.copy_to_l2"] = false }
-- gtx480's core clock (clock.core, MHz): power = energy / time.
M.CORE_MHZ = 700

-- The paper's numbers (B6).
M.PAPER = {
  energy = -54.6,        -- % energy, average (Fig. 8)
  traffic = -27.5,       -- % memory traffic, average (Sec. 6.2)
  icnt_stall = -88.3,    -- % interconnect stall cycles, average (Sec. 6.2)
  speedup_lo = 1.75,     -- per-algorithm average speedups span 1.75x (PR) ..
  speedup_hi = 5.22,     -- .. 5.22x (BFS) (Fig. 10)
  mff_share = 0.3,       -- % of the energy spent in the unit (Sec. 6.2)
  l1x16_share = 71,      -- % of MFF's speedup reached by a 16x (256 KB) L1
}

-- The graphs (B5, Table 2).  The paper's LAW files are not shipped: R-MAT
-- graphs stand in [choice], scaled down so that a full run takes minutes on
-- this machine: vertices the paper's count / 8 rounded to a power of two,
-- arcs per vertex the paper's (directed graphs) or half of them (symmetric
-- ones: the generator adds both directions), random ids (permute).  quick:
-- the same shape, small.  Weights 1..64 for SSSP [choice: the paper names
-- none].  Real graphs of related kinds (files in ../shared) run beside.
M.INPUTS = {
  { name = "AMZ", paper = "amazon-2008", what = "similarity graph, 735,323 vertices, 5,158,388 arcs, directed",
    gen = { scale = 17, edgefactor = 7, directed = true }, quick = { scale = 10, edgefactor = 7, directed = true } },
  { name = "DBLP", paper = "dblp-2010", what = "co-authorship, 326,186 vertices, 1,615,400 arcs, symmetric",
    gen = { scale = 15, edgefactor = 3, directed = false }, quick = { scale = 10, edgefactor = 3, directed = false } },
  { name = "DBLP11", paper = "dblp-2011", what = "co-authorship, 986,324 vertices, 6,707,236 arcs, symmetric",
    gen = { scale = 17, edgefactor = 3, directed = false }, quick = { scale = 10, edgefactor = 3, directed = false } },
  { name = "CNR", paper = "cnr-2000", what = "web crawl, 325,557 vertices, 3,216,152 arcs, directed",
    gen = { scale = 15, edgefactor = 10, directed = true }, quick = { scale = 10, edgefactor = 10, directed = true } },
  { name = "DEWIKI", paper = "dewiki-2013", what = "Wikipedia links, 1,532,354 vertices, 36,722,696 arcs, directed",
    gen = { scale = 15, edgefactor = 24, directed = true }, quick = { scale = 9, edgefactor = 24, directed = true } },
  { name = "GRQC", paper = "(real, dblp's kind)", catalogue = "GRQC", what = "ca-GrQc, a real co-authorship graph" },
}

M.ALGOS = { "PR", "BFS", "SSSP", "WCC" }
-- PageRank super-steps [choice: the paper runs to convergence and does not
-- say how many; every super-step reads the same addresses].
M.PR_ITERS = 3

-- Counters summed over the computation stage's launches.
M.COUNTERS = {
  "cycles", "warp_insns", "mem.insns", "l1d.misses", "l1d.cache.accesses", "l1d.cache.misses",
  "l2.accesses", "l2.misses",
  "dram.reads", "dram.writes", "dram.bytes_read", "dram.bytes_written",
  "icnt.req.flits", "icnt.rep.flits", "icnt.req.latency_sum", "icnt.rep.latency_sum",
  "stall.lg_throttle.icnt_full",
  "energy.total", "energy.core", "energy.rf", "energy.l1", "energy.l2", "energy.icnt", "energy.dram",
  "energy.pf", "energy.static",
  "mff.commands", "mff.lookups", "mff.coalesced", "mff.words", "mff.bitsets", "mff.bitsets_merged",
  "mff.lines_c", "mff.lines_v", "mff.lines_bv", "mff.lines_written",
}

local function describe(o)
  return ("rmat(scale=%d, edgefactor=%d, directed=%s, weights=64)"):format(o.scale, o.edgefactor, tostring(o.directed))
end

-- The input's graph (with weights 1..64) and its description, recorded in
-- the experiment's inputs.
function M.graph(ex, inp)
  local g
  if inp.catalogue then
    g = ex:graph(inp.catalogue)
    if not g.weight then g = g:rebuild{ weights = 64, seed = ws.options.seed or 1 } end
    return g
  end
  local o = {}
  for k, v in pairs(ex.quick and inp.quick or inp.gen) do o[k] = v end
  o.seed = ws.options.seed or 1
  o.weights = 64
  g = ws.graph.rmat(o)
  if not ex.inputs[inp.name] then
    ex.input_order[#ex.input_order + 1] = inp.name
    ex.inputs[inp.name] = { name = inp.name, kind = ex.quick and "quick" or "substitute", vertices = g.n, edges = g.m,
      description = ("%s stand-in for %s (%s): %s%s"):format(inp.name, inp.paper, inp.what, describe(o),
        ex.quick and " (quick)" or "") }
  end
  return g
end

-- One run of algorithm alg on g, baseline (mff false) or MFF, on the
-- machine plus extra options: the computation stage's counters (r.compute
-- of warpscope.mff) and the super-steps.  The result is checked against
-- the CPU reference inside ex:run.
function M.run(ex, g, gname, alg, mff, extra, tag)
  local o = {}
  for k, v in pairs(M.MACHINE) do o[k] = v end
  for k, v in pairs(extra or {}) do o[k] = v end
  if mff then o["mff.enable"] = true end
  local res
  ex:run(o, function(gpu)
    local opts = { mff = mff, counters = M.COUNTERS }
    local r
    if alg == "PR" then
      opts.iters = M.PR_ITERS
      r = MF.pagerank(gpu, g, opts)
    elseif alg == "BFS" then
      r = MF.bfs(gpu, g, ex:start_vertex(g), opts)
    elseif alg == "SSSP" then
      r = MF.sssp(gpu, g, ex:start_vertex(g), opts)
    else
      r = MF.wcc(gpu, g, opts)
    end
    res = r
    return r.ok, r.msg
  end, ("%s %s %s%s"):format(gname, alg, mff and "MFF" or "baseline", tag and (" " .. tag) or ""))
  local c = res and res.compute or {}
  c.steps = res and res.steps or 0
  return c
end

-- Arithmetic mean of a list (nil when empty).
function M.mean(list)
  if #list == 0 then return nil end
  local s = 0
  for _, x in ipairs(list) do s = s + x end
  return s / #list
end

return M
