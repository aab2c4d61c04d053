-- warpscope.exp_dsap: what the DSAP paper's experiments share (Guo et al.,
-- "Accelerating BFS via Data Structure-Aware Prefetching on GPU", IEEE
-- Access 2018; seed 000), used by scenarios/experiments/dsap-fig*.lua.
--
-- The workload is the paper's only one: data-driven BFS (its Algorithm 1,
-- GraphBIG's work-list BFS), the host program warpscope.bfs.data, with
-- CHUNK = 4 work-list items per warp (the paper gives no CHUNK_SZ).  The
-- machine is gtx480-l1-48k (the paper's Table 1: GTX480 with the 48 KB L1).
--
--   local D = require "warpscope.exp_dsap"
--   local ex = E.new{ ..., preset = D.preset }
--   for _, inp in ipairs(D.inputs(ex)) do          -- the graphs, see D.datasets
--     local st = D.run(ex, inp, D.policy "dsap")   -- checked run, gpu:stats()
--     local a = D.arrays(st)                       -- per array: WL VL EL VIS ALL
--     print(D.miss(a.VL), D.speedup(base, st))
--   end
--
-- A scenario's first argument may name the graphs to run, comma-separated
-- ("OR,CIT"); the default is every graph of D.datasets.
local B = require "warpscope.bfs"

local M = {}

M.chunk = 4
M.preset = "gtx480-l1-48k"

-- The paper's datasets (Table 2: CA, USA, TX and PA road networks, OR, CIT)
-- and what stands for them here (the catalogue of warpscope.experiment).
-- `paper` is the dataset whose published numbers a row is set beside; the
-- text gives per-dataset numbers only for USA and OR.
M.datasets = {
  { name = "OR", paper = "OR", why = "the paper's Oregon-2 (11,461 nodes) is the 2001-05-26 snapshot" },
  { name = "CIT", paper = "CIT", why = "the paper's graph" },
  { name = "ROAD", paper = "USA",
    why = "stands for the paper's road networks and is set beside its USA numbers (USA-Road: 1,070,376 nodes)" },
  { name = "ROME", paper = "road", why = "a small road network standing for CA/TX/PA (no per-dataset numbers in the text)" },
  { name = "DEL", paper = "road", why = "a planar mesh of road-like degree and diameter standing for CA/TX/PA" },
}

-- What the paper's text says (no value is read off a plot).
M.paper = {
  speedup = { dsap = { OR = 1.16, USA = 1.484, geomean = 1.28 }, nextline = { mean = 0.92 } },
  coverage = 60,                                    -- % of BFS accesses, DSAP (Sec. V-A)
  miss_reduction = { min = 11.9, max = 26.7 },      -- Fig. 9, DSAP, across datasets
  -- Fig. 10: baseline miss rate (%) and DSAP's reduction (%) per array
  arrays = {
    USA = { VL = { 82.6, 73.78 }, EL = { 90.9, 64.49 }, VIS = { 81.8, 41.81 } },
    OR = { VL = { 40.8, 16.51 }, EL = { 67.5, 24.9 }, VIS = { 55.2, 17.66 } },
  },
  bandwidth_max = 7,                                -- Fig. 11: DRAM bandwidth increase <= 7 %
  utilization_min = 75,                             -- Fig. 11: prefetched data used >= 75 %
  adaptive_gain = 1.02,                             -- Fig. 12: granularity over on/off, average
  l1_16k_ratio = 0.80,                              -- Fig. 15: DSAP 16 KB / 48 KB, average
  threshold_spread = 0.03,                          -- Fig. 16: best - worst, CIT (largest)
  sched_band = 0.015,                               -- Fig. 17: LRR vs GTO within +-1.5 %
  power = { mean = 8.3, max = 11.8 },               -- Fig. 14: GPU power increase (%), GPUWattch
  energy = { mean = -15.1, max = -27 },             -- Fig. 14: GPU energy change (%), largest decrease
}

-- Array roles of the data-driven BFS (allocation names of warpscope.bfs).
M.roles = {
  { "WL", "worklist_a", "worklist_b" }, { "VL", "vertexlist" }, { "EL", "edgelist" }, { "VIS", "visited" },
}
M.role_names = { "WL", "VL", "EL", "VIS" }

-- The configurations compared.
local policies = {
  none = { ["pf.policy"] = "none" },
  nextline = { ["pf.policy"] = "nextline" },
  ["ghb-stride"] = { ["pf.policy"] = "ghb-stride" },
  dsap = { ["pf.policy"] = "dsap" },
}

-- Options of a policy name, plus extra options.
function M.policy(name, extra)
  local o = {}
  for k, v in pairs(assert(policies[name], "unknown policy " .. tostring(name))) do o[k] = v end
  for k, v in pairs(extra or {}) do o[k] = v end
  return o
end

local function wanted(ex)
  local list = ex.args[1]
  if not list then return nil end
  local set = {}
  for n in list:gmatch("[^,]+") do set[n] = true end
  for n in pairs(set) do
    local known = false
    for _, d in ipairs(M.datasets) do if d.name == n then known = true end end
    if not known then error(("unknown graph '%s' (the DSAP experiments use OR, CIT, ROAD, ROME, DEL)"):format(n), 0) end
  end
  return set
end

-- The graphs of the experiment: { name, paper, why, g, desc, src }, in the
-- order of M.datasets (or the subset named on the command line).  The BFS
-- source is the experiments' common one (ex:start_vertex: the vertex of
-- highest degree).  `why` goes into the notes when the graph is a file.
function M.inputs(ex, names)
  local set = names or wanted(ex)
  local list = {}
  for _, d in ipairs(M.datasets) do
    if not set or set[d.name] then
      local g, desc = ex:graph(d.name)
      local inp = { name = d.name, paper = d.paper, why = d.why, g = g, desc = desc, src = ex:start_vertex(g) }
      list[#list + 1] = inp
      ex:note(("%s (%d vertices): %s"):format(d.name, g.n, d.why))
    end
  end
  ex:note(("BFS from the vertex of highest degree, CHUNK = %d work-list items per warp (the paper gives no CHUNK_SZ)"):format(M.chunk))
  return list
end

-- A stand-in for gpu that records the cycles and the grid of every launch
-- into log (the host program sees the same GPU).
local function recorder(gpu, log)
  return setmetatable({}, { __index = function(_, k)
    local v = gpu[k]
    if type(v) ~= "function" then return v end
    if k == "launch" then
      return function(_, kernel, shape, ...)
        local c0 = gpu.cycle
        gpu:launch(kernel, shape, ...)
        log[#log + 1] = { cycles = gpu.cycle - c0, grid = shape.grid }
      end
    end
    return function(_, ...) return v(gpu, ...) end
  end })
end

-- The host program of one run: the data-driven BFS of inp's graph, whose
-- result is checked against the CPU BFS.  `seen`, if given, receives the
-- L1D size of the GPU (seen.l1d, to check a run's machine) and the cycles
-- and grid of each launch, one per BFS level (seen.launches).
function M.host(inp, seen)
  return function(gpu)
    if not seen then return B.data(gpu, inp.g, inp.src, M.chunk) end
    seen.l1d = gpu:option("l1d.size")
    seen.launches = {}
    return B.data(recorder(gpu, seen.launches), inp.g, inp.src, M.chunk)
  end
end

-- One checked run of the BFS on inp with options opts; returns gpu:stats()
-- and what M.host saw.  tag names the run (default: its pf.policy).
function M.run(ex, inp, opts, tag)
  local seen = {}
  return ex:run(opts, M.host(inp, seen), inp.name .. " " .. (tag or opts["pf.policy"] or "run")), seen
end

-- Share (%) of a run's cycles spent in its first launch, where the work
-- list holds only the source vertex (one warp works; DSAP, which prefetches
-- a warp's next work-list item, has none to prefetch).
function M.first_share(seen)
  local all = 0
  for _, l in ipairs(seen.launches) do all = all + l.cycles end
  return all > 0 and 100 * seen.launches[1].cycles / all or nil
end

-- Per array, summed over the allocations of its role: demand loads looked
-- up in L1 (acc = hits + reserved + misses; atomics bypass L1 and are not
-- counted), and the prefetches that targeted it.  ALL sums the four.
function M.arrays(st)
  local out = {}
  local all = { acc = 0, hits = 0, reserved = 0, misses = 0, issued = 0, useful = 0, late = 0, early = 0, useless = 0 }
  for _, r in ipairs(M.roles) do
    local a = { acc = 0, hits = 0, reserved = 0, misses = 0, issued = 0, useful = 0, late = 0, early = 0, useless = 0 }
    for key, row in pairs(st.tables.by_allocation) do
      local name = key:match("^(.-)#%d+$")
      for i = 2, #r do
        if name == r[i] then
          a.hits = a.hits + row["l1d.hits"]
          a.reserved = a.reserved + row["l1d.hit_reserved"]
          a.misses = a.misses + row["l1d.misses"]
          a.issued = a.issued + row["pf.issued"]
          a.useful = a.useful + row["pf.useful"]
          a.late = a.late + row["pf.late"]
          a.early = a.early + row["pf.early"]
          a.useless = a.useless + row["pf.useless"]
        end
      end
    end
    a.acc = a.hits + a.reserved + a.misses
    for k, v in pairs(a) do all[k] = all[k] + v end
    out[r[1]] = a
  end
  out.ALL = all
  return out
end

-- L1 miss rate (%) of demand loads: misses / lookups.  A load that joins a
-- line already being fetched (a reserved hit, also one on a prefetch in
-- flight) is not a miss, as in GPGPU-Sim's statistics.
function M.miss(a)
  return a.acc > 0 and 100 * a.misses / a.acc or nil
end

-- Share (%) of demand lookups that found the line still in flight.
function M.pending(a)
  return a.acc > 0 and 100 * a.reserved / a.acc or nil
end

-- Speedup of run st over run base (execution time: cycles; the paper's IPC
-- ratio differs by the change in instruction count, see M.insn_change).
function M.speedup(base, st)
  return base.total.cycles / st.total.cycles
end

-- Relative change (%) of warp instructions between two runs of the same
-- BFS (which warps win the visited-list CAS depends on timing).
function M.insn_change(base, st)
  return 100 * (st.total.warp_insns / base.total.warp_insns - 1)
end

-- DRAM traffic in bytes.
function M.dram_bytes(st)
  return st.total["dram.bytes_read"] + st.total["dram.bytes_written"]
end

-- Prefetched-data utilization (%): lines brought into L1 by a prefetch that
-- a demand used (first hit, or joined in flight) over all lines prefetched
-- into L1 (fills: issued minus those whose line was already there or
-- coming).  `decided` counts only lines whose fate is known (used or
-- evicted unused), the form DSAP's controller samples.
function M.utilization(st)
  local t = st.total
  local used = t["pf.useful"] + t["pf.late"]
  local fills = t["pf.fills"]
  return fills > 0 and 100 * used / fills or nil,
    used + t["pf.early"] > 0 and 100 * used / (used + t["pf.early"]) or nil
end

-- Coverage (%): demand misses removed, (useful + late) / (useful + late +
-- remaining demand misses).
function M.coverage(st)
  return 100 * st.total["pf.coverage"]
end

-- min and max of a list
function M.range(list)
  local lo, hi
  for _, x in ipairs(list) do
    if lo == nil or x < lo then lo = x end
    if hi == nil or x > hi then hi = x end
  end
  return lo, hi
end

-- the paper's number for a dataset name in a table keyed by dataset (nil
-- when the text gives none)
function M.paper_of(t, inp)
  return t[inp.paper]
end

return M
