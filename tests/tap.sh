# tap.sh: sourced by shell tests; prints TAP.
#   . "$WS_SRCDIR/tests/tap.sh"
#   t_is "$(cmd)" "expected" "description"
#   t_done
tap_n=0
tap_fail=0
t_ok() { # COND-STATUS DESCRIPTION
    tap_n=$((tap_n + 1))
    if [ "$1" -eq 0 ]; then echo "ok $tap_n - $2"; else echo "not ok $tap_n - $2"; tap_fail=$((tap_fail + 1)); fi
}
t_is() { # GOT WANT DESCRIPTION
    if [ "$1" = "$2" ]; then t_ok 0 "$3"; else t_ok 1 "$3"; printf '#   got:  %s\n#   want: %s\n' "$1" "$2"; fi
}
t_match() { # GOT PATTERN(grep -E) DESCRIPTION
    if printf '%s\n' "$1" | grep -Eq -- "$2"; then t_ok 0 "$3"; else t_ok 1 "$3"; printf '#   got: %s\n#   no match for: %s\n' "$1" "$2"; fi
}
t_skip_all() { echo "1..0 # SKIP $1"; exit 0; }
t_done() { echo "1..$tap_n"; [ "$tap_fail" -eq 0 ]; }
