-- ws.graph from Lua: loading every format, fields as read-only buffers,
-- generators, references, errors with file and line, argument checking.
local T = require "tap"
local ws = require "warpscope"

local src = os.getenv("WS_SRCDIR") or "."
local build = os.getenv("WS_BUILDDIR") or "."
local function data(name) return src .. "/tests/data/" .. name end

-- The tiny graph in every text format: the same CSR.
local row = ws.buffer("i32", {0, 2, 3, 5, 6, 7, 8})
local col = ws.buffer("i32", {1, 2, 3, 1, 3, 4, 0, 4})
local wt = ws.buffer("i32", {4, 1, 1, 2, 5, 3, 7, 2})
for _, f in ipairs{"tiny.el", "tiny.el.gz", "tiny.snap.txt", "tiny.mtx", "tiny.mtx.gz", "tiny.gr", "tiny_rodinia.txt"} do
  local g = ws.graph.load(data(f))
  T.ok(g.n == 6 and g.m == 8 and g.row == row and g.col == col, f .. ": CSR")
  if f ~= "tiny.snap.txt" then T.ok(g.weight == wt, f .. ": weights") end
end
local g = ws.graph.load(data("tiny.el"))
T.is(g.format, "edgelist", "format field")
T.is(ws.graph.load(data("tiny.graph")).m, 16, "METIS: both directions")
T.is(ws.graph.load(data("tiny_sym.mtx")).symmetric, true, "symmetric Matrix Market")
T.is(ws.graph.load(data("tiny_rodinia.txt")).source, 0, "Rodinia source")
T.is(g.source, nil, "no source")
T.is(#g, 6, "#g is the vertex count")
T.ok(tostring(g):match("^graph%(n = 6, m = 8, weighted%)$"), "tostring")

-- Views are read-only and keep the graph alive.
local r = g.row
T.is(r.type, "i32", "row is i32")
T.is(#r, 7, "row has n + 1 offsets")
T.raises(function() r[0] = 5 end, "read%-only", "row cannot be written")
T.raises(function() g.col:fill(0) end, "read%-only", "col cannot be filled")
local c = g.col:copy()
c[0] = 5
T.is(c[0], 5, "a copy is writable")
T.is(g.col[0], 1, "and the graph is unchanged")
T.raises(function() g.n = 3 end, "graphs are read%-only", "fields cannot be set")
T.raises(function() return g.nope end, "graph has no field or method 'nope'", "unknown field")
do
  local view = ws.graph.load(data("tiny.el")).col
  collectgarbage(); collectgarbage()
  T.is(view[7], 4, "a view outlives the expression that made its graph")
end

-- Options.
local s = ws.graph.load(data("tiny.el"), {symmetrize = true})
T.ok(s.m == 16 and s.symmetric, "symmetrize")
T.is(ws.graph.load(data("tiny.el"), {weights = false}).weight, nil, "weights = false")
local rw = ws.graph.load(data("tiny.el"), {weights = 5, seed = 3})
T.ok(rw.weight:max() <= 5 and rw.weight:min() >= 1, "weights = K: random 1..K")
local sp = ws.graph.load(data("sparse.snap.txt"))
T.ok(sp.n == 4 and sp.orig_id == ws.buffer("u32", {5, 1000, 70000, 123456}), "sparse ids relabelled, orig_id kept")
T.is(ws.graph.load(data("sparse.snap.txt"), {relabel = "none", max_vertices = 200000}).n, 123457, "relabel none")
T.is(ws.graph.load(data("tiny.el"), {format = "edgelist"}).m, 8, "format override")
local deg = ws.graph.load(data("tiny.el"), {order = "degree"})
T.ok(deg.orig_id == ws.buffer("u32", {0, 2, 1, 3, 4, 5}), "order = degree")
T.raises(function() ws.graph.load(data("tiny.el"), {symetrize = true}) end,
  "ws.graph.load: unknown option 'symetrize' %(valid: format, symmetrize,", "misspelt option")
T.raises(function() ws.graph.load(data("tiny.el"), {symmetrize = 1}) end,
  "option 'symmetrize' must be a boolean, got number", "option type")
T.raises(function() ws.graph.load(data("tiny.el"), {format = "xml"}) end, "unknown format 'xml'", "bad format")
T.raises(function() ws.graph.load(data("tiny.el"), {order = "sorted"}) end, "unknown order 'sorted'", "bad order")
T.raises(function() ws.graph.load(data("tiny.el"), {base = 2}) end, "option 'base' must be in 0..1, got 2", "bad base")
T.raises(function() ws.graph.load(data("tiny.el"), 5) end, "options must be a table, got number", "options type")
T.raises(function() ws.graph.load() end, "bad argument #1 to 'load'", "path required")

-- Bad files: the reader's message with file and line.
local bad = build .. "/graph_lua_bad.el"
local fh = assert(io.open(bad, "w"))
fh:write("0 1\n1 two\n")
fh:close()
T.raises(function() ws.graph.load(bad) end, "graph_lua_bad%.el:2:3: expected a target id %(a non%-negative integer%), got 'two'", "bad line")
os.remove(bad)
T.raises(function() ws.graph.load(data("truncated.el.gz")) end, "truncated%.el%.gz:1: truncated gzip stream", "truncated gzip")
T.raises(function() ws.graph.load("/nonexistent.el") end, "/nonexistent%.el: cannot open: No such file or directory", "missing file")

-- References.
T.ok(g:bfs(0) == ws.buffer("i32", {0, 1, 1, 2, 3, -1}), "bfs levels, -1 unreachable")
T.ok(g:bfs() == g:bfs(0), "bfs source defaults to 0")
T.ok(g:sssp(0) == ws.buffer("i32", {0, 3, 1, 4, 7, ws.graph.INF}), "sssp distances, INF unreachable")
T.is(ws.graph.INF, 2147483647, "INF is INT32_MAX like the kernels")
T.ok(g:sssp(0, {unreachable = -1}) == ws.buffer("i32", {0, 3, 1, 4, 7, -1}), "sssp unreachable value")
T.ok(g:sssp(5) == ws.buffer("i32", {9, 12, 10, 13, 2, 0}), "sssp from 5")
T.raises(function() g:bfs(6) end, "g:bfs%(src%): vertex 6 is out of range 0..5", "bfs source range")
T.raises(function() g:sssp(-1) end, "vertex %-1 is out of range", "sssp source range")
T.raises(function() g:sssp(0, {inf = 1}) end, "g:sssp: unknown option 'inf' %(valid: unreachable%)", "sssp options")
local labels, count = g:components()
T.ok(count == 1 and labels == ws.buffer("i32", {0, 0, 0, 0, 0, 0}), "components")
local two = ws.graph.from_edges(5, {{0, 1}, {3, 4}})
local l2, c2 = two:components()
T.ok(c2 == 3 and l2 == ws.buffer("i32", {0, 0, 2, 3, 3}), "components are min labels")

-- PageRank: bit-exact against the documented rule emulated in Lua (each
-- float32 operation done in double and rounded through an f32 buffer).
local f32 = ws.buffer("f32", 1)
local function fl(x) f32[0] = x; return f32[0] end
local gt = g:transpose()
local outdeg = g:degrees()
local n = g.n
local pr = {}
for v = 0, n - 1 do pr[v] = fl(1 / fl(n)) end
local d = fl(0.85)
local base = fl(fl(1 - d) / fl(n))
for _ = 1, 7 do
  local nxt = {}
  for v = 0, n - 1 do
    local sum = fl(0)
    for k = gt.row[v], gt.row[v + 1] - 1 do
      local u = gt.col[k]
      sum = fl(sum + fl(pr[u] / outdeg[u]))
    end
    nxt[v] = fl(base + fl(d * sum))
  end
  pr = nxt
end
local got = g:pagerank{iters = 7}
local same = true
for v = 0, n - 1 do same = same and got[v] == pr[v] end
T.ok(same, "pagerank matches the float32 rule bit for bit")
T.is(got.type, "f32", "pagerank result is f32")
T.ok(g:pagerank{iters = 7, transpose = gt} == got, "a precomputed transpose gives the same")
T.ok(g:pagerank() == g:pagerank{iters = 20, damping = 0.85}, "defaults: 20 iterations, d = 0.85")
T.raises(function() g:pagerank{damping = 2} end, "damping must be in %[0, 1%]", "damping range")
T.raises(function() g:pagerank{iters = -1} end, "option 'iters' must be in 0..1000000", "iters range")

-- Transpose, degrees, neighbours.
T.ok(gt.row == ws.buffer("i32", {0, 1, 3, 4, 6, 8, 8}), "transpose offsets")
T.ok(g:degrees() == ws.buffer("i32", {2, 1, 2, 1, 1, 1}), "out-degrees")
T.ok(g:degrees("in") == ws.buffer("i32", {1, 2, 1, 2, 2, 0}), "in-degrees")
T.raises(function() g:degrees("both") end, "g:degrees: the direction must be 'out' or 'in', got 'both'", "degrees direction")
local nb, nw = g:neighbors(2)
T.ok(nb == ws.buffer("i32", {1, 3}) and nw == ws.buffer("i32", {2, 5}), "neighbors and their weights")

local seen = {}
for u, v, w in g:edges() do seen[#seen + 1] = u .. ">" .. v .. ":" .. w end
T.is(table.concat(seen, " "), "0>1:4 0>2:1 1>3:1 2>1:2 2>3:5 3>4:3 4>0:7 5>4:2", "edges iterator")
local k = 0
for u, v, w in ws.graph.load(data("tiny.snap.txt")):edges() do k = k + 1; assert(w == nil) end
T.is(k, 8, "edges iterator without weights")

-- Info.
local info = g:info()
T.ok(info.n == 6 and info.m == 8 and info.diameter == 3 and info.components == 1, "info")
T.ok(info.deg_min == 1 and info.deg_max == 2 and info.weight_max == 7, "info degrees and weights")
T.ok(#info.histogram == 2 and info.histogram[1].lo == 1 and info.histogram[1].count == 4, "info histogram")

-- Generators.
local rm = ws.graph.rmat{scale = 10, edgefactor = 8, seed = 1}
T.is(rm:checksum(), "5b4d6bbe5b07e040", "rmat checksum as in C")
T.is(ws.graph.rmat{scale = 10, edgefactor = 8, seed = 1}:checksum(), rm:checksum(), "rmat deterministic")
T.ok(ws.graph.rmat{scale = 10, edgefactor = 8, seed = 2}:checksum() ~= rm:checksum(), "seed matters")
T.is(ws.graph.erdos_renyi{n = 100, m = 300, seed = 1}.m, 600, "erdos_renyi")
T.is(ws.graph.erdos_renyi{n = 100, m = 300, seed = 1, directed = true}.m, 300, "erdos_renyi directed")
local un = ws.graph.uniform{n = 100, seed = 1, weights = 10}
T.ok(un.weighted and un.m % 2 == 0, "uniform")
local gr = ws.graph.grid{width = 8, height = 5}
T.ok(gr.n == 40 and gr.m == 2 * (7 * 5 + 8 * 4) and gr:info().diameter == 11, "grid")
T.is(ws.graph.grid{width = 6}.n, 36, "grid height defaults to width")
local geo = ws.graph.geometric{n = 500, seed = 3, weights = 9}
T.ok(geo.symmetric and geo.weight:max() <= 9, "geometric")
for _, r in ipairs({ -1, 0, 0/0, 2 }) do
  T.raises(function() ws.graph.geometric{n = 10, radius = r} end,
           "ws%.graph%.geometric: radius must be in %(0, 1%.5%], not %-?[%w.]+ %(leave it out for the default",
           "radius " .. tostring(r) .. " is refused, not replaced by the default")
end
local lcc = ws.graph.grid{width = 30, remove = 0.45, seed = 5, largest_component = true}
T.is(select(2, lcc:components()), 1, "largest_component keeps one component")
T.ok(ws.graph.grid{width = 10, order = "random", seed = 4}.orig_id ~= nil, "generators take an order")
T.raises(function() ws.graph.rmat{scale = 40} end, "option 'scale' must be in 1..30, got 40", "rmat scale range")
T.raises(function() ws.graph.rmat{scales = 4} end, "ws.graph.rmat: unknown option 'scales'", "rmat unknown option")
T.raises(function() ws.graph.erdos_renyi{n = 10} end, "n and m are required", "erdos_renyi needs m")
T.raises(function() ws.graph.erdos_renyi{n = 10, m = 46} end, "46 edges are impossible on 10 vertices", "too many edges")
T.raises(function() ws.graph.grid{} end, "width is required", "grid needs a width")
T.raises(function() ws.graph.uniform{n = 10, min_degree = 0, max_degree = 0} end,
         "option 'max_degree' must be in 1..", "uniform: max_degree 0 is refused (the generator would make it 2..4)")
T.raises(function() ws.graph.grid{width = 4, remove = 1} end, "remove must be in %[0, 1%)", "grid remove")

-- The embedded default graph.
local def = ws.graph.default()
T.ok(def.n == 65412 and def.m == 209114 and def.weighted and def.symmetric, "default graph")
T.is(def:checksum(), "ed7024ab70d028f6", "default graph checksum as in C")
T.ok(ws.graph.default_recipe:match("width = 256"), "default recipe")

-- Building graphs.
local fe = ws.graph.from_edges(3, {{0, 1, 5}, {1, 2, 6}})
T.ok(fe.m == 2 and fe.weight == ws.buffer("i32", {5, 6}), "from_edges with weights")
T.ok(ws.graph.from_edges(3, {{0, 1}, {1, 2}}, {symmetrize = true}).m == 4, "from_edges with options")
T.raises(function() ws.graph.from_edges(3, {{0, 3}}) end, "vertex out of range 0..2", "from_edges range")
T.raises(function() ws.graph.from_edges(3, {{0, 1, 2}, {1, 2}}) end, "edge 2 has no weight but edge 1 has one", "mixed weights")
T.raises(function() ws.graph.from_edges(3, {5}) end, "edge 1 must be a table", "edge shape")
local fc = ws.graph.from_csr(g.row, g.col, g.weight)
T.is(fc:checksum(), g:checksum(), "from_csr round trip")
T.is(ws.graph.from_csr({0, 1, 1}, {1}).m, 1, "from_csr from tables")
T.raises(function() ws.graph.from_csr({0, 2, 1}, {1, 0}) end, "row offsets decrease", "from_csr checks offsets")
T.raises(function() ws.graph.from_csr({0, 1}, {4}) end, "edge 0 targets vertex 4, outside 0..0", "from_csr checks targets")

-- Save, write, reorder, rebuild.
local path = build .. "/graph_lua.wsg"
g:save(path)
local back = ws.graph.load(path)
T.ok(back:checksum() == g:checksum() and back.format == "binary", "binary round trip")
os.remove(path)
local mtx = build .. "/graph_lua.mtx"
g:write(mtx)
T.is(ws.graph.load(mtx):checksum(), g:checksum(), "Matrix Market round trip")
os.remove(mtx)
T.raises(function() g:save("/nonexistent/dir/x.wsg") end, "cannot create a temporary file", "save error")
T.raises(function() g:write(mtx, "metis") end, "cannot write metis files", "write format")
local ro = g:reorder("random", 7)
T.ok(ro.n == 6 and ro.m == 8 and ro:checksum() ~= g:checksum(), "reorder")
T.ok(g:reorder("random", 7):checksum() == ro:checksum(), "reorder is deterministic")
T.raises(function() g:reorder("zigzag") end, "unknown order 'zigzag'", "reorder name")
local rb = g:rebuild{symmetrize = true, drop_self_loops = true}
T.ok(rb.symmetric and rb.m == 16, "rebuild")
T.raises(function() g:rebuild{base = 1} end, "format and base only apply to files", "rebuild options")

-- keep_order: each vertex's neighbours in the file's order; relabel
-- "appearance": ids numbered as the file first names them (source, then
-- target of each line).
local o = ws.graph.load(data("order.el"))
T.ok(o.row == ws.buffer("i32", {0, 2, 3, 6, 6}) and o.col == ws.buffer("i32", {1, 2, 2, 0, 1, 3}),
     "order.el: sorted lists by default")
o = ws.graph.load(data("order.el"), {keep_order = true})
T.ok(o.row == ws.buffer("i32", {0, 2, 3, 6, 6}) and o.col == ws.buffer("i32", {2, 1, 2, 3, 0, 1}),
     "keep_order: the file's order")
o = ws.graph.load(data("order.el"), {keep_order = true, relabel = "appearance"})
T.ok(o.row == ws.buffer("i32", {0, 3, 3, 5, 6}) and o.col == ws.buffer("i32", {1, 2, 3, 0, 3, 0}),
     "keep_order and relabel appearance")
T.ok(o.orig_id == ws.buffer("u32", {2, 3, 0, 1}), "appearance: orig_id")
o = ws.graph.load(data("sparse.snap.txt"), {relabel = "appearance"})
T.ok(o.orig_id == ws.buffer("u32", {1000, 5, 70000, 123456}) and o.col == ws.buffer("i32", {1, 2, 3}),
     "appearance on sparse SNAP ids")
o = ws.graph.load(data("tiny_rodinia.txt"), {relabel = "appearance"})
T.is(o.source, o.orig_id:find(0), "appearance keeps the Rodinia source")
T.raises(function() ws.graph.load(data("order.el"), {keep_order = true, symmetrize = true}) end,
         "keep_order cannot be combined with drop_duplicates, symmetrize", "keep_order with symmetrize")
T.raises(function() ws.graph.load(data("order.el"), {relabel = "first"}) end,
         "unknown relabel mode 'first' %(auto, none, compact, appearance%)", "relabel names")
-- a directory is named as one, after the script's file and line
local dir = data("din")
T.raises(function() ws.graph.load(dir) end,
         "graph_lua%.lua:%d+: " .. dir:gsub("%p", "%%%0") .. ": is a directory$", "a directory: file:line, says so")
T.done()
