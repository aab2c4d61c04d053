-- warpscope.mff: the host programs of the MFF paper's graph kernels (seed
-- 003, ../shared/research/seed-002-003-iru-mff.md, B3): PageRank, BFS,
-- SSSP and WCC, vertex-centric (one thread per vertex), BSP super-steps,
-- the next super-step's active vertices a bit vector, in- and out-edge CSR;
-- each in a baseline version and an MFF version (opts.mff = true: the
-- computation kernel calls PC_gather / PC_wait / PC_scatter_set, and the
-- host names the unit's arrays with gpu:configure_mff before each of its
-- launches).  The kernels are scenarios/kernels/mff_{pr,bfs,sssp,wcc}.cu
-- (baseline, initialisation and schedule) and mff_*_mff.cu (the MFF
-- computation kernels, separate modules: a warpscope without the calls
-- refuses the whole module at load).
--
-- Every launch belongs to a stage: "init", "compute" (the algorithm
-- computation the paper measures) or "schedule" (the vertex schedule it
-- excludes: building the next active set and counting it).  A run returns
--   r.ok, r.msg   the result against this module's CPU reference (exact)
--   r.values      the result read back (a buffer: ranks, levels, distances
--                 or labels)
--   r.steps       super-steps (computation launches)
--   r.launches    { kernel, stage, cycles } per launch, in order
--   r.stages      per stage: launches and the sums of opts.counters (default
--                 M.COUNTERS) over its launches' gpu:stats().last
--   r.compute     r.stages.compute: what the paper's figures measure
-- Options (every algorithm): mff (boolean), block (threads per CTA,
-- default M.BLOCK), counters (names of additive statistics to sum per
-- stage), check (false skips the CPU reference), mff_module (a module to
-- take the MFF computation kernel from instead of kernels/mff_*_mff.ptx)
-- and configure (a function(gpu, {c, v, bv}) called instead of
-- gpu:configure_mff), so the kernels can run with the calls emulated
-- (tests/mff_emu.lua).
local ws = require "warpscope"
local S = require "warpscope.scenario"
local A = require "warpscope.args"
local M = {}

M.INF = 2147483647
-- Words per thread's row of the MFF kernels' shared target array: the
-- paper's 32 plus one of padding so that word k of the 32 threads of a
-- warp lies in 32 different banks [choice; mff_pr_mff.cu].
M.ROW = 33
-- Threads per CTA [choice]: the paper runs 120-240 resident warps on its
-- GTX480 (B4).  With 64 threads a CTA the baseline kernels hold 8 CTAs = 16
-- warps per SM (240 warps on 15 SMs, the CTA limit) and the MFF kernels,
-- 64 x 33 x 4 = 8,448 bytes of shared memory a CTA, 5 CTAs = 10 warps per
-- SM in 48 KB (150 warps).
M.BLOCK = 64
-- Statistics summed per stage (additive counters of gpu:stats().last;
-- a name the gpu does not give, e.g. cycles in functional mode, is left out).
M.COUNTERS = {
  "cycles", "warp_insns", "thread_insns", "mem.insns", "mem.accesses", "l1d.misses",
  "l2.accesses", "l2.misses", "dram.reads", "dram.writes", "dram.bytes_read", "dram.bytes_written",
  "icnt.req.flits", "icnt.rep.flits",
}

local function f32(x) return (string.unpack("<f", string.pack("<f", x))) end

-- Whether gpu accepts the MFF's PTX calls: true, or false and the load's
-- reason when the gpu has no MFF (the loader refuses pc_* without
-- mff.enable).  Any other load error is raised: it is a real failure, not
-- a missing unit.
function M.supported(gpu, ptx)
  A.gpu("warpscope.mff.supported", 1, gpu)
  A.type("warpscope.mff.supported", 2, "ptx", ptx, "string", true)
  local ok, err = pcall(gpu.load_ptx, gpu, ptx or "kernels/mff_sssp_mff.ptx")
  if ok then return true end
  if tostring(err):match("pc_[%w_]+ needs the MFF") then
    return false, (tostring(err):gsub("^.-([^/]*%.ptx:)", "%1"))
  end
  error(err, 0)
end

-- ---------------------------------------------------------------- common
local function options(fn, i, opts)
  A.type(fn, i, "opts", opts, "table", true)
  opts = opts or {}
  A.type(fn, i, "opts.mff", opts.mff, "boolean", true)
  A.type(fn, i, "opts.counters", opts.counters, "table", true)
  A.type(fn, i, "opts.check", opts.check, "boolean", true)
  local block = opts.block == nil and M.BLOCK or A.int(fn, i, "opts.block", opts.block, 32, 1024)
  if block % 32 ~= 0 then
    error(("%s: opts.block must be a multiple of 32 (whole warps), got %d"):format(fn, block), 3)
  end
  A.type(fn, i, "opts.configure", opts.configure, "function", true)
  if opts.mff_module ~= nil and A.kind(opts.mff_module) ~= "warpscope.module" then
    error(("%s: opts.mff_module must be a module (gpu:load_ptx), got %s"):format(fn, A.kind(opts.mff_module)), 3)
  end
  return { mff = opts.mff == true, block = block, counters = opts.counters or M.COUNTERS,
           check = opts.check ~= false, iters = opts.iters, damping = opts.damping,
           configure = opts.configure, mff_module = opts.mff_module }
end

-- A run: launches recorded by stage.
local function run_state(gpu, o)
  local r = { launches = {}, stages = {}, steps = 0 }
  function r.launch(stage, k, shape, ...)
    gpu:launch(k, shape, ...)
    local last = gpu:stats().last
    r.launches[#r.launches + 1] = { kernel = k.name, stage = stage, cycles = last.cycles }
    local acc = r.stages[stage]
    if not acc then acc = { launches = 0 }; r.stages[stage] = acc end
    acc.launches = acc.launches + 1
    for _, c in ipairs(o.counters) do
      local v = last[c]
      if type(v) == "number" then acc[c] = (acc[c] or 0) + v end
    end
    if stage == "compute" then r.steps = r.steps + 1 end
  end
  return r
end

local function finish(r, values, ref, o)
  r.values = values
  r.compute = r.stages.compute or { launches = 0 }
  r.launch = nil
  if o.check then
    r.ok, r.msg = ws.check.equal(values, ref)
  end
  return r
end

-- The unit's registers for the next launch: gpu:configure_mff, or
-- opts.configure(gpu, regs) in its place.
local function configure(gpu, o, c, v, bv)
  local regs = { c = c, v = v, bv = bv }
  if o.configure then return o.configure(gpu, regs) end
  gpu:configure_mff(regs)
end

local function shapes(gpu, n, o)
  local b = o.block
  return { grid = S.ceil_div(n, b), block = b },
         { grid = S.ceil_div(n, b), block = b, shared = b * M.ROW * 4 },
         { grid = S.ceil_div(S.ceil_div(n, 32), b), block = b }
end

local function modules(gpu, name, o)
  local base = gpu:load_ptx("kernels/mff_" .. name .. ".ptx")
  local mffm = o.mff and (o.mff_module or gpu:load_ptx("kernels/mff_" .. name .. "_mff.ptx")) or nil
  return base, mffm
end

-- A device array of a CSR array that may be empty (arrays need an element).
local function iarray(gpu, buf, name)
  if #buf == 0 then return gpu:array("i32", 1, { name = name }) end
  return gpu:array("i32", buf, { name = name })
end

-- Bit-vector words (u32, bit v = bit v % 32 of word v / 32) of a set given
-- as a Lua table of vertex ids.
local function bv_words(n, set)
  local w = {}
  for i = 1, (n + 31) // 32 do w[i] = 0 end
  for _, v in ipairs(set) do
    local i = v // 32 + 1
    w[i] = w[i] | (1 << (v % 32))
  end
  return w
end

-- ---------------------------------------------------------------- PageRank
-- Pull PageRank over in-edges, every vertex every super-step (seed 003,
-- Fig. 2; PC_gather only).  opts.iters super-steps (default 5; at least 1),
-- opts.damping (default 0.85).  r.values: the ranks (f32).
function M.pagerank(gpu, g, opts)
  local fn = "warpscope.mff.pagerank"
  A.gpu(fn, 1, gpu)
  A.graph(fn, 2, g)
  local o = options(fn, 3, opts)
  local iters = o.iters == nil and 5 or A.int(fn, 3, "opts.iters", o.iters, 1, 1000000)
  local d = 0.85
  if o.damping ~= nil then
    A.num(fn, 3, "opts.damping", o.damping, 0, 1)
    d = o.damping
  end
  local base, mffm = modules(gpu, "pr", o)
  local init, step = base:kernel("mff_pr_init"), base:kernel("mff_pr_step")
  local step_mff = mffm and mffm:kernel("mff_pr_step_mff")
  local n = g.n
  local t = g:transpose()
  local rin = gpu:array("i32", t.row, { name = "rin" })
  local cin = iarray(gpu, t.col, "cin")
  local outdeg = gpu:array("i32", g:degrees(), { name = "outdeg" })
  local pr = gpu:array("f32", n, { name = "pr" })
  local ca = gpu:array("f32", n, { name = "contrib_a" })
  local cb = gpu:array("f32", n, { name = "contrib_b" })
  local shape, mshape = shapes(gpu, n, o)
  local r = run_state(gpu, o)
  r.launch("init", init, shape, outdeg, ca, n)
  for _ = 1, iters do
    if step_mff then
      configure(gpu, o, cin, ca, nil)
      r.launch("compute", step_mff, mshape, rin, outdeg, pr, cb, n, d)
    else
      r.launch("compute", step, shape, rin, cin, ca, outdeg, pr, cb, n, d)
    end
    ca, cb = cb, ca
  end
  return finish(r, pr:read(), o.check and M.ref_pagerank(g, iters, d), o)
end

-- The CPU reference: ranks after iters super-steps, the kernels' float32
-- operations in their order (ws_graph_pagerank's rule), so equality is
-- exact.
function M.ref_pagerank(g, iters, d)
  local n = g.n
  local t = g:transpose()
  local rin, cin, deg = t.row:totable(), t.col:totable(), g:degrees():totable()
  d = f32(d)
  local base = f32(f32(1 - d) / n)
  local p0 = f32(1 / n)
  local contrib, pr = {}, {}
  for v = 1, n do contrib[v] = deg[v] > 0 and f32(p0 / deg[v]) or 0.0 end
  for _ = 1, iters do
    local nxt = {}
    for v = 1, n do
      local sum = 0.0
      for e = rin[v] + 1, rin[v + 1] do sum = f32(sum + contrib[cin[e] + 1]) end
      local x = f32(base + f32(d * sum))
      pr[v] = x
      nxt[v] = deg[v] > 0 and f32(x / deg[v]) or 0.0
    end
    contrib = nxt
  end
  return pr
end

-- ---------------------------------------------------------------- BFS
-- BFS from src (PC_scatter_set only): r.values the levels (i32, -1
-- unreachable); one super-step per level, plus the last that finds nothing.
function M.bfs(gpu, g, src, opts)
  local fn = "warpscope.mff.bfs"
  A.gpu(fn, 1, gpu)
  A.graph(fn, 2, g)
  src = A.int(fn, 3, "src", src, 0, g.n - 1)
  local o = options(fn, 4, opts)
  local base, mffm = modules(gpu, "bfs", o)
  local expand, sched = base:kernel("mff_bfs_expand"), base:kernel("mff_bfs_schedule")
  local expand_mff = mffm and mffm:kernel("mff_bfs_expand_mff")
  local n, nw = g.n, (g.n + 31) // 32
  local row = gpu:array("i32", g.row, { name = "row" })
  local col = iarray(gpu, g.col, "col")
  local level = gpu:array("i32", n, { name = "level", fill = -1 })
  local start = bv_words(n, { src })
  local front = gpu:array("u32", start, { name = "front" })
  local visited = gpu:array("u32", start, { name = "visited" })
  local nextv = gpu:array("u32", nw, { name = "next" })
  local count = gpu:array("i32", 1, { name = "count" })
  level[src] = 0
  local shape, _, wshape = shapes(gpu, n, o)
  local r = run_state(gpu, o)
  local depth, active = 1, 1
  while active > 0 do
    if expand_mff then
      configure(gpu, o, col, level, nextv)
      r.launch("compute", expand_mff, shape, row, front, n)
    else
      r.launch("compute", expand, shape, row, col, front, nextv, n)
    end
    count[0] = 0
    r.launch("schedule", sched, wshape, nextv, front, visited, level, depth, nw, count)
    active, depth = count[0], depth + 1
  end
  local ref
  if o.check then ref = M.ref_bfs(g, src) end
  return finish(r, level:read(), ref, o)
end

-- The CPU reference: levels (a Lua sequence) and the number of super-steps
-- (the deepest level + 1).
function M.ref_bfs(g, src)
  local n, row, col = g.n, g.row:totable(), g.col:totable()
  local level = {}
  for v = 1, n do level[v] = -1 end
  level[src + 1] = 0
  local front, depth = { src }, 0
  while #front > 0 do
    local nxt = {}
    for _, v in ipairs(front) do
      for e = row[v + 1] + 1, row[v + 2] do
        local u = col[e]
        if level[u + 1] < 0 then
          level[u + 1] = depth + 1
          nxt[#nxt + 1] = u
        end
      end
    end
    front, depth = nxt, depth + 1
  end
  return level, depth
end

-- ---------------------------------------------------------------- SSSP
-- SSSP from src (PC_gather and PC_scatter_set): r.values the distances
-- (i32, M.INF unreachable).  g needs non-negative weights.
function M.sssp(gpu, g, src, opts)
  local fn = "warpscope.mff.sssp"
  A.gpu(fn, 1, gpu)
  A.graph(fn, 2, g)
  src = A.int(fn, 3, "src", src, 0, g.n - 1)
  local o = options(fn, 4, opts)
  if not g.weight then error(fn .. ": the graph has no weights", 2) end
  local base, mffm = modules(gpu, "sssp", o)
  local relax, sched = base:kernel("mff_sssp_relax"), base:kernel("mff_sssp_schedule")
  local relax_mff = mffm and mffm:kernel("mff_sssp_relax_mff")
  local n, m, nw = g.n, g.m, (g.n + 31) // 32
  local t = g:transpose()
  local rin = gpu:array("i32", t.row, { name = "rin" })
  local rout = gpu:array("i32", g.row, { name = "rout" })
  -- one C array: the in-edge C, then the out-edge C from obase = m
  local cc = gpu:array("i32", math.max(2 * m, 1), { name = "cc" })
  if m > 0 then cc:write(t.col, 0); cc:write(g.col, m) end
  local win = iarray(gpu, t.weight, "win")
  local da = gpu:array("i32", n, { name = "dist_a", fill = M.INF })
  local db = gpu:array("i32", n, { name = "dist_b", fill = M.INF })
  da[src], db[src] = 0, 0
  local first = g:neighbors(src):totable()
  local front = gpu:array("u32", bv_words(n, first), { name = "front" })
  local nextv = gpu:array("u32", nw, { name = "next" })
  local count = gpu:array("i32", 1, { name = "count" })
  local shape, mshape, wshape = shapes(gpu, n, o)
  local r = run_state(gpu, o)
  local active = #first
  while active > 0 do
    if relax_mff then
      configure(gpu, o, cc, da, nextv)
      r.launch("compute", relax_mff, mshape, rin, rout, win, m, da, db, front, n)
    else
      r.launch("compute", relax, shape, rin, rout, cc, win, m, da, db, front, nextv, n)
    end
    count[0] = 0
    r.launch("schedule", sched, wshape, front, nextv, nw, count)
    front, nextv, da, db = nextv, front, db, da
    active = count[0]
  end
  local ref
  if o.check then ref = M.ref_sssp(g, src) end
  return finish(r, da:read(), ref, o)
end

-- The CPU reference: the kernels' BSP super-steps (pull over in-edges from
-- the previous step's distances; a vertex whose distance fell activates
-- its out-neighbours), the distances and the number of super-steps.
function M.ref_sssp(g, src)
  local n, INF = g.n, M.INF
  local t = g:transpose()
  local rin, cin, win = t.row:totable(), t.col:totable(), t.weight:totable()
  local rout, cout = g.row:totable(), g.col:totable()
  local dist = {}
  for v = 1, n do dist[v] = INF end
  dist[src + 1] = 0
  local active = {}
  for e = rout[src + 1] + 1, rout[src + 2] do active[cout[e] + 1] = true end
  local steps = 0
  while next(active) do
    steps = steps + 1
    local nd, act = {}, {}
    for v = 1, n do nd[v] = dist[v] end
    for v = 1, n do
      if active[v] then
        local best = dist[v]
        for e = rin[v] + 1, rin[v + 1] do
          local du = dist[cin[e] + 1]
          if du ~= INF and du + win[e] < best then best = du + win[e] end
        end
        if best < dist[v] then
          nd[v] = best
          for e = rout[v] + 1, rout[v + 1] do act[cout[e] + 1] = true end
        end
      end
    end
    dist, active = nd, act
  end
  return dist, steps
end

-- ---------------------------------------------------------------- WCC
-- Weakly connected components (PC_gather and PC_scatter_set) on g
-- symmetrized: r.values the labels (i32, the smallest vertex id of the
-- component).
function M.wcc(gpu, g, opts)
  local fn = "warpscope.mff.wcc"
  A.gpu(fn, 1, gpu)
  A.graph(fn, 2, g)
  local o = options(fn, 3, opts)
  local base, mffm = modules(gpu, "wcc", o)
  local init, step, sched = base:kernel("mff_wcc_init"), base:kernel("mff_wcc_step"), base:kernel("mff_wcc_schedule")
  local step_mff = mffm and mffm:kernel("mff_wcc_step_mff")
  local gs = M.symmetric(g)
  local n, nw = gs.n, (gs.n + 31) // 32
  local row = gpu:array("i32", gs.row, { name = "row" })
  local col = iarray(gpu, gs.col, "col")
  local la = gpu:array("i32", n, { name = "label_a" })
  local lb = gpu:array("i32", n, { name = "label_b" })
  local front = gpu:array("u32", nw, { name = "front" })
  local nextv = gpu:array("u32", nw, { name = "next" })
  local count = gpu:array("i32", 1, { name = "count" })
  local shape, mshape, wshape = shapes(gpu, n, o)
  local r = run_state(gpu, o)
  r.launch("init", init, shape, la, front, n)
  local active = n
  while active > 0 do
    if step_mff then
      configure(gpu, o, col, la, nextv)
      r.launch("compute", step_mff, mshape, row, la, lb, front, n)
    else
      r.launch("compute", step, shape, row, col, la, lb, front, nextv, n)
    end
    count[0] = 0
    r.launch("schedule", sched, wshape, front, nextv, nw, count)
    front, nextv, la, lb = nextv, front, lb, la
    active = count[0]
  end
  local ref
  if o.check then ref = M.ref_wcc(gs) end
  return finish(r, la:read(), ref, o)
end

-- g with every edge's reverse (without duplicates or weights), or g itself
-- when it is already symmetric.
function M.symmetric(g)
  A.graph("warpscope.mff.symmetric", 1, g)
  if g.symmetric then return g end
  return g:rebuild{ symmetrize = true, drop_duplicates = true, weights = false }
end

-- The CPU reference on a symmetric graph: the kernels' BSP super-steps
-- (minimum over the neighbours' previous labels; a vertex whose label fell
-- activates its neighbours), the labels and the number of super-steps.
function M.ref_wcc(gs)
  local n, row, col = gs.n, gs.row:totable(), gs.col:totable()
  local label, active = {}, {}
  for v = 1, n do label[v], active[v] = v - 1, true end
  local steps = 0
  while next(active) do
    steps = steps + 1
    local nl, act = {}, {}
    for v = 1, n do
      local l = label[v]
      if active[v] then
        local mn = l
        for e = row[v] + 1, row[v + 1] do
          local x = label[col[e] + 1]
          if x < mn then mn = x end
        end
        if mn < l then
          l = mn
          for e = row[v] + 1, row[v + 1] do act[col[e] + 1] = true end
        end
      end
      nl[v] = l
    end
    label, active = nl, act
  end
  return label, steps
end

return M
