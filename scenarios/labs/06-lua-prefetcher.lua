-- Lab 6: write a prefetcher in Lua and compare it with the built-in ones
-- (worksheet: 06-lua-prefetcher.md).
--
-- Your prefetcher is a Lua file that returns a table of hooks (start from
-- scenarios/labs/prefetchers/starter.lua; prefetchers/chain.lua is a worked
-- example that follows the CSR like DSAP).  The lab runs the data-driven
-- BFS without prefetching, with built-in policies and with yours
-- (pf.policy=lua), checks every result against the CPU BFS, and prints
-- speedup, accuracy, coverage, early evictions and the L1D miss rate of
-- each array.
--
-- usage: warpscope [--batch] scenarios/labs/06-lua-prefetcher.lua [MINE] [GRAPH] [BUILTINS] [SOURCE] [CHUNK]
--   (positional, or NAME=VALUE in any order: mine=, graph=, builtins=, source=, chunk=)
--   MINE      comma list of prefetcher files (default starter,chain: the two shipped
--             in scenarios/labs/prefetchers/; a name without / or .lua means that folder)
--   GRAPH     grid:128 (default), rmat:S, default, or a graph file
--   BUILTINS  comma list of pf.policy values to compare with (default nextline,stridepc,dsap)
--   SOURCE    BFS source vertex (default: the vertex of highest degree)
--   CHUNK     work-list items per warp (default 4)
--   STOP      in the interface: stop 300 cycles into this launch of the first Lua
--             prefetcher's run (default 100; 0: do not stop)
local ws = require "warpscope"
local B = require "warpscope.bfs"
local L = require "warpscope.lab"

local A = L.args(arg, { "mine", "graph", "builtins", "source", "chunk", "stop" },
  { mine = "starter,chain", graph = "grid:128", builtins = "nextline,stridepc,dsap", chunk = "4", stop = "100" })
local g, gdesc = L.graph(A.graph)
local src = L.source(g, A.source)
local chunk = math.tointeger(tonumber(A.chunk))
assert(chunk and chunk >= 1, "chunk must be a positive integer")
local stop = math.tointeger(tonumber(A.stop))
assert(stop and stop >= 0, "stop must be a launch number (0: none)")
local interactive = ws.options.tui == true

-- A prefetcher file: a path, or a name in scenarios/labs/prefetchers/.
local function load_prefetcher(name)
  local path = name
  if not name:find("/") and not name:match("%.lua$") then
    path = ws.data_path("scenarios/labs/prefetchers/" .. name .. ".lua")
  end
  local chunkf, err = loadfile(path)
  if not chunkf then L.usage(("cannot load prefetcher '%s': %s"):format(name, err)) end
  local P = chunkf()
  if type(P) ~= "table" or type(P.observe) ~= "function" then
    error(("prefetcher '%s' must return a table with an observe(a) hook"):format(path), 0)
  end
  P.arrays = P.arrays or {}
  return P, P.name or name
end

local runs = { { label = "none", opts = { ["pf.policy"] = "none" } } }
for _, p in ipairs(L.list(A.builtins)) do
  if p ~= "none" then runs[#runs + 1] = { label = p, opts = { ["pf.policy"] = p } } end
end
for _, m in ipairs(L.list(A.mine)) do
  local P, desc = load_prefetcher(m)
  runs[#runs + 1] = { label = "lua:" .. m:gsub("^.*/", ""):gsub("%.lua$", ""), desc = desc, P = P, opts = { prefetcher = P } }
end

L.banner("Lab 6: write a prefetcher in Lua and compare it with the built-in ones", {
  "Graph: " .. gdesc .. (", source %d, %d work-list items per warp"):format(src, chunk),
  "Look at (in the interface):",
  "  5 Prefetch  for a Lua prefetcher: policy lua, the values and tables your inspect() returns,",
  "              issued/useful/late/early for the SM and the GPU",
  "  4 Caches    P marks prefetched lines not used yet; the letters are the arrays",
  "  8 Console   P.arrays, and gpu:prefetcher(0) (your inspect()) between steps",
  "Launches: one gpu per run, in the order of the table, one launch per BFS level.",
  (interactive and stop > 0) and
    ("In the interface the first Lua prefetcher's run stops 300 cycles into its launch %d (c runs on)."):format(stop)
    or "",
})

local arrays = { { "WL", "worklist_a", "worklist_b" }, { "VL", "vertexlist" }, { "EL", "edgelist" }, { "VIS", "visited" } }
local cols = { { "run", "%-14s" }, { "cycles", "%8d" }, { "speedup", "%7.3f" } }
for _, a in ipairs(arrays) do cols[#cols + 1] = { a[1], "%5.1f", a[1] .. "%" } end
for _, c in ipairs({ { "issued", "%7d" }, { "useful", "%6d" }, { "late", "%5d" }, { "early", "%6d" },
                     { "acc", "%5.1f", "acc%" }, { "cov", "%5.1f", "cov%" } }) do
  cols[#cols + 1] = c
end

local rows, base, inspects, stopped = {}, nil, {}, false
for _, r in ipairs(runs) do
  local st, gpu = L.run(r.opts, function(gpu)
    if r.P then
      local first = not stopped
      stopped = true
      gpu:on("launch", function(gp, _, n)      -- the arrays, before the level's first cycle
        local t = {}
        for _, a in ipairs(gp:allocations()) do t[a.name] = { lo = a.addr, hi = a.addr + a.size } end
        r.P.arrays = t
        if interactive and first and n == stop then gp:breakpoint{ cycle = gp.cycle + 300, once = true } end
      end)
    end
    return B.data(gpu, g, src, chunk)
  end, r.label)
  local t = st.total
  base = base or t.cycles
  local row = L.pf_row(t)
  row.run, row.cycles, row.speedup = r.label, t.cycles, base / t.cycles
  local by = L.by_array(st)
  for _, a in ipairs(arrays) do
    local acc, miss = 0, 0
    for i = 2, #a do
      local x = by[a[i]]
      if x then acc, miss = acc + x.hits + x.merged + x.misses, miss + x.misses end
    end
    row[a[1]] = acc > 0 and 100 * miss / acc or 0
  end
  rows[#rows + 1] = row
  if r.P then inspects[#inspects + 1] = { label = r.label, desc = r.desc, ins = gpu:prefetcher(0) } end
end

L.section(("Data-driven BFS from vertex %d: L1D miss rate per array, then the prefetcher's counters"):format(src))
L.table(cols, rows)
print()
print("speedup = cycles without prefetching / cycles with; acc = (useful + late) / issued;")
print("cov = (useful + late) / (useful + late + demand misses); early = prefetched lines evicted unused.")
for _, i in ipairs(inspects) do
  local parts = {}
  for k, v in pairs(i.ins or {}) do
    if type(v) ~= "table" and k ~= "policy" then parts[#parts + 1] = ("%s %s"):format(k, tostring(v)) end
  end
  table.sort(parts)
  print(("%s (%s): SM 0 at the end: %s"):format(i.label, i.desc, table.concat(parts, ", ")))
end
L.done("lab 6")
