-- warpscope.exp_mtp_uncoal: the MTP paper's uncoalesced (uncoal) kernels
-- and the CSR BFS, registered in warpscope.exp_mtp (see its header for the
-- entries' fields and the variants).  Loaded by exp_mtp only.
local ws = require "warpscope"
local S = require "warpscope.scenario"

return function(M)
  local add, module, cached = M.add, M.module, M.cached
  local f32, fadd, fsub, fmul, fdiv = M.f32, M.fadd, M.fsub, M.fmul, M.fdiv
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
end
