-- warpscope.check: compare kernel results with references.
--
--   assert(ws.check.equal(dist:read(), g:bfs(0)))       -- exact
--   assert(ws.check.near(pr:read(), g:pagerank{}, 1e-5)) -- floats, relative tolerance
--
-- Each returns true, or false and a message naming the first differing
-- element (0-based, as buffers and device arrays are), both values and how
-- many elements differ, so `assert(...)` reports it.  Accepts buffers, device
-- arrays (read back first) and Lua sequences (element i is t[i + 1]).
local A = require "warpscope.args"
local M = {}

-- (errors name the caller of ws.check.equal / near: level 3 from here, as
-- both reach compare by a tail call)
local function values(x, what)
  local tx = type(x)
  if tx == "userdata" then
    local name = A.kind(x)
    if name == "warpscope.array" then
      local ok, r = pcall(x.read, x)       -- device array: read back first
      if not ok then error(("ws.check: %s: %s"):format(what, (tostring(r):gsub("^[^:]*:%d+: ", ""))), 3) end
      x = r
    elseif name ~= "warpscope.buffer" and name ~= "warpscope.buffer.view" then
      error(("ws.check: %s must be a buffer, a device array or a table, got %s"):format(what, name), 3)
    end
    local n = #x
    return function(i) return x[i] end, n
  elseif tx == "table" then
    return function(i) return x[i + 1] end, #x
  end
  error(("ws.check: %s must be a buffer, a device array or a table, got %s"):format(what, tx), 3)
end

local function compare(got, want, same, what)
  local g, ng = values(got, "the result")
  local w, nw = values(want, "the reference")
  if ng ~= nw then
    return false, ("%s: lengths differ: got %d elements, want %d"):format(what, ng, nw)
  end
  local first, count
  for i = 0, ng - 1 do
    if not same(g(i), w(i)) then
      count = (count or 0) + 1
      first = first or i
    end
  end
  if not first then return true end
  return false, ("%s: element %d: got %s, want %s (%d of %d elements differ)"):format(
    what, first, tostring(g(first)), tostring(w(first)), count, ng)
end

function M.equal(got, want)
  return compare(got, want, function(a, b) return a == b end, "not equal")
end

-- |got - want| <= tol * max(1, |want|); NaN equals NaN.
function M.near(got, want, tol)
  tol = tol or 1e-5
  if type(tol) ~= "number" or tol ~= tol or tol < 0 then
    error(("ws.check.near: the tolerance must be a number >= 0, got %s"):format(
      type(tol) == "number" and tostring(tol) or type(tol)), 2)
  end
  return compare(got, want, function(a, b)
    if type(a) ~= "number" or type(b) ~= "number" then return a == b end
    if a ~= a and b ~= b then return true end
    local scale = math.abs(b) > 1 and math.abs(b) or 1
    return math.abs(a - b) <= tol * scale
  end, ("not within %g"):format(tol))
end

return M
