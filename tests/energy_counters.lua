-- energy_counters.lua: the event counters an energy model prices (issue
-- [Energy], part 1), on hand-built kernels whose counts are known exactly:
-- warp instructions and active lanes per class (insn.*, lanes.*),
-- register-file operand reads and writes (rf.*), shared-memory bank
-- conflicts (shared.conflicts), the two networks' packets and flits
-- (icnt.*), DRAM bursts by direction, and the prefetcher's table events
-- (pf.table.*).  One SM, one warp.
local T = require "tap"
local ws = require "warpscope"

local HEAD = [[
.version 7.0
.target sm_50
.address_size 64
]]

-- Instruction by instruction: class, registers read (R) and written (W),
-- active lanes (32 unless said).
local MIX = HEAD .. [[
.visible .entry mix(.param .u64 a, .param .u64 b)
{
  .reg .pred %p<2>;
  .reg .b32 %r<8>;
  .reg .f32 %f<8>;
  .reg .f64 %fd<4>;
  .reg .b64 %rd<6>;
  ld.param.u64 %rd1, [a];             // ldst    R0 W1
  ld.param.u64 %rd4, [b];             // ldst    R0 W1
  cvta.to.global.u64 %rd1, %rd1;      // int     R1 W1
  cvta.to.global.u64 %rd4, %rd4;      // int     R1 W1
  mov.u32 %r1, %tid.x;                // int     R0 W1 (a special register is not a GPR)
  add.s32 %r2, %r1, 1;                // int     R1 W1
  add.s32 %r3, %r2, %r1;              // int     R2 W1
  mov.f32 %f1, 0f3F800000;            // fp32    R0 W1
  fma.rn.f32 %f2, %f1, %f1, %f1;      // fp32    R3 W1
  fma.rn.f32 %f3, %f2, %f1, %f2;      // fp32    R3 W1
  cvt.f64.f32 %fd1, %f3;              // fp64    R1 W1
  add.f64 %fd2, %fd1, %fd1;           // fp64    R2 W1
  sin.approx.f32 %f4, %f3;            // sfu     R1 W1
  setp.lt.u32 %p1, %r1, 16;           // int     R1 W0 (a predicate is not a GPR)
  @%p1 bra SKIP;                      // branch  R0 W0 (nor is the guard)
  add.s32 %r3, %r3, 7;                // int     R1 W1, 16 lanes
SKIP:
  cvt.rzi.s32.f32 %r4, %f4;           // fp32    R1 W1 (cvt with a float side: the float's class)
  mul.wide.u32 %rd2, %r1, 4;          // int     R1 W1
  add.s64 %rd3, %rd1, %rd2;           // int     R2 W1
  ld.global.u32 %r5, [%rd3];          // ldst    R1 W1
  add.s32 %r6, %r5, %r3;              // int     R2 W1
  st.global.u32 [%rd3], %r6;          // ldst    R2 W0
  mul.wide.u32 %rd2, %r1, 8;          // int     R1 W1
  add.s64 %rd5, %rd4, %rd2;           // int     R2 W1
  st.global.v2.f32 [%rd5], {%f2, %f3}; // ldst   R3 W0 (a vector counts its elements)
  ret;                                // branch  R0 W0
}
]]

local function gpu(extra)
  local o = { quiet = true, preset = "gtx480", ["sm.count"] = 1 }
  for k, v in pairs(extra or {}) do o[k] = v end
  return ws.gpu(o)
end

do
  local g = gpu()
  local k = g:load_ptx_text(MIX, "mix.ptx"):kernel("mix")
  local a = g:array("u32", 32)
  local b = g:array("f32", 64)
  g:launch(k, { grid = 1, block = 32 }, a, b)
  local s = g:stats().total
  T.is(s.warp_insns, 26, "mix: 26 warp instructions")
  T.is(s.thread_insns, 25 * 32 + 16, "mix: 25 full warps and one half warp")
  local want = { int = 12, fp32 = 4, fp64 = 2, sfu = 1, branch = 2, ldst = 5 }
  local lanes = { int = 11 * 32 + 16, fp32 = 4 * 32, fp64 = 2 * 32, sfu = 32, branch = 2 * 32, ldst = 5 * 32 }
  local si, sl = 0, 0
  for _, c in ipairs { "int", "fp32", "fp64", "sfu", "branch", "ldst" } do
    T.is(s["insn." .. c], want[c], "mix: insn." .. c)
    T.is(s["lanes." .. c], lanes[c], "mix: lanes." .. c)
    si = si + s["insn." .. c]
    sl = sl + s["lanes." .. c]
  end
  T.is(si, s.warp_insns, "mix: insn.* add up to warp_insns")
  T.is(sl, s.thread_insns, "mix: lanes.* add up to thread_insns")
  T.is(s["rf.reads"], 32, "mix: 32 GPR source operands")
  T.is(s["rf.writes"], 21, "mix: 21 GPR destinations")
  T.is(a[5], 2 * 5 + 1, "mix: the kernel ran (lane 5 < 16 took the branch: 2 * 5 + 1)")
  T.is(a[20], 2 * 20 + 1 + 7, "mix: lane 20 ran the divergent add (2 * 20 + 1 + 7)")
  g:close()
end

-- Shared memory: a store with lane l at word 2l (two lanes a bank: 2 cycles)
-- and a load with lane l at word l (no conflict: 1 cycle).
local SH = HEAD .. [[
.visible .entry sh()
{
  .reg .b32 %r<6>;
  .shared .align 4 .b32 buf[64];
  mov.u32 %r1, %tid.x;
  shl.b32 %r2, %r1, 3;
  mov.u32 %r3, buf;
  add.s32 %r4, %r3, %r2;
  st.shared.u32 [%r4], %r1;
  shl.b32 %r2, %r1, 2;
  add.s32 %r4, %r3, %r2;
  ld.shared.u32 %r5, [%r4];
  ret;
}
]]
do
  local g = gpu()
  g:launch(g:load_ptx_text(SH, "sh.ptx"):kernel("sh"), { grid = 1, block = 32 })
  local s = g:stats().total
  T.is(s["shared.insns"], 2, "shared: two instructions")
  T.is(s["shared.cycles"], 3, "shared: 2 + 1 cycles")
  T.is(s["shared.conflicts"], 1, "shared: one extra cycle from the two-way conflict")
  g:close()
end

-- The networks, with icnt.flit = 32 and no instruction cache (its misses
-- would cross too).  Packets: an 8-byte header, plus the data for writes
-- (requests) and for read data (replies).
--   request network: the parameters' constant-cache miss (8 B: 1 flit), the
--     load's L1 miss (8 B: 1 flit), the store (8 + 128 B: 5 flits)
--   reply network: the constant line (8 + 64 B: 3 flits), the load's line
--     (8 + 128 B: 5 flits), the store's acknowledgement (8 B: 1 flit)
local COPY = HEAD .. [[
.visible .entry copy(.param .u64 a)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [a];
  cvta.to.global.u64 %rd1, %rd1;
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  ld.global.u32 %r2, [%rd3];
  add.s32 %r2, %r2, 1;
  st.global.u32 [%rd3], %r2;
  ret;
}
]]
do
  local g = gpu { ["icnt.flit"] = 32, ["l1i.enable"] = false }
  local a = g:array("u32", 32)
  g:launch(g:load_ptx_text(COPY, "copy.ptx"):kernel("copy"), { grid = 1, block = 32 }, a)
  local s = g:stats().total
  T.is(s["const.misses"], 1, "icnt: one constant-cache miss (the parameters)")
  T.is(s["icnt.req.packets"], 3, "icnt: 3 request packets")
  T.is(s["icnt.req.flits"], 1 + 1 + 5, "icnt: request flits")
  T.is(s["icnt.rep.packets"], 3, "icnt: 3 reply packets")
  T.is(s["icnt.rep.flits"], 3 + 5 + 1, "icnt: reply flits")
  T.ok(s["dram.read_bursts"] > 0, "dram: read bursts")
  T.is(s["dram.read_bursts"] + s["dram.write_bursts"], s["dram.row_hits"] + s["dram.row_misses"],
       "dram: read + write bursts are the column commands")
  g:close()
end

-- DRAM writes: a write-evict L2 (fermi-thesis) sends the stores on.
do
  local g = ws.gpu { quiet = true, preset = "fermi-thesis", ["sm.count"] = 1 }
  local a = g:array("u32", 32)
  g:launch(g:load_ptx_text(COPY, "copy.ptx"):kernel("copy"), { grid = 1, block = 32 }, a)
  local s = g:stats().total
  T.ok(s["dram.write_bursts"] > 0, "dram: write bursts (fermi-thesis)")
  T.is(s["dram.read_bursts"] + s["dram.write_bursts"], s["dram.row_hits"] + s["dram.row_misses"],
       "dram: read + write bursts are the column commands (fermi-thesis)")
  g:close()
end

-- Prefetch tables: one warp walks an array 128 bytes a step (a constant
-- stride in one 64 KB region), so the stride prefetcher's table is read
-- and written at every load; no policy: nothing.
local WALK = HEAD .. [[
.visible .entry walk(.param .u64 a)
{
  .reg .pred %p<2>;
  .reg .b32 %r<6>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [a];
  cvta.to.global.u64 %rd1, %rd1;
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd1, %rd1, %rd2;
  mov.u32 %r3, 0;
LOOP:
  ld.global.u32 %r2, [%rd1];
  add.s32 %r4, %r4, %r2;
  add.s64 %rd1, %rd1, 128;
  add.s32 %r3, %r3, 1;
  setp.lt.u32 %p1, %r3, 8;
  @%p1 bra LOOP;
  ret;
}
]]
local function walk(policy)
  local g = gpu { ["pf.policy"] = policy }
  local a = g:array("u32", 32 * 9)
  g:launch(g:load_ptx_text(WALK, "walk.ptx"):kernel("walk"), { grid = 1, block = 32 }, a)
  local s = g:stats().total
  g:close()
  return s
end
local s = walk("stride")
T.is(s["pf.table.reads"], 8, "stride: one table read per load request (8)")
T.is(s["pf.table.writes"], 8, "stride: one write per load (an allocation, then 7 updates)")
T.is(s["pf.table.entry_bits"], 16 + 32 + 20 + 2, "stride: entry bits (region tag, last address, stride, state)")
T.is(s["pf.table.bytes"], 1024 * 70 // 8, "stride: 1024 entries of 70 bits")
s = walk("none")
T.is(s["pf.table.reads"], 0, "no policy: no table reads")
T.is(s["pf.table.writes"], 0, "no policy: no table writes")
T.is(s["pf.table.bytes"], 0, "no policy: no table")
s = walk("nextline")
T.is(s["pf.table.reads"], 0, "nextline: no table")
T.is(s["pf.table.bytes"], 0, "nextline: no table storage")
s = walk("mthwp")
T.is(s["pf.table.bytes"], 557, "mthwp: 557 bytes (MTP Table VI)")
T.is(s["pf.table.entry_bits"], 93, "mthwp: PWS entries of 93 bits")
T.done()
