# The CONFIGURATION section of warpscope(1) lists every key of the option
# table (and the presets) exactly as `warpscope --list-options` and
# `--list-presets` print them.  The list is generated; after changing the
# table or the presets, regenerate it and paste it between the markers:
#
#   WARPSCOPE=build/warpscope sh tests/opts_man.sh --generate
. "${WS_SRCDIR:-.}/tests/tap.sh"
W=${WARPSCOPE:-warpscope}
MAN=${WS_SRCDIR:-.}/man/warpscope.1

# roff text: backslashes as \e, hyphens as \- (so values copy and paste),
# lines never starting with a control character.
generate() {
    "$W" --list-presets | awk '
        function esc(s) { gsub(/\\/, "\\e", s); gsub(/-/, "\\-", s); return s }
        BEGIN { print ".SS Presets" }
        /^[^ ]/ { name = $1; sub(/^[^ ]+ +/, ""); print ".TP"; print ".B " esc(name); print "\\&" esc($0) "." }
        /^ +source: / { sub(/^ +source: /, ""); print ".br"; print "Source: " esc($0) "." }
    '
    "$W" --list-options | awk '
        function esc(s) { gsub(/\\/, "\\e", s); gsub(/-/, "\\-", s); return s }
        function flush() {
            if (key == "") return
            v = esc(value)
            if (type == "text") gsub(/\./, ".\\:", v)    # break points in long text
            line = type ", default " v
            if (range != "") line = line (type == "enum" ? ", one of " : ", range ") esc(range)
            print ".TP"; print ".B " esc(key); print "\\&" line "."
            print ".br"; print toupper(substr(help, 1, 1)) esc(substr(help, 2)) "."
            print ".br"; print "Source: " esc(source) "."
            key = ""
        }
        NR <= 3 { next }                     # title, blank, column names
        /^$/ { next }
        /^[^ ]/ { flush(); print ".SS " esc($0); next }
        /^  [^ ]/ {
            flush(); key = $1; type = $2; value = $3; range = ""
            for (i = 4; i <= NF; i++) range = range (i > 4 ? " " : "") $i
            help = ""; source = ""; next
        }
        /^      source: / { sub(/^      source: /, ""); source = $0; next }
        /^      [^ ]/ { sub(/^      /, ""); help = $0; next }
        /^ +[^ ]/ { sub(/^ +/, ""); range = $0; next }
        END { flush() }
    '
}

if [ "${1:-}" = --generate ]; then
    generate
    exit 0
fi

[ -f "$MAN" ] || t_skip_all "no man page at $MAN"
gen=$(generate)
t_ok $? "the lists are generated from the binary"
section=$(sed -n '/^\.\\" BEGIN GENERATED CONFIGURATION/,/^\.\\" END GENERATED CONFIGURATION/p' "$MAN" | sed '1d;$d')
t_match "$section" '^\.SS Presets' "the man page has the generated configuration section"

# Every key of the table is in the man page and every key of the man page
# is in the table (named, so a failure says which).
keys_bin=$("$W" --list-options | awk 'NR > 3 && /^  [^ ]/ { print $1 }' | sort)
keys_man=$(printf '%s\n' "$section" | awk '/^\.TP/ { getline; if ($1 == ".B" && $2 ~ /\./) print $2 }' | sed 's/\\-/-/g' | sort)
t_is "$(echo "$keys_bin" | wc -l | tr -d ' ')" "$(echo "$keys_man" | wc -l | tr -d ' ')" "as many keys in the man page as in the table"
tmp=${WS_BUILDDIR:-.}/opts_man.keys
printf '%s\n' "$keys_man" > "$tmp"
missing=$(printf '%s\n' "$keys_bin" | grep -vxF -f "$tmp")
t_is "$missing" "" "every key of the table is in the man page"
printf '%s\n' "$keys_bin" > "$tmp"
extra=$(printf '%s\n' "$keys_man" | grep -vxF -f "$tmp")
t_is "$extra" "" "every key of the man page is in the table"
rm -f "$tmp"

# Defaults, ranges, help and sources too: the whole text.
if [ "$gen" = "$section" ]; then
    t_ok 0 "the man page's configuration list matches the table (regenerate with: sh tests/opts_man.sh --generate)"
else
    t_ok 1 "the man page's configuration list matches the table (regenerate with: sh tests/opts_man.sh --generate)"
    printf '%s\n' "$gen" > "$tmp.gen"
    printf '%s\n' "$section" > "$tmp.have"
    diff "$tmp.have" "$tmp.gen" | head -20 | sed 's/^/# /'
    rm -f "$tmp.gen" "$tmp.have"
fi
t_done
