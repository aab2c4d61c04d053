# `warpscope cache`: Dinero IV-format counts on traces worked out by hand
# (tests/data/din/), options, line-spanning accesses, bad input.
. "$WS_SRCDIR/tests/tap.sh"
W=$WARPSCOPE
D=$WS_SRCDIR/tests/data/din
T=$(printf '\t')

# basic.din, 64 B, 2-way, 16 B lines (sets: line bit 0), LRU, write-back,
# write-allocate.  Step by step (set 0 | set 1):
#  r 0     line 0 miss            {0}   |         R miss
#  r 4     line 0 hit                               R
#  w 10    line 1 miss                  | {1}     W miss
#  i 20    line 2 miss            {0,2}           I miss
#  r 40    line 4 miss, evicts 0  {4,2}           R miss
#  r 0     line 0 miss, evicts 2  {4,0}           R miss
#  m 18    line 1 hit                               M
#  w 1e 4  spans lines 1 and 2: 1 hits, 2 misses and evicts 4 {2,0}   W, W miss
#  i 24    line 2 hit                               I
#  r 40 2  line 4 miss, evicts 0  {2,4}           R miss
#  c 0 0   copy back: not counted
#  v 10 10 invalidates line 1
#  r 14    line 1 miss                            R miss
#  2 24    din record: instruction fetch, line 2 hit    I
#  0 3     din record: read of 0..3, line 0 miss, evicts 4   R miss
# Fetches: I 3, R 7, W 3, M 1 (total 14, data 11); misses: I 1, R 6, W 2.
want=$(cat <<END
l1-ucache
 Metrics${T}${T}      Total${T}      Instrn${T}       Data${T}       Read${T}      Write${T}       Misc
 -----------------${T}      ------${T}      ------${T}      ------${T}      ------${T}      ------${T}      ------
 Demand Fetches${T}${T}          14${T}           3${T}          11${T}           7${T}           3${T}           1
  Fraction of total${T}      1.0000${T}      0.2143${T}      0.7857${T}      0.5000${T}      0.2143${T}      0.0714

 Demand Misses${T}${T}           9${T}           1${T}           8${T}           6${T}           2${T}           0
  Demand miss rate${T}      0.6429${T}      0.3333${T}      0.7273${T}      0.8571${T}      0.6667${T}      0.0000

 Multi-block refs                 1
END
)
out=$($W cache --size 64 --line 16 --assoc 2 "$D/basic.din"); t_ok $? "basic: exit 0"
t_is "$(printf '%s\n' "$out" | sed -n '/^l1-ucache$/,/Multi-block/p')" "$want" "basic: Dinero IV table, counted by hand"
t_match "$out" '^---Simulation complete \(15 trace records\)\.$' "basic: 15 records"
t_match "$out" '^-l1-uassoc 2$' "basic: options summary in Dinero's spelling"
out2=$($W cache -l1-usize 64 -l1-ubsize 16 -l1-uassoc 2 -l1-urepl l -l1-uwalloc a -l1-uwback a "$D/basic.din")
t_is "$out2" "$out" "Dinero's option names give the same run"
t_is "$($W cache --size=64 --line=16 --assoc=2 "$D/basic.din.gz")" "$out" "a gzip trace gives the same run"
t_is "$($W cache --size 64 --line 16 --assoc 2 < "$D/basic.din")" "$out" "standard input"
t_is "$(cat "$D/basic.din" | $W cache --size 64 --line 16 --assoc 2 -)" "$out" "'-' is standard input"

# LRU against FIFO on one 2-way set: A B A C A B
out=$($W cache --size 32 --line 16 --assoc 2 "$D/lru_fifo.din")
t_match "$out" "^ Demand Misses${T}${T}           4${T}" "LRU: A B A C A B misses 4 times"
out=$($W cache --size 32 --line 16 --assoc 2 --repl fifo "$D/lru_fifo.din")
t_match "$out" "^ Demand Misses${T}${T}           5${T}" "FIFO: 5 misses (C evicts A)"
a=$($W cache --size 32 --line 16 --assoc 2 --repl random --seed 5 "$D/basic.din")
b=$($W cache --size 32 --line 16 --assoc 2 --repl random --seed 5 "$D/basic.din")
t_is "$a" "$b" "random replacement is deterministic for a seed"
t_match "$a" '^--seed 5$' "random: the seed is shown"
out=$($W cache --size 64 --line 16 --assoc full "$D/basic.din")
t_match "$out" '^-l1-uassoc 4$' "full associativity: 4 ways of 16 B in 64 B"

# write allocation: w 0, r 0
out=$($W cache --size 64 --line 16 "$D/write_alloc.din")
t_match "$out" "^ Demand Misses${T}${T}           1${T}" "write-allocate: the read hits"
out=$($W cache --size 64 --line 16 -l1-uwalloc n "$D/write_alloc.din")
t_match "$out" "^ Demand Misses${T}${T}           2${T}           0${T}           2${T}           1${T}           1${T}" "no write-allocate: both miss"
t_match "$out" '^-l1-uwalloc n$' "no write-allocate shown"
out=$($W cache --size 64 --line 16 --write wt --write-alloc none "$D/write_alloc.din")
t_match "$out" '^-l1-uwback n$' "--write wt is Dinero's wback n"

# an access spanning three lines counts three times
out=$($W cache --size 64 --line 16 "$D/spans.din")
t_match "$out" "^ Demand Fetches${T}${T}           4${T}           0${T}           4${T}           3${T}           1${T}" "spans: r e 14 is 3 fetches, w 0 10 one"
t_match "$out" "^ Demand Misses${T}${T}           3${T}" "spans: 3 misses"
t_match "$out" '^ Multi-block refs                 2$' "spans: 2 multi-block pieces"

# sub-blocks (sectors): r 0 4 block miss, r 4 4 sector miss, r 0 4 hit
out=$($W cache --size 32 --line 16 --assoc 2 --sector 4 "$D/sectors.din")
t_match "$out" "^ Demand Misses${T}${T}           2${T}" "sectors: 2 misses"
t_match "$out" "^ Demand Block Misses${T}           1${T}" "sectors: 1 block miss"
t_match "$out" "^  DB miss rate${T}${T}      0.3333${T}" "sectors: block miss rate"

# split caches
out=$($W cache -l1-isize 32 -l1-dsize 32 -l1-ibsize 16 -l1-dbsize 16 "$D/split.din")
t_is "$(printf '%s\n' "$out" | grep -E '^(l1-| Demand (Fetches|Misses))')" "l1-icache
 Demand Fetches${T}${T}           2${T}           2${T}           0${T}           0${T}           0${T}           0
 Demand Misses${T}${T}           1${T}           1${T}           0${T}           0${T}           0${T}           0
l1-dcache
 Demand Fetches${T}${T}           2${T}           0${T}           2${T}           2${T}           0${T}           0
 Demand Misses${T}${T}           1${T}           0${T}           1${T}           1${T}           0${T}           0" "split: instruction and data caches"
out=$($W cache --size 32 --line 16 "$D/split.din")
t_match "$out" "^ Demand Misses${T}${T}           1${T}" "unified: the same trace misses once"

# bad traces: exit 1, FILE:LINE and why
for c in "bad_label.din:2: unknown access label 'x' \(expected r, w, i, m, c, v or 0-5\)" \
         "bad_addr.din:3: bad hexadecimal address '1g0'" \
         "bad_size.din:1: bad hexadecimal size '4z' \(expected at most 0x100000\)" \
         "no_addr.din:1: missing address after 'r'" \
         "size0.din:1: size 0: a read needs at least one byte"; do
    f=${c%%:*}
    err=$($W cache --size 64 --line 16 "$D/$f" 2>&1 >/dev/null); rc=$?
    t_is "$rc" 1 "$f: exit 1"
    t_match "$err" "^warpscope cache: .*/$c\$" "$f: message names file:line and why"
done
# bytes from a trace are escaped in messages: an ESC in a label, an address
# or a size never reaches the terminal raw
tmpd=${WS_BUILDDIR:-.}/cache_cli.tmp; rm -rf "$tmpd"; mkdir -p "$tmpd"
trap 'rm -rf "$tmpd"' EXIT
printf 'r 0\n\033[2Jx 10\n' > "$tmpd/esc_label.din"
printf 'r 0\nr 1\033]0;t\007\n' > "$tmpd/esc_addr.din"
printf 'r 0 4\033[m\n' > "$tmpd/esc_size.din"
for c in "esc_label.din:2: unknown access label '\\\\x1b\\[2Jx'" \
         "esc_addr.din:2: bad hexadecimal address '1\\\\x1b\\]0;t\\\\x07'" \
         "esc_size.din:1: bad hexadecimal size '4\\\\x1b\\[m'"; do
    f=${c%%:*}
    err=$($W cache --size 64 --line 16 "$tmpd/$f" 2>&1 >/dev/null); rc=$?
    t_is "$rc" 1 "$f: exit 1"
    t_is "$(printf '%s' "$err" | tr -d '\033\007' | wc -c)" "$(printf '%s' "$err" | wc -c)" "$f: no raw ESC or BEL in the message"
    t_match "$err" "^warpscope cache: .*/$c" "$f: the bytes are shown escaped"
done
err=$($W cache --size 64 --line 16 "$D/missing.din" 2>&1); t_is $? 1 "missing trace: exit 1"
t_match "$err" 'missing.din: cannot open' "missing trace: message"

# bad command lines: exit 2 with the option named
bad() { # WANT-REGEX ARGS...
    want=$1; shift
    err=$($W cache "$@" "$D/basic.din" 2>&1 >/dev/null); rc=$?
    t_is "$rc" 2 "exit 2: $*"
    t_match "$err" "$want" "message: $*"
}
bad '48 bytes with 16-byte lines and 1 ways do not make a power-of-two number of sets' --size 48 --line 16
bad 'a line of 12 bytes is not allowed: the line size \(-l1-ubsize\) must be a power of two' --size 48 --line 12
bad 'a line of 2 bytes is not allowed: the line size \(-l1-ubsize\) must be a power of two from 4' --size 64 --line 2
bad 'no size for the l1-ucache: give --size or -l1-usize' --line 16
bad 'no line size for the l1-ucache' --size 64
bad 'l1-ucache: sector = 3 bytes does not divide the 16-byte line' --size 64 --line 16 --sector 3
bad 'l1-ucache: sector = 1 bytes gives 64 sectors per 64-byte line; at most 32' --size 256 --line 64 --sector 1
bad '--repl q: expected lru, fifo or random' --size 64 --line 16 --repl q
bad '-l1-uwback f: expected wb, wt or evict' -l1-usize 64 -l1-ubsize 16 -l1-uwback f
bad 'hash = fermi needs 32 or 64 sets' --size 64 --line 16 --hash fermi
bad "unknown option '-l2-usize'" -l2-usize 64
bad 'split caches need both -l1-isize and -l1-dsize' -l1-isize 64 -l1-ibsize 16
err=$($W cache --line 16 --size 2>&1); t_is $? 2 "a missing value: exit 2"
t_match "$err" "option '--size' needs a value" "a missing value: message"
# an unknown option is named as unknown, also as the last argument (it used
# to say that it needs a value)
for o in --bogus -l1-uxyz -l2-usize; do
    err=$($W cache --size 64 --line 16 $o 2>&1); t_is $? 2 "$o last: exit 2"
    t_match "$err" "unknown option '$o'" "$o last: named as an unknown option"
done
# line ends: LF, CR LF and a lone CR each end a record (CR-only files were
# read as one long line, so one access)
printf 'r 0\nr 10\nw 20\n' > "$tmpd/lf.din"
printf 'r 0\r\nr 10\r\nw 20\r\n' > "$tmpd/crlf.din"
printf 'r 0\rr 10\rw 20\r' > "$tmpd/cr.din"
printf 'r 0\rr 10\r\nw 20' > "$tmpd/mixed.din"
for f in lf crlf cr mixed; do
    out=$($W cache --size 64 --line 16 "$tmpd/$f.din"); t_ok $? "$f line ends: exit 0"
    t_match "$out" "^ Demand Fetches${T}${T}           3${T}           0${T}           3${T}           2${T}           1${T}" "$f line ends: three accesses"
done
printf 'r 0\rx 10\r' > "$tmpd/cr_bad.din"
err=$($W cache --size 64 --line 16 "$tmpd/cr_bad.din" 2>&1 >/dev/null)
t_match "$err" "cr_bad.din:2: unknown access label 'x'" "CR line ends: errors give the right line"
# a truncated gzip trace: the file named once, with the line it was cut in
# (whose start is no record: it was read as "w" with no address)
head -c 150 "$D/basic.din.gz" > "$tmpd/cut.din.gz"
err=$($W cache --size 64 --line 16 "$tmpd/cut.din.gz" 2>&1 >/dev/null); t_is $? 1 "truncated gzip: exit 1"
t_is "$err" "warpscope cache: $tmpd/cut.din.gz:6: cannot read: unexpected end of file (a truncated gzip file?)" \
    "truncated gzip: one message naming the file once and the line"
out=$($W cache --help); t_ok $? "--help exits 0"
t_match "$out" '^Usage: warpscope cache \[OPTION\]\.\.\. \[TRACE\]$' "--help: usage"
t_done
