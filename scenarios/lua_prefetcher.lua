-- A prefetcher written in Lua: a per-PC stride prefetcher (the classic
-- reference prediction table of Chen and Baer), trained per warp like the
-- MTP paper's enhanced StridePC, run on the topology-driven BFS next to the
-- built-in C stridepc.  Copy it and change observe() to try an idea.
-- usage: warpscope scenarios/lua_prefetcher.lua [GRAPH|default]
--
-- The hooks (see warpscope-lua(7), PREFETCHING): one instance per SM is
-- made by P.new(sm) (or an empty table) with P as its metatable index;
-- inst:observe(a) sees every demand request at its L1 lookup (a.addr,
-- a.line, a.pc, a.wid, a.gwid, a.kind, a.outcome, ...); inst:issue(addr)
-- queues a prefetch and returns false (and why) when it is dropped;
-- inst:fill(f), inst:evict(e), inst:tick(m) (every P.period cycles) and
-- inst:inspect() are optional.
local ws = require "warpscope"
local S = require "warpscope.scenario"
local B = require "warpscope.bfs"

local P = { entries = 64 }

function P.new(sm)
  return { sm_id = sm, tab = {}, n = 0, trained = 0, issued = 0 }
end

function P:observe(a)
  if a.kind ~= "load" or a.req ~= 0 then return end    -- train once per warp instruction
  local key = a.pc * 256 + a.wid                        -- per PC and warp
  local e = self.tab[key]
  if not e then
    if self.n >= self.entries then self.tab, self.n = {}, 0 end   -- crude replacement: start over
    self.tab[key] = { last = a.insn_addr, stride = 0, conf = 0 }
    self.n = self.n + 1
    return
  end
  local stride = a.insn_addr - e.last
  if stride ~= 0 and stride == e.stride then
    e.conf = math.min(e.conf + 1, 3)
  else
    e.conf, e.stride = 0, stride
  end
  e.last = a.insn_addr
  if e.conf >= 1 then                                   -- the same stride twice: prefetch ahead
    self.trained = self.trained + 1
    if self:issue(a.insn_addr + e.stride, a.wid) then self.issued = self.issued + 1 end
  end
end

function P:inspect()
  local rows = {}
  for key, e in pairs(self.tab) do
    rows[#rows + 1] = { key // 256, key % 256, e.last, e.stride, e.conf }
  end
  table.sort(rows, function(x, y) return x[1] * 256 + x[2] < y[1] * 256 + y[2] end)
  return { entries = self.n, trained = self.trained, issued = self.issued,
           tables = { rpt = { cols = { "pc", "wid", "last", "stride", "conf" }, rows = rows } } }
end

local g = S.graph(ws, arg[1])
local results = {}
for _, which in ipairs({ "none", "stridepc (C)", "Lua stride" }) do
  local opts = { quiet = true, ["pf.warp_trained"] = true }
  if which == "stridepc (C)" then opts["pf.policy"] = "stridepc" end
  if which == "Lua stride" then opts.prefetcher = P end
  local gpu = ws.gpu(opts)
  local ok, msg = B.topo(gpu, g, 0)
  if not ok then error(which .. ": " .. msg) end
  local t = gpu:stats().total
  local ins = gpu:prefetcher(0)
  results[#results + 1] = ("%-14s %9d cycles  %7d prefetches issued  %6d useful  %6d late  SM 0 table: %s entries"):format(
    which, t.cycles, t["pf.issued"], t["pf.useful"], t["pf.late"], tostring(ins and (ins.entries or "-") or "-"))
  gpu:close()
end
print(("topology-driven BFS on %d vertices, %d edges"):format(g.n, g.m))
for _, r in ipairs(results) do print(r) end
print("lua_prefetcher: every run's result matches the CPU reference")
