# scenarios/micro/power.lua, the energy model's plausibility probe, runs
# (small sizes): three kernels with average and peak power inside the
# GTX480's envelope (more than the idle tens of watts' floor of 20 W, less
# than the 250 W board TDP), the batch summary's energy line, the CSV's
# energy columns; on a preset without prices a one-line message and status 1.
. "$WS_SRCDIR/tests/tap.sh"
W=$WARPSCOPE
tmp=$WS_BUILDDIR/energy_power.tmp
rm -rf "$tmp"; mkdir -p "$tmp"
S=$WS_SRCDIR/scenarios/micro/power.lua

out=$($W --batch --csv="$tmp/p.csv" "$S" 200 1 2>&1); rc=$?
t_is "$rc" 0 "power.lua runs"
for k in "compute (fma8)" "memory (copy4)" "near idle (1 thread)"; do
    line=$(printf '%s\n' "$out" | grep -F "  $k ")
    avg=$(printf '%s\n' "$line" | sed -n 's/.* avg *\([0-9.]*\) W .*/\1/p')
    t_ok "$(awk -v a="$avg" 'BEGIN { print (a > 20 && a < 250) ? 0 : 1 }')" "$k: average power $avg W is inside 20-250 W"
done
t_match "$out" "W by component: core [0-9.]+ rf [0-9.]+ l1 [0-9.]+ l2 [0-9.]+ icnt [0-9.]+ dram [0-9.]+ pf [0-9.]+ static [0-9.]+" "the component split"
t_match "$out" "^energy [0-9.]+ [mu]?J: core [0-9.]+% .* static [0-9.]+%; power avg [0-9.]+ W peak [0-9.]+ W; [0-9]+ pJ per warp instruction" "the summary's energy line"
t_match "$(head -1 "$tmp/p.csv")" ",energy.total,energy.core,energy.rf,energy.l1,energy.l2,energy.icnt,energy.dram,energy.pf,energy.static$" "the CSV has the energy columns"

out=$($W --batch --preset=v100 "$S" 10 1 2>&1); rc=$?
t_is "$rc" 1 "v100 (no prices): status 1"
t_match "$out" "preset v100 has no energy model \\(energy.table=none; --set energy.table=gtx480 borrows" "v100: the message names energy.table"
t_is "$(printf '%s\n' "$out" | grep -c traceback)" 0 "v100: no traceback"
rm -rf "$tmp"
t_done
