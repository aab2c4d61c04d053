-- mff_emu.lua: the MFF's calls emulated in software, so the MFF kernels
-- (scenarios/kernels/mff_*_mff.ptx) can be checked for their own logic
-- (chunks of 32, c_index offsets, the target rows, what they do with the
-- words) on a warpscope without the unit.  Not a model of the unit: no
-- timing, no coalescing; the results only.
--
--   local E = require "mff_emu"
--   local opts = E.opts(gpu, "mff_sssp_mff.ptx")   -- { mff_module, configure }
--   F.sssp(gpu, g, src, { mff = true, mff_module = opts.mff_module, configure = opts.configure })
--
-- The PTX text is rewritten:
--   pc_gather.b32 [t], c, s;   a loop over k < s in the thread: word k of
--                              V[C[c + k]] stored to shared address t + 4k
--   pc_scatter_set.b32 c, s;   a loop over k < s: atom.global.or of bit
--                              C[c + k] of the bit vector
--   pc_wait;                   nothing (the loops above are synchronous)
-- C, V and the bit vector's addresses come from a u64[3] device array
-- that the configure hook fills before each launch (in place of
-- gpu:configure_mff).
local E = {}

local function read(path)
  local f = assert(io.open(path, "rb"))
  local s = f:read("a")
  f:close()
  return s
end

local function gather(t, c, s, regs, k)
  return table.concat({
    "{",
    "\t.reg .u64 %wse<5>; .reg .u32 %wsf<4>; .reg .pred %wsq;",
    "\tmov.u64 %wse0, " .. regs .. ";",
    "\tld.global.u64 %wse1, [%wse0];",
    "\tld.global.u64 %wse2, [%wse0+8];",
    "\tmov.u32 %wsf0, 0;",
    "$WSEMU_G" .. k .. ":",
    "\tsetp.ge.u32 %wsq, %wsf0, " .. s .. ";",
    "\t@%wsq bra $WSEMU_GD" .. k .. ";",
    "\tadd.u32 %wsf1, " .. c .. ", %wsf0;",
    "\tmul.wide.u32 %wse3, %wsf1, 4;",
    "\tadd.u64 %wse3, %wse1, %wse3;",
    "\tld.global.u32 %wsf2, [%wse3];",
    "\tmul.wide.u32 %wse4, %wsf2, 4;",
    "\tadd.u64 %wse4, %wse2, %wse4;",
    "\tld.global.u32 %wsf3, [%wse4];",
    "\tshl.b32 %wsf1, %wsf0, 2;",
    "\tadd.u32 %wsf1, " .. t .. ", %wsf1;",
    "\tst.shared.u32 [%wsf1], %wsf3;",
    "\tadd.u32 %wsf0, %wsf0, 1;",
    "\tbra $WSEMU_G" .. k .. ";",
    "$WSEMU_GD" .. k .. ":",
    "}",
  }, "\n")
end

local function scatter(c, s, regs, k)
  return table.concat({
    "{",
    "\t.reg .u64 %wse<5>; .reg .u32 %wsf<4>; .reg .pred %wsq;",
    "\tmov.u64 %wse0, " .. regs .. ";",
    "\tld.global.u64 %wse1, [%wse0];",
    "\tld.global.u64 %wse2, [%wse0+16];",
    "\tmov.u32 %wsf0, 0;",
    "$WSEMU_S" .. k .. ":",
    "\tsetp.ge.u32 %wsq, %wsf0, " .. s .. ";",
    "\t@%wsq bra $WSEMU_SD" .. k .. ";",
    "\tadd.u32 %wsf1, " .. c .. ", %wsf0;",
    "\tmul.wide.u32 %wse3, %wsf1, 4;",
    "\tadd.u64 %wse3, %wse1, %wse3;",
    "\tld.global.u32 %wsf2, [%wse3];",
    "\tshr.u32 %wsf1, %wsf2, 5;",
    "\tmul.wide.u32 %wse4, %wsf1, 4;",
    "\tadd.u64 %wse4, %wse2, %wse4;",
    "\tand.b32 %wsf2, %wsf2, 31;",
    "\tshl.b32 %wsf3, 1, %wsf2;",
    "\tatom.global.or.b32 %wsf3, [%wse4], %wsf3;",
    "\tadd.u32 %wsf0, %wsf0, 1;",
    "\tbra $WSEMU_S" .. k .. ";",
    "$WSEMU_SD" .. k .. ":",
    "}",
  }, "\n")
end

-- The PTX text of scenarios/kernels/NAME with the calls emulated; regs is
-- the address of the u64[3] array { C, V, bit vector }.  Also returns the
-- number of calls rewritten (each kind).
function E.rewrite(text, regs)
  local k, n = 0, { gather = 0, scatter = 0, wait = 0 }
  local out = {}
  for line in (text .. "\n"):gmatch("(.-)\n") do
    local t, c, s = line:match("^%s*pc_gather%.b32%s+%[([^%]]+)%]%s*,%s*([^,%s]+)%s*,%s*([^;%s]+)%s*;")
    local c2, s2 = line:match("^%s*pc_scatter_set%.b32%s+([^,%s]+)%s*,%s*([^;%s]+)%s*;")
    if t then
      k, n.gather = k + 1, n.gather + 1
      out[#out + 1] = gather(t, c, s, regs, k)
    elseif c2 then
      k, n.scatter = k + 1, n.scatter + 1
      out[#out + 1] = scatter(c2, s2, regs, k)
    elseif line:match("^%s*pc_wait%s*;") then
      n.wait = n.wait + 1
    else
      out[#out + 1] = line
    end
  end
  return table.concat(out, "\n"), n
end

-- Options for warpscope.mff's hosts on gpu: the emulated module of
-- scenarios/kernels/NAME and the configure hook filling the registers.
function E.opts(gpu, name)
  local src = os.getenv("WS_SRCDIR") or "."
  local regs = gpu:array("u64", 3, { name = "mff_emu_regs" })
  local text, n = E.rewrite(read(src .. "/scenarios/kernels/" .. name), regs.addr)
  local m = gpu:load_ptx_text(text, name)
  local function configure(_, r)
    regs[0] = r.c.addr
    regs[1] = r.v.addr
    regs[2] = r.bv and r.bv.addr or 0
  end
  return { mff_module = m, configure = configure, calls = n }
end

return E
