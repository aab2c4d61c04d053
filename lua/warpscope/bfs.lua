-- warpscope.bfs: the host programs of the BFS scenarios (Lua plays the CUDA
-- host), shared by scenarios/bfs_topo.lua, scenarios/bfs_data.lua and the
-- prefetcher comparison.  Each runs a whole BFS on `gpu` and returns the
-- level array (read back), the number of levels, and a check against the
-- CPU BFS.  Paths of kernels are relative to the scenarios folder.
local ws = require "warpscope"
local S = require "warpscope.scenario"
local A = require "warpscope.args"
local M = {}

-- Topology-driven BFS (Rodinia): one thread per vertex, two kernels a level.
function M.topo(gpu, g, src, ptx)
  local fn = "warpscope.bfs.topo"
  A.gpu(fn, 1, gpu)
  A.graph(fn, 2, g)
  src = A.int(fn, 3, "src", src, 0, g.n - 1)
  A.type(fn, 4, "ptx", ptx, "string", true)
  local m = gpu:load_ptx(ptx or "kernels/bfs_topo.ptx")
  local expand, update = m:kernel("bfs_topo_expand"), m:kernel("bfs_topo_update")
  local row = gpu:array("i32", g.row, { name = "row" })
  local col = gpu:array("i32", g.col, { name = "col" })
  local mask = gpu:array("u8", g.n, { name = "mask" })
  local updating = gpu:array("u8", g.n, { name = "updating" })
  local visited = gpu:array("u8", g.n, { name = "visited" })
  local cost = gpu:array("i32", g.n, { name = "cost", fill = -1 })
  local stop = gpu:array("i32", 1, { name = "stop" })
  mask[src], visited[src], cost[src] = 1, 1, 0
  if gpu.mode == "timing" then      -- array roles for data-structure-aware prefetchers
    gpu:mark(row, "vertex")
    gpu:mark(col, "edge")
    gpu:mark(cost, "visited")
  end
  local shape = { grid = S.ceil_div(g.n, 256), block = 256 }
  local levels = 0
  repeat
    stop[0] = 0
    gpu:launch(expand, shape, row, col, mask, updating, visited, cost, g.n)
    gpu:launch(update, shape, mask, updating, visited, stop, g.n)
    levels = levels + 1
  until stop[0] == 0
  local ok, msg = ws.check.equal(cost:read(), g:bfs(src))
  return ok, msg, levels
end

-- Data-driven BFS with work lists, one warp per CHUNK work-list items (the
-- DSAP paper's Algorithm 1).  The arrays are marked for DSAP (its
-- cudaMallocMark) and the work list is updated before every launch (its
-- cudaUpdateWl).
function M.data(gpu, g, src, chunk, ptx)
  local fn = "warpscope.bfs.data"
  A.gpu(fn, 1, gpu)
  A.graph(fn, 2, g)
  src = A.int(fn, 3, "src", src, 0, g.n - 1)
  chunk = A.int(fn, 4, "chunk", chunk, 1, 0x7fffffff)
  A.type(fn, 5, "ptx", ptx, "string", true)
  local k = gpu:load_ptx(ptx or "kernels/bfs_data.ptx"):kernel("bfs_data")
  local row = gpu:array("i32", g.row, { name = "vertexlist" })
  local col = gpu:array("i32", g.col, { name = "edgelist" })
  local level = gpu:array("i32", g.n, { name = "visited", fill = -1 })
  local qa = gpu:array("i32", g.n, { name = "worklist_a" })
  local qb = gpu:array("i32", g.n, { name = "worklist_b" })
  local out_size = gpu:array("i32", 1, { name = "worklist_size" })
  level[src], qa[0] = 0, src
  local timing = gpu.mode == "timing"
  if timing then
    gpu:mark(row, "vertex")
    gpu:mark(col, "edge")
    gpu:mark(level, "visited")
  end
  local in_size, curr = 1, 0
  while in_size > 0 do
    out_size[0] = 0
    local warps = S.ceil_div(in_size, chunk)
    local shape = { grid = S.ceil_div(warps * 32, 256), block = 256 }
    if timing then
      gpu:mark(qa, "worklist")
      gpu:update_worklist(in_size)
    end
    gpu:launch(k, shape, row, col, level, qa, in_size, qb, out_size, curr, chunk)
    qa, qb = qb, qa
    in_size, curr = out_size[0], curr + 1
  end
  local ok, msg = ws.check.equal(level:read(), g:bfs(src))
  return ok, msg, curr
end

-- BFS in expand / contract steps, the IRU paper's contract kernel (A3,
-- Fig. 9): expand gathers the frontier's neighbours into an edge frontier,
-- contract labels the unvisited ones and builds the next vertex frontier.
-- With iru = true the contract kernel takes its elements from load_iru
-- (configure_iru before each launch: target = label, indices = the edge
-- frontier); the gpu needs iru.enable.  opts.cull = true uses the contract
-- kernels with Merrill et al.'s software culling (a warp's duplicates, a
-- block's history and a visited bitmask before the label; A8 item 3), the
-- paper's baseline.
function M.iru_contract(gpu, g, src, iru, ptx, opts)
  local fn = "warpscope.bfs.iru_contract"
  A.gpu(fn, 1, gpu)
  A.graph(fn, 2, g)
  src = A.int(fn, 3, "src", src, 0, g.n - 1)
  A.type(fn, 4, "iru", iru, "boolean", true)
  A.type(fn, 5, "ptx", ptx, "string", true)
  A.type(fn, 6, "opts", opts, "table", true)
  local cull = opts and opts.cull
  A.type(fn, 6, "opts.cull", cull, "boolean", true)
  local m = gpu:load_ptx(ptx or "kernels/iru_bfs.ptx")
  local expand = m:kernel("iru_bfs_expand")
  local contract = m:kernel((iru and "iru_bfs_contract_iru" or "iru_bfs_contract") .. (cull and "_cull" or ""))
  local bitmask = cull and gpu:array("u32", (g.n + 31) // 32, { name = "bitmask" })
  local row = gpu:array("i32", g.row, { name = "row" })
  local col = gpu:array("i32", g.col, { name = "col" })
  local label = gpu:array("i32", g.n, { name = "label", fill = -1 })
  local vfront = gpu:array("i32", g.n, { name = "vfront" })
  local efront = gpu:array("i32", math.max(g.m, 1), { name = "efront" })
  local vn = gpu:array("i32", 1, { name = "vn" })
  local en = gpu:array("i32", 1, { name = "en" })
  label[src], vfront[0] = 0, src
  if bitmask then bitmask[src // 32] = 1 << (src % 32) end
  local nv, dist = 1, 0
  while nv > 0 do
    en[0] = 0
    gpu:launch(expand, { grid = S.ceil_div(nv, 256), block = 256 }, row, col, vfront, nv, efront, en)
    local ne = en[0]
    dist = dist + 1
    vn[0] = 0
    if ne > 0 then
      local shape = { grid = S.ceil_div(ne, 256), block = 256 }
      if iru then
        gpu:configure_iru{ target = label, elem_size = 4, indices = efront, n = ne, filter = "none" }
        if bitmask then
          gpu:launch(contract, shape, ne, label, bitmask, dist, vfront, vn)
        else
          gpu:launch(contract, shape, ne, label, dist, vfront, vn)
        end
      elseif bitmask then
        gpu:launch(contract, shape, efront, ne, label, bitmask, dist, vfront, vn)
      else
        gpu:launch(contract, shape, efront, ne, label, dist, vfront, vn)
      end
    end
    nv = vn[0]
  end
  local ok, msg = ws.check.equal(label:read(), g:bfs(src))
  return ok, msg, dist
end

-- SSSP in expand / compaction steps, the IRU paper's compaction kernel
-- (A3, Fig. 10): with iru = true the compaction takes edge, weight and
-- position from load_iru with the min filter (configure_iru before each
-- launch: target = dist, indices = the edge frontier, secondary = the
-- weight frontier).  g needs weights.  opts.filter: the IRU's filter
-- ("min" by default; "none" turns filtering off, the A8 ablation).
function M.iru_sssp(gpu, g, src, iru, ptx, opts)
  local fn = "warpscope.bfs.iru_sssp"
  A.gpu(fn, 1, gpu)
  A.graph(fn, 2, g)
  src = A.int(fn, 3, "src", src, 0, g.n - 1)
  A.type(fn, 4, "iru", iru, "boolean", true)
  A.type(fn, 5, "ptx", ptx, "string", true)
  A.type(fn, 6, "opts", opts, "table", true)
  local filter = opts and opts.filter or "min"
  if filter ~= "min" and filter ~= "none" then
    error(("%s: opts.filter must be \"min\" or \"none\", got %s"):format(fn, tostring(filter)), 2)
  end
  if not g.weight then error(fn .. ": the graph has no weights", 2) end
  local INF = 2147483647
  local m = gpu:load_ptx(ptx or "kernels/iru_sssp.ptx")
  local expand = m:kernel("iru_sssp_expand")
  local compact = m:kernel(iru and "iru_sssp_compact_iru" or "iru_sssp_compact")
  local row = gpu:array("i32", g.row, { name = "row" })
  local col = gpu:array("i32", g.col, { name = "col" })
  local w = gpu:array("i32", g.weight, { name = "weight" })
  local dist = gpu:array("i32", g.n, { name = "dist", fill = INF })
  local lookup = gpu:array("i32", g.n, { name = "lookup", fill = -1 })
  local stamp = gpu:array("i32", g.n, { name = "stamp", fill = -1 })
  local vfront = gpu:array("i32", g.n, { name = "vfront" })
  local efront = gpu:array("i32", math.max(g.m, 1), { name = "efront" })
  local wfront = gpu:array("i32", math.max(g.m, 1), { name = "wfront" })
  local vn = gpu:array("i32", 1, { name = "vn" })
  local en = gpu:array("i32", 1, { name = "en" })
  dist[src], vfront[0] = 0, src
  local nv, level = 1, 0
  while nv > 0 do
    en[0] = 0
    gpu:launch(expand, { grid = S.ceil_div(nv, 256), block = 256 }, row, col, w, dist, vfront, nv, efront, wfront, en)
    local ne = en[0]
    level = level + 1
    vn[0] = 0
    if ne > 0 then
      local shape = { grid = S.ceil_div(ne, 256), block = 256 }
      if iru then
        gpu:configure_iru{ target = dist, elem_size = 4, indices = efront, secondary = wfront, n = ne, filter = filter }
        gpu:launch(compact, shape, ne, dist, lookup, stamp, level, vfront, vn)
      else
        gpu:launch(compact, shape, efront, wfront, ne, dist, lookup, stamp, level, vfront, vn)
      end
    end
    nv = vn[0]
  end
  local ok, msg = ws.check.equal(dist:read(), g:sssp(src, { unreachable = INF }))
  return ok, msg, level
end

return M
