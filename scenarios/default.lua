-- The default scenario, run by `warpscope` with no arguments.
local ws = require "warpscope"
print(("warpscope %s"):format(ws.version))
print("The default scenario (a BFS on the embedded road-like graph) arrives with the")
print("PTX engine and graph layers. Until then, run a script: warpscope SCRIPT.lua")
print("or see `warpscope --help` and `man warpscope`.")
