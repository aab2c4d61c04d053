-- thesis4_real.lua: the chapter-4 workloads (lua/warpscope/thesis4.lua) on
-- real files of ../shared/data/graphs (see its SOURCES.md): Rodinia's
-- graph4096 (made by the generator of Harish's inputs, the kind of Parboil's
-- Graph1M; symmetric, weights 1..10), rome99 (DIMACS road network, its own
-- weights; directed for BFS and SSSP, symmetrised for the others) and
-- delaunay_n14 (DIMACS10, undirected; weights 1..50 added).  Every workload
-- against its CPU reference exactly.  Skips when ../shared is absent.
local T = require "tap"
local ws = require "warpscope"
local T4 = require "warpscope.thesis4"

local dir = (os.getenv("WS_SHARED") or "../shared") .. "/data/graphs"
local function exists(p) local f = io.open(p, "rb"); if f then f:close() end; return f ~= nil end
local files = { "graph4096.txt.gz", "rome99.gr.gz", "delaunay_n14.mtx.gz" }
for _, f in ipairs(files) do
  if not exists(dir .. "/" .. f) then T.skip_all("no " .. dir .. "/" .. f) end
end

local inputs = {
  { "graph4096", ws.graph.load(dir .. "/graph4096.txt.gz", { symmetrize = true }) },
  { "rome99 directed", ws.graph.load(dir .. "/rome99.gr.gz") },
  { "rome99 symmetrised", ws.graph.load(dir .. "/rome99.gr.gz", { symmetrize = true }) },
  { "delaunay_n14", ws.graph.load(dir .. "/delaunay_n14.mtx.gz", { weights = 50, seed = 1 }) },
}
T.is(inputs[1][2].n, 4096, "graph4096: 4,096 vertices")
T.is(inputs[2][2].m, 8870, "rome99: 8,870 arcs")
T.is(inputs[4][2].n, 16384, "delaunay_n14: 16,384 vertices")

for _, gg in ipairs(inputs) do
  local name, g = gg[1], gg[2]
  for _, w in ipairs(T4.workloads) do
    if g.symmetric or not w.symmetric then
      local gpu = ws.gpu{ quiet = true, mode = "functional" }
      local ok, msg, info = w.run(gpu, g, { src = 0, s = 0, t = g.n - 1, seed = 3 })
      T.ok(ok, ("%s on %s: equal to the CPU reference (%d iterations)%s"):format(w.name, name, info.iters,
        ok and "" or (": " .. tostring(msg))))
      if w.name == "CLR" then T.ok(T4.proper(g, info.result), "CLR on " .. name .. ": proper") end
      if w.name == "MIS" then T.ok(T4.independent_maximal(g, info.result), "MIS on " .. name .. ": independent and maximal") end
    end
  end
end
T.done()
