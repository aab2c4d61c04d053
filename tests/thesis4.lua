-- thesis4.lua: the chapter-4 workloads of the thesis (lua/warpscope/
-- thesis4.lua, scenarios/kernels/thesis4.cu and the reused kernels): every
-- workload equal to its CPU reference on three small graphs (one
-- disconnected with an isolated vertex, one with a vertex of degree 300,
-- one generated), exact results on hand-built cases, MST weight equal to
-- Kruskal's, a proper colouring and an independent maximal set equal to
-- the CPU's for the same seed, per-invocation statistics adding up to the
-- run's totals, the invocation selection, determinism and bad input.
local T = require "tap"
local ws = require "warpscope"
local T4 = require "warpscope.thesis4"

local function fgpu() return ws.gpu{ quiet = true, mode = "functional" } end

-- 1. Disconnected: a weighted 6-cycle 0..5, a triangle 6-7-8, a path 9-10-11
--    and the isolated vertex 12.  Edges listed once, symmetrised.
local disc = ws.graph.from_edges(13, {
  { 0, 1, 4 }, { 1, 2, 2 }, { 2, 3, 7 }, { 3, 4, 1 }, { 4, 5, 3 }, { 5, 0, 5 },
  { 6, 7, 2 }, { 7, 8, 2 }, { 8, 6, 9 }, { 9, 10, 6 }, { 10, 11, 8 },
}, { symmetrize = true })
-- 2. A hub: vertex 0 joined to 1..300 (weights 1 + v % 7), a path through
--    the leaves 1-2-...-20 (weight 3) and a chord 300-150 (weight 1).
local hub_edges = {}
for v = 1, 300 do hub_edges[#hub_edges + 1] = { 0, v, 1 + v % 7 } end
for v = 1, 19 do hub_edges[#hub_edges + 1] = { v, v + 1, 3 } end
hub_edges[#hub_edges + 1] = { 300, 150, 1 }
local hub = ws.graph.from_edges(301, hub_edges, { symmetrize = true })
-- 3. Generated: the RMAT20 stand-in at 2^9 vertices, undirected, weighted.
local gen = T4.input("RMAT20", 9, { symmetric = true, seed = 3 })
local graphs = { { "disconnected", disc }, { "hub of degree 300", hub }, { "rmat 2^9", gen } }

T.is(hub.row[1] - hub.row[0], 300, "the hub has degree 300")
T.ok(disc.symmetric and hub.symmetric and gen.symmetric, "the three graphs are symmetric")

for _, gg in ipairs(graphs) do
  local name, g = gg[1], gg[2]
  for _, w in ipairs(T4.workloads) do
    local opts = { src = 0, s = 0, t = g.n - 1, seed = 7 }
    local ok, msg, info = w.run(fgpu(), g, opts)
    T.ok(ok, ("%s on %s equals its CPU reference%s"):format(w.name, name, ok and "" or (": " .. tostring(msg))))
    T.ok(#info.invocations >= info.iters and info.iters >= 1, ("%s on %s: %d iterations, %d launches"):format(w.name, name, info.iters, #info.invocations))
  end
end

-- Exact values on the disconnected graph.  MST: the 6-cycle without its
-- heaviest edge (4+2+1+3+5 = 15), the triangle without 9 (2+2), the path
-- (6+8): 33 over 5 + 2 + 2 = 9 edges.
for _, mst in ipairs{ "H-MST", "LS-MST" } do
  local ok, _, info = T4.run(mst, fgpu(), disc)
  T.ok(ok, mst .. ": the disconnected graph's forest")
  T.is(info.result, 15 + 4 + 14, mst .. ": forest weight 33")
  T.is(info.edges, 9, mst .. ": 9 forest edges (13 vertices, 4 components)")
end
T.is(select(1, T4.kruskal(disc)), 33, "Kruskal's forest weight of the disconnected graph is 33")
T.is(select(1, T4.kruskal(hub)), (function()
  -- Hub: each leaf v joins by min(1 + v % 7, ...); leaves 1..20 have the
  -- path of 3, and 150-300 the chord of 1.  Computed by hand below.
  local s = 0
  for v = 1, 300 do s = s + 1 + v % 7 end
  return s
end)() - (function()
  -- The path edges (3) replace hub edges heavier than 3 among 2..20: 1 + v % 7 > 3
  -- means v % 7 in {3, 4, 5, 6}; the chord (1) replaces 300's or 150's
  -- heavier hub edge: 1 + 300 % 7 = 7, 1 + 150 % 7 = 4, so 7 - 1 = 6.
  local d = 0
  for v = 2, 20 do if 1 + v % 7 > 3 then d = d + (1 + v % 7) - 3 end end
  return d + 6
end)(), "Kruskal's weight of the hub graph by hand")

local function st(g, s, t)
  local ok, msg, info = T4.stcon(fgpu(), g, { s = s, t = t })
  T.ok(ok, ("STCON %d-%d equals the CPU BFS%s"):format(s, t, ok and "" or (": " .. tostring(msg))))
  return info.result
end
T.is(st(disc, 0, 3), 3, "STCON: 0 to 3 on the 6-cycle is 3 hops")
T.is(st(disc, 0, 4), 2, "STCON: 0 to 4 on the 6-cycle is 2 hops")
T.is(st(disc, 0, 8), -1, "STCON: 0 and 8 are not connected")
T.is(st(disc, 12, 12), 0, "STCON: a vertex reaches itself")
T.is(st(disc, 12, 0), -1, "STCON: the isolated vertex reaches nothing")
T.is(st(hub, 20, 1), 2, "STCON: two leaves meet through the hub")
-- Many pairs on the generated graph, odd and even distances.
local bad = 0
for i = 0, 39 do
  local s, t = (i * 37) % gen.n, (i * 101 + 5) % gen.n
  local ok = T4.stcon(fgpu(), gen, { s = s, t = t })
  if not ok then bad = bad + 1 end
end
T.is(bad, 0, "STCON: 40 pairs on the generated graph equal the CPU BFS")

-- Exact BFS / SSSP values on the disconnected graph: 0 to 3 is 4+2+7 = 13
-- one way and 5+3+1 = 9 the other; 0 to 2 is 4+2 = 6; 3 hops either way.
for _, name in ipairs{ "LS-SSSP", "H-SSSP" } do
  local _, _, info = T4.run(name, fgpu(), disc, { src = 0 })
  T.is(info.result[3], 9, name .. ": 0 to 3 costs 9")
  T.is(info.result[2], 6, name .. ": 0 to 2 costs 6")
  T.is(info.result[8], 2147483647, name .. ": 8 is unreachable (INT_MAX)")
end
for _, name in ipairs{ "H-BFS", "LS-BFS", "BFS-DD", "BFS-WC" } do
  local _, _, info = T4.run(name, fgpu(), disc, { src = 0 })
  T.is(info.result[3], 3, name .. ": 0 to 3 is 3 hops")
  T.is(info.result[12], -1, name .. ": the isolated vertex is unreachable (-1)")
end

do
  local _, _, info = T4.run("H-BFS", fgpu(), disc, { src = 0 })
  T.is(table.concat(T4.level_sizes(info.result, disc.n), " "), "1 2 2 1", "level_sizes: the 6-cycle's frontiers from 0")
  T.is(#T4.level_sizes(info.result, disc.n), info.iters, "level_sizes: one frontier per H-BFS iteration")
end

-- CLR and MIS: proper / independent and maximal, equal to the CPU for
-- several seeds, and the seed matters.
for _, gg in ipairs(graphs) do
  local name, g = gg[1], gg[2]
  local colors = {}
  for _, seed in ipairs{ 1, 2 } do
    local ok, msg, info = T4.clr(fgpu(), g, { seed = seed })
    T.ok(ok, ("CLR on %s, seed %d: equal to the CPU colouring%s"):format(name, seed, ok and "" or ": " .. tostring(msg)))
    local p, why = T4.proper(g, info.result)
    T.ok(p, ("CLR on %s, seed %d: proper%s"):format(name, seed, p and "" or ": " .. why))
    colors[seed] = info.result
    local ok2, msg2, info2 = T4.mis(fgpu(), g, { seed = seed })
    T.ok(ok2, ("MIS on %s, seed %d: equal to the CPU set%s"):format(name, seed, ok2 and "" or ": " .. tostring(msg2)))
    local im, why2 = T4.independent_maximal(g, info2.result)
    T.ok(im, ("MIS on %s, seed %d: independent and maximal%s"):format(name, seed, im and "" or ": " .. why2))
  end
  if name == "rmat 2^9" then
    T.ok(not ws.check.equal(colors[1], colors[2]), "CLR: two seeds give two colourings")
  end
end
do
  -- The hub: with every leaf's value below the hub's the hub is coloured
  -- first; whatever the values, the leaves of the path need 2 colours
  -- besides the hub's.
  local _, _, info = T4.clr(fgpu(), hub, { seed = 1 })
  local maxc = -1
  for v = 0, hub.n - 1 do if info.result[v] > maxc then maxc = info.result[v] end end
  T.ok(maxc >= 2, "CLR on the hub graph: at least 3 colours (a triangle 0-1-2)")
  T.is(info.iters, maxc + 1, "CLR: one colour per launch")
end
T.is(T4.random_values(4, 1)[0], T4.random_values(4, 1)[0], "random values: the same seed, the same values")

-- Per-invocation statistics on the timing model: they add up to the run's.
for _, name in ipairs{ "H-BFS", "LS-SSSP", "LS-MST", "CLR", "BFS-DD" } do
  local gpu = ws.gpu{ quiet = true, preset = "fermi-thesis" }
  local g = name == "LS-MST" and gen or T4.input("R4_2e20", 9, { seed = 2, symmetric = name == "CLR" })
  local ok, _, info = T4.run(name, gpu, g, { src = 0 })
  T.ok(ok, name .. " on the timing model equals its CPU reference")
  local s = gpu:stats()
  local cyc, wi, ti = 0, 0, 0
  for _, inv in ipairs(info.invocations) do
    cyc, wi, ti = cyc + inv.cycles, wi + inv.warp_insns, ti + inv.thread_insns
  end
  T.is(#info.invocations, s.launches, name .. ": one invocation per launch")
  T.is(cyc, s.total.cycles, name .. ": invocation cycles add up to the run's")
  T.is(wi, s.total.warp_insns, name .. ": warp instructions add up to the run's")
  T.is(ti, s.total.thread_insns, name .. ": thread instructions add up to the run's")
  local inv = info.invocations[1]
  T.ok(math.abs(inv.ipc - inv.warp_insns / inv.cycles) < 1e-9, name .. ": IPC = warp instructions / cycles")
end

-- Determinism: two runs, the same invocations (cycles included).
do
  local function once()
    local gpu = ws.gpu{ quiet = true, preset = "fermi-thesis" }
    local _, _, info = T4.run("LS-BFS", gpu, T4.input("RMAT20", 9, { seed = 4 }), { src = 1 })
    local parts = {}
    for _, inv in ipairs(info.invocations) do
      parts[#parts + 1] = ("%s %d %d %d"):format(inv.kernel, inv.iter, inv.cycles, inv.warp_insns)
    end
    return table.concat(parts, "\n")
  end
  T.is(once(), once(), "two runs of LS-BFS give the same invocations")
end

-- Selection and threshold.
do
  local invs = {
    { kernel = "a", main = true, warp_insns = 999 },
    { kernel = "b", main = false, warp_insns = 5000 },
    { kernel = "a", main = true, warp_insns = 1000 },
    { kernel = "a", main = true, warp_insns = 1001 },
  }
  local s = T4.select(invs, 1000)
  T.is(#s, 2, "select: main invocations with at least 1000 warp instructions")
  T.is(s[1].warp_insns, 1000, "select: the threshold itself is kept")
  T.is(#T4.select(invs, 1000, { all = true }), 3, "select{all}: every kernel")
  T.is(#T4.select(invs, 0), 3, "select: threshold 0 keeps every main invocation")
  T.is(T4.threshold(1 << 20), 1000000, "threshold at the thesis's size: 1 M")
  T.is(T4.threshold(1 << 14), 15625, "threshold at 2^14 vertices: 15,625")
  T.is(T4.threshold(500000, 1000000), 500000, "threshold against Graph1M's 10^6 vertices")
  T.raises(function() T4.select(invs, "many") end, "threshold must be a number", "select: a bad threshold is refused")
  T.is(T4.hmean{ 1, 2, 4 }, 3 / 1.75, "harmonic mean")
end

-- Inputs.
do
  local g = T4.input("R4_2e20", 10)
  T.is(g.m, 4096, "R4_2e20 at 2^10: 4 x 2^10 arcs")
  T.ok(not g.symmetric, "R4_2e20: directed")
  local u = T4.input("Graph1M", 10, { symmetric = true })
  T.ok(u.symmetric and u.weighted, "Graph1M symmetric: undirected, weighted")
  T.raises(function() T4.input("Graph2M", 10) end, "unknown input 'Graph2M'", "an unknown input is refused")
  T.raises(function() T4.input("RMAT20", 30) end, "scale must be an integer 4..21", "a bad scale is refused")
end

-- Bad input.
do
  local directed = T4.input("R4_2e20", 6)
  T.raises(function() T4.run("CLR", fgpu(), directed) end, "CLR needs a symmetric graph", "CLR refuses a directed graph")
  T.raises(function() T4.run("H-SSSP", fgpu(), T4.input("R4_2e20", 6, { weights = false })) end,
           "H-SSSP needs a weighted graph", "H-SSSP refuses an unweighted graph")
  T.raises(function() T4.run("LS-BFS", fgpu(), directed, { src = 64 }) end, "opts.src must be a vertex 0..63",
           "a source out of range is refused")
  T.raises(function() T4.run("PR", fgpu(), directed) end, "unknown workload 'PR'", "an unknown workload is refused")
  T.raises(function() T4.ls_bfs(nil, directed) end, "LS%-BFS: argument 1 must be a gpu", "a missing gpu is refused")
  T.raises(function() T4.run("MIS", fgpu(), 5) end, "MIS: argument 2 must be a graph", "a number for a graph is refused")
  T.raises(function() T4.run("MIS", fgpu(), directed, 5) end, "argument 3 %(opts%) must be a table", "opts that are not a table are refused")
  T.raises(function() T4.stcon(fgpu(), T4.input("R4_2e20", 6, { symmetric = true }), { t = -1 }) end,
           "opts.t must be a vertex 0..63", "an STCON target out of range is refused")
end

T.done()
