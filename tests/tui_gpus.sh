# The TUI follows a scenario through several GPUs: one closed by the script
# after its launches (as every experiment does), and one closed from the
# console in the middle of a launch.  Neither may leave the TUI drawing a
# freed model (this crashed before ws_tui_sync).  A long burst of keys
# arrives whole (the 65th used to be dropped).
. "$WS_SRCDIR/tests/tui_lib.sh"

cat > "$tmp/two.lua" <<'EOF2'
local ws = require "warpscope"
local B = require "warpscope.bfs"
local g = ws.graph.grid{ width = 12, height = 6, seed = 1 }
for i = 1, 2 do
  local gpu = ws.gpu{ quiet = true }
  local ok = B.data(gpu, g, 0, 4)
  gpu:close()
  collectgarbage()
  print(("gpu %d: %s"):format(i, tostring(ok)))
end
EOF2
start --datadir "$WS_SRCDIR" "$tmp/two.lua"
expect 'PAUSED +cycle 0 ' "the first gpu's first launch opens paused" 20
keys c
expect 'the scenario has finished' "c runs both gpus to the end" 30
keys 8
expect '^gpu 1: true' "the first gpu's BFS was right"
expect '^gpu 2: true' "the second gpu's BFS was right"
keys Tab
keys q
expect '^EXIT=0' "q quits with status 0"
T kill-server 2>/dev/null

cat > "$tmp/close.lua" <<'EOF2'
local ws = require "warpscope"
local B = require "warpscope.bfs"
local g = ws.graph.grid{ width = 12, height = 6, seed = 1 }
local gpu = ws.gpu{ quiet = true }
local ok, err = pcall(B.data, gpu, g, 0, 4)
-- only the message, not the (build-dependent, possibly long) path before it
print("result", ok, (tostring(err):match("gpu:launch: .*")))
EOF2
TSOCK=$TSOCK-2
start --datadir "$WS_SRCDIR" "$tmp/close.lua"
expect 'PAUSED +cycle 0 ' "the launch opens paused" 20
keys 8
# A burst of more than 64 keys (a pasted line) loses none of them.
long=$(printf 'k%.0s' $(seq 1 90))
keys "print(('$long'):upper() .. '|' .. #'$long')" Enter
expect "^$(printf 'K%.0s' $(seq 1 90))\|90" "a 120-key burst arrives whole"
keys "gpu:close()" Enter
expect 'the gpu of this launch was closed' "closing the gpu from the console ends the launch in the TUI"
keys Tab
keys c
keys 8
expect 'result +false .*the gpu was closed while its launch was active' "the scenario's launch fails with a message"
expect 'the scenario has finished' "and the scenario finishes"
keys Tab
keys q
expect '^EXIT=0' "q quits with status 0"
t_done
