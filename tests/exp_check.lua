-- exp_check.lua: check the JSON an experiment wrote (scenarios/experiments).
-- usage: warpscope --batch tests/exp_check.lua FILE.json [MIN_ROWS]
-- Prints what is wrong and fails (exit status 1) unless the file parses, has
-- every field of warpscope.experiment's result, at least MIN_ROWS rows (1 by
-- default), rows with a value in some column, claims with a verdict, and no
-- failed invariant.
local json = require "warpscope.json"
local path, min_rows = arg[1], math.tointeger(tonumber(arg[2] or 1))
assert(path and min_rows, "usage: exp_check.lua FILE.json [MIN_ROWS]")
local f = assert(io.open(path, "rb"))
local r = json.decode(f:read("a"))
f:close()
local bad = {}
local function need(cond, what) if not cond then bad[#bad + 1] = what end end
for _, k in ipairs { "id", "title", "source", "preset", "command", "warpscope" } do
  need(type(r[k]) == "string" and r[k] ~= "", "field '" .. k .. "' is a non-empty string")
end
need(type(r.quick) == "boolean", "field 'quick' is a boolean")
need(type(r.columns) == "table" and #r.columns > 0, "at least one column")
need(type(r.rows) == "table" and #r.rows >= min_rows, ("at least %d rows (has %d)"):format(min_rows, type(r.rows) == "table" and #r.rows or 0))
need(type(r.runs) == "table" and #r.runs > 0, "at least one run")
for i, row in ipairs(r.rows or {}) do
  local any = false
  for _, c in ipairs(r.columns or {}) do if row[c.key] ~= nil then any = true end end
  need(any, ("row %d has a value in some column"):format(i))
end
for i, c in ipairs(r.claims or {}) do
  need(type(c.claim) == "string" and type(c.holds) == "boolean", ("claim %d has a text and a verdict"):format(i))
end
for i, run in ipairs(r.runs or {}) do
  need(type(run.label) == "string" and type(run.total) == "table", ("run %d has a label and its statistics"):format(i))
end
local inv = r.invariants or {}
need(type(inv.checked) == "number" and inv.checked > 0, "invariants were checked")
need(type(inv.failed) == "table" and #inv.failed == 0, "no invariant failed")
for _, w in ipairs(inv.failed or {}) do print("  failed invariant: " .. tostring(w)) end
if #bad > 0 then
  for _, b in ipairs(bad) do print(path .. ": expected " .. b) end
  error(("%s: %d problems"):format(path, #bad), 0)
end
print(("%s: %d rows, %d runs, %d claims (%d hold), %d invariants hold"):format(path, #r.rows, #r.runs,
  #(r.claims or {}), (function() local n = 0 for _, c in ipairs(r.claims or {}) do if c.holds then n = n + 1 end end return n end)(),
  inv.checked))
