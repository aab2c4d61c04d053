-- MTP paper (seed 004) Sec. IV (Eqs. 1-4, Figs. 7 and 8): the minimum
-- tolerable average memory latency (MTAML) of each kernel, computed from
-- the run's own counters, against the measured average memory latency
-- without and with software prefetching, and the paper's three cases:
--   1  lat < MTAML and lat(pref) < MTAML_pref   prefetching has no effect
--   2  lat > MTAML and lat(pref) < MTAML_pref   prefetching is useful
--   3  otherwise                                 it may help or hurt
-- usage: warpscope --batch scenarios/experiments/mtp-mtaml.lua [--quick]
--          [--out DIR] [--graphs DIR] [KERNEL,KERNEL,...]
--
-- Eq. 1: MTAML = comp / mem x (warps - 1), comp and mem the non-memory and
-- memory warp instructions (mem.insns: global loads, stores and atomics;
-- prefetch instructions are not memory instructions), warps the average
-- resident warps per core (warps_active).  Eqs. 2-4: MTAML_pref =
-- (comp + P mem) / ((1 - P) mem) x (warps - 1), P the probability that a
-- demand request hits the prefetch cache (pf.pfc_hits / mem.accesses;
-- requests that merged with a prefetch in flight count as misses and their
-- wait is in the latency).  lat = mem.avg_latency: the average latency of
-- the demand requests that were not prefetch-cache hits.
local E = require "warpscope.experiment"
local R = require "warpscope.exp_mtp"

local ex = E.new{
  id = "mtp-mtaml",
  title = "MTAML (eqs. 1-4) against measured memory latency, without and with software prefetching",
  source = "MTP (seed 004) Sec. IV, Eqs. 1-4, Figs. 7 and 8",
  preset = R.preset,
  columns = {
    { "kernel", "%-9s" }, { "type", "%-6s" }, { "variant", "%-7s" }, { "cpi", "%5.1f", "CPI" },
    { "paper_cpi", "%6.1f", "paperC" }, { "warps", "%5.1f" },
    { "ratio", "%6.2f", "comp/mem" }, { "mtaml", "%6.0f" }, { "lat", "%6.0f" }, { "p", "%5.1f", "phit%" },
    { "mtaml_pref", "%7.0f", "mtamlP" }, { "lat_pref", "%6.0f", "latP" }, { "lat_x", "%5.2f", "latx" },
    { "acc", "%5.1f", "acc%" }, { "case", "%4d" }, { "predicts", "%-7s" }, { "speedup", "%7.3f" },
    { "agrees", "%-3s" }, { "case_c", "%5d", "caseC" }, { "agrees_c", "%-3s", "agC" },
    { "model_pref", "%7.0f", "modelP" },
  },
}

-- Eqs. 1-4 from one run's totals.
local function mtaml(t)
  local mem = t["mem.insns"] or 0
  local comp = (t.warp_insns or 0) - mem
  local w = R.num(t.warps_active) or 0
  -- P(pref_hit): demand requests served by prefetched data (prefetch-cache
  -- hits and demands that joined a prefetch in flight) / demand requests
  local p = mem > 0 and R.num(t["pf.pref_hit"]) or 0
  if mem == 0 or w <= 1 then return nil, nil, p, comp / math.max(1, mem) end
  local m1 = comp / mem * (w - 1)
  local mn = (1 - p) * mem
  local m2 = mn > 0 and (comp + p * mem) / mn * (w - 1) or math.huge
  return m1, m2, p, comp / mem
end

local predicts = { "none", "useful", "either" }
local counts, agree = { 0, 0, 0 }, { 0, 0, 0 }
local counts_c, agree_c = { 0, 0, 0 }, { 0, 0, 0 }
-- The case of latencies lat, lp against tolerances m1, m2, and whether the
-- measured speedup s agrees (case 3 predicts nothing: nil).
local function classify(lat, lp, m1, m2, s)
  if not (lat and lp and m1 and m2) then return nil, nil end
  local case
  if lat < m1 and lp < m2 then case = 1 elseif lat > m1 and lp < m2 then case = 2 else case = 3 end
  local ok
  if case == 1 then ok = math.abs(s - 1) <= 0.05 elseif case == 2 then ok = s > 1 end
  return case, ok
end
local function yesno(case, ok)
  if not case then return nil end
  return case == 3 and "-" or (ok and "yes" or "no")
end
-- Eq. 1 counts instructions; one warp instruction occupies the 8-wide
-- SIMD of g80-mtp for 32 / sm.simd cycles, so in cycles the tolerable
-- latency is that many times larger (caseC).
local issue = 1
local lat_ratios = {}
local intensity = {}
local kernels = R.select(ex)
for _, e in ipairs(kernels) do
  local base = R.run(ex, e, "base", nil, nil, function(gpu)
    issue = 32 / math.max(1, tonumber(gpu:option("sm.simd")) or 32)
  end)
  local b = base.total
  local m1, _, _, ratio = mtaml(b)
  local lat = R.num(b["mem.avg_latency"])
  local t3 = R.table3[e.analogue]
  local cpi = R.cpi(b)
  ex:row{ kernel = e.name, type = e.type, variant = "base", cpi = cpi, paper_cpi = t3 and t3.cpi,
    warps = R.num(b.warps_active), ratio = ratio, mtaml = m1, lat = lat, model_pref = R.num(b.mtaml) }
  if t3 and cpi then intensity[#intensity + 1] = { e.name, cpi, t3.cpi, t3.pmem } end
  ex:check(m1 == nil or b.mtaml == nil or math.abs(m1 - b.mtaml) <= 1e-6 * math.max(1, m1),
    e.name .. ": eq. 1 from the counters equals the model's mtaml statistic")
  ex:check(m1 == nil or b.mtaml_cycles == nil or math.abs(issue * m1 - b.mtaml_cycles) <= 1e-6 * math.max(1, m1),
    e.name .. ": mtaml_cycles = mtaml x 32/sm.simd")
  local vs = { "mtswp" }
  if R.supports(e, "stride") then vs = { "stride", "mtswp" } end
  for _, v in ipairs(vs) do
    local st = R.run(ex, e, v)
    local t = st.total
    local _, m2, p, r2 = mtaml(t)
    local lp = R.num(t["mem.avg_latency"])
    ex:check(m2 == nil or m2 == math.huge or math.abs(m2 - (R.num(t.mtaml_pref) or -1)) <= 1e-6 * math.max(1, m2),
      e.name .. "/" .. v .. ": eqs. 2-4 from the counters equal the model's mtaml_pref statistic")
    local s = b.cycles / t.cycles
    local case, ok = classify(lat, lp, m1, m2, s)
    if case then
      counts[case] = counts[case] + 1
      if ok then agree[case] = agree[case] + 1 end
    end
    local case_c, ok_c = classify(lat, lp, m1 and issue * m1, m2 and issue * m2, s)
    if case_c then
      counts_c[case_c] = counts_c[case_c] + 1
      if ok_c then agree_c[case_c] = agree_c[case_c] + 1 end
    end
    local lx = lat and lp and lat > 0 and lp / lat or nil
    if lx then lat_ratios[#lat_ratios + 1] = { e.name .. "/" .. v, lx, R.num(t["pf.accuracy"]) } end
    ex:row{ kernel = e.name, type = e.type, variant = v, cpi = R.cpi(t), warps = R.num(t.warps_active), ratio = r2,
      mtaml = m1, lat = lat, p = 100 * p, mtaml_pref = m2 ~= math.huge and m2 or nil, lat_pref = lp, lat_x = lx,
      acc = R.num(t["pf.accuracy"]) and 100 * t["pf.accuracy"] or nil, case = case,
      predicts = case and predicts[case] or nil, speedup = s, agrees = yesno(case, ok), case_c = case_c,
      agrees_c = yesno(case_c, ok_c), model_pref = R.num(t.mtaml_pref) }
  end
end

-- The paper's claims.
ex:claim("Case 2 (lat > MTAML, lat(pref) < MTAML_pref): prefetching is useful", counts[2] == agree[2],
  ("%d of %d case-2 runs are faster with prefetching"):format(agree[2], counts[2]))
ex:claim("Case 1 (both latencies tolerated): prefetching has no effect", counts[1] == agree[1],
  ("%d of %d case-1 runs within 5 %% of no prefetching"):format(agree[1], counts[1]))
ex:claim("... the same with MTAML in cycles (x issue cycles per warp instruction): case 2 is useful",
  counts_c[2] == agree_c[2], ("%d of %d case-2 runs faster"):format(agree_c[2], counts_c[2]))
ex:claim("... and case 1 has no effect", counts_c[1] == agree_c[1],
  ("%d of %d case-1 runs within 5 %%"):format(agree_c[1], counts_c[1]))
local maxx, maxn, str = 0, "-", nil
for _, r in ipairs(lat_ratios) do
  if r[2] > maxx then maxx, maxn = r[2], r[1] end
  if r[1] == "stream/stride" then str = r end
end
ex:claim("Prefetching raises the average memory latency, in some kernels more than 3x (Fig. 8)", maxx > 3,
  ("largest: %s %.2fx"):format(maxn, maxx))
if str then
  ex:claim("stream: latency more than 2x at about 100 % accuracy (Fig. 8)", str[2] > 2 and (str[3] or 0) > 0.9,
    ("stream/stride: %.2fx at %.1f %% accuracy"):format(str[2], 100 * (str[3] or 0)))
end
-- The paper's selection rule: base CPI >= 1.5 x the CPI with a perfect
-- memory; warpscope has no perfect memory, Table III's PMEM CPI stands in.
local not_mi = {}
for _, r in ipairs(intensity) do
  if r[2] < 1.5 * r[4] then not_mi[#not_mi + 1] = ("%s %.1f < 1.5 x %.2f"):format(r[1], r[2], r[4]) end
end
if #intensity > 0 then
  ex:claim("Every kernel is memory-intensive (base CPI >= 1.5 x PMEM CPI, the paper's selection rule)", #not_mi == 0,
    #not_mi > 0 and ("not: " .. table.concat(not_mi, ", ") .. " (Table III's PMEM CPI stands in for ours)") or nil)
end
ex:note(("cases: %d in case 1, %d in case 2, %d in case 3 (case 3 predicts nothing); in cycles (caseC, MTAML x %g): "
  .. "%d, %d, %d"):format(counts[1], counts[2], counts[3], issue, counts_c[1], counts_c[2], counts_c[3]))
ex:note("phit% = P(pref_hit) of eqs. 3-4 = pf.pref_hit: demand requests served by prefetched data (prefetch-cache "
  .. "hits + demands that joined a prefetch in flight) / demand requests; latx = lat(pref) / lat; "
  .. "modelP = the model's mtaml statistic (base rows) or mtaml_pref (prefetching rows), checked equal to eqs. 1-4")
ex:note("comp counts every non-memory warp instruction executed, prefetch instructions and their address "
  .. "arithmetic included (the paper counts demand memory instructions only in #mem)")
ex:note("machine: g80-mtp with its 8,192 registers per core; launches whose ptxas sm_75 count exceeds Table III's bound floor(8192 / (blocks x threads)) state that bound (exp_mtp.lua); Table III's blocks per core; kernels from warpscope.exp_mtp")
ex:finish()
