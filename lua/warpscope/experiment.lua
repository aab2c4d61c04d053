-- warpscope.experiment: what every scenario in scenarios/experiments shares.
-- An experiment runs a set of configurations, checks every run (the kernel's
-- output against the CPU reference, the statistics against their own
-- identities), and prints the paper's figure beside the measured one, with
-- the paper's qualitative claims marked as holding or not.  It writes the
-- same table as JSON and CSV, and its figure as HTML with SVG bars, the
-- paper's values marked beside ours (warpscope.figure).  See scenarios/experiments/README.md and
-- EXPERIMENTS.md.
--
--   local ex = E.new{ id = "dsap-fig8", title = ..., source = ..., preset = ...,
--                     columns = { { key, format [, header] }, ... }
--                     [, figure = { { value = KEY [, paper = KEY] }, ... }] }
--   (figure: the panels of ID.html when warpscope.figure's reading of the
--   columns is not the right one)
--   local g, desc = ex:graph("OR")
--   local st = ex:run(options, function(gpu) ... return ok, msg end [, label])
--   ex:row{ ... }; ex:claim(text, holds, detail); ex:note(text); ex:check(cond, what)
--   ex:finish()
local ws = require "warpscope"
local json = require "warpscope.json"
local figure = require "warpscope.figure"

local M = {}
local X = {}
X.__index = X

local usage = "[--quick] [--out DIR] [--no-files] [--graphs DIR]"

-- The graphs the experiments name.  file: in the graph directory; load:
-- options of ws.graph.load; quick: the small generated graph of the same
-- shape used by --quick; big: the generated stand-in when the file is absent.
M.catalogue = {
  OR = { file = "oregon2_010331.txt.gz", what = "Oregon-2 autonomous systems (SNAP oregon2_010331)",
    shape = "AS", load = { symmetrize = true },
    quick = { "rmat", scale = 10, edgefactor = 3 }, big = { "rmat", scale = 14, edgefactor = 3 } },
  CIT = { file = "cit-HepPh.txt.gz", what = "cit-HepPh citations (SNAP), symmetrized",
    shape = "citation", load = { symmetrize = true },
    quick = { "rmat", scale = 10, edgefactor = 12 }, big = { "rmat", scale = 15, edgefactor = 12 } },
  HEPTH = { file = "cit-HepTh.txt.gz", what = "cit-HepTh citations (SNAP), symmetrized",
    shape = "citation", load = { symmetrize = true },
    quick = { "rmat", scale = 10, edgefactor = 12 }, big = { "rmat", scale = 15, edgefactor = 12 } },
  ROAD = { file = "luxembourg_osm.mtx.gz", what = "Luxembourg road network (DIMACS10 luxembourg_osm)",
    shape = "road", load = {},
    quick = { "grid", width = 48, height = 40, remove = 0.1 }, big = { "grid", width = 340, height = 340, remove = 0.1 } },
  ROME = { file = "rome99.gr.gz", what = "Rome road network (DIMACS 9th challenge rome99)",
    shape = "road", load = { symmetrize = true },
    quick = { "grid", width = 40, height = 30, remove = 0.1 }, big = { "grid", width = 58, height = 58, remove = 0.1 } },
  DEL = { file = "delaunay_n16.mtx.gz", what = "Delaunay triangulation, 65,536 points (DIMACS10 delaunay_n16)",
    shape = "mesh", load = {},
    quick = { "geometric", n = 2048, radius = 0.031 }, big = { "geometric", n = 65536, radius = 0.0054 } },
  DEL14 = { file = "delaunay_n14.mtx.gz", what = "Delaunay triangulation, 16,384 points (DIMACS10 delaunay_n14)",
    shape = "mesh", load = {},
    quick = { "geometric", n = 2048, radius = 0.031 }, big = { "geometric", n = 16384, radius = 0.0108 } },
  G65536 = { file = "graph65536.txt.gz", what = "Rodinia BFS graph65536 (uniform random)",
    shape = "uniform", load = {},
    quick = { "uniform", n = 4096, min_degree = 1, max_degree = 10 },
    big = { "uniform", n = 65536, min_degree = 1, max_degree = 10 } },
  G4096 = { file = "graph4096.txt.gz", what = "Rodinia BFS graph4096 (uniform random)",
    shape = "uniform", load = {},
    quick = { "uniform", n = 2048, min_degree = 1, max_degree = 10 },
    big = { "uniform", n = 4096, min_degree = 1, max_degree = 10 } },
  FB = { file = "facebook_combined.txt.gz", what = "ego-Facebook (SNAP), symmetrized",
    shape = "social", load = { symmetrize = true },
    quick = { "rmat", scale = 9, edgefactor = 20 }, big = { "rmat", scale = 12, edgefactor = 22 } },
  SLASH = { file = "soc-Slashdot0902.txt.gz", what = "soc-Slashdot0902 (SNAP), symmetrized",
    shape = "social", load = { symmetrize = true },
    quick = { "rmat", scale = 10, edgefactor = 10 }, big = { "rmat", scale = 16, edgefactor = 10 } },
  ENRON = { file = "email-Enron.txt.gz", what = "email-Enron (SNAP)",
    shape = "social", load = { symmetrize = true },
    quick = { "rmat", scale = 10, edgefactor = 5 }, big = { "rmat", scale = 15, edgefactor = 5 } },
  WIKI = { file = "wiki-Vote.txt.gz", what = "wiki-Vote (SNAP), symmetrized",
    shape = "social", load = { symmetrize = true },
    quick = { "rmat", scale = 9, edgefactor = 14 }, big = { "rmat", scale = 13, edgefactor = 14 } },
  GNU31 = { file = "p2p-Gnutella31.txt.gz", what = "p2p-Gnutella31 (SNAP), symmetrized",
    shape = "p2p", load = { symmetrize = true },
    quick = { "erdos_renyi", n = 2048, m = 6000 }, big = { "erdos_renyi", n = 62586, m = 147892 } },
  GRQC = { file = "ca-GrQc.txt.gz", what = "ca-GrQc collaborations (SNAP)",
    shape = "collaboration", load = { symmetrize = true },
    quick = { "rmat", scale = 9, edgefactor = 3 }, big = { "rmat", scale = 12, edgefactor = 3 } },
}

local function exists(path)
  local f = io.open(path, "rb")
  if f then f:close() end
  return f ~= nil
end

-- Directories searched for the catalogue's files, in order.
local function graph_dirs(given)
  local dirs = {}
  if given then dirs[#dirs + 1] = given end
  local env = os.getenv("WS_GRAPHS")
  if env and env ~= "" then dirs[#dirs + 1] = env end
  local shared = os.getenv("WS_SHARED")
  if shared and shared ~= "" then dirs[#dirs + 1] = shared .. "/data/graphs" end
  dirs[#dirs + 1] = "../shared/data/graphs"
  dirs[#dirs + 1] = ws.datadir .. "/../shared/data/graphs"
  return dirs
end

local function generate(spec, seed)
  local kind = spec[1]
  local opts = { seed = seed }
  for k, v in pairs(spec) do if k ~= 1 then opts[k] = v end end
  return ws.graph[kind](opts)
end

local function describe_gen(spec)
  local parts = {}
  for k, v in pairs(spec) do if k ~= 1 then parts[#parts + 1] = ("%s=%s"):format(k, tostring(v)) end end
  table.sort(parts)
  return spec[1] .. "(" .. table.concat(parts, ", ") .. ")"
end

local function parse_args(argv)
  local a = { quick = false, out = ".", files = true, rest = {} }
  local i = 1
  while argv and argv[i] ~= nil do
    local s = argv[i]
    local function value()
      i = i + 1
      if argv[i] == nil then error(("%s needs a value (usage: %s)"):format(s, usage), 0) end
      return argv[i]
    end
    if s == "--quick" then a.quick = true
    elseif s == "--no-files" then a.files = false
    elseif s == "--out" then a.out = value()
    elseif s:match("^%-%-out=") then a.out = s:sub(7)
    elseif s == "--graphs" then a.graphs = value()
    elseif s:match("^%-%-graphs=") then a.graphs = s:sub(10)
    elseif s:match("^%-") then error(("unknown option '%s' (usage: %s)"):format(s, usage), 0)
    else a.rest[#a.rest + 1] = s end
    i = i + 1
  end
  return a
end

-- E.new{ id, title, source, preset, columns, argv } (argv defaults to the
-- global arg): parses the command line and starts the experiment.
function M.new(spec)
  assert(type(spec) == "table", "experiment.new takes a table")
  for _, k in ipairs { "id", "title", "source", "columns" } do
    if spec[k] == nil then error("experiment.new: missing field '" .. k .. "'", 2) end
  end
  if not spec.id:match("^[%w][%w%-_.]*$") then
    error("experiment.new: id must be a file stem (letters, digits, - _ .), got '" .. spec.id .. "'", 2)
  end
  for i, c in ipairs(spec.columns) do
    if type(c) ~= "table" or type(c[1]) ~= "string" or type(c[2]) ~= "string" then
      error(("experiment.new: column %d must be { key, format [, header] }"):format(i), 2)
    end
  end
  local a = parse_args(spec.argv or arg)
  local self = setmetatable({
    id = spec.id, title = spec.title, source = spec.source, columns = spec.columns, figure = spec.figure,
    quick = a.quick, out = a.out, files = a.files, graphs_dir = a.graphs, args = a.rest,
    preset = ws.options.preset or spec.preset or "gtx480",
    default_preset = spec.preset,
    rows = {}, claims = {}, notes = {}, runs = {}, inputs = {}, input_order = {},
    checks = 0, failures = {}, graph_cache = {}, started = os.clock(),
  }, X)
  print(("%s: %s"):format(self.id, self.title))
  print(("  paper: %s; machine: %s (warpscope %s, commit %s)%s"):format(self.source, self.preset,
    ws.version, ws.commit,
    self.quick and "; quick variant (small inputs: shapes, not the paper's sizes)" or ""))
  return self
end

-- ex:graph(name [, load_options]) -> graph, description.  A catalogue name
-- (or a path to a graph file).  Quick runs, and full runs whose file is not
-- found, use a generated graph of the same shape; the description says so.
function X:graph(name, opts)
  local key = name .. (opts and json.encode(opts) or "")
  local hit = self.graph_cache[key]
  if hit then return hit.g, hit.desc end
  local c = M.catalogue[name]
  local g, desc, kind
  local seed = (ws.options.seed or 1)
  if not c then
    if not exists(name) then
      error(("graph '%s' is neither in the catalogue nor a readable file"):format(name), 2)
    end
    g = ws.graph.load(name, opts)
    desc, kind = name, "file"
  elseif self.quick then
    g = generate(c.quick, seed)
    desc, kind = ("%s substitute: %s (quick)"):format(c.shape, describe_gen(c.quick)), "quick"
  else
    local path
    for _, d in ipairs(graph_dirs(self.graphs_dir)) do
      if exists(d .. "/" .. c.file) then path = d .. "/" .. c.file; break end
    end
    if path then
      local lo = {}
      for k, v in pairs(c.load) do lo[k] = v end
      for k, v in pairs(opts or {}) do lo[k] = v end
      g = ws.graph.load(path, lo)
      desc, kind = c.what, "file"
    else
      g = generate(c.big, seed)
      desc, kind = ("%s substitute: %s (%s not found; see --graphs)"):format(c.shape, describe_gen(c.big), c.file), "substitute"
    end
  end
  self.graph_cache[key] = { g = g, desc = desc }
  if not self.inputs[name] then
    self.input_order[#self.input_order + 1] = name
    self.inputs[name] = { name = name, description = desc, kind = kind, vertices = g.n, edges = g.m }
  end
  return g, desc
end

-- ex:start_vertex(g) -> the BFS/SSSP source of the experiments: the file's own
-- source where it names one (Rodinia graphs), else the vertex of highest
-- out-degree (the lowest id among equals), which lies in the largest
-- component of the skewed graphs (vertex 0 of a permuted RMAT graph is often
-- isolated).
function X:start_vertex(g)
  if g.source then return g.source end
  local d = g:degrees()
  local best, at = -1, 0
  for i = 0, g.n - 1 do
    if d[i] > best then best, at = d[i], i end
  end
  return at
end

local function get(t, k) return t[k] or 0 end

-- Identities every run's statistics must satisfy.
function X:check_stats(label, t)
  self:check(get(t, "cycles") > 0 or t.cycles == nil, label .. ": cycles > 0")
  self:check(get(t, "warp_insns") > 0, label .. ": warp instructions > 0")
  if t["pf.issued"] then
    self:check(get(t, "pf.useful") + get(t, "pf.late") + get(t, "pf.early") + get(t, "pf.useless") <= t["pf.issued"],
      label .. ": useful + late + early + useless <= issued prefetches")
    self:check(t["pf.issued"] <= get(t, "pf.queued") + get(t, "pf.sw") and get(t, "pf.queued") <= get(t, "pf.generated") + get(t, "pf.sw"),
      label .. ": issued <= queued <= generated prefetches")
    self:check(get(t, "pf.fills") == t["pf.issued"] - get(t, "pf.useless"), label .. ": prefetch fills = issued - useless")
  end
  for _, c in ipairs { "l1d.cache", "l2" } do
    if t[c .. ".accesses"] then
      self:check(t[c .. ".accesses"] == get(t, c .. ".hits") + get(t, c .. ".hit_reserved") + get(t, c .. ".misses"),
        ("%s: %s accesses = hits + reserved hits + misses"):format(label, c))
    end
  end
end

local function label_of(opts)
  local parts = {}
  for k, v in pairs(opts or {}) do parts[#parts + 1] = ("%s=%s"):format(k, tostring(v)) end
  table.sort(parts)
  return #parts > 0 and table.concat(parts, " ") or "baseline"
end

-- ex:run(options, fn [, label]) -> gpu:stats() of a fresh quiet GPU on the
-- experiment's preset with options (the command line's --preset and --set
-- still have the last word).  fn(gpu) runs the host program and returns ok,
-- msg (the check against the CPU reference).
function X:run(opts, fn, label)
  label = label or label_of(opts)
  local o = { quiet = true, preset = self.preset }
  for k, v in pairs(opts or {}) do o[k] = v end
  local t0 = os.clock()
  local gpu = ws.gpu(o)
  local okc, ok, msg = pcall(fn, gpu)
  local st = gpu:stats()
  gpu:close()
  if not okc then
    self:check(false, ("%s: the host program failed: %s"):format(label, tostring(ok)))
  else
    self:check(ok == true, ("%s: kernel output matches the CPU reference%s"):format(label, msg and (" (" .. tostring(msg) .. ")") or ""))
  end
  self:check_stats(label, st.total)
  self.runs[#self.runs + 1] = { label = label, options = opts or {}, total = st.total }
  io.stderr:write(("  [%s] %s: %d cycles (%.1f s)\n"):format(self.id, label, get(st.total, "cycles"), os.clock() - t0))
  return st
end

function X:row(r) self.rows[#self.rows + 1] = r end
function X:note(text) self.notes[#self.notes + 1] = text end

function X:claim(text, holds, detail)
  self.claims[#self.claims + 1] = { claim = text, holds = not not holds, detail = detail }
end

function X:check(cond, what)
  self.checks = self.checks + 1
  if not cond then self.failures[#self.failures + 1] = what end
  return cond
end

local function cell(v, fmt)
  if v == nil then
    local w = tonumber(fmt:match("%%%-?(%d+)")) or 1
    return fmt:find("%%%-") and ("%-" .. w .. "s"):format("-") or ("%" .. w .. "s"):format("-")
  end
  if type(v) == "string" or type(v) == "boolean" then
    local w = fmt:match("%%(%-?%d+)")
    return (w and ("%" .. w .. "s") or "%s"):format(tostring(v))
  end
  return fmt:format(v)
end

local function width_of(fmt)
  return tonumber(fmt:match("%%%-?(%d+)")) or 0
end

function X:print_table()
  local head = {}
  for _, c in ipairs(self.columns) do
    local h, w = c[3] or c[1], width_of(c[2])
    head[#head + 1] = c[2]:find("%%%-") and ("%-" .. w .. "s"):format(h) or ("%" .. w .. "s"):format(h)
  end
  print(table.concat(head, " "))
  for _, r in ipairs(self.rows) do
    local line = {}
    for _, c in ipairs(self.columns) do line[#line + 1] = cell(r[c[1]], c[2]) end
    print(table.concat(line, " "))
  end
end

local function csv_field(v)
  if v == nil then return "" end
  local s = tostring(v)
  if s:find('[,"\n]') then s = '"' .. s:gsub('"', '""') .. '"' end
  return s
end

local function write_atomic(path, text)
  local tmp = path .. ".tmp"
  local f, err = io.open(tmp, "wb")
  if not f then error(("cannot write %s: %s"):format(path, err), 0) end
  local ok, werr = f:write(text)
  local cok, cerr = f:close()
  if not ok or not cok then
    os.remove(tmp)
    error(("cannot write %s: %s"):format(path, tostring(werr or cerr)), 0)
  end
  local rok, rerr = os.rename(tmp, path)
  if not rok then
    os.remove(tmp)
    error(("cannot write %s: %s"):format(path, rerr), 0)
  end
end

function X:result()
  local inputs = {}
  for _, n in ipairs(self.input_order) do inputs[#inputs + 1] = self.inputs[n] end
  local cols = {}
  for _, c in ipairs(self.columns) do cols[#cols + 1] = { key = c[1], header = c[3] or c[1], format = c[2] } end
  local cmd = "warpscope --batch"
  if ws.options.preset then cmd = cmd .. " --preset " .. ws.options.preset end
  for _, s in ipairs(ws.options.sets or {}) do cmd = cmd .. " --set " .. s end
  cmd = cmd .. " scenarios/experiments/" .. self.id .. ".lua" .. (self.quick and " --quick" or "")
  for _, s in ipairs(self.args) do cmd = cmd .. " " .. s end
  local arr = function(t) return setmetatable(t, json.array) end
  return {
    id = self.id, title = self.title, source = self.source, quick = self.quick,
    warpscope = ws.version, commit = ws.commit, preset = self.preset, seed = ws.options.seed or 1,
    sets = arr(ws.options.sets or {}), command = cmd, columns = cols, inputs = arr(inputs),
    rows = arr(self.rows), claims = arr(self.claims), notes = arr(self.notes), runs = arr(self.runs),
    invariants = { checked = self.checks, failed = arr(self.failures) },
    figure = self.figure and arr(self.figure) or nil,
  }
end

-- ex:finish(): print the table, the claims, the notes and the invariants;
-- write OUT/ID.json, OUT/ID.csv and OUT/ID.html (the figure); raise if an
-- invariant failed.
function X:finish()
  print()
  self:print_table()
  if #self.input_order > 0 then
    print()
    print("inputs:")
    for _, n in ipairs(self.input_order) do
      local i = self.inputs[n]
      print(("  %-7s %s: %d vertices, %d edges"):format(n, i.description, i.vertices, i.edges))
    end
  end
  if #self.claims > 0 then
    print()
    print("the paper's claims here:")
    for _, c in ipairs(self.claims) do
      print(("  [%s] %s%s"):format(c.holds and "holds" or "DIFFERS", c.claim, c.detail and (" -- " .. c.detail) or ""))
    end
  end
  for i, n in ipairs(self.notes) do
    if i == 1 then print() end
    print("note: " .. n)
  end
  print()
  if #self.failures == 0 then
    print(("invariants: %d checked, all hold"):format(self.checks))
  else
    print(("invariants: %d checked, %d FAILED:"):format(self.checks, #self.failures))
    for _, f in ipairs(self.failures) do print("  " .. f) end
  end
  if self.files then
    local base = self.out .. "/" .. self.id
    local res = self:result()
    write_atomic(base .. ".json", json.encode(res, 1) .. "\n")
    local lines = {}
    local head = {}
    for _, c in ipairs(self.columns) do head[#head + 1] = csv_field(c[1]) end
    lines[1] = table.concat(head, ",")
    for _, r in ipairs(self.rows) do
      local f = {}
      for _, c in ipairs(self.columns) do f[#f + 1] = csv_field(r[c[1]]) end
      lines[#lines + 1] = table.concat(f, ",")
    end
    write_atomic(base .. ".csv", table.concat(lines, "\n") .. "\n")
    write_atomic(base .. ".html", figure.html(res))
    print(("wrote %s.json, %s.csv and %s.html (the figure)"):format(base, base, base))
  end
  io.stderr:write(("  [%s] done in %.1f s of CPU\n"):format(self.id, os.clock() - self.started))
  if #self.failures > 0 then
    error(("%s: %d of %d invariants failed (listed above)"):format(self.id, #self.failures, self.checks), 0)
  end
end

-- Geometric mean of a list of positive numbers (nil for an empty list).
function M.geomean(list)
  if #list == 0 then return nil end
  local s = 0
  for _, x in ipairs(list) do
    if x <= 0 then error("geomean of a non-positive value", 2) end
    s = s + math.log(x)
  end
  return math.exp(s / #list)
end

-- The entries of `items` (each with a .name) named in `want`, a
-- comma-separated list ("ROME,KRON": an experiment's first free argument),
-- in that order; without `want`, the entries named in `default` (a list of
-- names), or every entry.  An unknown name is an error naming `what` ("graph",
-- "kernel") and the known names.
function M.pick(items, want, what, default)
  local by, names = {}, {}
  for _, it in ipairs(items) do
    by[it.name] = it
    names[#names + 1] = it.name
  end
  local list = {}
  if not want then
    if not default then return items end
    for _, name in ipairs(default) do list[#list + 1] = by[name] end
    return list
  end
  for name in want:gmatch("[^,]+") do
    if not by[name] then
      error(("unknown %s '%s' (known: %s)"):format(what, name, table.concat(names, ", ")), 0)
    end
    list[#list + 1] = by[name]
  end
  return list
end

-- a / b, or nil when b is 0 or either is nil.
function M.ratio(a, b)
  if a == nil or b == nil or b == 0 then return nil end
  return a / b
end

M.json = json
-- write_atomic(path, text): path gets text whole or not at all (a temporary
-- file renamed over it); raises a message naming path on failure.
M.write_atomic = write_atomic
return M
