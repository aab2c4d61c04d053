# Command-line configuration: --preset, --set, --list-options,
# --list-presets, --json, --csv; exit statuses and messages.
. "$WS_SRCDIR/tests/tap.sh"
W=$WARPSCOPE
ERR="$WS_BUILDDIR/opts_cli.err"
TMP="$WS_BUILDDIR/opts_cli_tmp.lua"

out=$($W --help); t_ok $? "--help exits 0"
t_match "$out" '--preset=NAME' "--help lists --preset"
t_match "$out" '--set KEY=VALUE' "--help lists --set"
t_match "$out" '--list-options' "--help lists --list-options"
t_match "$out" '--list-presets' "--help lists --list-presets"
t_match "$out" '--json=FILE' "--help lists --json"
t_match "$out" '--csv=FILE' "--help lists --csv"

# --list-presets
out=$($W --list-presets); t_ok $? "--list-presets exits 0"
t_is "$(printf '%s\n' "$out" | awk '/^[^ ]/ { print $1 }' | tr '\n' ' ')" \
    "gtx480 gtx480-l1-48k g80-mtp fermi-thesis gtx980 v100 " "--list-presets names the six presets in order"
t_match "$out" '^gtx480 .*\(default\)$' "gtx480 is marked as the default"
t_match "$out" '^ +source: Lee et al., "Many-Thread Aware Prefetching Mechanisms for GPGPU Applications" \(MTP, MICRO-43, 2010\) Table II' "each preset has its source"
t_is "$(printf '%s\n' "$out" | grep -c 'seed [0-9]\|\.md\b')" 0 "the sources cite papers by name, not internal file names or seed numbers"

# --list-options
out=$($W --list-options); t_ok $? "--list-options exits 0"
t_match "$out" '^Configuration of preset gtx480 ' "the default preset is listed"
n=$(printf '%s\n' "$out" | awk 'NR > 3 && /^  [^ ]/' | wc -l | tr -d ' ')
[ "$n" -ge 130 ]; t_ok $? "every key listed ($n)"
t_match "$out" '^  l1d\.size +size 16K +256\.\.16M bytes$' "a key line: key, type, value, range, unit"
t_match "$out" '^      L1 data cache capacity per SM' "its help"
t_match "$out" '^      source: \[gpgpusim\] GTX480: -gpgpu_cache:dl1 N:32:128:4' "its source"
t_match "$out" '^  l1d\.repl +enum lru +lru\|fifo\|random$' "an enum lists its choices"
t_match "$out" '^L1 data cache \(per SM\)$' "keys are grouped under headings"

out=$($W --list-options --preset g80-mtp); t_ok $? "--list-options --preset g80-mtp exits 0"
t_match "$out" '^Configuration of preset g80-mtp ' "the chosen preset is listed"
t_match "$out" '^  sm\.count +uint 14 ' "with its values"
t_match "$out" '^  l1d\.enable +bool false ' "g80-mtp has no L1D"
t_match "$out" 'source: \[paper\] MTP Table II: 14 cores' "and the sources of its values"
out2=$($W --preset g80-mtp --list-options)
t_is "$out2" "$out" "option order does not matter"

out=$($W --set l1d.size=48K --set l1d.ways=6 --list-options); t_ok $? "--set with --list-options exits 0"
t_match "$out" '^  l1d\.size +size 48K \* ' "a set value is shown and marked"
t_match "$out" '^  l1d\.ways +uint 6 \* ' "every set value"
t_match "$out" '^  l1d\.line +uint 128 ' "others unchanged and unmarked"
t_match "$out" 'source: set by the user' "the source of a set value"
out=$($W --set l1d.ways=6 --preset gtx480 --set l1d.size=48K --list-options)
t_ok $? "--set before --preset still applies after the preset"
t_match "$out" '^  l1d\.ways +uint 6 \* ' "l1d.ways kept"

# Errors: exit status 2 and a message naming the key and what is allowed.
$W --set l1d.size=48Q --list-options >/dev/null 2>"$ERR"; t_is "$?" 2 "bad size exits 2"
t_is "$(cat "$ERR")" \
    "warpscope: --set l1d.size=48Q: option 'l1d.size': '48Q' is not a size (bytes with an optional K, M or G suffix, e.g. 48K) (allowed: 256..16M bytes)" \
    "bad size message"
$W --set sm.count=0 --version >/dev/null 2>"$ERR"; t_is "$?" 2 "out of range exits 2 (checked at once)"
t_match "$(cat "$ERR")" "option 'sm.count': '0' is out of range \(allowed: 1\.\.1024 SMs\)" "range message"
$W --set l1d.sise=16K >/dev/null 2>"$ERR"; t_is "$?" 2 "unknown key exits 2"
t_match "$(cat "$ERR")" "unknown option 'l1d.sise' \(did you mean 'l1d.size'\?" "unknown key message with a suggestion"
$W --set l1d.repl=lfu >/dev/null 2>"$ERR"; t_is "$?" 2 "bad choice exits 2"
t_match "$(cat "$ERR")" "'lfu' is not one of lru\|fifo\|random" "choices are listed"
$W --set l1d.size >/dev/null 2>"$ERR"; t_is "$?" 2 "--set without '=' exits 2"
t_match "$(cat "$ERR")" "'l1d.size' is not KEY=VALUE" "KEY=VALUE is asked for"
$W --set >/dev/null 2>&1; t_is "$?" 2 "--set without an argument exits 2"
$W --preset gtx470 >/dev/null 2>"$ERR"; t_is "$?" 2 "unknown preset exits 2"
t_is "$(cat "$ERR")" \
    "warpscope: unknown preset 'gtx470' (presets: gtx480, gtx480-l1-48k, g80-mtp, fermi-thesis, gtx980, v100)" \
    "unknown preset message lists the presets"
$W --set l1d.size=20000 --list-options >/dev/null 2>"$ERR"; t_is "$?" 2 "a cross-key error exits 2"
t_match "$(cat "$ERR")" "l1d.size \(20000\) is not a multiple of l1d.ways \* l1d.line" "cross-key message names the keys"
$W --preset g80-mtp --set l1d.size=20000 --list-options >/dev/null 2>&1
t_is "$?" 0 "a disabled cache's geometry is not checked"
$W --set sm.threads=1000 /nonexistent.lua >/dev/null 2>"$ERR"; t_is "$?" 2 "the configuration is checked before running"
t_match "$(cat "$ERR")" "sm.threads is 1000: it must be a multiple of 32" "before any script error"

# The values reach the Lua layer.
printf 'local o = require("warpscope").options\nprint(o.preset, #o.sets, o.sets[1], o.sets[2], o.json, o.csv)\n' > "$TMP"
t_is "$($W "$TMP")" "$(printf 'nil\t0\tnil\tnil\tnil\tnil')" "without flags: nil, no sets"
t_is "$($W --preset v100 --set l1d.size=64K --set sm.count=2 --json out.json --csv=out.csv "$TMP")" \
    "$(printf 'v100\t2\tl1d.size=64K\tsm.count=2\tout.json\tout.csv')" \
    "core.options.preset, sets (in order), json and csv"
# text from the user is quoted in messages: no escape sequence reaches the
# terminal, no byte of a broken UTF-8 sequence, no endless key
esc=$(printf '\033')
err=$($W --set "l1d.size=${esc}[31mX" --list-options 2>&1 >/dev/null); t_is $? 2 "a value with an escape: exit 2"
t_is "$err" "warpscope: --set l1d.size=\x1b[31mX: option 'l1d.size': '\x1b[31mX' is not a size (bytes with an optional K, M or G suffix, e.g. 48K) (allowed: 256..16M bytes)" \
    "a value with an escape: shown as \\x1b"
err=$($W --set "$(printf 'l\303d.size=1')" --list-options 2>&1 >/dev/null)
t_match "$err" "unknown option 'l.xc3d.size' .did you mean 'l1d.size'" "a key with a stray byte: shown as \\xc3"
err=$($W --set "dram.map=$(printf 'RR\303\251')" --list-options 2>&1 >/dev/null)
t_match "$err" "^warpscope: dram.map: '.xc3' at position 3 is not a mask letter" "dram.map with a stray byte: shown as \\xc3"
long=$(printf '%0200d' 0 | tr 0 a)
err=$($W --set "$long=5" --list-options 2>&1 >/dev/null)
t_match "$err" "unknown option 'a{80,200}(\.\.\.)?' \(" "a 200-byte key: the key (at most 200 bytes), not its value"
rm -f "$TMP" "$ERR"
t_done
