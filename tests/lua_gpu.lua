-- The Lua host API: gpu, device arrays, modules, kernels, launches, faults.
local T = require "tap"
local ws = require "warpscope"

-- A kernel of exactly 6 instructions per thread: out[tid] = tid.
local PTX = [[
.version 7.0
.target sm_75
.address_size 64
.visible .entry store_tid(.param .u64 out)
{
  .reg .b32 %r<2>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r1;
  ret;
}
.visible .entry scale(.param .u64 a, .param .f32 s, .param .u32 n)
{
  .reg .pred %p<2>;
  .reg .b32 %r<3>;
  .reg .f32 %f<3>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [a];
  ld.param.f32 %f1, [s];
  ld.param.u32 %r2, [n];
  mov.u32 %r1, %tid.x;
  setp.ge.u32 %p1, %r1, %r2;
  @%p1 bra DONE;
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  ld.global.f32 %f2, [%rd3];
  mul.f32 %f2, %f2, %f1;
  st.global.f32 [%rd3], %f2;
DONE:
  ret;
}
]]

local gpu = ws.gpu{ sms = 2 }
T.is(gpu.sms, 2, "gpu option sms")

-- arrays
local a = gpu:array("i32", 4, { name = "a" })
T.is(#a, 4, "array length")
T.is(a.type, "i32", "array type")
T.is(a.name, "a", "array name")
T.is(a.bytes, 16, "array bytes")
T.is(a[3], 0, "new arrays are zero")
a[2] = -7
T.is(a[2], -7, "element write and read back")
T.ok(a:read() == ws.buffer("i32", { 0, 0, -7, 0 }), "read returns a buffer of the contents")
a:write({ 5, 6 }, 1)
T.ok(a:read(1, 2) == ws.buffer("i32", { 5, 6 }), "write at an offset, read a range")
T.ok(a:read(4) == ws.buffer("i32", {}), "reading from one past the end gives no elements")
T.raises(function() a:read(5) end, "first element 5 is outside array 'a' %(elements 0..3", "read from past the end")
T.raises(function() a:read(math.mininteger) end, "first element %-9223372036854775808 is outside", "read from the lowest integer")
T.raises(function() a:read(2, 3) end, "3 elements from element 2 do not fit in array 'a'", "read past the end")
T.raises(function() a:read(1, math.maxinteger) end, "9223372036854775807 elements from element 1 do not fit",
         "read the largest count")
T.raises(function() a:read(0, -1) end, "%-1 elements from element 0 do not fit", "read a negative count")
a:fill(9)
T.ok(a:read() == ws.buffer("i32", { 9, 9, 9, 9 }), "fill")
local f = gpu:array("f32", ws.buffer("f32", { 1.5, -2 }))
T.is(f[0], 1.5, "array from a buffer")
local u = gpu:array("u8", 3, { fill = 255 })
T.is(u[2], 255, "fill option")
T.raises(function() return a[4] end, "index 4 out of range for array 'a' %(elements 0..3; indices are 0%-based%)",
         "index past the end")
T.raises(function() a[0] = 2^40 end, "out of range", "value out of the element type's range")
T.raises(function() gpu:array("i33", 1) end, "unknown element type 'i33'", "bad element type")
T.raises(function() gpu:array("i32", 1, { nmae = "x" }) end, "unknown array option 'nmae'", "option typo")
T.raises(function() gpu:array("u8", 1, { fill = 256 }) end, "out of range", "fill out of range")
T.raises(function() a:write({ 1, 2, 3, 4, 5 }) end, "overflows array 'a'", "write overflow")
-- Conversion errors say where (the script's line), which array, its element
-- type and the value, and never call the device array a buffer.
do
  local dist = gpu:array("u32", 3, { name = "dist" })
  local function msg(fn) local okc, e = pcall(fn); return okc and "(no error)" or tostring(e) end
  local at = "^[^:]*lua_gpu%.lua:%d+: "
  local e = msg(function() dist[0] = 2^40 end)
  T.ok(e:find(at .. "array 'dist' %(u32%) element 0: 1099511627776 is out of range 0%.%.4294967295 for u32$"), e)
  e = msg(function() dist[1] = "s" end)
  T.ok(e:find(at .. "array 'dist' %(u32%) element 1: \"s\" %(a string%) is not a number$"), e)
  e = msg(function() dist:fill(nil) end)
  T.ok(e:find(at .. "array 'dist' %(u32%) fill: nil is not a number$"), e)
  e = msg(function() dist:fill(-1) end)
  T.ok(e:find(at .. "array 'dist' %(u32%) fill: %-1 is out of range 0%.%.4294967295 for u32$"), e)
  e = msg(function() dist:write(ws.buffer("f64", { 1, 2.5 })) end)
  T.ok(e:find(at .. "array 'dist' %(u32%) write, index 1 of the f64 buffer: 2%.5 is not an integer"), e)
  e = msg(function() dist:write({ 1, true }) end)
  T.ok(e:find(at .. "array 'dist' %(u32%) write, element %[2%] of the table: true is not a number$"), e)
  e = msg(function() dist:write(7) end)
  T.ok(e:find(at .. "array 'dist' %(u32%) write: expected a buffer or a table of numbers, got number$"), e)
  e = msg(function() gpu:array("u8", 2, { name = "m", fill = 256 }) end)
  T.ok(e:find(at .. "array 'm' %(u8%) option fill: 256 is out of range 0%.%.255 for u8$"), e)
  e = msg(function() gpu:array("i8", { 1, 1e20 }, { name = "q" }) end)
  T.ok(e:find(at .. "array 'q' %(i8%) initial data, element %[2%] of the table: 1e%+20 is out of range"), e)
  T.ok(not e:find("buffer value"), "a device array is not called a buffer")
  T.ok(dist:read() == ws.buffer("u32", { 0, 0, 0 }), "failed stores leave the array unchanged")
  -- a bad fill= value or initial data allocates nothing (before the fix the
  -- device kept an allocation no array held)
  local before = #gpu:allocations()
  for _, bad in ipairs{ "x", {}, 1e100, -1 } do
    T.raises(function() gpu:array("u32", 16, { name = "leak", fill = bad }) end, "option fill", "bad fill " .. tostring(bad))
  end
  T.raises(function() gpu:array("u32", { 1, 2 }, { name = "leak", fill = 1 }) end, "needs a length", "fill with initial data")
  T.is(#gpu:allocations(), before, "arrays refused for their fill value leave no allocation behind")
end
T.raises(function() ws.gpu{ smz = 3 } end, "unknown option 'smz' %(see warpscope %-%-list%-options%)", "gpu option typo")
T.raises(function() ws.gpu{ sms = 0 } end, "'sm.count': '0' is out of range %(allowed: 1%.%.1024", "gpu option range (short name)")
T.raises(function() ws.gpu{ mode = "fast" } end, "run.mode", "bad mode")
T.is(ws.gpu{ mode = "functional" }.mode, "functional", "a functional gpu")
T.is(ws.gpu{ quiet = true }.mode, "timing", "the timing model by default")

-- modules and kernels
local m = gpu:load_ptx_text(PTX, "inline.ptx")
local names = m:kernels()
T.is(#names, 2, "module lists its kernels")
local k = m:kernel("store_tid")
T.is(k.name, "store_tid", "kernel name")
T.is(#k.params, 1, "kernel parameters")
T.raises(function() m:kernel("nope") end, "nope", "unknown kernel is named")
T.raises(function() gpu:load_ptx("no/such/file.ptx") end, "cannot find PTX file 'no/such/file.ptx'",
         "missing PTX file")
T.raises(function() gpu:load_ptx_text(".version 7.0\n.target sm_75\n.address_size 64\n.visible .entry k()\n{\n  frob.u32 %r1;\n}\n", "bad.ptx") end,
         "bad.ptx:6:%d+: ", "malformed PTX names file and line")

-- exact instruction counts: 2 CTAs of 40 threads = 2 warps each (32 + 8 lanes)
local out = gpu:array("u32", 40, { name = "out" })
gpu:launch(k, { grid = 1, block = 40 }, out)
local st = gpu:stats().last
T.is(st.warp_insns, 12, "warp instructions: 2 warps x 6")
T.is(st.thread_insns, 240, "thread instructions: 40 threads x 6")
T.is(st.ctas, 1, "CTAs")
local want = {}
for i = 0, 39 do want[i + 1] = i end
T.ok(ws.check.equal(out, want), "kernel result")

-- typed arguments: f32 and u32 parameters from Lua numbers
local v = gpu:array("f32", { 1, 2, 3, 4 })
gpu:launch(m:kernel("scale"), { grid = 1, block = 32 }, v, 0.5, 3)
T.ok(v:read() == ws.buffer("f32", { 0.5, 1, 1.5, 4 }), "float and integer arguments, guarded threads")
T.raises(function() gpu:launch(k, { grid = 1, block = 32 }) end, "takes 1 argument, got 0", "argument count")
T.raises(function() gpu:launch(k, { grid = 1, block = 32 }, "x") end, "must be a device array or a number",
         "argument type")
T.raises(function() gpu:launch(k, { grid = 1, block = 32 }, ws.buffer("i32", 1)) end, "host buffer",
         "host buffer passed by mistake")
T.raises(function() gpu:launch(k, { grid = 1, blok = 32 }, out) end, "unknown launch option 'blok'",
         "launch option typo")
T.raises(function() gpu:launch(k, { grid = 0, block = 32 }, out) end, "'grid' must be a positive integer",
         "zero grid")

-- an out-of-bounds store: a memory-checker report, and the gpu stays usable
local small = gpu:array("u32", 10, { name = "small" })
local okl, err = pcall(gpu.launch, gpu, k, { grid = 1, block = 32 }, small)
T.ok(not okl, "out-of-bounds launch raises")
T.ok(tostring(err):find("store_tid", 1, true), "report names the kernel")
T.ok(tostring(err):find("'small'", 1, true), "report names the allocation")
local fault = gpu:fault()
T.is(fault.kind, "out_of_bounds", "fault kind")
T.is(fault.access, "store", "fault access")
T.is(fault.alloc, "small", "fault allocation")
T.is(fault.offset, 40, "fault offset: thread 10 writes 40 bytes past the start")
T.is(fault.thread[1], 10, "first faulting thread is 10")
T.is(fault.size, 4, "fault access size")
T.is(fault.line, 12, "fault PTX line (the st.global)")
gpu:launch(k, { grid = 1, block = 10 }, small)
T.is(small[9], 9, "the gpu works after a fault")
T.is(gpu:fault(), nil, "a successful launch clears the fault")

-- stale handles
small:free()
T.raises(function() return small[0] end, "attempt to use a freed array 'small'", "freed array")
T.raises(function() small:free() end, "freed array", "double free")
local g2 = ws.gpu{}
local b = g2:array("i32", 2)
local k2 = g2:load_ptx_text(PTX):kernel("store_tid")
g2:close()
T.raises(function() return b[0] end, "closed gpu", "array of a closed gpu")
T.raises(function() g2:array("i32", 1) end, "closed gpu", "closed gpu")
T.raises(function() gpu:launch(k2, { grid = 1, block = 1 }, out) end, "closed gpu", "kernel of a closed gpu")
T.ok(tostring(g2):find("closed"), "closed gpu prints as closed")
T.is(tostring(k2), "kernel 'store_tid' (stale: gpu closed)", "a kernel of a closed gpu prints from its own copy of the name")
local long = "k" .. string.rep("_abcdefgh", 30)      -- longer than any fixed buffer would hold (as mangled C++ names are)
local g4 = ws.gpu{ quiet = true }
local k4 = g4:load_ptx_text((PTX:gsub("store_tid", long))):kernel(long)
T.is(tostring(k4), "kernel '" .. long .. "'", "a long kernel name prints whole")
g4:close()
T.is(tostring(k4), "kernel '" .. long .. "' (stale: gpu closed)", "and whole after its gpu is closed")
T.raises(function() gpu:breakpoint{ func = k2, pc = 1 } end, "closed gpu", "breakpoint on a kernel of a closed gpu")

-- handles of another gpu
local g3 = ws.gpu{ quiet = true }
local other = g3:array("i32", 32, { name = "theirs" })
local k3 = g3:load_ptx_text(PTX):kernel("store_tid")
T.raises(function() gpu:launch(k, { grid = 1, block = 1 }, other) end,
         "argument 1 %('out'%) of kernel 'store_tid' is array 'theirs' of another gpu", "array of another gpu")
T.raises(function() gpu:launch(k3, { grid = 1, block = 1 }, out) end, "belongs to another device", "kernel of another gpu")
T.raises(function() gpu:breakpoint{ func = k3, pc = 1 } end,
         "gpu:breakpoint: func is kernel 'store_tid' of another gpu", "breakpoint on a kernel of another gpu")
T.raises(function() gpu:mark(other, "visited") end, "gpu:mark: array 'theirs' belongs to another gpu",
         "mark with an array of another gpu")
T.raises(function() gpu:mark(out, "frontier") end,
         "gpu:mark: the role must be worklist, vertex, edge or visited, got 'frontier'", "mark with an unknown role")
T.raises(function() gpu:mark(out, "none") end, "got 'none'", "mark with the role none")
g3:close()

T.done()
