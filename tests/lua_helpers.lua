-- The helpers the scenarios and labs share (warpscope.bfs, .pagerank,
-- .scenario, .lab) check their arguments: a wrong one is reported at the
-- calling line with the helper, the argument and what it must be, before
-- anything is simulated; right ones still work.
local T = require "tap"
local ws = require "warpscope"
local A = require "warpscope.args"
local B = require "warpscope.bfs"
local P = require "warpscope.pagerank"
local S = require "warpscope.scenario"
local L = require "warpscope.lab"

local here = "^.-lua_helpers%.lua:%d+: "
local g = ws.graph.rmat{ scale = 5, edgefactor = 4, seed = 3 }
local gpu = ws.gpu{ preset = "gtx480", quiet = true }

-- (each call is a statement, not a tail call, so its line is known)
T.raises(function() B.topo(gpu, "graph.txt", 0) end,
         here .. "warpscope%.bfs%.topo: argument 2 %(graph%) must be a graph %(ws%.graph%.load, ws%.graph%.default or a generator%), got string 'graph%.txt'",
         "bfs.topo: a file name instead of a graph")
T.raises(function() B.topo(nil, g, 0) end, here .. "warpscope%.bfs%.topo: argument 1 %(gpu%) must be a gpu %(ws%.gpu{%.%.%.}%) or a table with its methods, got nil",
         "bfs.topo: no gpu")
T.raises(function() B.topo(gpu, g, g.n) end,
         here .. ("warpscope%%.bfs%%.topo: argument 3 %%(src%%) must be an integer in 0%%.%%.%d, got number %d"):format(g.n - 1, g.n),
         "bfs.topo: a source past the last vertex")
T.raises(function() B.topo(gpu, g, 1.5) end, here .. "warpscope%.[%w_%.]+: argument 3 %(src%) must be an integer in 0%.%.%d+, got number 1%.5",
         "bfs.topo: a fractional source")
T.raises(function() B.topo(gpu, g, 0, 7) end, here .. "warpscope%.[%w_%.]+: argument 4 %(ptx%) must be nil or a string, got number 7", "bfs.topo: a ptx that is not a path")
T.raises(function() B.data(gpu, g, 0, 0) end, here .. "warpscope%.bfs%.data: argument 4 %(chunk%) must be an integer in 1%.%.2147483647, got number 0",
         "bfs.data: chunk 0")
T.raises(function() B.data(gpu, g, 0, "x") end, here .. "warpscope%.[%w_%.]+: argument 4 %(chunk%) must be an integer in 1%.%.2147483647, got string 'x'",
         "bfs.data: a chunk that is not a number")
T.is(gpu.cycle, 0, "nothing was simulated by the refused calls")
T.raises(function() P.run(gpu, g, -1, 0.85) end, here .. "warpscope%.pagerank%.run: argument 3 %(iters%) must be an integer in 0%.%.1000000, got number %-1",
         "pagerank.run: negative iterations")
T.raises(function() P.run(gpu, g, 2, 1.5) end, here .. "warpscope%.[%w_%.]+: argument 4 %(d %(the damping factor%)%) must be a number in 0%.%.1, got number 1%.5",
         "pagerank.run: a damping factor above 1")
T.raises(function() P.run(gpu, {}, 2, 0.85) end, here .. "warpscope%.[%w_%.]+: argument 2 %(graph%) must be a graph .*, got table", "pagerank.run: a table as the graph")
T.is(gpu.cycle, 0, "pagerank.run launched nothing before refusing")
T.raises(function() S.ceil_div(5, 0) end, here .. "warpscope%.scenario%.ceil_div: argument 2 %(b%) must be an integer in 1%.%.", "ceil_div by 0")
T.raises(function() S.report("t", nil, true, "") end, here .. "warpscope%.scenario%.report: argument 2 %(gpu%) must be a gpu", "report without a gpu")
T.raises(function() S.source(0, nil) end, here .. "warpscope%.scenario%.source: argument 2 %(n %(the vertex count%)%) must be an integer", "source without n")
T.raises(function() L.run(nil, 5) end, here .. "warpscope%.lab%.run: argument 2 %(fn%) must be a function, got number 5", "lab.run: fn not a function")
T.raises(function() L.run({}, function() end, 3) end, here .. "warpscope%.[%w_%.]+: argument 3 %(label%) must be nil or a string, got number 3", "lab.run: a numeric label")
T.raises(function() L.table(5, {}) end, here .. "warpscope%.lab%.table: argument 1 %(cols%) must be a table of columns, got number", "lab.table: cols a number")
T.raises(function() L.table({ { "a", "%5d" }, { "b" } }, {}) end, here .. "warpscope%.lab%.table: column 2 must be { key, format %[, header%] }",
         "lab.table: a column without a format")
T.raises(function() L.table({ { "a", "%5d" } }, nil) end, here .. "warpscope%.[%w_%.]+: argument 2 %(rows%) must be a table, got nil", "lab.table: no rows")
T.raises(function() L.table({ { "a", "%5d" } }, { { a = 1 }, 5 }) end,
         here .. "warpscope%.lab%.table: argument 2 %(rows%) must hold tables, row 2 is number", "lab.table: a row that is not a table")
T.raises(function() L.by_array({}) end, here .. "warpscope%.lab%.by_array: argument 1 %(st%) must be the table gpu:stats%(%) returns, got a table without 'tables'",
         "lab.by_array: not statistics")
T.raises(function() L.source("g", 0) end, here .. "warpscope%.lab%.source: argument 1 %(graph%) must be a graph", "lab.source: a string")
T.raises(function() L.levels(g, -1) end, here .. "warpscope%.lab%.levels: argument 2 %(src%) must be an integer", "lab.levels: a negative source")
T.raises(function() L.banner(nil) end, here .. "warpscope%.lab%.banner: argument 1 %(title%) must be a string, got nil", "lab.banner: no title")

T.raises(function() L.graph(5) end, here .. "warpscope%.lab%.graph: argument 1 %(spec%) must be nil or a string, got number 5", "lab.graph: a number as the spec")
T.raises(function() L.args({ "a", 3 }, { "x", "y" }) end, here .. "warpscope%.lab%.args: argument 1 %(argv%) must hold strings, element 2 is number",
         "lab.args: a number among the arguments")
T.raises(function() L.args({}, { "x", {} }) end, here .. "warpscope%.lab%.args: argument 2 %(names%) must hold strings, element 2 is table",
         "lab.args: a table among the names")
T.raises(function() L.list({}) end, here .. "warpscope%.lab%.list: argument 1 %(s%) must be nil or a string, got table", "lab.list: a table")
T.raises(function() L.section(nil) end, here .. "warpscope%.lab%.section: argument 1 %(title%) must be a string, got nil", "lab.section: no title")
T.raises(function() L.pct("5") end, here .. "warpscope%.lab%.pct: argument 1 %(x%) must be nil or a number, got string '5'", "lab.pct: a string")
T.raises(function() L.pf_row(nil) end, here .. "warpscope%.lab%.pf_row: argument 1 %(t %(gpu:stats%(%)%.total%)%) must be a table, got nil", "lab.pf_row: no totals")
T.raises(function() L.done() end, here .. "warpscope%.lab%.done: argument 1 %(name%) must be a string, got nil", "lab.done: no name")
T.raises(function() S.graph(nil, "default") end, here .. "warpscope%.scenario%.graph: argument 1 %(ws%) must be the warpscope module, got nil",
         "scenario.graph without the module")
T.raises(function() S.graph(ws, 5) end, here .. "warpscope%.scenario%.graph: argument 2 %(name%) must be nil or a string, got number 5", "scenario.graph: a number as the name")
local l = L.list("a,b")
T.ok(#l == 2 and l[1] == "a" and l[2] == "b", "lab.list splits at commas")
local av = L.args({ "1", "y=2" }, { "x", "y", "z" }, { z = "d" })
T.ok(av.x == "1" and av.y == "2" and av.z == "d", "lab.args: positional, NAME=VALUE and defaults")
T.is(L.pct(0.25), 25.0, "lab.pct")

T.raises(function() B.topo({ launch = print }, g, 0) end, here .. "warpscope%.bfs%.topo: argument 1 %(gpu%) must be a gpu .*, got table", "bfs.topo: a table without the gpu's methods")

-- A closed gpu is named as such.
local closed = ws.gpu{ quiet = true }
closed:close()
T.raises(function() B.topo(closed, g, 0) end, here .. "warpscope%.bfs%.topo: argument 1 %(gpu%) is a closed gpu", "bfs.topo: a closed gpu")

-- What the checks accept: kinds, integral floats, the helpers' results.
T.is(A.kind(gpu), "warpscope.gpu", "args.kind names warpscope objects")
T.is(A.kind(g), "warpscope.graph", "args.kind of a graph")
T.is(A.kind(3), "number", "args.kind of a number")
T.is(S.ceil_div(257, 256), 2, "ceil_div")
T.is(math.type(S.ceil_div(512.0, 256)), "integer", "ceil_div takes integral floats and returns an integer")
local ok, msg, levels = B.topo(gpu, g, 0.0)
T.ok(ok and levels >= 1, "bfs.topo with a float source 0.0 runs and matches the CPU BFS: " .. tostring(msg))
-- a stand-in whose methods call the gpu's (as the experiments' launch
-- recorders are) is accepted
local gd = ws.gpu{ preset = "gtx480", quiet = true }
local launches = 0
local proxy = setmetatable({}, { __index = function(_, k)
  local v = gd[k]
  if type(v) ~= "function" then return v end
  return function(_, ...)
    if k == "launch" then launches = launches + 1 end
    return v(gd, ...)
  end
end })
ok, msg = B.data(proxy, g, 1, 4)
T.ok(ok and launches >= 1, "bfs.data through a proxy of the gpu runs and matches: " .. tostring(msg))
local gp = ws.gpu{ quiet = true }
ok, msg = P.run(gp, g, 2, 0.85)
T.ok(ok, "pagerank.run (functional) matches: " .. tostring(msg))
local cnt = L.levels(g, L.source(g))
T.ok(#cnt >= 1 and cnt[1] == 1, "lab.levels: one vertex at level 0")
T.done()
