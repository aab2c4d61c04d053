-- DSAP paper (seed 000) Fig. 17: DSAP with the loose round-robin (LRR)
-- warp scheduler, against DSAP with greedy-then-oldest (GTO), the paper's
-- baseline scheduler.
-- usage: warpscope --batch scenarios/experiments/dsap-fig17.lua [--quick]
--          [--out DIR] [--graphs DIR] [GRAPH,GRAPH,...]
local E = require "warpscope.experiment"
local D = require "warpscope.exp_dsap"

local ex = E.new{
  id = "dsap-fig17",
  title = "DSAP with the LRR scheduler against DSAP with GTO",
  source = "DSAP (seed 000) Fig. 17 and Sec. V-B.3",
  preset = D.preset,
  columns = {
    { "graph", "%-6s" }, { "for", "%-5s", "as" }, { "sched", "%-5s" },
    { "none", "%9d", "cyc_none" }, { "dsap", "%9d", "cyc_dsap" }, { "speedup", "%7.3f", "sp_same" },
    { "paper", "%8s", "p.change" }, { "change", "%7.2f", "change%" }, { "none_change", "%7.2f", "none%" },
  },
}

local out, changes = {}, {}
for _, inp in ipairs(D.inputs(ex)) do
  local r = {}
  for _, sched in ipairs { "gto", "lrr" } do
    local s0 = D.run(ex, inp, D.policy("none", { ["sm.sched"] = sched }), "none " .. sched)
    local s1 = D.run(ex, inp, D.policy("dsap", { ["sm.sched"] = sched }), "dsap " .. sched)
    r[sched] = { none = s0.total.cycles, dsap = s1.total.cycles }
    ex:row{ graph = inp.name, ["for"] = inp.paper, sched = sched:upper(), none = s0.total.cycles,
      dsap = s1.total.cycles, speedup = s0.total.cycles / s1.total.cycles }
  end
  local c = 100 * (r.gto.dsap / r.lrr.dsap - 1)
  ex.rows[#ex.rows].change = c
  ex.rows[#ex.rows].none_change = 100 * (r.gto.none / r.lrr.none - 1)
  ex.rows[#ex.rows].paper = "+-1.5"
  changes[#changes + 1] = ("%s %+.2f %%"):format(inp.name, c)
  if math.abs(c) > 1.5 then out[#out + 1] = inp.name end
end
ex:claim("DSAP's performance with LRR stays within +-1.5 % of GTO on every graph", #out == 0,
  table.concat(changes, ", "))
ex:note("change% = DSAP's performance with LRR over DSAP with GTO (cycles GTO / cycles LRR), minus 1; none% = the same without prefetching; sp_same = DSAP's speedup over no prefetching with the same scheduler")
ex:finish()
