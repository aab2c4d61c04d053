-- Thesis (seed 001) section 5.5: software prefetching into registers and loop
-- unrolling in the topology-driven BFS (Figs. 75-79, Table 18): SWP, SWPNC,
-- UNR2, UNR3, UNR2_SWP, UNR2_SWPNC against the base kernel; registers per
-- thread and resident blocks per SM, cycles, instructions, DRAM transactions.
-- usage: warpscope --batch scenarios/experiments/thesis-swp.lua [--quick]
--          [--out DIR] [--graphs DIR] [GRAPH,GRAPH,...]   (CIT FB ER GRID RGG ROAD)
local E = require "warpscope.experiment"
local T = require "warpscope.exp_thesis"

local ex = E.new{
  id = "thesis-swp",
  title = "Software prefetching and unrolling in topology-driven BFS",
  source = "thesis (seed 001) Sec. 5.5: Figs. 75-79, Table 18",
  preset = "fermi-thesis",
  columns = {
    { "graph", "%-5s" }, { "as", "%-13s" }, { "version", "%-10s" },
    { "regs", "%4d" }, { "paper_regs", "%5d", "paper" }, { "ctas", "%4d" }, { "paper_ctas", "%5d", "paper" },
    { "cycles", "%10d" }, { "speedup", "%7.3f", "vsBase" }, { "insns", "%6.1f", "insn%" },
    { "dram", "%6.1f", "dram%" }, { "l1miss", "%6.1f", "L1miss%" }, { "merges", "%6.1f", "merge%" },
    { "warps", "%5.1f" },
  },
}

local BLOCK = 512        -- Rodinia's BFS block; Table 18's occupancies are Fermi's for it
local res, order = {}, {}
local kinfo = {}         -- per version: regs, ctas, limit (from the first run)
for _, inp in ipairs(T.select(ex, { "CIT", "FB", "ER", "GRID", "RGG" })) do
  local g = T.graph(ex, inp)
  local src = ex:start_vertex(g)
  local per = {}
  local levels
  for _, v in ipairs(T.swp_versions) do
    local info
    local st = ex:run({}, function(gpu)
      local ok, msg
      ok, msg, info = T.bfs_tplgy(gpu, g, src, { expand = v.kernel, block = BLOCK })
      if not kinfo[v.name] then
        local k = gpu:load_ptx("kernels/thesis_swp.ptx"):kernel(v.kernel)
        local ctas, limit = T.occupancy(gpu, k, BLOCK)
        kinfo[v.name] = { regs = k.regs, est = k.regs_estimate, ctas = ctas, limit = limit }
      end
      return ok, msg
    end, inp.name .. " " .. v.name)
    per[v.name] = st.total
    levels = info.iters
  end
  -- Diagnostic, not a version of the thesis: the base kernel held to 2 resident
  -- blocks per SM (sm.ctas = 2), the occupancy the model gives the unrolled
  -- versions, to separate the effect of unrolling from that of occupancy.
  local st2 = ex:run({ ["sm.ctas"] = 2 }, function(gpu)
    local ok, msg = T.bfs_tplgy(gpu, g, src, { expand = "thesis_swp_base", block = BLOCK })
    return ok, msg
  end, inp.name .. " Base@2")
  per["Base@2"] = st2.total
  local b = per.Base
  local function pct(t, key) local x = key(t); local y = key(b) return y > 0 and 100 * x / y or nil end
  local merges = function(t) return t["l1d.cache.mshr_merges"] or 0 end
  for _, v in ipairs(T.swp_versions) do
    local t = per[v.name]
    ex:row{ graph = inp.name, as = inp.paper, version = v.name, regs = kinfo[v.name].regs, paper_regs = v.regs,
      ctas = kinfo[v.name].ctas, paper_ctas = v.occ, cycles = t.cycles, speedup = b.cycles / t.cycles,
      insns = pct(t, function(x) return x.warp_insns end), dram = pct(t, T.dram), l1miss = 100 * T.l1_miss(t),
      merges = pct(t, merges), warps = t.warps_active }
  end
  local t2 = per["Base@2"]
  ex:row{ graph = inp.name, as = inp.paper, version = "Base@2", regs = kinfo.Base.regs, ctas = 2,
    cycles = t2.cycles, speedup = b.cycles / t2.cycles, insns = pct(t2, function(x) return x.warp_insns end),
    dram = pct(t2, T.dram), l1miss = 100 * T.l1_miss(t2), merges = pct(t2, merges), warps = t2.warps_active }
  ex:note(("%s: %d vertices, average degree %.1f, %d BFS levels from vertex %d; stands for %s: %s")
    :format(inp.name, g.n, T.avgdeg(g), levels, src, inp.paper, inp.why))
  res[inp.name] = per
  order[#order + 1] = inp.name
end

local function sp(n, v) return res[n].Base.cycles / res[n][v].cycles end
local function rel(n, v, key) return key(res[n][v]) / math.max(1, key(res[n].Base)) end
local insns = function(t) return t.warp_insns end
local function claim(text, names, pred)
  local any, ok, parts = false, true, {}
  for _, n in ipairs(names) do
    if res[n] then
      any = true
      local good, txt = pred(n)
      ok = ok and good
      parts[#parts + 1] = txt
    end
  end
  if any then ex:claim(text, ok, table.concat(parts, ", ")) end
end
local high = { "CIT", "FB", "ER" }
local deep = { "GRID", "ROAD", "RGG" }

claim("SWP slows in-2004 down; SWPNC removes the loss", { "CIT" }, function(n)
  return sp(n, "SWP") < 0.99 and sp(n, "SWPNC") > sp(n, "SWP"),
    ("%s SWP %.3fx, SWPNC %.3fx"):format(n, sp(n, "SWP"), sp(n, "SWPNC"))
end)
claim("SWP raises the instruction count on the high-degree graphs (in-2004, coPapersDBLP, er-22, rgg-22); SWPNC needs fewer than SWP",
  { "CIT", "FB", "ER", "RGG" }, function(n)
    local a, c = rel(n, "SWP", insns), rel(n, "SWPNC", insns)
    return a > 1 and c < a, ("%s SWP %+.1f%%, SWPNC %+.1f%%"):format(n, 100 * (a - 1), 100 * (c - 1))
  end)
claim("Neither SWP nor SWPNC gains anywhere", order, function(n)
  local a, c = sp(n, "SWP"), sp(n, "SWPNC")
  return a <= 1.02 and c <= 1.02, ("%s %.3fx/%.3fx"):format(n, a, c)
end)
claim("SWP and SWPNC issue the same number of DRAM transactions as the base", order, function(n)
  local a, c = rel(n, "SWP", T.dram), rel(n, "SWPNC", T.dram)
  return math.abs(a - 1) <= 0.02 and math.abs(c - 1) <= 0.02, ("%s %+.1f%%/%+.1f%%"):format(n, 100 * (a - 1), 100 * (c - 1))
end)
claim("UNR2 and UNR3 are faster than the base on in-2004, coPapersDBLP and er-22", high, function(n)
  local a, c = sp(n, "UNR2"), sp(n, "UNR3")
  return a > 1 and c > 1, ("%s %.3fx/%.3fx"):format(n, a, c)
end)
claim("UNR2 and UNR3 execute fewer instructions there (fewer setp and branches)", high, function(n)
  local a, c = rel(n, "UNR2", insns), rel(n, "UNR3", insns)
  return a < 1 and c < 1, ("%s %+.1f%%/%+.1f%%"):format(n, 100 * (a - 1), 100 * (c - 1))
end)
claim("UNR2 and UNR3 issue fewer DRAM transactions there (the iteration's second load merges in the MSHR)", high, function(n)
  local a, c = rel(n, "UNR2", T.dram), rel(n, "UNR3", T.dram)
  local m = rel(n, "UNR2", function(t) return t["l1d.cache.mshr_merges"] or 0 end)
  return a < 1 and c < 1, ("%s %+.1f%%/%+.1f%% (UNR2 MSHR merges %+.0f%%)"):format(n, 100 * (a - 1), 100 * (c - 1), 100 * (m - 1))
end)
claim("No gain from UNR2 or UNR3 on great-britain and rgg-22", deep, function(n)
  local a, c = sp(n, "UNR2"), sp(n, "UNR3")
  return a <= 1.02 and c <= 1.02, ("%s %.3fx/%.3fx"):format(n, a, c)
end)
claim("UNR2_SWP and UNR2_SWPNC are slightly slower than UNR2 (more instructions)", high, function(n)
  local a, c = sp(n, "UNR2_SWP"), sp(n, "UNR2_SWPNC")
  local u = sp(n, "UNR2")
  return a <= u and c <= u and rel(n, "UNR2_SWP", insns) > rel(n, "UNR2", insns),
    ("%s UNR2 %.3fx, UNR2_SWP %.3fx, UNR2_SWPNC %.3fx"):format(n, u, a, c)
end)
do
  local grow, only3 = true, true
  local parts = {}
  for _, v in ipairs(T.swp_versions) do
    local k = kinfo[v.name]
    if k then
      parts[#parts + 1] = ("%s %d regs/%d"):format(v.name, k.regs, k.ctas)
      if v.name ~= "Base" and k.regs <= kinfo.Base.regs then grow = false end
      if (v.name == "UNR3") ~= (k.ctas < kinfo.Base.ctas) then only3 = false end
    end
  end
  if kinfo.Base then
    ex:claim("Table 18: every version needs more registers than the base", grow, table.concat(parts, ", "))
    ex:claim("Table 18: only UNR3 loses occupancy (3 -> 2 blocks of 512 threads per SM)", only3,
      ("base %d blocks; binding limit of UNR2: %s"):format(kinfo.Base.ctas, kinfo.UNR2 and kinfo.UNR2.limit or "-"))
  end
end

local est = {}
for _, v in ipairs(T.swp_versions) do
  if kinfo[v.name] then est[#est + 1] = ("%s %d"):format(v.name, kinfo[v.name].est) end
end
ex:note("The thesis measured these on a Tesla K40c (Fig. 79, relative values in a figure only); this is the "
  .. "fermi-thesis machine.  Table 18's occupancies (3 blocks, UNR3 2) are Fermi's for 512-thread blocks "
  .. "(1536 threads, 32768 registers per SM), so its registers are compared with the model's.")
ex:note("regs = the model's registers per thread: what ptxas -arch=sm_75 -v (CUDA 13.0) allocates, from the "
  .. "resource record kernels/thesis_swp.ptxas; they set the resident blocks per SM (ctas, of 512 threads); "
  .. "paper = Table 18 (nvcc for Fermi).  The PTX liveness estimate (peak of live 32-bit slots) would give "
  .. table.concat(est, ", ") .. ".")
do
  local parts = {}
  for _, n in ipairs(order) do
    local r = res[n]
    parts[#parts + 1] = ("%s %.3fx (Base@2 %.3fx)"):format(n, r.Base.cycles / r.UNR2.cycles, r.Base.cycles / r["Base@2"].cycles)
  end
  ex:note("Base@2 is a diagnostic, not a thesis version: the base kernel with at most 2 resident blocks per SM "
    .. "(--set sm.ctas=2), the occupancy the model's register count gives the unrolled versions.  UNR2 against the "
    .. "base: " .. table.concat(parts, ", ") .. ".")
end
ex:note("vsBase = Base cycles / this version's cycles; insn%, dram%, merge% = warp instructions, DRAM transactions "
  .. "and L1 MSHR merges (secondary misses) relative to Base; warps = average resident warps per SM.  "
  .. "Kernels: thesis_swp.cu (every loop `#pragma unroll 1`), update kernel bfs_topo_update, 512-thread blocks.")
ex:finish()
