# readme.sh: the README's commands run as written, and its captures of the
# interface are what the interface shows (so they cannot drift).
#
# Each capture in README.md is a ``` block after a marker
#     <!-- capture view=V lines=A-B[,...,C-D] ... -->
# : lines A to B (and C to D, "..." between) of view V of the default
# scenario stopped at cycle 150600 in a 100x32 terminal.  After a change to
# the views, regenerate the blocks in place:
#
#     WARPSCOPE=build/warpscope WS_SRCDIR=. WS_BUILDDIR=build sh tests/readme.sh --generate
WS_SRCDIR=${WS_SRCDIR:-.}
WS_BUILDDIR=${WS_BUILDDIR:-build}
WARPSCOPE=${WARPSCOPE:-$WS_BUILDDIR/warpscope}
. "$WS_SRCDIR/tests/tui_lib.sh"
README=$WS_SRCDIR/README.md
gen=${1:-}

# ---- commands the README gives
out=$("$W" --set l1d.size=48K --set l1d.ways=6 --list-options 2>&1); rc=$?
t_is "$rc" 0 "README: --set l1d.size=48K --set l1d.ways=6 is a valid machine"
out=$("$W" --set l1d.size=48K --list-options 2>&1); rc=$?
t_match "$out" "l1d.size=48K works with l1d.ways=6" "README: l1d.size=48K alone says what would work"
presets=$("$W" --list-presets | awk '/^[^ ]/ { print $1 }' | tr '\n' ' ')
for p in gtx480 gtx480-l1-48k g80-mtp fermi-thesis gtx980 v100; do
    case " $presets " in *" $p "*) t_ok 0 "README's preset $p exists" ;; *) t_ok 1 "README's preset $p exists" ;; esac
done
out=$("$W" lab 2>&1); rc=$?
t_is "$rc" 0 "README's labs: warpscope lab lists them"

# ---- the captures
specs=$(sed -n 's/^<!-- capture view=\([0-9]\) lines=\([0-9,.-]*\) .*-->$/\1 \2/p' "$README")
t_is "$(printf '%s\n' "$specs" | grep -c .)" 3 "README has three capture markers"
start
T resize-window -x 100 -y 32
expect 'PAUSED +cycle 0 ' "opens paused at cycle 0" 20
cmd break cycle 150600
keys c
expect 'PAUSED +cycle 150600 ' "stops at cycle 150600" 120
cmd delete all
# the captures show SM 0's warp slot 0: select it (under a sanitizer build's
# load the selection was once found on slot 1 at this point)
cmd sm 0
cmd warp 0
expect 'SM 0 warp 0 \(CTA ' "SM 0 warp slot 0 is selected" 20
k=0
printf '%s\n' "$specs" >"$tmp/specs"
while read -r view lines; do
    k=$((k + 1))
    keys "$view"
    sleep 0.5
    wait_for "^ [0-9] Warps" 5
    screen | sed 's/[[:space:]]*$//' >"$tmp/screen$k"
    : >"$tmp/cap$k"
    for r in $(echo "$lines" | tr ',' ' '); do
        if [ "$r" = "..." ]; then echo "..." >>"$tmp/cap$k"; else sed -n "${r%-*},${r#*-}p" "$tmp/screen$k" >>"$tmp/cap$k"; fi
    done
done <"$tmp/specs"
if [ "$gen" = --generate ]; then
    awk -v dir="$tmp" '
        /^<!-- capture view=/ { print; want = 1; next }
        want && /^```/ {
            print
            if (inb) { inb = 0; want = 0 } else {
                inb = 1; n++; f = dir "/cap" n
                while ((getline l < f) > 0) print l
                close(f)
            }
            next
        }
        inb { next }
        { print }
    ' "$README" >"$tmp/README.new" && cp "$tmp/README.new" "$README"
    echo "# README.md: captures regenerated"
fi
# the README's blocks, in order, into $tmp/readme1..3
awk -v dir="$tmp" '
    /^<!-- capture view=/ { want = 1; next }
    want && /^```/ { if (inb) { inb = 0; want = 0 } else { inb = 1; n++; printf "" > (dir "/readme" n) } next }
    inb { print > (dir "/readme" n) }
' "$README"
for n in 1 2 3; do
    if cmp -s "$tmp/cap$n" "$tmp/readme$n"; then
        t_ok 0 "README capture $n is what the interface shows"
    else
        t_ok 1 "README capture $n is what the interface shows (regenerate: sh tests/readme.sh --generate)"
        diff "$tmp/readme$n" "$tmp/cap$n" | sed 's/^/#   /' | head -20
    fi
done
keys q
t_done
