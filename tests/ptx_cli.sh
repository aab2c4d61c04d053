# `warpscope ptx check` and `warpscope ptx disasm`: output, errors, exit statuses.
. "$WS_SRCDIR/tests/tap.sh"
W=$WARPSCOPE
P=$WS_SRCDIR/tests/ptx
tmp=$WS_BUILDDIR/ptx_cli.tmp

out=$($W ptx check "$P/syntax.ptx"); t_is "$?" 0 "check of a good file exits 0"
t_match "$out" '^.*syntax.ptx: PTX 8\.5, target sm_80 \(debug\), 64-bit addresses$' "version and target"
t_match "$out" '^kernel kern\(\.ptr \.u64 kern_param_0, \.u32 kern_param_1, \.align 8 \.b8 kern_param_2\[16\]\)$' "kernel and parameters"
t_match "$out" '^  registers     9 per thread \(estimate; 62 declared\)$' "registers"
t_match "$out" '^  shared        88 bytes static$' "static shared bytes"
t_match "$out" '^  local         48 bytes per thread$' "local bytes"
t_match "$out" '^  maxntid       256,1,1$' ".maxntid"
t_match "$out" '^func \(\.param \.b32 ret\) add3\(\.param \.b32 p, \.param \.b32 q, \.param \.b32 r\): 7 instructions$' "func signature"
t_match "$out" '^func \(\.param \.b32 status\) vprintf\(\.param \.b64 fmt, \.param \.b64 args\) \(declaration only\)$' "declaration"

printf '.version 9.0\n.target sm_75\n.address_size 64\n.entry k()\n{\n  frob.u32 %%r1;\n}\n' > "$tmp.ptx"
$W ptx check "$tmp.ptx" >"$tmp.out" 2>"$tmp.err"; t_is "$?" 1 "bad PTX exits 1"
t_is "$(cat "$tmp.err")" "warpscope: $tmp.ptx:6:3: unsupported instruction 'frob'" "error names file:line:col on stderr"
t_is "$(cat "$tmp.out")" "" "nothing on stdout"

$W ptx check /nonexistent/x.ptx >/dev/null 2>"$tmp.err"; t_is "$?" 1 "missing file exits 1"
t_match "$(cat "$tmp.err")" "cannot read PTX file '/nonexistent/x.ptx'" "missing file is named"

# a directory is named as one (it used to say "Input/output error")
mkdir -p "$tmp.d"
for c in check disasm; do
    $W ptx $c "$tmp.d" >/dev/null 2>"$tmp.err"; t_is "$?" 1 "ptx $c DIRECTORY exits 1"
    t_is "$(cat "$tmp.err")" "warpscope: $tmp.d: is a directory" "ptx $c DIRECTORY: says it is a directory"
done
rmdir "$tmp.d"

$W ptx >/dev/null 2>"$tmp.err"; t_is "$?" 2 "no subcommand exits 2"
t_match "$(cat "$tmp.err")" '^Usage: warpscope ptx check FILE.ptx' "usage is printed"
$W ptx check >/dev/null 2>&1; t_is "$?" 2 "missing file argument exits 2"
$W ptx check a b >/dev/null 2>&1; t_is "$?" 2 "extra argument exits 2"
$W ptx frob x.ptx >/dev/null 2>&1; t_is "$?" 2 "unknown ptx subcommand exits 2"

out=$($W ptx disasm "$P/cfg.ptx" ifelse); t_is "$?" 0 "disasm exits 0"
t_match "$out" '^      2  @%p1 bra ELSE; +// line 15, reconverge at 6$' "disasm shows the reconvergence point"
$W ptx disasm "$P/cfg.ptx" nosuch >/dev/null 2>"$tmp.err"; t_is "$?" 1 "disasm of an unknown function exits 1"

# Every shipped kernel passes `ptx check` (the MFF kernels' pc_* calls too).
for f in "$WS_SRCDIR"/scenarios/kernels/*.ptx; do
    [ -f "$f" ] || continue
    $W ptx check "$f" >/dev/null 2>"$tmp.err"; st=$?
    t_is "$st" 0 "check $(basename "$f")"
done
rm -f "$tmp.ptx" "$tmp.out" "$tmp.err"
t_done
