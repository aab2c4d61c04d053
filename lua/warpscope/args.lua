-- warpscope.args: argument checks for the helpers the scenarios and labs
-- share (warpscope.bfs, .pagerank, .scenario, .lab), so that a wrong
-- argument is reported at the line of the script that called the helper,
-- with the helper's name, the argument and what it should be, before any
-- simulation starts.
--
--   local A = require "warpscope.args"
--   function M.topo(gpu, g, src)
--     A.gpu("warpscope.bfs.topo", 1, gpu)
--     A.graph("warpscope.bfs.topo", 2, g)
--     A.int("warpscope.bfs.topo", 3, "src", src, 0, g.n - 1)
--
-- Each check is called by the helper, which the script called: the error
-- is raised at level 4 from `fail` (fail, the check, the helper, the script).
-- ws.check names values with M.kind too.  (An internal module: its callers
-- are the library's helpers, which pass well-formed bounds and names.)
local M = {}

-- What a value is: the type, or for warpscope objects their kind
-- ("warpscope.gpu", "warpscope.graph", ...).
function M.kind(v)
  local t = type(v)
  if t == "userdata" then
    local mt = getmetatable(v)
    local name = type(mt) == "table" and mt.__name or nil
    return type(name) == "string" and name or t
  end
  return t
end

local function show(v)
  local k = M.kind(v)
  if k == "number" or k == "boolean" then return ("%s %s"):format(k, tostring(v)) end
  if k == "string" then
    local s = #v > 40 and v:sub(1, 37) .. "..." or v
    return ("string '%s'"):format(s)
  end
  return k
end

local function fail(fn, i, what, want, v)
  error(("%s: argument %d (%s) must be %s, got %s"):format(fn, i, what, want, show(v)), 4)
end

-- An open gpu (ws.gpu{...}), or a table standing in for one (a proxy
-- whose methods call the gpu's, as the experiments' launch recorders are).
function M.gpu(fn, i, v)
  local k = M.kind(v)
  if k == "warpscope.gpu" then
    if v.closed then error(("%s: argument %d (gpu) is a closed gpu"):format(fn, i), 3) end
    return
  end
  if k == "table" then
    local ok, like = pcall(function()
      return type(v.launch) == "function" and type(v.array) == "function" and type(v.load_ptx) == "function"
    end)
    if ok and like then return end
  end
  fail(fn, i, "gpu", "a gpu (ws.gpu{...}) or a table with its methods", v)
end

-- A graph (ws.graph.load, ws.graph.default, a generator).
function M.graph(fn, i, v)
  if M.kind(v) ~= "warpscope.graph" then
    fail(fn, i, "graph", "a graph (ws.graph.load, ws.graph.default or a generator)", v)
  end
end

-- An integer in lo..hi.
function M.int(fn, i, what, v, lo, hi)
  local n = math.type(v) == "float" and math.tointeger(v) or v
  if math.type(n) ~= "integer" or n < lo or n > hi then
    fail(fn, i, what, ("an integer in %d..%d"):format(lo, hi), v)
  end
  return n
end

-- A number in lo..hi.
function M.num(fn, i, what, v, lo, hi)
  if type(v) ~= "number" or v ~= v or v < lo or v > hi then
    fail(fn, i, what, ("a number in %s..%s"):format(tostring(lo), tostring(hi)), v)
  end
end

-- A value of Lua type `t` ("string", "table", "function"); with `optional`
-- nil is allowed too.
function M.type(fn, i, what, v, t, optional)
  if type(v) == t or (optional and v == nil) then return end
  fail(fn, i, what, (optional and "nil or a %s" or "a %s"):format(t), v)
end

return M
