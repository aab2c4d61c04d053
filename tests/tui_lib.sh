# tui_lib.sh: sourced by the tmux tests of the TUI (tests/tui_*.sh).
# Each test runs its own tmux server (-L), so tests may run in parallel.
. "$WS_SRCDIR/tests/tap.sh"
command -v tmux >/dev/null 2>&1 || t_skip_all "tmux is not installed (apt-get install tmux)"
W=$WARPSCOPE
TSOCK=ws-tui-$$-$(basename "$0" .sh)
T() { tmux -L "$TSOCK" -f /dev/null "$@"; }
tmp=$WS_BUILDDIR/$(basename "$0" .sh).tmp
rm -rf "$tmp"; mkdir -p "$tmp"
trap 'T kill-server 2>/dev/null; [ -n "$WS_KEEP" ] || rm -rf "$tmp"' EXIT

# start ARGS...: warpscope ARGS in a 120x40 pane; the terminal settings are
# saved before it starts and after it ends, then the pane prints EXIT=status.
start() {
    rm -f "$tmp/stty.after"
    cat > "$tmp/run.sh" <<EOF
trap : QUIT INT     # as an interactive shell, survive the Ctrl-\\ and Ctrl-C sent to warpscope
stty -a > "$tmp/stty.before"
LANG=C.UTF-8 TERM=xterm-256color "$W" $*
echo "EXIT=\$?"
stty -a > "$tmp/stty.after"
exec sleep 120
EOF
    T new-session -d -x 120 -y 40 "sh $tmp/run.sh"
}
screen() { T capture-pane -p; }
# wait_for PATTERN [SECONDS]: poll the pane until grep -E finds PATTERN.
wait_for() {
    n=$(( ${2:-10} * 20 ))
    while [ $n -gt 0 ]; do
        screen | grep -Eq -- "$1" && return 0
        sleep 0.05
        n=$((n - 1))
    done
    return 1
}
# expect PATTERN DESCRIPTION [SECONDS]
expect() {
    if wait_for "$1" "${3:-10}"; then t_ok 0 "$2"; else t_ok 1 "$2"; echo "#   no '$1' on the screen:"; screen | sed 's/^/#   /'; fi
}
keys() { T send-keys "$@"; }
cmd() { T send-keys ":$*" Enter; }
# The cycle shown in the header.
cycle() { screen | sed -n 's/.* cycle \([0-9]*\) .*/\1/p' | head -1; }
