-- l1victim.lua: the L1D victim cache (l1d.victim, ws_l1victim.h) end to
-- end on hand-built cases.  One thread chases pointers through lines 1 KB
-- apart of an L1D of one set of two ways (l1d.size 256, LRU), so every
-- line maps to the one set; each load waits for the one before (its
-- address is that load's data).  The chase moves through different words
-- of a line, so one line can point to a different line each visit.
local T = require "tap"
local ws = require "warpscope"

local PTX = [[
.version 7.0
.target sm_50
.address_size 64
.visible .entry chase(.param .u64 data, .param .u64 out, .param .u32 n)
{
  .reg .b32 %r<10>;
  .reg .b64 %rd<8>;
  .reg .pred %p<2>;
  ld.param.u64 %rd1, [data];
  ld.param.u64 %rd2, [out];
  ld.param.u32 %r9, [n];
  cvta.to.global.u64 %rd1, %rd1;
  cvta.to.global.u64 %rd2, %rd2;
  mov.u32 %r1, 0;
  mov.u32 %r2, 0;
L:
  setp.ge.u32 %p1, %r2, %r9;
  @%p1 bra D;
  mul.wide.u32 %rd3, %r1, 4;
  add.s64 %rd4, %rd1, %rd3;
  ld.global.u32 %r1, [%rd4];
  add.u32 %r2, %r2, 1;
  bra L;
D:
  st.global.u32 [%rd2], %r1;
  ret;
}
]]

-- the chase visits lines (0 = A, 1 = B, ...; 256 words = 1 KB apart), the
-- k-th visit of a line reading its k-th word
local function chase(lines)
  local init = {}
  for i = 1, 256 * 5 do init[i] = 0 end
  local seen, words = {}, {}
  for i, l in ipairs(lines) do
    seen[l] = (seen[l] or 0) + 1
    words[i] = l * 256 + seen[l] - 1
  end
  for i = 1, #words - 1 do init[words[i] + 1] = words[i + 1] end
  return init, #words, words[#words]
end

local function run(lines, extra)
  local o = { quiet = true, preset = "fermi-thesis", ["sm.count"] = 1, ["l1d.size"] = 256, ["l1d.ways"] = 2 }
  for k, v in pairs(extra or {}) do o[k] = v end
  local gpu = ws.gpu(o)
  local k = gpu:load_ptx_text(PTX, "chase.ptx"):kernel("chase")
  local init, n = chase(lines)
  local d = gpu:array("u32", init, { name = "data" })
  local out = gpu:array("u32", 1, { name = "out" })
  gpu:launch(k, { grid = 1, block = 1 }, d, out, n)
  return gpu:stats().total, out[0]
end

local function v(s, name)
  local x = s[name]
  if type(x) == "table" then return x.total end
  return x
end

local ABC = { 0, 1, 2, 0, 1, 2 }
local base, r0 = run(ABC)
T.is(r0, 0, "without: the chase ends at A's second word's pointer")
T.is(v(base, "l1d.victim.hits"), nil, "without: no l1d.victim counters")
T.is(v(base, "l1d.misses"), 7, "without: every access misses (six loads, the store)")

local s, r1 = run(ABC, { ["l1d.victim"] = "1K" })
T.is(r1, r0, "1K: the same result")
T.is(v(s, "l1d.victim.misses"), 3, "1K: A, B, C miss in the victim cache the first time")
T.is(v(s, "l1d.victim.hits"), 3, "1K: the second A, B, C hit there")
T.is(v(s, "l1d.victim.inserts"), 4, "1K: C's fill evicts A, each swap puts the L1's LRU line back")
T.is(v(s, "l1d.misses"), 4, "1K: three load misses and the store")
T.is(v(s, "l1d.hits"), 3, "1K: the swapped lines hit in the L1D")
T.is(v(base, "l2.accesses") - v(s, "l2.accesses"), 3, "1K: a victim hit sends nothing to the L2")
T.is(v(base, "icnt.req.packets") - v(s, "icnt.req.packets"), 3, "1K: three request packets fewer")

local s1 = run(ABC, { ["l1d.victim"] = 128 })
T.is(v(s1, "l1d.victim.hits"), 3, "one line: the swap keeps each next line there (3 hits)")

-- LRU within the victim cache: two lines; A B C D E evict A, B, C (A
-- leaves, the least recently used), B hits (D, the L1's LRU, goes in), A
-- misses
local L = { 0, 1, 2, 3, 4, 1, 0 }
local l, r2 = run(L, { ["l1d.victim"] = 256 })
local lb, r3 = run(L)
T.is(r2, r3, "LRU: the same result as without")
T.is(v(l, "l1d.victim.hits"), 1, "LRU: only B hits")
T.is(v(l, "l1d.victim.misses"), 6, "LRU: A was the least recently used and left")
T.is(v(l, "l1d.victim.inserts"), 5, "LRU: A, B, C evicted, D by the swap, E by A's fill")
T.is(v(lb, "l2.accesses") - v(l, "l2.accesses"), 1, "LRU: one L2 access fewer")

-- the hit's latency: l1d.victim_latency cycles more per hit
-- (the loop's counter and branch, independent of the load, hide about 24
-- cycles of each load's latency, so a small change does not show in cycles)
local c2 = run(ABC, { ["l1d.victim"] = "1K", ["l1d.victim_latency"] = 12 })
T.is(v(c2, "mem.latency_sum.l1") - v(s, "mem.latency_sum.l1"), 30, "latency: 10 more cycles for each of the three hits")
local c0 = run(ABC, { ["l1d.victim"] = "1K", ["l1d.victim_latency"] = 0 })
local c5 = run(ABC, { ["l1d.victim"] = "1K", ["l1d.victim_latency"] = 500 })
T.is(v(c5, "cycles") - v(c0, "cycles"), 1428, "latency: 500 cycles a hit, less the 24 the loop hides, three times")

-- determinism
local s2 = run(ABC, { ["l1d.victim"] = "1K" })
local same = true
for k2, val in pairs(s) do
  local w = s2[k2]
  if type(val) == "table" then
    if type(w) ~= "table" or w.total ~= val.total then same = false end
  elseif w ~= val and not (val ~= val and w ~= w) then
    same = false
  end
end
T.ok(same, "two runs give the same statistics")

-- bad sizes
local ok, err = pcall(run, ABC, { ["l1d.victim"] = 200 })
T.ok(not ok and tostring(err):find("not a multiple of the L1D line", 1, true), "200 bytes refused: " .. tostring(err))
ok, err = pcall(run, ABC, { ["l1d.victim"] = "128K" })
T.ok(not ok and tostring(err):find("l1d.victim", 1, true), "128K refused: " .. tostring(err))
T.done()
