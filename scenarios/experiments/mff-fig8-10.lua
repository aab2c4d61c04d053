-- MFF paper (seed 003) Figs. 8-10 from one set of runs: PageRank, BFS,
-- SSSP and WCC (warpscope.mff: the paper's vertex-centric kernels with
-- bit-vector scheduling), baseline against the MFF unit, on gtx480 as the
-- paper states it (B4: l1d.mshr 32, graph data in DRAM).  Every figure
-- measures the computation stage only (the vertex schedule is excluded, as
-- in the paper).
--   Fig. 8: energy E_MFF / E_base;  Fig. 9: power by component (core, NoC,
--   caches, DRAM, MFF, static) for amazon-2008 and dblp-2011's stand-ins;
--   Fig. 10: speedup T_base / T_MFF;  Sec. 6.2: memory traffic, interconnect
--   stall cycles, the unit's share of the energy.
-- usage: warpscope --batch scenarios/experiments/mff-fig8-10.lua [--quick]
--          [--out DIR] [--graphs DIR] [GRAPH,GRAPH,...]
local E = require "warpscope.experiment"
local X = require "warpscope.exp_mff"

local ex = E.new{
  id = "mff-fig8-10",
  title = "MFF against the baseline: speedup, energy, power by component, memory traffic, interconnect stalls",
  source = "MFF (seed 003) Sec. 6, Figs. 8-10; research extraction B4-B7",
  preset = "gtx480",
  columns = {
    { "graph", "%-6s" }, { "algo", "%-4s" }, { "steps", "%5d" }, { "cyc_base", "%10d", "cyc base" },
    { "cyc_mff", "%10d", "cyc MFF" }, { "speedup", "%6.2f" }, { "energy", "%6.3f", "E ratio" },
    { "traffic", "%7.1f", "traffic%" }, { "icnt_stall", "%7.1f", "icstall%" }, { "coal", "%5.3f", "coal" },
    { "mff_share", "%5.2f", "mff%" }, { "p_base", "%6.1f", "P base" }, { "p_mff", "%6.1f", "P MFF" },
    { "dp_core", "%6.1f", "core%" }, { "dp_noc", "%6.1f", "noc%" }, { "dp_dram", "%6.1f", "dram%" },
  },
}

local want = E.pick(X.INPUTS, ex.args[1], "graph")

local function get(c, k) return c[k] or 0 end
-- Traffic: bytes between L2 and DRAM, read and written.
local function traffic(c) return get(c, "dram.bytes_read") + get(c, "dram.bytes_written") end
-- Interconnect stall cycles: packet-cycles spent in either network waiting
-- for an output (push to grant, icnt.*.latency_sum) [choice: GPGPU-Sim's
-- icnt stalls are not defined in the paper].
local function istall(c) return get(c, "icnt.req.latency_sum") + get(c, "icnt.rep.latency_sum") end
-- Power by component (W) over the computation stage.
local function power(c)
  local s = get(c, "cycles") / (X.CORE_MHZ * 1e6)
  if s <= 0 then return {} end
  return {
    core = (get(c, "energy.core") + get(c, "energy.rf")) / s,
    noc = get(c, "energy.icnt") / s,
    caches = (get(c, "energy.l1") + get(c, "energy.l2")) / s,
    dram = get(c, "energy.dram") / s,
    mff = get(c, "energy.pf") / s,
    static = get(c, "energy.static") / s,
    total = get(c, "energy.total") / s,
  }
end
local function pct(a, b) return b > 0 and 100 * (a / b - 1) or nil end

local rows = {}
for _, inp in ipairs(want) do
  local g = X.graph(ex, inp)
  for _, alg in ipairs(X.ALGOS) do
    local b = X.run(ex, g, inp.name, alg, false)
    local m = X.run(ex, g, inp.name, alg, true)
    ex:check(b.steps == m.steps, ("%s %s: the same super-steps in both versions"):format(inp.name, alg))
    ex:check(get(m, "mff.commands") > 0, ("%s %s: the MFF run sends commands"):format(inp.name, alg))
    local pb, pm = power(b), power(m)
    local r = {
      graph = inp.name, as = inp.paper, algo = alg, steps = b.steps, cyc_base = b.cycles, cyc_mff = m.cycles,
      speedup = E.ratio(b.cycles, m.cycles), energy = E.ratio(m["energy.total"], b["energy.total"]),
      traffic = pct(traffic(m), traffic(b)), icnt_stall = pct(istall(m), istall(b)),
      icnt_full_base = get(b, "stall.lg_throttle.icnt_full"), icnt_full_mff = get(m, "stall.lg_throttle.icnt_full"),
      coal = get(m, "mff.lookups") > 0 and get(m, "mff.coalesced") / get(m, "mff.lookups") or nil,
      mff_share = m["energy.total"] and 100 * get(m, "energy.pf") / m["energy.total"] or nil,
      p_base = pb.total, p_mff = pm.total,
      dp_core = pb.core and pct(pm.core, pb.core), dp_noc = pb.noc and pct(pm.noc, pb.noc),
      dp_dram = pb.dram and pct(pm.dram, pb.dram),
      power_base = pb, power_mff = pm, base = b, mff = m,
    }
    ex:row(r)
    rows[#rows + 1] = r
  end
  ex:note(("%s (%s: %s): %d vertices, %d edges"):format(inp.name, inp.paper, inp.what, g.n, g.m))
end

-- Claims (B6).
local function col(list, k)
  local out = {}
  for _, r in ipairs(list) do if r[k] then out[#out + 1] = r[k] end end
  return out
end
local by = {}
for _, r in ipairs(rows) do by[r.algo] = by[r.algo] or {}; table.insert(by[r.algo], r) end
local avg = {}
local parts = {}
for _, a in ipairs(X.ALGOS) do
  if by[a] then
    avg[a] = E.geomean(col(by[a], "speedup"))
    parts[#parts + 1] = ("%s %.2fx"):format(a, avg[a])
  end
end
if #rows > 0 then
  local lo, hi
  for _, a in ipairs(X.ALGOS) do
    if avg[a] then
      lo = (not lo or avg[a] < avg[lo]) and a or lo
      hi = (not hi or avg[a] > avg[hi]) and a or hi
    end
  end
  local detail = table.concat(parts, ", ") .. " (geometric means over the graphs)"
  ex:claim(("Per-algorithm average speedups span %.2fx .. %.2fx (within 25 %% at both ends)"):format(
    X.PAPER.speedup_lo, X.PAPER.speedup_hi),
    math.abs(avg[lo] / X.PAPER.speedup_lo - 1) <= 0.25 and math.abs(avg[hi] / X.PAPER.speedup_hi - 1) <= 0.25, detail)
  ex:claim("BFS gains most and PageRank least", hi == "BFS" and lo == "PR", detail)
  local e = X.mean(col(rows, "energy"))
  ex:claim(("Energy %.1f %% on average (within 10 points)"):format(X.PAPER.energy),
    e and math.abs(100 * (e - 1) - X.PAPER.energy) <= 10, e and ("%+.1f %% (mean of E_MFF / E_base)"):format(100 * (e - 1)))
  local t = X.mean(col(rows, "traffic"))
  ex:claim(("Memory traffic %.1f %% on average (within 10 points)"):format(X.PAPER.traffic),
    t and math.abs(t - X.PAPER.traffic) <= 10, t and ("%+.1f %% (DRAM bytes read and written)"):format(t))
  local s = X.mean(col(rows, "icnt_stall"))
  ex:claim(("Interconnect stall cycles %.1f %% on average (within 10 points)"):format(X.PAPER.icnt_stall),
    s and math.abs(s - X.PAPER.icnt_stall) <= 10, s and ("%+.1f %% (packet-cycles waiting in the networks)"):format(s))
  local sh = X.mean(col(rows, "mff_share"))
  ex:claim(("The unit's share of the energy is about %.1f %% (below 1 %%)"):format(X.PAPER.mff_share),
    sh and sh < 1, sh and ("mean %.2f %%"):format(sh))
  -- Fig. 9: AMZ and DBLP11, every algorithm.
  local f9, up, dram, cn, list = 0, 0, 0, 0, {}
  for _, r in ipairs(rows) do
    if (r.graph == "AMZ" or r.graph == "DBLP11") and r.p_base then
      f9 = f9 + 1
      if r.p_mff > r.p_base then up = up + 1 end
      if r.dp_dram and r.dp_dram > 0 then dram = dram + 1 end
      if r.dp_core and r.dp_core < 0 and r.dp_noc and r.dp_noc < 0 then cn = cn + 1 end
      list[#list + 1] = ("%s %s %.1f -> %.1f W"):format(r.graph, r.algo, r.p_base, r.p_mff)
    end
  end
  if f9 > 0 then
    ex:claim("Fig. 9: total power higher with the MFF (amazon-2008, dblp-2011 stand-ins)", up == f9,
      ("%d of %d runs: %s"):format(up, f9, table.concat(list, ", ")))
    ex:claim("Fig. 9: DRAM power up with the MFF", dram == f9, ("%d of %d runs"):format(dram, f9))
    ex:claim("Fig. 9: core and NoC power down with the MFF", cn == f9, ("%d of %d runs"):format(cn, f9))
  end
end
ex:note("Computation stage only (the vertex schedule's launches are excluded, as in the paper).  cyc: its cycles; "
  .. "speedup = cyc base / cyc MFF; E ratio = E_MFF / E_base (energy.total, static included); traffic% = change of "
  .. "DRAM bytes read + written; icstall% = change of interconnect stall cycles, defined here as the packet-cycles "
  .. "spent in the request and reply networks waiting for an output (icnt.req.latency_sum + icnt.rep.latency_sum); "
  .. "coal = mff.coalesced / mff.lookups (Tag Unit lookups merged into an entry); mff% = the unit's share of the "
  .. "MFF run's energy (energy.pf: no prefetcher runs); P = mean power (W) = energy / time at clock.core 700 MHz; "
  .. "core%, noc%, dram% = change of that component's power (core = energy.core + energy.rf).  Averages over "
  .. "graphs: speedups geometric, percentages and ratios arithmetic.")
ex:note(("PageRank runs %d super-steps [choice: the paper runs to convergence]; BFS and SSSP start at the vertex "
  .. "of highest out-degree; edge weights 1..64 [choice].  Machine: gtx480, l1d.mshr=32 (B4), mem.copy_to_l2=false "
  .. "(all graph data in DRAM, B3)."):format(X.PR_ITERS))
ex:finish()
