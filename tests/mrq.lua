-- mrq.lua: the memory request queue of an SM without an L1 (sm.mrq, MTP
-- Sec. II-B): reads of bytes a read of the same SM is already fetching join
-- it (intra-core merges, counted in pf.merges / pf.requests), the queue's
-- bound stalls the LD/ST unit (lg_throttle.mshr_full), a PTX prefetch of a
-- line a demand is fetching is dropped (pf.dropped.pending), and a machine
-- with an L1 is untouched by the option.  Hand-counted on one warp, one SM.
local T = require "tap"
local ws = require "warpscope"

-- three(a, out): out[t] = a[3t] + a[3t+1] + a[3t+2] (32-bit words; the
-- three loads issue back to back).  One warp reads bytes 0..383 of a: each
-- load makes 3 requests (lines 0, 1, 2 with all four 32-byte sectors: the
-- lanes' words are 12 bytes apart), so 9 requests for 3 lines.
-- pfafter(a, out): out[t] = a[t] + 1 after a PTX prefetch of a[t]'s line
-- issued while the load of that line is in flight.
-- pfbefore(a, out): the prefetch first, then the load (it joins the prefetch
-- in flight in the prefetch cache: a late prefetch).
local PTX = [[
.version 7.0
.target sm_50
.address_size 64
.visible .entry three(.param .u64 a, .param .u64 out)
{
  .reg .b32 %r<8>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [a];
  ld.param.u64 %rd2, [out];
  cvta.to.global.u64 %rd1, %rd1;
  cvta.to.global.u64 %rd2, %rd2;
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd3, %r1, 12;
  add.s64 %rd4, %rd1, %rd3;
  ld.global.u32 %r2, [%rd4];
  ld.global.u32 %r3, [%rd4+4];
  ld.global.u32 %r4, [%rd4+8];
  add.u32 %r5, %r2, %r3;
  add.u32 %r5, %r5, %r4;
  mul.wide.u32 %rd5, %r1, 4;
  add.s64 %rd6, %rd2, %rd5;
  st.global.u32 [%rd6], %r5;
  ret;
}
.visible .entry pfafter(.param .u64 a, .param .u64 out)
{
  .reg .b32 %r<8>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [a];
  ld.param.u64 %rd2, [out];
  cvta.to.global.u64 %rd1, %rd1;
  cvta.to.global.u64 %rd2, %rd2;
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd3, %r1, 4;
  add.s64 %rd4, %rd1, %rd3;
  ld.global.u32 %r2, [%rd4];
  add.u32 %r6, %r1, 7;
  add.u32 %r6, %r6, 9;
  prefetch.global.L1 [%rd4];
  add.u32 %r5, %r2, 1;
  add.s64 %rd6, %rd2, %rd3;
  st.global.u32 [%rd6], %r5;
  ret;
}
.visible .entry pfbefore(.param .u64 a, .param .u64 out)
{
  .reg .b32 %r<8>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [a];
  ld.param.u64 %rd2, [out];
  cvta.to.global.u64 %rd1, %rd1;
  cvta.to.global.u64 %rd2, %rd2;
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd3, %r1, 4;
  add.s64 %rd4, %rd1, %rd3;
  prefetch.global.L1 [%rd4];
  add.u32 %r6, %r1, 7;
  add.u32 %r6, %r6, 9;
  add.u32 %r6, %r6, 9;
  add.u32 %r6, %r6, 9;
  ld.global.u32 %r2, [%rd4];
  add.u32 %r5, %r2, 1;
  add.s64 %rd6, %rd2, %rd3;
  st.global.u32 [%rd6], %r5;
  ret;
}
.visible .entry pfwait(.param .u64 a, .param .u64 out)
{
  .reg .b32 %r<10>;
  .reg .b64 %rd<8>;
  .reg .pred %p<2>;
  ld.param.u64 %rd1, [a];
  ld.param.u64 %rd2, [out];
  cvta.to.global.u64 %rd1, %rd1;
  cvta.to.global.u64 %rd2, %rd2;
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd3, %r1, 4;
  add.s64 %rd4, %rd1, %rd3;
  prefetch.global.L1 [%rd4];
  mov.u32 %r8, 0;
DL:
  setp.ge.u32 %p1, %r8, 300;
  @%p1 bra DD;
  add.u32 %r8, %r8, 1;
  bra DL;
DD:
  ld.global.u32 %r2, [%rd4];
  ld.global.u32 %r3, [%rd4];
  add.u32 %r5, %r2, %r3;
  add.s64 %rd6, %rd2, %rd3;
  st.global.u32 [%rd6], %r5;
  ret;
}
]]

local init = {}
for i = 1, 96 do init[i] = i * 7 end

-- The counts below were made by hand with the Fermi coalescer (one request
-- per 128-byte line, all its sectors for these loads), so every run keeps
-- coalesce.arch=fermi; g80-mtp's own coalescer (compute capability 1.1
-- since b617c95: a 12-byte stride is one 32-byte request per lane) merges
-- in the MRQ as tests/coalesce_cc1x.lua counts.
local FERMI = "fermi"

-- Kernel `name` on one SM of `preset` with opts; returns the totals and
-- whether out matches the CPU.
local function run(name, preset, opts)
  local o = { quiet = true, preset = preset, ["sm.count"] = 1, ["coalesce.arch"] = FERMI }
  for k, v in pairs(opts or {}) do o[k] = v end
  local gpu = ws.gpu(o)
  local k = gpu:load_ptx_text(PTX, "mrq.ptx"):kernel(name)
  local a = gpu:array("i32", init, { name = "a" })
  local out = gpu:array("i32", 32, { name = "out" })
  gpu:launch(k, { grid = 1, block = 32 }, a, out)
  local good = true
  for t = 0, 31 do
    local want = name == "three" and init[3 * t + 1] + init[3 * t + 2] + init[3 * t + 3]
      or name == "pfwait" and 2 * init[t + 1] or init[t + 1] + 1
    if out[t] ~= want then good = false end
  end
  local s = gpu:stats().total
  gpu:close()
  return s, good
end

-- 1. three loads of the same 3 lines: 3 go down, the 6 others merge
local s, good = run("three", "g80-mtp")
T.ok(good, "three: the result matches the CPU")
T.is(s["mem.load_accesses"], 9, "three: 9 read requests (3 loads x 3 lines)")
T.is(s["pf.requests"], 10, "three: 10 requests looked up (9 reads, 1 store)")
T.is(s["pf.merges"], 6, "three: the second and third loads' 6 requests merge (intra-core)")
T.is(s["pf.merge_ratio"], 6 / 10, "three: merge ratio 6/10 (MTP eq. 6)")
T.is(s["pf.demand_misses"], 3, "three: 3 demand misses")
T.is(s["mem.latency_n.l1_pending"], 6, "three: 6 requests served by another request's data")
-- (the kernel parameters add constant-cache misses to DRAM, and the
-- kernel's code its instruction-cache misses: `extra`)
local extra = s["dram.bytes_read"] - 384
T.is(extra, 64 * s["const.misses"] + 128 * s["l1i.misses"],
     ("three: DRAM reads the 384 bytes once (+%d B: the parameters' constant-cache line, the code's lines)"):format(extra))
T.is(s["stall.lg_throttle.mshr_full"], 0, "three: the 64-entry MRQ never fills")
local s0, good0 = run("three", "g80-mtp", { ["sm.mrq"] = 0 })
T.ok(good0, "three, sm.mrq=0: the result matches the CPU")
T.is(s0["pf.merges"], 0, "three, sm.mrq=0: no merges")
T.is(s0["mem.latency_n.dram"] - s["mem.latency_n.dram"], 6, "three, sm.mrq=0: 6 more requests served by DRAM")
T.is(s0["dram.bytes_read"], 3 * 384 + extra, "three, sm.mrq=0: DRAM reads the lines 3 times")
T.ok(s.cycles < s0.cycles, ("three: merging is faster (%d vs %d cycles)"):format(s.cycles, s0.cycles))
local l1p = s["mem.latency_sum.l1_pending"] / 6
T.ok(l1p > 0 and l1p <= s["mem.latency_sum.dram"] / 3,
  ("three: a merged read waits at most as long as the one it joined (%.1f cycles)"):format(l1p))

-- 2. a one-entry MRQ: each request waits for the previous one's reply
-- (lines 0 1 2 0 1 2 0 1 2: the one in flight is never the same line)
local s1, good1 = run("three", "g80-mtp", { ["sm.mrq"] = 1 })
T.ok(good1, "three, sm.mrq=1: the result matches the CPU")
T.is(s1["pf.merges"], 0, "three, sm.mrq=1: no merges")
T.is(s1["dram.bytes_read"], 3 * 384 + extra, "three, sm.mrq=1: every request goes to DRAM")
T.ok(s1["stall.lg_throttle.mshr_full"] > 0,
  ("three, sm.mrq=1: the full MRQ stalls the LD/ST unit (%d warp-cycles lg_throttle.mshr_full)"):format(
  s1["stall.lg_throttle.mshr_full"]))
-- three entries: the first load's requests take them, the others merge
local s3 = run("three", "g80-mtp", { ["sm.mrq"] = 3 })
T.is(s3["pf.merges"], 6, "three, sm.mrq=3: 6 merges")
T.is(s3["stall.lg_throttle.mshr_full"], 0, "three, sm.mrq=3: merges need no entry")

-- 3. a prefetch of a line a demand is fetching is dropped; before the fix
-- (sm.mrq=0) it was fetched again
local sa, gooda = run("pfafter", "g80-mtp")
T.ok(gooda, "pfafter: the result matches the CPU")
T.is(sa["pf.generated"], 1, "pfafter: one prefetch generated (one line)")
T.is(sa["pf.dropped.pending"], 1, "pfafter: dropped as pending: the demand is fetching its line")
T.is(sa["pf.issued"], 0, "pfafter: nothing issued")
T.is(sa["dram.bytes_read"], 128 + extra, "pfafter: the line is read once")
local sa0 = run("pfafter", "g80-mtp", { ["sm.mrq"] = 0 })
T.is(sa0["pf.issued"], 1, "pfafter, sm.mrq=0: the prefetch is issued")
T.is(sa0["dram.bytes_read"], 256 + extra, "pfafter, sm.mrq=0: the line is read twice")
-- ... and a demand for a line being prefetched joins the prefetch (late)
local sb, goodb = run("pfbefore", "g80-mtp")
T.ok(goodb, "pfbefore: the result matches the CPU")
T.is(sb["pf.issued"], 1, "pfbefore: the prefetch is issued")
T.is(sb["pf.late"], 1, "pfbefore: the demand joins it in flight (late)")
T.is(sb["pf.merges"], 1, "pfbefore: one intra-core merge")
T.is(sb["mem.latency_n.pfc"], 1, "pfbefore: the demand is served by the prefetch cache's fill")
T.is(sb["dram.bytes_read"], 128 + 64 * sb["const.misses"] + 128 * sb["l1i.misses"],
     "pfbefore: the line is read once (+ the parameters' and the code's lines)")
T.is(sb["dram.promoted"], 1, "pfbefore: the prefetch the demand waits for is served at demand priority")

-- 5. MTAML (eqs. 1-4) from the counters; P(pref_hit) = demand requests
-- served by prefetched data / demand requests
local function near(a, b) return math.abs(a - b) <= 1e-9 * math.max(1, math.abs(b)) end
local function mtaml_check(st, label, simd_cycles)
  local mem, n, w = st["mem.insns"], st["warp_insns"], st["warps_active"]
  local m1 = (w > 1 and mem > 0) and (n - mem) / mem * (w - 1) or 0
  T.ok(near(st.mtaml, m1), ("%s: mtaml = comp/mem x (warps - 1) = %.4f"):format(label, m1))
  T.is(st["warp_insn_cycles"], simd_cycles * n, ("%s: warp_insn_cycles = %d x warp_insns"):format(label, simd_cycles))
  T.ok(near(st.mtaml_cycles, simd_cycles * m1), ("%s: mtaml_cycles = %d x mtaml"):format(label, simd_cycles))
  local p = st["pf.pref_hit"]
  local m2 = (w > 1 and mem > 0) and (n - mem + p * mem) / ((1 - p) * mem) * (w - 1) or 0
  T.ok(near(st.mtaml_pref, m2), ("%s: mtaml_pref = (comp + P mem) / ((1 - P) mem) x (warps - 1) = %.4f"):format(label, m2))
end
-- the prefetch arrives before two loads of its line: both hit the prefetch
-- cache (2 of the 3 demand requests: 2 loads, 1 store); the old P counted
-- the line's first use only (useful + late = 1 of 3)
local sw, goodw = run("pfwait", "g80-mtp")
T.ok(goodw, "pfwait: the result matches the CPU")
T.is(sw["mem.accesses"], 3, "pfwait: 3 demand requests")
T.is(sw["pf.pfc_hits"], 2, "pfwait: 2 prefetch-cache hits")
T.is(sw["pf.useful"], 1, "pfwait: 1 useful prefetch")
T.is(sw["pf.pref_hit"], 2 / 3, "pfwait: P(pref_hit) = 2/3")
mtaml_check(sw, "pfwait g80-mtp", 4)
-- a demand joining the prefetch in flight is served by prefetched data too
T.is(sb["pf.pref_hit"], 1 / 2, "pfbefore: P(pref_hit) = 1/2 (1 of 2 demand requests joined the prefetch)")
mtaml_check(sb, "pfbefore g80-mtp", 4)
-- into L1 (pf.dest=l1): the first use of the prefetched line counts, the
-- second load is an ordinary L1 hit
local sl, goodl = run("pfwait", "gtx480")
T.ok(goodl, "pfwait gtx480: the result matches the CPU")
T.is(sl["pf.pfc_hits"], 0, "pfwait gtx480: no prefetch cache")
T.is(sl["pf.useful"], 1, "pfwait gtx480: 1 useful prefetch")
T.is(sl["pf.pref_hit"], 1 / 3, "pfwait gtx480: P(pref_hit) = 1/3")
mtaml_check(sl, "pfwait gtx480", 1)
-- several warps (block of 256 threads), so that MTAML is not 0
local function run_wide(preset, kname)
  local gpu = ws.gpu{ quiet = true, preset = preset, ["sm.count"] = 1, ["coalesce.arch"] = FERMI }
  local k = gpu:load_ptx_text(PTX, "mrq.ptx"):kernel(kname or "three")
  local big = {}
  for i = 1, 3 * 256 do big[i] = i end
  local a = gpu:array("i32", big, { name = "a" })
  local out = gpu:array("i32", 256, { name = "out" })
  gpu:launch(k, { grid = 1, block = 256 }, a, out)
  local st = gpu:stats().total
  gpu:close()
  return st
end
local w8 = run_wide("g80-mtp")
T.ok(w8.mtaml > 0, ("three, 8 warps, g80-mtp: MTAML %.2f warp instructions"):format(w8.mtaml))
mtaml_check(w8, "three, 8 warps, g80-mtp", 4)
mtaml_check(run_wide("gtx480"), "three, 8 warps, gtx480", 1)
local p8 = run_wide("g80-mtp", "pfwait")
T.is(p8["pf.pfc_hits"] .. "/" .. p8["pf.useful"] .. "/" .. p8["mem.accesses"], "16/8/24",
  "pfwait, 8 warps: 16 prefetch-cache hits, 8 useful prefetches, 24 demand requests")
T.is(p8["pf.pref_hit"], 2 / 3, "pfwait, 8 warps: P(pref_hit) = 16/24")
T.ok(p8.mtaml_pref > p8.mtaml, ("pfwait, 8 warps: MTAML with prefetching %.2f > %.2f"):format(p8.mtaml_pref, p8.mtaml))
mtaml_check(p8, "pfwait, 8 warps, g80-mtp", 4)

-- 6. with an L1 the option changes nothing (the L1's MSHRs merge)
for _, kname in ipairs{ "three", "pfafter" } do
  local a = run(kname, "gtx480")
  local b = run(kname, "gtx480", { ["sm.mrq"] = 0 })
  local same, diff = true, nil
  for key, v in pairs(a) do
    if type(v) == "number" and v ~= b[key] and not (v ~= v and b[key] ~= b[key]) then same, diff = false, key end
  end
  T.ok(same, ("gtx480 %s: sm.mrq=0 and the default give the same statistics%s"):format(kname,
    diff and (" (differs: " .. diff .. ")") or ""))
end

-- g80-mtp has no L2: its geometry options are not checked (they used to be,
-- when the memory system was built, after the options had passed)
local ok, msg = pcall(ws.gpu, { quiet = true, preset = "g80-mtp", ["l2.size"] = 256 })
T.ok(ok, "g80-mtp with l2.size=256: the disabled L2's geometry does not matter" .. (ok and "" or ": " .. tostring(msg)))
if ok then msg:close() end
T.done()
