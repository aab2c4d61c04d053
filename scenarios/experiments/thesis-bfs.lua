-- Thesis (seed 001) chapter 5, BFS: topology-driven (TPLGY), warp-centric
-- (WARPC), data-driven (DD) and kernel-unrolled (UNROLL) BFS on high-degree
-- shallow graphs and on low-degree deep ones; which one wins where (Table 17's
-- WARPC/TPLGY ratios, the rankings of section 5.4.1, the selection rule of
-- Fig. 64).  WARPC_B is an extra: the shipped warp-centric BFS whose ballot
-- skips inactive vertices.
-- usage: warpscope --batch scenarios/experiments/thesis-bfs.lua [--quick]
--          [--out DIR] [--graphs DIR] [GRAPH,GRAPH,...]
-- GRAPH: CIT FB ER GRID RGG (the default) or ROAD (the luxembourg_osm road
-- network: about 12 minutes of CPU, 10 of them WARPC's).
local E = require "warpscope.experiment"
local T = require "warpscope.exp_thesis"

local ex = E.new{
  id = "thesis-bfs",
  title = "BFS implementation strategies on shallow and deep graphs",
  source = "thesis (seed 001) ch. 5: Tables 15-17, Sec. 5.4.1-5.4.2",
  preset = "fermi-thesis",
  columns = {
    { "graph", "%-5s" }, { "as", "%-13s" }, { "strategy", "%-8s" }, { "iters", "%5d" },
    { "cycles", "%10d" }, { "winsns", "%10d", "warp_insns" }, { "lanes", "%5.1f" },
    { "dram", "%9d", "dram_txns" }, { "l1miss", "%6.1f", "L1miss%" }, { "warps", "%5.1f" },
    { "speedup", "%7.3f", "vsTPLGY" }, { "paper", "%6.2f" }, { "rank", "%4d" }, { "paper_rank", "%5d", "paper" },
    { "watts", "%6.1f", "W" }, { "mj", "%9.3f", "mJ" }, { "dram_pc", "%6.3f", "dram/c" },
  },
}

local four = { "TPLGY", "WARPC", "DD", "UNROLL" }
local res = {}            -- res[graph][strategy] = { t = totals, info = info }
local order = {}
local nmin, nmax = math.huge, 0
for _, inp in ipairs(T.select(ex, { "CIT", "FB", "ER", "GRID", "RGG" })) do
  local g = T.graph(ex, inp)
  local src = ex:start_vertex(g)
  nmin, nmax = math.min(nmin, g.n), math.max(nmax, g.n)
  local per = {}
  for _, s in ipairs(T.bfs_order) do
    -- WARPC_B on the full road network would add minutes for an extra row.
    if not (s == "WARPC_B" and inp.name == "ROAD" and not ex.quick) then
      local info
      local st = ex:run({}, function(gpu)
        local ok, msg
        ok, msg, info = T.bfs[s](gpu, g, src)
        return ok, msg
      end, inp.name .. " " .. s)
      per[s] = { t = st.total, info = info }
    end
  end
  local cyc = {}
  for s, r in pairs(per) do cyc[s] = r.t.cycles end
  local rank = T.ranks(cyc, four)
  local base = per.TPLGY.t.cycles
  for _, s in ipairs(T.bfs_order) do
    local r = per[s]
    if r then
      local t = r.t
      ex:row{ graph = inp.name, as = inp.paper, strategy = s, iters = r.info.iters, cycles = t.cycles,
        winsns = t.warp_insns, lanes = t.thread_insns / t.warp_insns, dram = T.dram(t),
        l1miss = 100 * T.l1_miss(t), warps = t.warps_active, speedup = base / t.cycles,
        paper = s == "TPLGY" and 1 or s == "WARPC" and inp.ms.bfs_tplgy / inp.ms.bfs_warpc or nil,
        rank = rank[s], paper_rank = inp.rank[s], watts = t["power.avg"],
        mj = t["energy.total"] and 1e3 * t["energy.total"] or nil, dram_pc = T.dram(t) / t.cycles }
    end
  end
  ex:note(("%s: %d vertices, average degree %.1f, %d BFS levels from vertex %d; stands for %s (average degree %.1f, %d levels): %s")
    :format(inp.name, g.n, T.avgdeg(g), per.TPLGY.info.iters, src, inp.paper, inp.paper_deg, inp.bfs_iters, inp.why))
  res[inp.name] = { per = per, rank = rank, inp = inp, levels = per.TPLGY.info.iters, deg = T.avgdeg(g) }
  order[#order + 1] = inp.name
end

-- The thesis's claims, on the graphs that ran.
local function sp(n, s) return res[n].per.TPLGY.t.cycles / res[n].per[s].t.cycles end
local function each(names, pred, fmt)
  local ok, parts, any = true, {}, false
  for _, n in ipairs(names) do
    if res[n] then
      any = true
      local good, txt = pred(n)
      ok = ok and good
      parts[#parts + 1] = txt
    end
  end
  return any, ok, table.concat(parts, ", ")
end
local function claim(text, names, pred)
  local any, ok, detail = each(names, pred)
  if any then ex:claim(text, ok, detail) end
end

claim("WARPC is faster than TPLGY on the high-degree shallow graphs (in-2004 2.9x, coPapersDBLP 1.5x, er-22 2.0x)",
  { "CIT", "FB", "ER" }, function(n) local s = sp(n, "WARPC") return s > 1, ("%s %.2fx"):format(n, s) end)
claim("WARPC is much slower than TPLGY on the deep graphs (great-britain 0.11x, rgg-22 0.15x)",
  { "ROAD", "GRID", "RGG" }, function(n) local s = sp(n, "WARPC") return s < 0.5, ("%s %.2fx"):format(n, s) end)
claim("WARPC is the fastest BFS on the high-degree shallow graphs",
  { "CIT", "FB", "ER" }, function(n) return res[n].rank.WARPC == 1, ("%s rank %d"):format(n, res[n].rank.WARPC) end)
claim("in-2004: WARPC > TPLGY > DD > UNROLL", { "CIT" }, function(n)
  local r = res[n].rank
  return r.WARPC == 1 and r.TPLGY == 2 and r.DD == 3 and r.UNROLL == 4,
    ("%s: WARPC %d, TPLGY %d, DD %d, UNROLL %d"):format(n, r.WARPC, r.TPLGY, r.DD, r.UNROLL)
end)
claim("er-22: WARPC first, TPLGY second, UNROLL last", { "ER" }, function(n)
  local r = res[n].rank
  return r.WARPC == 1 and r.TPLGY == 2 and r.UNROLL == 4,
    ("%s: WARPC %d, TPLGY %d, DD %d, UNROLL %d"):format(n, r.WARPC, r.TPLGY, r.DD, r.UNROLL)
end)
claim("great-britain: DD is the fastest, then TPLGY; WARPC is the slowest", { "ROAD", "GRID" }, function(n)
  local r = res[n].rank
  return r.DD == 1 and r.TPLGY == 2 and r.WARPC == 4,
    ("%s: DD %d, TPLGY %d, UNROLL %d, WARPC %d"):format(n, r.DD, r.TPLGY, r.UNROLL, r.WARPC)
end)
claim("rgg-22: TPLGY is the fastest, DD slightly slower, WARPC much slower", { "RGG" }, function(n)
  local r = res[n].rank
  return r.TPLGY == 1 and r.DD == 2 and sp(n, "WARPC") < 0.5,
    ("%s: TPLGY %d, DD %d (%.2fx), WARPC %d (%.2fx)"):format(n, r.TPLGY, r.DD, sp(n, "DD"), r.WARPC, sp(n, "WARPC"))
end)
local function most(n, key, who)
  local best, at = -1, nil
  for _, s in ipairs(four) do
    local v = key(res[n].per[s].t)
    if v > best then best, at = v, s end
  end
  return at == who, at
end
local function least(n, key, who)
  local best, at = math.huge, nil
  for _, s in ipairs(four) do
    local v = key(res[n].per[s].t)
    if v < best then best, at = v, s end
  end
  return at == who, at
end
local winsns = function(t) return t.warp_insns end
claim("in-2004: UNROLL executes the most warp instructions and DRAM transactions", { "CIT" }, function(n)
  local a, wa = most(n, winsns, "UNROLL")
  local b, wb = most(n, T.dram, "UNROLL")
  return a and b, ("%s: most instructions %s, most DRAM transactions %s"):format(n, wa, wb)
end)
claim("great-britain: DD executes the fewest instructions and DRAM transactions", { "ROAD", "GRID" }, function(n)
  local a, wa = least(n, winsns, "DD")
  local b, wb = least(n, T.dram, "DD")
  return a and b, ("%s: fewest instructions %s, fewest DRAM transactions %s"):format(n, wa, wb)
end)
-- Power (sec. 5.4.1, measured on the K40c with NVML): who draws the most and
-- the least, and what drives it.
local watts = function(t) return t["power.avg"] or 0 end
local energy = function(t) return t["energy.total"] or 0 end
if next(res) and res[order[1]].per.TPLGY.t["power.avg"] then
  claim("in-2004: WARPC draws the most power (about 95 W, the others 70-80 W)", { "CIT" }, function(n)
    local a, w = most(n, watts, "WARPC")
    return a, ("%s: most power %s (%.1f W; TPLGY %.1f W)"):format(n, w, watts(res[n].per[w].t), watts(res[n].per.TPLGY.t))
  end)
  claim("coPapersDBLP: DD draws the most power (more DRAM transactions per cycle, from the global queue's atomics)",
    { "FB" }, function(n)
      local a, w = most(n, watts, "DD")
      return a, ("%s: most power %s (%.1f W)"):format(n, w, watts(res[n].per[w].t))
    end)
  claim("coPapersDBLP: WARPC uses the least energy", { "FB" }, function(n)
    local a, w = least(n, energy, "WARPC")
    return a, ("%s: least energy %s (%.3f mJ)"):format(n, w, 1e3 * energy(res[n].per[w].t))
  end)
  claim("great-britain and rgg-22: DD draws the least power", { "ROAD", "GRID", "RGG" }, function(n)
    local a, w = least(n, watts, "DD")
    return a, ("%s: least power %s (%.1f W)"):format(n, w, watts(res[n].per[w].t))
  end)
  claim("er-22: the four draw about the same power (within 5 % here)", { "ER" }, function(n)
    local lo, hi = math.huge, 0
    for _, s in ipairs(four) do
      local w = watts(res[n].per[s].t)
      lo, hi = math.min(lo, w), math.max(hi, w)
    end
    return hi <= 1.05 * lo, ("%s: %.1f to %.1f W"):format(n, lo, hi)
  end)
  -- Power follows DRAM transactions per cycle: on each graph, the strategy with
  -- the most DRAM transactions per cycle draws the most power.
  claim("Power tracks DRAM transactions per cycle: on each graph the strategy with the most draws the most power",
    order, function(n)
      local dpc = function(t) return T.dram(t) / t.cycles end
      local _, wd = most(n, dpc, "?")
      local _, wp = most(n, watts, "?")
      return wd == wp, ("%s: most DRAM/cycle %s, most power %s"):format(n, wd, wp)
    end)
end

-- Fig. 64's rule with thresholds fitted on the thesis's five inputs: average
-- degree >= 10 and fewer than 100 BFS levels -> WARPC, else DD or TPLGY.
claim("Selection rule (Fig. 64): high degree and few levels -> WARPC wins; else DD or TPLGY wins (degree >= 10, < 100 levels)",
  order, function(n)
    local r = res[n]
    local want_warpc = r.deg >= 10 and r.levels < 100
    local _, list = T.ranks((function() local c = {} for s, x in pairs(r.per) do c[s] = x.t.cycles end return c end)(), four)
    local win = list[1]
    local good = want_warpc and win == "WARPC" or (not want_warpc and (win == "DD" or win == "TPLGY"))
    return good, ("%s (deg %.0f, %d levels) -> %s"):format(n, r.deg, r.levels, win)
  end)

ex:note("The thesis timed these on a Tesla K40c (Kepler; Table 17, milliseconds); this is the fermi-thesis machine "
  .. "(its Fermi simulator configuration) in cycles: compare the rankings and the WARPC/TPLGY ratios (paper column: "
  .. ("Table 17's TPLGY ms / WARPC ms), not times.  The thesis's graphs have 0.5-7.7 M vertices; these %d-%d.")
  :format(nmin, nmax))
ex:note("vsTPLGY = TPLGY cycles / this strategy's cycles; rank among TPLGY, WARPC, DD, UNROLL (1 = fewest cycles); "
  .. "paper rank from Sec. 5.4.1 (- where the text gives none); lanes = thread instructions / warp instructions; "
  .. "warps = average resident warps per SM (of 48); dram_txns = DRAM reads + writes.")
ex:note("TPLGY: bfs_topo (Rodinia, 512-thread blocks, expand + update kernels per level); WARPC: thesis_bfs_warpc "
  .. "(Fig. 49, walks all 32 vertices of its chunk); DD: thesis_bfs_dd (thread per frontier vertex, 512-entry "
  .. "shared queue per block, global atomics on overflow); UNROLL: thesis_bfs_unroll (no frontier, local queue, "
  .. "LIMIT 8; the thesis gives no LIMIT); WARPC_B: bfs_warp (ballot over the chunk)" ..
  ((res.ROAD and not ex.quick) and "; WARPC_B is not run on ROAD (minutes for an extra row)" or "") .. ".")
ex:finish()
