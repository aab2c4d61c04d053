-- regs_zero.lua: a register holds zero until it is first written (in every
-- lane, in every frame), whatever an earlier warp left in the same storage.
-- The engine zeroes a register at its first write, not at a warp's start.
local T = require "tap"
local ws = require "warpscope"

local PTX = [[
.version 7.0
.target sm_75
.address_size 64
.func (.param .b32 r) callee()
{
  .reg .b32 %q<3>;
  add.u32 %q2, %q1, 3;
  st.param.b32 [r], %q2;
  ret;
}
// every register of the frame gets a nonzero value
.visible .entry dirty(.param .u64 out)
{
  .reg .pred %p<3>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<4>;
  mov.u32 %r1, 77;
  mov.u32 %r2, 99;
  mov.u32 %r3, 11;
  mov.u32 %r4, 12;
  mov.u32 %r5, 13;
  mov.u32 %r6, 14;
  mov.u32 %r7, %tid.x;
  setp.eq.u32 %p1, %r1, 77;
  setp.eq.u32 %p2, %r1, 77;
  ld.param.u64 %rd1, [out];
  mul.wide.u32 %rd2, %r7, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r2;
  ret;
}
// out[tid] = r1 + 5 (r1 never written), then r2 (written by lanes < 16
// only), then what a function computes from a register it never wrote
.visible .entry fresh(.param .u64 out)
{
  .reg .pred %p<3>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<4>;
  .param .b32 ret0;
  mov.u32 %r7, %tid.x;
  add.u32 %r3, %r1, 5;
  setp.lt.u32 %p1, %r7, 16;
  @%p1 mov.u32 %r2, 9;
  mov.u32 %r6, %ctaid.x;
  mad.lo.u32 %r5, %r6, 64, %r7;
  ld.param.u64 %rd1, [out];
  mul.wide.u32 %rd2, %r5, 12;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r3;
  st.global.u32 [%rd3+4], %r2;
  call.uni (ret0), callee, ();
  ld.param.b32 %r4, [ret0];
  st.global.u32 [%rd3+8], %r4;
  ret;
}
]]

for _, mode in ipairs{ "functional", "timing" } do
  local gpu = ws.gpu{ quiet = true, mode = mode }
  local m = gpu:load_ptx_text(PTX, "regs_zero.ptx")
  local dirty, fresh = m:kernel("dirty"), m:kernel("fresh")
  local d = gpu:array("u32", 64 * 4, { name = "d" })
  local out = gpu:array("u32", 64 * 4 * 3, { name = "out", fill = 0xdead })
  for round = 1, 2 do
    gpu:launch(dirty, { grid = 4, block = 64 }, d)
    gpu:launch(fresh, { grid = 4, block = 64 }, out)
    local bad1, bad2, bad3 = 0, 0, 0
    for i = 0, 64 * 4 - 1 do
      local tid = i % 64
      if out[3 * i] ~= 5 then bad1 = bad1 + 1 end
      if out[3 * i + 1] ~= (tid < 16 and 9 or 0) then bad2 = bad2 + 1 end
      if out[3 * i + 2] ~= 3 then bad3 = bad3 + 1 end
    end
    T.is(bad1, 0, mode .. " round " .. round .. ": a register never written reads 0 in every lane")
    T.is(bad2, 0, mode .. " round " .. round .. ": lanes a predicated write skipped read 0")
    T.is(bad3, 0, mode .. " round " .. round .. ": a called function's register never written reads 0")
  end
end
T.done()
