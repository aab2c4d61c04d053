-- cpol_chase.lua: the L2 inclusion policies (l2.inclusion, src/cpol) end
-- to end on a hand-built case.  One thread chases pointers through lines
-- A -> B -> C -> A -> B of an L1 of one set of two lines (l1d.size 256, two
-- ways, LRU): every load misses in the L1, C evicts A, the second A evicts
-- B and the second B evicts C; each load waits for the one before (its
-- address is that load's data), so a victim reaches the L2 long before its
-- line is asked for again.
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

-- words: A = 0, B = 256, C = 512 (three lines, 1 KB apart)
local init = {}
for i = 1, 1024 do init[i] = 0 end
init[0 + 1] = 256
init[256 + 1] = 512
init[512 + 1] = 0

local function run(pol, extra)
  local o = { quiet = true, preset = "fermi-thesis", ["sm.count"] = 1, ["l1d.size"] = 256, ["l1d.ways"] = 2,
              ["l2.inclusion"] = pol }
  for k, v in pairs(extra or {}) do o[k] = v end
  local gpu = ws.gpu(o)
  local k = gpu:load_ptx_text(PTX, "chase.ptx"):kernel("chase")
  local d = gpu:array("u32", init, { name = "data" })
  local out = gpu:array("u32", 1, { name = "out" })
  gpu:launch(k, { grid = 1, block = 1 }, d, out, 5)
  return gpu:stats().total, out[0], gpu
end

local function v(s, name)
  local x = s[name]
  if type(x) == "table" then return x.total end
  return x
end

local base, r0 = run("noninclusive")
T.is(r0, 512, "noninclusive: A B C A B ends at B's pointer (C)")
T.is(v(base, "cpol.l2.insertions"), nil, "noninclusive: no cpol counters")
T.is(v(base, "l1d.misses"), 6, "noninclusive: six L1 misses (five loads, the store)")
T.is(v(base, "l2.hits"), 2, "noninclusive: the second A and B hit in the L2")

local s, r1 = run("exclusive")
T.is(r1, 512, "exclusive: the same result")
T.is(v(s, "l1d.misses"), 6, "exclusive: six L1 misses")
T.is(v(s, "cpol.l2.fills_skipped"), 3, "exclusive: A, B, C fill the L1 only")
T.is(v(s, "cpol.l1.victims_clean"), 3, "exclusive: A, B, C leave the L1 into the L2")
T.is(v(s, "cpol.l2.victims_clean"), 3, "exclusive: and land there")
T.is(v(s, "cpol.l2.victims_dropped"), 0, "exclusive: none dropped")
T.is(v(s, "cpol.l2.insertions"), 5, "exclusive: the L2 inserts the victims and the two lines of code (instruction fetches stay non-inclusive)")
T.is(v(s, "l2.hits"), 2, "exclusive: the second A and B hit their victims in the L2")
T.is(v(s, "cpol.l2.invalidations"), 2, "exclusive: each hit moves the line to the L1")
T.is(v(s, "cpol.l2.hits_private"), 2, "exclusive: private hits (the same core)")
T.is(v(s, "cpol.l2.hits_shared"), 0, "exclusive: no shared hit")
T.is(v(s, "cpol.l1.cb_fills"), 5, "exclusive: every L1 fill carries CB")
T.ok(v(s, "cpol.icnt.victim_flits") > 0, "exclusive: victims cost request-network flits")
T.is(v(s, "icnt.req.flits") - v(base, "icnt.req.flits"), v(s, "cpol.icnt.victim_flits"),
     "exclusive: the extra request flits are the victims'")

-- the inspectors (read-only)
local _, _, g0 = run("noninclusive")
T.is(g0:sm(0).l1d:policy(), nil, "noninclusive: no policy to inspect")
local _, _, ge = run("exclusive")
local pe = ge:sm(0).l1d:policy()
T.is(pe and pe.name, "exclusive", "the L1D's policy by name")
T.is(pe and pe.stats.l1_victims_clean, 3, "its counters: three victims sent")
local nsl, ins = 0, 0
while true do
  local ok2, c = pcall(function() return ge:l2(nsl) end)
  if not ok2 or not c then break end
  ins = ins + c:policy().stats.l2_insertions
  nsl = nsl + 1
end
T.ok(nsl > 0, "every L2 slice has its instance")
T.is(ins, 5, "the slices' insertions add up to the total")

local f, _, gf = run("flexclusion")
local pf = gf:l2(0):policy()
T.is(pf.values.psel_max, 2047, "flexclusion: an 11-bit PSEL")
T.is(pf.table, "dueling monitor sets", "flexclusion: the monitor sets as a table")
T.is(#pf.columns, 3, "three columns")
T.ok(#pf.rows >= 1, "slice 0 holds monitor sets")
local _, _, gr = run("rexclusion")
local pr = gr:sm(0).l1d:policy()
T.is(pr.table, "RTT", "rexclusion: the L1's RTT")
T.is(pr.values.rtt_entries, 31, "31 entries")
T.is(pr.values.regions, 2, "the launch's two allocations are the regions")
T.is(#pr.rows, 1, "one region tracked (the chased array)")
T.is(pr.rows[1][5], 5, "five fills counted (no update yet)")

T.is(v(f, "cpol.l2.fills_skipped"), 0, "flexclusion: followers start non-inclusive (no monitor set touched)")
local x = run("rexclusion")
T.is(v(x, "cpol.l2.fills_skipped"), 0, "rexclusion: no region trained yet: non-inclusive")

local s2 = run("exclusive")
local same = true
for k2, val in pairs(s) do
  local w = s2[k2]
  if type(val) == "table" then
    if type(w) ~= "table" or w.total ~= val.total then same = false end
  elseif w ~= val and not (val ~= val and w ~= w) then
    same = false
  end
end
T.ok(same, "exclusive: two runs give the same statistics")

local ok, err = pcall(run, "inclusive")
T.ok(not ok and tostring(err):find("noninclusive|exclusive|flexclusion|rexclusion", 1, true),
     "an unknown policy is refused with the known names")
ok, err = pcall(run, "flexclusion", { ["l2.sdm_sets"] = 5000 })
T.ok(not ok and tostring(err):find("do not fit", 1, true), "monitors larger than the L2 are refused: " .. tostring(err))
T.done()
