# tui_newuser.sh: what a new user tripped over in the interface (issue 37):
# step and run refuse 0 cycles alike, a line breakpoint on a line with no
# instruction is refused with the file's range, `i` takes no breakpoint ids,
# the help wraps long command descriptions, the too-small message fits the
# smallest terminal.
. "$WS_SRCDIR/tests/tui_lib.sh"

start
expect 'PAUSED +cycle 0 ' "opens paused at cycle 0 of the first launch" 20

cmd step 0
expect 'step needs at least 1 cycle' ":step 0 is refused"
cmd run 0
expect 'run N needs at least 1 cycle' ":run 0 is refused the same way"
t_is "$(cycle)" 0 "... and neither moved the clock"

cmd break line 9999
expect 'line 9999 holds no instruction of bfs_data.ptx \(its instructions are on lines [0-9]+\.\.[0-9]+\)' \
    ":break line 9999 is refused, naming the file's range"
cmd step 200
expect 'cycle 200 ' "step 200"
keys i
expect 'warp stepped: SM 0 slot 0' "i steps the selected warp"
# (the second i's message differs only in its line and cycle: wait for a new
# cycle, so that the breakpoint below is not typed while i still runs)
stepped() { screen | tr -s ' \n' '  ' | sed -n 's/.*warp stepped: SM 0 slot 0 .*, cycle \([0-9]*\);.*/\1/p' | head -1; }
c1=$(stepped)
keys i
n=0; while [ "$(stepped)" = "$c1" ] && [ $n -lt 100 ]; do sleep 0.1; n=$((n + 1)); done
expect 'warp stepped: SM 0 slot 0' "i again"
t_ok "$([ -n "$(stepped)" ] && [ "$(stepped)" != "$c1" ]; echo $?)" "... at a later cycle ($c1 -> $(stepped))"
cmd break cycle +1000
expect 'breakpoint 1: ' "after i, the first breakpoint the user sets is number 1"
cmd break line 95
expect 'breakpoint 2: ' "... and the next one number 2"

# the console prints values as warpscope -i does (tables in full)
keys 8
keys '{ 1, 2, x = "a" }' Enter
expect '^\{ 1, 2, x = "a" \}$' "the console pretty-prints a table as warpscope -i does"
t_is "$(screen | grep -c 'table: 0x')" 0 "... not table: 0x..."
keys Tab

# the help at 160 columns: the break kinds wrap instead of being cut
T resize-window -x 160 -y 60
keys '?'
expect 'warpscope help' "? opens the help"
keys j j j j j j j j j j j j    # (past the view's explanation, which comes first)
expect 'KIND: pc N' "the help lists the break kinds"
t_match "$(screen | tr -s ' \n' '  ')" 'KIND: pc N, line N, cu \[FILE\.cu:\]LINE, warp, issue, cycle N\|\+N, stall REASON, mshr_full, throttle, prefetch ADDR \[LEN\], iru_reply \[P\], iru_timeout \[P\] \(the IRU of partition P or any\), mff_done \[U\], mff_coalesce \[U\], mff_stall \[U\] \(the MFF unit U or any: a command completes, a Tag Unit hit links a waiter, the Work Register pool or the Tag Unit runs full; with warp: that warp.s\), request ID \(stops when that memory request completes\)' \
    "the help shows the whole list of break kinds (wrapped, not cut)"
keys x

# the smallest terminal still shows the whole too-small message
T resize-window -x 20 -y 6
expect '^ *terminal too small: *$' "too small: first line"
s=$(screen | tr -s ' \n' '  ')
t_match "$s" "terminal too small: 20x6, need 80x24 \(q quits\)" "too small: the whole message, wrapped"
T resize-window -x 120 -y 40
keys q
expect 'EXIT=' "q quits"
t_done
