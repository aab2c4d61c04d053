-- iru_real.lua: the IRU paper's three kernel pairs (BFS contract with and
-- without Merrill-style culling, SSSP compaction, PageRank contract) with
-- the IRU on and off on small real graphs of ../shared/data/graphs (see its
-- SOURCES.md): rome99 (DIMACS road network, its own weights) and ca-GrQc
-- (SNAP collaboration network, symmetrized), each against its CPU reference
-- exactly.  Skips when ../shared is absent.
local T = require "tap"
local ws = require "warpscope"
local B = require "warpscope.bfs"
local P = require "warpscope.pagerank"

local dir = (os.getenv("WS_SHARED") or "../shared") .. "/data/graphs"
local function exists(p) local f = io.open(p, "rb"); if f then f:close() end; return f ~= nil end
local rome, grqc = dir .. "/rome99.gr.gz", dir .. "/ca-GrQc.txt.gz"
if not (exists(rome) and exists(grqc)) then T.skip_all("no " .. dir .. " (rome99.gr.gz, ca-GrQc.txt.gz)") end

local function gpu() return ws.gpu{ quiet = true, preset = "gtx980", ["iru.enable"] = true } end
local road = ws.graph.load(rome, { symmetrize = true })
local collab = ws.graph.load(grqc, { symmetrize = true })
T.is(road.n, 3353, "rome99: 3,353 vertices")
T.is(collab.n, 5242, "ca-GrQc: 5,242 vertices")

for _, gg in ipairs{ { "rome99", road }, { "ca-GrQc", collab } } do
  local name, g = gg[1], gg[2]
  local src = 0
  for _, iru in ipairs{ false, true } do
    local on = iru and "on" or "off"
    for _, cull in ipairs{ false, true } do
      local ok, msg = B.iru_contract(gpu(), g, src, iru, nil, { cull = cull })
      T.ok(ok, ("%s BFS, IRU %s, culling %s: labels equal the CPU BFS%s"):format(name, on,
        cull and "on" or "off", ok and "" or (": " .. tostring(msg))))
    end
    local ok, msg = P.iru_pr(gpu(), g, 2, 0.85, iru)
    T.ok(ok, ("%s PageRank, IRU %s: ranks equal the CPU reference bit for bit%s"):format(name, on,
      ok and "" or (": " .. tostring(msg))))
  end
end
for _, iru in ipairs{ false, true } do
  local ok, msg = B.iru_sssp(gpu(), road, 0, iru)
  T.ok(ok, ("rome99 SSSP (its weights), IRU %s: distances equal the CPU Dijkstra%s"):format(iru and "on" or "off",
    ok and "" or (": " .. tostring(msg))))
end
T.done()
