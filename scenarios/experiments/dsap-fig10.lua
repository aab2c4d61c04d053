-- DSAP paper (seed 000) Fig. 10: L1 miss rate of each BFS array (work
-- list WL, vertex list VL, edge list EL, visited list VIS) without
-- prefetching and with DSAP.
-- usage: warpscope --batch scenarios/experiments/dsap-fig10.lua [--quick]
--          [--out DIR] [--graphs DIR] [GRAPH,GRAPH,...]
local E = require "warpscope.experiment"
local D = require "warpscope.exp_dsap"

local ex = E.new{
  id = "dsap-fig10",
  title = "L1 miss rate per BFS array, without prefetching and with DSAP",
  source = "DSAP (seed 000) Fig. 10 and Sec. V-A",
  preset = D.preset,
  columns = {
    { "graph", "%-6s" }, { "for", "%-5s", "as" }, { "array", "%-5s" },
    { "paper_none", "%6.1f", "p.none" }, { "none", "%6.1f" }, { "dsap", "%6.1f" },
    { "paper_red", "%6.2f", "p.red" }, { "red", "%6.1f" }, { "red_rel", "%6.1f", "red%" },
    { "pending", "%6.1f", "pend%" }, { "late", "%6.1f", "late%" }, { "issued", "%8d", "pf.issued" },
  },
}

local worst_wl, order, vis_least, baseline = {}, {}, {}, {}
local base_of = {}
for _, inp in ipairs(D.inputs(ex)) do
  local a0 = D.arrays(D.run(ex, inp, D.policy "none", "none"))
  local a1 = D.arrays(D.run(ex, inp, D.policy "dsap", "dsap"))
  local paper = D.paper.arrays[inp.paper] or {}
  local r, rel = {}, {}
  for _, k in ipairs(D.role_names) do
    local m0, m1 = D.miss(a0[k]), D.miss(a1[k])
    local used = a1[k].useful + a1[k].late
    r[k] = m0 - m1
    rel[k] = m0 > 0 and 100 * r[k] / m0 or 0
    ex:row{ graph = inp.name, ["for"] = inp.paper, array = k,
      paper_none = paper[k] and paper[k][1], paper_red = paper[k] and paper[k][2],
      none = m0, dsap = m1, red = r[k], red_rel = m0 > 0 and rel[k] or nil,
      pending = D.pending(a1[k]), late = used > 0 and 100 * a1[k].late / used or nil, issued = a1[k].issued }
  end
  base_of[inp.name] = { VL = D.miss(a0.VL), EL = D.miss(a0.EL), VIS = D.miss(a0.VIS) }
  if not (rel.WL <= rel.VL and rel.WL <= rel.EL and rel.WL <= rel.VIS) then worst_wl[#worst_wl + 1] = inp.name end
  local txt = ("%s (VL %.1f, EL %.1f, VIS %.1f %%)"):format(inp.name, rel.VL, rel.EL, rel.VIS)
  if not (rel.VL >= rel.EL and rel.VL >= rel.VIS) then order[#order + 1] = txt end
  if not (rel.VIS <= rel.EL and rel.VIS <= rel.VL) then vis_least[#vis_least + 1] = txt end
  local function late(k) local u = a1[k].useful + a1[k].late return u > 0 and a1[k].late / u or 0 end
  baseline[inp.name] = { vis_late = late "VIS", vl_late = late "VL", el_late = late "EL" }
end

ex:claim("The work list's miss rate falls least of the four arrays (its locality is already good; relative reductions)", #worst_wl == 0,
  #worst_wl > 0 and ("not on " .. table.concat(worst_wl, ", ")) or nil)
ex:claim("Among VL, EL and VIS, VL's miss rate falls most (relative reductions; the paper's own OR numbers fall most on EL)", #order == 0,
  #order > 0 and ("not on " .. table.concat(order, "; ")) or nil)
ex:claim("Among VL, EL and VIS, VIS's miss rate falls least (relative reductions)", #vis_least == 0,
  #vis_least > 0 and ("not on " .. table.concat(vis_least, "; ")) or nil)
local lates, bad = {}, {}
for n, b in pairs(baseline) do
  lates[#lates + 1] = ("%s %.0f%%"):format(n, 100 * b.vis_late)
  if b.vis_late < b.vl_late or b.vis_late < b.el_late then bad[#bad + 1] = n end
end
table.sort(lates)
table.sort(bad)
ex:claim("VIS prefetches are the most often late (still in flight when the demand load comes)", #bad == 0,
  ("late share of used VIS prefetches: %s%s"):format(table.concat(lates, ", "),
    #bad > 0 and ("; not the most late on " .. table.concat(bad, ", ")) or ""))
if base_of.OR and base_of.ROAD then
  local o, u = base_of.OR, base_of.ROAD
  ex:claim("The road network's baseline miss rates (USA: VL 82.6, EL 90.9, VIS 81.8 %) are higher than OR's (40.8, 67.5, 55.2 %)",
    u.VL > o.VL and u.EL > o.EL and u.VIS > o.VIS,
    ("ROAD %.1f, %.1f, %.1f; OR %.1f, %.1f, %.1f"):format(u.VL, u.EL, u.VIS, o.VL, o.EL, o.VIS))
  ex:claim("Baseline miss rates of VL, EL and VIS exceed 80 % on the road network (paper Fig. 1, USA)",
    u.VL > 80 and u.EL > 80 and u.VIS > 80, ("ROAD %.1f, %.1f, %.1f"):format(u.VL, u.EL, u.VIS))
end
ex:note("p.none, p.red: the paper's baseline miss rate and DSAP's reduction, given only for USA (beside ROAD) and OR; the text does not say whether the reduction is in points or relative: red is in points, red% relative to none, and the claims use red% (in points USA's reductions, 42 to 74, could not leave Fig. 9's overall reduction at most 26.7 when VIS loads dominate; neither reading quite can)")
ex:note("miss rates (%) of demand loads, misses / L1 lookups; pend% = lookups with DSAP that joined a line in flight (not misses); late% = of the used prefetches of the array, those a demand joined in flight")
ex:finish()
