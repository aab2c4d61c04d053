-- tables.lua: every number the experiment documents state about warpscope's
-- runs is generated here from the experiments' results, so that a document
-- never states a number no run gave.
--
--   warpscope --batch scenarios/experiments/tables.lua [OPTIONS] [FILE.md ...]
--
--   --import DIR    first copy every experiment JSON in DIR (written by a full
--                   run, `--out DIR`) into the results directory as ID.json
--                   (ID.ARGS.json for a run with arguments: thesis-bfs.ROAD), without its
--                   per-run statistics; quick runs, runs with a failed
--                   invariant and runs from an uncommitted tree are refused
--   --results DIR   the results directory (default: scenarios/experiments/results)
--   --root DIR      the source tree (default: the tree this warpscope runs from)
--   --check         change nothing; list every generated region (and figure)
--                   that differs from what the results give, and fail (exit
--                   status 1) if any
--
-- Each result's figure (warpscope.figure: SVG bars, the paper's values
-- marked) is written beside it as ID.html, and the tables' provenance
-- lines link to it.
--
-- The files (default: EXPERIMENTS.md, EXPERIMENTS-MTP.md and
-- scenarios/experiments/RESULTS-*.md) mark generated regions with HTML
-- comments, which Markdown does not show:
--
--   <!-- table ID [OPTIONS] -->  ...  <!-- end -->
--       ID's table.  Options: keys=K1,K2,... (the columns, default all);
--       rows=K cols=K val=K (a pivot: one row per value of rows, one column
--       per value of cols, val in the cells; only=V1,V2 keeps those columns);
--       fmt=FMT (the value's format); KEY:V1|V2 keeps rows whose KEY is one
--       of the values, KEY!:V1|V2 those whose KEY is none of them.  A line naming the results file, the command and the
--       commit follows the table.
--   <!-- claims ID -->  ...  <!-- end -->
--       ID's claims about the paper, one bullet each, holds or differs.
--   <!-- verdicts ID,ID,... -->  ...  <!-- end -->
--       a table of every claim of those experiments.
--   <!--= ID KEY [FMT] [K:V ...] -->VALUE<!--/-->
--       inline: KEY of the one row matching the K:V conditions; the KEY
--       #holds gives "N of M", how many of ID's claims hold.
local ws = require "warpscope"
local json = require "warpscope.json"
local E = require "warpscope.experiment"
local figure = require "warpscope.figure"

local usage = "usage: tables.lua [--check] [--import DIR] [--results DIR] [--root DIR] [FILE.md ...]"

-- ---------------------------------------------------------------- options
local opt = { files = {} }
do
  local i = 1
  while arg[i] do
    local a = arg[i]
    local function value()
      i = i + 1
      if not arg[i] then error(a .. " needs a value (" .. usage .. ")", 0) end
      return arg[i]
    end
    if a == "--check" then opt.check = true
    elseif a == "--import" then opt.import = value()
    elseif a == "--results" then opt.results = value()
    elseif a == "--root" then opt.root = value()
    elseif a:match("^%-") then error(("unknown option '%s' (%s)"):format(a, usage), 0)
    else opt.files[#opt.files + 1] = a end
    i = i + 1
  end
end
local root = opt.root or ws.datadir
local results = opt.results or (root .. "/scenarios/experiments/results")
local results_rel = results:sub(1, #root + 1) == root .. "/" and results:sub(#root + 2) or results

-- ------------------------------------------------------------------ files
local function read(path)
  local f, err = io.open(path, "rb")
  if not f then return nil, err end
  local s = f:read("a")
  f:close()
  return s
end

local write_atomic = E.write_atomic

local function list_dir(dir, suffix)
  local p = io.popen(("ls -1 '%s' 2>/dev/null"):format(dir:gsub("'", "'\\''")))
  local out = {}
  for name in p:lines() do
    if name:sub(-#suffix) == suffix then out[#out + 1] = name end
  end
  p:close()
  table.sort(out)
  return out
end

-- ----------------------------------------------------------------- import
if opt.import then
  local names = list_dir(opt.import, ".json")
  if #names == 0 then error(("--import %s: no .json files there"):format(opt.import), 0) end
  local keep = { "id", "title", "source", "quick", "warpscope", "commit", "preset", "seed", "sets",
    "command", "columns", "inputs", "rows", "claims", "notes", "invariants", "figure" }
  local pending = {}
  for _, name in ipairs(names) do
    local path = opt.import .. "/" .. name
    local ok, r = pcall(json.decode, assert(read(path)))
    if not ok or type(r) ~= "table" or type(r.id) ~= "string" or type(r.rows) ~= "table" then
      error(("%s: not an experiment's JSON (%s)"):format(path, ok and "no id or rows" or tostring(r)), 0)
    end
    if r.quick then error(("%s: a quick run; the documents state full runs only"):format(path), 0) end
    local failed = r.invariants and r.invariants.failed
    if type(failed) == "table" and #failed > 0 then
      error(("%s: %d invariants failed; fix the run first"):format(path, #failed), 0)
    end
    if not r.commit or r.commit == "unknown" then
      error(("%s: names no commit (run it with a warpscope built from a git tree)"):format(path), 0)
    end
    if r.commit:match("%-dirty$") then
      error(("%s: run from a tree with uncommitted changes (%s): commit, rebuild and run again"):format(
        path, r.commit), 0)
    end
    local c = {}
    for _, k in ipairs(keep) do c[k] = r[k] end
    for _, k in ipairs { "sets", "inputs", "rows", "claims", "notes" } do
      if type(c[k]) == "table" and #c[k] == 0 then c[k] = setmetatable({}, json.array) end
    end
    if c.invariants and type(c.invariants.failed) == "table" then
      c.invariants.failed = setmetatable({}, json.array)
    end
    -- a run with arguments (a subset of inputs, `thesis-bfs.lua ROAD`) is
    -- its own result: ID.ARGS
    local key = r.id
    local tail = type(r.command) == "string" and r.command:match("/" .. r.id:gsub("%-", "%%-") .. "%.lua(.*)$")
    local extra = {}
    local skip = false
    for w in (tail or ""):gmatch("%S+") do
      if skip then skip = false
      elseif w == "--out" or w == "--graphs" then skip = true     -- (their values)
      elseif not w:match("^%-") then extra[#extra + 1] = (w:gsub("[^%w_+-]", "+")) end
    end
    if #extra > 0 then key = key .. "." .. table.concat(extra, ".") end
    pending[#pending + 1] = { results .. "/" .. key .. ".json", json.encode(c, 1) .. "\n" }
  end
  os.execute(("mkdir -p '%s'"):format(results:gsub("'", "'\\''")))
  for _, p in ipairs(pending) do write_atomic(p[1], p[2]) end
  print(("imported %d results into %s"):format(#pending, results))
end

-- ---------------------------------------------------------------- results
local cache = {}
local function result(id, where)
  if cache[id] then return cache[id] end
  local text = read(results .. "/" .. id .. ".json")
  if not text then error(("%s: no results for '%s' in %s"):format(where, id, results), 0) end
  local ok, r = pcall(json.decode, text)
  if not ok or type(r) ~= "table" or type(r.rows) ~= "table" then
    error(("%s: %s/%s.json is not an experiment's result"):format(where, results, id), 0)
  end
  r.colmap = {}
  for _, c in ipairs(r.columns or {}) do r.colmap[c.key] = c end
  r.key = id
  cache[id] = r
  return r
end

-- A column's printf format without its width ("%7.3f" -> "%.3f").
local function bare(fmt)
  if not fmt then return nil end
  return (fmt:gsub("%%%-?(%d*)", "%%"))
end

local function fmt_value(v, fmt)
  if v == nil or v == json.null then return "-" end
  if type(v) ~= "number" then return tostring(v) end
  fmt = bare(fmt)
  if not fmt or fmt:find("s$") then
    if math.type(v) == "integer" or v == math.floor(v) and math.abs(v) < 2^53 then
      return ("%d"):format(math.floor(v))
    end
    return ("%.3f"):format(v)
  end
  if fmt:find("d$") and v ~= math.floor(v) then return ("%.3f"):format(v) end
  local ok, s = pcall(string.format, fmt, fmt:find("d$") and math.floor(v) or v)
  return ok and s or tostring(v)
end

local function cell(s) return (tostring(s):gsub("|", "\\|")) end

-- Rows of r that satisfy every KEY:V1|V2 condition.
local function select_rows(r, conds, where)
  local out = {}
  for _, row in ipairs(r.rows) do
    local ok = true
    for _, c in ipairs(conds) do
      local v = row[c.key]
      local hit = false
      for _, want in ipairs(c.values) do
        if v ~= nil and tostring(v) == want then hit = true end
        if type(v) == "number" and tonumber(want) == v then hit = true end
      end
      if hit == (c.negate == true) then ok = false break end
    end
    if ok then out[#out + 1] = row end
  end
  if #out == 0 then error(("%s: no row of %s matches the conditions"):format(where, r.id), 0) end
  return out
end

local function need_key(r, key, where)
  if not r.colmap[key] then
    local known = {}
    for _, c in ipairs(r.columns) do known[#known + 1] = c.key end
    error(("%s: %s has no column '%s' (it has %s)"):format(where, r.id, key, table.concat(known, ", ")), 0)
  end
  return r.colmap[key]
end

-- "ID [k=v ...] [KEY:V|V ...]" -> id, options, conditions
local function parse_spec(spec, where)
  local words = {}
  for w in spec:gmatch("%S+") do words[#words + 1] = w end
  local id = table.remove(words, 1)
  if not id then error(where .. ": the marker names no experiment", 0) end
  local o, conds = {}, {}
  for _, w in ipairs(words) do
    local k, v = w:match("^([%w_]+)=(.+)$")
    if k then
      o[k] = v
    else
      local ck, neg, cv = w:match("^([%w_]+)(!?):(.+)$")
      if not ck then error(("%s: cannot read '%s' (key=value, KEY:V1|V2 or KEY!:V1|V2)"):format(where, w), 0) end
      local vals = {}
      for x in cv:gmatch("[^|]+") do vals[#vals + 1] = x end
      conds[#conds + 1] = { key = ck, values = vals, negate = neg == "!" }
    end
  end
  return id, o, conds
end

-- The directory of the document being rendered, relative to the root ("":
-- the root itself), for links.
local doc_dir = ""

-- A link from the document to path (relative to the root, or absolute).
local function link(path)
  if path:sub(1, 1) == "/" or doc_dir == "" then return path end
  if path:sub(1, #doc_dir + 1) == doc_dir .. "/" then return path:sub(#doc_dir + 2) end
  local _, depth = doc_dir:gsub("[^/]+", "")
  return ("../"):rep(depth) .. path
end

local function provenance(r)
  return ("*From `%s/%s.json` ([its figure](%s)): `%s`, warpscope %s, commit %s.*"):format(results_rel, r.key,
    link(results_rel .. "/" .. r.key .. ".html"), r.command, r.warpscope or "?", r.commit or "unknown")
end

local function split(s)
  local t = {}
  for x in (s or ""):gmatch("[^,]+") do t[#t + 1] = x end
  return t
end

-- ------------------------------------------------------------- renderers
local render = {}

function render.table(spec, where)
  local id, o, conds = parse_spec(spec, where)
  local r = result(id, where)
  for _, c in ipairs(conds) do need_key(r, c.key, where) end
  local rows = select_rows(r, conds, where)
  local lines = {}
  if o.rows or o.cols or o.val then
    if not (o.rows and o.cols and o.val) then
      error(where .. ": a pivot needs rows=, cols= and val=", 0)
    end
    local rc, cc, vc = need_key(r, o.rows, where), need_key(r, o.cols, where), need_key(r, o.val, where)
    local rorder, corder, seenr, seenc, grid = {}, {}, {}, {}, {}
    for _, row in ipairs(rows) do
      local rk, ck = tostring(row[o.rows]), tostring(row[o.cols])
      if not seenr[rk] then seenr[rk] = true rorder[#rorder + 1] = rk grid[rk] = {} end
      if not seenc[ck] then seenc[ck] = true corder[#corder + 1] = ck end
      grid[rk][ck] = row[o.val]
    end
    if o.only then
      corder = split(o.only)
      for _, ck in ipairs(corder) do
        if not seenc[ck] then error(("%s: %s has no %s '%s'"):format(where, id, o.cols, ck), 0) end
      end
    end
    local head = { cell(rc.header) }
    for _, ck in ipairs(corder) do head[#head + 1] = cell(ck) end
    lines[1] = "| " .. table.concat(head, " | ") .. " |"
    lines[2] = "|" .. ("---|"):rep(#head)
    for _, rk in ipairs(rorder) do
      local t = { cell(rk) }
      for _, ck in ipairs(corder) do t[#t + 1] = cell(fmt_value(grid[rk][ck], o.fmt or vc.format)) end
      lines[#lines + 1] = "| " .. table.concat(t, " | ") .. " |"
    end
    lines[#lines + 1] = ""
    lines[#lines + 1] = ("(%s by %s and %s)"):format(vc.header, rc.header, cc.header)
  else
    local keys = o.keys and split(o.keys) or nil
    if not keys then
      keys = {}
      for _, c in ipairs(r.columns) do keys[#keys + 1] = c.key end
    end
    local head = {}
    for _, k in ipairs(keys) do head[#head + 1] = cell(need_key(r, k, where).header) end
    lines[1] = "| " .. table.concat(head, " | ") .. " |"
    lines[2] = "|" .. ("---|"):rep(#head)
    for _, row in ipairs(rows) do
      local t = {}
      for _, k in ipairs(keys) do t[#t + 1] = cell(fmt_value(row[k], r.colmap[k].format)) end
      lines[#lines + 1] = "| " .. table.concat(t, " | ") .. " |"
    end
  end
  lines[#lines + 1] = ""
  lines[#lines + 1] = provenance(r)
  return table.concat(lines, "\n")
end

local function verdict(c)
  return (c.holds and "**holds**" or "**differs**") .. (c.detail and (": " .. c.detail) or "")
end

function render.claims(spec, where)
  local id = parse_spec(spec, where)
  local r = result(id, where)
  local lines = {}
  for _, c in ipairs(r.claims or {}) do
    lines[#lines + 1] = ("- %s: %s"):format(c.claim, verdict(c))
  end
  if #lines == 0 then lines[1] = "- (no claims)" end
  lines[#lines + 1] = ""
  lines[#lines + 1] = provenance(r)
  return table.concat(lines, "\n")
end

function render.verdicts(spec, where)
  local ids = split((spec:match("^%s*(%S+)")))
  if #ids == 0 then error(where .. ": verdicts needs ID,ID,...", 0) end
  local lines = { "| experiment | the paper's claim | here | commit |", "|---|---|---|---|" }
  for _, id in ipairs(ids) do
    local r = result(id, where)
    for _, c in ipairs(r.claims or {}) do
      lines[#lines + 1] = ("| %s | %s | %s | %s |"):format(id, cell(c.claim), cell(verdict(c)), r.commit or "?")
    end
  end
  return table.concat(lines, "\n")
end

function render.value(spec, where)
  local words = {}
  for w in spec:gmatch("%S+") do words[#words + 1] = w end
  local id, key = words[1], words[2]
  if not key then error(where .. ": an inline value needs ID and KEY", 0) end
  local fmt
  local rest = {}
  for i = 3, #words do
    if words[i]:sub(1, 1) == "%" then fmt = words[i] else rest[#rest + 1] = words[i] end
  end
  local r = result(id, where)
  if key == "#holds" then      -- how many of the experiment's claims hold
    local n = 0
    for _, cl in ipairs(r.claims or {}) do if cl.holds then n = n + 1 end end
    return ("%d of %d"):format(n, #(r.claims or {}))
  end
  local c = need_key(r, key, where)
  local _, _, conds = parse_spec(id .. " " .. table.concat(rest, " "), where)
  for _, cd in ipairs(conds) do need_key(r, cd.key, where) end
  local rows = select_rows(r, conds, where)
  if #rows > 1 then
    error(("%s: %d rows of %s match; add conditions so that one does"):format(where, #rows, id), 0)
  end
  return fmt_value(rows[1][key], fmt or c.format)
end

-- ------------------------------------------------------------- documents
local function process(path, label)
  local text, err = read(path)
  if not text then error(("cannot read %s: %s"):format(path, err), 0) end
  local out, pos, differs, regions = {}, 1, {}, 0
  local function line_of(p)
    local _, n = text:sub(1, p):gsub("\n", "")
    return n + 1
  end
  -- a marker quoted in inline code (`<!-- table ... -->`) is text, not a marker
  local function find_marker(pat, from)
    while true do
      local r = { text:find(pat, from) }
      if not r[1] or text:sub(r[1] - 1, r[1] - 1) ~= "`" then return table.unpack(r) end
      from = r[2] + 1
    end
  end
  while true do
    local s, e, kind, spec = find_marker("<!%-%-%s*(%a+)%s+(.-)%s*%-%->", pos)
    local is, ie, ispec = find_marker("<!%-%-=%s*(.-)%s*%-%->", pos)
    if is and (not s or is < s) then
      local where = ("%s:%d"):format(label, line_of(is))
      local cs, ce = text:find("<!%-%-/%-%->", ie + 1, false)
      if not cs then error(where .. ": inline value without its closing <!--/-->", 0) end
      local old = text:sub(ie + 1, cs - 1)
      local new = render.value(ispec, where)
      if old ~= new then differs[#differs + 1] = ("%s: inline %s: '%s', the results give '%s'"):format(where, ispec, old, new) end
      out[#out + 1] = text:sub(pos, ie) .. new .. "<!--/-->"
      pos = ce + 1
      regions = regions + 1
    elseif s and (kind == "table" or kind == "claims" or kind == "verdicts") then
      local where = ("%s:%d"):format(label, line_of(s))
      local es, ee = text:find("<!%-%-%s*end%s*%-%->", e + 1)
      if not es then error(where .. ": '" .. kind .. "' region without its <!-- end -->", 0) end
      local nextm = find_marker("<!%-%-%s*(%a+)%s+.-%-%->", e + 1)
      if nextm and nextm < es then
        local _, _, k2 = text:find("<!%-%-%s*(%a+)", nextm)
        if k2 == "table" or k2 == "claims" or k2 == "verdicts" then
          error(where .. ": '" .. kind .. "' region not closed before the next marker", 0)
        end
      end
      local old = text:sub(e + 1, es - 1)
      local new = "\n" .. render[kind](spec, where) .. "\n"
      if old ~= new then differs[#differs + 1] = ("%s: %s %s differs from the results"):format(where, kind, spec) end
      out[#out + 1] = text:sub(pos, e) .. new
      pos = es
      regions = regions + 1
    elseif s then
      out[#out + 1] = text:sub(pos, e)   -- another comment: keep it
      pos = e + 1
    else
      break
    end
  end
  out[#out + 1] = text:sub(pos)
  local new = table.concat(out)
  return new, differs, regions, text
end

local files = opt.files
if #files == 0 then
  files = { "EXPERIMENTS.md", "EXPERIMENTS-MTP.md" }
  for _, n in ipairs(list_dir(root .. "/scenarios/experiments", ".md")) do
    if n:match("^RESULTS%-") then files[#files + 1] = "scenarios/experiments/" .. n end
  end
end

local all_differs, total, changed = {}, 0, 0
local pending = {}
for _, f in ipairs(files) do
  local path = f:sub(1, 1) == "/" and f or (root .. "/" .. f)
  doc_dir = f:sub(1, 1) == "/" and "" or (f:match("^(.*)/[^/]*$") or "")
  local new, differs, regions, old = process(path, f)
  total = total + regions
  for _, d in ipairs(differs) do all_differs[#all_differs + 1] = d end
  if new ~= old then pending[#pending + 1] = { path, new, f } end
end
-- every result's figure, ID.html beside ID.json
local figs = 0
for _, name in ipairs(list_dir(results, ".json")) do
  local key = name:sub(1, -6)
  local r = result(key, results_rel .. "/" .. name)
  local html = figure.html(r)
  local path = results .. "/" .. key .. ".html"
  if read(path) ~= html then
    all_differs[#all_differs + 1] = ("%s/%s.html: the figure differs from %s.json (or is missing)"):format(
      results_rel, key, key)
    pending[#pending + 1] = { path, html, results_rel .. "/" .. key .. ".html" }
  end
  figs = figs + 1
end

if opt.check then
  for _, d in ipairs(all_differs) do print(d) end
  print(("%d generated regions in %d files and %d figures; %d differ from %s"):format(total, #files, figs,
    #all_differs, results_rel))
  if #all_differs > 0 then
    print("(regenerate with: make -C build experiment-tables)")
    os.exit(1)
  end
else
  for _, p in ipairs(pending) do
    write_atomic(p[1], p[2])
    changed = changed + 1
    print("rewrote " .. p[3])
  end
  print(("%d generated regions in %d files and %d figures; %d files rewritten"):format(total, #files, figs, changed))
end
