# mff_determinism.sh: two identical runs of the MFF's scatter-set test (one
# unit per partition and one central unit, 8 CTAs, random C) give
# byte-identical JSON statistics (issue 34, part 2).
. "$WS_SRCDIR/tests/tap.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/wsmffdet.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
LUA_PATH="$WS_SRCDIR/tests/?.lua;;"
export LUA_PATH
for i in 1 2; do
    "$WARPSCOPE" --batch --json="$tmp/$i.json" "$WS_SRCDIR/tests/mff_scatter.lua" > "$tmp/$i.out" 2>&1
    t_is "$?" 0 "run $i of mff_scatter.lua succeeds"
done
t_ok "$(cmp -s "$tmp/1.json" "$tmp/2.json"; echo $?)" "two identical runs: byte-identical JSON"
t_match "$(grep -c '"mff.lookups"' "$tmp/1.json")" '^[1-9]' "the JSON has the MFF's counters"
t_done
