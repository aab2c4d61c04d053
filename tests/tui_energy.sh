# The memory view's power panel under tmux, live while stepping: nothing
# before the first time-series window, then the power line, the energy so
# far and the split of the last window, which follows the clock; and the
# one line of a machine without energy prices (energy.table=none).
. "$WS_SRCDIR/tests/tui_lib.sh"

start --ascii --no-color --set stats.interval=500
expect 'PAUSED +cycle 0 ' "opens paused at cycle 0" 20
keys 6
expect 'no power sample yet \(one every stats.interval cycles\)' "no window yet: the panel says so"
# (the sample of cycle 2000 is taken when cycle 2000 runs)
cmd step 2001
expect 'cycle 2001 ' "step 2001"
expect 'power and energy: split of the last window, cycles 1500-2000' "the panel's title names the last window"
expect '^power +[ _.:=+*#-]*[_.:=+*#-] now [0-9.]+ W avg [0-9.]+ W peak [0-9.]+ W \(scale 0-[0-9.]+ W\)' \
       "the power line: sparkline, now, average, peak and scale in W"
expect '^energy so far [0-9.]+ [mun]?J \(to cycle 2000\), [0-9]+ pJ per warp instruction' \
       "the energy so far and per warp instruction"
for c in "SM core" "register file" "L1/shared" "L2" "interconnect" "DRAM" "prefetcher" "static"; do
    expect "(^| )$c +[0-9.]+ W +[0-9]+%" "the split shows $c in W and %"
done
cmd step 500
expect 'cycles 2000-2500' "stepping moves the panel to the next window"
T kill-server 2>/dev/null
TSOCK=$TSOCK-2     # a new server: reusing the socket at once can race its exit

start --ascii --no-color --set energy.table=none
expect 'PAUSED +cycle 0 ' "energy.table=none: opens paused" 20
keys 6
cmd step 1000
expect 'cycle 1000 ' "step 1000"
expect '^no energy model for this preset \(energy.table=none; --set energy.table=gtx480 borrows the 40 nm GTX480 prices\)' \
       "without prices: one line says so"
t_done
