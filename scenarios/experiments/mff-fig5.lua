-- MFF paper (seed 003) Fig. 5: the potential of temporal coalescing.
-- PageRank pulls over in-edges, one thread per vertex (kernels/pagerank.cu,
-- pr_pull: for each in-edge e of v, sum += contrib[tcol[e]]); each warp's
-- global loads are merged over windows of W = 1..32 consecutive loads
-- (stats.tcoal, src/arch/ws_tcoal.h) and the requests left, distinct
-- 128-byte blocks per window, are normalised to W = 1.  Fig. 5 draws step 3
-- (array C: tcol) and step 4 (array V: contrib) apart; each graph runs three
-- times: every load of pr_pull, tcol's loads alone and contrib's alone
-- (stats.tcoal.array).  The paper's graphs (amazon-2008, dblp-2010,
-- cnr-2000) are not shipped: R-MAT graphs of their sizes and degrees stand
-- in, with real graphs of related kinds in their own vertex order beside.
-- usage: warpscope --batch scenarios/experiments/mff-fig5.lua [--quick]
--          [--out DIR] [--graphs DIR] [GRAPH,GRAPH,...]
local ws = require "warpscope"
local E = require "warpscope.experiment"
local P = require "warpscope.pagerank"

local ex = E.new{
  id = "mff-fig5",
  title = "Potential of temporal coalescing: PageRank's requests per window of W warp loads, normalised to W = 1",
  source = "MFF (seed 003) Sec. 3, Fig. 5; research extraction B1, B7, B8.2",
  preset = "gtx480",
  columns = {
    { "graph", "%-6s" }, { "as", "%-11s" }, { "stream", "%-3s" }, { "loads", "%8d" }, { "req1", "%9d", "req W=1" },
    { "n2", "%5.3f", "W=2" }, { "n4", "%5.3f", "W=4" }, { "n8", "%5.3f", "W=8" }, { "n16", "%5.3f", "W=16" },
    { "n32", "%5.3f", "W=32" }, { "s16", "%5.3f", "sl16" }, { "vn16", "%5.3f", "V1n16" },
    { "paper16", "%6.3f", "paper" },
  },
}

-- The inputs.  gen: the R-MAT stand-in [choice: the paper's files are not
-- shipped]: vertices the power of two nearest the paper's graph, edges per
-- vertex its arcs per vertex (directed graphs) or half of them (undirected:
-- the generator adds both directions); quick: the same shape, small.
-- file: a real graph of a related kind, in its own vertex order.
local INPUTS = {
  { name = "AMZ", paper = "amazon-2008", what = "similarity graph, 735,323 vertices, 5,158,388 arcs (7.0 per vertex), directed",
    gen = { scale = 19, edgefactor = 7, directed = true }, quick = { scale = 12, edgefactor = 7, directed = true } },
  { name = "AMZo", paper = "amazon-2008", what = "the AMZ stand-in in R-MAT's own vertex order (permute=false): "
      .. "neighbouring ids share neighbours, as in an ordered crawl",
    gen = { scale = 19, edgefactor = 7, directed = true, permute = false },
    quick = { scale = 12, edgefactor = 7, directed = true, permute = false } },
  { name = "DBLP", paper = "dblp-2010", what = "co-authorship graph, 326,186 vertices, 1,615,400 arcs (5.0 per vertex), symmetric",
    gen = { scale = 18, edgefactor = 3, directed = false }, quick = { scale = 12, edgefactor = 3, directed = false } },
  { name = "CNR", paper = "cnr-2000", what = "web crawl, 325,557 vertices, 3,216,152 arcs (9.9 per vertex), directed",
    gen = { scale = 18, edgefactor = 10, directed = true }, quick = { scale = 12, edgefactor = 10, directed = true } },
  { name = "GRQC", paper = "dblp-2010", catalogue = "GRQC", what = "a real co-authorship graph (ca-GrQc) for DBLP's kind" },
  { name = "SLASH", paper = "(real order)", catalogue = "SLASH", what = "a real directed social graph (soc-Slashdot0902) in its own vertex order" },
}
-- The paper's one number: W = 16 on amazon-2008 cuts requests by 45.8 %
-- (Fig. 5's text; which panel it reads is not said: step 4, V, is the panel
-- the figure normalises to, so it stands beside our V row).
local PAPER16 = 1 - 0.458

local want = E.pick(INPUTS, ex.args[1], "graph")

local function describe(o)
  return ("rmat(scale=%d, edgefactor=%d, directed=%s%s)"):format(o.scale, o.edgefactor, tostring(o.directed),
    o.permute == false and ", permute=false" or "")
end

local function graph_of(inp)
  if inp.catalogue then return ex:graph(inp.catalogue) end
  local o = {}
  for k, v in pairs(ex.quick and inp.quick or inp.gen) do o[k] = v end
  o.seed = ws.options.seed or 1
  local g = ws.graph.rmat(o)
  local desc = ("%s stand-in for %s: %s%s"):format(inp.name, inp.paper, describe(o), ex.quick and " (quick)" or "")
  if not ex.inputs[inp.name] then
    ex.input_order[#ex.input_order + 1] = inp.name
    ex.inputs[inp.name] = { name = inp.name, description = desc, kind = ex.quick and "quick" or "substitute",
      vertices = g.n, edges = g.m }
  end
  return g, desc
end

-- PageRank, one iteration (pr_init, pr_contrib, pr_pull: launch 3 is the
-- pull; every iteration reads the same addresses), counting `array`'s loads
-- ("" every load); returns pr_pull's tcoal counters.
local function curve(g, name, array, label)
  local c
  -- l1d.mshr 32: the paper's GTX480 (B4: "32 MSHR entry"); gtx480's 64 is
  -- GPGPU-Sim's configuration.  The counts do not depend on it (they are
  -- taken before the L1), the cycles do.
  ex:run({ ["stats.tcoal"] = true, ["stats.tcoal.array"] = array, ["l1d.mshr"] = 32 }, function(gpu)
    local ok, msg = P.run(gpu, g, 1, 0.85)
    c = gpu:tcoal(3)
    return ok, msg
  end, ("%s PR %s"):format(name, label))
  return c
end

local rows = {}
for _, inp in ipairs(want) do
  local g, desc = graph_of(inp)
  local cs = {
    { stream = "all", c = curve(g, inp.name, "", "every load") },
    { stream = "C", c = curve(g, inp.name, "tcol", "C (tcol) loads") },
    { stream = "V", c = curve(g, inp.name, "contrib", "V (contrib) loads") },
  }
  local v1 = cs[3].c.requests[1]
  for _, s in ipairs(cs) do
    local c = s.c
    local r = { graph = inp.name, as = inp.paper, stream = s.stream, loads = c.loads, req1 = c.requests[1],
      n2 = c.normalized[2], n4 = c.normalized[4], n8 = c.normalized[8], n16 = c.normalized[16],
      n32 = c.normalized[32], s16 = c.sliding_normalized[16], vn16 = v1 > 0 and c.requests[16] / v1 or nil,
      paper16 = (inp.name == "AMZ" and s.stream == "V") and PAPER16 or nil,
      lanes = c.lane_requests, curve = c.normalized, sliding = c.sliding_normalized, requests = c.requests }
    ex:check(c.loads > 0, ("%s %s: loads counted"):format(inp.name, s.stream))
    ex:check(c.requests[1] <= c.lane_requests, ("%s %s: requests at W=1 <= lane accesses"):format(inp.name, s.stream))
    ex:row(r)
    rows[#rows + 1] = r
  end
  ex:check(cs[2].c.loads == cs[3].c.loads, inp.name .. ": one tcol load per contrib load")
  ex:check(cs[1].c.loads >= cs[2].c.loads + cs[3].c.loads, inp.name .. ": every load counts C's and V's")
  ex:note(("%s (%s: %s): %s, %d vertices, %d edges"):format(inp.name, inp.paper, inp.what, desc, g.n, g.m))
end

-- Claims.  The curves fall as the window doubles (a window of 2W holds two
-- of W: it never has more requests).
local falls, bad = true, {}
for _, r in ipairs(rows) do
  local seq = { 1, r.n2, r.n4, r.n8, r.n16, r.n32 }
  for i = 2, #seq do
    if seq[i] > seq[i - 1] then falls = false; bad[#bad + 1] = r.graph .. "/" .. r.stream end
  end
end
ex:claim("Requests fall as the window grows (Fig. 5's curves)", falls,
  falls and "on every graph and stream, W = 1, 2, 4, 8, 16, 32" or ("not on " .. table.concat(bad, ", ")))
local function find(graph, stream)
  for _, r in ipairs(rows) do if r.graph == graph and r.stream == stream then return r end end
end
local amz = find("AMZ", "V")
if amz then
  -- [choice] within 10 percentage points counts as reproducing the number
  local ours = 100 * (1 - amz.n16)
  ex:claim("W = 16 cuts amazon-2008's requests by 45.8 % (V, step 4; AMZ stand-in, within 10 points)",
    math.abs(ours - 45.8) <= 10, ("AMZ V: -%.1f %%; AMZ every load: -%.1f %%; AMZo V (ordered ids): %s"):format(
      ours, 100 * (1 - find("AMZ", "all").n16),
      find("AMZo", "V") and ("-%.1f %%"):format(100 * (1 - find("AMZo", "V").n16)) or "not run"))
end
local big, list = true, {}
for _, r in ipairs(rows) do
  if r.stream == "V" then
    list[#list + 1] = ("%s -%.1f %%"):format(r.graph, 100 * (1 - r.n16))
    if r.n16 > 0.9 then big = false end
  end
end
if #list > 0 then
  ex:claim("Temporal coalescing has a large potential on the V array at W = 16 (at least 10 % fewer requests on every graph)",
    big, table.concat(list, ", "))
end
ex:note("stream: all = every global load of pr_pull (trow, tcol, contrib), C = tcol's loads alone (Fig. 5a, step 3), "
  .. "V = contrib's loads alone (Fig. 5b, step 4); a warp's window holds that stream's loads only.  W=k: requests "
  .. "(distinct 128-byte blocks per tumbling window of k loads of a warp) / requests at W=1; sl16: the same with "
  .. "sliding windows (a block counts unless one of the warp's 15 previous loads read it); V1n16: requests at W=16 / "
  .. "V's requests at W=1 (the paper normalises both panels to step 4's W=1); paper: the paper's one number "
  .. "(amazon-2008, W=16: -45.8 %).  The counts are taken before any cache or MSHR: they depend on the kernel, "
  .. "the graph and its vertex order, not on the machine's caches (tests/tcoal.lua).")
ex:note("One PageRank iteration per run: pr_pull reads the same addresses in every iteration.  The R-MAT stand-ins "
  .. "are permuted (random vertex ids) unless marked otherwise; the paper's graphs come from crawls whose ids "
  .. "carry locality, which AMZo (R-MAT's own order) and the real graphs bound from the other side.")
ex:finish()
