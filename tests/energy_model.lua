-- energy_model.lua: the energy model (issue [Energy]) on hand-built kernels.
-- Identities: with integer prices every component is exactly the sum of
-- count x price (in pJ, converted to J once), static energy is exactly power x
-- simulated time, and the components add up to the total.  Directions: twice
-- the DRAM traffic costs more DRAM energy; a launch that waits costs static
-- energy for the time and nothing more.  Bad input: negative and
-- non-numeric prices are refused naming the key; a preset without prices
-- reports energy as absent, never as zero.
local T = require "tap"
local ws = require "warpscope"

local HEAD = [[
.version 7.0
.target sm_50
.address_size 64
]]

-- n words per thread read and written back (+1), a 32-thread CTA per 32 x n
-- words: the DRAM traffic doubles with n.
local COPY = HEAD .. [[
.visible .entry copy(.param .u64 a, .param .u32 n)
{
  .reg .pred %p<2>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [a];
  ld.param.u32 %r6, [n];
  cvta.to.global.u64 %rd1, %rd1;
  mov.u32 %r1, %tid.x;
  mov.u32 %r7, %ctaid.x;
  mad.lo.u32 %r1, %r7, 32, %r1;
  mov.u32 %r5, 0;
LOOP:
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  ld.global.u32 %r2, [%rd3];
  add.s32 %r2, %r2, 1;
  st.global.u32 [%rd3], %r2;
  add.u32 %r1, %r1, 4096;
  add.u32 %r5, %r5, 1;
  setp.lt.u32 %p1, %r5, %r6;
  @%p1 bra LOOP;
  ret;
}
]]

-- Integer prices (pJ) and powers (W): every product and sum is exact.
local PRICES = {
  ["energy.insn.base"] = 100, ["energy.insn.int"] = 1, ["energy.insn.fp32"] = 2, ["energy.insn.fp64"] = 3,
  ["energy.insn.sfu"] = 4, ["energy.insn.branch"] = 5, ["energy.insn.ldst"] = 6,
  ["energy.rf.read"] = 7, ["energy.rf.write"] = 8,
  ["energy.l1d.hit"] = 9, ["energy.l1d.miss"] = 10, ["energy.l1d.fill"] = 11,
  ["energy.cmem.hit"] = 12, ["energy.cmem.miss"] = 13, ["energy.cmem.fill"] = 28,
  ["energy.l1i.hit"] = 14, ["energy.l1i.miss"] = 15, ["energy.l1i.fill"] = 16, ["energy.shared"] = 17,
  ["energy.l2.hit"] = 18, ["energy.l2.miss"] = 19, ["energy.l2.fill"] = 20, ["energy.l2.wb"] = 21,
  ["energy.icnt.flit"] = 22,
  ["energy.dram.act"] = 23, ["energy.dram.pre"] = 24, ["energy.dram.rd"] = 25, ["energy.dram.wr"] = 26,
  ["energy.dram.ref"] = 27, ["energy.dram.trefi"] = 4000,
  ["energy.static.base"] = 10, ["energy.static.sm"] = 2, ["energy.static.l2"] = 1, ["energy.static.icnt"] = 3,
  ["energy.static.dram"] = 4,
}

local function gpu(extra)
  local o = { quiet = true, preset = "gtx480", ["sm.count"] = 2 }
  for k, v in pairs(PRICES) do o[k] = v end
  for k, v in pairs(extra or {}) do o[k] = v end
  return ws.gpu(o)
end

local function run(g, n, ctas)
  local k = g:load_ptx_text(COPY, "copy.ptx"):kernel("copy")
  local a = g:array("u32", 4096 * n)
  g:launch(k, { grid = ctas or 4, block = 32 }, a, n)
  return a
end

-- The model's arithmetic, redone from the counters (the same order of
-- operations: the results must be identical, not close).
local function expect(s, p, m)
  local secs = s.cycles / (m.mhz * 1e6)
  local c = {}
  c.core = s.warp_insns * p["energy.insn.base"] + s["lanes.int"] * p["energy.insn.int"] +
    s["lanes.fp32"] * p["energy.insn.fp32"] + s["lanes.fp64"] * p["energy.insn.fp64"] +
    s["lanes.sfu"] * p["energy.insn.sfu"] + s["lanes.branch"] * p["energy.insn.branch"] +
    s["lanes.ldst"] * p["energy.insn.ldst"]
  c.rf = s["rf.reads"] * p["energy.rf.read"] + s["rf.writes"] * p["energy.rf.write"]
  local cmiss = s["const.misses"]
  c.l1 = s["l1d.cache.hits"] * p["energy.l1d.hit"] +
    (s["l1d.cache.misses"] + s["l1d.cache.hit_reserved"]) * p["energy.l1d.miss"] +
    s["l1d.cache.fills"] * p["energy.l1d.fill"] + (s["const.insns"] - cmiss) * p["energy.cmem.hit"] +
    cmiss * p["energy.cmem.miss"] + cmiss * p["energy.cmem.fill"] + s["l1i.hits"] * p["energy.l1i.hit"] +
    (s["l1i.misses"] + s["l1i.hit_reserved"]) * p["energy.l1i.miss"] + s["l1i.fills"] * p["energy.l1i.fill"] +
    s["shared.cycles"] * p["energy.shared"]
  c.l2 = s["l2.hits"] * p["energy.l2.hit"] + (s["l2.misses"] + s["l2.hit_reserved"]) * p["energy.l2.miss"] +
    s["l2.fills"] * p["energy.l2.fill"] + s["l2.writebacks"] * p["energy.l2.wb"]
  c.icnt = (s["icnt.req.flits"] + s["icnt.rep.flits"]) * p["energy.icnt.flit"]
  local refreshes = secs * 1e9 / p["energy.dram.trefi"] * m.chans
  c.dram = s["dram.activates"] * p["energy.dram.act"] + s["dram.precharges"] * p["energy.dram.pre"] +
    s["dram.read_bursts"] * p["energy.dram.rd"] + s["dram.write_bursts"] * p["energy.dram.wr"] +
    refreshes * p["energy.dram.ref"]
  c.pf = 0
  local watts = p["energy.static.base"] + p["energy.static.sm"] * m.sms + p["energy.static.l2"] * m.slices +
    p["energy.static.icnt"] + p["energy.static.dram"] * m.chans
  c.static = watts * secs * 1e12
  local total = 0
  for _, k in ipairs { "core", "rf", "l1", "l2", "icnt", "dram", "pf", "static" } do total = total + c[k] end
  return c, total, watts, secs
end

local M = { mhz = 700, sms = 2, chans = 6, slices = 12 }   -- gtx480 with 2 SMs

do
  local g = gpu()
  run(g, 2)
  local s = g:stats().last
  T.ok(s.warp_insns > 0 and s["dram.read_bursts"] > 0 and s["icnt.rep.flits"] > 0 and s["l2.fills"] > 0,
       "copy: the kernel reaches DRAM (" .. s["dram.read_bursts"] .. " read bursts)")
  local c, total, watts, secs = expect(s, PRICES, M)
  for _, k in ipairs { "core", "rf", "l1", "l2", "icnt", "dram", "pf", "static" } do
    T.is(s["energy." .. k], c[k] / 1e12, "identity: energy." .. k .. " = sum of count x price (" .. c[k] .. " pJ)")
  end
  T.is(s["energy.total"], total / 1e12, "identity: energy.total = the components' sum in pJ / 1e12")
  T.is(s["energy.static"], watts * secs * 1e12 / 1e12, "static energy = static power x simulated time")
  local sum = 0
  for _, k in ipairs { "core", "rf", "l1", "l2", "icnt", "dram", "pf", "static" } do sum = sum + s["energy." .. k] end
  T.ok(math.abs(sum - s["energy.total"]) <= 1e-15 * s["energy.total"], "the components add up to the total")
  local dyn = 0
  for _, k in ipairs { "core", "rf", "l1", "l2", "icnt", "dram", "pf" } do dyn = dyn + c[k] end
  T.is(s["energy.dynamic"], dyn / 1e12, "energy.dynamic = the components but static")
  T.is(s["power.avg"], total / 1e12 / secs, "power.avg = energy.total / time")
  T.is(s["energy.pj_per_warp_insn"], total / s.warp_insns, "pJ per warp instruction")
  T.ok(s["power.peak"] >= s["power.avg"] * (1 - 1e-12), "peak power >= average power")
  -- the totals over two launches are the launches' sum
  run(g, 2)
  local t, l2 = g:stats().total, g:stats().last
  T.ok(math.abs(t["energy.total"] - (s["energy.total"] + l2["energy.total"])) <= 1e-12 * t["energy.total"],
       "two launches: the total is the sum of the launches")
  g:close()
end

-- Static energy alone: every dynamic price 0.
do
  local z = {}
  for k in pairs(PRICES) do
    if not k:match "^energy%.static" and k ~= "energy.dram.trefi" then z[k] = 0 end
  end
  local g = gpu(z)
  run(g, 1)
  local s = g:stats().last
  local _, _, watts, secs = expect(s, PRICES, M)
  T.is(s["energy.dynamic"], 0, "dynamic prices 0: no dynamic energy")
  T.is(s["energy.total"], watts * secs * 1e12 / 1e12, "then the total is static power x time exactly")
  T.is(s["power.avg"], s["energy.total"] / secs, "and the average power is the static power")
  g:close()
end

-- Directions.  Twice the traffic: more DRAM energy (about twice).
do
  local g1, g2 = gpu(), gpu()
  run(g1, 2)
  run(g2, 4)
  local e1, e2 = g1:stats().last["energy.dram"], g2:stats().last["energy.dram"]
  T.ok(e2 > 1.5 * e1, string.format("twice the DRAM traffic: DRAM energy %.3g J > 1.5 x %.3g J", e2, e1))
  g1:close()
  g2:close()
end

-- A launch that only waits longer: the same kernel with a DRAM latency of
-- 100 and of 5000 cycles does the same events (refreshes, which follow time,
-- priced 0 here) and takes longer: the difference is static energy alone.
do
  local g1 = gpu { ["energy.dram.ref"] = 0 }
  local g2 = gpu { ["energy.dram.ref"] = 0, ["dram.latency"] = 5000 }
  run(g1, 1, 1)
  run(g2, 1, 1)
  local a, b = g1:stats().last, g2:stats().last
  T.ok(b.cycles > a.cycles + 5000, "a slower memory takes longer (" .. a.cycles .. " -> " .. b.cycles .. " cycles)")
  T.is(b["energy.dynamic"], a["energy.dynamic"], "waiting costs no dynamic energy")
  local _, _, watts, secs = expect(b, PRICES, M)
  T.is(b["energy.static"], watts * secs * 1e12 / 1e12, "it costs static energy for its time")
  T.ok(b["power.avg"] < a["power.avg"], "so the average power falls")
  g1:close()
  g2:close()
end

-- Absent, never zero: a preset without prices (v100: energy.table=none).
do
  local g = ws.gpu { quiet = true, preset = "v100", ["sm.count"] = 1 }
  run(g, 1, 1)
  local s = g:stats()
  local any = false
  for name in pairs(s.total) do
    if name:match "^energy%." or name:match "^power%." then any = true end
  end
  T.ok(not any and s.total.warp_insns > 0, "v100 (no energy prices): no energy or power statistic at all")
  g:close()
  local g2 = ws.gpu { quiet = true, preset = "v100", ["sm.count"] = 1, ["energy.table"] = "gtx480" }
  run(g2, 1, 1)
  T.ok(g2:stats().total["energy.total"] > 0, "energy.table=gtx480 borrows the 40 nm prices explicitly")
  g2:close()
end

-- Bad input: each message names the key.
for _, case in ipairs {
  { "energy.l1d.hit", -1, "energy.l1d.hit" },
  { "energy.dram.rd", "abc", "energy.dram.rd" },
  { "energy.static.sm", 1e300, "energy.static.sm" },
  { "energy.dram.trefi", 0, "energy.dram.trefi" },
  { "energy.table", "gtx999", "energy.table" },
} do
  local ok, err = pcall(ws.gpu, { quiet = true, [case[1]] = case[2] })
  T.ok(not ok and tostring(err):find(case[3], 1, true),
       string.format("%s=%s is refused naming the key: %s", case[1], tostring(case[2]), tostring(err)))
end

-- The IRU's reordering hash (iru.enable) is priced in energy.pf like the
-- prefetch tables: energy.pf.sram x bits / 64 x sqrt(hash bytes / 8 KB),
-- an entry (32 slots of 80 bits) per read, a slot per write; the hash of
-- one partition is 960 / 6 sets x 32 slots x 10 bytes.
do
  local SRAM = 3
  local g = gpu{ ["iru.enable"] = true, ["iru.sets"] = 960, ["energy.pf.sram"] = SRAM }
  local k = g:load_ptx_text(HEAD .. [[
.visible .entry k(.param .u64 out)
{
  .reg .pred %p<2>;
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  load_iru.b32 %p1, %r1;
  mov.u32 %r2, %tid.x;
  ld.param.u64 %rd1, [out];
  mul.wide.u32 %rd2, %r2, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r1;
  ret;
}
]], "iru.ptx"):kernel("k")
  local tgt = g:array("u32", 256)
  local ind = {}
  for i = 1, 64 do ind[i] = (i * 7) % 256 end
  local idx = g:array("u32", ind)
  local out = g:array("u32", 64)
  g:configure_iru{ target = tgt, indices = idx, filter = "drop" }
  g:launch(k, { grid = 1, block = 64 }, out)
  local s = g:stats().last
  T.ok(s["iru.hash_reads"] > 0 and s["iru.hash_writes"] > 0,
       ("IRU: the hash was read %d and written %d times"):format(s["iru.hash_reads"], s["iru.hash_writes"]))
  local c, total = expect(s, PRICES, M)
  local bytes = 960 // 6 * 32 * 80 // 8
  local rd = SRAM * (32 * 80) / 64.0 * math.sqrt(bytes / 8192.0)
  local wr = SRAM * 80 / 64.0 * math.sqrt(bytes / 8192.0)
  c.pf = 0 + (s["iru.hash_reads"] * rd + s["iru.hash_writes"] * wr)
  T.is(s["energy.pf"], c.pf / 1e12, "identity: energy.pf = the IRU hash's reads and writes x their price")
  total = 0
  for _, k2 in ipairs { "core", "rf", "l1", "l2", "icnt", "dram", "pf", "static" } do total = total + c[k2] end
  T.is(s["energy.total"], total / 1e12, "identity with the IRU: energy.total = the components' sum")
end

-- The MFF's SRAMs (mff.enable) are priced in energy.pf like the prefetch
-- tables (energy.pf.sram x bits / 64 x sqrt(bytes / 8 KB)): a job entry
-- (1,243 bits, 256 of them) per command; per lookup a Work Register (46
-- bits, 8,192) read and written, a Tag Unit entry (76 bits, 256) and a
-- 32-bit word of Line Data (20 x 128 B); a whole line of Line
-- Data per line read or written back.  Their leakage is the L2's per byte
-- (energy.static.l2 / 65536), for every unit (6 channels).
do
  local SRAM = 3
  local g = gpu{ ["mff.enable"] = true, ["energy.pf.sram"] = SRAM }
  local k = g:load_ptx_text(HEAD .. [[
.visible .entry k()
{
  .shared .align 4 .b8 sm[128];
  .reg .b32 %r<4>;
  mov.u32 %r1, %tid.x;
  shl.b32 %r2, %r1, 2;
  mov.u32 %r3, sm;
  add.u32 %r3, %r3, %r2;
  pc_gather.b32 [%r3], %r1, 1;
  pc_wait;
  ret;
}
]], "mff.ptx"):kernel("k")
  local cv = {}
  for i = 1, 64 do cv[i] = (i * 5) % 64 end
  g:configure_mff{ c = g:array("u32", cv), v = g:array("u32", 64) }
  g:launch(k, { grid = 1, block = 32 })
  local s = g:stats().last
  T.is(s["mff.lookups"], 64, "MFF: 64 lookups (32 C, 32 V)")
  local c, total, watts, secs = expect(s, PRICES, M)
  local function price(bits, bytes) return SRAM * bits / 64.0 * math.sqrt(bytes / 8192.0) end
  local job = price(1243, 39776)
  local reg = price(46, 47104)
  local tag = price(76, 2432)
  local word = price(32, 2560)
  local line = price(128 * 8, 2560)
  c.pf = 0 + s["mff.commands"] * job + s["mff.lookups"] * (2 * reg + tag + word) +
    (s["mff.lines_c"] + s["mff.lines_v"] + s["mff.lines_bv"] + s["mff.lines_written"]) * line
  T.is(s["energy.pf"], c.pf / 1e12, "identity: energy.pf = the MFF's SRAM accesses x their price")
  local mw = watts + PRICES["energy.static.l2"] / 65536.0 * (39776 + 47104 + 2432 + 2560) * 6
  c.static = mw * secs * 1e12
  T.is(s["energy.static"], c.static / 1e12, "identity: static power includes the MFF's SRAM leakage")
  total = 0
  for _, k2 in ipairs { "core", "rf", "l1", "l2", "icnt", "dram", "pf", "static" } do total = total + c[k2] end
  T.is(s["energy.total"], total / 1e12, "identity with the MFF: energy.total = the components' sum")
end

T.done()
