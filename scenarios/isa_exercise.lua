-- The less common PTX instructions (funnel shifts, lop3, bfe/bfi, prmt,
-- rounding modes, shfl/vote/match, dynamic shared memory, local arrays,
-- calls, ...) exercised by scenarios/kernels/isa_exercise.cu.
--
-- The integer, warp and misc kernels run on the same seeded inputs in the
-- optimised (-O3) and the debug (-G) builds, which nvcc compiles into very
-- different PTX; their outputs must agree element for element.  (The exact
-- CPU reference for every output slot, floats included, is C code run by
-- `make check`: tests/isa_exercise_ref.c.)
-- usage: warpscope scenarios/isa_exercise.lua [THREADS]
local ws = require "warpscope"

local n = math.tointeger(tonumber(arg[1] or 256))
assert(n and n >= 64 and n % 64 == 0, "THREADS must be a positive multiple of 64")
math.randomseed(ws.options.seed)
local u32, small = {}, {}
for i = 1, n do
  u32[i] = math.random(0, 0xffffffff)
  small[i] = math.random(-1000, 1000)
end
u32[1], u32[2], u32[3] = 0, 0xffffffff, 0x80000000   -- edge values first

local NOUT = { isa_int = 76, isa_warp = 36, isa_misc = 32 }

local function run(ptx)
  local gpu = ws.gpu{}
  local m = gpu:load_ptx(ptx)
  local out = {}
  local a_in = gpu:array("u32", u32, { name = "in" })
  local o = gpu:array("u32", n * NOUT.isa_int, { name = "out" })
  gpu:launch(m:kernel("isa_int"), { grid = n // 64, block = 64 }, a_in, o, n)
  out.isa_int = o:read()
  local s_in = gpu:array("i32", small, { name = "in_small" })
  local w = gpu:array("i32", n * NOUT.isa_warp, { name = "out_warp" })
  gpu:launch(m:kernel("isa_warp"), { grid = n // 64, block = 64 }, s_in, w)
  out.isa_warp = w:read()
  local mo = gpu:array("i32", n * NOUT.isa_misc, { name = "out_misc" })
  gpu:launch(m:kernel("isa_misc"), { grid = n // 64, block = 64, shared = 4 * 64 + 32 }, s_in, mo, n)
  out.isa_misc = mo:read()
  return out, gpu:stats().total
end

local opt, st_opt = run("kernels/isa_exercise.ptx")
local dbg, st_dbg = run("kernels/isa_exercise_g.ptx")
local failed = {}
for _, k in ipairs { "isa_int", "isa_warp", "isa_misc" } do
  local ok, msg = ws.check.equal(opt[k], dbg[k])
  print(("%-9s %6d outputs  -O3 and -G builds %s"):format(k, #opt[k], ok and "agree" or "DISAGREE"))
  if not ok then failed[#failed + 1] = k .. ": " .. msg end
end
print(("-O3: %d thread instructions; -G: %d"):format(st_opt.thread_insns, st_dbg.thread_insns))
if #failed > 0 then error(table.concat(failed, "\n")) end
