# Device-side printf (vprintf) output reaches standard output after a launch,
# in thread order, before anything the script prints next.
. "$WS_SRCDIR/tests/tap.sh"
tmp=$WS_BUILDDIR/gpu_printf.tmp.lua
cat > "$tmp" <<'LUA'
local ws = require "warpscope"
local gpu = ws.gpu{ quiet = true }
local m = gpu:load_ptx_text([[
.version 7.0
.target sm_75
.address_size 64
.extern .func (.param .b32 r) vprintf (.param .b64 f, .param .b64 a);
.global .align 1 .b8 fmt[8] = {116, 105, 100, 32, 37, 100, 10, 0};
.visible .entry hello()
{
  .local .align 8 .b8 buf[8];
  .reg .b32 %r<3>;
  .reg .b64 %rd<5>;
  mov.u32 %r1, %tid.x;
  mov.u64 %rd1, buf;
  cvta.local.u64 %rd2, %rd1;
  st.local.u32 [%rd1], %r1;
  mov.u64 %rd3, fmt;
  cvta.global.u64 %rd4, %rd3;
  {
  .param .b64 p0;
  st.param.b64 [p0], %rd4;
  .param .b64 p1;
  st.param.b64 [p1], %rd2;
  .param .b32 rv;
  call.uni (rv), vprintf, (p0, p1);
  ld.param.b32 %r2, [rv];
  }
  ret;
}
]], "hello.ptx")
gpu:launch(m:kernel("hello"), { grid = 1, block = 3 })
print("after")
LUA
out=$($WARPSCOPE --batch "$tmp" 2>&1); rc=$?
t_is "$rc" 0 "a kernel calling printf runs"
t_is "$out" "$(printf 'tid 0\ntid 1\ntid 2\nafter')" "its output comes in thread order, after the launch"
rm -f "$tmp"
t_done
