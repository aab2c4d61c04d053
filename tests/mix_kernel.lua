-- mix_kernel.lua: the kernel of stall_states.lua and sched_classes.lua
-- (one CTA of 256 threads, argument: a u32 array of 256 * 1024 elements).
-- Each warp waits in turn for the shared-memory pipe (32-way bank
-- conflicts), for the LD/ST unit (divergent global loads, one 4 KB stride
-- per thread), for its loads (long scoreboard), at a CTA barrier, and at a
-- memory barrier behind its global stores.
return [[
.version 7.0
.target sm_75
.address_size 64
.visible .entry mix(.param .u64 g)
{
  .shared .align 4 .b32 buf[4096];
  .reg .b32 %r<8>;
  .reg .b64 %rd<4>;
  mov.u32 %r1, %tid.x;
  and.b32 %r6, %r1, 31;
  shl.b32 %r2, %r6, 7;
  mov.u32 %r3, buf;
  add.u32 %r4, %r3, %r2;
  st.shared.u32 [%r4], %r1;
  ld.param.u64 %rd1, [g];
  mul.wide.u32 %rd2, %r1, 4096;
  add.s64 %rd3, %rd1, %rd2;
  ld.global.u32 %r5, [%rd3];
  st.shared.u32 [%r4+4], %r5;
  ld.global.u32 %r7, [%rd3+128];
  add.u32 %r5, %r5, %r7;
  bar.sync 0;
  st.shared.u32 [%r4+8], %r5;
  st.global.u32 [%rd3], %r5;
  membar.gl;
  st.shared.u32 [%r4+12], %r5;
  ret;
}
]]
