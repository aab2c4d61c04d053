-- The counters behind the DSAP experiments, for one graph: per prefetcher,
-- L1 miss rates and prefetch outcomes per BFS array, memory latency, DRAM
-- traffic, load/store stalls, and the cycles of every BFS level.  This is
-- how the differences between the paper and dsap-fig*.lua are explained
-- (see EXPERIMENTS.md).
-- usage: warpscope --batch scenarios/experiments/dsap-probe.lua [--quick]
--          [--out DIR] [--graphs DIR] GRAPH [RUN,RUN,...] [SOURCE]
-- RUN is a pf.policy value with optional options, "dsap:pf.dsap.adaptive=none"
-- or "none:l1d.latency=36;sm.sched=lrr" (default none,nextline,ghb-stride,dsap);
-- SOURCE is the BFS source (default: the vertex of highest degree).
local E = require "warpscope.experiment"
local D = require "warpscope.exp_dsap"

local ex = E.new{
  id = "dsap-probe",
  title = "Counters of the data-driven BFS per prefetcher",
  source = "DSAP (seed 000), for Figs. 8-17",
  preset = D.preset,
  columns = {
    { "run", "%-30s" }, { "cycles", "%9d" }, { "speedup", "%7.3f" }, { "first", "%6.1f", "first%" },
    { "warps", "%5.1f", "warps" }, { "WL", "%5.1f", "WL%" }, { "VL", "%5.1f", "VL%" }, { "EL", "%5.1f", "EL%" },
    { "VIS", "%5.1f", "VIS%" }, { "issued", "%7d", "pf.iss" }, { "useful", "%6d" }, { "late", "%6d" },
    { "early", "%6d" }, { "useless", "%7d" }, { "l2lat", "%6.0f", "L2lat" }, { "dram", "%7.2f", "DRAM_MB" },
    { "lg", "%6.1f", "lg%" },
  },
}

local name = ex.args[1] or error("usage: dsap-probe.lua [--quick] GRAPH [RUN,RUN,...] [SOURCE]", 0)
local g, desc = ex:graph(name)
local inp = { name = name, paper = "-", g = g, desc = desc, src = ex:start_vertex(g) }
if ex.args[3] then
  inp.src = math.tointeger(tonumber(ex.args[3]))
  if not inp.src or inp.src < 0 or inp.src >= g.n then error(("SOURCE must be a vertex, 0..%d"):format(g.n - 1), 0) end
end
local deg = g:degrees()

local runs = {}
for r in (ex.args[2] or "none,nextline,ghb-stride,dsap"):gmatch("[^,]+") do runs[#runs + 1] = r end
local base
local levels = {}
for _, r in ipairs(runs) do
  local pol, extra = r:match("^([^:]+):?(.*)$")
  local opts = { ["pf.policy"] = pol }
  for kv in extra:gmatch("[^;]+") do
    local k, v = kv:match("^(.-)=(.*)$")
    if not k then error(("run '%s': options are KEY=VALUE separated by ';'"):format(r), 0) end
    opts[k] = v
  end
  local st, seen = D.run(ex, inp, opts, r)
  base = base or st
  local t, a = st.total, D.arrays(st)
  ex:row{ run = r, cycles = t.cycles, speedup = D.speedup(base, st), first = D.first_share(seen),
    warps = t.warps_active, WL = D.miss(a.WL), VL = D.miss(a.VL), EL = D.miss(a.EL), VIS = D.miss(a.VIS),
    issued = t["pf.issued"], useful = t["pf.useful"], late = t["pf.late"], early = t["pf.early"],
    useless = t["pf.useless"], l2lat = t["mem.avg_latency.l2"], dram = D.dram_bytes(st) / 1e6,
    lg = 100 * t["stall.lg_throttle"] / t.warp_slot_cycles }
  levels[#levels + 1] = { r, seen.launches, a }
end

print(("%s, BFS from vertex %d (degree %d); per array with each run: prefetches issued/useful/late/early/useless"):format(
  name, inp.src, deg[inp.src]))
for _, l in ipairs(levels) do
  local parts = {}
  for _, k in ipairs(D.role_names) do
    local x = l[3][k]
    parts[#parts + 1] = ("%s %d/%d/%d/%d/%d"):format(k, x.issued, x.useful, x.late, x.early, x.useless)
  end
  print(("  %-30s %s"):format(l[1], table.concat(parts, "  ")))
end
print("cycles of each BFS level (launch), with its number of CTAs in brackets:")
for _, l in ipairs(levels) do
  local parts = {}
  for i, x in ipairs(l[2]) do
    if i > 12 then parts[#parts + 1] = ("... (%d levels)"):format(#l[2]); break end
    parts[#parts + 1] = ("%d[%d]"):format(x.cycles, x.grid)
  end
  print(("  %-30s %s"):format(l[1], table.concat(parts, " ")))
end
ex:note("speedup over the first run; first% = cycles of the first level (the source alone) / all; warps = average resident warps per SM; miss rates of demand loads per array; L2lat = average latency of loads served by the L2 (core cycles); lg% = warp-cycles stalled on the LD/ST unit (lg_throttle) / warp-slot cycles")
ex:finish()
