-- tap.lua: TAP output for Lua tests run by `warpscope --batch`.
local T = { n = 0, failed = 0 }

local function report(cond, desc, extra)
  T.n = T.n + 1
  print(("%sok %d - %s"):format(cond and "" or "not ", T.n, desc or ""))
  if not cond then
    T.failed = T.failed + 1
    -- the first caller outside this file (assertions may be tail calls)
    for level = 2, 20 do
      local info = debug.getinfo(level, "Sl")
      if not info then break end
      if info.currentline > 0 and not info.short_src:find("tap%.lua$") then
        print(("#   failed at %s:%d"):format(info.short_src, info.currentline))
        break
      end
    end
    if extra then print("#   " .. extra) end
  end
  return cond
end

function T.ok(cond, desc) return report(not not cond, desc) end

-- A known failure: reported as TODO (the TAP driver counts it as an
-- expected failure, or an unexpected pass once it works).
function T.todo(cond, desc)
  T.n = T.n + 1
  print(("%sok %d - %s # TODO known shortfall"):format(cond and "" or "not ", T.n, desc or ""))
  return cond
end

function T.is(got, want, desc)
  return report(got == want, desc, ("got %s, want %s"):format(tostring(got), tostring(want)))
end

-- Expect fn to raise an error whose message matches pattern.
function T.raises(fn, pattern, desc)
  local okc, err = pcall(fn)
  local good = (not okc) and tostring(err):find(pattern) ~= nil
  return report(good, desc, okc and "no error raised" or ("error was: " .. tostring(err)))
end

function T.skip_all(reason) print("1..0 # SKIP " .. reason); os.exit(0) end

function T.done()
  print("1.." .. T.n)
  if T.failed > 0 then os.exit(1) end
end

return T
