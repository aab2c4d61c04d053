-- warpscope.json and warpscope.experiment (the library of scenarios/experiments):
-- JSON round trips and errors, the command line, the table, the files, the
-- graph catalogue's quick substitutes and the invariants of a run.
local T = require "tap"
local ws = require "warpscope"
local json = require "warpscope.json"
local E = require "warpscope.experiment"
local B = require "warpscope.bfs"

-- JSON: sorted keys, arrays, escapes, numbers; decode inverts encode.
T.is(json.encode({ b = 1, a = { 1, 2, "x" }, c = true }), '{"a":[1,2,"x"],"b":1,"c":true}', "encode sorts keys")
T.is(json.encode({ s = 'q"\n\1' }), '{"s":"q\\"\\n\\u0001"}', "encode escapes")
T.is(json.encode({ 0.5, 3.0, 0 / 0 }), '[0.5,3.0,null]', "encode numbers (NaN is null)")
T.is(json.encode(setmetatable({}, json.array)), "[]", "an empty array")
T.is(json.encode({}), "{}", "an empty object")
T.raises(function() json.encode({}, "x") end, "exp_lib%.lua:%d+: json%.encode: indent must be a number of spaces %(an integer >= 0%), got string",
         "encode: a bad indent names the caller")
T.raises(function() json.decode(nil) end, "exp_lib%.lua:%d+: json%.decode: expected the JSON text %(a string%), got nil",
         "decode: no text")
local v = json.decode(' {"a": [1, 2.5, "x\\u0041"], "b": {"c": false}, "d": null} ')
T.ok(v.a[1] == 1 and math.type(v.a[1]) == "integer" and v.a[2] == 2.5 and v.a[3] == "xA", "decode arrays, numbers, escapes")
T.ok(v.b.c == false and v.d == json.null, "decode objects, false, null")
local again = json.decode(json.encode({ x = { 1, { y = "z" } }, w = -3.25e-7 }, 2))
T.ok(again.x[2].y == "z" and again.w == -3.25e-7, "decode(encode(v)) == v, pretty-printed")
T.raises(function() json.decode('{"a": 1,\n "b" 2}') end, "line 2 column 6: expected ':'", "decode names line and column")
T.raises(function() json.decode('[1, 2') end, "expected ',' or ']'", "decode: unterminated array")
T.raises(function() json.decode('"abc') end, "unterminated string", "decode: unterminated string")
T.raises(function() json.decode('1 2') end, "trailing text", "decode: trailing text")
local loop = {}; loop.self = loop
T.raises(function() json.encode(loop) end, "contains itself", "encode refuses a cycle")

-- The command line.
local cols = { { "graph", "%-6s" }, { "policy", "%-9s" }, { "paper", "%6.2f" }, { "measured", "%8.3f" } }
local function new(argv) return E.new{ id = "t-exp", title = "test", source = "none", preset = "gtx480-l1-48k", columns = cols, argv = argv } end
T.raises(function() new{ "--bogus" } end, "unknown option '%-%-bogus'", "unknown option")
T.raises(function() new{ "--out" } end, "%-%-out needs a value", "--out without a value")
T.raises(function() E.new{ id = "a b", title = "t", source = "s", columns = cols } end, "file stem", "id must be a file stem")
T.raises(function() E.new{ id = "x", title = "t", source = "s", columns = { { "k" } } } end, "column 1", "bad column")
local out = os.getenv("WS_BUILDDIR") .. "/exp_lib.tmp"
os.execute("rm -rf '" .. out .. "' && mkdir -p '" .. out .. "'")
local ex = new{ "--quick", "--out", out, "extra" }
T.ok(ex.quick and ex.out == out and ex.args[1] == "extra", "--quick, --out and positional arguments")
T.is(ex.preset, ws.options.preset or "gtx480-l1-48k", "the experiment's preset")

-- Quick catalogue graphs are generated and described as substitutes.
local g, desc = ex:graph("ROAD")
T.ok(g.n == 48 * 40 and desc:find("road substitute"), "ROAD --quick is a 48x40 grid: " .. desc)
T.ok(select(1, ex:graph("ROAD")) == g, "a graph is loaded once")
T.raises(function() ex:graph("NOPE") end, "neither in the catalogue", "unknown graph name")
local og = ex:graph("OR")
local src = ex:start_vertex(og)
local deg = og:degrees()
local best = 0
for i = 0, og.n - 1 do if deg[i] > deg[best] then best = i end end
T.is(src, best, "start vertex: the first vertex of highest degree")

-- Runs: statistics come back, invariants are counted, failures recorded.
local st = ex:run({ ["pf.policy"] = "nextline" }, function(gpu) return B.data(gpu, og, src, 4) end)
T.ok(st.total.cycles > 0 and st.total["pf.issued"] > 0, "a run returns the GPU's statistics")
local n0 = ex.checks
T.ok(n0 >= 6 and #ex.failures == 0, "the run's invariants hold: " .. n0)
local function failed(pattern)
  for _, f in ipairs(ex.failures) do if f:find(pattern) then return true end end
  return false
end
ex:run({}, function() return false, "made up" end, "wrong")
T.ok(failed("^wrong: kernel output matches the CPU reference %(made up%)$"), "a wrong result is a failed invariant, named")
T.ok(failed("^wrong: cycles > 0$") and failed("^wrong: warp instructions > 0$"), "a run that launched nothing fails")
local nf = #ex.failures
ex:run({}, function() error("boom") end, "raising")
T.ok(failed("^raising: the host program failed: .*boom"), "a host error is a failed invariant")
T.is(#ex.failures, 2 * nf, "each bad run adds its failures")
ex:row{ graph = "OR", policy = "nextline", paper = 0.92, measured = 1.5 }
ex:row{ graph = "OR", policy = "none,x" }
ex:claim("next-line slows BFS down", false, "it speeds up")
T.raises(function() ex:finish() end, "6 of %d+ invariants failed", "finish raises when an invariant failed")
local f = io.open(out .. "/t-exp.csv")
local csv = f and f:read("a"); if f then f:close() end
T.is(csv, 'graph,policy,paper,measured\nOR,nextline,0.92,1.5\nOR,"none,x",,\n', "the CSV")
f = io.open(out .. "/t-exp.json")
local r = json.decode(f:read("a")); f:close()
T.ok(r.id == "t-exp" and r.quick == true and #r.rows == 2 and #r.runs == 3, "the JSON: id, quick, rows, runs")
T.ok(r.claims[1].holds == false and r.invariants.failed[1]:find("made up"), "the JSON: claims and failed invariants")
T.ok(r.inputs[1].name == "ROAD" and r.inputs[2].name == "OR", "the JSON: inputs in order of use")
T.ok(io.open(out .. "/t-exp.json.tmp") == nil, "no temporary file left")

-- Files are written whole or not at all.
local ex2 = new{ "--quick", "--out", out .. "/no/such/dir" }
ex2:row{ graph = "x" }
T.raises(function() ex2:finish() end, "cannot write .*no/such/dir/t%-exp.json", "an unwritable --out is an error naming the file")
local ex3 = new{ "--quick", "--no-files", "--out", out .. "/none" }
ex3:check(true, "x")
ex3:finish()
T.ok(io.open(out .. "/none/t-exp.json") == nil, "--no-files writes nothing")

T.is(E.geomean{ 1, 4, 16 }, 4.0, "geomean")
T.is(E.ratio(3, 0), nil, "ratio by zero is nil")

local items = { { name = "A" }, { name = "B" }, { name = "C" } }
local function names(l) local t = {} for i, x in ipairs(l) do t[i] = x.name end return table.concat(t, ",") end
T.is(names(E.pick(items, nil, "graph")), "A,B,C", "pick: no argument, every entry")
T.is(names(E.pick(items, nil, "graph", { "C", "A" })), "C,A", "pick: no argument, the default names in order")
T.is(names(E.pick(items, "B,A", "graph", { "C" })), "B,A", "pick: the named entries in the argument's order")
T.raises(function() E.pick(items, "A,XX", "graph") end, "^unknown graph 'XX' %(known: A, B, C%)$", "pick: an unknown name")
T.done()
