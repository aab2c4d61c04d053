#!/bin/sh
# nvcc-ptx.sh: regenerate one committed PTX file from its CUDA source.
#
#   sh nvcc-ptx.sh NVCC MODE SRC.cu OUT.ptx
#
#   NVCC  the nvcc program; empty: do nothing (the committed PTX is kept)
#   MODE  O3 (nvcc -ptx -arch=sm_75 -O3 -lineinfo) or G (nvcc -ptx -arch=sm_75 -G)
#
# -lineinfo adds `.loc FILE LINE COL` before the instructions (and the
# `.file` table at the end): warpscope maps each instruction to its CUDA
# line with them.  It changes no instruction (the PTX without its .loc and
# .file lines is what a build without -lineinfo gives).
#
# nvcc records build-machine details in its output; this script removes them
# so the committed PTX is the same whoever regenerates it:
#   - `.file N "/abs/dir/x.cu"` (and CUDA header paths) become bare file names
#     (anything after the name, such as a timestamp and size, is kept);
#   - -G builds embed the compile directory as a NUL-terminated string in the
#     .debug_info section (`.b8 47,119,...` lines); it is overwritten in place
#     by a string of the same length meaning "." ("./////"), so DWARF offsets
#     and sizes stay valid;
#   - nvcc names file-local functions `_ZN.._INTERNAL_<8 hex digits>_..`
#     with a hash of the absolute source path; the hash becomes 00000000
#     (everywhere, including the DWARF name strings).
# nvcc compiles a copy of the source in a fresh directory /tmp/wsptx.XXXXXX,
# on the bare file name: the DWARF compile-unit name is then the bare name and
# the compile directory always has the same length, so the DWARF offsets of a
# -G build do not depend on where the tree is checked out.  (The kernels
# include only system headers.)
#
# When OUT's directory is not writable (make distcheck's read-only source
# tree) the committed file is kept and a note is printed.
set -u
if [ $# -ne 4 ]; then
    echo "usage: nvcc-ptx.sh NVCC O3|G SRC.cu OUT.ptx" >&2
    exit 2
fi
nvcc=$1 mode=$2 src=$3 out=$4
awk=${AWK:-awk}

case $mode in
O3) flags="-O3 -lineinfo" ;;
G) flags="-G" ;;
*) echo "nvcc-ptx.sh: unknown mode '$mode' (expected O3 or G)" >&2; exit 2 ;;
esac
if [ -z "$nvcc" ]; then
    echo "nvcc-ptx.sh: no nvcc; keeping the committed $out" >&2
    exit 0
fi
outdir=$(cd "$(dirname "$out")" && pwd) || exit 1
# Read-only: not writable, or the owner's write bit is off (make distcheck
# does chmod a-w, which `test -w` does not see when running as root).
case $(ls -ld "$outdir") in
??w*) ro=no ;;
*) ro=yes ;;
esac
if [ "$ro" = yes ] || [ ! -w "$outdir" ]; then
    echo "nvcc-ptx.sh: $outdir is read-only; keeping the committed $(basename "$out")" >&2
    exit 0
fi
base=$(basename "$src")
outfile=$outdir/$(basename "$out")
tmp=$outfile.tmp$$
work=$(mktemp -d /tmp/wsptx.XXXXXX) || exit 1
trap 'rm -rf "$work"; rm -f "$tmp"' EXIT
trap 'exit 1' INT TERM

cp "$src" "$work/$base" || exit 1
(cd "$work" && "$nvcc" -ptx -arch=sm_75 $flags "$base" -o "$base.ptx") || exit 1

"$awk" '
BEGIN {
    for (i = 32; i < 127; i++) { c = sprintf("%c", i); chr[i] = c; ord[c] = i }
    nrun = 0
    hash = "_INTERNAL_[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]_"
}
# A run of ".b8 a,b,c" lines holds one NUL-terminated DWARF string (nvcc
# splits long strings over several lines); rewrite it keeping its length and
# its line split.
# -lineinfo builds end a string with its NUL on the same line (",0"): the
# NUL is kept as it is.
function flush(    i, j, k, n, s, ok, v, b, len, line, nul) {
    if (nrun == 0)
        return
    n = 0; ok = 1; s = ""; nul = 0
    for (i = 1; i <= nrun; i++) {
        len[i] = split(run[i], v, ",")
        for (j = 1; j <= len[i]; j++) {
            b = v[j] + 0
            if (b == 0 && i == nrun && j == len[i] && len[i] > 1) { nul = 1; continue }
            if (!(b in chr)) ok = 0; else s = s chr[b]
            n++
        }
    }
    if (ok) {
        if (substr(s, 1, 1) == "/") {          # an absolute path: "./////"
            s = "."
            for (i = 2; i <= n; i++) s = s "/"
        }
        gsub(hash, "_INTERNAL_00000000_", s)
        k = 0
        for (i = 1; i <= nrun; i++) {
            line = ".b8 "
            for (j = 1; j <= len[i]; j++) {
                k++
                line = line (j > 1 ? "," : "") (k > n && nul ? 0 : ord[substr(s, k, 1)])
            }
            print line
        }
    } else {
        for (i = 1; i <= nrun; i++) print ".b8 " run[i]
    }
    nrun = 0
}
/^\.b8 [0-9]+,[0-9,]+$/ || (nrun > 0 && /^\.b8 [1-9][0-9]*$/) {
    run[++nrun] = substr($0, 5)
    next
}
{
    flush()
    if ($0 ~ /^[ \t]*\.file[ \t]+[0-9]+[ \t]+"/) {
        q1 = index($0, "\"")
        rest = substr($0, q1 + 1)
        q2 = index(rest, "\"")
        name = substr(rest, 1, q2 - 1)
        sub(/.*\//, "", name)
        $0 = substr($0, 1, q1) name substr(rest, q2)
    }
    gsub(hash, "_INTERNAL_00000000_")
    print
}
END { flush() }
' "$work/$base.ptx" > "$tmp" || exit 1
mv -f "$tmp" "$outfile"
