-- DSAP paper (seed 000) Fig. 14: the power and energy of the whole GPU with
-- DSAP against no prefetching, running data-driven BFS.  The paper used
-- GPUWattch on GPGPU-Sim's GTX480; here the energy model of ws_energy.c
-- with the energy.* prices of the same 40 nm machine (see --list-options).
-- usage: warpscope --batch scenarios/experiments/dsap-fig14.lua [--quick]
--          [--out DIR] [--graphs DIR] [GRAPH,GRAPH,...]
local E = require "warpscope.experiment"
local D = require "warpscope.exp_dsap"

local ex = E.new{
  id = "dsap-fig14",
  title = "GPU power and energy of BFS with DSAP against no prefetching",
  source = "DSAP (seed 000) Fig. 14 and Sec. V-A",
  preset = D.preset,
  columns = {
    { "graph", "%-6s" }, { "for", "%-5s", "as" },
    { "w_none", "%7.1f", "W_none" }, { "w_dsap", "%7.1f", "W_dsap" },
    { "paper_power", "%6s", "p.pow%" }, { "power", "%7.2f", "power%" },
    { "mj_none", "%8.3f", "mJ_none" }, { "mj_dsap", "%8.3f", "mJ_dsap" },
    { "paper_energy", "%6s", "p.en%" }, { "energy", "%7.2f", "energy%" },
    { "speedup", "%7.3f" }, { "static", "%6.1f", "stat%" }, { "dram", "%6.1f", "dram%" },
    { "pf", "%6.3f", "pf%" }, { "peak", "%7.1f", "W_peak" },
  },
}

local P = D.paper
local pw, en, names, why = {}, {}, {}, {}
for _, inp in ipairs(D.inputs(ex)) do
  local s0 = D.run(ex, inp, D.policy "none", "none")
  local s1 = D.run(ex, inp, D.policy "dsap", "dsap")
  local a, b = s0.total, s1.total
  if not (a["energy.total"] and b["energy.total"]) then
    error("dsap-fig14: the preset " .. D.preset .. " has no energy model (energy.table)")
  end
  local power = 100 * (b["power.avg"] / a["power.avg"] - 1)
  local energy = 100 * (b["energy.total"] / a["energy.total"] - 1)
  local sp = D.speedup(s0, s1)
  ex:row{ graph = inp.name, ["for"] = inp.paper, w_none = a["power.avg"], w_dsap = b["power.avg"],
    paper_power = "+8.3", power = power, mj_none = 1e3 * a["energy.total"], mj_dsap = 1e3 * b["energy.total"],
    paper_energy = "-15.1", energy = energy, speedup = sp,
    static = 100 * b["energy.static"] / b["energy.total"], dram = 100 * b["energy.dram"] / b["energy.total"],
    pf = 100 * b["energy.pf"] / b["energy.total"], peak = b["power.peak"] }
  names[#names + 1] = inp.name
  pw[#pw + 1] = power
  en[#en + 1] = energy
  -- energy = power x time: the energy ratio is the power ratio over the speedup
  why[#why + 1] = math.abs((1 + energy / 100) - (1 + power / 100) / sp)
end
local function mean(t)
  local s = 0
  for _, v in ipairs(t) do s = s + v end
  return #t > 0 and s / #t or 0
end
local plo, phi = D.range(pw)
local elo, ehi = D.range(en)
ex:row{ graph = "mean", paper_power = "+8.3", power = mean(pw), paper_energy = "-15.1", energy = mean(en) }
ex:claim("DSAP raises the GPU's average power on every graph (paper: +8.3 % on average, at most +11.8 %)",
  plo > 0, ("here %+.1f %% to %+.1f %%, mean %+.1f %%"):format(plo, phi, mean(pw)))
ex:claim("The power increase stays small: at most +11.8 % (paper's largest)", phi <= P.power.max,
  ("largest here %+.1f %%"):format(phi))
ex:claim("DSAP lowers the GPU's energy on every graph (paper: -15.1 % on average, up to -27 %)", ehi < 0,
  ("here %+.1f %% to %+.1f %%, mean %+.1f %%"):format(elo, ehi, mean(en)))
ex:claim("Energy falls about as the paper says: mean within 5 points of -15.1 %", math.abs(mean(en) - P.energy.mean) <= 5,
  ("mean here %+.1f %%"):format(mean(en)))
local _, worst = D.range(why)
ex:claim("Energy = average power x time: the energy ratio equals the power ratio over the speedup",
  worst < 1e-9, ("largest difference %.2g"):format(worst))
ex:note("power% and energy% = DSAP over no prefetching, minus 1 (the paper's Fig. 14: the rates of power and energy increment); the paper's text gives only the mean and the extreme, not per-dataset bars")
ex:note("stat%, dram%, pf% = shares of DSAP's energy that are static (static and constant power x time), DRAM events, and DSAP's own tables (ART and RIT); W_peak = the highest power over a stats.interval window")
ex:note("the prices are the energy.* keys of the gtx480 presets (40 nm: Keckler et al. 2011 SRAM, wire and FMA energies, GPUWattch's idle SM and constant power, GDDR5 14 pJ/bit); the paper's GPUWattch scales McPAT's per-access energies by fitted factors, so absolute watts differ")
ex:finish()
