-- DSAP paper (seed 000) Fig. 11: the increase in DRAM bandwidth DSAP
-- causes, and the utilization of the data it prefetches.
-- usage: warpscope --batch scenarios/experiments/dsap-fig11.lua [--quick]
--          [--out DIR] [--graphs DIR] [GRAPH,GRAPH,...]
local E = require "warpscope.experiment"
local D = require "warpscope.exp_dsap"

local ex = E.new{
  id = "dsap-fig11",
  title = "DRAM bandwidth increase and prefetched-data utilization of DSAP",
  source = "DSAP (seed 000) Fig. 11 and Sec. V-A",
  preset = D.preset,
  columns = {
    { "graph", "%-6s" }, { "for", "%-5s", "as" }, { "footprint", "%7d", "data_KB" },
    { "mb_none", "%8.2f", "MB_none" }, { "mb_dsap", "%8.2f", "MB_dsap" },
    { "paper_bw", "%6s", "p.bw%" }, { "traffic", "%7.1f", "bytes%" }, { "bandwidth", "%7.1f", "B/cyc%" },
    { "paper_util", "%6s", "p.use%" }, { "util", "%6.1f", "use%" }, { "decided", "%6.1f", "dec%" },
    { "useless", "%6.1f", "there%" }, { "l2_none", "%6.1f", "L2hit0" }, { "l2_dsap", "%6.1f", "L2hit" },
  },
}

local bw, use, names = {}, {}, {}
for _, inp in ipairs(D.inputs(ex)) do
  local s0 = D.run(ex, inp, D.policy "none", "none")
  local s1 = D.run(ex, inp, D.policy "dsap", "dsap")
  local b0, b1 = D.dram_bytes(s0), D.dram_bytes(s1)
  local u, dec = D.utilization(s1)
  local t = s1.total
  -- the BFS arrays: vertex list n+1, edge list m, visited n, two work lists n (4 B each)
  local kb = (4 * (inp.g.n + 1) + 4 * inp.g.m + 12 * inp.g.n) // 1024
  local traffic = b0 > 0 and 100 * (b1 / b0 - 1) or nil
  local band = b0 > 0 and 100 * ((b1 / t.cycles) / (b0 / s0.total.cycles) - 1) or nil
  ex:row{ graph = inp.name, ["for"] = inp.paper, footprint = kb, mb_none = b0 / 1e6, mb_dsap = b1 / 1e6,
    paper_bw = "<=7", traffic = traffic, bandwidth = band, paper_util = ">=75", util = u, decided = dec,
    useless = t["pf.issued"] > 0 and 100 * t["pf.useless"] / t["pf.issued"] or nil,
    l2_none = 100 * s0.total["l2.hit_rate"], l2_dsap = 100 * t["l2.hit_rate"] }
  names[#names + 1] = inp.name
  bw[#bw + 1] = traffic or 0
  use[#use + 1] = u or 0
end

local _, bhi = D.range(bw)
local ulo = D.range(use)
ex:claim("DSAP adds at most 7 % DRAM traffic on every graph", bhi <= 7, ("largest increase %.1f %%"):format(bhi))
ex:claim("At least 75 % of the prefetched data is used on every graph", ulo >= 75, ("lowest utilization %.1f %%"):format(ulo))
ex:note("bytes% = DRAM bytes moved (read + written) with DSAP over without, minus 1; B/cyc% = the same for bytes per cycle (bandwidth used), which also grows with the speedup")
ex:note("use% = prefetched lines used by a demand (hit, or joined in flight) / lines brought into L1 by a prefetch; dec% = the same over the lines whose fate is known (used or evicted unused), what DSAP's controller samples; there% = prefetches that found their line already in L1 or in flight (no fill; DSAP still reads their data)")
ex:note("data_KB = the BFS arrays (vertex, edge, visited and two work lists, 4 B elements); the L2 holds 768 KB, so a graph whose arrays fit there sends DRAM only its compulsory misses")
ex:finish()
