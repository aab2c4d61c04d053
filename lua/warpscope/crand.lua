-- warpscope.crand: the C library's rand() as glibc computes it, so that a
-- scenario can rebuild exactly the input a C host program made with
-- srand(seed) and rand() (the GPGPU-Sim correlation's random graph, for one).
--
--   local crand = require "warpscope.crand"
--   local rand = crand.new(1)        -- srand(1)
--   local x = rand()                 -- rand(): 0 .. crand.RAND_MAX
--
-- glibc's default generator (TYPE_3 of random(3)) is an additive lagged
-- Fibonacci generator over 31 words of 32 bits: srand fills them with the
-- "minimal standard" LCG (x * 16807 mod 2^31 - 1, computed as Schrage's
-- method does, as a signed 32-bit word), then discards 310 outputs; each
-- output adds the word 3 places back to the word 31 places back (mod 2^32)
-- and returns the sum without its low bit.  tests/crand.sh compares it with
-- the system's rand().  Not a generator for new work: use the simulator's
-- own seeds (ws.graph generators) for that.
local A = require "warpscope.args"
local M = { RAND_MAX = 0x7fffffff }

local DEG, SEP = 31, 3

-- srand(seed): a function returning the successive values of rand().
function M.new(seed)
  seed = A.int("warpscope.crand.new", 1, "seed", seed == nil and 1 or seed, 0, 0xffffffff)
  if seed == 0 then seed = 1 end          -- as glibc: srand(0) is srand(1)
  local s = { [0] = seed }
  local word = seed >= 0x80000000 and seed - 0x100000000 or seed   -- int32_t word = seed
  for i = 1, DEG - 1 do
    -- word = 16807 * word mod (2^31 - 1), C division (truncating)
    local hi = word >= 0 and word // 127773 or -((-word) // 127773)
    local lo = word - hi * 127773
    word = 16807 * lo - 2836 * hi
    if word < 0 then word = word + 0x7fffffff end
    s[i] = word
  end
  local f, r = SEP, 0
  local function rand()
    local v = (s[f] + s[r]) & 0xffffffff
    s[f] = v
    f, r = f + 1, r + 1
    if f >= DEG then f = 0 elseif r >= DEG then r = 0 end
    return v >> 1
  end
  for _ = 1, 10 * DEG do rand() end
  return rand
end

return M
