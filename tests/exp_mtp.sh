# The MTP paper's experiments (scenarios/experiments/mtp-*.lua), quick
# variants: each runs (every kernel's output equals its CPU reference and
# every statistics invariant holds, or the exit status is not 0), prints
# its table and writes a JSON file that tests/exp_check.lua accepts with the
# expected number of rows.  Quick runs need nothing from ../shared.
# Experiments are `exp ID ROWS HEADER-PATTERN` lines at the end of this
# file: append new ones there (the plan is printed on exit).
. "$WS_SRCDIR/tests/tap.sh"
W=$WARPSCOPE
X=$WS_SRCDIR/scenarios/experiments
tmp=$WS_BUILDDIR/exp_mtp.tmp
rm -rf "$tmp"; mkdir -p "$tmp"
trap 't_done; exit $?' EXIT

# ID ROWS HEADER-PATTERN: run ID --quick, check its output and files.
exp() {
    id=$1 rows=$2 head=$3
    out=$($W --batch "$X/$id.lua" --quick --out "$tmp" 2>"$tmp/$id.err"); rc=$?
    t_is "$rc" 0 "$id --quick exits 0"
    [ $rc -eq 0 ] || sed 's/^/#   /' "$tmp/$id.err" | tail -5
    t_match "$out" "$head" "$id prints its table"
    t_match "$out" "invariants: [0-9]+ checked, all hold" "$id: every invariant holds"
    chk=$($W --batch "$WS_SRCDIR/tests/exp_check.lua" "$tmp/$id.json" "$rows" 2>&1); rc=$?
    t_is "$rc" 0 "$id: exp_check accepts $id.json ($rows rows)"
    [ $rc -eq 0 ] || printf '%s\n' "$chk" | sed 's/^/#   /'
    t_is "$(($(wc -l <"$tmp/$id.csv") - 1))" "$rows" "$id.csv has $rows rows"
}

# A subset of kernels from the command line; an unknown name is refused.
out=$($W --batch "$X/mtp-fig10.lua" --quick --no-files monte,sepia 2>&1); rc=$?
t_is "$rc" 0 "mtp-fig10 on monte,sepia"
t_is "$(printf '%s\n' "$out" | grep -Ec '^(monte|sepia) ')" 8 "mtp-fig10 on monte,sepia: 8 rows"
# conv, mersenne and pns (the last three of Table III): every variant's
# output equals the CPU reference bit for bit (a mismatch fails the run).
out=$($W --batch "$X/mtp-fig10.lua" --quick --no-files conv,mersenne,pns 2>&1); rc=$?
t_is "$rc" 0 "mtp-fig10 on conv,mersenne,pns: every variant exact"
[ $rc -eq 0 ] || printf '%s\n' "$out" | grep -v '^  \[' | tail -5 | sed 's/^/#   /'
t_is "$(printf '%s\n' "$out" | grep -Ec '^(conv|mersenne|pns) ')" 15 "mtp-fig10 on conv,mersenne,pns: 15 rows"
t_match "$out" "invariants: [0-9]+ checked, all hold" "mtp-fig10 on conv,mersenne,pns: every invariant holds"
out=$($W --batch "$X/mtp-fig10.lua" --quick --no-files nosuch 2>&1); rc=$?
t_is "$rc" 1 "mtp-fig10 refuses an unknown kernel"
t_match "$out" "unknown kernel 'nosuch'" "... and names it"

# Rows grew with conv, mersenne and pns (all 14 of Table III): fig10 by
# 15 (5 variants each), fig11 by 12, mtaml by 9; fig13-18's quick runs
# take a fixed subset and are unchanged.
exp mtp-fig10 62 '^kernel +type +variant +paper +speedup '
exp mtp-fig11 53 '^kernel +type +config +paper +speedup +vs-mtswp '
exp mtp-mtaml 35 '^kernel +type +variant +CPI +paperC +warps +comp/mem +mtaml '
exp mtp-fig13 44 '^kernel +type +form +prefetch +paper +speedup '
exp mtp-fig14 31 '^kernel +type +config +paper +speedup +cycles +pf.issued +acc% +late% +early +pfc% +PWSlk% '
exp mtp-fig15 29 '^kernel +type +config +paper +speedup +cycles +pf.issued +acc% +late% +early +merge% +drop% '
exp mtp-fig16 6 '^kernel +pfc +MT-HWP +MT-HWP\+T +MT-SWP +MT-SWP\+T '
exp mtp-fig17 3 '^kernel +type +d1 +d5 +best '
exp mtp-fig18 6 '^kernel +cores +paper +MT-SWP +MT-SWP\+T +MT-HWP '
