-- warpscope.lab: what the teaching labs (scenarios/labs/NN-name.lua) share:
-- the graph named on the command line, a source vertex, a banner saying
-- what to look at, per-array statistics and plain text tables.
--
--   local L = require "warpscope.lab"
--   local g, desc = L.graph(arg[1], "rmat:13")  -- a file, "default" or a generator spec
--   local src = L.source(g, arg[2])             -- default: the vertex of highest degree
--   L.banner("Lab 1: ...", { "what to look at", ... })
--   local st, gpu = L.run({ ["pf.policy"] = "ghb" }, function(gpu) return B.data(gpu, g, src, 4) end)
--   L.table({ { "policy", "%-10s" }, { "cycles", "%9d" } }, rows)
--   L.done("lab 1")                             -- "every run matches the CPU reference"
--
-- Graph specs (generated graphs are the same for the same spec and --seed):
--   default                 the embedded road-like graph (65,412 vertices)
--   rmat:S[:E]              RMAT (Graph500 a, b, c), 2^S vertices, E edges per vertex (default 8), undirected
--   grid:W[:H]              a road-like W x H grid with 10% of the edges removed
--   uniform:N[:D]           N vertices, out-degree uniform in 1..D (default 10), as Rodinia's graphs
--   geometric:N             a random geometric graph (mesh-like), N vertices, about 8 neighbours each
--   anything else           a graph file (SNAP, Matrix Market, DIMACS, METIS, Rodinia, .wsg; gzip or not)
local ws = require "warpscope"
local A = require "warpscope.args"

local M = {}

local function seed() return ws.options.seed or 1 end

-- The lab's argument names (set by M.args), for the usage line.
local arg_names

-- A wrong argument: a message and the lab's usage line, no traceback (the
-- error object is a table whose __tostring is the message).
function M.usage(msg)
  local script = (arg and arg[0]) or "lab.lua"
  local names = {}
  for i, n in ipairs(arg_names or {}) do names[i] = "[" .. n .. "]" end
  local text = ("%s: %s\nusage: warpscope [OPTION]... %s %s (positional or NAME=VALUE)"):format(
    script, tostring(msg), script, table.concat(names, " "))
  error(setmetatable({ msg = text }, { __tostring = function(e) return e.msg end }), 0)
end

local function num(s, what, default)
  if s == nil or s == "" then return default end
  local v = math.tointeger(tonumber(s))
  if not v or v < 1 then M.usage(("graph spec: %s must be a positive integer, got '%s'"):format(what, s)) end
  return v
end

-- The graph named by `spec` (nil: `default_spec`) and a one-line description.
function M.graph(spec, default_spec)
  A.type("warpscope.lab.graph", 1, "spec", spec, "string", true)
  A.type("warpscope.lab.graph", 2, "default_spec", default_spec, "string", true)
  if spec == nil or spec == "" then spec = default_spec or "default" end
  local kind, a, b = spec:match("^(%a+):(%d*):?(%d*)$")
  local g, desc
  if spec == "default" then
    g = ws.graph.default()
    desc = "the embedded road-like graph"
  elseif kind == "rmat" then
    local s, e = num(a, "the RMAT scale", 13), num(b, "the edge factor", 8)
    if s > 22 then M.usage("graph spec: an RMAT scale above 22 would take too long in a lab") end
    g = ws.graph.rmat{ scale = s, edgefactor = e, seed = seed() }
    desc = ("RMAT scale %d, edge factor %d (skewed degrees, like social and web graphs)"):format(s, e)
  elseif kind == "grid" then
    local w = num(a, "the grid width", 128)
    local h = num(b, "the grid height", w)
    g = ws.graph.grid{ width = w, height = h, remove = 0.1, seed = seed() }
    desc = ("%d x %d grid with 10%% of the edges removed (road-like: low degree, long paths)"):format(w, h)
  elseif kind == "uniform" then
    local n, d = num(a, "the vertex count", 8192), num(b, "the maximum degree", 10)
    g = ws.graph.uniform{ n = n, min_degree = 1, max_degree = d, seed = seed() }
    desc = ("uniform random, %d vertices, out-degree 1..%d (as Rodinia's graph generator)"):format(n, d)
  elseif kind == "geometric" then
    local n = num(a, "the vertex count", 8192)
    g = ws.graph.geometric{ n = n, radius = math.sqrt(8 / (math.pi * n)), seed = seed() }
    desc = ("random geometric graph, %d vertices (mesh-like)"):format(n)
  else
    local ok, r = pcall(ws.graph.load, spec)
    if not ok then
      M.usage(("graph '%s': %s (a graph file, default, rmat:S[:E], grid:W[:H], uniform:N[:D] or geometric:N)"):format(
        spec, tostring(r):gsub("^.-:%d+: ", "")))
    end
    g = r
    desc = "file " .. spec
  end
  return g, ("%s: %d vertices, %d edges"):format(desc, g.n, g.m)
end

-- The lab's arguments: positional in the order of `names`, or NAME=VALUE
-- anywhere (an empty value keeps the default).  Returns a table by name
-- with `defaults` filled in.  An unknown NAME is an error listing them.
function M.args(argv, names, defaults)
  A.type("warpscope.lab.args", 1, "argv", argv, "table", true)
  A.type("warpscope.lab.args", 2, "names", names, "table")
  A.type("warpscope.lab.args", 3, "defaults", defaults, "table", true)
  for k, t in ipairs{ argv or {}, names } do
    for i = 1, #t do
      if type(t[i]) ~= "string" then
        error(("warpscope.lab.args: argument %d (%s) must hold strings, element %d is %s"):format(
          k, k == 1 and "argv" or "names", i, A.kind(t[i])), 2)
      end
    end
  end
  local out, pos, known = {}, 0, {}
  arg_names = names
  for _, n in ipairs(names) do known[n] = true end
  for i = 1, #(argv or {}) do
    local a = argv[i]
    local k, v = a:match("^([%a_]+)=(.*)$")
    if a:match("^%-") then
      M.usage(("'%s' is not an argument of this lab (warpscope's options go before the script name)"):format(a))
    elseif k then
      if not known[k] then
        M.usage(("unknown argument '%s' (this lab takes %s)"):format(k, table.concat(names, ", ")))
      end
      out[k] = v
    else
      pos = pos + 1
      if pos > #names then
        M.usage(("too many arguments: '%s' (this lab takes %s)"):format(a, table.concat(names, ", ")))
      end
      out[names[pos]] = a
    end
  end
  for _, n in ipairs(names) do
    if out[n] == nil or out[n] == "" then out[n] = defaults and defaults[n] end
  end
  return out
end

-- A comma-separated list as a table.
function M.list(s)
  A.type("warpscope.lab.list", 1, "s", s, "string", true)
  local t = {}
  for x in (s or ""):gmatch("[^,]+") do t[#t + 1] = x end
  return t
end

-- The BFS source: `s` if given (an integer in 0..n-1), else the vertex of
-- highest degree (the lowest such id), so that generated graphs with
-- isolated vertices still give a real search.
-- (a source that reaches under 1% of the graph is warned about on standard
-- error, as the shipped scenarios do: warpscope.scenario.reach)
local function warn_reach(g, v)
  local _, _, msg = require("warpscope.scenario").reach(g, v)
  if msg and io and io.stderr then io.stderr:write("warning: " .. msg .. "\n") end
  return v
end

function M.source(g, s)
  A.graph("warpscope.lab.source", 1, g)
  if s ~= nil and s ~= "" and s ~= "auto" then
    local v = math.tointeger(tonumber(s))
    if not v or v < 0 or v >= g.n then
      M.usage(("source vertex must be an integer in 0..%d, got %s"):format(g.n - 1, tostring(s)))
    end
    return warn_reach(g, v)
  end
  local d = g:degrees()
  local best, bv = -1, 0
  for v = 0, g.n - 1 do
    if d[v] > best then best, bv = d[v], v end
  end
  return warn_reach(g, bv)
end

-- Vertices per BFS level from `src` (index 0 = the source's level).
function M.levels(g, src)
  A.graph("warpscope.lab.levels", 1, g)
  src = A.int("warpscope.lab.levels", 2, "src", src, 0, g.n - 1)
  local lv = g:bfs(src)
  local count = {}
  for v = 0, g.n - 1 do
    local l = lv[v]
    if l >= 0 then count[l + 1] = (count[l + 1] or 0) + 1 end
  end
  return count
end

local rule = string.rep("-", 78)

-- Print a banner: the lab's title, then what to look at.
function M.banner(title, lines)
  A.type("warpscope.lab.banner", 1, "title", title, "string")
  A.type("warpscope.lab.banner", 2, "lines", lines, "table", true)
  print(rule)
  print(title)
  print(rule)
  for _, l in ipairs(lines or {}) do print(l) end
  print()
end

-- A section heading.
function M.section(title)
  A.type("warpscope.lab.section", 1, "title", title, "string")
  print()
  print("== " .. title)
end

-- Run fn(gpu) on a fresh quiet gpu with `opts`; fn returns ok, msg (the
-- check against the CPU reference).  Raises when the check fails.  Returns
-- gpu:stats() and the gpu (left open: in the interface, the last gpu stays
-- inspectable from the console after the scenario ends).
function M.run(opts, fn, label)
  A.type("warpscope.lab.run", 1, "opts", opts, "table", true)
  A.type("warpscope.lab.run", 2, "fn", fn, "function")
  A.type("warpscope.lab.run", 3, "label", label, "string", true)
  local o = { quiet = true }
  for k, v in pairs(opts or {}) do o[k] = v end
  M.runs = (M.runs or 0) + 1
  if ws.options.tui then     -- in the interface: say which run the next launches belong to
    print(("[run %d: %s]"):format(M.runs, label or "?"))
  end
  local gpu = ws.gpu(o)
  local ok, msg = fn(gpu)
  if not ok then
    error(("%s: the result differs from the CPU reference: %s"):format(label or "run", tostring(msg)), 2)
  end
  M.checked = (M.checked or 0) + 1
  return gpu:stats(), gpu
end

-- Per device array: requests (accesses), L1D hits, misses and miss rate,
-- prefetch counters, from gpu:stats().tables.by_allocation.  Rows are
-- keyed by the array's name (several arrays of one name add up).
-- (st: what gpu:stats() returned)
local function stats_arg(fn, st)
  if type(st) ~= "table" or type(st.tables) ~= "table" then
    error(("%s: argument 1 (st) must be the table gpu:stats() returns, got %s"):format(
      fn, type(st) == "table" and "a table without 'tables'" or A.kind(st)), 3)
  end
end

function M.by_array(st)
  stats_arg("warpscope.lab.by_array", st)
  local out = {}
  for key, row in pairs(st.tables.by_allocation or {}) do
    local name = key:match("^(.-)#%d+$") or key
    local r = out[name]
    if not r then
      r = { requests = 0, hits = 0, merged = 0, misses = 0, pf_issued = 0, pf_useful = 0, pf_late = 0, pf_early = 0 }
      out[name] = r
    end
    r.requests = r.requests + row.accesses
    r.hits = r.hits + row["l1d.hits"]
    r.merged = r.merged + row["l1d.hit_reserved"]
    r.misses = r.misses + row["l1d.misses"]
    r.pf_issued = r.pf_issued + row["pf.issued"]
    r.pf_useful = r.pf_useful + row["pf.useful"]
    r.pf_late = r.pf_late + row["pf.late"]
    r.pf_early = r.pf_early + row["pf.early"]
  end
  for _, r in pairs(out) do
    local looked = r.hits + r.merged + r.misses
    r.miss_rate = looked > 0 and r.misses / looked or 0
  end
  return out
end

-- Per PTX line (kernel:line): warp instructions, requests, requests per
-- instruction, L1D misses; only lines that made requests, in code order.
function M.by_line(st, kernel)
  stats_arg("warpscope.lab.by_line", st)
  A.type("warpscope.lab.by_line", 2, "kernel", kernel, "string", true)
  local rows = {}
  for key, r in pairs(st.tables.by_ptx_line or {}) do
    local k, line = key:match("^(.*):(%d+)$")
    if (kernel == nil or k == kernel) and r.accesses > 0 then
      rows[#rows + 1] = { kernel = k, line = tonumber(line), insns = r.warp_insns, requests = r.accesses,
                          per_insn = r.accesses / math.max(1, r.warp_insns), misses = r["l1d.misses"] }
    end
  end
  table.sort(rows, function(x, y)
    if x.kernel ~= y.kernel then return x.kernel < y.kernel end
    return x.line < y.line
  end)
  return rows
end

-- Tables: cols = { { key, format [, header] }, ... }; rows are tables
-- keyed by column key (nil prints as "-").  M.table prints a whole table;
-- M.table_head and M.table_row print it a row at a time (as runs finish).
-- cols: a list of { key, format [, header] } (key and header strings).
local function cols_arg(fn, cols)
  if type(cols) ~= "table" then
    error(("%s: argument 1 (cols) must be a table of columns, got %s"):format(fn, A.kind(cols)), 3)
  end
  for i, c in ipairs(cols) do
    if type(c) ~= "table" or type(c[1]) ~= "string" or type(c[2]) ~= "string" or not c[2]:find("^%%")
       or (c[3] ~= nil and type(c[3]) ~= "string") then
      error(("%s: column %d must be { key, format [, header] } with a string key, a %%-format and a string header"):format(fn, i), 3)
    end
  end
end

-- (head and row print; the public functions check their arguments once)
local function head(cols)
  local hs = {}
  for i, c in ipairs(cols) do
    local w = tonumber(c[2]:match("%%%-?(%d+)")) or #c[1]
    local h = c[3] or c[1]
    hs[i] = c[2]:match("%%%-") and ("%-" .. w .. "s"):format(h) or ("%" .. w .. "s"):format(h)
  end
  print(table.concat(hs, " "))
end

local function row(cols, r)
  local cells = {}
  for i, c in ipairs(cols) do
    local v = r[c[1]]
    if v == nil then
      local w = tonumber(c[2]:match("%%%-?(%d+)")) or 1
      cells[i] = ("%" .. w .. "s"):format("-")
    else
      if c[2]:match("d$") then v = math.floor(v + 0.5) end
      cells[i] = c[2]:format(v)
    end
  end
  print(table.concat(cells, " "))
end

function M.table_head(cols)
  cols_arg("warpscope.lab.table_head", cols)
  head(cols)
end

function M.table_row(cols, r)
  cols_arg("warpscope.lab.table_row", cols)
  A.type("warpscope.lab.table_row", 2, "r", r, "table")
  row(cols, r)
end

function M.table(cols, rows)
  cols_arg("warpscope.lab.table", cols)
  A.type("warpscope.lab.table", 2, "rows", rows, "table")
  for i, r in ipairs(rows) do
    if type(r) ~= "table" then
      error(("warpscope.lab.table: argument 2 (rows) must hold tables, row %d is %s"):format(i, A.kind(r)), 2)
    end
  end
  head(cols)
  for _, r in ipairs(rows) do row(cols, r) end
end

-- Percent, for the tables.
function M.pct(x)
  A.type("warpscope.lab.pct", 1, "x", x, "number", true)
  return 100 * (x or 0)
end

-- The prefetching summary of a run's totals.
function M.pf_row(t)
  A.type("warpscope.lab.pf_row", 1, "t (gpu:stats().total)", t, "table")
  return {
    issued = t["pf.issued"], useful = t["pf.useful"], late = t["pf.late"], early = t["pf.early"],
    useless = t["pf.useless"], acc = M.pct(t["pf.accuracy"]), cov = M.pct(t["pf.coverage"]),
  }
end

-- The last line of every lab: how many runs were checked.
function M.done(name)
  A.type("warpscope.lab.done", 1, "name", name, "string")
  print()
  print(("%s: every run's result matches the CPU reference (%d runs checked)"):format(name, M.checked or 0))
end

return M
