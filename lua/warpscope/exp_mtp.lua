-- warpscope.exp_mtp: the benchmark kernels of the many-thread-aware
-- prefetching paper's experiments (Lee et al., MICRO 2010; seed 004), as a
-- registry shared by the scenarios in scenarios/experiments/mtp-*.lua.
--
-- The paper's 14 memory-intensive benchmarks fall in three types (its
-- Table III): "stride" (loops with strong strides), "mp" (massively
-- parallel, loop-free, very short threads) and "uncoal" (dominated by
-- uncoalesced accesses).  Each entry here is a kernel of ours modelled on
-- one of them (the paper's benchmark is the entry's `analogue`):
--
--   local R = require "warpscope.exp_mtp"
--   for _, k in ipairs(R.list()) do            -- or R.list("stride")
--     if R.supports(k, "ip") then
--       local ok, msg = k.run(gpu, "ip", quick) -- allocate, launch, check
--     end
--   end
--
-- Entry fields: name, type ("stride" | "mp" | "uncoal"), analogue (the
-- paper's benchmark name, as in its figures), extra (true for kernels that
-- are not one of the paper's 14: its Fig. 3/4 examples and the CSR form of
-- BFS), desc, block (threads per block, the paper's #warps / #blocks from
-- Table III), blocks_per_core (the paper's Table III maximum, enforced with
-- dynamic shared memory as the CUDA occupancy calculator would count it;
-- the kernel's registers on the machine may lower it further), variants
-- (list), same (same.mtswp = "ip" where MT-SWP runs exactly the IP kernel:
-- a kernel without a loop), and
-- run(gpu, variant, quick [, opts]) -> ok, msg: allocates deterministic
-- inputs, launches the variant's kernel(s), and compares the output
-- exactly with a CPU reference computed here in Lua.
--
-- Variants (software prefetching, MTP Sec. III-A):
--   base    no prefetching
--   stride  loop prefetching: each thread prefetches (PTX prefetch, non
--           binding, into the prefetch cache on g80-mtp) what its own next
--           loop iteration loads
--   ip      inter-thread prefetching: each thread prefetches what the same
--           lane of the next warp (tid + 32) loads
--   mtswp   stride + ip (for loop-free kernels: ip)
--   reg     register prefetching (Ryoo et al.): the next iteration's
--           values are loaded into registers one iteration ahead (binding);
--           only kernels with a loop
--
-- opts (optional): graph (a ws.graph for the BFS kernels), n (overrides
-- the kernel's main size parameter, the one `opts.n or` picks in its run:
-- options, samples, elements per vector, points, blocks, grid
-- blocks per dimension, log2 of the FFT size, image width, pixels or mesh
-- rows; quick picks a small size).
--
-- Machine: g80-mtp as it is (8,192 registers per core, the 8800GT's),
-- plus M.options (none today; an experiment merges them into its gpus).
-- Registers: the paper's Table III gives each benchmark's blocks per core,
-- which its sm_1x kernels reached on those 8,192 registers, so each of them
-- used at most floor(8192 / (blocks x threads)) registers per thread: 16
-- for one block of 512 threads, 10 for sepia's three of 256.  The kernels'
-- counts here are what ptxas allocates for sm_75 (kernels/mtp_*.ptxas;
-- __maxnreg__ caps black_reg, linear and cfd), with 64-bit pointers and
-- ptxas's floor of 24 registers, so many exceed that bound.  M.shape then
-- states the bound as the launch's register count (regs_source
-- "scenario" in the statistics; M.register_bound) and keeps ptxas's count
-- where it fits.  Where the kernel's limits would allow more blocks than
-- Table III's, dynamic shared memory caps them at Table III's.  So every
-- launch gets Table III's blocks per core on the paper's register file
-- (tests/mtp_occupancy.lua checks each, and which launches state the
-- bound); M.occupancy tells what a launch really gets and why.
local ws = require "warpscope"
local S = require "warpscope.scenario"

local M = {}

M.variants = { "base", "stride", "reg", "ip", "mtswp" }
M.options = {}
M.types = { "stride", "mp", "uncoal" }

-- float32 arithmetic in Lua (doubles): each operation of two float32
-- values rounded once to float32 is exactly the IEEE single result (add,
-- sub, mul, div: double has more than 2 x 24 + 2 bits), so a reference
-- that rounds after every operation matches kernels that use the _rn
-- intrinsics (no contraction into fma) bit for bit.
local pack, unpack = string.pack, string.unpack
local function f32(x) return (unpack("<f", pack("<f", x))) end
M.f32 = f32
function M.fadd(a, b) return f32(a + b) end
function M.fsub(a, b) return f32(a - b) end
function M.fmul(a, b) return f32(a * b) end

-- Threads per block and blocks per core -> a launch shape for `grid`
-- blocks, with the dynamic shared memory that caps the blocks per core at
-- blocks_per_core on this gpu (nil: the machine's own limits only).
local function smem_bytes(gpu)
  local ok, v = pcall(function() return gpu:option("sm.shared") end)
  if not ok or not v then return nil end
  local num, unit = tostring(v):match("^(%d+)%s*([KkMm]?)")
  num = tonumber(num)
  if not num then return nil end
  if unit == "K" or unit == "k" then num = num * 1024 elseif unit == "M" or unit == "m" then num = num * 1048576 end
  return num
end

-- The registers per thread a kernel of `threads`-thread blocks can have for
-- blocks_per_core of its blocks to fit this gpu's register file (nil
-- without a register file or a target).
function M.register_bound(gpu, threads, blocks_per_core)
  if not blocks_per_core then return nil end
  local ok, v = pcall(function() return gpu:option("sm.regs") end)
  local regs = ok and tonumber(v)
  if not regs or regs <= 0 then return nil end
  local warps = (threads + 31) // 32
  return regs // (blocks_per_core * warps * 32)
end

-- Threads of a block given as a number or { x, y, z }.
local function block_threads(block)
  if type(block) == "table" then return (block[1] or 1) * (block[2] or 1) * (block[3] or 1) end
  return block
end

function M.shape(gpu, kernel, grid, block, blocks_per_core)
  local sh = { grid = grid, block = block }
  local threads = block_threads(block)
  local bound = gpu.mode == "timing" and M.register_bound(gpu, threads, blocks_per_core)
  if bound and bound >= 1 and (kernel.regs or 0) > bound then sh.regs = math.min(bound, 255) end
  local smem = blocks_per_core and gpu.mode == "timing" and smem_bytes(gpu)
  if smem then
    local per = smem // blocks_per_core - (kernel.shared or 0)
    per = per - per % 16
    if per > 0 then sh.shared = per end
  end
  return sh
end

-- Blocks of `block` threads of kernel k resident per core with the launch
-- shape sh (from M.shape) on this gpu, and the limit that binds.
function M.occupancy(gpu, k, block, sh)
  local function opt(key)
    local ok, v = pcall(function() return gpu:option(key) end)
    if not ok or not v then return nil end
    if key == "sm.shared" then return smem_bytes(gpu) end
    return tonumber(v)
  end
  local lim = {}
  block = block_threads(block)
  local warps = (block + 31) // 32
  lim.ctas = opt("sm.ctas")
  local thr = opt("sm.threads")
  if thr then lim.threads = thr // block end
  local regs = opt("sm.regs")
  local kregs = sh and sh.regs or k.regs
  if regs and kregs > 0 then lim.regs = regs // (kregs * 32 * warps) end
  local smem = opt("sm.shared")
  local need = (k.shared or 0) + (sh and sh.shared or 0)
  if smem and need > 0 then lim.shared = smem // need end
  local best, why = math.huge, nil
  for _, key in ipairs { "ctas", "threads", "regs", "shared" } do
    if lim[key] and lim[key] < best then best, why = lim[key], key end
  end
  return best, why
end

-- The registry.
M.kernels, M.by_name = {}, {}
local function add(e)
  assert(not M.by_name[e.name], "duplicate kernel " .. e.name)
  e.has = {}
  for _, v in ipairs(e.variants) do e.has[v] = true end
  -- a loop-free kernel's MT-SWP is its IP kernel: same launches, same results
  e.same = (e.has.mtswp and e.has.ip and not e.has.stride) and { mtswp = "ip" } or {}
  local run = e.impl
  e.run = function(gpu, variant, quick, opts)
    variant = variant or "base"
    if not e.has[variant] then
      error(("exp_mtp: kernel %s has no variant %s (it has %s)"):format(e.name, tostring(variant),
        table.concat(e.variants, ", ")), 2)
    end
    return run(gpu, variant, quick, opts or {})
  end
  M.kernels[#M.kernels + 1] = e
  M.by_name[e.name] = e
end

function M.get(name)
  local e = M.by_name[name]
  if not e then error("exp_mtp: no kernel named " .. tostring(name), 2) end
  return e
end

-- Entries in registry order, all or of one type.
function M.list(ty)
  local out = {}
  for _, e in ipairs(M.kernels) do
    if ty == nil or e.type == ty then out[#out + 1] = e end
  end
  return out
end

-- The kernels modelled on the paper's benchmarks (not the extras), in the
-- paper's order: stride, mp, uncoal.
function M.paper_kernels()
  local out = {}
  for _, ty in ipairs(M.types) do
    for _, e in ipairs(M.kernels) do
      if e.type == ty and not e.extra then out[#out + 1] = e end
    end
  end
  return out
end

function M.supports(e, variant)
  if type(e) == "string" then e = M.get(e) end
  return e.has[variant] == true
end

-- ---------------------------------------------------------------- helpers
-- Load a PTX module once per gpu (cached on the gpu handle's table).
local modcache = setmetatable({}, { __mode = "k" })
local function module(gpu, ptx)
  local c = modcache[gpu]
  if not c then c = {}; modcache[gpu] = c end
  if not c[ptx] then c[ptx] = gpu:load_ptx(ptx) end
  return c[ptx]
end
M.module = module

-- Inputs and CPU references depend only on the sizes: computed once per
-- process (an experiment runs each kernel in several configurations).
local memo = {}
local function cached(key, fn)
  local v = memo[key]
  if v == nil then
    v = fn()
    memo[key] = v
  end
  return v
end

-- ================================================================ kernels
-- The entries, in three files (registry order: loops, mp, uncoal).
M.add, M.cached = add, cached
function M.fdiv(a, b) return f32(a / b) end
require "warpscope.exp_mtp_loops" (M)
require "warpscope.exp_mtp_mp" (M)
require "warpscope.exp_mtp_uncoal" (M)
M.add, M.cached = nil, nil

-- ===================================================== experiment helpers
-- Shared by scenarios/experiments/mtp-*.lua (warpscope.experiment).
M.preset = "g80-mtp"

-- The paper's Table III, by benchmark (analogue) name: total warps, blocks,
-- base CPI, CPI with a perfect memory, delinquent loads (stride, IP), type
-- and the maximum blocks per core.
M.table3 = {
  black = { warps = 1920, blocks = 480, cpi = 8.86, pmem = 4.15, del = { 3, 0 }, type = "stride", max_blocks = 3 },
  conv = { warps = 4128, blocks = 688, cpi = 7.98, pmem = 4.21, del = { 1, 0 }, type = "stride", max_blocks = 2 },
  mersenne = { warps = 128, blocks = 32, cpi = 7.09, pmem = 4.99, del = { 2, 0 }, type = "stride", max_blocks = 2 },
  monte = { warps = 2048, blocks = 256, cpi = 13.69, pmem = 5.36, del = { 1, 0 }, type = "stride", max_blocks = 2 },
  pns = { warps = 144, blocks = 18, cpi = 18.87, pmem = 5.25, del = { 1, 1 }, type = "stride", max_blocks = 1 },
  scalar = { warps = 1024, blocks = 128, cpi = 19.25, pmem = 4.19, del = { 2, 0 }, type = "stride", max_blocks = 2 },
  stream = { warps = 2048, blocks = 128, cpi = 18.93, pmem = 4.21, del = { 2, 5 }, type = "stride", max_blocks = 1 },
  backprop = { warps = 16384, blocks = 2048, cpi = 21.47, pmem = 4.16, del = { 0, 5 }, type = "mp", max_blocks = 2 },
  cell = { warps = 21296, blocks = 1331, cpi = 8.81, pmem = 4.19, del = { 0, 1 }, type = "mp", max_blocks = 1 },
  ocean = { warps = 32768, blocks = 16384, cpi = 62.63, pmem = 4.19, del = { 0, 1 }, type = "mp", max_blocks = 8 },
  bfs = { warps = 2048, blocks = 128, cpi = 102.02, pmem = 4.19, del = { 4, 3 }, type = "uncoal", max_blocks = 1 },
  cfid = { warps = 7272, blocks = 1212, cpi = 29.01, pmem = 4.37, del = { 0, 36 }, type = "uncoal", max_blocks = 1 },
  linear = { warps = 8192, blocks = 1024, cpi = 408.9, pmem = 4.18, del = { 0, 27 }, type = "uncoal", max_blocks = 2 },
  sepia = { warps = 8192, blocks = 1024, cpi = 149.46, pmem = 4.19, del = { 0, 2 }, type = "uncoal", max_blocks = 3 },
}

-- Cycles per warp instruction per core (the paper's CPI) of a run's totals.
function M.cpi(t)
  if not t.warp_insns or t.warp_insns == 0 then return nil end
  return t.cycles * (t["sm.count"] or 1) / t.warp_insns
end

local function kernel_names()
  local t = {}
  for _, e in ipairs(M.kernels) do t[#t + 1] = e.name end
  return table.concat(t, ", ")
end

-- The kernels an experiment runs: the comma-separated names of its first
-- free command-line argument, else `default` (else the paper's set).
function M.select(ex, default)
  local list = default or M.paper_kernels()
  local a1 = ex.args and ex.args[1]
  if not a1 then return list end
  local out = {}
  for name in a1:gmatch("[^,]+") do
    local e = M.by_name[name]
    if not e then error(("unknown kernel '%s' (known: %s)"):format(name, kernel_names()), 0) end
    out[#out + 1] = e
  end
  return out
end

-- Kernel e's variant on a fresh gpu of experiment ex with M.options and
-- then `set` (e.g. a throttle); returns gpu:stats().  The BFS kernels run
-- on the catalogue's G65536 (Rodinia's graph65536; a generated stand-in
-- when --quick or when the file is absent).
-- after(gpu), when given, runs after the kernel (to read tables, the
-- throttle's state ...) before the gpu is closed.
function M.run(ex, e, variant, set, label, after)
  local o = {}
  for k, v in pairs(M.options) do o[k] = v end
  for k, v in pairs(set or {}) do o[k] = v end
  local ropts = {}
  if e.name == "bfs" or e.name == "bfs_topo" then ropts.graph = ex:graph("G65536") end
  return ex:run(o, function(gpu)
    local ok, msg = e.run(gpu, variant, ex.quick, ropts)
    if after then after(gpu) end
    return ok, msg
  end, label or (e.name .. "/" .. variant))
end

-- The throttle of SM sm (default 0) after a run: its final degree, how
-- many times it changed, and the reasons of its changes in order.
function M.throttle_trace(gpu, sm)
  sm = sm or 0
  local th = gpu:throttle(sm)
  local whys = {}
  for _, t in ipairs(gpu:transitions()) do
    if t.sm == sm and t.source == "throttle" then
      whys[#whys + 1] = ("%s->%s (%s)"):format(tostring(t.from), tostring(t.to), tostring(t.why))
    end
  end
  return { degree = th and th.degree, changes = th and th.changes, why = table.concat(whys, "; ") }
end

-- A finite number or nil (derived statistics are NaN when undefined).
local function num(x)
  if type(x) ~= "number" or x ~= x or x == math.huge or x == -math.huge then return nil end
  return x
end
M.num = num

-- Percent a / b, nil when b is 0.
function M.pct(a, b)
  if not a or not b or b == 0 then return nil end
  return 100 * a / b
end

-- What a run shows against the run without prefetching (both gpu:stats()):
-- speedup, cycles, insn (% more warp instructions), warps (resident warps
-- per core on average), issued, acc (% of issued prefetches used, late
-- included), late (% of used prefetches that were late), early (prefetched
-- lines evicted unused), lat (average latency of demand requests not served
-- at once by the prefetch cache), dram (data-bus utilisation %), served (%
-- of demand requests served by the prefetch cache, present or in flight).
function M.metrics(base, st)
  local b, t = base.total, st.total
  local served = (t["pf.pfc_hits"] or 0) + (t["mem.latency_n.pfc"] or 0)
  return {
    speedup = b.cycles / t.cycles, cycles = t.cycles,
    insn = 100 * (t.warp_insns - b.warp_insns) / b.warp_insns,
    warps = num(t.warps_active), issued = t["pf.issued"] or 0,
    acc = num(t["pf.accuracy"]) and 100 * t["pf.accuracy"] or nil,
    late = num(t["pf.lateness"]) and 100 * t["pf.lateness"] or nil,
    early = t["pf.early"] or 0, lat = num(t["mem.avg_latency"]),
    dram = num(t["dram.bandwidth_util"]) and 100 * t["dram.bandwidth_util"] or nil,
    served = M.pct(served, t["mem.accesses"]),
  }
end

return M
