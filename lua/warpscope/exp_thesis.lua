-- warpscope.exp_thesis: the host programs of the thesis experiments (seed 001,
-- chapter 5: implementation strategies of BFS and SSSP, software prefetching
-- and unrolling).  Lua plays the CUDA host.  Every function runs a whole
-- traversal on `gpu` and returns ok, msg (the result against the CPU
-- reference, exactly) and an info table:
--   info.iters      iterations of the host loop (BFS levels / SSSP rounds)
--   info.launches   kernel launches
--   info.relax      the name of the main (expand / relax) kernel
--   info.kernels    { [kernel name] = cycles } when opts.per_kernel is set
--                   (a timing GPU; gpu.cycle before and after each launch)
-- Kernels (scenarios/kernels): bfs_topo.cu (TPLGY BFS), thesis_bfs.cu (WARPC
-- as the thesis's Fig. 49, DD and kernel-unrolled BFS), bfs_warp.cu (WARPC
-- with a ballot, "WARPC_B"), thesis_swp.cu (TPLGY BFS with
-- software prefetching / unrolling), thesis_sssp.cu (SSSP TPLGY/WARPC/DD),
-- sssp.cu (frontier-less Bellman-Ford SSSP).
local ws = require "warpscope"
local E = require "warpscope.experiment"
local M = {}

local function ceil_div(a, b) return (a + b - 1) // b end

-- Launch and, when asked, add the launch's cycles to info.kernels[name].
local function launcher(gpu, info, per_kernel)
  info.launches = 0
  if per_kernel and gpu.mode == "timing" then info.kernels = {} end
  return function(k, shape, ...)
    local c0 = info.kernels and gpu.cycle
    gpu:launch(k, shape, ...)
    info.launches = info.launches + 1
    if c0 then
      info.kernels[k.name] = (info.kernels[k.name] or 0) + (gpu.cycle - c0)
    end
  end
end

-- TPLGY BFS (Harish / Rodinia), one thread per vertex, two kernels a level.
-- opts.expand: an expand kernel of thesis_swp.ptx (thesis_swp_base, _swp,
-- _swpnc, _unr2, _unr3, _unr2_swp, _unr2_swpnc) instead of bfs_topo_expand;
-- opts.block: threads per block (default 512, Rodinia's).
function M.bfs_tplgy(gpu, g, src, opts)
  opts = opts or {}
  local topo = gpu:load_ptx("kernels/bfs_topo.ptx")
  local expand = opts.expand and gpu:load_ptx("kernels/thesis_swp.ptx"):kernel(opts.expand)
    or topo:kernel("bfs_topo_expand")
  local update = topo:kernel("bfs_topo_update")
  local row = gpu:array("i32", g.row, { name = "row" })
  local col = gpu:array("i32", g.col, { name = "col" })
  local mask = gpu:array("u8", g.n, { name = "mask" })
  local updating = gpu:array("u8", g.n, { name = "updating" })
  local visited = gpu:array("u8", g.n, { name = "visited" })
  local cost = gpu:array("i32", g.n, { name = "cost", fill = -1 })
  local stop = gpu:array("i32", 1, { name = "stop" })
  mask[src], visited[src], cost[src] = 1, 1, 0
  local block = opts.block or 512
  local shape = { grid = ceil_div(g.n, block), block = block }
  local info = { relax = expand.name }
  local launch = launcher(gpu, info, opts.per_kernel)
  local levels = 0
  repeat
    stop[0] = 0
    launch(expand, shape, row, col, mask, updating, visited, cost, g.n)
    launch(update, shape, mask, updating, visited, stop, g.n)
    levels = levels + 1
  until stop[0] == 0
  info.iters = levels
  local ok, msg = ws.check.equal(cost:read(), g:bfs(src))
  return ok, msg, info
end

-- WARPC BFS, a warp per 32 vertices, 256-thread blocks: opts.ballot = false
-- (default) is the thesis's Fig. 49 (thesis_bfs_warpc: the warp walks all 32
-- vertices of its chunk); true is the shipped bfs_warp (a ballot skips the
-- inactive ones).
function M.bfs_warpc(gpu, g, src, opts)
  opts = opts or {}
  local k = opts.ballot and gpu:load_ptx("kernels/bfs_warp.ptx"):kernel("bfs_warp")
    or gpu:load_ptx("kernels/thesis_bfs.ptx"):kernel("thesis_bfs_warpc")
  local row = gpu:array("i32", g.row, { name = "row" })
  local col = gpu:array("i32", g.col, { name = "col" })
  local level = gpu:array("i32", g.n, { name = "level", fill = -1 })
  local changed = gpu:array("i32", 1, { name = "changed" })
  level[src] = 0
  local shape = { grid = ceil_div(g.n, 256), block = 256 }
  local info = { relax = k.name }
  local launch = launcher(gpu, info, opts.per_kernel)
  local curr = 0
  repeat
    changed[0] = 0
    launch(k, shape, row, col, level, g.n, curr, changed)
    curr = curr + 1
  until changed[0] == 0
  info.iters = curr
  local ok, msg = ws.check.equal(level:read(), g:bfs(src))
  return ok, msg, info
end

function M.bfs_warpc_ballot(gpu, g, src, opts)
  local o = { ballot = true }
  for k, v in pairs(opts or {}) do o[k] = v end
  return M.bfs_warpc(gpu, g, src, o)
end

-- DD BFS (Luo et al. as the thesis describes it): a thread per frontier
-- vertex, block queue in shared memory, global queue on overflow.
function M.bfs_dd(gpu, g, src, opts)
  opts = opts or {}
  local k = gpu:load_ptx("kernels/thesis_bfs.ptx"):kernel("thesis_bfs_dd")
  local row = gpu:array("i32", g.row, { name = "row" })
  local col = gpu:array("i32", g.col, { name = "col" })
  local level = gpu:array("i32", g.n, { name = "level", fill = -1 })
  local qa = gpu:array("i32", g.n, { name = "queue_a" })
  local qb = gpu:array("i32", g.n, { name = "queue_b" })
  local out_size = gpu:array("i32", 1, { name = "queue_size" })
  level[src], qa[0] = 0, src
  local info = { relax = k.name, max_frontier = 1 }
  local launch = launcher(gpu, info, opts.per_kernel)
  local in_size, curr = 1, 0
  while in_size > 0 do
    out_size[0] = 0
    launch(k, { grid = ceil_div(in_size, 256), block = 256 }, row, col, level, qa, in_size, qb, out_size, curr)
    qa, qb = qb, qa
    in_size, curr = out_size[0], curr + 1
    if in_size > info.max_frontier then info.max_frontier = in_size end
  end
  info.iters = curr
  local ok, msg = ws.check.equal(level:read(), g:bfs(src))
  return ok, msg, info
end

-- Kernel-unrolled BFS (LonestarGPU style): no frontier, a local work queue
-- of at most opts.limit (default 8) vertices per thread and launch.
function M.bfs_unroll(gpu, g, src, opts)
  opts = opts or {}
  local limit = opts.limit or 8
  local k = gpu:load_ptx("kernels/thesis_bfs.ptx"):kernel("thesis_bfs_unroll")
  local row = gpu:array("i32", g.row, { name = "row" })
  local col = gpu:array("i32", g.col, { name = "col" })
  local dist = gpu:array("u32", g.n, { name = "dist", fill = 0xffffffff })
  local changed = gpu:array("i32", 1, { name = "changed" })
  dist[src] = 0
  local shape = { grid = ceil_div(g.n, 256), block = 256 }
  local info = { relax = k.name }
  local launch = launcher(gpu, info, opts.per_kernel)
  local launches = 0
  repeat
    changed[0] = 0
    launch(k, shape, row, col, dist, g.n, limit, changed)
    launches = launches + 1
  until changed[0] == 0
  info.iters = launches
  -- dist is unsigned with 0xffffffff for "not reached": as int32 that is -1,
  -- the reference's value for unreachable vertices.
  local got = ws.buffer("i32", g.n)
  local d = dist:read()
  for i = 0, g.n - 1 do
    local x = d[i]
    got[i] = x == 0xffffffff and -1 or x
  end
  local ok, msg = ws.check.equal(got, g:bfs(src))
  return ok, msg, info
end

M.bfs = { TPLGY = M.bfs_tplgy, WARPC = M.bfs_warpc, DD = M.bfs_dd, UNROLL = M.bfs_unroll,
  WARPC_B = M.bfs_warpc_ballot }
M.bfs_order = { "TPLGY", "WARPC", "DD", "UNROLL", "WARPC_B" }

-- SSSP: the graph must be weighted (g.weight).
local INF = 2147483647

local function sssp_arrays(gpu, g, src)
  local a = {
    row = gpu:array("i32", g.row, { name = "row" }),
    col = gpu:array("i32", g.col, { name = "col" }),
    weight = gpu:array("i32", g.weight, { name = "weight" }),
    cost = gpu:array("i32", g.n, { name = "cost", fill = INF }),
    upd = gpu:array("i32", g.n, { name = "upd", fill = INF }),
  }
  a.cost[src], a.upd[src] = 0, 0
  return a
end

-- TPLGY (opts.warpc = false) or WARPC (true) SSSP: relax + update kernels.
local function sssp_frontier(gpu, g, src, opts, relax_name)
  local m = gpu:load_ptx("kernels/thesis_sssp.ptx")
  local relax, update = m:kernel(relax_name), m:kernel("thesis_sssp_update")
  local a = sssp_arrays(gpu, g, src)
  local mask = gpu:array("u8", g.n, { name = "mask" })
  local stop = gpu:array("i32", 1, { name = "stop" })
  mask[src] = 1
  local shape = { grid = ceil_div(g.n, 256), block = 256 }
  local info = { relax = relax.name }
  local launch = launcher(gpu, info, opts.per_kernel)
  local rounds = 0
  repeat
    stop[0] = 0
    launch(relax, shape, a.row, a.col, a.weight, mask, a.cost, a.upd, g.n)
    launch(update, shape, mask, a.cost, a.upd, stop, g.n)
    rounds = rounds + 1
  until stop[0] == 0
  info.iters = rounds
  local ok, msg = ws.check.equal(a.cost:read(), g:sssp(src))
  return ok, msg, info
end

function M.sssp_tplgy(gpu, g, src, opts) return sssp_frontier(gpu, g, src, opts or {}, "thesis_sssp_tplgy") end
function M.sssp_warpc(gpu, g, src, opts) return sssp_frontier(gpu, g, src, opts or {}, "thesis_sssp_warpc") end

-- DD SSSP: relax from a frontier list, then a build kernel over all vertices.
function M.sssp_dd(gpu, g, src, opts)
  opts = opts or {}
  local m = gpu:load_ptx("kernels/thesis_sssp.ptx")
  local relax, build = m:kernel("thesis_sssp_dd"), m:kernel("thesis_sssp_dd_build")
  local a = sssp_arrays(gpu, g, src)
  local queue = gpu:array("i32", g.n, { name = "queue" })
  local qsize = gpu:array("i32", 1, { name = "queue_size" })
  queue[0] = src
  local info = { relax = relax.name, max_frontier = 1 }
  local launch = launcher(gpu, info, opts.per_kernel)
  local all = { grid = ceil_div(g.n, 256), block = 256 }
  local size, rounds = 1, 0
  while size > 0 do
    launch(relax, { grid = ceil_div(size, 256), block = 256 }, a.row, a.col, a.weight, a.cost, a.upd, queue, size)
    qsize[0] = 0
    launch(build, all, a.cost, a.upd, queue, qsize, g.n)
    size, rounds = qsize[0], rounds + 1
    if size > info.max_frontier then info.max_frontier = size end
  end
  info.iters = rounds
  local ok, msg = ws.check.equal(a.cost:read(), g:sssp(src))
  return ok, msg, info
end

-- The shipped frontier-less Bellman-Ford (sssp.cu): every reached vertex
-- relaxes its edges in every launch (the LonestarGPU-style topology-driven
-- SSSP without a frontier).
function M.sssp_nofrontier(gpu, g, src, opts)
  opts = opts or {}
  local k = gpu:load_ptx("kernels/sssp.ptx"):kernel("sssp_relax")
  local a = sssp_arrays(gpu, g, src)
  local changed = gpu:array("i32", 1, { name = "changed" })
  local shape = { grid = ceil_div(g.n, 256), block = 256 }
  local info = { relax = k.name }
  local launch = launcher(gpu, info, opts.per_kernel)
  local rounds = 0
  repeat
    changed[0] = 0
    launch(k, shape, a.row, a.col, a.weight, a.cost, g.n, changed)
    rounds = rounds + 1
  until changed[0] == 0
  info.iters = rounds
  local ok, msg = ws.check.equal(a.cost:read(), g:sssp(src))
  return ok, msg, info
end

M.sssp = { TPLGY = M.sssp_tplgy, WARPC = M.sssp_warpc, DD = M.sssp_dd, NOFRONT = M.sssp_nofrontier }
M.sssp_order = { "TPLGY", "WARPC", "DD", "NOFRONT" }

-- The SWP/unrolling versions of TPLGY BFS in Table 18's order, with its
-- registers per thread and resident 512-thread blocks per SM (occupancy), and
-- what `ptxas -arch=sm_75 -v` (CUDA 13.0) allocates for the committed PTX
-- (Turing's ISA, not Fermi's; the model's count, read from the resource
-- record kernels/thesis_swp.ptxas: tests/exp_thesis.sh checks they agree).
M.swp_versions = {
  { name = "Base", kernel = "thesis_swp_base", regs = 13, occ = 3, ptxas75 = 14 },
  { name = "SWP", kernel = "thesis_swp_swp", regs = 15, occ = 3, ptxas75 = 20 },
  { name = "SWPNC", kernel = "thesis_swp_swpnc", regs = 16, occ = 3, ptxas75 = 20 },
  { name = "UNR2", kernel = "thesis_swp_unr2", regs = 19, occ = 3, ptxas75 = 17 },
  { name = "UNR3", kernel = "thesis_swp_unr3", regs = 24, occ = 2, ptxas75 = 20 },
  { name = "UNR2_SWP", kernel = "thesis_swp_unr2_swp", regs = 20, occ = 3, ptxas75 = 21 },
  { name = "UNR2_SWPNC", kernel = "thesis_swp_unr2_swpnc", regs = 20, occ = 3, ptxas75 = 24 },
}

-- Resident CTAs per SM a kernel gets with `block` threads per CTA, under the
-- limits of gpu:machine() (threads, CTAs, registers at regs x 32 per warp,
-- shared memory), and which limit binds.
function M.occupancy(gpu, k, block, dyn_shared)
  local m = gpu:machine()
  local warps = ceil_div(block, 32)
  local lim = {
    threads = m.threads_per_sm // (warps * 32),
    ctas = m.ctas_per_sm,
    regs = k.regs > 0 and m.regs_per_sm // (k.regs * 32 * warps) or math.maxinteger,
    shared = (k.shared + (dyn_shared or 0)) > 0 and m.shared_per_sm // (k.shared + (dyn_shared or 0)) or math.maxinteger,
  }
  local best, why = math.maxinteger, nil
  for _, n in ipairs { "threads", "ctas", "regs", "shared" } do
    if lim[n] < best then best, why = lim[n], n end
  end
  return best, why
end

-- Statistic helpers: DRAM transactions and the L1D miss rate of a run.
function M.dram(t) return (t["dram.reads"] or 0) + (t["dram.writes"] or 0) end
function M.l1_miss(t)
  local a = t["l1d.cache.accesses"] or 0
  return a > 0 and (t["l1d.cache.misses"] or 0) / a or 0
end

-- The thesis's chapter-5 inputs (Tables 15-17, K40c) and ours.  Each of our
-- inputs stands for one of the thesis's (same kind of graph, 10-100x fewer
-- vertices): `paper` names it; the paper's numbers are its Table 16
-- iterations and Table 17 milliseconds, and the BFS ranking its text gives
-- (1 = fastest; nil where the text does not say).  ER and RGG are generated
-- here (the catalogue has no Erdos-Renyi or random geometric graph): full
-- runs use 2^15 and 2^16 vertices with the thesis's average degrees.
M.inputs = {
  { name = "CIT", paper = "in-2004", kind = "high degree, shallow",
    why = "citation graph with hubs and a short BFS tree, like the in-2004 web crawl",
    paper_deg = 19.66, bfs_iters = 26, sssp_iters = 64,
    ms = { bfs_tplgy = 117.28, bfs_warpc = 40.76, sssp_tplgy = 346.72, sssp_warpc = 105.84 },
    rank = { WARPC = 1, TPLGY = 2, DD = 3, UNROLL = 4 } },
  { name = "FB", paper = "coPapersDBLP", kind = "high degree, shallow",
    why = "social network of high average degree (44), like the coPapersDBLP co-author network (56)",
    paper_deg = 56.41, bfs_iters = 15, sssp_iters = 76,
    ms = { bfs_tplgy = 16.67, bfs_warpc = 10.97, sssp_tplgy = 357.56, sssp_warpc = 89.57 },
    rank = { WARPC = 1 } },
  { name = "ER", paper = "er-22", kind = "high degree, shallow",
    why = "Erdos-Renyi random graph with er-fact1.5-scale22's average degree (23)",
    paper_deg = 22.88, bfs_iters = 7, sssp_iters = 40,
    gen = { full = { "erdos_renyi", n = 32768, m = 376832 }, quick = { "erdos_renyi", n = 2048, m = 23552 } },
    ms = { bfs_tplgy = 151.58, bfs_warpc = 77.54, sssp_tplgy = 1393.94, sssp_warpc = 921.59 },
    rank = { WARPC = 1, TPLGY = 2, DD = 3, UNROLL = 4 } },
  { name = "ROAD", paper = "great-britain", kind = "low degree, deep",
    why = "road network (average degree 2.1, about 1000 BFS levels), like the great-britain street network",
    paper_deg = 2.11, bfs_iters = 6389, sssp_iters = 6432,
    ms = { bfs_tplgy = 3090.12, bfs_warpc = 27220.40, sssp_tplgy = 5616.61, sssp_warpc = 30045.40 },
    rank = { DD = 1, TPLGY = 2, UNROLL = 3, WARPC = 4 } },
  { name = "RGG", paper = "rgg-22", kind = "mid degree, deep",
    why = "random geometric graph with rgg_n_2_22_s0's average degree (14.5) and a deep BFS tree",
    paper_deg = 14.48, bfs_iters = 1141, sssp_iters = 2549,
    gen = { full = { "geometric", n = 65536, radius = 0.0084 }, quick = { "geometric", n = 2048, radius = 0.0475 } },
    ms = { bfs_tplgy = 512.62, bfs_warpc = 3327.49, sssp_tplgy = 19760.71, sssp_warpc = 13120.24 },
    rank = { TPLGY = 1, DD = 2 } },
  -- A smaller road-like input, the full runs' default stand-in for
  -- great-britain: ROAD's ~950 levels cost about a minute of CPU per TPLGY
  -- run and ten per WARPC run (ROAD stays available by name).
  { name = "GRID", paper = "great-britain", kind = "low degree, deep",
    why = "road-like grid with 10 % of its edges removed (about 400 BFS levels), a smaller stand-in for the street network",
    paper_deg = 2.11, bfs_iters = 6389, sssp_iters = 6432,
    gen = { full = { "grid", width = 192, height = 192, remove = 0.1 }, quick = { "grid", width = 40, height = 40, remove = 0.1 } },
    ms = { bfs_tplgy = 3090.12, bfs_warpc = 27220.40, sssp_tplgy = 5616.61, sssp_warpc = 30045.40 },
    rank = { DD = 1, TPLGY = 2, UNROLL = 3, WARPC = 4 } },
}

local function gen_desc(spec)
  local parts = {}
  for k, v in pairs(spec) do if k ~= 1 then parts[#parts + 1] = ("%s=%s"):format(k, tostring(v)) end end
  table.sort(parts)
  return spec[1] .. "(" .. table.concat(parts, ", ") .. ")"
end

-- The graph of input `inp` for experiment ex: from the catalogue (ex:graph),
-- or generated (ER, RGG), then weighted when opts.weights (random 1..K, the
-- graph's own weights kept if it has some).  Returns g, description.
function M.graph(ex, inp, opts)
  opts = opts or {}
  local g, desc
  if inp.gen then
    local spec = ex.quick and inp.gen.quick or inp.gen.full
    local o = { seed = ws.options.seed or 1 }
    for k, v in pairs(spec) do if k ~= 1 then o[k] = v end end
    g = ws.graph[spec[1]](o)
    desc = ("generated %s%s"):format(gen_desc(spec), ex.quick and " (quick)" or "")
    -- Recorded like the catalogue's inputs (in the JSON's inputs list).
    if ex.inputs and ex.input_order and not ex.inputs[inp.name] then
      ex.input_order[#ex.input_order + 1] = inp.name
      ex.inputs[inp.name] = { name = inp.name, description = desc, kind = "generated", vertices = g.n, edges = g.m }
    end
  else
    g, desc = ex:graph(inp.name)
  end
  if opts.weights and not g.weight then
    g = g:rebuild{ weights = opts.weights, seed = ws.options.seed or 1 }
  end
  return g, desc
end

-- The inputs an experiment runs: `default` (a list of names), or those named
-- in the experiment's first free argument ("CIT,ROAD"); an unknown name is
-- an error.
function M.select(ex, default)
  return E.pick(M.inputs, ex.args and ex.args[1], "graph", default)
end

-- Average degree (arcs / vertices) of g.
function M.avgdeg(g) return g.n > 0 and g.m / g.n or 0 end

-- Ranks (1 = fewest cycles) of the entries of `cycles` (name -> cycles)
-- among the names in `names`.
function M.ranks(cycles, names)
  local list = {}
  for _, n in ipairs(names) do if cycles[n] then list[#list + 1] = n end end
  table.sort(list, function(a, b) return cycles[a] < cycles[b] end)
  local r = {}
  for i, n in ipairs(list) do r[n] = i end
  return r, list
end

return M
