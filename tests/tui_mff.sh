# tui_mff.sh: the MFF made visible in the interface (issue 34).  A small
# gather (scenarios/kernels/mff_micro.cu's mff_micro_sum, 64 vertices of 1
# to 5 neighbours, one CTA) on a gtx980 with the MFF: `:break mff_coalesce`
# stops at the first Tag Unit hit and shows its unit in the MFF view (key 0;
# its tab only on a machine with the MFF): the structures' bars, the
# counters (1 coalesced at that hit), the job and the Tag Unit entry with
# its two waiters; h/l change the unit; the warp view says the warp waits
# for the MFF (words, delivered, issue cycle, partition) and the "why it
# waits" panel names the command; `?` explains mff_wait; `:break mff_done`
# stops at a completion; a bad unit is refused; a machine without the MFF
# has no MFF tab.
. "$WS_SRCDIR/tests/tui_lib.sh"

cat > "$tmp/g.lua" <<'LUA'
local ws = require "warpscope"
local gpu = ws.gpu{ preset = "gtx980", ["mff.enable"] = true }
local m = gpu:load_ptx("kernels/mff_micro.ptx")
local n = 64
local row, col, val = { 0 }, {}, {}
for v = 0, n - 1 do
  for k = 1, v % 5 + 1 do col[#col + 1] = (7 * v + k) % n end
  row[#row + 1] = #col
end
for v = 1, n do val[v] = v end
local R = gpu:array("i32", row, { name = "row" })
local C = gpu:array("i32", col, { name = "col" })
local V = gpu:array("u32", val, { name = "val" })
local out = gpu:array("u32", n, { name = "vsum" })
gpu:configure_mff{ c = C, v = V }
gpu:launch(m:kernel("mff_micro_sum"), { grid = 1, block = 64 }, R, n, out)
print("vsum0", out[0])
LUA

start --datadir "$WS_SRCDIR" "$tmp/g.lua"
expect 'PAUSED +cycle 0 ' "opens paused at cycle 0" 20
expect ' 0 MFF( |$)' "the tab bar has the MFF view (key 0)"
cmd break mff_stall 9
expect 'units 0\.\.3' "a breakpoint on unit 9 is refused, naming the units"
cmd break mff_coalesce
expect 'breakpoint 1: MFF Tag Unit hit \(coalesced\) of any unit' "break mff_coalesce"
keys c
expect 'breakpoint 1: MFF unit [0-3]: (C|V) block 0x[0-9a-f]+ coalesced \(2 waiting\): SM 0 slot [0-9]+' \
    "it stops at the first Tag Unit hit, naming unit, block and warp" 30
expect 'MFF unit [0-3] of 4 \(one per partition\): busy' "the MFF view shows the hit's unit"
expect 'Issue Engines .* [0-9]+/256 jobs \(32 engines x 8\)' "the Issue Engines' bar"
expect 'Work Registers .* [0-9]+/8192 in use: C [0-9]+, V [0-9]+, BV 0' "the Work Register pool by state"
expect 'Tag Unit .* [0-9]+/256: [0-9]+ outstanding, [0-9]+ present' "the Tag Unit's bar"
expect 'Line Data .* [0-9]+/20 lines' "Line Data's bar"
expect 'coalesced 1/[0-9]+ lookups' "the counters: one coalesced at the first hit"
expect 'Issue Engines: [0-9]+ jobs?' "the jobs panel"
expect ' 0\.[0-9] SM 0 +slot [0-9]+ +gather' "a job of SM 0, gather"
expect 'Tag Unit: [0-9]+ entr' "the Tag Unit panel"
expect 'outstanding +2 waiting: 0:[0-9]+ t[0-9]+ k[0-9]+ 0:[0-9]+ t[0-9]+ k[0-9]+' "the hit's entry with its two waiters"
unit=$(screen | sed -n 's/.*MFF unit \([0-3]\) of 4.*/\1/p' | head -1)
keys l
expect "MFF unit $(( (unit + 1) % 4 )) of 4" "l: the next unit"
keys h
expect "MFF unit $unit of 4" "h: back"

# the warp the hit names is selected: the warp view's MFF panel
keys 2
expect 'waiting for the MFF: command of [0-9]+ words, [0-9]+ delivered, issued at cycle [0-9]+, partition [0-3]' \
    "the warp view: waiting for the MFF, words, delivered, issue cycle, partition"
expect 'mff_wait: pc_wait: [0-9]+ MFF gather\(s\) not complete; oldest: unit [0-3], sent at [0-9]+, [0-9]+ of [0-9]+ words' \
    "why it waits names the command"
keys '?'
expect 'the stall mff_wait is a warp at a pc_wait' "? explains mff_wait"
keys Escape
keys 0
expect 'MFF unit [0-3] of 4' "0 shows the MFF view"
keys '?'
expect 'One MFF unit \(h/l: the unit' "? explains the MFF view"
keys Escape
cmd delete 1
cmd break mff_done
keys c
expect 'breakpoint 2: MFF unit [0-3]: command of SM 0 slot [0-9]+ \(CTA 0 w[0-9]+\).* complete: [0-9]+ words, [0-9]+' \
    "break mff_done stops at a completion" 30
cmd delete 2
keys c
expect 'the scenario has finished' "the run finishes" 30
keys q
expect 'EXIT=0' "q quits"
T kill-server 2>/dev/null

# a machine without the MFF: no MFF tab, and :break mff_done is refused
cat > "$tmp/p.lua" <<'LUA'
local ws = require "warpscope"
local gpu = ws.gpu{ preset = "gtx980" }
local k = gpu:load_ptx_text([[
.version 7.0
.target sm_52
.address_size 64
.visible .entry k()
{
  ret;
}
]], "k.ptx"):kernel("k")
gpu:launch(k, { grid = 1, block = 32 })
print("plain")
LUA
start --datadir "$WS_SRCDIR" "$tmp/p.lua"
expect 'PAUSED +cycle 0 ' "a machine without the MFF opens" 20
if screen | grep -Eq ' 0 MFF( |$)'; then t_ok 1 "no MFF tab without the unit"; else t_ok 0 "no MFF tab without the unit"; fi
cmd break mff_done
expect 'no MFF' "break mff_done is refused without the unit"
keys q
expect 'EXIT=0' "q quits"
t_done
