-- warpscope.exp_mtp_mp: the MTP paper's massively parallel (mp) kernels,
-- registered in warpscope.exp_mtp (see its header for the entries' fields
-- and the variants).  Loaded by exp_mtp only.
local ws = require "warpscope"
local S = require "warpscope.scenario"

return function(M)
  local add, module, cached = M.add, M.module, M.cached
  local f32, fadd, fsub, fmul = M.f32, M.fadd, M.fsub, M.fmul
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
end
