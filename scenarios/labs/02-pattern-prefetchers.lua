-- Lab 2: why pattern prefetchers fail on graphs (worksheet: 02-pattern-prefetchers.md).
--
-- Part A: a streaming loop (c[i] = a[i] + b[i], grid-stride) where the
-- pattern prefetchers have a pattern to find: with one warp per SM, and with
-- eight warps per SM whose streams interleave.
-- Part B: the data-driven BFS (the DSAP paper's Algorithm 1) with the same
-- prefetchers: speedup, accuracy, coverage, lateness, early evictions and
-- the L1D miss rate of each array.
--
-- usage: warpscope [--batch] scenarios/labs/02-pattern-prefetchers.lua [GRAPH] [KERNEL] [POLICIES] [SOURCE] [PART]
--   (positional, or NAME=VALUE in any order: graph=, kernel=, policies=, source=, part=)
--   GRAPH     rmat:13 (default), rmat:S[:E], grid:W[:H], uniform:N, default, or a graph file
--   KERNEL    data (default: data-driven BFS, 4 work-list items per warp) or topo (Rodinia BFS)
--   POLICIES  comma list of pf.policy values (default nextline,stride,stridepc,stream,ghb,ghb-stride);
--             "none" is always run first, as the baseline
--   SOURCE    BFS source vertex (default: the vertex of highest degree)
--   PART      A, B or AB (default): run only Part A or only Part B
-- `--set` keys apply to every run (e.g. --set pf.warp_trained=true).
local ws = require "warpscope"
local B = require "warpscope.bfs"
local L = require "warpscope.lab"

local A = L.args(arg, { "graph", "kernel", "policies", "source", "part" },
  { graph = "rmat:13", kernel = "data", policies = "nextline,stride,stridepc,stream,ghb,ghb-stride", part = "AB" })
local g, gdesc = L.graph(A.graph)
local kernel = A.kernel
assert(kernel == "data" or kernel == "topo", "kernel must be data or topo, got " .. kernel)
local policies = { "none" }
for _, p in ipairs(L.list(A.policies)) do
  if p ~= "none" then policies[#policies + 1] = p end
end
local src = L.source(g, A.source)
assert(A.part == "A" or A.part == "B" or A.part == "AB", "part must be A, B or AB, got " .. A.part)

L.banner("Lab 2: why pattern prefetchers fail on graphs", {
  "Graph: " .. gdesc .. (", source %d"):format(src),
  "Look at (in the interface):",
  "  5 Prefetch  the policy's table (h/l picks one): entries, strides, confidence; issued, useful,",
  "              late, early, accuracy and coverage for the SM and the GPU",
  "  4 Caches    lines by array (letters), P = prefetched and not yet used",
  "Launches: Part A is one gpu per (configuration, policy), one launch each, in the order of the",
  "table; Part B one gpu per policy (none first), one launch per BFS level (launch L+1 = level L).",
  "R: next launch, c: to the end.  To look at one prefetcher alone: part=B policies=stridepc",
})

-- ------------------------------------------------------------------ Part A
if A.part:find("A") then
L.section("Part A: a streaming loop, c[i] = a[i] + b[i] (kernels/micro_stream.cu, micro_add), 2^16 floats")
local n = 65536
local function stream(gpu, block)
  local m = gpu:load_ptx("kernels/micro_stream.ptx")
  local a = gpu:array("f32", n, { name = "a", fill = 1.5 })
  local b = gpu:array("f32", n, { name = "b", fill = 2.25 })
  local c = gpu:array("f32", n, { name = "c" })
  gpu:launch(m:kernel("micro_add"), { grid = gpu.sms, block = block }, a, b, c, n)
  local out = c:read()
  for i = 0, n - 1 do
    if out[i] ~= 3.75 then return false, ("c[%d] = %s"):format(i, tostring(out[i])) end
  end
  return true
end
local configs = {
  { name = "1 warp/SM", block = 32, opts = {} },
  { name = "8 warps/SM", block = 256, opts = {} },
  { name = "8 warps/SM, trained per warp", block = 256, opts = { ["pf.warp_trained"] = true } },
}
local rowsA = {}
for _, c in ipairs(configs) do
  local base
  for _, p in ipairs({ "none", "nextline", "stride", "stridepc", "ghb" }) do
    local o = { ["pf.policy"] = p }
    for k, v in pairs(c.opts) do o[k] = v end
    local st = L.run(o, function(gpu) return stream(gpu, c.block) end, c.name .. " " .. p)
    local t = st.total
    base = base or t.cycles
    local r = L.pf_row(t)
    r.config, r.policy, r.cycles, r.speedup = c.name, p, t.cycles, base / t.cycles
    rowsA[#rowsA + 1] = r
  end
end
L.table({ { "config", "%-29s" }, { "policy", "%-9s" }, { "cycles", "%7d" }, { "speedup", "%7.2f" },
          { "issued", "%6d" }, { "acc", "%5.1f", "acc%" }, { "cov", "%5.1f", "cov%" }, { "early", "%5d" } }, rowsA)
end

-- ------------------------------------------------------------------ Part B
if A.part:find("B") then
local kname = kernel == "data" and "data-driven BFS (4 work-list items per warp)" or "topology-driven BFS"
L.section(("Part B: %s from vertex %d"):format(kname, src))
local arrays = kernel == "data"
  and { { "WL", "worklist_a", "worklist_b" }, { "VL", "vertexlist" }, { "EL", "edgelist" }, { "VIS", "visited" } }
  or { { "mask", "mask" }, { "row", "row" }, { "col", "col" }, { "cost", "cost" }, { "vis", "visited" } }
local cols = { { "policy", "%-10s" }, { "cycles", "%8d" }, { "speedup", "%7.3f" } }
for _, a in ipairs(arrays) do cols[#cols + 1] = { a[1], "%5.1f", a[1] .. "%" } end
for _, c in ipairs({ { "issued", "%7d" }, { "useful", "%6d" }, { "late", "%5d" }, { "early", "%6d" },
                     { "acc", "%5.1f", "acc%" }, { "cov", "%5.1f", "cov%" }, { "l2", "%6d", "L2 req" }, { "mb", "%5.2f", "DRAM MB" } }) do
  cols[#cols + 1] = c
end
local rowsB, level_rows, base = {}, {}, nil
for _, p in ipairs(policies) do
  local per = {}
  local st = L.run({ ["pf.policy"] = p }, function(gpu)
    gpu:on("kernel_end", function(_, name, ks)
      if name ~= "bfs_topo_update" then per[#per + 1] = ks.cycles else per[#per] = per[#per] + ks.cycles end
    end)
    if kernel == "data" then return B.data(gpu, g, src, 4) end
    return B.topo(gpu, g, src)
  end, p)
  local t = st.total
  base = base or t.cycles
  local r = L.pf_row(t)
  r.policy, r.cycles, r.speedup = p, t.cycles, base / t.cycles
  r.mb = (t["dram.bytes_read"] + t["dram.bytes_written"]) / 1e6
  r.l2 = t["l2.accesses"]
  local by = L.by_array(st)
  for _, a in ipairs(arrays) do
    local acc, miss = 0, 0
    for i = 2, #a do
      local x = by[a[i]]
      if x then acc, miss = acc + x.hits + x.merged + x.misses, miss + x.misses end
    end
    r[a[1]] = acc > 0 and 100 * miss / acc or 0
  end
  rowsB[#rowsB + 1] = r
  local lr = { policy = p }
  for i, c in ipairs(per) do lr["L" .. (i - 1)] = c end
  level_rows[#level_rows + 1] = lr
end
print("L1D miss rate per array (misses / lookups), then the prefetcher's counters:")
L.table(cols, rowsB)
print()
local levels = L.levels(g, src)
if #levels <= 10 then
  print("Cycles per BFS level (level: vertices in it):")
  local lcols = { { "policy", "%-10s" } }
  for i, c in ipairs(levels) do lcols[#lcols + 1] = { "L" .. (i - 1), "%9d", ("%d:%d"):format(i - 1, c) } end
  L.table(lcols, level_rows)
  print()
end
print("speedup = cycles without prefetching / cycles with; acc = (useful + late) / issued;")
print("cov = (useful + late) / (useful + late + demand misses); early = prefetched lines evicted unused;")
print("L2 req = requests that reached the L2 (demand misses, prefetches, write-throughs); DRAM MB = DRAM traffic.")
end
L.done("lab 2")
