# Every function the C side of the Lua API registers (the names of the
# luaL_Reg tables in src/lua/, metamethods aside) is described in
# warpscope-lua(7): the man page names it after a ':' or a '.' (gpu:step,
# ws.graph.rmat), followed by its arguments ('(' or '{') or ending the
# line (ws.version).  A function added without its documentation fails
# here, with its name and the file that registers it.
. "${WS_SRCDIR:-.}/tests/tap.sh"
SRC=${WS_SRCDIR:-.}
MAN=$SRC/man/warpscope-lua.7
[ -r "$MAN" ] || t_skip_all "no $MAN"

# "FILE NAME" for each entry of each luaL_Reg table
names=$(for f in "$SRC"/src/lua/*.c; do
    awk '/luaL_Reg [A-Za-z_0-9]*\[\] = \{/ { p = 1; next } p && /\};/ { p = 0 } p' "$f" |
        grep -o '{ *"[A-Za-z_0-9]*"' | sed 's/^{ *"//; s/"$//' | grep -v '^__' |
        sed "s|^|$(basename "$f") |"
done)
n=$(printf '%s\n' "$names" | grep -c .)
# (a sanity floor: the API has about 90 registered functions; far fewer
# means the extraction above no longer reads the sources)
t_ok "$([ "$n" -ge 80 ]; echo $?)" "the luaL_Reg tables name $n functions"

# the page's text without font escapes, with \- as -
text=$(sed 's/\\f[BIRP]//g; s/\\-/-/g' "$MAN")
missing=
printf '%s\n' "$names" | {
    while read -r file name; do
        if ! printf '%s\n' "$text" | grep -Eq "[:.]$name([({]|\$)"; then
            missing="$missing $name ($file)"
        fi
    done
    t_is "${missing# }" "" "warpscope-lua(7) describes every registered function"
    # statistics keys named with a placeholder show a real key beside it (a new
    # user took "stall.reason" for a key)
    t_is "$(printf '%s\n' "$text" | grep -c 'stall\. *reason')" 0 "no stall.reason placeholder that reads as a key"
    t_match "$text" "one key per Nsight Compute state, such as" "stall.STATE: says one key per state"
    t_done
}
