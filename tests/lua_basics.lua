-- The warpscope Lua module loads from the data directory and answers basics.
local T = require "tap"
local ws = require "warpscope"
T.ok(type(ws.version) == "string" and ws.version:match("^%d+%.%d+%.%d+$"), "ws.version")
T.ok(ws.datadir ~= nil, "ws.datadir")
local f = io.open(ws.data_path("lua/warpscope.lua"))
T.ok(f ~= nil, "data_path finds the Lua library")
if f then f:close() end
T.is(ws.options.batch, true, "tests run in batch mode")

-- errors in the library's functions name the script's line, not the library's
local function err_of(f) local ok, e = pcall(f) return not ok and tostring(e) or "no error" end
local here = "^.-lua_basics%.lua:%d+: "
T.ok(err_of(function() ws.gpu{ bogus = 1 } end):find(here .. "unknown option 'bogus'"), "ws.gpu's errors name the caller's line")
T.ok(err_of(function() ws.gpu(5) end):find(here .. "bad argument #1 to 'gpu' %(table expected, got number%)"),
     "ws.gpu with a number")
T.ok(err_of(function() ws.data_path(nil) end):find(here .. "ws.data_path: expected a path relative to the data directory %(a string%), got nil"),
     "ws.data_path without a path")

-- ws.check: what it compares, and its errors
T.ok(ws.check.equal(ws.buffer("i32", { 1, 2 }), { 1, 2 }), "check.equal: a buffer against a table")
local same, why = ws.check.equal({ 1, 2, 3 }, { 1, 5, 3 })
T.ok(not same and why == "not equal: element 1: got 2, want 5 (1 of 3 elements differ)", "check.equal names the first difference")
T.ok(ws.check.near({ 1, "x" }, { 1.0000001, "x" }), "check.near compares what is not a number exactly")
T.ok(err_of(function() ws.check.equal(ws.graph.rmat{ scale = 3 }, { 1 }) end):find(
       here .. "ws.check: the result must be a buffer, a device array or a table, got warpscope.graph"),
     "check.equal refuses a graph, naming its type")
T.ok(err_of(function() ws.check.near({ 1 }, { 1 }, {}) end):find(here .. "ws.check.near: the tolerance must be a number >= 0, got table"),
     "check.near's tolerance must be a number")
T.ok(err_of(function() ws.check.near({ 1 }, { 1 }, -1) end):find("got %-1"), "check.near's tolerance must not be negative")
local g = ws.gpu{ quiet = true }
local a = g:array("i32", 2)
a:free()
T.ok(err_of(function() ws.check.equal(a, { 0, 0 }) end):find(here .. "ws.check: the result: attempt to use a freed array 'array'"),
     "check.equal on a freed array")
g:close()
-- dofile, loadfile and require of a directory: "is a directory", naming the
-- path, and for dofile and require the script's line
do
  local dir = (os.getenv("WS_BUILDDIR") or ".") .. "/tests"
  T.is(err_of(function() dofile(dir) end):match(here .. "(.*)"), "dofile: '" .. dir .. "' is a directory",
       "dofile of a directory")
  T.ok(err_of(function() dofile(dir .. "/no such file.lua") end):find(here .. "dofile: cannot open .*no such file%.lua"),
       "dofile of a missing file names the script's line")
  local f, e = loadfile(dir)
  T.is(f, nil, "loadfile of a directory fails")
  T.is(e, "'" .. dir .. "' is a directory", "... saying why")
  local saved = package.path
  package.path = (os.getenv("WS_BUILDDIR") or ".") .. "/?;" .. saved
  local r = err_of(function() require "tests" end)
  package.path = saved
  T.is(r:match(here .. "(.*)"), "require 'tests': '" .. dir .. "' is a directory", "require of a directory")
  T.is(dofile((os.getenv("WS_SRCDIR") or ".") .. "/tests/tap.lua") ~= nil, true, "dofile of a file still returns its values")
end
T.done()
