-- DSAP paper (seed 000) Fig. 12: speedup of DSAP with its adaptive
-- fine-grain management (the generator mask steps FULL -> WL+VL+EL ->
-- WL+VL -> WL -> OFF by prefetched-data utilization) and with on/off
-- management only ("DSAP w/o adaptive": every generator off when the
-- utilization is below the threshold), over no prefetching.
-- usage: warpscope --batch scenarios/experiments/dsap-fig12.lua [--quick]
--          [--out DIR] [--graphs DIR] [GRAPH,GRAPH,...]
local E = require "warpscope.experiment"
local D = require "warpscope.exp_dsap"

local ex = E.new{
  id = "dsap-fig12",
  title = "Speedup of DSAP with adaptive fine-grain management and with on/off management",
  source = "DSAP (seed 000) Fig. 12 and Sec. V-A",
  preset = D.preset,
  columns = {
    { "graph", "%-7s" }, { "for", "%-5s", "as" }, { "mgmt", "%-12s", "management" },
    { "speedup", "%7.3f" }, { "cycles", "%9d" }, { "issued", "%8d", "pf.issued" },
    { "util", "%6.1f", "use%" }, { "transitions", "%6d", "trans" },
    { "paper", "%6.2f", "p.gain" }, { "gain", "%6.3f" },
  },
}

-- "none" is no management at all (always every generator): not in the
-- paper, shown for reference.
local modes = { "granularity", "onoff", "none" }
local gains, sp = {}, { granularity = {}, onoff = {}, none = {} }
local worse = {}
for _, inp in ipairs(D.inputs(ex)) do
  local base = D.run(ex, inp, D.policy "none", "no prefetching")
  local s = {}
  for _, m in ipairs(modes) do
    local st = D.run(ex, inp, D.policy("dsap", { ["pf.dsap.adaptive"] = m }), "dsap adaptive=" .. m)
    s[m] = D.speedup(base, st)
    sp[m][#sp[m] + 1] = s[m]
    ex:row{ graph = inp.name, ["for"] = inp.paper, mgmt = m, speedup = s[m], cycles = st.total.cycles,
      issued = st.total["pf.issued"], util = (D.utilization(st)), transitions = st.total["pf.transitions"] }
  end
  local gain = s.granularity / s.onoff
  gains[#gains + 1] = gain
  ex.rows[#ex.rows - 2].gain = gain
  if gain < 1 then worse[#worse + 1] = inp.name end
end
for _, m in ipairs(modes) do
  ex:row{ graph = "geomean", mgmt = m, speedup = E.geomean(sp[m]),
    paper = m == "granularity" and D.paper.adaptive_gain or nil,
    gain = m == "granularity" and E.geomean(gains) or nil }
end
local g = E.geomean(gains)
ex:claim("Adaptive fine-grain management beats on/off management, by about 2 % on average", g > 1,
  ("here %+.1f %% (geomean over the graphs)"):format(100 * (g - 1)))
ex:claim("... on every graph", #worse == 0, #worse > 0 and ("not on " .. table.concat(worse, ", ")) or nil)
ex:note("gain = speedup with adaptive (granularity) management / speedup with on/off management; management 'none' (every generator always on) is not in the paper")
ex:note("threshold 0.8 (Fig. 7), utilization sampled every pf.dsap.period cycles (the paper gives no period); on/off and granularity leave OFF after pf.dsap.off_periods periods (the paper does not say how OFF is left); trans = state changes of the generator mask, summed over the SMs")
ex:finish()
