# warpscope(1) lists every key and command of the TUI: the part of its KEYS
# section between the GENERATED KEYS markers is what `warpscope --list-keys`
# prints (the TUI's own tables), in roff.  To regenerate it after changing
# the tables:  WARPSCOPE=build/warpscope WS_SRCDIR=. sh tests/tui_man.sh --generate
. "$WS_SRCDIR/tests/tap.sh"
man=$WS_SRCDIR/man/warpscope.1
begin='.\" BEGIN GENERATED KEYS'
end='.\" END GENERATED KEYS'

generate() {
    "$WARPSCOPE" --list-keys | awk '
        function esc(s) { gsub(/\\/, "\\e", s); gsub(/-/, "\\-", s); return s }
        /^KEYS$/ { mode = "k"; next }
        /^COMMANDS$/ {
            mode = "c"
            print ".SS Commands"
            print "Typed at the"
            print ".B :"
            print "prompt, bound to the keys above, or run from Lua with"
            print ".BR tui.cmd( \\(dqLINE\\(dq ) ."
            print "A unique prefix of a name is enough."
            next
        }
        mode == "k" {
            label = $1; $1 = ""; sub(/^ +/, "")
            print ".TP"
            print ".B " esc(label)
            print esc($0)
            next
        }
        mode == "c" && /^      / { sub(/^ +/, ""); print esc($0); next }
        mode == "c" {
            sub(/^ +/, "")
            print ".TP"
            print ".B " esc($0)
        }'
}

if [ "${1:-}" = "--generate" ]; then
    { sed "/^$(printf '%s' "$begin" | sed 's/[\\.]/\\&/g')/q" "$man"
      generate
      sed -n "/^$(printf '%s' "$end" | sed 's/[\\.]/\\&/g')/,\$p" "$man"; } > "$man.new" && mv "$man.new" "$man"
    exit 0
fi

have=$(B="$begin" E="$end" awk 'index($0, ENVIRON["E"]) == 1 { on = 0 } on { print } index($0, ENVIRON["B"]) == 1 { on = 1 }' "$man")
want=$(generate)
t_ok "$([ -n "$want" ]; echo $?)" "warpscope --list-keys prints the tables"
if [ "$have" = "$want" ]; then t_ok 0 "the man page's KEYS section matches the key and command tables"
else
    t_ok 1 "the man page's KEYS section matches the key and command tables (run tests/tui_man.sh --generate)"
    printf '%s\n' "$have" > "${TMPDIR:-/tmp}/tui_man.$$.have"
    printf '%s\n' "$want" > "${TMPDIR:-/tmp}/tui_man.$$.want"
    diff "${TMPDIR:-/tmp}/tui_man.$$.have" "${TMPDIR:-/tmp}/tui_man.$$.want" | head -20 | sed 's/^/#   /'
    rm -f "${TMPDIR:-/tmp}/tui_man.$$.have" "${TMPDIR:-/tmp}/tui_man.$$.want"
fi
# every command name appears as a tagged paragraph
missing=
for c in $("$WARPSCOPE" --list-keys | awk '/^COMMANDS$/ { on = 1; next } on && /^  [a-z]/ { print $1 }'); do
    e=$(printf '%s' "$c" | sed 's/-/\\\\-/g')
    grep -q "^\.B $e\( \|\$\)" "$man" || missing="$missing $c"
done
t_is "$missing" "" "every command name is in the man page"
t_done
