-- warpscope.json: a small JSON encoder and decoder for the experiment
-- results (scenarios/experiments) and the scripts that read them back.
-- Objects are written with their keys sorted, so the same table always gives
-- the same bytes; a table whose keys are exactly 1..n is an array (an empty
-- table is an empty object unless it has the metatable json.array).
local M = {}

M.array = {}   -- setmetatable({}, json.array) marks an empty array

local escapes = {
  ['"'] = '\\"', ["\\"] = "\\\\", ["\b"] = "\\b", ["\f"] = "\\f",
  ["\n"] = "\\n", ["\r"] = "\\r", ["\t"] = "\\t",
}

local function quote(s)
  return '"' .. s:gsub('[%c"\\]', function(c)
    return escapes[c] or ("\\u%04x"):format(c:byte())
  end) .. '"'
end

local function number(x)
  if math.type(x) == "integer" then return ("%d"):format(x) end
  if x ~= x or x == math.huge or x == -math.huge then return "null" end
  if x == math.floor(x) and math.abs(x) < 2^53 then return ("%.1f"):format(x) end
  return ("%.17g"):format(x)
end

local function is_array(t)
  local n = #t
  if n == 0 then return getmetatable(t) == M.array end
  local count = 0
  for _ in pairs(t) do count = count + 1 end
  return count == n
end

local encode

local function encode_table(t, indent, depth, seen)
  if seen[t] then error("json.encode: a table contains itself", 0) end
  seen[t] = true
  local nl, pad, pad_in = "", "", ""
  if indent then
    nl = "\n"
    pad = (" "):rep(indent * depth)
    pad_in = (" "):rep(indent * (depth + 1))
  end
  local parts = {}
  local out
  if is_array(t) then
    for i = 1, #t do parts[i] = pad_in .. encode(t[i], indent, depth + 1, seen) end
    out = #parts == 0 and "[]" or "[" .. nl .. table.concat(parts, "," .. nl) .. nl .. pad .. "]"
  else
    local keys = {}
    for k in pairs(t) do
      if type(k) ~= "string" and math.type(k) ~= "integer" then
        error("json.encode: an object key must be a string or an integer, got " .. type(k), 0)
      end
      keys[#keys + 1] = tostring(k)
    end
    table.sort(keys)
    for i, k in ipairs(keys) do
      local v = t[k]
      if v == nil then v = t[math.tointeger(tonumber(k))] end
      parts[i] = pad_in .. quote(k) .. (indent and ": " or ":") .. encode(v, indent, depth + 1, seen)
    end
    out = #parts == 0 and "{}" or "{" .. nl .. table.concat(parts, "," .. nl) .. nl .. pad .. "}"
  end
  seen[t] = nil
  return out
end

encode = function(v, indent, depth, seen)
  local ty = type(v)
  if ty == "nil" then return "null"
  elseif ty == "boolean" then return v and "true" or "false"
  elseif ty == "number" then return number(v)
  elseif ty == "string" then return quote(v)
  elseif ty == "table" then return encode_table(v, indent, depth, seen)
  end
  error("json.encode: cannot encode a " .. ty, 0)
end

-- json.encode(value [, indent]): the JSON text of value; indent (a number of
-- spaces) pretty-prints it.
function M.encode(v, indent)
  if indent ~= nil and (math.type(indent) ~= "integer" or indent < 0) then
    error(("json.encode: indent must be a number of spaces (an integer >= 0), got %s"):format(
      type(indent) == "number" and tostring(indent) or type(indent)), 2)
  end
  return encode(v, indent, 0, {})
end

-- json.decode(text): the Lua value of a JSON text (null becomes json.null).
-- Raises "json.decode: line L column C: why" on malformed input.
M.null = setmetatable({}, { __tostring = function() return "null" end })

function M.decode(text)
  if type(text) ~= "string" then
    error(("json.decode: expected the JSON text (a string), got %s"):format(type(text)), 2)
  end
  local pos = 1
  local function fail(why)
    local line, col = 1, 1
    for i = 1, pos - 1 do
      if text:sub(i, i) == "\n" then line, col = line + 1, 1 else col = col + 1 end
    end
    error(("json.decode: line %d column %d: %s"):format(line, col, why), 0)
  end
  local function skip() pos = text:find("[^ \t\r\n]", pos) or #text + 1 end
  local value
  local function str()
    local out = {}
    pos = pos + 1
    while true do
      local c = text:sub(pos, pos)
      if c == "" then fail("unterminated string") end
      if c == '"' then pos = pos + 1; return table.concat(out) end
      if c == "\\" then
        local e = text:sub(pos + 1, pos + 1)
        local map = { b = "\b", f = "\f", n = "\n", r = "\r", t = "\t", ['"'] = '"', ["\\"] = "\\", ["/"] = "/" }
        if map[e] then
          out[#out + 1] = map[e]; pos = pos + 2
        elseif e == "u" then
          local hex = text:match("^%x%x%x%x", pos + 2)
          if not hex then fail("bad \\u escape") end
          out[#out + 1] = utf8.char(tonumber(hex, 16)); pos = pos + 6
        else
          fail("bad escape \\" .. e)
        end
      elseif c:byte() < 32 then
        fail("control character in a string")
      else
        out[#out + 1] = c; pos = pos + 1
      end
    end
  end
  value = function()
    skip()
    local c = text:sub(pos, pos)
    if c == "{" then
      local t = {}
      pos = pos + 1; skip()
      if text:sub(pos, pos) == "}" then pos = pos + 1; return t end
      while true do
        skip()
        if text:sub(pos, pos) ~= '"' then fail("expected a string key") end
        local k = str(); skip()
        if text:sub(pos, pos) ~= ":" then fail("expected ':'") end
        pos = pos + 1
        t[k] = value(); skip()
        local d = text:sub(pos, pos); pos = pos + 1
        if d == "}" then return t end
        if d ~= "," then pos = pos - 1; fail("expected ',' or '}'") end
      end
    elseif c == "[" then
      local t = setmetatable({}, M.array)
      pos = pos + 1; skip()
      if text:sub(pos, pos) == "]" then pos = pos + 1; return t end
      while true do
        t[#t + 1] = value(); skip()
        local d = text:sub(pos, pos); pos = pos + 1
        if d == "]" then return t end
        if d ~= "," then pos = pos - 1; fail("expected ',' or ']'") end
      end
    elseif c == '"' then
      return str()
    elseif text:find("^true", pos) then pos = pos + 4; return true
    elseif text:find("^false", pos) then pos = pos + 5; return false
    elseif text:find("^null", pos) then pos = pos + 4; return M.null
    end
    local num = text:match("^-?%d+%.?%d*[eE]?[-+]?%d*", pos)
    if not num or num == "" or num == "-" then fail(c == "" and "unexpected end" or "unexpected '" .. c .. "'") end
    pos = pos + #num
    local v = math.tointeger(tonumber(num)) or tonumber(num)
    if not v then fail("bad number " .. num) end
    return v
  end
  local v = value(); skip()
  if pos <= #text then fail("trailing text") end
  return v
end

return M
