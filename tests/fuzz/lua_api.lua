-- lua_api.lua: random calls into the Lua API with random arguments, each
-- under pcall. An error is fine (FZ_LOG lists them: each should name the
-- script's line and say what is wrong); a crash, a sanitizer report or a
-- hang is a bug. It calls every function reachable from `ws` and the
-- methods of every object it gets back (gpus, arrays, modules, kernels,
-- graphs, buffers, SMs, caches, warps), passes them extreme numbers, odd
-- strings and tables, other objects (of other and closed gpus too) and
-- hook functions that call into the API themselves (as event hooks and
-- as the hooks of the main gpu's prefetcher, written in Lua), and every
-- 150 calls starts a real launch so that stepping and inspection meet
-- live state. It writes files under random names: run it in a scratch
-- directory, with a sanitizer build (see HACKING, Fuzzing):
--   cd "$(mktemp -d)" && ASAN_OPTIONS=allocator_may_return_null=1 FZ_SEED=7 \
--     FZ_N=4000 FZ_LOG=calls.log build-san/warpscope --batch \
--     --set run.max_cycles=20000 /path/to/tests/fuzz/lua_api.lua
-- (allocator_may_return_null: a buffer of 2^40 elements is a Lua error in
-- a normal build, where the allocation fails, and an abort under ASan.)
-- The order of pairs() varies between runs, so a seed does not replay a
-- run exactly; the log shows the calls that led to a failure.
local ws = require "warpscope"
local seed = tonumber(os.getenv("FZ_SEED") or "1")
local N = tonumber(os.getenv("FZ_N") or "2000")
math.randomseed(seed)
local R = math.random

local log = os.getenv("FZ_LOG") and io.open(os.getenv("FZ_LOG"), "w")
local function note(s) if log then log:write(s, "\n"); log:flush() end end

local pool = {}          -- values to pass
local objs = {}          -- userdata / tables with methods
local bytype, types = {}, {}   -- the objects by metatable (calls pick a type first)
local function add(v)
  if #pool < 400 then pool[#pool + 1] = v end
  local mt = getmetatable(v)
  if (type(v) == "userdata" or (type(v) == "table" and mt)) and #objs < 400 then
    objs[#objs + 1] = v
    if not bytype[mt] then bytype[mt] = {}; types[#types + 1] = mt end
    local l = bytype[mt]
    if #l < 20 then l[#l + 1] = v end
  end
end

for _, v in ipairs{ 0, 1, -1, 2, 3, 7, 31, 32, 33, 64, 255, 256, 1024, 65536, 2^31 - 1, 2^31, 2^32,
                    2^53, -2^63, 2^63, 1e300, -1e300, math.huge, -math.huge, 0/0, 0.5, -0.5,
                    math.maxinteger, math.mininteger, "", "x", "i32", "u8", "f32", "f64", "u32", "i64",
                    "u64", "vertexlist", "l1d.size=48K", "bogus=1", "gtx480", "g80-mtp", "v100",
                    "%s%s%n", string.rep("a", 5000), "\0", "sub/../x", "/nonexistent/x",
                    true, false, {}, {1, 2, 3}, {0}, {-1}, {grid = 1, block = 1}, {grid = 0, block = 0},
                    {grid = {1, 1, 1}, block = {32, 1, 1}}, {grid = 2^31, block = 1024},
                    {name = "x"}, {preset = "gtx480"}, {{0, 1}, {1, 2}}, {{0, 1, 2.5}}, {scale = 3},
                    {scale = 40}, {n = -1}, print, function() error("boom") end,
                    coroutine.create(function() end) } do
  add(v)
end

-- a world to start from
local function try(f, ...) local ok, v = pcall(f, ...) if ok and v ~= nil then add(v) end return ok and v end
local chaos                   -- a hook that calls into the API itself (below)
-- a prefetcher written in Lua whose hooks issue prefetches and call into the
-- API while the simulation runs
local P = { period = 20 }
for _, h in ipairs{ "observe", "fill", "evict", "tick" } do
  P[h] = function(self, a)
    if chaos and R(8) == 1 then chaos() end
    if R(4) == 1 then
      local base = type(a) == "table" and math.type(a.addr) == "integer" and a.addr or 0
      pcall(self.issue, self, base + 128 * R(-2, 2), R(0, 3), R(0, 3), R(2) == 1)
    end
  end
end
local gpu = try(ws.gpu, { ["sm.count"] = 2, quiet = true, insn_budget = 100000, prefetcher = P })
  or try(ws.gpu, { ["sm.count"] = 2, quiet = true }) or try(ws.gpu, {})
local g = try(ws.graph.rmat, { scale = 6, edgefactor = 4, seed = 3 })
if gpu then
  local m = try(gpu.load_ptx, gpu, "kernels/bfs_topo.ptx")
  if m then try(m.kernel, m, "bfs_topo_expand"); try(m.kernel, m, "bfs_topo_update") end
  try(gpu.array, gpu, "i32", 64)
  try(gpu.array, gpu, "u8", 16, { name = "visited" })
end
-- a valid launch to start now and then, so that stepping and inspection
-- meet live state
local live = nil
if gpu and g then
  local ok = pcall(function()
    local m = gpu:load_ptx("kernels/bfs_topo.ptx")
    local n = g.n
    local row = gpu:array("i32", g.row, { name = "row" })
    local col = gpu:array("i32", g.col, { name = "col" })
    local f = gpu:array("u8", n); local u = gpu:array("u8", n); local v = gpu:array("u8", n)
    local cost = gpu:array("i32", n)
    live = { k = m:kernel("bfs_topo_expand"), args = { row, col, f, u, v, cost, n } }
    add(row); add(cost); add(live.k)
  end)
  if not ok then live = nil end
end
local depth = 0
try(ws.buffer, "i32", 8)
try(ws.buffer, "f32", 3, 1.5)
try(ws.graph.from_edges, 4, { { 0, 1 }, { 1, 2 }, { 2, 3 } })

-- every function reachable from ws, and the methods of objects
local funcs = {}
local seen = {}
local function collect(t, name, depth)
  if seen[t] or depth > 3 then return end
  seen[t] = true
  for k, v in pairs(t) do
    local n = name .. "." .. tostring(k)
    if type(v) == "function" then funcs[#funcs + 1] = { n, v }
    elseif type(v) == "table" then collect(v, n, depth + 1) end
  end
end
collect(ws, "ws", 0)
-- the documented library modules besides ws, and the helpers the shipped
-- scenarios and labs share (not the experiments: each runs for minutes)
for _, mod in ipairs{ "json", "bfs", "pagerank", "lab", "scenario" } do
  local ok, m = pcall(require, "warpscope." .. mod)
  if ok and type(m) == "table" then collect(m, mod, 1) end
end
table.sort(funcs, function(a, b) return a[1] < b[1] end)

-- Method names to look for on objects whose __index is a function (the C
-- bindings' tables are not reachable from Lua).
local NAMES = [[
allocations array base bfs breakpoint breakpoints bytes check_header checksum
close components config continue copy counters degrees delete diff dram
drop_duplicates drop_self_loops edges enable fault fill find finish format free
freed icnt info kernel kernels l1 l1d l2 largest_component launch lines load
load_ptx load_ptx_text machine mark memory neighbors occupancy off on option
order out pagerank pc pf_queue prefetcher read rebuild record regs relabel
remove reorder run_until running save slice sm sms sssp stack stalls start stats
step step_warp sum symmetrize throttle totable transitions transpose
update_worklist warp warps write name path type n m directed weights]]

-- The methods of o ({name, function} sorted by name), cached by metatable.
local mcache = {}
local function find_methods(o, mt)
  local out = {}
  local idx = mt and mt.__index
  if type(idx) == "table" then
    for k, v in pairs(idx) do if type(v) == "function" then out[#out + 1] = { k, v } end end
  elseif mt then
    for _, t in pairs(mt) do             -- e.g. a gpu's metatable.methods
      if type(t) == "table" then
        for k, v in pairs(t) do if type(v) == "function" then out[#out + 1] = { k, v } end end
      end
    end
  end
  if type(o) == "table" then
    for k, v in pairs(o) do if type(v) == "function" then out[#out + 1] = { k, v } end end
  end
  if #out == 0 and type(o) == "userdata" then
    for nm in NAMES:gmatch("%S+") do
      local ok, v = pcall(function() return o[nm] end)
      if ok and type(v) == "function" then out[#out + 1] = { nm, v } end
    end
  end
  table.sort(out, function(a, b) return a[1] < b[1] end)
  return out
end
local function methods(o)
  local mt = getmetatable(o)
  if mt and mcache[mt] then return mcache[mt] end
  local res = find_methods(o, mt)
  if mt then mcache[mt] = res end
  return res
end
table.sort(funcs, function(a, b) return a[1] < b[1] end)

local function rnd_arg()
  local k = R(10)
  if k <= 6 and #pool > 0 then return pool[R(#pool)] end
  if k <= 8 and #objs > 0 then return objs[R(#objs)] end
  if k == 9 then return R(-4, 300) end
  return nil
end

chaos = function(...)
  if depth > 2 or #types == 0 then return R(3) == 1 and "stop" or nil end
  depth = depth + 1
  local l = bytype[types[R(#types)]]
  local o = l[R(#l)]
  local ms = methods(o)
  if #ms > 0 then
    local m = ms[R(#ms)]
    note("  hook call " .. m[1])
    pcall(m[2], o, rnd_arg(), rnd_arg())
  end
  depth = depth - 1
  if R(10) == 1 then error("hook error") end
  return R(4) == 1 and "stop" or nil
end
pool[#pool + 1] = chaos

local n_ok, n_err = 0, 0
for i = 1, N do
  if live and i % 150 == 0 then
    note(i .. " live start")
    pcall(gpu.finish, gpu)
    local ok = pcall(gpu.start, gpu, live.k, { grid = R(1, 4), block = 64 * R(1, 4) }, table.unpack(live.args))
    if ok then
      for s = 0, 1 do
        local okk, sm = pcall(gpu.sm, gpu, s)
        if okk then add(sm); local okw, w = pcall(function() return sm:warp(R(0, 3)) end) if okw then add(w) end end
      end
      pcall(gpu.step, gpu, R(1, 400))
    end
  end
  local name, f, args = nil, nil, {}
  if #types > 0 and R(4) > 1 then
    local l = bytype[types[R(#types)]]
    local o = l[R(#l)]
    local ms = methods(o)
    if #ms > 0 then
      local m = ms[R(#ms)]
      name, f = "obj:" .. m[1], m[2]
      args[1] = (R(10) > 1) and o or rnd_arg()
    end
  end
  if not f and #funcs > 0 then
    local e = funcs[R(#funcs)]
    name, f = e[1], e[2]
  end
  if f then
    local na = R(0, 4)
    for j = #args + 1, #args + na do args[j] = rnd_arg() end
    note(string.format("%d %s (%d args)", i, name, #args))
    local res = table.pack(pcall(f, table.unpack(args, 1, #args + 0)))
    if res[1] then
      n_ok = n_ok + 1
      for j = 2, res.n do if res[j] ~= nil and type(res[j]) ~= "string" then add(res[j]) end end
    else
      n_err = n_err + 1
      if type(res[2]) == "string" then note("ERR " .. name .. ": " .. res[2]:sub(1, 300):gsub("\n", " | ")) end
      if type(res[2]) ~= "string" and type(res[2]) ~= "table" then
        note("odd error value: " .. tostring(res[2]))
      end
    end
  end
end
print(string.format("lua_api fuzz seed %d: %d calls ok, %d errors, %d functions, %d objects",
                    seed, n_ok, n_err, #funcs, #objs))
