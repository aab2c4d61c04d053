-- MTP paper (seed 004) Fig. 13: speedup of the CPU-style hardware
-- prefetchers of Table V (stride RPT, StridePC, stream, AC/DC GHB) over no
-- prefetching, in their naive form (Fig. 13a) and trained with the warp id
-- (the paper's enhanced form, pf.warp_trained=true, Fig. 13b), on kernels
-- modelled on the paper's benchmarks (warpscope.exp_mtp), on g80-mtp.
-- usage: warpscope --batch scenarios/experiments/mtp-fig13.lua [--quick]
--          [--out DIR] [--graphs DIR] [KERNEL,KERNEL,...]
local E = require "warpscope.experiment"
local H = require "warpscope.exp_mtphw"

local ex = E.new{
  id = "mtp-fig13",
  title = "Speedup of naive and warp-trained hardware prefetchers over no prefetching",
  source = "MTP (seed 004) Fig. 13 and Sec. VIII-A",
  preset = H.preset,
  columns = {
    { "kernel", "%-9s" }, { "type", "%-6s" }, { "form", "%-5s" }, { "pf", "%-8s", "prefetch" },
    { "paper", "%6s" }, { "speedup", "%7.3f" }, { "cycles", "%9d" }, { "issued", "%8d", "pf.issued" },
    { "acc", "%5.1f", "acc%" }, { "cov", "%5.1f", "cov%" }, { "late", "%5.1f", "late%" }, { "early", "%7d" },
    { "served", "%5.1f", "pfc%" },
  },
}

-- The paper's numbers (Sec. VIII-A): warp-trained StridePC and GHB; the
-- naive forms slow black and stream down.
local paper = {
  w = { stridepc = { black = "1.10", mersenne = "1.74", monte = "2.42", pns = "1.49", stream = "0.65" },
        ghb = { scalar = "1.12", linear = "1.08" } },
  n = {},
}
for _, p in ipairs(H.table5) do paper.n[p] = { black = "<1", stream = "<1" } end

local kernels = H.kernels(ex, { black = true, stream = true, backprop = true, linear = true })
local sp = { n = {}, w = {} }   -- sp[form][pf][kernel name]
local met = { n = {}, w = {} }
for _, f in ipairs { "n", "w" } do
  for _, p in ipairs(H.table5) do sp[f][p], met[f][p] = {}, {} end
end
for _, e in ipairs(kernels) do
  local base = H.run(ex, e, H.cfg.none)
  ex:row{ kernel = e.name, type = e.type, form = "-", pf = "none", speedup = 1, cycles = base.total.cycles, issued = 0 }
  for _, f in ipairs { "n", "w" } do
    for _, p in ipairs(H.table5) do
      local st, x = H.run(ex, e, H.cfg[p .. "_" .. f], nil,
        ("%s/%s %s"):format(e.name, p, f == "n" and "naive" or "warp-trained"))
      local m = H.metrics(base, st, x)
      sp[f][p][e.name], met[f][p][e.name] = m.speedup, m
      ex:row{ kernel = e.name, type = e.type, form = f == "n" and "naive" or "warp", pf = p,
        paper = paper[f][p] and paper[f][p][e.analogue] or nil, speedup = m.speedup, cycles = m.cycles,
        issued = m.issued, acc = m.acc, cov = m.cov, late = m.late, early = m.early, served = m.served }
    end
  end
end
local gm = { n = {}, w = {} }
for _, f in ipairs { "n", "w" } do
  for _, p in ipairs(H.table5) do
    gm[f][p] = H.geo(kernels, function(e) return sp[f][p][e.name] end)
    ex:row{ kernel = "geomean", form = f == "n" and "naive" or "warp", pf = p, speedup = gm[f][p] }
  end
end

-- The paper's claims.
local function sget(f, p) return function(e) return sp[f][p][e.name] end end
for _, a in ipairs { "black", "stream" } do
  local e = H.find(kernels, a)
  if e then
    local worst, wp = math.huge, nil
    for _, p in ipairs(H.table5) do
      if sp.n[p][e.name] < worst then worst, wp = sp.n[p][e.name], p end
    end
    ex:claim(("%s: a naive prefetcher slows it down (training confused by many warps)"):format(a), worst < 0.98,
      ("holds when one < 0.98; slowest naive: %s %.3f; naive %s"):format(wp, worst, table.concat((function()
        local t = {}
        for _, p in ipairs(H.table5) do t[#t + 1] = ("%s %.3f"):format(p, sp.n[p][e.name]) end
        return t
      end)(), ", ")))
  end
end
-- stability: spread of log speedups, naive against warp-trained
local function spread(f)
  local s, n = 0, 0
  for _, p in ipairs(H.table5) do
    for _, e in ipairs(kernels) do
      s, n = s + math.abs(math.log(sp[f][p][e.name])), n + 1
    end
  end
  return math.exp(s / n) - 1
end
local sn, sw = spread "n", spread "w"
ex:claim("Warp-trained prefetchers are more stable than naive ones", sw <= sn,
  ("mean |change| naive %.1f %%, warp-trained %.1f %%"):format(100 * sn, 100 * sw))
do
  local flat, n = 0, 0
  for _, p in ipairs { "stride", "stream", "ghb" } do
    for _, e in ipairs(kernels) do
      n = n + 1
      if math.abs(sp.w[p][e.name] - 1) <= 0.05 then flat = flat + 1 end
    end
  end
  ex:claim("Warp-trained stride, stream and GHB are mostly ineffective (tables shared by many warps)",
    flat * 2 > n, ("%d of %d kernel x prefetcher pairs within +-5 %%"):format(flat, n))
end
do
  local ok, t = true, {}
  for _, a in ipairs { "black", "mersenne", "monte", "pns" } do
    local k = H.find(kernels, a)
    if k then
      ok = ok and sp.w.stridepc[k.name] > 1.05
      t[#t + 1] = ("%s %.3f"):format(k.name, sp.w.stridepc[k.name])
    end
  end
  if #t > 0 then
    ex:claim("Warp-trained StridePC gains on loop kernels: black +10 %, mersenne +74 %, monte +142 %, pns +49 %",
      ok, table.concat(t, ", ") .. " (holds when each > 1.05)")
  end
end
local es = H.find(kernels, "stream")
if es then
  local m = met.w.stridepc[es.name]
  ex:claim("Warp-trained StridePC slows stream down by 35 %, with 93 % of its prefetches late", m.speedup < 1,
    ("here %.3f, %.1f %% late"):format(m.speedup, m.late or 0))
end
do
  local t, ok, cov = {}, true, 0
  for _, a in ipairs { "scalar", "linear" } do
    local k = H.find(kernels, a)
    if k then
      ok = ok and sp.w.ghb[k.name] > 1.02
      t[#t + 1] = ("%s %.3f"):format(k.name, sp.w.ghb[k.name])
    end
  end
  for _, k in ipairs(kernels) do cov = math.max(cov, met.w.ghb[k.name].cov or 0) end
  if #t > 0 then
    ex:claim("Warp-trained GHB gains on scalar (+12 %) and linear (+8 %)", ok, table.concat(t, ", ") .. " (holds when each > 1.02)")
  end
  ex:claim("Warp-trained GHB's coverage is at most 10 % (scalar)", cov <= 12.5,
    ("highest coverage here %.1f %% (holds up to 12.5 %%)"):format(cov))
end

ex:note(H.kernel_note)
ex:note(H.machine_note)
ex:note("Table V sizes: stride 1024 entries with 16 region bits, StridePC 1024, stream 512, GHB 1024 entries "
  .. "(12-bit CZone, 128-entry index); warp = pf.warp_trained=true (the warp id in every table key)")
ex:note("acc% = (useful + late) / issued; cov% = (useful + late) / (useful + late + demand misses); "
  .. "late% = late / (useful + late); early = prefetched lines evicted unused; pfc% = demand requests "
  .. "served by the prefetch cache")
ex:finish()
