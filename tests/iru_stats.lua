-- iru_stats.lua: the IRU paper's statistics (A7) on hand-built kernels with
-- exact counts: the accesses-per-instruction histogram per kind of memory
-- instruction, the IRU's reply latency histogram and mean, hash peak, two
-- reply packets travelling as two messages, a remote secondary line carried
-- over the ring (issue 33).
local T = require "tap"
local ws = require "warpscope"

local PTX = [[
.version 7.0
.target sm_52
.address_size 64
.visible .entry acc(.param .u64 a, .param .u64 b, .param .u64 c)
{
  .reg .b32 %r<6>;
  .reg .b64 %rd<10>;
  mov.u32 %r1, %tid.x;
  ld.param.u64 %rd1, [a];
  ld.param.u64 %rd2, [b];
  ld.param.u64 %rd3, [c];
  mul.wide.u32 %rd4, %r1, 128;
  add.s64 %rd5, %rd1, %rd4;
  ld.global.u32 %r2, [%rd5];
  mul.wide.u32 %rd6, %r1, 4;
  add.s64 %rd7, %rd1, %rd6;
  ld.global.u32 %r3, [%rd7];
  add.u32 %r4, %r2, %r3;
  add.s64 %rd8, %rd2, %rd6;
  st.global.u32 [%rd8], %r4;
  atom.global.add.u32 %r5, [%rd3], 1;
  ret;
}
.visible .entry k(.param .u64 out, .param .u32 n)
{
  .reg .pred %p<3>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<4>;
  mov.u32 %r1, %tid.x;
  ld.param.u32 %r2, [n];
  setp.ge.u32 %p2, %r1, %r2;
  @%p2 bra DONE;
  load_iru.b32 %p1, %r3, %r4, %r5;
  selp.u32 %r6, 1, 0, %p1;
  ld.param.u64 %rd1, [out];
  mul.wide.u32 %rd2, %r1, 16;
  add.s64 %rd3, %rd1, %rd2;
  st.global.v4.u32 [%rd3], {%r3, %r4, %r5, %r6};
DONE:
  ret;
}
]]

local gpu = ws.gpu{ quiet = true, preset = "gtx980", ["iru.enable"] = true }
local m = gpu:load_ptx_text(PTX, "iru_stats.ptx")

-- 1. one warp: a load of 32 lines (stride 128 B), a load of one line (4
-- sectors: gtx980's coalescer makes a request per 32-byte sector), a store
-- of one line (4 sectors), an atomic on one word
local a = gpu:array("u32", 32 * 32, { name = "a" })
local b = gpu:array("u32", 32, { name = "b" })
local c = gpu:array("u32", 1, { name = "c" })
gpu:launch(m:kernel("acc"), { grid = 1, block = 32 }, a, b, c)
local st = gpu:stats()
local h = st.tables["mem.accesses_hist"]
T.is(h.load["32"], 1, "histogram: one load of 32 requests")
T.is(h.load["4"], 1, "histogram: one load of 4 requests")
local nl = 0
for k = 1, 32 do nl = nl + h.load[tostring(k)] end
T.is(nl, 2, "histogram: two loads in all")
T.is(h.store["4"], 1, "histogram: one store of 4 requests")
T.is(h.atomic["1"], 1, "histogram: one atomic of 1 request")
T.is(h.load_iru["1"], 0, "histogram: no load_iru")
T.is(st.total["mem.load_accesses_per_insn"], 18, "loads: (32 + 4) / 2 requests per instruction")
T.is(st.total["mem.store_accesses_per_insn"], 4, "stores: 4 requests per instruction")
T.is(st.total["mem.atomic_accesses_per_insn"], 1, "atomics: 1 request per instruction")
-- the same instructions counted in 128-byte blocks (the paper's coalescer):
-- 32, 1, 1 and 1
local lh = st.tables["mem.lines_hist"]
T.is(lh.load["32"], 1, "lines: one load touching 32 blocks")
T.is(lh.load["1"], 1, "lines: one load touching 1 block (4 sectors)")
T.is(lh.store["1"], 1, "lines: one store touching 1 block")
T.is(lh.atomic["1"], 1, "lines: one atomic touching 1 block")
T.is(st.total["mem.lines"], 35, "lines: 32 + 1 + 1 + 1 blocks")
T.is(st.total["mem.load_lines_per_insn"], 16.5, "lines: (32 + 1) / 2 blocks per load")
T.is(st.total["mem.lines_per_insn"], 8.75, "lines: 35 / 4 blocks per warp memory instruction")
T.is(c[0], 32, "the atomic added 32")

-- the partition of an address on gtx980 (dram.map dramid@8: 256-byte
-- chunks over 4 channels)
local function chan(addr) return (addr // 256) % 4 end

-- 2. load_iru with a secondary array in another partition: 32 indices of
-- one block, one request, one reply of two packets
local tgt = gpu:array("u32", 1024, { name = "target" })
local ind, sec = {}, {}
for i = 0, 31 do ind[i + 1] = 31 - i; sec[i + 1] = 100 + i end
local idx = gpu:array("u32", ind, { name = "idx" })
local pads, secA = 0, nil
repeat
  secA = gpu:array("u32", sec, { name = "sec" .. pads })
  pads = pads + 1
until chan(secA.addr) ~= chan(idx.addr) or pads > 8
local p, q = chan(idx.addr), chan(secA.addr)
T.ok(p ~= q and idx.addr % 128 == 0 and secA.addr % 128 == 0,
     ("indices in partition %d, secondaries in partition %d, both one line"):format(p, q))
local out = gpu:array("u32", 32 * 4, { name = "out" })
local before = gpu:stats().total
gpu:configure_iru{ target = tgt, elem_size = 4, indices = idx, secondary = secA, n = 32 }
gpu:launch(m:kernel("k"), { grid = 1, block = 32 }, out, 32)
local bad = 0
for l = 0, 31 do
  if out[4 * l] ~= 31 - l or out[4 * l + 1] ~= 100 + l or out[4 * l + 2] ~= l or out[4 * l + 3] ~= 1 then bad = bad + 1 end
end
T.is(bad, 0, "load_iru: lane l gets index 31-l, secondary 100+l, position l")
st = gpu:stats()
local s = st.total
h = st.tables["mem.accesses_hist"]
T.is(h.load_iru["1"], 1, "histogram: one load_iru, one request")
T.is(h.store["16"], 1, "histogram: the 16-byte stores of 32 lanes: one store of 16 requests (sectors)")
T.is(s["iru.replies"], 1, "one reply")
T.is(s["iru.reply_packets"], 2, "two reply packets")
T.is(s["iru.leave_n"], 1, "one reply left its partition")
T.is(s["iru.hash_peak"], 32, "hash peak: 32 elements")
T.is(s["iru.pf_remote"], 1, "the secondary line is another partition's")
local hopsn = (p - q) % 4
T.is(s["iru.remote_hops"], 32 * hopsn, ("remote line: 32 words x %d hops from partition %d to %d"):format(hopsn, q, p))
-- reply packets: 8-byte header + 192 (index, position) and 8 + 128
-- (secondaries), 40-byte flits: 5 + 4 flits, as two messages
-- the reply's two packets are two messages on the reply network: the
-- same launch without the secondary array sends one message fewer, and 4
-- flits fewer (8-byte header + 128 bytes of secondaries, 40-byte flits);
-- the index packet (8 + 192 bytes) is 5 flits either way
local d2 = { s["icnt.rep.packets"] - before["icnt.rep.packets"], s["icnt.rep.flits"] - before["icnt.rep.flits"] }
before = s
gpu:configure_iru{ target = tgt, elem_size = 4, indices = idx, n = 32 }
gpu:launch(m:kernel("k"), { grid = 1, block = 32 }, out, 32)
local s1 = gpu:stats().total
local d1 = { s1["icnt.rep.packets"] - before["icnt.rep.packets"], s1["icnt.rep.flits"] - before["icnt.rep.flits"] }
T.is(d2[1] - d1[1], 1, "reply network: with a secondary array one message more")
T.is(d2[2] - d1[2], 4, "reply network: the secondary packet's 4 flits")
T.is(s1["iru.reply_packets"] - s["iru.reply_packets"], 1, "without a secondary array: one packet")
-- the request reached its partition after the entry was full: replied and
-- left in the cycle it arrived
local lat = st.tables["iru.reply_latency"]
local n, zero = 0, 0
for ch = 0, 3 do
  for _, v in pairs(lat["chan" .. ch]) do n = n + v end
  zero = zero + lat["chan" .. ch]["0"]
end
T.is(n, 1, "latency histogram: one reply")
T.is(zero, 1, "latency histogram: in bucket 0")
T.is(s["iru.leave_sum"], 0, "latency 0 cycles")
T.is(s["iru.reply_latency"], 0, "mean latency 0")

-- 3. the end-of-stream merge across partitions: 32 elements, 8 in each of
-- 4 consecutive blocks (one per partition: the sets are interleaved), and
-- one 32-lane request: its partition replies with its 8 and the others' 24,
-- which travel the ring 3, 2 and 1 hops to it (48 element-hops); during the
-- stream the same 24 went from the partition that read the index line to
-- their owners: 48 element-hops more on the ring
local b0 = tgt.addr // 128
local first = (b0 + 3) // 4 * 4             -- a block number divisible by 4
local ind3 = {}
for j = 0, 3 do
  for t = 0, 7 do ind3[#ind3 + 1] = ((first + j) * 128 - tgt.addr) // 4 + t end
end
local idx3 = gpu:array("u32", ind3, { name = "idx3" })
before = gpu:stats().total
gpu:configure_iru{ target = tgt, elem_size = 4, indices = idx3, n = 32 }
gpu:launch(m:kernel("k"), { grid = 1, block = 32 }, out, 32)
s = gpu:stats().total
local seen, ok3 = {}, true
for l = 0, 31 do
  local p3 = out[4 * l + 2]
  if out[4 * l + 3] ~= 1 or ind3[p3 + 1] ~= out[4 * l] or seen[p3] then ok3 = false end
  seen[p3] = true
end
T.ok(ok3, "merge: every lane gets one element, each position once")
T.is(s["iru.flush_replies"] - before["iru.flush_replies"], 1, "merge: one reply at the end of the stream")
T.is(s["iru.merge_hops"] - before["iru.merge_hops"], 48, "merge: 8 x 3 + 8 x 2 + 8 x 1 element-hops")
T.is(s["iru.ring_flits"] - before["iru.ring_flits"], 96, "ring: 48 during the stream + 48 for the merge")
T.ok(s["iru.leave_sum"] - before["iru.leave_sum"] >= 26,
     "merge: the reply left at least 3 hops + 24 elements - 1 = 26 cycles after its request arrived ("
     .. (s["iru.leave_sum"] - before["iru.leave_sum"]) .. ")")

-- 4. the same merge on a ring with links both ways (iru.ring bi): each
-- element goes the shorter way (a tie, two hops, forward), so the three
-- others are 1, 2 and 1 hops away: 32 element-hops for the merge and 32
-- during the stream, of them 8 + 8 backwards
local gb = ws.gpu{ quiet = true, preset = "gtx980", ["iru.enable"] = true, ["iru.ring"] = "bi" }
local mb = gb:load_ptx_text(PTX, "iru_stats.ptx")
local tgtb = gb:array("u32", 4096, { name = "tgt" })
local ind4, fb = {}, (tgtb.addr // 128 + 3) // 4 * 4
for j = 0, 3 do
  for t = 0, 7 do ind4[#ind4 + 1] = ((fb + j) * 128 - tgtb.addr) // 4 + t end
end
local idx4 = gb:array("u32", ind4, { name = "idx4" })
local outb = gb:array("u32", 4 * 32, { name = "out" })
gb:configure_iru{ target = tgtb, elem_size = 4, indices = idx4, n = 32 }
gb:launch(mb:kernel("k"), { grid = 1, block = 32 }, outb, 32)
local sb = gb:stats().total
local seen4, ok4 = {}, true
for l = 0, 31 do
  local p4 = outb[4 * l + 2]
  if outb[4 * l + 3] ~= 1 or ind4[p4 + 1] ~= outb[4 * l] or seen4[p4] then ok4 = false end
  seen4[p4] = true
end
T.ok(ok4, "both ways: every lane gets one element, each position once")
T.is(sb["iru.flush_replies"], 1, "both ways: one reply at the end of the stream")
T.is(sb["iru.merge_hops"], 32, "both ways: merge 8 x 1 + 8 x 2 + 8 x 1 element-hops")
T.is(sb["iru.ring_flits"], 64, "both ways: ring 32 during the stream + 32 for the merge")
T.is(sb["iru.ring_flits_back"], 16, "both ways: 8 + 8 of them backwards")
T.ok(sb["iru.leave_sum"] >= 17 and sb["iru.leave_sum"] < 26,
     "both ways: the merge's reply left at least 2 hops + 16 elements - 1 = 17 cycles after its request, "
     .. "sooner than one way's 26 (" .. sb["iru.leave_sum"] .. ")")
T.done()
