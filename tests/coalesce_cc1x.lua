-- coalesce_cc1x.lua: the requests one warp's loads and stores make under
-- each coalesce.arch, counted exactly in mem.transactions.* on the g80-mtp
-- machine (compute capability 1.1: its coalesce.arch is 1.1), and the bytes
-- DRAM moves for them (a 32-byte transaction moves 32 bytes).  The rules
-- (CUDA C Programming Guide 4.2, Appendix F.3.2) are checked pattern by
-- pattern in t_coalesce.c; here they run through the LD/ST unit.
local T = require "tap"
local ws = require "warpscope"

-- ld4(a, out, stride, xor, off, skip): lanes with (tid & skip) != 0 return;
-- the others load the 32-bit word a[off + ((tid * stride) ^ xor) * 4 bytes]
-- and store it to out[tid].
-- ld1: out[tid] = the byte a[tid];  ld8: out8[tid] = a8[tid];
-- ld16: out[tid] = the sum of the 4 words of a16[tid] (one v4 load);
-- loc: a local word written and read back (the local interleaving: lane
-- l's word beside lane l-1's), then stored to out[tid].
local PTX = [[
.version 7.0
.target sm_50
.address_size 64
.visible .entry ld4(.param .u64 a, .param .u64 out, .param .u32 stride, .param .u32 x,
                    .param .u32 off, .param .u32 skip)
{
  .reg .b32 %r<12>;
  .reg .b64 %rd<8>;
  .reg .pred %p<2>;
  ld.param.u64 %rd1, [a];
  ld.param.u64 %rd2, [out];
  ld.param.u32 %r2, [stride];
  ld.param.u32 %r3, [x];
  ld.param.u32 %r4, [off];
  ld.param.u32 %r5, [skip];
  cvta.to.global.u64 %rd1, %rd1;
  cvta.to.global.u64 %rd2, %rd2;
  mov.u32 %r1, %tid.x;
  and.b32 %r6, %r1, %r5;
  setp.ne.u32 %p1, %r6, 0;
  @%p1 bra DONE;
  mul.lo.u32 %r7, %r1, %r2;
  xor.b32 %r7, %r7, %r3;
  shl.b32 %r7, %r7, 2;
  add.u32 %r7, %r7, %r4;
  cvt.u64.u32 %rd3, %r7;
  add.s64 %rd4, %rd1, %rd3;
  ld.global.u32 %r8, [%rd4];
  mul.wide.u32 %rd5, %r1, 4;
  add.s64 %rd6, %rd2, %rd5;
  st.global.u32 [%rd6], %r8;
DONE:
  ret;
}
.visible .entry ld1(.param .u64 a, .param .u64 out)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [a];
  ld.param.u64 %rd2, [out];
  cvta.to.global.u64 %rd1, %rd1;
  cvta.to.global.u64 %rd2, %rd2;
  mov.u32 %r1, %tid.x;
  cvt.u64.u32 %rd3, %r1;
  add.s64 %rd4, %rd1, %rd3;
  ld.global.u8 %r2, [%rd4];
  mul.wide.u32 %rd5, %r1, 4;
  add.s64 %rd6, %rd2, %rd5;
  st.global.u32 [%rd6], %r2;
  ret;
}
.visible .entry ld8(.param .u64 a, .param .u64 out)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [a];
  ld.param.u64 %rd2, [out];
  cvta.to.global.u64 %rd1, %rd1;
  cvta.to.global.u64 %rd2, %rd2;
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd3, %r1, 8;
  add.s64 %rd4, %rd1, %rd3;
  ld.global.u64 %rd5, [%rd4];
  add.s64 %rd6, %rd2, %rd3;
  st.global.u64 [%rd6], %rd5;
  ret;
}
.visible .entry ld16(.param .u64 a, .param .u64 out)
{
  .reg .b32 %r<10>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [a];
  ld.param.u64 %rd2, [out];
  cvta.to.global.u64 %rd1, %rd1;
  cvta.to.global.u64 %rd2, %rd2;
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd3, %r1, 16;
  add.s64 %rd4, %rd1, %rd3;
  ld.global.v4.u32 {%r2, %r3, %r4, %r5}, [%rd4];
  add.u32 %r6, %r2, %r3;
  add.u32 %r6, %r6, %r4;
  add.u32 %r6, %r6, %r5;
  mul.wide.u32 %rd5, %r1, 4;
  add.s64 %rd6, %rd2, %rd5;
  st.global.u32 [%rd6], %r6;
  ret;
}
.visible .entry loc(.param .u64 a, .param .u64 out)
{
  .local .align 4 .b8 buf[16];
  .reg .b32 %r<4>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd2, [out];
  cvta.to.global.u64 %rd2, %rd2;
  mov.u32 %r1, %tid.x;
  st.local.u32 [buf], %r1;
  ld.local.u32 %r2, [buf];
  mul.wide.u32 %rd5, %r1, 4;
  add.s64 %rd6, %rd2, %rd5;
  st.global.u32 [%rd6], %r2;
  ret;
}
]]

local N = 1024
local init = {}
for i = 1, N do init[i] = i * 7 end

-- One warp of kernel `name` on one SM of g80-mtp with coalesce.arch = arch
-- (nil: the preset's) and opts; returns the totals and whether out holds
-- what the CPU computes.
local function run(arch, name, p, opts)
  p = p or {}
  local o = { quiet = true, preset = "g80-mtp", ["sm.count"] = 1, ["pf.policy"] = "none" }
  if arch then o["coalesce.arch"] = arch end
  for k, v in pairs(opts or {}) do o[k] = v end
  local gpu = ws.gpu(o)
  local k = gpu:load_ptx_text(PTX, "coalesce_cc1x.ptx"):kernel(name)
  local a = gpu:array("i32", init, { name = "a" })
  local out = gpu:array("i32", 64, { name = "out" })
  T.ok(a.addr % 256 == 0 and out.addr % 256 == 0, "the arrays are 256-byte aligned")
  if name == "ld4" then
    gpu:launch(k, { grid = 1, block = 32 }, a, out, p.stride or 1, p.xor or 0, p.off or 0, p.skip or 0)
  else
    gpu:launch(k, { grid = 1, block = 32 }, a, out)
  end
  local good = true
  for t = 0, 31 do
    local want
    if name == "ld4" then
      if (t & (p.skip or 0)) ~= 0 then goto next end
      local byte = (p.off or 0) + (((t * (p.stride or 1)) ~ (p.xor or 0)) * 4)
      want = init[byte // 4 + 1]
    elseif name == "ld1" then
      want = init[t // 4 + 1] >> (8 * (t % 4)) & 0xff
    elseif name == "ld8" then
      want = init[2 * t + 1]
    elseif name == "ld16" then
      want = init[4 * t + 1] + init[4 * t + 2] + init[4 * t + 3] + init[4 * t + 4]
    else
      want = t
    end
    if name == "ld8" then
      if out[2 * t] ~= want or out[2 * t + 1] ~= init[2 * t + 2] then good = false end
    elseif out[t] ~= want then
      good = false
    end
    ::next::
  end
  local s = gpu:stats().total
  gpu:close()
  return s, good
end

local function txns(s)
  return ("%d/%d/%d/%d/%d"):format(s["mem.transactions.32"], s["mem.transactions.64"], s["mem.transactions.96"],
    s["mem.transactions.128"], s["mem.transactions.other"])
end

-- Each case: kernel, parameters, and per arch the transactions of the warp
-- as "32/64/96/128/other" counts, the store's included (out[tid], 4-byte
-- words: 1.1 and 1.3 two 64 B transactions, fermi one 128 B; ld8 stores
-- 8-byte words: two 128 B everywhere).
local cases = {
  -- sequential 4-byte words
  { "seq", "ld4", {}, { ["1.1"] = "0/4/0/0/0", ["1.3"] = "0/4/0/0/0", fermi = "0/0/0/2/0",
    sector = "8/0/0/0/0" } },
  -- neighbours swapped (tid ^ 1): 1.1 one 32 B transaction per lane
  { "permuted", "ld4", { xor = 1 }, { ["1.1"] = "32/2/0/0/0", ["1.3"] = "0/4/0/0/0", fermi = "0/0/0/2/0" } },
  -- every other word: bytes [0,256): 1.3 one 128 B per half-warp
  { "stride 2", "ld4", { stride = 2 }, { ["1.1"] = "32/2/0/0/0", ["1.3"] = "0/2/0/2/0", fermi = "0/0/0/3/0" } },
  -- from byte 4: 1.3 128 B, then 64 B + 32 B (t_coalesce.c); fermi: lanes
  -- 0-30 in [0,128), all four sectors, lane 31 in sector 0 of [128,256)
  { "misaligned", "ld4", { off = 4 }, { ["1.1"] = "32/2/0/0/0", ["1.3"] = "1/3/0/1/0", fermi = "1/0/0/2/0" } },
  -- one float of a 12-byte struct: 1.3 128 + 64, 64 + 128; fermi 3 x 128
  { "12 B stride", "ld4", { stride = 3 }, { ["1.1"] = "32/2/0/0/0", ["1.3"] = "0/4/0/2/0", fermi = "0/0/0/4/0" } },
  -- odd lanes return: 1.1 still one 64 B per half-warp (load and store)
  { "odd lanes off", "ld4", { skip = 1 }, { ["1.1"] = "0/4/0/0/0", ["1.3"] = "0/4/0/0/0", fermi = "0/0/0/2/0" } },
  -- bytes: 1.1 never coalesces them; 1.3 one 32 B segment per half-warp;
  -- fermi one 32 B segment
  { "1 B words", "ld1", nil, { ["1.1"] = "32/2/0/0/0", ["1.3"] = "2/2/0/0/0", fermi = "1/0/0/1/0" } },
  { "8 B words", "ld8", nil, { ["1.1"] = "0/0/0/4/0", ["1.3"] = "0/0/0/4/0", fermi = "0/0/0/4/0" } },
  -- 16 B words: two 128 B per half-warp (fermi: four 128 B segments)
  { "16 B words", "ld16", nil, { ["1.1"] = "0/2/0/4/0", ["1.3"] = "0/2/0/4/0", fermi = "0/0/0/5/0" } },
  -- local: a store and a load of one interleaved word per lane, then the
  -- global store: 1.1 and 1.3 two 64 B each, fermi one 128 B each
  { "local", "loc", nil, { ["1.1"] = "0/6/0/0/0", ["1.3"] = "0/6/0/0/0", fermi = "0/0/0/3/0" } },
}

for _, c in ipairs(cases) do
  local label, kname, p, want = c[1], c[2], c[3], c[4]
  for _, arch in ipairs{ "1.1", "1.3", "fermi", "sector" } do
    if want[arch] then
      local s, good = run(arch, kname, p)
      T.ok(good, ("%s, %s: the result matches the CPU"):format(label, arch))
      T.is(txns(s), want[arch], ("%s, %s: transactions 32/64/96/128/other"):format(label, arch))
      local sum = 0
      for _, sz in ipairs{ "32", "64", "96", "128", "other" } do sum = sum + s["mem.transactions." .. sz] end
      T.is(sum, s["mem.accesses"], ("%s, %s: the transactions are mem.accesses"):format(label, arch))
    end
  end
end
-- 1.0 has 1.1's rules, 1.2 has 1.3's
T.is(txns(run("1.0", "ld4", { off = 4 })), "32/2/0/0/0", "1.0: as 1.1")
T.is(txns(run("1.2", "ld4", { off = 4 })), "1/3/0/1/0", "1.2: as 1.3")
-- g80-mtp itself coalesces as compute capability 1.1 (its 8800 GT)
T.is(txns(run(nil, "ld4", { off = 4 })), "32/2/0/0/0", "g80-mtp: compute capability 1.1")

-- What DRAM reads for the load (g80-mtp has no cache for data: every load
-- request goes to DRAM, unless it joins a read of its bytes in flight in the
-- SM's memory request queue, sm.mrq).  Besides the load, DRAM reads the
-- parameters' constant-cache lines and the code's lines: `extra`.
local function load_bytes(s)
  return s["dram.bytes_read"] - 64 * s["const.misses"] - 128 * s["l1i.misses"]
end
T.is(load_bytes(run("1.1", "ld4", {})), 128, "1.1, sequential: two 64 B transactions read 128 B")
-- 1.3 from byte 4: 128 B at 0, then 64 B at 64 and 32 B at 128; the 64 B
-- transaction's bytes are in the 128 B read in flight: it joins it
local m3 = run("1.3", "ld4", { off = 4 })
T.is(load_bytes(m3), 128 + 32, "1.3, from byte 4: 128 B + 32 B read (the 64 B transaction joins the 128 B read)")
T.is(m3["pf.merges"], 1, "1.3, from byte 4: one load transaction joins a read in flight")
T.is(load_bytes(run("1.3", "ld4", { off = 4 }, { ["sm.mrq"] = 0 })), 128 + 64 + 32,
  "1.3, from byte 4, sm.mrq=0: 128 + 64 + 32 B, as issued")
-- 1.1 from byte 4: one 32 B transaction per lane, bytes [4,132) in five
-- 32 B segments; with the MRQ the lanes after the first of each segment
-- join its read (5 reads), without it all 32 go to DRAM
local m1 = run("1.1", "ld4", { off = 4 })
T.is(load_bytes(m1), 5 * 32, "1.1, from byte 4: five 32 B segments read once each")
T.is(m1["pf.merges"], 27, "1.1, from byte 4: 27 of the 32 load transactions join a read in flight")
T.is(load_bytes(run("1.1", "ld4", { off = 4 }, { ["sm.mrq"] = 0 })), 32 * 32,
  "1.1, from byte 4, sm.mrq=0: 32 transactions of 32 B")
-- fermi: one request per 128 B segment, of the sectors it touches
T.is(load_bytes(run("fermi", "ld4", { off = 4 })), 128 + 32, "fermi, from byte 4: 128 B + 32 B")

-- an unknown value is refused, naming the allowed ones
local okv, msg = pcall(ws.gpu, { quiet = true, ["coalesce.arch"] = "1.4" })
T.ok(not okv and tostring(msg):find("'1.4' is not one of fermi|sector|1.0|1.1|1.2|1.3", 1, true),
  "coalesce.arch=1.4 is refused: " .. tostring(msg))
T.done()
