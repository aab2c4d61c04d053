# kernels_ptxas.sh: every committed PTX file has its resource record
# (NAME.ptxas, scenarios/kernels/README.md), the record names exactly the
# PTX's kernels, carries no build-machine path, and, when ptxas is here (the
# one configure found, WS_PTXAS) and is the version the records name, holds
# what ptxas prints for the committed PTX now.
. "$WS_SRCDIR/tests/tap.sh"
[ -d "$WS_SRCDIR/scenarios/kernels" ] || t_skip_all "no scenarios/kernels in $WS_SRCDIR"
ptxas=${WS_PTXAS:-}
ver=
[ -n "$ptxas" ] && ver=$("$ptxas" --version 2>/dev/null | sed -n 's/.*release [0-9.]*, V\([0-9.]*\).*/\1/p')
tmp=$(mktemp -d "${TMPDIR:-/tmp}/wsptxas.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
t_skip() { tap_n=$((tap_n + 1)); echo "ok $tap_n # SKIP $1"; }

for ptx in "$WS_SRCDIR"/scenarios/kernels/*.ptx "$WS_SRCDIR"/scenarios/micro/*.ptx "$WS_SRCDIR"/tests/core/*.ptx; do
    k=$(basename "$ptx" .ptx)
    rec=${ptx%.ptx}.ptxas
    if [ ! -s "$rec" ]; then
        t_ok 1 "$k.ptx has its record $k.ptxas"
        continue
    fi
    t_ok 0 "$k.ptx has its record $k.ptxas"
    t_is "$(grep -v '^#' "$rec" | head -1)" "ptxas-record 1" "$k.ptxas: format line first"
    arch=$(sed -n 's/^\.target[[:space:]]*\(sm_[0-9a-z]*\).*/\1/p' "$ptx" | head -1)
    t_is "$(sed -n 's/^arch //p' "$rec")" "$arch" "$k.ptxas: arch is the PTX's target ($arch)"
    t_match "$(grep '^tool ' "$rec")" '^tool ptxas [0-9]+\.[0-9]+\.[0-9]+' "$k.ptxas names the tool and its version"
    t_is "$(sed -n 's/^kernel \([^ ]*\) .*/\1/p' "$rec" | tr '\n' ' ')" \
        "$(grep '\.entry[[:space:]]' "$ptx" | sed 's/.*\.entry[[:space:]]*\([A-Za-z0-9_$.]*\).*/\1/' | tr '\n' ' ')" \
        "$k.ptxas: one line per kernel of $k.ptx, in order"
    # the record as ptxas makes it now
    rver=$(sed -n 's/^tool ptxas \([0-9.]*\).*/\1/p' "$rec")
    if [ -z "$ptxas" ]; then
        t_skip "no ptxas (configure found none): $k.ptxas not compared"
    elif [ "$ver" != "$rver" ]; then
        t_skip "ptxas $ver is not the records' $rver: $k.ptxas not compared"
    else
        AWK=${AWK:-awk} sh "$WS_SRCDIR/scenarios/kernels/ptxas-res.sh" "$ptxas" "$ptx" "$tmp/$k.ptxas" 2>"$tmp/err"
        t_is "$(diff "$rec" "$tmp/$k.ptxas" 2>&1; cat "$tmp/err")" "" "$k.ptxas is what ptxas $ver prints for $k.ptx"
    fi
done

hits=$(grep -n '/tmp\|/work\|/home\|/root\|/usr' "$WS_SRCDIR"/scenarios/kernels/*.ptxas "$WS_SRCDIR"/scenarios/micro/*.ptxas \
    "$WS_SRCDIR"/tests/core/*.ptxas)
t_is "$hits" "" "no build-machine path in the records"
t_done
