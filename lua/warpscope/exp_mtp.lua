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
-- paper's benchmark name, as in its figures; extra = true for kernels that
-- are not one of the paper's 14: its Fig. 3/4 examples and the CSR form of
-- BFS), desc, block (threads per
-- block, the paper's #warps / #blocks from Table III), blocks_per_core (the
-- paper's Table III maximum, enforced with dynamic shared memory as the
-- CUDA occupancy calculator would count it; the kernel's registers on the
-- machine may lower it further), variants (list), and
-- same (same.mtswp = "ip" where MT-SWP runs exactly the IP kernel: a
-- kernel without a loop), and
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
-- opts (optional): graph (a ws.graph for the BFS kernels), n (problem size
-- override; quick picks the small size).
--
-- Machine: g80-mtp plus M.options (merge them into the gpu's options).
-- The paper's Table III gives each benchmark's blocks per core; on the
-- 8800GT's 8192 registers per SM, warpscope's register estimate (PTX
-- liveness, about 20-40% above what ptxas allocates for sm_75) would not
-- fit 512-thread blocks at all and would cut the prefetching variants'
-- occupancy by estimate noise.  M.options raises sm.regs to 16384 (the
-- GT200 register file) so that registers never bind; the blocks per core
-- are then the paper's, set by the dynamic shared memory of M.shape.
-- M.occupancy tells what a launch really gets.
local ws = require "warpscope"
local S = require "warpscope.scenario"

local M = {}

M.variants = { "base", "stride", "reg", "ip", "mtswp" }
M.options = { ["sm.regs"] = 16384 }
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

function M.shape(gpu, kernel, grid, block, blocks_per_core)
  local sh = { grid = grid, block = block }
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
  if type(block) == "table" then block = (block[1] or 1) * (block[2] or 1) * (block[3] or 1) end
  local warps = (block + 31) // 32
  lim.ctas = opt("sm.ctas")
  local thr = opt("sm.threads")
  if thr then lim.threads = thr // block end
  local regs = opt("sm.regs")
  if regs and k.regs > 0 then lim.regs = regs // (k.regs * 32 * warps) end
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
-- vadd: the paper's own IP example (Fig. 3 right, Fig. 4): one element per
-- thread, c = a + b.  Loop-free ("mp").
local function vadd_inputs(n)
  local d = cached("vadd:" .. n, function()
    local a, b, want = {}, {}, {}
    for i = 1, n do
      a[i], b[i] = (i % 977) * 0.5, (i % 131) * 0.25
      want[i] = a[i] + b[i]   -- exact: small binary fractions
    end
    return { a, b, want }
  end)
  return d[1], d[2], d[3]
end

add {
  name = "vadd", type = "mp", analogue = "fig4", extra = true,
  desc = "c[i] = a[i] + b[i], one element per thread (the paper's Fig. 3/4 example)",
  block = 256, variants = { "base", "ip", "mtswp" },
  impl = function(gpu, variant, quick, opts)
    local n = opts.n or (quick and 16384 or 1048576)
    local m = module(gpu, "kernels/mtswp.ptx")
    local k = m:kernel(variant == "base" and "vadd" or "vadd_ip")
    local a, b, want = vadd_inputs(n)
    local A = gpu:array("f32", a, { name = "a" })
    local B = gpu:array("f32", b, { name = "b" })
    local C = gpu:array("f32", n, { name = "c" })
    gpu:launch(k, M.shape(gpu, k, S.ceil_div(n, 256), 256, nil), A, B, C, n)
    return ws.check.equal(C:read(), want)
  end,
}

-- vadd_loop: the sequential loop of Fig. 3 (left) as a grid-stride loop,
-- 4 blocks per core; stride prefetching fetches the next iteration.
add {
  name = "vadd_loop", type = "stride", analogue = "fig3", extra = true,
  desc = "grid-stride loop c[i] = a[i] + b[i] (the paper's Fig. 3 loop)",
  block = 256, variants = { "base", "stride" },
  impl = function(gpu, variant, quick, opts)
    local n = opts.n or (quick and 32768 or 2097152)
    local m = module(gpu, "kernels/mtswp.ptx")
    local k = m:kernel(variant == "base" and "vadd_loop" or "vadd_loop_pf")
    local a, b, want = vadd_inputs(n)
    local A = gpu:array("f32", a, { name = "a" })
    local B = gpu:array("f32", b, { name = "b" })
    local C = gpu:array("f32", n, { name = "c" })
    gpu:launch(k, M.shape(gpu, k, 4 * gpu.sms, 256, nil), A, B, C, n)
    return ws.check.equal(C:read(), want)
  end,
}

-- bfs_topo: the topology-driven BFS (Rodinia's two kernels, CSR row
-- offsets) of scenarios/kernels/bfs_topo.cu; no prefetching variants.
local function bfs_graph(quick, opts)
  if opts.graph then return opts.graph end
  -- Rodinia's graph generator: uniform random degrees, symmetric
  -- (graph65536 has degrees 1..24, mean 6).
  local n = opts.n or (quick and 4096 or 65536)
  return ws.graph.uniform { n = n, min_degree = 1, max_degree = 5, directed = false, seed = 65536 }
end
M.bfs_graph = bfs_graph

add {
  name = "bfs_topo", type = "uncoal", analogue = "bfs", extra = true,
  desc = "topology-driven BFS (Rodinia's kernels on CSR offsets), scenarios/kernels/bfs_topo.cu",
  block = 256, variants = { "base" },
  impl = function(gpu, variant, quick, opts)
    local B = require "warpscope.bfs"
    local ok, msg = B.topo(gpu, bfs_graph(quick, opts), 0)
    return ok, msg
  end,
}

-- ------------------------------------------------------------------ black
-- Black-Scholes-like pricer (kernels/mtp_black.cu): grid-stride loop over
-- options, three input arrays, two outputs (SDK BlackScholes: 128 threads
-- per block, 3 blocks per core in the paper).
local fadd, fsub, fmul = M.fadd, M.fsub, M.fmul
local function fdiv(a, b) return f32(a / b) end
M.fdiv = fdiv

local black_c = { f32(0.2316419), f32(1.330274429), f32(-1.821255978), f32(1.781477937), f32(-0.356563782),
  f32(0.319381530) }
local function cnd(d)
  local c = black_c
  local k = fdiv(1, fadd(1, fmul(c[1], math.abs(d))))
  local p = fmul(k, c[2])
  p = fmul(k, fadd(c[3], p))
  p = fmul(k, fadd(c[4], p))
  p = fmul(k, fadd(c[5], p))
  p = fmul(k, fadd(c[6], p))
  p = fdiv(p, fadd(1, fmul(0.5, fmul(d, d))))
  if d > 0 then return fsub(1, p) end
  return p
end

local function black_price(s, x, t, r, v)
  local a = fmul(v, t)
  local d1 = fdiv(fadd(fsub(s, x), fmul(r, t)), fadd(a, 1))
  local d2 = fsub(d1, a)
  local n1, n2 = cnd(d1), cnd(d2)
  local xe = fmul(x, fsub(1, fmul(r, t)))
  return fsub(fmul(s, n1), fmul(xe, n2)), fsub(fmul(xe, fsub(1, n2)), fmul(s, fsub(1, n1)))
end

add {
  name = "black", type = "stride", analogue = "black",
  desc = "Black-Scholes-like pricer: grid-stride loop, 3 input and 2 output arrays",
  block = 128, blocks_per_core = 3, variants = { "base", "stride", "reg", "ip", "mtswp" },
  impl = function(gpu, variant, quick, opts)
    local block, bpc = 128, 3
    local grid = gpu.sms * bpc                 -- every block resident: one wave
    local iters = quick and 4 or 64
    local n = opts.n or grid * block * iters
    local k = module(gpu, "kernels/mtp_black.ptx"):kernel("black_" .. variant)
    local r, v = f32(0.02), f32(0.30)
    local d = cached("black:" .. n, function()
      local hs, hx, ht, wc, wp = {}, {}, {}, {}, {}
      for i = 1, n do
        hs[i] = f32(5 + ((i * 7919) % 1000) * 0.025)        -- 5 .. 30
        hx[i] = f32(1 + ((i * 104729) % 3960) * 0.025)      -- 1 .. 100
        ht[i] = f32(0.25 + ((i * 1299709) % 390) * 0.025)   -- 0.25 .. 10
        wc[i], wp[i] = black_price(hs[i], hx[i], ht[i], r, v)
      end
      return { hs, hx, ht, wc, wp }
    end)
    local hs, hx, ht, wc, wp = d[1], d[2], d[3], d[4], d[5]
    local dS = gpu:array("f32", hs, { name = "S" })
    local dX = gpu:array("f32", hx, { name = "X" })
    local dT = gpu:array("f32", ht, { name = "T" })
    local dC = gpu:array("f32", n, { name = "call" })
    local dP = gpu:array("f32", n, { name = "put" })
    gpu:launch(k, M.shape(gpu, k, grid, block, bpc), dS, dX, dT, dC, dP, n, r, v)
    local ok, msg = ws.check.equal(dC:read(), wc)
    if not ok then return false, "call: " .. msg end
    ok, msg = ws.check.equal(dP:read(), wp)
    if not ok then return false, "put: " .. msg end
    return true
  end,
}

-- Block sum of 256 partial sums as the kernels do it in shared memory:
-- sh[t] += sh[t + s] for s = 128, 64, ..., 1 (float32).  part is 1-based.
local function tree_sum(part)
  local sh = {}
  for t = 1, #part do sh[t] = part[t] end
  local st = #part // 2
  while st > 0 do
    for t = 1, st do sh[t] = fadd(sh[t], sh[t + st]) end
    st = st // 2
  end
  return sh[1]
end
M.tree_sum = tree_sum

-- ------------------------------------------------------------------ monte
-- Monte-Carlo pricer (kernels/mtp_monte.cu): one block per option, every
-- block walks the same sample array with a stride of 256 (SDK MonteCarlo:
-- 256 threads per block, 2 blocks per core in the paper).
add {
  name = "monte", type = "stride", analogue = "monte",
  desc = "Monte-Carlo pricer: one block per option, per-thread loop over shared samples, block reduction",
  block = 256, blocks_per_core = 2, variants = { "base", "stride", "reg", "ip", "mtswp" },
  impl = function(gpu, variant, quick, opts)
    local block, bpc = 256, 2
    local nopt = gpu.sms * bpc * (quick and 1 or 4)
    local pathN = opts.n or (quick and 2048 or 16384)
    local k = module(gpu, "kernels/mtp_monte.ptx"):kernel("monte_" .. variant)
    local mu, sig, c6 = f32(0.01), f32(0.2), f32(0.16666667)
    local d = cached(("monte:%d:%d"):format(nopt, pathN), function()
      local r, e = {}, {}
      for pos = 1, pathN do
        r[pos] = f32((((pos - 1) * 2654435761) % 4001 - 2000) / 1000)
        local y = fadd(mu, fmul(sig, r[pos]))
        local v = fadd(0.5, fmul(y, c6))
        v = fadd(1, fmul(y, v))
        e[pos] = fadd(1, fmul(y, v))
      end
      local hs, hx = {}, {}
      for b = 1, nopt do
        hs[b] = f32(20 + (b * 37 % 80) * 0.25)
        hx[b] = f32(15 + (b * 53 % 120) * 0.25)
      end
      local want = {}
      for b = 1, nopt do
        local s, x, part = hs[b], hx[b], {}
        for t = 1, block do
          local sum = 0.0
          for pos = t, pathN, block do
            local v = fsub(fmul(s, e[pos]), x)
            sum = fadd(sum, v > 0 and v or 0.0)
          end
          part[t] = sum
        end
        want[b] = tree_sum(part)
      end
      return { r, hs, hx, want }
    end)
    local dR = gpu:array("f32", d[1], { name = "samples" })
    local dS = gpu:array("f32", d[2], { name = "S" })
    local dX = gpu:array("f32", d[3], { name = "X" })
    local dO = gpu:array("f32", nopt, { name = "out" })
    gpu:launch(k, M.shape(gpu, k, nopt, block, bpc), dR, dS, dX, dO, pathN, mu, sig)
    return ws.check.equal(dO:read(), d[4])
  end,
}

-- ----------------------------------------------------------------- scalar
-- Dot products (kernels/mtp_scalar.cu): blocks loop over vectors, threads
-- over elements with a stride of 256 (SDK scalarProd: 256 threads per
-- block, 2 blocks per core in the paper).
add {
  name = "scalar", type = "stride", analogue = "scalar",
  desc = "dot products of vector pairs: per-thread strided loop over 2 arrays, block reduction",
  block = 256, blocks_per_core = 2, variants = { "base", "stride", "reg", "ip", "mtswp" },
  impl = function(gpu, variant, quick, opts)
    local block, bpc = 256, 2
    local grid = gpu.sms * bpc
    local vectorN = grid * (quick and 1 or 16)
    local elementN = opts.n or (quick and 1024 or 4096)
    local n = vectorN * elementN
    local k = module(gpu, "kernels/mtp_scalar.ptx"):kernel("scalar_" .. variant)
    local d = cached(("scalar:%d:%d"):format(vectorN, elementN), function()
      local a, b = {}, {}
      for i = 1, n do
        a[i] = f32(((i * 7) % 257 - 128) / 64)
        b[i] = f32(((i * 13) % 263 - 131) / 32)
      end
      local want = {}
      for v = 0, vectorN - 1 do
        local base, part = v * elementN, {}
        for t = 1, block do
          local sum = 0.0
          for pos = base + t, base + elementN, block do sum = fadd(sum, fmul(a[pos], b[pos])) end
          part[t] = sum
        end
        want[v + 1] = tree_sum(part)
      end
      return { a, b, want }
    end)
    local dA = gpu:array("f32", d[1], { name = "A" })
    local dB = gpu:array("f32", d[2], { name = "B" })
    local dC = gpu:array("f32", vectorN, { name = "C" })
    gpu:launch(k, M.shape(gpu, k, grid, block, bpc), dA, dB, dC, vectorN, elementN)
    return ws.check.equal(dC:read(), d[3])
  end,
}

-- ----------------------------------------------------------------- stream
-- Streamcluster's gain kernel (kernels/mtp_stream.cu): one thread per
-- point, loop over dimensions of dimension-major coordinates (Rodinia
-- streamcluster: 512 threads per block, 1 block per core in the paper).
add {
  name = "stream", type = "stride", analogue = "stream",
  desc = "streamcluster-like gain: per-point loop over dimension-major coordinates, 16-byte point records",
  block = 512, blocks_per_core = 1, variants = { "base", "stride", "reg", "ip", "mtswp" },
  impl = function(gpu, variant, quick, opts)
    local block, bpc = 512, 1
    local num = opts.n or (quick and gpu.sms * block or 65536)
    local dim = quick and 8 or 32
    local centres = quick and { 5 } or { 5, num // 2 + 3 }
    local k = module(gpu, "kernels/mtp_stream.ptx"):kernel("stream_" .. variant)
    local d = cached(("stream:%d:%d"):format(num, dim), function()
      local coord, w, c, raw, pts = {}, {}, {}, {}, {}
      for i = 1, num * dim do coord[i] = f32(((i * 2654435761) % 1021) / 128) end
      for p = 1, num do
        w[p] = f32(1 + (p % 7) * 0.5)
        c[p] = f32(((p * 40503) % 65521) * 0.125)
        raw[p] = pack("<ffii", w[p], c[p], p % 10, 0)
      end
      local blob = table.concat(raw)
      for i = 1, num * 4 do pts[i] = (unpack("<i4", blob, 4 * (i - 1) + 1)) end
      local want = {}
      for ci, x in ipairs(centres) do
        local wg, ww = {}, {}
        for p = 0, num - 1 do
          local dist = 0.0
          for dd = 0, dim - 1 do
            local df = fsub(coord[dd * num + p + 1], coord[dd * num + x + 1])
            dist = fadd(dist, fmul(df, df))
          end
          local xc = fmul(dist, w[p + 1])
          if xc < c[p + 1] then wg[p + 1], ww[p + 1] = fsub(c[p + 1], xc), 1 else wg[p + 1], ww[p + 1] = 0.0, 0 end
        end
        want[ci] = { wg, ww }
      end
      return { coord, pts, want }
    end)
    local dCo = gpu:array("f32", d[1], { name = "coord" })
    local dP = gpu:array("i32", d[2], { name = "points" })
    local dG = gpu:array("f32", num, { name = "gain" })
    local dW = gpu:array("i32", num, { name = "switch" })
    for ci, x in ipairs(centres) do
      gpu:launch(k, M.shape(gpu, k, S.ceil_div(num, block), block, bpc), dCo, dP, x, num, dim, dG, dW)
      local ok, msg = ws.check.equal(dG:read(), d[3][ci][1])
      if not ok then return false, ("gain (centre %d): %s"):format(x, msg) end
      ok, msg = ws.check.equal(dW:read(), d[3][ci][2])
      if not ok then return false, ("switch (centre %d): %s"):format(x, msg) end
    end
    return true
  end,
}

-- --------------------------------------------------------------- backprop
-- Weight update of a perceptron layer (kernels/mtp_backprop.cu), Rodinia
-- bpnn_adjust_weights' indexing: 16 x 16 blocks, one weight per thread
-- (paper: 256 threads per block, 2 blocks per core, 2048 blocks).
add {
  name = "backprop", type = "mp", analogue = "backprop",
  desc = "backprop weight update: one weight per thread, 16x16 blocks over a 17-wide matrix, no loop",
  block = 256, blocks_per_core = 2, variants = { "base", "ip", "mtswp" },
  impl = function(gpu, variant, quick, opts)
    local bpc = 2
    local nblocks = opts.n or (quick and gpu.sms * bpc * 4 or 2048)
    local inn = 16 * nblocks
    local k = module(gpu, "kernels/mtp_backprop.ptx"):kernel(variant == "base" and "backprop_base" or "backprop_ip")
    local d = cached("backprop:" .. nblocks, function()
      local delta, ly, w, oldw = {}, {}, {}, {}
      for i = 1, 17 do delta[i] = f32(((i * 5) % 17 - 8) / 16) end
      for i = 1, inn + 1 do ly[i] = f32(((i * 11) % 61) / 64) end
      local nw = (inn + 1) * 17
      for i = 1, nw do
        w[i] = f32(((i * 29) % 97 - 48) / 32)
        oldw[i] = f32(((i * 31) % 89 - 44) / 128)
      end
      local ww, wo = table.move(w, 1, nw, 1, {}), table.move(oldw, 1, nw, 1, {})
      local eta = f32(0.3)
      for iy = 1, inn do
        for ix = 1, 16 do
          local idx = 17 * iy + ix + 1          -- 1-based
          local t = fadd(fmul(fmul(eta, delta[ix + 1]), ly[iy + 1]), fmul(eta, oldw[idx]))
          ww[idx], wo[idx] = fadd(w[idx], t), t
        end
      end
      return { delta, ly, w, oldw, ww, wo }
    end)
    local dD = gpu:array("f32", d[1], { name = "delta" })
    local dL = gpu:array("f32", d[2], { name = "ly" })
    local dW = gpu:array("f32", d[3], { name = "w" })
    local dO = gpu:array("f32", d[4], { name = "oldw" })
    gpu:launch(k, M.shape(gpu, k, { 1, nblocks }, { 16, 16 }, bpc), dD, dL, dW, dO, inn)
    local ok, msg = ws.check.equal(dW:read(), d[5])
    if not ok then return false, "w: " .. msg end
    ok, msg = ws.check.equal(dO:read(), d[6])
    if not ok then return false, "oldw: " .. msg end
    return true
  end,
}

-- ------------------------------------------------------------------- cell
-- 3-D seven-point stencil step (kernels/mtp_cell.cu): 8x8x8 blocks, one
-- cell per thread (paper's cell: 512 threads per block, 1 block per core,
-- 11^3 blocks).
add {
  name = "cell", type = "mp", analogue = "cell",
  desc = "3-D 7-point stencil step: one cell per thread in 8x8x8 blocks, no loop",
  block = 512, blocks_per_core = 1, variants = { "base", "ip", "mtswp" },
  impl = function(gpu, variant, quick, opts)
    local bpc = 1
    local b = opts.n or (quick and 4 or 11)
    local nx = 8 * b
    local n = nx * nx * nx
    local k = module(gpu, "kernels/mtp_cell.ptx"):kernel(variant == "base" and "cell_base" or "cell_ip")
    local d = cached("cell:" .. b, function()
      local a = {}
      for i = 1, n do a[i] = f32(((i * 2654435761) % 1009) / 64) end
      local want, plane = {}, nx * nx
      local c0, c1 = 0.25, 0.125
      for z = 0, nx - 1 do
        for y = 0, nx - 1 do
          for x = 0, nx - 1 do
            local c = z * plane + y * nx + x + 1
            local xm = a[x > 0 and c - 1 or c]
            local xp = a[x + 1 < nx and c + 1 or c]
            local ym = a[y > 0 and c - nx or c]
            local yp = a[y + 1 < nx and c + nx or c]
            local zm = a[z > 0 and c - plane or c]
            local zp = a[z + 1 < nx and c + plane or c]
            local sm = fadd(fadd(fadd(xm, xp), fadd(ym, yp)), fadd(zm, zp))
            want[c] = fadd(fmul(c0, a[c]), fmul(c1, sm))
          end
        end
      end
      return { a, want }
    end)
    local dI = gpu:array("f32", d[1], { name = "in" })
    local dO = gpu:array("f32", n, { name = "out" })
    gpu:launch(k, M.shape(gpu, k, { b, b, b }, { 8, 8, 8 }, bpc), dI, dO, nx, nx, nx)
    return ws.check.equal(dO:read(), d[2])
  end,
}

-- ------------------------------------------------------------------ ocean
-- Radix-2 FFT butterfly stages (kernels/mtp_ocean.cu), one launch per
-- stage (paper's ocean: 64 threads per block, 8 blocks per core).
add {
  name = "ocean", type = "mp", analogue = "ocean",
  desc = "radix-2 FFT: one butterfly per thread, one launch per stage, float2 data and twiddles",
  block = 64, blocks_per_core = 8, variants = { "base", "ip", "mtswp" },
  impl = function(gpu, variant, quick, opts)
    local block, bpc = 64, 8
    local lg = opts.n or (quick and 11 or 17)
    local n = 1 << lg
    local k = module(gpu, "kernels/mtp_ocean.ptx"):kernel(variant == "base" and "ocean_base" or "ocean_ip")
    local d = cached("ocean:" .. lg, function()
      local x, tw = {}, {}
      for i = 1, 2 * n do x[i] = f32(((i * 40503) % 2003 - 1001) / 256) end
      for j = 0, n // 2 - 1 do
        local ang = -2 * math.pi * j / n
        tw[2 * j + 1], tw[2 * j + 2] = f32(math.cos(ang)), f32(math.sin(ang))
      end
      local cur, nxt = table.move(x, 1, 2 * n, 1, {}), {}
      local s = 1
      while s < n do
        local twstride = n // (2 * s)
        for t = 0, n // 2 - 1 do
          local j = t & (s - 1)
          local i0 = 2 * (t - j) + j
          local i1 = i0 + s
          local wi = 2 * (j * twstride) + 1
          local wr, wim = tw[wi], tw[wi + 1]
          local ar, ai = cur[2 * i0 + 1], cur[2 * i0 + 2]
          local br, bi = cur[2 * i1 + 1], cur[2 * i1 + 2]
          local tr = fsub(fmul(wr, br), fmul(wim, bi))
          local ti = fadd(fmul(wr, bi), fmul(wim, br))
          nxt[2 * i0 + 1], nxt[2 * i0 + 2] = fadd(ar, tr), fadd(ai, ti)
          nxt[2 * i1 + 1], nxt[2 * i1 + 2] = fsub(ar, tr), fsub(ai, ti)
        end
        cur, nxt = nxt, cur
        s = s * 2
      end
      return { x, tw, cur }
    end)
    local dA = gpu:array("f32", d[1], { name = "x" })
    local dB = gpu:array("f32", 2 * n, { name = "y" })
    local dT = gpu:array("f32", d[2], { name = "tw" })
    local sh = M.shape(gpu, k, S.ceil_div(n // 2, block), block, bpc)
    local s = 1
    while s < n do
      gpu:launch(k, sh, dA, dB, dT, n, s, n // (2 * s))
      dA, dB = dB, dA
      s = s * 2
    end
    return ws.check.equal(dA:read(), d[3])
  end,
}

-- -------------------------------------------------------------------- bfs
-- Rodinia BFS (kernels/mtp_bfs.cu): 8-byte vertex records, byte flags,
-- 512 threads per block, 1 block per core (paper: 128 blocks, graph65536).
add {
  name = "bfs", type = "uncoal", analogue = "bfs",
  desc = "Rodinia BFS: thread per vertex, {first, count} vertex records, byte flags, two kernels a level",
  block = 512, blocks_per_core = 1, variants = { "base", "ip", "mtswp" },
  impl = function(gpu, variant, quick, opts)
    local block, bpc = 512, 1
    local g = bfs_graph(quick, opts)
    local n = g.n
    local m = module(gpu, "kernels/mtp_bfs.ptx")
    local sfx = variant == "base" and "_base" or "_ip"
    local k1, k2 = m:kernel("bfs_expand" .. sfx), m:kernel("bfs_update" .. sfx)
    local rec, row = {}, g.row
    for v = 0, n - 1 do
      rec[2 * v + 1], rec[2 * v + 2] = row[v], row[v + 1] - row[v]
    end
    local nodes = gpu:array("i32", rec, { name = "nodes" })
    local edges = gpu:array("i32", g.col, { name = "edges" })
    local frontier = gpu:array("u8", n, { name = "frontier" })
    local nxt = gpu:array("u8", n, { name = "next" })
    local visited = gpu:array("u8", n, { name = "visited" })
    local cost = gpu:array("i32", n, { name = "cost", fill = -1 })
    local more = gpu:array("u8", 1, { name = "more" })
    local src = g.source or 0
    frontier[src], visited[src], cost[src] = 1, 1, 0
    local grid = S.ceil_div(n, block)
    local sh1 = M.shape(gpu, k1, grid, block, bpc)
    local sh2 = M.shape(gpu, k2, grid, block, bpc)
    repeat
      more[0] = 0
      gpu:launch(k1, sh1, nodes, edges, frontier, nxt, visited, cost, n)
      gpu:launch(k2, sh2, frontier, nxt, visited, more, n)
    until more[0] == 0
    return ws.check.equal(cost:read(), g:bfs(src))
  end,
}

-- An RGB image of w x h float pixels (r, g, b interleaved), deterministic.
local function rgb_image(w, h)
  return cached(("rgb:%d:%d"):format(w, h), function()
    local img = {}
    for i = 1, 3 * w * h do img[i] = f32(((i * 2654435761) % 1021) / 1024) end
    return img
  end)
end

-- ----------------------------------------------------------------- linear
-- 3x3 box filter on 12-byte pixels (kernels/mtp_linear.cu); paper's
-- linear: 256 threads per block, 2 blocks per core, 1024 blocks (512x512).
add {
  name = "linear", type = "uncoal", analogue = "linear",
  desc = "3x3 box filter on an array of 12-byte RGB pixels: 27 uncoalesced loads per thread, no loop",
  block = 256, blocks_per_core = 2, variants = { "base", "ip", "mtswp" },
  impl = function(gpu, variant, quick, opts)
    local block, bpc = 256, 2
    local w = opts.n or (quick and 128 or 512)
    local h = quick and 64 or 512
    local k = module(gpu, "kernels/mtp_linear.ptx"):kernel(variant == "base" and "linear_base" or "linear_ip")
    local img = rgb_image(w, h)
    local want = cached(("linear:%d:%d"):format(w, h), function()
      local out, ninth = {}, f32(0.11111111)
      for y = 0, h - 1 do
        for x = 0, w - 1 do
          local r, g, b = 0.0, 0.0, 0.0
          for dy = -1, 1 do
            local yy = math.min(math.max(y + dy, 0), h - 1)
            for dx = -1, 1 do
              local xx = math.min(math.max(x + dx, 0), w - 1)
              local q = 3 * (yy * w + xx)
              r, g, b = fadd(r, img[q + 1]), fadd(g, img[q + 2]), fadd(b, img[q + 3])
            end
          end
          local q = 3 * (y * w + x)
          out[q + 1], out[q + 2], out[q + 3] = fmul(r, ninth), fmul(g, ninth), fmul(b, ninth)
        end
      end
      return out
    end)
    local dI = gpu:array("f32", img, { name = "in" })
    local dO = gpu:array("f32", 3 * w * h, { name = "out" })
    gpu:launch(k, M.shape(gpu, k, S.ceil_div(w * h, block), block, bpc), dI, dO, w, h)
    return ws.check.equal(dO:read(), want)
  end,
}

-- ------------------------------------------------------------------ sepia
-- Sepia tone on 12-byte pixels (kernels/mtp_sepia.cu); paper's sepia: 256
-- threads per block, 3 blocks per core, 1024 blocks.
local sepia_c = {
  { f32(0.393), f32(0.769), f32(0.189) }, { f32(0.349), f32(0.686), f32(0.168) },
  { f32(0.272), f32(0.534), f32(0.131) },
}
add {
  name = "sepia", type = "uncoal", analogue = "sepia",
  desc = "sepia tone on an array of 12-byte RGB pixels: 3 uncoalesced loads per thread, no loop",
  block = 256, blocks_per_core = 3, variants = { "base", "ip", "mtswp" },
  impl = function(gpu, variant, quick, opts)
    local block, bpc = 256, 3
    local n = opts.n or (quick and 16384 or 262144)
    local k = module(gpu, "kernels/mtp_sepia.ptx"):kernel(variant == "base" and "sepia_base" or "sepia_ip")
    local img = rgb_image(n, 1)
    local want = cached("sepia:" .. n, function()
      local out = {}
      for p = 0, n - 1 do
        local r, g, b = img[3 * p + 1], img[3 * p + 2], img[3 * p + 3]
        for c = 1, 3 do
          local cc = sepia_c[c]
          local v = fadd(fadd(fmul(cc[1], r), fmul(cc[2], g)), fmul(cc[3], b))
          out[3 * p + c] = v < 1 and v or 1.0
        end
      end
      return out
    end)
    local dI = gpu:array("f32", img, { name = "in" })
    local dO = gpu:array("f32", 3 * n, { name = "out" })
    gpu:launch(k, M.shape(gpu, k, S.ceil_div(n, block), block, bpc), dI, dO, n)
    return ws.check.equal(dO:read(), want)
  end,
}

-- -------------------------------------------------------------------- cfd
-- Finite-volume flux on an unstructured mesh (kernels/mtp_cfd.cu): SoA
-- variables, 4 neighbours gathered by index; paper's cfid: 192 threads per
-- block, 1 block per core.  The mesh is a 192-wide grid of elements whose
-- numbering is shuffled inside windows of 1024 (neighbours are near in
-- memory but scattered, as in a real mesh's numbering); left and top faces
-- of the border are walls (-1), right and bottom far field (-2).
local function cfd_state(var, i, nelr)
  local d, mx, my, mz, e = var[i + 1], var[i + nelr + 1], var[i + 2 * nelr + 1], var[i + 3 * nelr + 1],
    var[i + 4 * nelr + 1]
  local inv = fdiv(1, d)
  local vx, vy, vz = fmul(mx, inv), fmul(my, inv), fmul(mz, inv)
  local ke = fmul(0.5, fadd(fadd(fmul(vx, mx), fmul(vy, my)), fmul(vz, mz)))
  return d, mx, my, mz, e, vx, vy, vz, fmul(f32(0.4), fsub(e, ke))
end

local function cfd_data(rows, width)
  local nelr = rows * width
  -- element id of grid cell c (0-based): shuffle inside windows of 1024
  local perm, state = {}, 12345
  for c = 0, nelr - 1 do perm[c] = c end
  for w0 = 0, nelr - 1, 1024 do
    local w1 = math.min(w0 + 1023, nelr - 1)
    for i = w1, w0 + 1, -1 do
      state = (state * 1103515245 + 12345) % 2147483648
      local j = w0 + state % (i - w0 + 1)
      perm[i], perm[j] = perm[j], perm[i]
    end
  end
  local var, nbr, nrm = {}, {}, {}
  for i = 0, nelr - 1 do
    var[i + 1] = f32(0.5 + (i * 37 % 97) / 64)
    var[i + nelr + 1] = f32((i * 53 % 129 - 64) / 64)
    var[i + 2 * nelr + 1] = f32((i * 59 % 131 - 65) / 64)
    var[i + 3 * nelr + 1] = f32((i * 61 % 127 - 63) / 64)
    var[i + 4 * nelr + 1] = f32(2 + (i * 67 % 257) / 128)
  end
  for c = 0, nelr - 1 do
    local x, y, id = c % width, c // width, perm[c]
    local nb = { x > 0 and perm[c - 1] or -1, x + 1 < width and perm[c + 1] or -2,
      y > 0 and perm[c - width] or -1, y + 1 < rows and perm[c + width] or -2 }
    for j = 0, 3 do nbr[id + j * nelr + 1] = nb[j + 1] end
  end
  for i = 0, 12 * nelr - 1 do nrm[i + 1] = f32(((i * 2654435761) % 257 - 128) / 128) end
  local want, half = {}, 0.5
  for i = 0, nelr - 1 do
    local d, mx, my, mz, e, vx, vy, vz, p = cfd_state(var, i, nelr)
    local fd, fmx, fmy, fmz, fe = 0.0, 0.0, 0.0, 0.0, 0.0
    for j = 0, 3 do
      local nb = nbr[i + j * nelr + 1]
      local nx, ny, nz = nrm[i + 3 * j * nelr + 1], nrm[i + (3 * j + 1) * nelr + 1], nrm[i + (3 * j + 2) * nelr + 1]
      local vn = fadd(fadd(fmul(vx, nx), fmul(vy, ny)), fmul(vz, nz))
      if nb >= 0 then
        local od, omx, omy, omz, oe, ovx, ovy, ovz, op = cfd_state(var, nb, nelr)
        local vo = fadd(fadd(fmul(ovx, nx), fmul(ovy, ny)), fmul(ovz, nz))
        fd = fadd(fd, fmul(half, fadd(fmul(d, vn), fmul(od, vo))))
        local ph = fmul(half, fadd(p, op))
        fmx = fadd(fmx, fadd(fmul(half, fadd(fmul(mx, vn), fmul(omx, vo))), fmul(ph, nx)))
        fmy = fadd(fmy, fadd(fmul(half, fadd(fmul(my, vn), fmul(omy, vo))), fmul(ph, ny)))
        fmz = fadd(fmz, fadd(fmul(half, fadd(fmul(mz, vn), fmul(omz, vo))), fmul(ph, nz)))
        fe = fadd(fe, fmul(half, fadd(fmul(fadd(e, p), vn), fmul(fadd(oe, op), vo))))
      elseif nb == -1 then
        fmx, fmy, fmz = fadd(fmx, fmul(p, nx)), fadd(fmy, fmul(p, ny)), fadd(fmz, fmul(p, nz))
      else
        fd = fadd(fd, fmul(d, vn))
        fe = fadd(fe, fmul(fadd(e, p), vn))
      end
    end
    want[i + 1], want[i + nelr + 1], want[i + 2 * nelr + 1] = fd, fmx, fmy
    want[i + 3 * nelr + 1], want[i + 4 * nelr + 1] = fmz, fe
  end
  return { var, nbr, nrm, want }
end

add {
  name = "cfd", type = "uncoal", analogue = "cfid",
  desc = "Euler flux on an unstructured mesh: SoA element data, 4 neighbours gathered by index, no loop",
  block = 192, blocks_per_core = 1, variants = { "base", "ip", "mtswp" },
  impl = function(gpu, variant, quick, opts)
    local block, bpc = 192, 1
    local rows = opts.n or (quick and 14 or 506)      -- 506 x 192 = 97,152: Rodinia's 97K mesh size
    local width = 192
    local nelr = rows * width
    local k = module(gpu, "kernels/mtp_cfd.ptx"):kernel(variant == "base" and "cfd_base" or "cfd_ip")
    local d = cached("cfd:" .. rows, function() return cfd_data(rows, width) end)
    local dV = gpu:array("f32", d[1], { name = "variables" })
    local dN = gpu:array("i32", d[2], { name = "neighbours" })
    local dM = gpu:array("f32", d[3], { name = "normals" })
    local dF = gpu:array("f32", 5 * nelr, { name = "fluxes" })
    gpu:launch(k, M.shape(gpu, k, nelr // block, block, bpc), dV, dN, dM, dF, nelr)
    return ws.check.equal(dF:read(), d[4])
  end,
}

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
