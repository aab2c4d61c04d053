-- mff_gather.lua: pc_gather and pc_wait end to end on a timing GPU with the
-- MFF (issue 34, part 2): exact words in shared memory against a CPU
-- reference, exact Tag Unit counts on a hand-built case, a tiny Work
-- Register pool, MFF on and off giving the same results, and every bad
-- input a located error.
local T = require "tap"
local ws = require "warpscope"

-- thread t: pc_gather of C[cidx[t] ..+ sz[t]] into smem[32 t ..], pc_wait,
-- then out[32 t + k] = smem[32 t + k] for k < sz[t].  `plain` does the same
-- with loads (the baseline, for a machine without the MFF).
local GATHER = [[
.version 7.0
.target sm_52
.address_size 64
.visible .entry g(.param .u64 out, .param .u64 cidx, .param .u64 sz)
{
  .shared .align 4 .b8 smem[4096];
  .reg .pred %p<3>;
  .reg .b32 %r<16>;
  .reg .b64 %rd<12>;
  mov.u32 %r1, %tid.x;
  ld.param.u64 %rd1, [cidx];
  ld.param.u64 %rd2, [sz];
  mul.wide.u32 %rd3, %r1, 4;
  add.s64 %rd4, %rd1, %rd3;
  ld.global.u32 %r2, [%rd4];
  add.s64 %rd5, %rd2, %rd3;
  ld.global.u32 %r3, [%rd5];
  mov.u32 %r4, smem;
  shl.b32 %r5, %r1, 7;
  add.u32 %r6, %r4, %r5;
  pc_gather.b32 [%r6], %r2, %r3;
  pc_wait;
  ld.param.u64 %rd6, [out];
  mul.wide.u32 %rd7, %r1, 128;
  add.s64 %rd8, %rd6, %rd7;
  mov.u32 %r7, 0;
LOOP:
  setp.ge.u32 %p1, %r7, %r3;
  @%p1 bra DONE;
  shl.b32 %r8, %r7, 2;
  add.u32 %r9, %r6, %r8;
  ld.shared.u32 %r10, [%r9];
  mul.wide.u32 %rd9, %r7, 4;
  add.s64 %rd10, %rd8, %rd9;
  st.global.u32 [%rd10], %r10;
  add.u32 %r7, %r7, 1;
  bra LOOP;
DONE:
  ret;
}
.visible .entry waitonly()
{
  pc_wait;
  ret;
}
.visible .entry twice(.param .u64 cidx)
{
  .shared .align 4 .b8 s2[128];
  .reg .b32 %r<4>;
  mov.u32 %r1, s2;
  mov.u32 %r2, 0;
  pc_gather.b32 [%r1], %r2, 1;
  pc_wait;
  pc_wait;
  ret;
}
]]

local PLAIN = [[
.version 7.0
.target sm_52
.address_size 64
.visible .entry plain(.param .u64 out, .param .u64 cidx, .param .u64 sz, .param .u64 c, .param .u64 v)
{
  .reg .pred %p<3>;
  .reg .b32 %r<16>;
  .reg .b64 %rd<20>;
  mov.u32 %r1, %tid.x;
  ld.param.u64 %rd1, [cidx];
  ld.param.u64 %rd2, [sz];
  mul.wide.u32 %rd3, %r1, 4;
  add.s64 %rd4, %rd1, %rd3;
  ld.global.u32 %r2, [%rd4];
  add.s64 %rd5, %rd2, %rd3;
  ld.global.u32 %r3, [%rd5];
  ld.param.u64 %rd6, [out];
  mul.wide.u32 %rd7, %r1, 128;
  add.s64 %rd8, %rd6, %rd7;
  ld.param.u64 %rd11, [c];
  ld.param.u64 %rd12, [v];
  mov.u32 %r7, 0;
LOOP:
  setp.ge.u32 %p1, %r7, %r3;
  @%p1 bra DONE;
  add.u32 %r8, %r2, %r7;
  mul.wide.u32 %rd13, %r8, 4;
  add.s64 %rd14, %rd11, %rd13;
  ld.global.u32 %r9, [%rd14];
  mul.wide.u32 %rd15, %r9, 4;
  add.s64 %rd16, %rd12, %rd15;
  ld.global.u32 %r10, [%rd16];
  mul.wide.u32 %rd9, %r7, 4;
  add.s64 %rd10, %rd8, %rd9;
  st.global.u32 [%rd10], %r10;
  add.u32 %r7, %r7, 1;
  bra LOOP;
DONE:
  ret;
}
]]

-- a small deterministic generator (no math.random: the same on every Lua)
local seed = 12345
local function rnd(n)
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed % n
end

local function machine(extra)
  local o = { quiet = true, preset = "gtx980", ["mff.enable"] = true }
  for k, v in pairs(extra or {}) do o[k] = v end
  local gpu = ws.gpu(o)
  return gpu, gpu:load_ptx_text(GATHER, "mff_gather.ptx")
end

-- 1. two threads read the same V block (V[0], V[1]): the C block once, the
-- V block once, the second lookup of each coalesced in the Tag Unit
do
  local gpu, m = machine()
  local C = gpu:array("u32", { 0, 1, 2, 3, 4, 5, 6, 7 }, { name = "C" })
  local V = gpu:array("u32", { 100, 101, 102, 103, 104, 105, 106, 107 }, { name = "V" })
  local ci, sz = {}, {}
  for t = 1, 32 do ci[t] = 0; sz[t] = 0 end
  ci[1], sz[1], ci[2], sz[2] = 0, 1, 1, 1
  local out = gpu:array("u32", 32 * 32, { name = "out" })
  gpu:configure_mff{ c = C, v = V }
  gpu:launch(m:kernel("g"), { grid = 1, block = 32 }, out, gpu:array("u32", ci), gpu:array("u32", sz))
  T.ok(out[0] == 100 and out[32] == 101, "same block: thread 0 gets V[C[0]] = 100, thread 1 V[C[1]] = 101")
  local s = gpu:stats().total
  T.is(s["mff.commands"], 1, "same block: one command")
  T.is(s["mff.lookups"], 4, "same block: four lookups (two C, two V)")
  T.is(s["mff.coalesced"], 2, "same block: two coalesced (the second C and the second V lookup)")
  T.is(s["mff.lines_c"], 1, "same block: one C line read")
  T.is(s["mff.lines_v"], 1, "same block: one V line read")
  T.is(s["mff.words"], 2, "same block: two words")
  T.is(s["mff.reply_packets"], 3, "same block: three reply packets (two words, one completion)")
  T.is(s["mff.done_packets"], 1, "same block: one completion")
  T.ok(s["stall.mff_wait"] > 0, "same block: the warp waited in pc_wait (stall.mff_wait)")
end

-- 2. a command whose sizes sum to N: exactly N words into shared memory,
-- equal to the CPU's V[C[cidx + k]], and one completion
local NC, NV = 2000, 700
local cvals, vvals = {}, {}
for i = 1, NC do cvals[i] = rnd(NV) end
for i = 1, NV do vvals[i] = 1000 + 7 * (i - 1) end
local ci, sz, N = {}, {}, 0
for t = 1, 32 do
  sz[t] = (t * 7) % 33
  ci[t] = rnd(NC - sz[t] + 1)
  N = N + sz[t]
end
local function check(out, what)
  local bad = 0
  for t = 1, 32 do
    for k = 0, sz[t] - 1 do
      if out[32 * (t - 1) + k] ~= vvals[cvals[ci[t] + k + 1] + 1] then bad = bad + 1 end
    end
  end
  T.is(bad, 0, what .. ": every word equals the CPU's V[C[c_index + k]]")
end
local function run(extra)
  local gpu, m = machine(extra)
  local C = gpu:array("u32", cvals, { name = "C" })
  local V = gpu:array("u32", vvals, { name = "V" })
  local out = gpu:array("u32", 32 * 32, { name = "out" })
  gpu:configure_mff{ c = C, v = V }
  gpu:launch(m:kernel("g"), { grid = 1, block = 32 }, out, gpu:array("u32", ci), gpu:array("u32", sz))
  return out, gpu:stats().total
end
do
  local out, s = run()
  check(out, "N words")
  T.is(s["mff.words"], N, ("N words: the unit replied N = %d words"):format(N))
  T.is(s["mff.words_in"], N, "N words: N words written into shared memory")
  T.is(s["mff.reply_packets"], N + 1, "N words: N + 1 reply packets")
  T.is(s["mff.done_packets"], 1, "N words: exactly one completion")
  T.is(s["mff.lookups"], 2 * N, "N words: one C and one V lookup per word")
  T.is(s["mff.lines_c"] + s["mff.lines_v"] + s["mff.coalesced"], 2 * N,
       "N words: every lookup either read a line or coalesced")
end

-- 3. a Work Register pool of 32 (one thread's worth): the allocator stalls,
-- no word is lost
do
  local out, s = run({ ["mff.work_regs"] = 32 })
  check(out, "tiny pool")
  T.is(s["mff.words"], N, "tiny pool: still N words")
  T.ok(s["mff.reg_stalls"] > 0, "tiny pool: the allocator waited for registers (mff.reg_stalls > 0)")
  T.ok(s["mff.reg_peak"] <= 32, "tiny pool: never more than 32 registers in use")
end

-- 4. the same results without the MFF (plain loads)
do
  local gpu = ws.gpu{ quiet = true, preset = "gtx980" }
  local m = gpu:load_ptx_text(PLAIN, "mff_plain.ptx")
  local C = gpu:array("u32", cvals, { name = "C" })
  local V = gpu:array("u32", vvals, { name = "V" })
  local out = gpu:array("u32", 32 * 32, { name = "out" })
  gpu:launch(m:kernel("plain"), { grid = 1, block = 32 }, out, gpu:array("u32", ci), gpu:array("u32", sz), C, V)
  local on = run()
  local same = true
  for i = 0, 32 * 32 - 1 do if on[i] ~= out[i] then same = false end end
  T.ok(same, "MFF on and off: the output arrays are identical")
end

-- 5. bad input: each a located error naming the kernel, the warp and the thread
do
  local gpu, m = machine()
  local C = gpu:array("u32", { 0, 1, 2, 3, 4, 5, 6, 7 }, { name = "C" })
  local V = gpu:array("u32", { 1, 2, 3, 4, 5, 6, 7, 8 }, { name = "V" })
  local out = gpu:array("u32", 32 * 32, { name = "out" })
  local function try(cfg, sizes, cidx)
    local c, s = {}, {}
    for t = 1, 32 do c[t] = cidx and cidx[t] or 0; s[t] = sizes[t] or 0 end
    if cfg then gpu:configure_mff{ c = C, v = V } end
    return function()
      gpu:launch(m:kernel("g"), { grid = 1, block = 32 }, out, gpu:array("u32", c), gpu:array("u32", s))
    end
  end
  local at = "mff_gather.ptx:%d+: "
  local where = ".*warp 0 of the CTA, lane 2%) in kernel 'g', CTA %(0,0,0%), thread %(2,0,0%)"
  T.raises(try(true, { [3] = 33 }), at .. "pc_gather: size 33 is above 32" .. where, "size 33: located error")
  T.raises(try(true, { [3] = 0xffffffff }), at .. "pc_gather: size %-1 is negative" .. where, "size -1: located error")
  T.raises(try(true, { [3] = 4 }, { [3] = 6 }), at .. "pc_gather: c_index 6, size 4 reads C%[6 .. 9%], outside C %(8 entries" .. where,
           "c_index range leaving C: located error")
  T.raises(try(false, { [1] = 1 }), "mff_gather.ptx:%d+: kernel 'g' uses pc_gather %(PTX line %d+%) but no configure_mff",
           "pc_gather without configure_mff: refused at the launch")
  gpu:configure_mff{ c = C, v = V }
  T.raises(function() gpu:launch(m:kernel("waitonly"), { grid = 1, block = 32 }) end,
           "mff_gather.ptx:%d+: pc_wait without a command.*warp 0 of the CTA, lane 0%) in kernel 'waitonly'",
           "pc_wait without a command: located error")
  gpu:configure_mff{ c = C, v = V }
  T.raises(function() gpu:launch(m:kernel("twice"), { grid = 1, block = 32 }, C) end,
           "pc_wait without a command.*in kernel 'twice'", "a second pc_wait after the first: located error")
  -- the target range leaving shared memory: thread 31's 32 words end at 4096 (fits); 33 words would not
  local small = [[
.version 7.0
.target sm_52
.address_size 64
.visible .entry t()
{
  .shared .align 4 .b8 sm1[64];
  .reg .b32 %r<4>;
  mov.u32 %r1, %tid.x;
  shl.b32 %r2, %r1, 2;
  mov.u32 %r3, sm1;
  add.u32 %r3, %r3, %r2;
  pc_gather.b32 [%r3], 0, 2;
  pc_wait;
  ret;
}
]]
  local m2 = gpu:load_ptx_text(small, "mff_small.ptx")
  gpu:configure_mff{ c = C, v = V }
  T.raises(function() gpu:launch(m2:kernel("t"), { grid = 1, block = 32 }) end,
           "pc_gather: target shared offsets 0x3c .. 0x43 %(size 2 words%) leave the CTA's shared memory %(64 bytes%) "
           .. "%(warp 0 of the CTA, lane 15%) in kernel 't', CTA %(0,0,0%), thread %(15,0,0%)",
           "target range leaving shared memory: located error")
  T.raises(function() gpu:configure_mff{ c = C } end, "give 'v'", "configure_mff without v or bv: error")
  T.raises(function() gpu:configure_mff{ c = C, v = V, w = V } end, "unknown key 'w'", "configure_mff: unknown key")
  T.raises(function() gpu:configure_mff{ v = V } end, "'c' %(an array%) is missing", "configure_mff: c missing")
  T.raises(function() gpu:configure_mff{ c = C, v = gpu:array("u32", 4, { name = "V4" }) } end,
           "'c' %('C'%)%[4%] = 4 is outside 'v' %('V4', 4 entries%)", "configure_mff: C value outside V")
  T.raises(function() gpu:configure_mff{ c = gpu:array("u8", 4), v = V } end, "'c' .* must hold 32%-bit words",
           "configure_mff: C of bytes")
  local plain = ws.gpu{ quiet = true, preset = "gtx980" }
  T.raises(function() plain:configure_mff{ c = plain:array("u32", 4), v = plain:array("u32", 4) } end,
           "configure_mff needs the MFF: %-%-set mff.enable=true", "configure_mff without the MFF: error")
  T.raises(function() plain:load_ptx_text(GATHER, "mff_gather.ptx") end,
           "mff_gather.ptx:%d+: pc_gather needs the MFF: %-%-set mff.enable=true", "pc_gather without the MFF: located error at load")
  -- the functional mode has no MFF: refused at load, even with mff.enable
  local fn = ws.gpu{ quiet = true, preset = "gtx980", ["mff.enable"] = true, ["run.mode"] = "functional" }
  T.raises(function() fn:load_ptx_text(GATHER, "mff_gather.ptx") end,
           "mff_gather.ptx:%d+: pc_gather needs the MFF", "run.mode=functional: pc_gather refused at load")
end

-- 6. a command that does not complete in time is diagnosed like a
-- deadlock: run.deadlock = 300 cycles is shorter than the C line's trip to
-- DRAM, so the run stops while the warp waits in pc_wait; the diagnosis
-- names the waiting warp and what the MFF unit holds
do
  local gpu, m = machine({ ["run.deadlock"] = 300 })
  local C = gpu:array("u32", { 0, 1, 2, 3 }, { name = "C" })
  local V = gpu:array("u32", { 5, 6, 7, 8 }, { name = "V" })
  local c, s = {}, {}
  for t = 1, 32 do c[t] = 0; s[t] = 1 end
  gpu:configure_mff{ c = C, v = V }
  local okc, err = pcall(function()
    gpu:launch(m:kernel("g"), { grid = 1, block = 32 }, gpu:array("u32", 1024), gpu:array("u32", c), gpu:array("u32", s))
  end)
  err = tostring(err)
  T.ok(not okc and err:find("deadlock in kernel 'g'", 1, true), "slow command: stopped as a deadlock")
  T.ok(err:find("warp 0, pc 12 (PTX line 22) in g: mff_wait: pc_wait for 1 gather command(s) of the MFF not complete",
                1, true), "slow command: the diagnosis names the warp waiting in pc_wait")
  T.ok(err:find("MFF unit 0 holds: 1 job(s) in its Issue Engines, 32 Work Register(s), 1 Tag Unit entry", 1, true),
       "slow command: the diagnosis says what the MFF unit holds")
  T.ok(err:find("MFF line reads and write-backs in the memory system: 1", 1, true),
       "slow command: the diagnosis counts the unit's line in flight")
end

T.done()
