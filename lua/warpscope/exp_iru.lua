-- warpscope.exp_iru: the host side of the IRU experiments (seed 002:
-- Segura, Arnau, Gonzalez, "Irregular Accesses Reorder Unit"), shared by
-- scenarios/experiments/iru-*.lua.  Each input is run with the baseline
-- kernels and with their IRU versions (scenarios/kernels/iru_bfs.cu,
-- iru_sssp.cu, iru_pr.cu; the paper's Figs. 9-11), every run checked
-- against its CPU reference exactly.
local ws = require "warpscope"
local B = require "warpscope.bfs"
local P = require "warpscope.pagerank"
local E = require "warpscope.experiment"
local M = {}

M.preset = "gtx980"

-- The paper's numbers (Sec. 6, prose: the bars of Figs. 12-16 are not
-- readable; research extraction A6).
M.paper = {
  coalescing = { base = 4, iru = 3, gain = 1.32 },      -- Fig. 14: accesses per warp memory request
  l1 = 0.67, l2 = 0.56, noc = 0.54, dram = 0.96,         -- Figs. 12, 13; Sec. 6.1 (DRAM -4 %)
  filtered = { sssp = 0.23, pr = 0.79 },                 -- Fig. 15
  speedup = { bfs = 1.16, sssp = 1.14, pr = 1.40, all = 1.33 },        -- Fig. 16
  energy = { bfs = 0.17, sssp = 0.05, pr = 0.15, all = 0.13 },         -- Fig. 16: reduction
}

-- The paper's six graphs (Table 3) and what stands for each here: the real
-- graphs of ../shared/data/graphs where one of the same kind exists, generated
-- ones otherwise.  Scaled down: the paper's have 22 K-710 K vertices and
-- 0.35-24.6 M edges; these 37 K-115 K vertices and 0.2-1.6 M edges, to run in
-- minutes.  What matters to the hash is the target array's span in 128-byte
-- blocks (4-byte vertex data: vertices / 32): with 1,024 logical sets a
-- graph of fewer than 1,024 blocks gives each block a set of its own and
-- the hash never has to choose; the paper's span 700 (human_gene) to 22,000
-- (ca) blocks, these 768 to 3,582 (issue 33).
-- cat: a name of the experiment catalogue (its quick substitute in --quick);
-- gen: generated in every run (quick / full specification).
M.inputs = {
  { name = "ROAD", cat = "ROAD", paper = "ca", what = "road network (paper: California, 710 K vertices, 22 K blocks)" },
  { name = "ENRON", cat = "ENRON", paper = "cond",
    what = "email network standing in for the collaboration network (paper: cond-mat, 40 K vertices, 1.2 K blocks)" },
  { name = "DEL", cat = "DEL", paper = "delaunay", what = "Delaunay triangulation (paper: 524 K vertices, 16 K blocks)" },
  { name = "GENE", paper = "human", what = "dense gene-network stand-in (paper: human_gene, 22 K vertices, 700 blocks, degree 2,214)",
    gen = { quick = { "uniform", n = 256, min_degree = 48, max_degree = 80 },
            full = { "uniform", n = 24576, min_degree = 40, max_degree = 72 } } },
  { name = "KRON", paper = "kron", what = "Graph500 Kronecker graph (paper: logn18, 262 K vertices, 8 K blocks, degree 156)",
    gen = { quick = { "rmat", scale = 9, edgefactor = 16 },
            full = { "rmat", scale = 16, edgefactor = 16 } } },
  { name = "MESH", paper = "msdoor", what = "3D-mesh stand-in, a random geometric graph (paper: msdoor, 416 K vertices, 13 K blocks, degree 97)",
    gen = { quick = { "geometric", n = 1024, radius = 0.09 },
            full = { "geometric", n = 65536, radius = 0.009 } } },
}
-- The target array's span in 128-byte blocks (4-byte elements, one a vertex).
function M.blocks(g) return (g.n * 4 + 127) // 128 end
M.algos = { "BFS", "SSSP", "PR" }

-- SSSP weights: the paper does not say; integer weights 1..16 [choice]
-- where the graph has none (rome99 keeps its own).  PageRank: 5 power
-- iterations, damping 0.85 [choice: the paper gives neither].
M.weights = 16
M.pr_iters = { quick = 2, full = 5 }

local function gen_desc(spec)
  local parts = {}
  for k, v in pairs(spec) do if k ~= 1 then parts[#parts + 1] = ("%s=%s"):format(k, tostring(v)) end end
  table.sort(parts)
  return spec[1] .. "(" .. table.concat(parts, ", ") .. ")"
end

-- The inputs to run: all, or those named in the first free argument
-- ("ROME,KRON"); an unknown name is an error.
function M.select(ex)
  return E.pick(M.inputs, ex.args and ex.args[1], "graph")
end

-- The graph of an input (recorded in the experiment's inputs like the
-- catalogue's), and its weighted version for SSSP.
function M.graph(ex, inp)
  local g, desc
  if inp.gen then
    local spec = ex.quick and inp.gen.quick or inp.gen.full
    local o = { seed = ws.options.seed or 1 }
    for k, v in pairs(spec) do if k ~= 1 then o[k] = v end end
    g = ws.graph[spec[1]](o)
    desc = ("generated %s%s"):format(gen_desc(spec), ex.quick and " (quick)" or "")
    if not ex.inputs[inp.name] then
      ex.input_order[#ex.input_order + 1] = inp.name
      ex.inputs[inp.name] = { name = inp.name, description = desc, kind = "generated", vertices = g.n, edges = g.m }
    end
  else
    g, desc = ex:graph(inp.cat)
  end
  local gw = g.weight and g or g:rebuild{ weights = M.weights, seed = ws.options.seed or 1 }
  return g, gw, desc
end

-- The other reading of the ring (A2.2 block 5: "to and from the
-- neighbouring partitions"): links both ways, Table 1's 2.8 KB ring buffer
-- then four queues of 70 elements (issue 33).
M.bidir = { ["iru.ring"] = "bi", ["iru.ring_depth"] = 70 }

-- The gpu options of a run: the IRU present in both (the kernel files hold
-- load_iru, which a gpu without the IRU refuses to load; a baseline kernel
-- never uses it), energy priced with the gtx480 table [choice: gtx980 has
-- no sourced 28 nm prices; ratios only], plus extra.
function M.options(extra)
  local o = { ["iru.enable"] = true, ["energy.table"] = "gtx480" }
  for k, v in pairs(extra or {}) do o[k] = v end
  return o
end

-- One algorithm on one graph, the baseline or the IRU version: the run's
-- statistics (ex:run checks the output against the CPU reference).
-- BFS: both versions with Merrill-style culling (the paper's baseline,
-- A8 item 3); SSSP and PR as Figs. 10 and 11.
-- filter: "none" turns the IRU's filter off (SSSP, PR; BFS has none).
function M.run(ex, algo, g, gw, src, iru, extra, label, filter)
  local iters = ex.quick and M.pr_iters.quick or M.pr_iters.full
  return ex:run(M.options(extra), function(gpu)
    if algo == "BFS" then
      return B.iru_contract(gpu, g, src, iru, nil, { cull = true })
    elseif algo == "SSSP" then
      return B.iru_sssp(gpu, gw, src, iru, nil, { filter = filter })
    else
      return P.iru_pr(gpu, g, iters, 0.85, iru, nil, { filter = filter })
    end
  end, label)
end

-- The paper's metrics (A7) of a pair of runs' totals.
local function get(t, k) return t[k] or 0 end
function M.noc(t) return get(t, "icnt.req.flits") + get(t, "icnt.rep.flits") end
function M.dram(t) return get(t, "dram.reads") + get(t, "dram.writes") end
-- links: the ring's (4 one way, 8 both ways on gtx980's 4 partitions).
function M.metrics(b, i, links)
  local function ratio(x, y) return y > 0 and x / y or nil end
  local elems = get(i, "iru.elems_in")
  links = links or 4
  return {
    apr_base = b["mem.accesses_per_insn"], apr_iru = i["mem.accesses_per_insn"],
    lpr_base = b["mem.lines_per_insn"], lpr_iru = i["mem.lines_per_insn"],
    -- the IRU's element supply (elements read a cycle, whole GPU), its ring's
    -- element traffic (the merge's apart) over links x cycles, and the mean
    -- wait of a load_iru request at its partition
    rate = elems > 0 and elems / i.cycles or nil,
    ring_el = get(i, "iru.ring_flits") - get(i, "iru.merge_hops"),
    merge = get(i, "iru.merge_hops"),
    ring_util = i.cycles > 0 and (get(i, "iru.ring_flits") - get(i, "iru.merge_hops")) / (links * i.cycles) or nil,
    wait = i["iru.reply_latency"],
    l1 = ratio(get(i, "l1d.cache.accesses"), get(b, "l1d.cache.accesses")),
    l2 = ratio(get(i, "l2.accesses"), get(b, "l2.accesses")),
    noc = ratio(M.noc(i), M.noc(b)),
    dram = ratio(M.dram(i), M.dram(b)),
    filtered = elems > 0 and (get(i, "iru.merged") + get(i, "iru.filtered")) / elems or nil,
    speedup = ratio(b.cycles, i.cycles),
    energy = b["energy.total"] and i["energy.total"] and 1 - i["energy.total"] / b["energy.total"] or nil,
    iru_energy = i["energy.total"] and i["energy.pf"] and i["energy.pf"] / i["energy.total"] or nil,
  }
end

function M.mean(list)
  if #list == 0 then return nil end
  local s = 0
  for _, v in ipairs(list) do s = s + v end
  return s / #list
end

return M
