-- Power plausibility probe for the energy model (issue [Energy]): on one
-- machine, an idle stretch, a compute-bound kernel (scenarios/micro/fma.cu:
-- eight independent FP32 multiply-add chains per thread, full occupancy) and
-- a memory-bound one (the STREAM copy of micro/stream.cu), each with its
-- average and peak power and the component split.  The GTX480's envelope:
-- idle power of a few tens of watts, a board TDP of 250 W.
-- usage: warpscope --batch [--preset P] scenarios/micro/power.lua [ITERS] [MB]
local ws = require "warpscope"
local M = {}

local comps = { "core", "rf", "l1", "l2", "icnt", "dram", "pf", "static" }

local function row(name, s)
  local parts = {}
  for _, c in ipairs(comps) do
    parts[#parts + 1] = ("%s %.1f"):format(c, s["energy." .. c] / s["energy.total"] * s["power.avg"])
  end
  return { name = name, avg = s["power.avg"], peak = s["power.peak"], cycles = s.cycles,
           pj = s["energy.pj_per_warp_insn"], ipc = s.ipc, split = table.concat(parts, " ") }
end

function M.run(opts, iters, mb)
  local gpu = ws.gpu(opts or {})
  if not gpu:stats().total["energy.static"] and gpu:option("energy.table") == "none" then
    io.stderr:write(("warpscope: power.lua: preset %s has no energy model (energy.table=none; --set "
      .. "energy.table=gtx480 borrows the 40 nm GTX480 prices)\n"):format(gpu.preset))
    os.exit(1)
  end
  local sms = tonumber(gpu:option("sm.count"))
  local out = {}
  -- compute-bound: 48 warps an SM (6 CTAs of 256 threads), iters rounds
  local fma = gpu:load_ptx("micro/fma.ptx"):kernel("fma8")
  local nthreads = sms * 6 * 256
  local res = gpu:array("f32", nthreads, { name = "out" })
  gpu:launch(fma, { grid = sms * 6, block = 256 }, res, iters or 2000)
  out[#out + 1] = row("compute (fma8)", gpu:stats().last)
  -- memory-bound: the STREAM copy
  local copy = gpu:load_ptx("micro/stream.ptx"):kernel("copy4")
  local n = (mb or 32) * 1024 * 1024 // 16
  local src = gpu:array("i32", 4 * n, { name = "src" })
  local dst = gpu:array("i32", 4 * n, { name = "dst" })
  gpu:launch(copy, { grid = 8 * sms, block = 256 }, src, dst, n)
  out[#out + 1] = row("memory (copy4)", gpu:stats().last)
  -- near idle: one thread of the whole GPU walking a dependent load chain
  -- (micro/chase.cu) through a ring of 64 K words: every step waits for DRAM
  local chase = gpu:load_ptx("micro/chase.ptx"):kernel("chase")
  local ring = gpu:array("u32", 65536, { name = "ring" })
  for i = 0, 65535 do ring[i] = (i + 4099) % 65536 end
  gpu:launch(chase, { grid = 1, block = 1 }, ring, 0, 0, 300, gpu:array("u64", 4, { name = "clock" }))
  out[#out + 1] = row("near idle (1 thread)", gpu:stats().last)
  return { gpu = gpu, rows = out }
end

if ... ~= "micro.power" then
  local r = M.run(nil, tonumber((select(1, ...))), tonumber((select(2, ...))))
  print(("power on %s (energy.table=%s):"):format(r.gpu.preset, r.gpu:option("energy.table")))
  for _, x in ipairs(r.rows) do
    print(("  %-22s avg %6.1f W  peak %6.1f W  IPC %6.2f  %6.0f pJ/warp insn  %d cycles"):format(
      x.name, x.avg, x.peak, x.ipc, x.pj or 0, x.cycles))
    print("      W by component: " .. x.split)
  end
end
return M
