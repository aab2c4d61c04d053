-- Every prefetcher on the data-driven and the topology-driven BFS, against
-- no prefetching: speedup, L1D miss rate per array, accuracy, coverage,
-- lateness, early evictions and DRAM traffic (the DSAP paper's Figs. 8-11
-- and the MTP paper's Figs. 13-15, on our machine).
-- usage: warpscope [--preset P] [--set K=V] scenarios/prefetch_compare.lua
--          [GRAPH|default] [data|topo|both] [POLICY,POLICY,...] [CHUNK] [SOURCE]
-- SOURCE is the BFS's source vertex (default 0); a source that reaches
-- under 1% of the graph is warned about (once, and in every gpu's JSON).
-- POLICY is a pf.policy value, optionally with a throttle: "mthwp+mt".
local ws = require "warpscope"
local S = require "warpscope.scenario"
local B = require "warpscope.bfs"

local g = S.graph(ws, arg[1])
local which = arg[2] or "both"
assert(which == "data" or which == "topo" or which == "both", "kernel must be data, topo or both")
local list = arg[3] or "nextline,stride,stridepc,stream,ghb,ghb-stride,mthwp,mthwp+mt,dsap"
local chunk = math.tointeger(tonumber(arg[4] or 4))
assert(chunk and chunk >= 1, "CHUNK must be a positive integer")
local src = S.source(arg[5], g.n)
local _, _, tiny = S.reach(g, src)
if tiny and io and io.stderr then io.stderr:write("warning: " .. tiny .. "\n") end
local policies = { "none" }
for p in list:gmatch("[^,]+") do policies[#policies + 1] = p end

-- arrays by role, per kernel (names given by warpscope.bfs)
local arrays = {
  data = { { "WL", "worklist_a", "worklist_b" }, { "VL", "vertexlist" }, { "EL", "edgelist" }, { "VIS", "visited" } },
  topo = { { "mask", "mask" }, { "row", "row" }, { "col", "col" }, { "cost", "cost" }, { "vis", "visited" } },
}

local function run(kernel, policy)
  local pf, th = policy:match("^([^+]+)%+?(.*)$")
  local opts = { quiet = true, ["pf.policy"] = pf }
  if th ~= "" then opts["throttle.policy"] = th end
  local gpu = ws.gpu(opts)
  if tiny then gpu:warn(tiny, true) end
  local ok, msg
  if kernel == "data" then ok, msg = B.data(gpu, g, src, chunk) else ok, msg = B.topo(gpu, g, src) end
  local st = gpu:stats()
  gpu:close()
  if not ok then error(("%s with %s: %s"):format(kernel, policy, msg)) end
  return st
end

local function miss_rate(st, names)
  local acc, miss = 0, 0
  for key, row in pairs(st.tables.by_allocation) do
    local name = key:match("^(.-)#%d+$")
    for i = 2, #names do
      if name == names[i] then
        acc = acc + row["l1d.hits"] + row["l1d.hit_reserved"] + row["l1d.misses"]
        miss = miss + row["l1d.misses"]
      end
    end
  end
  return acc > 0 and 100 * miss / acc or 0
end

local all_ok = true
for _, kernel in ipairs(which == "both" and { "data", "topo" } or { which }) do
  local cols = arrays[kernel]
  local head = ("%-12s %9s %7s"):format("policy", "cycles", "speedup")
  for _, c in ipairs(cols) do head = head .. ("%7s"):format(c[1] .. "%") end
  head = head .. ("%9s %6s %6s %6s %7s %8s"):format("issued", "acc%", "cov%", "late%", "early", "DRAM MB")
  print(("%s BFS on %d vertices, %d edges, source %d (%s; L1D miss rate per array)"):format(
    kernel == "data" and ("data-driven (chunk " .. chunk .. ")") or "topology-driven", g.n, g.m, src,
    ws.options.preset or "gtx480"))
  print(head)
  local base
  for _, p in ipairs(policies) do
    local ok, st = pcall(run, kernel, p)
    if not ok then
      print(("%-12s %s"):format(p, st))
      all_ok = false
    else
      local t = st.total
      base = base or t.cycles
      local line = ("%-12s %9d %7.3f"):format(p, t.cycles, base / t.cycles)
      for _, c in ipairs(cols) do line = line .. ("%7.1f"):format(miss_rate(st, c)) end
      line = line .. ("%9d %6.1f %6.1f %6.1f %7d %8.1f"):format(t["pf.issued"], 100 * t["pf.accuracy"],
        100 * t["pf.coverage"], 100 * t["pf.lateness"], t["pf.early"], (t["dram.bytes_read"] + t["dram.bytes_written"]) / 1e6)
      print(line)
    end
  end
  print()
end
print("speedup = cycles without prefetching / cycles with; acc = (useful + late) / issued;")
print("cov = (useful + late) / (useful + late + demand misses); late% = late / (useful + late)")
if not all_ok then error("a run failed") end
print("prefetch_compare: every run's result matches the CPU reference")
