# regs_source.sh: where a kernel's registers per thread come from is shown:
# `warpscope ptx check` prints ptxas's counts from the resource record beside
# a PTX file and labels the estimate when there is none; a malformed record is
# an error naming its file and line; the JSON statistics give every launch's
# regs_per_thread and regs_source (ptxas, estimate, scenario).
. "$WS_SRCDIR/tests/tap.sh"
W=$WARPSCOPE
K=$WS_SRCDIR/scenarios/kernels
[ -f "$K/bfs_topo.ptxas" ] || t_skip_all "no scenarios/kernels/bfs_topo.ptxas in $WS_SRCDIR"
tmp=$WS_BUILDDIR/regs_source.tmp
rm -rf "$tmp"
mkdir -p "$tmp"

# a shipped kernel: its record
out=$($W ptx check "$K/bfs_topo.ptx"); t_is "$?" 0 "ptx check of bfs_topo.ptx exits 0"
t_match "$out" "^record: .*/bfs_topo\.ptxas \(ptxas [0-9]+\.[0-9]+\.[0-9]+ .*, sm_75\)$" "the record, its tool and arch"
t_match "$out" '^  registers     16 per thread \(ptxas, record line 8; estimate 17; 82 declared\)$' "ptxas's registers, the estimate beside them"
t_match "$out" '^  shared        0 bytes static \(ptxas: the same\)$' "shared: the PTX's and ptxas's agree"
t_match "$out" '^  local         0 bytes per thread \(ptxas: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\)$' "local: ptxas's stack and spills"
t_match "$out" '^  constant      404 bytes bank 0 \(ptxas\)$' "constant bank 0"
out=$($W ptx check "$K/isa_exercise.ptx")
t_match "$out" '^  local         164 bytes per thread \(ptxas: 128 bytes stack frame, 128 with callees, 0 bytes spill stores, 0 bytes spill loads\)$' "isa_misc: the PTX's frame and ptxas's stack"
t_match "$out" '^  shared        44 bytes static \(ptxas: 48; occupancy counts the larger\)$' "isa_atomic: ptxas rounds its shared memory up"

# the same PTX without a record: the estimate, labelled
cp "$K/bfs_topo.ptx" "$tmp/k.ptx"
out=$($W ptx check "$tmp/k.ptx")
t_match "$out" '^record: none \(registers are estimates\)$' "no record: said so"
t_match "$out" '^  registers     17 per thread \(estimate; 82 declared\)$' "no record: registers labelled estimate"

# malformed and stale records: located errors, exit 1
bad() { # RECORD-BODY WANT-ERROR DESCRIPTION
    { printf 'ptxas-record 1\narch sm_75\n'; printf "$1"; } > "$tmp/k.ptxas"
    $W ptx check "$tmp/k.ptx" >"$tmp/out" 2>"$tmp/err"
    t_is "$?:$(cat "$tmp/err")" "1:warpscope: $tmp/k.ptxas:$2" "$3"
}
bad 'kernel bfs_topo_expand regs=many\n' "3: regs=many is not a decimal number" "a non-numeric count"
bad 'kernel bfs_topo_expand regs=300\n' "3: regs=300: a thread has at most 255 registers" "registers above 255"
bad '\nkernel bfs_topo_update regs=7\nkernel bfs_old regs=9\n' \
    "5: kernel 'bfs_old' is not a kernel of $tmp/k.ptx (a stale record? regenerate it with \`make ptxas\`, or delete it)" \
    "a kernel not in the PTX"

# JSON: regs_per_thread and regs_source of each launch
cat > "$tmp/k.ptxas" <<'REC'
ptxas-record 1
arch sm_75
kernel bfs_topo_expand regs=21
REC
cat > "$tmp/run.lua" <<LUA
local ws = require "warpscope"
local gpu = ws.gpu{ preset = "g80-mtp", quiet = true }
local m = gpu:load_ptx("$tmp/k.ptx")
local n = 256
local row = gpu:array("i32", n + 1, { fill = 0 })
local col = gpu:array("i32", 1, { fill = 0 })
local flags = gpu:array("u8", n, { fill = 0 })
local cost = gpu:array("i32", n, { fill = -1 })
gpu:launch(m:kernel("bfs_topo_expand"), { grid = 1, block = 256 }, row, col, flags, flags, flags, cost, n)
gpu:launch(m:kernel("bfs_topo_update"), { grid = 1, block = 256 }, flags, flags, flags, cost, n)
gpu:launch(m:kernel("bfs_topo_expand"), { grid = 1, block = 256, regs = 24 }, row, col, flags, flags, flags, cost, n)
gpu:close()
LUA
$W --batch --json="$tmp/s.json" "$tmp/run.lua" >/dev/null 2>"$tmp/err"; t_is "$?:$(cat "$tmp/err")" "0:" "the run writes its JSON"
got=$(tr -d ' \n' < "$tmp/s.json" | grep -o '"kernel":"[a-z_]*","start":[0-9]*,"end":[0-9]*,"cycles":[0-9]*,"regs_per_thread":[0-9]*,"regs_source":"[a-z]*"' |
      sed 's/"start.*"cycles":[0-9]*,//' | tr '\n' ' ')
t_is "$got" '"kernel":"bfs_topo_expand","regs_per_thread":21,"regs_source":"ptxas" "kernel":"bfs_topo_update","regs_per_thread":12,"regs_source":"estimate" "kernel":"bfs_topo_expand","regs_per_thread":24,"regs_source":"scenario" ' \
    "each launch: ptxas (the record), estimate (a kernel it does not name), scenario (regs=)"

rm -rf "$tmp"
t_done
