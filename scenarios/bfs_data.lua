-- Data-driven BFS with work lists, one warp per work-list item (the DSAP
-- paper's Algorithm 1).
-- usage: warpscope scenarios/bfs_data.lua [GRAPH|default] [SOURCE] [CHUNK]
local ws = require "warpscope"
local S = require "warpscope.scenario"

local g = S.graph(ws, arg[1])
local src = S.source(arg[2], g.n)
local chunk = math.tointeger(tonumber(arg[3] or 1))
assert(chunk and chunk >= 1, "CHUNK must be a positive integer")
local gpu = ws.gpu{}
local k = gpu:load_ptx(arg[4] or "kernels/bfs_data.ptx"):kernel("bfs_data")

local row = gpu:array("i32", g.row, { name = "vertexlist" })
local col = gpu:array("i32", g.col, { name = "edgelist" })
local level = gpu:array("i32", g.n, { name = "visited", fill = -1 })
local qa = gpu:array("i32", g.n, { name = "worklist_a" })
local qb = gpu:array("i32", g.n, { name = "worklist_b" })
local out_size = gpu:array("i32", 1, { name = "worklist_size" })
level[src], qa[0] = 0, src
-- the arrays' roles, for data-structure-aware prefetchers (DSAP's cudaMallocMark)
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
  if timing then           -- this level's work list (DSAP's cudaUpdateWl)
    gpu:mark(qa, "worklist")
    gpu:update_worklist(in_size)
  end
  gpu:launch(k, shape, row, col, level, qa, in_size, qb, out_size, curr, chunk)
  qa, qb = qb, qa
  in_size, curr = out_size[0], curr + 1
end

local ok, msg = ws.check.equal(level:read(), g:bfs(src))
S.report(("bfs_data on %d vertices, %d edges, source %d"):format(g.n, g.m, src), gpu, ok, msg,
         ("%d levels, chunk %d"):format(curr, chunk))
