-- warpscope.exp_mtp_loops: the MTP kernels with loops -- the paper's
-- stride type and its Fig. 3/4 vector adds -- registered in
-- warpscope.exp_mtp (see its header for the entries' fields and the
-- variants).  Loaded by exp_mtp only.
local ws = require "warpscope"
local S = require "warpscope.scenario"
local pack, unpack = string.pack, string.unpack

return function(M)
  local add, module, cached = M.add, M.module, M.cached
  local f32, fadd, fsub, fmul, fdiv = M.f32, M.fadd, M.fsub, M.fmul, M.fdiv
  -- conv, mersenne and pns live in exp_mtp_sdk; registered below at their
  -- places in Table III's order (black, conv, mersenne, monte, pns, ...).
  local more = require "warpscope.exp_mtp_sdk" (M)
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

  -- ------------------------------------------------------------------ black
  -- Black-Scholes-like pricer (kernels/mtp_black.cu): grid-stride loop over
  -- options, three input arrays, two outputs (SDK BlackScholes: 128 threads
  -- per block, 3 blocks per core in the paper).

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

  more.conv()
  more.mersenne()

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

  more.pns()

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
end
