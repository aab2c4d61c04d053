# l1victim_off.sh: l1d.victim=0 (the default) changes nothing: the default
# scenario's JSON statistics are byte-identical with and without the
# option, and hold no l1d.victim.* counter; with 1K they do.
. "$WS_SRCDIR/tests/tap.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/wsl1v.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
"$WARPSCOPE" --batch --json="$tmp/a.json" > "$tmp/a.out" 2>&1
t_is "$?" 0 "the default scenario runs"
"$WARPSCOPE" --batch --set l1d.victim=0 --json="$tmp/b.json" > "$tmp/b.out" 2>&1
t_is "$?" 0 "the default scenario runs with l1d.victim=0"
t_ok "$(cmp -s "$tmp/a.json" "$tmp/b.json"; echo $?)" "l1d.victim=0: byte-identical JSON"
t_is "$(grep -c '"l1d.victim.hits"' "$tmp/a.json")" 0 "off: no l1d.victim counter"
t_is "$(grep -c '^l1d.victim' "$tmp/a.out")" 0 "off: no summary line"
"$WARPSCOPE" --batch --set l1d.victim=1K --json="$tmp/c.json" > "$tmp/c.out" 2>&1
t_is "$?" 0 "the default scenario runs with l1d.victim=1K"
t_match "$(grep -c '"l1d.victim.hits"' "$tmp/c.json")" '^[1-9]' "1K: the counters are in the JSON"
t_match "$(grep '^l1d.victim 8 lines' "$tmp/c.out")" '^l1d.victim 8 lines: hits [1-9]' "1K: the summary line (8 lines, some hits)"
"$WARPSCOPE" --batch --set l1d.victim=100 > "$tmp/d.out" 2>&1
t_is "$?" 1 "a size that is not a multiple of the line is refused"
t_match "$(cat "$tmp/d.out")" 'l1d.victim: 100 bytes is not a multiple of the L1D line' "with a clear message"
t_done
