# iru_determinism.sh: two identical runs of the IRU BFS scenario give
# byte-identical JSON statistics (issue 33, part 2).
. "$WS_SRCDIR/tests/tap.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/wsirudet.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
for i in 1 2; do
    "$WARPSCOPE" --batch --preset gtx980 --set iru.enable=true --json="$tmp/$i.json" \
        "$WS_SRCDIR/scenarios/iru_bfs.lua" rmat:9 0 iru > "$tmp/$i.out" 2>&1
    t_is "$?" 0 "run $i of iru_bfs.lua (rmat:9, IRU) succeeds"
done
t_match "$(cat "$tmp/1.out")" "result matches the CPU reference" "the IRU BFS matches the CPU BFS"
t_ok "$(cmp -s "$tmp/1.json" "$tmp/2.json"; echo $?)" "two identical runs: byte-identical JSON"
t_match "$(grep -c '"iru.replies"' "$tmp/1.json")" '^[1-9]' "the JSON has the IRU's counters"
t_done
