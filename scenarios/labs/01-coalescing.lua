-- Lab 1: memory divergence and coalescing in BFS (worksheet: 01-coalescing.md).
--
-- Part A: one warp gathers a[t * stride]; the coalescer turns the 32 lanes'
-- addresses into one request per 128-byte line touched.
-- Part B: the same BFS done two ways, topology-driven (Rodinia: a thread per
-- vertex, each lane walks its own adjacency list) and warp-centric (Hong et
-- al.: a warp per 32 vertices, the 32 lanes walk one adjacency list
-- together).  Both read every edge of every reached vertex exactly once, so
-- the edge array's requests can be compared with the reads they serve.
--
-- usage: warpscope [--batch] scenarios/labs/01-coalescing.lua [GRAPH] [SOURCE] [KERNELS]
--   (positional, or NAME=VALUE in any order: graph=, source=, kernels=)
--   GRAPH    rmat:13 (default), rmat:S[:E], grid:W[:H], uniform:N, default, or a graph file
--   SOURCE   BFS source vertex (default: the vertex of highest degree)
--   KERNELS  comma list of topo, warp, data (default topo,warp); data is the
--            data-driven BFS of lab 3 (a warp per work-list vertex)
local ws = require "warpscope"
local S = require "warpscope.scenario"
local B = require "warpscope.bfs"
local L = require "warpscope.lab"

local A = L.args(arg, { "graph", "source", "kernels" }, { graph = "rmat:13", kernels = "topo,warp" })
local g, gdesc = L.graph(A.graph)
local src = L.source(g, A.source)
local kernels = L.list(A.kernels)
for _, k in ipairs(kernels) do
  assert(k == "topo" or k == "warp" or k == "data", "kernels: each must be topo, warp or data, got " .. k)
end

-- Edges read by any of the BFS kernels: every edge of every reached vertex, once.
local lv, deg = g:bfs(src), g:degrees()
local edge_reads, reached = 0, 0
for v = 0, g.n - 1 do
  if lv[v] >= 0 then edge_reads, reached = edge_reads + deg[v], reached + 1 end
end
local levels = L.levels(g, src)
local widest = 1
for i, c in ipairs(levels) do if c > levels[widest] then widest = i end end

L.banner("Lab 1: memory divergence and coalescing in BFS", {
  "Graph: " .. gdesc .. (", source %d (%d levels, widest level %d with %d vertices)"):format(src, #levels,
    widest - 1, levels[widest]),
  "Look at (in the interface):",
  "  7 Source  the 'execs' and 'reqs' columns: requests per execution of each load",
  "  1 Warps   the 'active lanes' of warps in the neighbour loop (topo: few lanes; warp-centric: all 32)",
  "  6 Memory  DRAM queues and bandwidth, average latency by level",
  "Launches (R runs to the next launch, r to the end of this one, c to the end of the lab):",
  "  Part A: launches 1-6 (strides 1 to 32).  Part B: a new gpu per kernel, launches counted from 1;",
  ("  level L is topo launch 2L+1 (bfs_topo_expand) and warp-centric launch L+1.  Level 0 is the source"):format(),
  ("  alone (degree %d); level %d is the widest."):format(deg[src], widest - 1),
})

-- ------------------------------------------------------------------ Part A
L.section("Part A: one warp loads a[t * stride] (scenarios/micro/coalesce.cu)")
local strides = { 1, 2, 4, 8, 16, 32 }
local rowsA = {}
L.run({}, function(gpu)
  local k = gpu:load_ptx("micro/coalesce.ptx"):kernel("gather")
  local a = gpu:array("i32", 32 * 32, { name = "a" })
  for i = 0, 32 * 32 - 1 do a[i] = 3 * i end
  local out = gpu:array("i32", 32, { name = "out" })
  for _, stride in ipairs(strides) do
    gpu:launch(k, { grid = 1, block = 32 }, a, stride, out)
    local s = gpu:stats().last
    for t = 0, 31 do
      if out[t] ~= 3 * t * stride then return false, ("stride %d: out[%d] = %d"):format(stride, t, out[t]) end
    end
    rowsA[#rowsA + 1] = { stride = stride, bytes = 4 * stride * 32, lines = math.min(32, stride),
                          requests = s["mem.load_accesses"] }
  end
  return true
end, "Part A")
L.table({ { "stride", "%6d" }, { "bytes", "%8d", "span (B)" }, { "lines", "%10d", "128B lines" },
          { "requests", "%14d", "requests/load" } }, rowsA)

-- ------------------------------------------------------------------ Part B
local function bfs_warp(gpu)
  local k = gpu:load_ptx("kernels/bfs_warp.ptx"):kernel("bfs_warp")
  local row = gpu:array("i32", g.row, { name = "row" })
  local col = gpu:array("i32", g.col, { name = "col" })
  local level = gpu:array("i32", g.n, { name = "level", fill = -1 })
  local changed = gpu:array("i32", 1, { name = "changed" })
  level[src] = 0
  local curr = 0
  repeat
    changed[0] = 0
    gpu:launch(k, { grid = S.ceil_div(g.n, 256), block = 256 }, row, col, level, g.n, curr, changed)
    curr = curr + 1
  until changed[0] == 0
  return ws.check.equal(level:read(), g:bfs(src))
end

local runs = {
  topo = { name = "topology-driven", edge = "col", status = { "visited" },
           fn = function(gpu) return B.topo(gpu, g, src) end, ptx = "kernels/bfs_topo.ptx" },
  warp = { name = "warp-centric", edge = "col", status = { "level" },
           fn = bfs_warp, ptx = "kernels/bfs_warp.ptx" },
  data = { name = "data-driven", edge = "edgelist", status = { "visited" },
           fn = function(gpu) return B.data(gpu, g, src, 1) end, ptx = "kernels/bfs_data.ptx" },
}

-- PTX text of each line, for the per-line table (nil when unreadable).
local function ptx_text(rel)
  local f = io and io.open(ws.data_path("scenarios/" .. rel))
  if not f then return {} end
  local lines = {}
  for l in f:lines() do lines[#lines + 1] = (l:gsub("^%s+", ""):gsub("%s+", " ")) end
  f:close()
  return lines
end

L.section(("Part B: BFS from vertex %d, %d vertices reached, %d edge reads (every edge of every reached vertex, once)")
  :format(src, reached, edge_reads))
local rowsB, arrays, lines, level_cycles = {}, {}, {}, {}
for _, k in ipairs(kernels) do
  local r = runs[k]
  local per = {}
  local st = L.run({}, function(gpu)
    gpu:on("kernel_end", function(_, name, ks)
      if name ~= "bfs_topo_update" then per[#per + 1] = ks.cycles else per[#per] = per[#per] + ks.cycles end
    end)
    return r.fn(gpu)
  end, r.name)
  level_cycles[k] = per
  local t = st.total
  rowsB[#rowsB + 1] = {
    kernel = r.name, cycles = t.cycles, warp_insns = t.warp_insns,
    simd = 100 * t.thread_insns / (32 * math.max(1, t.warp_insns)),
    mem_insns = t["mem.insns"], requests = t["mem.accesses"], per_insn = t["mem.accesses_per_insn"],
    per_load = t["mem.load_accesses"] / math.max(1, t["mem.loads"]),
    l1 = L.pct(t["l1d.hit_rate"]), lat = t["mem.avg_latency"],
  }
  local by = L.by_array(st)
  local e = by[r.edge] or { requests = 0, miss_rate = 0 }
  arrays[#arrays + 1] = { kernel = r.name, array = r.edge .. " (edges)", requests = e.requests,
                          reads = edge_reads, per_req = edge_reads / math.max(1, e.requests), miss = L.pct(e.miss_rate) }
  for _, name in ipairs(r.status) do
    local s = by[name] or { requests = 0, miss_rate = 0 }
    arrays[#arrays + 1] = { kernel = r.name, array = name .. " (status)", requests = s.requests, miss = L.pct(s.miss_rate) }
  end
  local text = ptx_text(r.ptx)
  for _, ln in ipairs(L.by_line(st)) do
    if ln.kernel ~= "bfs_topo_update" and (text[ln.line] or "ld."):match("^ld%.") then
      lines[#lines + 1] = { kernel = ln.kernel, line = ln.line, insns = ln.insns, requests = ln.requests,
                            per_insn = ln.per_insn, misses = ln.misses, text = text[ln.line] }
    end
  end
end

print("Cycles per BFS level (topology-driven: expand + update launches):")
local lrows = {}
for i, c in ipairs(levels) do
  local r = { level = i - 1, vertices = c }
  for _, k in ipairs(kernels) do r[k] = level_cycles[k][i] end
  lrows[#lrows + 1] = r
end
local lcols = { { "level", "%5d" }, { "vertices", "%8d" } }
for _, k in ipairs(kernels) do lcols[#lcols + 1] = { k, "%10d", k .. " cyc" } end
L.table(lcols, lrows)
print()
print("Per kernel (whole BFS):")
L.table({ { "kernel", "%-16s" }, { "cycles", "%9d" }, { "warp_insns", "%10d", "warp insns" },
          { "simd", "%6.1f", "SIMD%" }, { "mem_insns", "%9d", "mem insns" }, { "requests", "%9d" },
          { "per_insn", "%8.2f", "req/insn" }, { "per_load", "%8.2f", "req/load" }, { "l1", "%6.1f", "L1hit%" },
          { "lat", "%6.0f", "lat" } }, rowsB)
print()
print("Per array (requests = L1 lookups of that array; reads/req = edge reads served per request):")
L.table({ { "kernel", "%-16s" }, { "array", "%-18s" }, { "requests", "%9d" }, { "reads", "%9d", "reads" },
          { "per_req", "%9.2f", "reads/req" }, { "miss", "%7.1f", "L1miss%" } }, arrays)
print()
print("Per PTX load (view 7 shows the same execs, reqs and misses; the update kernel left out):")
L.table({ { "kernel", "%-16s" }, { "line", "%5d" }, { "insns", "%8d", "execs" }, { "requests", "%8d", "reqs" },
          { "per_insn", "%8.2f", "reqs/exec" }, { "misses", "%7d", "misses" }, { "text", "%-s", "PTX" } }, lines)
print()
print("SIMD% = thread instructions / (32 x warp instructions): the share of lanes doing work.")
print("req/insn = requests per global memory warp instruction (mem.accesses_per_insn); req/load: loads only.")
L.done("lab 1")
