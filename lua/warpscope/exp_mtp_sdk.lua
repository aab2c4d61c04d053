-- warpscope.exp_mtp_sdk: three more stride-type MTP kernels, modelled on
-- the paper's conv (CUDA SDK convolutionSeparable), mersenne (CUDA SDK
-- MersenneTwister) and pns (Parboil PNS) -- Table III of Lee et al.,
-- MICRO 2010 (seed 004).  See warpscope.exp_mtp's header for the entries'
-- fields and the variants.  Loaded by exp_mtp_loops only, which registers
-- the entries at their places in Table III's order:
--
--   local more = require "warpscope.exp_mtp_sdk" (M)
--   more.conv(); more.mersenne()     -- after black
--   more.pns()                       -- after monte
local ws = require "warpscope"
local S = require "warpscope.scenario"

return function(M)
  local add, module, cached = M.add, M.module, M.cached
  local f32, fadd, fsub, fmul = M.f32, M.fadd, M.fsub, M.fmul
  local R = {}

  -- ------------------------------------------------------------------- conv
  -- Separable convolution (kernels/mtp_conv.cu): a row pass into a buffer,
  -- then a column pass, each block copying its tile and apron into shared
  -- memory with a strided loop (SDK convolutionSeparable).  192 threads
  -- per block, 2 blocks per core (Table III); the full image, 2752 x 96,
  -- gives 344 + 344 = Table III's 688 blocks.
  local CONV_R, ROW_W, ROW_H, COL_W, COL_H = 8, 64, 12, 16, 48

  -- One pass of the 17-tap filter along x (dx = 1) or y (dx = W), zero
  -- outside the image, summed in tap order as the kernels do.
  local function conv_pass(src, W, H, along_y)
    local w = {}
    for k = 0, 2 * CONV_R do w[k] = f32((k <= CONV_R and k + 1 or 2 * CONV_R + 1 - k) * 0.0078125) end
    local out = {}
    for y = 0, H - 1 do
      for x = 0, W - 1 do
        local sum = 0.0
        for k = 0, 2 * CONV_R do
          local xx, yy = x, y
          if along_y then yy = y + k - CONV_R else xx = x + k - CONV_R end
          local v = 0.0
          if xx >= 0 and xx < W and yy >= 0 and yy < H then v = src[yy * W + xx + 1] end
          sum = fadd(sum, fmul(v, w[k]))
        end
        out[y * W + x + 1] = sum
      end
    end
    return out
  end

  function R.conv()
    add {
      name = "conv", type = "stride", analogue = "conv",
      desc = "separable convolution: row then column pass, strided tile copy into shared memory, 17 taps",
      block = 192, blocks_per_core = 2, variants = { "base", "stride", "reg", "ip", "mtswp" },
      impl = function(gpu, variant, quick, opts)
        local block, bpc = 192, 2
        local W = opts.n or (quick and 448 or 2752)
        local H = quick and 48 or 96
        assert(W % ROW_W == 0 and H % COL_H == 0, "conv: the width must be a multiple of 64")
        local m = module(gpu, "kernels/mtp_conv.ptx")
        local kr, kc = m:kernel("conv_rows_" .. variant), m:kernel("conv_cols_" .. variant)
        local d = cached(("conv:%d:%d"):format(W, H), function()
          local img = {}
          for i = 1, W * H do img[i] = f32(((i - 1) * 2654435761 % 1021 - 510) / 64) end
          local rows = conv_pass(img, W, H, false)
          return { img, rows, conv_pass(rows, W, H, true) }
        end)
        local dSrc = gpu:array("f32", d[1], { name = "image" })
        local dBuf = gpu:array("f32", W * H, { name = "rows" })
        local dDst = gpu:array("f32", W * H, { name = "out" })
        gpu:launch(kr, M.shape(gpu, kr, (W // ROW_W) * (H // ROW_H), block, bpc), dSrc, dBuf, W, H)
        gpu:launch(kc, M.shape(gpu, kc, (W // COL_W) * (H // COL_H), block, bpc), dBuf, dDst, W, H)
        local ok, msg = ws.check.equal(dBuf:read(), d[2])
        if not ok then return false, "row pass: " .. msg end
        ok, msg = ws.check.equal(dDst:read(), d[3])
        if not ok then return false, "column pass: " .. msg end
        return true
      end,
    }
  end

  -- --------------------------------------------------------------- mersenne
  -- Mersenne twisters and Box-Muller (kernels/mtp_mersenne.cu): 4096
  -- twisters, one per thread of 32 blocks of 128 (the SDK's and Table
  -- III's shape, 2 blocks per core); outputs interleaved by twister, the
  -- Box-Muller loop reading two of them 16 KB apart per trip.
  local MT_N, MT_M = 19, 9
  local TWO32 = 2.0 ^ -32
  local bm_c = { f32(0.33333334), f32(6.2831855), f32(0.041666668), f32(0.0013888889), f32(0.008333334),
    f32(0.0001984127), f32(0.16666667) }
  local function fsqrt(x) return f32(math.sqrt(x)) end  -- double then float: correctly rounded

  local function box_muller(u1, u2)
    local c = bm_c
    local d = fsub(1, u1)
    local l = fadd(0.5, fmul(d, c[1]))
    l = fmul(d, fadd(1, fmul(d, l)))
    local r = fsqrt(fmul(2, l))
    local x = fmul(fsub(u2, 0.5), c[2])
    local q = fmul(x, x)
    local co = fsub(c[3], fmul(q, c[4]))
    co = fsub(0.5, fmul(q, co))
    co = fsub(1, fmul(q, co))
    local si = fsub(c[5], fmul(q, c[6]))
    si = fsub(c[7], fmul(q, si))
    si = fmul(x, fsub(1, fmul(q, si)))
    return fmul(r, co), fmul(r, si)
  end

  -- Twister parameters {a, b, c, seed} per twister (ours, from an LCG; a
  -- has its top bit set as the dynamic creator's matrices do), the raw
  -- uniforms and the final Box-Muller output, each indexed g + k n + 1.
  local function mersenne_ref(n, per)
    local cfg, st = {}, 20100101
    local function nxt()
      st = (st * 1664525 + 1013904223) & 0xffffffff
      return st
    end
    for g = 0, n - 1 do
      cfg[4 * g + 1] = nxt() | 0x80000000
      cfg[4 * g + 2], cfg[4 * g + 3], cfg[4 * g + 4] = nxt(), nxt(), nxt()
    end
    local out = {}
    local s = {}
    for g = 0, n - 1 do
      local a, b, c = cfg[4 * g + 1], cfg[4 * g + 2], cfg[4 * g + 3]
      s[0] = cfg[4 * g + 4]
      for j = 1, MT_N - 1 do
        local p = s[j - 1]
        s[j] = (1812433253 * (p ~ (p >> 30)) + j) & 0xffffffff
      end
      for k = 0, per - 1 do
        local j = k % MT_N
        local y = (s[j] & 0xfffffffe) | (s[(j + 1) % MT_N] & 1)
        local v = s[(j + MT_M) % MT_N] ~ (y >> 1)
        if y & 1 ~= 0 then v = v ~ a end
        s[j] = v
        local t = v ~ (v >> 12)
        t = t ~ ((t << 7) & b)
        t = t ~ ((t << 15) & c)
        t = t ~ (t >> 18)
        out[g + k * n + 1] = fmul(fadd(f32(t), 1), TWO32)
      end
    end
    local bm = {}
    for i = 1, n * per, 2 * n do
      for g = 0, n - 1 do
        bm[i + g], bm[i + g + n] = box_muller(out[i + g], out[i + g + n])
      end
    end
    return { cfg, out, bm }
  end

  function R.mersenne()
    add {
      name = "mersenne", type = "stride", analogue = "mersenne",
      desc = "Mersenne twisters (one per thread, strided stores), then Box-Muller over pairs 16 KB apart",
      block = 128, blocks_per_core = 2, variants = { "base", "stride", "reg", "ip", "mtswp" },
      impl = function(gpu, variant, quick, opts)
        local block, bpc, grid = 128, 2, 32
        local n = grid * block
        local per = opts.n or (quick and 2 * MT_N or 16 * MT_N)
        assert(per % (2 * MT_N) == 0, "mersenne: outputs per twister must be a multiple of 38")
        local m = module(gpu, "kernels/mtp_mersenne.ptx")
        local kr, kb = m:kernel("mt_random"), m:kernel("mt_boxmuller_" .. variant)
        local d = cached(("mersenne:%d:%d"):format(n, per), function() return mersenne_ref(n, per) end)
        local dCfg = gpu:array("u32", d[1], { name = "config" })
        local dOut = gpu:array("f32", n * per, { name = "random" })
        gpu:launch(kr, M.shape(gpu, kr, grid, block, bpc), dCfg, dOut, per)
        local ok, msg = ws.check.equal(dOut:read(), d[2])
        if not ok then return false, "twister: " .. msg end
        gpu:launch(kb, M.shape(gpu, kb, grid, block, bpc), dOut, per)
        ok, msg = ws.check.equal(dOut:read(), d[3])
        if not ok then return false, "Box-Muller: " .. msg end
        return true
      end,
    }
  end

  -- -------------------------------------------------------------------- pns
  -- Petri-net runs (kernels/mtp_pns.cu): one run per thread of 18 blocks of
  -- 256 (Table III, 1 block per core), markings interleaved by run, a sweep
  -- loop reading place j + 1 at each trip, the run's seed read once.
  local function pns_ref(T, P, sweeps, rate)
    local seed, mark, st = {}, {}, 4099
    for g = 1, T do
      st = (st * 1664525 + 1013904223) & 0xffffffff
      seed[g] = st | 1
    end
    for p = 0, P - 1 do
      for g = 0, T - 1 do mark[p * T + g + 1] = (p * 7 + g * 3) % 4 end
    end
    local init = table.move(mark, 1, #mark, 1, {})
    local fired = {}
    for g = 0, T - 1 do
      local x, f = seed[g + 1], 0
      local function step()
        x = x ~ ((x << 13) & 0xffffffff)
        x = x ~ (x >> 17)
        x = x ~ ((x << 5) & 0xffffffff)
        return (x >> 24) < rate
      end
      for _ = 1, sweeps do
        local c = mark[g + 1]
        for j = 0, P - 2 do
          local nx = mark[(j + 1) * T + g + 1]
          if step() and c > 0 then c, nx, f = c - 1, nx + 1, f + 1 end
          mark[j * T + g + 1] = c
          c = nx
        end
        local z = mark[g + 1]
        if step() and c > 0 then c, z, f = c - 1, z + 1, f + 1 end
        mark[(P - 1) * T + g + 1] = c
        mark[g + 1] = z
      end
      fired[g + 1] = f
    end
    return { seed, init, mark, fired }
  end

  function R.pns()
    add {
      name = "pns", type = "stride", analogue = "pns",
      desc = "Petri-net runs, one per thread: seed read once, sweep loop over places interleaved by run",
      block = 256, blocks_per_core = 1, variants = { "base", "stride", "reg", "ip", "mtswp" },
      impl = function(gpu, variant, quick, opts)
        local block, bpc = 256, 1
        local T = 18 * block
        local P = opts.n or (quick and 16 or 64)
        local sweeps, rate = quick and 2 or 8, 96
        local k = module(gpu, "kernels/mtp_pns.ptx"):kernel("pns_" .. variant)
        local d = cached(("pns:%d:%d:%d"):format(T, P, sweeps), function() return pns_ref(T, P, sweeps, rate) end)
        local dSeed = gpu:array("u32", d[1], { name = "seed" })
        local dMark = gpu:array("i32", d[2], { name = "mark" })
        local dFired = gpu:array("i32", T, { name = "fired" })
        gpu:launch(k, M.shape(gpu, k, S.ceil_div(T, block), block, bpc), dSeed, dMark, dFired, T, P, sweeps, rate)
        local ok, msg = ws.check.equal(dMark:read(), d[3])
        if not ok then return false, "marking: " .. msg end
        ok, msg = ws.check.equal(dFired:read(), d[4])
        if not ok then return false, "fired: " .. msg end
        return true
      end,
    }
  end

  return R
end
