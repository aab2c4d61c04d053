-- warpscope.thesis4: the workloads of the thesis's chapter 4 (seed 001, Sec.
-- 4.1 and Tables 9-10): host loops, CPU references, per-invocation
-- statistics and the inputs.  Lua plays the CUDA host.
--
--   local T4 = require "warpscope.thesis4"
--   local gpu = ws.gpu{ preset = "fermi-thesis", quiet = true }
--   local ok, msg, info = T4.run("LS-SSSP", gpu, g, { src = 0 })
--   for _, inv in ipairs(T4.select(info.invocations, T4.threshold(g.n))) do ... end
--
-- Every workload function is f(gpu, g, opts) -> ok, msg, info: ok is true
-- when the result equals the CPU reference exactly (msg says where it
-- differs), and info holds
--   info.invocations  one entry per kernel launch, in order: { kernel,
--                     iter (host-loop iteration, from 1), main (true for the
--                     kernel the thesis simulates), cycles, warp_insns,
--                     thread_insns, ipc } (cycles and ipc nil on a
--                     functional gpu)
--   info.iters        host-loop iterations
--   info.result       the result (a buffer, or a number for MST and STCON)
-- opts: src (BFS, SSSP; default 0), s and t (STCON; default 0 and n - 1),
-- seed (CLR, MIS; default 1), block (default 256).
-- CLR, MIS, STCON and the MSTs need a symmetric graph (g.symmetric); the
-- SSSPs and MSTs a weighted one.
local ws = require "warpscope"
local M = {}

local function ceil_div(a, b) return (a + b - 1) // b end
local INF = 2147483647
local NOWHERE = 0xffffffff

-- Launch k and append its statistics to info.invocations.
local function launcher(gpu, info, main)
  info.invocations = {}
  return function(k, shape, ...)
    gpu:launch(k, shape, ...)
    local s = gpu:stats().last
    local inv = info.invocations
    inv[#inv + 1] = {
      kernel = k.name, iter = info.iters + 1, main = main[k.name] or false,
      cycles = s.cycles, warp_insns = s.warp_insns or 0,
      thread_insns = s.thread_insns or 0, ipc = s.ipc,
    }
  end
end

local function shape_of(g, opts)
  local block = opts.block or 256
  return { grid = math.max(1, ceil_div(g.n, block)), block = block }
end

local function need(g, what, ok)
  if not ok then error(("warpscope.thesis4: %s needs a %s graph"):format(what[1], what[2]), 3) end
end

local function check_vertex(g, v, name)
  if math.type(v) ~= "integer" or v < 0 or v >= g.n then
    error(("warpscope.thesis4: %s must be a vertex 0..%d, got %s"):format(name, g.n - 1, tostring(v)), 3)
  end
end

-- Unsigned distances (0xffffffff = unreached) as the CPU reference gives
-- them: -1 (BFS) or INT_MAX (SSSP) for unreached vertices.
local function from_unsigned(d, n, none)
  local out = ws.buffer("i32", n)
  for i = 0, n - 1 do
    local x = d[i]
    out[i] = x == NOWHERE and none or x
  end
  return out
end

-- The random value of every vertex for CLR and MIS: a 32-bit mix of (v,
-- seed) (the finaliser of MurmurHash3), made on the host as Pannotia does;
-- the same seed gives the same values, hence the same colouring and set.
function M.random_values(n, seed)
  local r = ws.buffer("u32", n)
  local s = (seed or 1) & 0xffffffff
  for v = 0, n - 1 do
    local x = (v * 0x9E3779B1 + s * 0x85EBCA77) & 0xffffffff
    x = x ~ (x >> 16)
    x = (x * 0x85EBCA6B) & 0xffffffff
    x = x ~ (x >> 13)
    x = (x * 0xC2B2AE35) & 0xffffffff
    x = x ~ (x >> 16)
    r[v] = x
  end
  return r
end

local function kernels(gpu)
  local m = gpu:load_ptx("kernels/thesis4.ptx")
  return function(name) return m:kernel("thesis4_" .. name) end
end

-- ------------------------------------------------------------------ BFS

-- H-BFS: Harish & Narayanan's expand + update (bfs_topo.cu); the thesis
-- simulates the expand kernel.
function M.h_bfs(gpu, g, opts)
  opts = opts or {}
  local src = opts.src or 0
  check_vertex(g, src, "opts.src")
  local topo = gpu:load_ptx("kernels/bfs_topo.ptx")
  local expand, update = topo:kernel("bfs_topo_expand"), topo:kernel("bfs_topo_update")
  local row = gpu:array("i32", g.row, { name = "row" })
  local col = gpu:array("i32", g.col, { name = "col" })
  local mask = gpu:array("u8", g.n, { name = "mask" })
  local updating = gpu:array("u8", g.n, { name = "updating" })
  local visited = gpu:array("u8", g.n, { name = "visited" })
  local cost = gpu:array("i32", g.n, { name = "cost", fill = -1 })
  local stop = gpu:array("i32", 1, { name = "stop" })
  mask[src], visited[src], cost[src] = 1, 1, 0
  local shape = shape_of(g, opts)
  local info = { iters = 0 }
  local launch = launcher(gpu, info, { bfs_topo_expand = true })
  repeat
    stop[0] = 0
    launch(expand, shape, row, col, mask, updating, visited, cost, g.n)
    launch(update, shape, mask, updating, visited, stop, g.n)
    info.iters = info.iters + 1
  until stop[0] == 0
  info.result = cost:read()
  local ok, msg = ws.check.equal(info.result, g:bfs(src))
  return ok, msg, info
end

-- LS-BFS: LonestarGPU's drelax over every vertex until nothing changes.
local function ls_relax(gpu, g, opts, weighted)
  opts = opts or {}
  local src = opts.src or 0
  check_vertex(g, src, "opts.src")
  local K = kernels(gpu)
  local k = K(weighted and "ls_sssp" or "ls_bfs")
  local row = gpu:array("i32", g.row, { name = "row" })
  local col = gpu:array("i32", g.col, { name = "col" })
  local weight = weighted and gpu:array("i32", g.weight, { name = "weight" })
  local dist = gpu:array("u32", g.n, { name = "dist", fill = NOWHERE })
  local changed = gpu:array("i32", 1, { name = "changed" })
  dist[src] = 0
  local shape = shape_of(g, opts)
  local info = { iters = 0 }
  local launch = launcher(gpu, info, { [k.name] = true })
  repeat
    changed[0] = 0
    if weighted then
      launch(k, shape, row, col, weight, dist, g.n, changed)
    else
      launch(k, shape, row, col, dist, g.n, changed)
    end
    info.iters = info.iters + 1
  until changed[0] == 0
  info.result = from_unsigned(dist:read(), g.n, weighted and INF or -1)
  local ok, msg = ws.check.equal(info.result, weighted and g:sssp(src) or g:bfs(src))
  return ok, msg, info
end

function M.ls_bfs(gpu, g, opts) return ls_relax(gpu, g, opts, false) end

function M.ls_sssp(gpu, g, opts)
  need(g, { "LS-SSSP", "weighted" }, g.weight ~= nil)
  return ls_relax(gpu, g, opts, true)
end

-- H-SSSP: Harish's two kernels (thesis_sssp.cu: relax from the mask, then
-- update); the thesis simulates the first.
function M.h_sssp(gpu, g, opts)
  opts = opts or {}
  need(g, { "H-SSSP", "weighted" }, g.weight ~= nil)
  local src = opts.src or 0
  check_vertex(g, src, "opts.src")
  local m = gpu:load_ptx("kernels/thesis_sssp.ptx")
  local relax, update = m:kernel("thesis_sssp_tplgy"), m:kernel("thesis_sssp_update")
  local row = gpu:array("i32", g.row, { name = "row" })
  local col = gpu:array("i32", g.col, { name = "col" })
  local weight = gpu:array("i32", g.weight, { name = "weight" })
  local cost = gpu:array("i32", g.n, { name = "cost", fill = INF })
  local upd = gpu:array("i32", g.n, { name = "upd", fill = INF })
  local mask = gpu:array("u8", g.n, { name = "mask" })
  local stop = gpu:array("i32", 1, { name = "stop" })
  cost[src], upd[src], mask[src] = 0, 0, 1
  local shape = shape_of(g, opts)
  local info = { iters = 0 }
  local launch = launcher(gpu, info, { thesis_sssp_tplgy = true })
  repeat
    stop[0] = 0
    launch(relax, shape, row, col, weight, mask, cost, upd, g.n)
    launch(update, shape, mask, cost, upd, stop, g.n)
    info.iters = info.iters + 1
  until stop[0] == 0
  info.result = cost:read()
  local ok, msg = ws.check.equal(info.result, g:sssp(src))
  return ok, msg, info
end

-- BFS-DD and BFS-WC: thesis_bfs.cu's data-driven and warp-centric BFS.
function M.bfs_dd(gpu, g, opts)
  opts = opts or {}
  local src = opts.src or 0
  check_vertex(g, src, "opts.src")
  local k = gpu:load_ptx("kernels/thesis_bfs.ptx"):kernel("thesis_bfs_dd")
  local row = gpu:array("i32", g.row, { name = "row" })
  local col = gpu:array("i32", g.col, { name = "col" })
  local level = gpu:array("i32", g.n, { name = "level", fill = -1 })
  local qa = gpu:array("i32", g.n, { name = "queue_a" })
  local qb = gpu:array("i32", g.n, { name = "queue_b" })
  local out_size = gpu:array("i32", 1, { name = "queue_size" })
  level[src], qa[0] = 0, src
  local info = { iters = 0 }
  local launch = launcher(gpu, info, { thesis_bfs_dd = true })
  local in_size = 1
  while in_size > 0 do
    out_size[0] = 0
    launch(k, { grid = ceil_div(in_size, 256), block = 256 }, row, col, level, qa, in_size, qb, out_size, info.iters)
    qa, qb = qb, qa
    in_size, info.iters = out_size[0], info.iters + 1
  end
  info.result = level:read()
  local ok, msg = ws.check.equal(info.result, g:bfs(src))
  return ok, msg, info
end

function M.bfs_wc(gpu, g, opts)
  opts = opts or {}
  local src = opts.src or 0
  check_vertex(g, src, "opts.src")
  local k = gpu:load_ptx("kernels/thesis_bfs.ptx"):kernel("thesis_bfs_warpc")
  local row = gpu:array("i32", g.row, { name = "row" })
  local col = gpu:array("i32", g.col, { name = "col" })
  local level = gpu:array("i32", g.n, { name = "level", fill = -1 })
  local changed = gpu:array("i32", 1, { name = "changed" })
  level[src] = 0
  local info = { iters = 0 }
  local launch = launcher(gpu, info, { thesis_bfs_warpc = true })
  local shape = { grid = math.max(1, ceil_div(g.n, 256)), block = 256 }
  repeat
    changed[0] = 0
    launch(k, shape, row, col, level, g.n, info.iters, changed)
    info.iters = info.iters + 1
  until changed[0] == 0
  info.result = level:read()
  local ok, msg = ws.check.equal(info.result, g:bfs(src))
  return ok, msg, info
end

-- ------------------------------------------------------------------ MST

-- Kruskal's minimum spanning forest weight of a symmetric weighted graph
-- (each undirected edge once, u < v; self-loops ignored).
function M.kruskal(g)
  local edges = {}
  for u, v, w in g:edges() do
    if u < v then edges[#edges + 1] = { w, u, v } end
  end
  table.sort(edges, function(a, b)
    if a[1] ~= b[1] then return a[1] < b[1] end
    if a[2] ~= b[2] then return a[2] < b[2] end
    return a[3] < b[3]
  end)
  local parent = {}
  local function find(x)
    local r = x
    while (parent[r] or r) ~= r do r = parent[r] end
    while (parent[x] or x) ~= r do
      local nx = parent[x]; parent[x] = r; x = nx
    end
    return r
  end
  local total, picked = 0, 0
  for _, e in ipairs(edges) do
    local a, b = find(e[2]), find(e[3])
    if a ~= b then
      parent[a] = b
      total, picked = total + e[1], picked + 1
    end
  end
  return total, picked
end

local function mst(gpu, g, opts, ls)
  opts = opts or {}
  local what = ls and "LS-MST" or "H-MST"
  need(g, { what, "weighted" }, g.weight ~= nil)
  need(g, { what, "symmetric" }, g.symmetric)
  if g.n >= (1 << 21) then error("warpscope.thesis4: " .. what .. " packs vertex ids in 21 bits: at most 2097151 vertices", 2) end
  for i = 0, g.m - 1 do
    local w = g.weight[i]
    if w < 0 or w >= (1 << 22) then error(("warpscope.thesis4: %s needs weights 0..4194303 (edge %d has %d)"):format(what, i, w), 2) end
  end
  -- g.symmetric is measured with the weights: both arcs of every edge
  -- weigh the same, so both ends rank an edge alike.
  local K = kernels(gpu)
  local reset, link, settle, jump = K("mst_reset"), K("mst_link"), K("mst_settle"), K("mst_jump")
  local minedge = K(ls and "mst_min_ls" or "mst_min_h")
  local row = gpu:array("i32", g.row, { name = "row" })
  local col = gpu:array("i32", g.col, { name = "col" })
  local weight = gpu:array("i32", g.weight, { name = "weight" })
  local comp = gpu:array("i32", g.n, { name = "comp" })
  local parent = gpu:array("i32", g.n, { name = "parent" })
  local best = gpu:array("u64", g.n, { name = "best" })
  local done = ls and gpu:array("u8", g.n, { name = "done" })
  local total = gpu:array("u64", 1, { name = "total" })
  local picked = gpu:array("i32", 1, { name = "picked" })
  for v = 0, g.n - 1 do comp[v] = v end
  local shape = shape_of(g, opts)
  local info = { iters = 0 }
  local launch = launcher(gpu, info, { [minedge.name] = true })
  local before
  repeat
    before = picked[0]
    launch(reset, shape, best, parent, g.n)
    if ls then
      launch(minedge, shape, row, col, weight, comp, best, done, g.n)
    else
      launch(minedge, shape, row, col, weight, comp, best, g.n)
    end
    launch(link, shape, best, comp, parent, g.n)
    launch(settle, shape, best, parent, total, picked, g.n)
    launch(jump, shape, comp, parent, g.n)
    info.iters = info.iters + 1
  until picked[0] == before
  info.result, info.edges = total[0], picked[0]
  local want, want_edges = M.kruskal(g)
  if info.result ~= want or info.edges ~= want_edges then
    return false, ("forest weight %d with %d edges, Kruskal's %d with %d"):format(info.result, info.edges, want, want_edges), info
  end
  return true, nil, info
end

function M.h_mst(gpu, g, opts) return mst(gpu, g, opts, false) end
function M.ls_mst(gpu, g, opts) return mst(gpu, g, opts, true) end

-- ---------------------------------------------------------------- STCON

function M.stcon(gpu, g, opts)
  opts = opts or {}
  need(g, { "STCON", "symmetric" }, g.symmetric)
  local s, t = opts.s or 0, opts.t or g.n - 1
  check_vertex(g, s, "opts.s")
  check_vertex(g, t, "opts.t")
  local K = kernels(gpu)
  local expand, update = K("stcon_expand"), K("stcon_update")
  local row = gpu:array("i32", g.row, { name = "row" })
  local col = gpu:array("i32", g.col, { name = "col" })
  local mask = gpu:array("u8", g.n, { name = "mask" })
  local updating = gpu:array("u8", g.n, { name = "updating" })
  local visited = gpu:array("u8", g.n, { name = "visited" })
  local reach = gpu:array("i32", g.n, { name = "reach" })
  local lev = gpu:array("i32", g.n, { name = "lev" })
  local meet = gpu:array("i32", 1, { name = "meet", fill = INF })
  local stop = gpu:array("i32", 1, { name = "stop" })
  local info = { iters = 0, invocations = {} }
  local want = g:bfs(s)[t]
  if s == t then
    info.result = 0
  else
    mask[s], visited[s], reach[s] = 1, 1, 1
    mask[t], visited[t], reach[t] = 1, 1, 2
    local shape = shape_of(g, opts)
    local launch = launcher(gpu, info, { [expand.name] = true })
    repeat
      stop[0] = 0
      launch(expand, shape, row, col, mask, updating, visited, reach, lev, meet, g.n, info.iters)
      launch(update, shape, mask, updating, visited, reach, meet, stop, g.n, info.iters)
      info.iters = info.iters + 1
    until meet[0] ~= INF or stop[0] == 0
    info.result = meet[0] ~= INF and meet[0] or -1
  end
  if info.result ~= want then
    return false, ("s-t distance %d, the CPU BFS's %d"):format(info.result, want), info
  end
  return true, nil, info
end

-- ------------------------------------------------------------------ CLR

-- The CPU colouring: the same rounds (the vertices whose (rnd, id) is the
-- largest among their uncoloured neighbours take the round's colour).
function M.clr_ref(g, rnd)
  local color, left = {}, g.n
  for v = 0, g.n - 1 do color[v] = -1 end
  local row, col = g.row, g.col
  local c = 0
  while left > 0 do
    local win = {}
    for v = 0, g.n - 1 do
      if color[v] < 0 then
        local rv, ok = rnd[v], true
        for e = row[v], row[v + 1] - 1 do
          local u = col[e]
          if u ~= v and color[u] < 0 then
            local ru = rnd[u]
            if ru > rv or (ru == rv and u > v) then ok = false; break end
          end
        end
        if ok then win[#win + 1] = v end
      end
    end
    for _, v in ipairs(win) do color[v] = c end
    left, c = left - #win, c + 1
  end
  local out = ws.buffer("i32", g.n)
  for v = 0, g.n - 1 do out[v] = color[v] end
  return out, c
end

function M.clr(gpu, g, opts)
  opts = opts or {}
  need(g, { "CLR", "symmetric" }, g.symmetric)
  local k = kernels(gpu)("clr")
  local rnd_h = M.random_values(g.n, opts.seed or 1)
  local row = gpu:array("i32", g.row, { name = "row" })
  local col = gpu:array("i32", g.col, { name = "col" })
  local rnd = gpu:array("u32", rnd_h, { name = "rnd" })
  local color = gpu:array("i32", g.n, { name = "color", fill = -1 })
  local more = gpu:array("i32", 1, { name = "more" })
  local shape = shape_of(g, opts)
  local info = { iters = 0 }
  local launch = launcher(gpu, info, { [k.name] = true })
  repeat
    more[0] = 0
    launch(k, shape, row, col, rnd, color, info.iters, more, g.n)
    info.iters = info.iters + 1
  until more[0] == 0
  info.result = color:read()
  local ok, msg = ws.check.equal(info.result, (M.clr_ref(g, rnd_h)))
  return ok, msg, info
end

-- A colouring is proper when no edge joins two vertices of one colour (a
-- self-loop excepted) and every vertex has a colour >= 0.
function M.proper(g, color)
  for v = 0, g.n - 1 do
    if color[v] < 0 then return false, ("vertex %d has no colour"):format(v) end
    for e = g.row[v], g.row[v + 1] - 1 do
      local u = g.col[e]
      if u ~= v and color[u] == color[v] then
        return false, ("edge %d-%d joins two vertices of colour %d"):format(v, u, color[v])
      end
    end
  end
  return true
end

-- ------------------------------------------------------------------ MIS

-- The CPU set (1 in, 2 out) by the same rounds as the kernels.
function M.mis_ref(g, rnd)
  local state, left = {}, g.n
  for v = 0, g.n - 1 do state[v] = 0 end
  local row, col = g.row, g.col
  while left > 0 do
    local sel = {}
    for v = 0, g.n - 1 do
      if state[v] == 0 then
        local rv, ok = rnd[v], true
        for e = row[v], row[v + 1] - 1 do
          local u = col[e]
          if u ~= v and state[u] == 0 then
            local ru = rnd[u]
            if ru < rv or (ru == rv and u < v) then ok = false; break end
          end
        end
        if ok then sel[#sel + 1] = v end
      end
    end
    for _, v in ipairs(sel) do state[v] = 1; left = left - 1 end
    for _, v in ipairs(sel) do
      for e = row[v], row[v + 1] - 1 do
        local u = col[e]
        if state[u] == 0 then state[u] = 2; left = left - 1 end
      end
    end
  end
  local out = ws.buffer("i32", g.n)
  for v = 0, g.n - 1 do out[v] = state[v] end
  return out
end

function M.mis(gpu, g, opts)
  opts = opts or {}
  need(g, { "MIS", "symmetric" }, g.symmetric)
  local K = kernels(gpu)
  local select, remove = K("mis_select"), K("mis_remove")
  local rnd_h = M.random_values(g.n, opts.seed or 1)
  local row = gpu:array("i32", g.row, { name = "row" })
  local col = gpu:array("i32", g.col, { name = "col" })
  local rnd = gpu:array("u32", rnd_h, { name = "rnd" })
  local state = gpu:array("i32", g.n, { name = "state" })
  local more = gpu:array("i32", 1, { name = "more" })
  local shape = shape_of(g, opts)
  local info = { iters = 0 }
  local launch = launcher(gpu, info, { [select.name] = true })
  repeat
    more[0] = 0
    launch(select, shape, row, col, rnd, state, g.n)
    launch(remove, shape, row, col, state, more, g.n)
    info.iters = info.iters + 1
  until more[0] == 0
  info.result = state:read()
  local ok, msg = ws.check.equal(info.result, M.mis_ref(g, rnd_h))
  return ok, msg, info
end

-- state (1 = in the set) is independent (no edge inside the set) and
-- maximal (every vertex outside has a neighbour inside).
function M.independent_maximal(g, state)
  for v = 0, g.n - 1 do
    local inside = false
    for e = g.row[v], g.row[v + 1] - 1 do
      local u = g.col[e]
      if u ~= v and state[u] == 1 then
        if state[v] == 1 then return false, ("edge %d-%d inside the set"):format(v, u) end
        inside = true
      end
    end
    if state[v] ~= 1 and not inside then
      return false, ("vertex %d is outside the set with no neighbour in it"):format(v)
    end
  end
  return true
end

-- ------------------------------------------------------------ the table

-- The chapter's workloads in Table 9's order: name, function, what the
-- input must be.
M.workloads = {
  { name = "H-BFS", run = M.h_bfs },
  { name = "H-SSSP", run = M.h_sssp, weighted = true },
  { name = "H-MST", run = M.h_mst, weighted = true, symmetric = true },
  { name = "LS-BFS", run = M.ls_bfs },
  { name = "LS-SSSP", run = M.ls_sssp, weighted = true },
  { name = "LS-MST", run = M.ls_mst, weighted = true, symmetric = true },
  { name = "STCON", run = M.stcon, symmetric = true },
  { name = "CLR", run = M.clr, symmetric = true },
  { name = "MIS", run = M.mis, symmetric = true },
  { name = "BFS-DD", run = M.bfs_dd },
  { name = "BFS-WC", run = M.bfs_wc },
}
-- Every workload checks its arguments first: a clear error at the caller's
-- line rather than an indexing error inside the host loop.
local function is_graph(g)
  if type(g) ~= "userdata" then return false end
  local ok, n = pcall(function() return g.n end)
  return ok and math.type(n) == "integer"
end
local function is_gpu(gpu)
  if type(gpu) ~= "userdata" and type(gpu) ~= "table" then return false end
  local ok, f = pcall(function() return gpu.launch end)
  return ok and f ~= nil
end
for _, w in ipairs(M.workloads) do
  local f = w.run
  w.run = function(gpu, g, opts)
    if not is_gpu(gpu) then error(("warpscope.thesis4: %s: argument 1 must be a gpu (ws.gpu{...}), got %s"):format(w.name, type(gpu)), 2) end
    if not is_graph(g) then error(("warpscope.thesis4: %s: argument 2 must be a graph (ws.graph...), got %s"):format(w.name, type(g)), 2) end
    if opts ~= nil and type(opts) ~= "table" then error(("warpscope.thesis4: %s: argument 3 (opts) must be a table, got %s"):format(w.name, type(opts)), 2) end
    return f(gpu, g, opts)
  end
  for k, v in pairs(M) do if v == f then M[k] = w.run end end
  M.workloads[w.name] = w
end

-- Run workload `name` (an unknown name is an error listing them).
function M.run(name, gpu, g, opts)
  local w = M.workloads[name]
  if not w then
    local names = {}
    for _, x in ipairs(M.workloads) do names[#names + 1] = x.name end
    error(("warpscope.thesis4: unknown workload '%s' (one of %s)"):format(tostring(name), table.concat(names, ", ")), 2)
  end
  return w.run(gpu, g, opts)
end

-- ------------------------------------------------ invocation selection

-- The thesis counts only invocations of "about 1 million warp instructions
-- or more" (Ch. 3's results, Sec. 3.5; Ch. 4 reports means over "all
-- kernel invocations", read here as the same selection).  The simulated
-- kernels are the frontier-processing ones (inv.main).  select keeps the
-- main invocations with at least min_warp_insns warp instructions
-- (opts.all: every kernel, not only the main one).
function M.select(invocations, min_warp_insns, opts)
  if math.type(min_warp_insns) == nil or min_warp_insns < 0 then
    error(("warpscope.thesis4.select: the threshold must be a number >= 0, got %s"):format(tostring(min_warp_insns)), 2)
  end
  local all = opts and opts.all
  local out = {}
  for _, inv in ipairs(invocations) do
    if (all or inv.main) and inv.warp_insns >= min_warp_insns then out[#out + 1] = inv end
  end
  return out
end

-- The thesis's inputs have about 2^20 vertices (Table 10).  A scaled-down
-- input of n vertices has invocations about n / 2^20 as large (every kernel
-- here does work per vertex or per edge, and the inputs keep the average
-- degree), so the threshold scales the same way: threshold(n) = 1e6 x n /
-- paper_n (default paper_n = 2^20), rounded down.
M.PAPER_THRESHOLD = 1000000
M.PAPER_VERTICES = 1 << 20
function M.threshold(n, paper_n)
  return M.PAPER_THRESHOLD * n // (paper_n or M.PAPER_VERTICES)
end

-- The frontier of every BFS level: sizes[i] = the number of vertices at
-- level i - 1 of `levels` (a BFS result, -1 unreached), i.e. the active
-- vertices of the frontier-driven kernels' i-th invocation (H-BFS's
-- expand, BFS-DD, BFS-WC).
function M.level_sizes(levels, n)
  local sizes = {}
  for v = 0, n - 1 do
    local l = levels[v]
    if l >= 0 then
      for i = #sizes + 1, l + 1 do sizes[i] = 0 end
      sizes[l + 1] = sizes[l + 1] + 1
    end
  end
  return sizes
end

-- Harmonic mean of a list of positive numbers (nil for an empty list).
function M.hmean(xs)
  if #xs == 0 then return nil end
  local s = 0
  for _, x in ipairs(xs) do s = s + 1 / x end
  return #xs / s
end

-- --------------------------------------------------------------- inputs

-- Table 10's inputs and our generated stand-ins at 2^scale vertices (the
-- thesis's have 2^20, Graph1M 10^6).  M.input(name, scale, opts) makes one:
-- directed (BFS and SSSP run on it as given), or with opts.symmetric an
-- undirected graph of about the same arcs per vertex (CLR, MIS, STCON and
-- the MSTs; every edge both ways with one weight).
--   Graph1M  Parboil's random graph of average degree 6: each vertex gets
--            uniform 1..11 out-neighbours (undirected: 1..5 edges, about 6
--            arcs with the reverse ones) [choice: the range; Parboil's
--            generator gives only the mean].
--   RMAT20   LonestarGPU's R-MAT, edge factor 8 (8.26 M arcs for 2^20
--            vertices, 7.88 per vertex once duplicates go; undirected:
--            edge factor 4) with the generator's default a, b, c [choice:
--            LonestarGPU's parameters are not in the thesis].
--   R4_2e20  LonestarGPU's random graph of average degree 4: 4 x 2^scale
--            uniformly random arcs (4,194,304 for 2^20: Table 10;
--            undirected: 2 x 2^scale edges).
-- opts.weights: weights uniform in 1..K (default 100 [choice: the thesis
-- does not give them]; false: none); opts.seed (default 1).
M.inputs = {
  { name = "Graph1M", paper = { vertices = 1000000, edges = 5999970, degree = 5.99, depth = 12 },
    gen = function(scale, seed, w, sym)
      return ws.graph.uniform{ n = 1 << scale, min_degree = 1, max_degree = sym and 5 or 11,
        directed = not sym, seed = seed, weights = w }
    end },
  { name = "RMAT20", paper = { vertices = 1048576, edges = 8259994, degree = 7.88, depth = 13 },
    gen = function(scale, seed, w, sym)
      return ws.graph.rmat{ scale = scale, edgefactor = sym and 4 or 8, directed = not sym, seed = seed, weights = w }
    end },
  { name = "R4_2e20", paper = { vertices = 1048576, edges = 4194304, degree = 4, depth = 16 },
    gen = function(scale, seed, w, sym)
      return ws.graph.erdos_renyi{ n = 1 << scale, m = (sym and 2 or 4) << scale, directed = not sym,
        seed = seed, weights = w }
    end },
}
for _, i in ipairs(M.inputs) do M.inputs[i.name] = i end

function M.input(name, scale, opts)
  opts = opts or {}
  local inp = M.inputs[name]
  if not inp then error(("warpscope.thesis4: unknown input '%s' (Graph1M, RMAT20 or R4_2e20)"):format(tostring(name)), 2) end
  if math.type(scale) ~= "integer" or scale < 4 or scale > 21 then
    error(("warpscope.thesis4: scale must be an integer 4..21, got %s"):format(tostring(scale)), 2)
  end
  local w = opts.weights
  if w == nil then w = 100 end
  return inp.gen(scale, opts.seed or 1, w or nil, opts.symmetric and true or false)
end

return M
