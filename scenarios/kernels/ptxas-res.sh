#!/bin/sh
# ptxas-res.sh: record what ptxas allocates for each kernel of a PTX file.
#
#   sh ptxas-res.sh PTXAS IN.ptx OUT.ptxas
#
#   PTXAS  the ptxas program; empty: do nothing (the committed record is kept)
#
# Runs `ptxas -v -arch=ARCH IN.ptx` (ARCH from the PTX's .target line; a
# `.target sm_75, debug` file, made by nvcc -G, also gets -g as nvcc -G
# passes it) and writes one line per entry function: registers per thread,
# stack frame and spill bytes, cumulative stack, static shared memory and
# constant bank bytes, as ptxas prints them.  The format is described in
# scenarios/kernels/README.md ("Resource records"); warpscope reads the record
# beside a PTX file (same stem, .ptxas) for occupancy.
#
# ptxas runs on a copy of IN.ptx in a fresh directory named by the bare file
# name, so no build-machine path reaches the record.  When OUT's directory is
# not writable (make distcheck's read-only source tree) the committed record
# is kept and a note is printed.  A PTX using load_iru or the MFF's calls
# (warpscope's extensions) is compiled with them replaced (see below).
set -u
if [ $# -ne 3 ]; then
    echo "usage: ptxas-res.sh PTXAS IN.ptx OUT.ptxas" >&2
    exit 2
fi
ptxas=$1 in=$2 out=$3
awk=${AWK:-awk}

if [ -z "$ptxas" ]; then
    echo "ptxas-res.sh: no ptxas; keeping the committed $out" >&2
    exit 0
fi
outdir=$(cd "$(dirname "$out")" && pwd) || exit 1
case $(ls -ld "$outdir") in
??w*) ro=no ;;
*) ro=yes ;;
esac
if [ "$ro" = yes ] || [ ! -w "$outdir" ]; then
    echo "ptxas-res.sh: $outdir is read-only; keeping the committed $(basename "$out")" >&2
    exit 0
fi
base=$(basename "$in")
outfile=$outdir/$(basename "$out")
tmp=$outfile.tmp$$
work=$(mktemp -d /tmp/wsres.XXXXXX) || exit 1
trap 'rm -rf "$work"; rm -f "$tmp"' EXIT
trap 'exit 1' INT TERM

target=$(grep -m1 '^[[:space:]]*\.target' "$in") || {
    echo "ptxas-res.sh: $in has no .target line" >&2
    exit 1
}
arch=$(printf '%s\n' "$target" | sed -n 's/^[[:space:]]*\.target[[:space:]]*\(sm_[0-9a-z]*\).*/\1/p')
if [ -z "$arch" ]; then
    echo "ptxas-res.sh: $in: cannot read the architecture from '$target'" >&2
    exit 1
fi
flags="-v -arch=$arch"
case $target in *debug*) flags="$flags -g" ;; esac
version=$("$ptxas" --version | sed -n 's/.*release [0-9.]*, V\([0-9.]*\).*/\1/p')
build=$("$ptxas" --version | sed -n 's/^Build \(.*\)$/\1/p')
[ -n "$version" ] || { echo "ptxas-res.sh: cannot read the version of $ptxas" >&2; exit 1; }

# load_iru (warpscope's IRU extension, unknown to ptxas) becomes reads of
# %clock into its destinations and a setp of its predicate: the same
# registers, defined at the same place, with values ptxas cannot fold.
# The MFF's calls (issue 34) read registers and write none: pc_gather and
# pc_scatter_set become a volatile shared store of c_index + size (at the
# target, or at shared offset 0), so their operands stay live where they
# are read; pc_wait becomes membar.cta.
"$awk" '
/^[ \t]*pc_gather\.[bu]32[ \t]/ {
    s = $0; sub(/^[ \t]*pc_gather\.[bu]32[ \t]+/, "", s); sub(/;.*$/, "", s)
    n = split(s, o, /[ \t]*,[ \t]*/)
    print "\t{ .reg .b32 %wsmff; add.u32 %wsmff, " o[2] ", " o[3] "; st.volatile.shared.u32 " o[1] ", %wsmff; }"
    next
}
/^[ \t]*pc_scatter_set\.[bu]32[ \t]/ {
    s = $0; sub(/^[ \t]*pc_scatter_set\.[bu]32[ \t]+/, "", s); sub(/;.*$/, "", s)
    n = split(s, o, /[ \t]*,[ \t]*/)
    print "\t{ .reg .b32 %wsmff, %wsmffa; add.u32 %wsmff, " o[1] ", " o[2] "; mov.u32 %wsmffa, 0; st.volatile.shared.u32 [%wsmffa], %wsmff; }"
    next
}
/^[ \t]*pc_wait[ \t]*;/ { print "\tmembar.cta;"; next }
/^[ \t]*load_iru\.[bsu]32[ \t]/ {
    s = $0; sub(/^[ \t]*load_iru\.[bsu]32[ \t]+/, "", s); sub(/;.*$/, "", s)
    n = split(s, o, /[ \t]*,[ \t]*/)
    for (i = 2; i <= n; i++) print "\tmov.u32 " o[i] ", %clock;"
    print "\tsetp.ne.u32 " o[1] ", " o[2] ", 0;"
    next
}
{ print }' "$in" > "$work/$base" || exit 1
(cd "$work" && "$ptxas" $flags "$base" -o "$base.cubin" > "$work/log" 2>&1) || {
    cat "$work/log" >&2
    echo "ptxas-res.sh: ptxas failed on $in" >&2
    exit 1
}

# The PTX's own .entry order, then ptxas's report of each entry.
grep '\.entry[[:space:]]' "$work/$base" | sed 's/.*\.entry[[:space:]]*\([A-Za-z0-9_$.]*\).*/\1/' > "$work/entries"

"$awk" -v ptx="$base" -v ver="$version" -v build="$build" -v arch="$arch" -v flags="$flags" '
FNR == NR {                          # the ptxas log
    if (match($0, /Compiling entry function \047[^\047]*\047/)) {
        cur = substr($0, RSTART + 26, RLENGTH - 27)
        seen[cur] = 1
    } else if (match($0, /Function properties for /)) {
        props = substr($0, RSTART + RLENGTH)
        sub(/[ \t]+$/, "", props)
    } else if ($0 ~ /bytes stack frame/ && props != "") {
        n = split($0, w, /[ ,]+/)
        for (i = 2; i <= n; i++) {
            if (w[i] == "bytes" && w[i + 1] == "stack") stack[props] = w[i - 1]
            if (w[i] == "bytes" && w[i + 1] == "spill" && w[i + 2] == "stores") sst[props] = w[i - 1]
            if (w[i] == "bytes" && w[i + 1] == "spill" && w[i + 2] == "loads") sld[props] = w[i - 1]
        }
        props = ""
    } else if ($0 ~ /Used [0-9]+ registers/ && cur != "") {
        s = $0
        sub(/.*: *Used /, "Used ", s)
        n = split(s, w, /, */)
        r = ""; bar = ""; cs = ""; sm = "0"; lm = ""; cm = ""
        for (i = 1; i <= n; i++) {
            split(w[i], t, / +/)
            if (w[i] ~ /^Used [0-9]+ registers$/) r = t[2]
            else if (w[i] ~ /^used [0-9]+ barriers$/) bar = " barriers=" t[2]
            else if (w[i] ~ /^[0-9]+ bytes cumulative stack size$/) cs = " cstack=" t[1]
            else if (w[i] ~ /^[0-9]+ bytes smem$/) sm = t[1]
            else if (w[i] ~ /^[0-9]+ bytes lmem$/) lm = " lmem=" t[1]
            else if (w[i] ~ /^[0-9]+ bytes cmem\[[0-9]+\]$/) {
                b = t[3]; gsub(/[^0-9]/, "", b); cm = cm " cmem" b "=" t[1]
            } else {
                printf "ptxas-res.sh: unknown ptxas output for %s: %s\n", cur, w[i] > "/dev/stderr"
                bad = 1
            }
        }
        regs[cur] = r; used[cur] = bar; tail[cur] = cs lm " smem=" sm cm
    } else if ($0 ~ /ptxas (warning|error)/) {
        sub(/^ptxas /, "", $0)
        warn[++nwarn] = $0
    }
    next
}
{                                    # the entries, in PTX order
    k = $1
    if (k == "" || done[k]++) next
    if (!(k in used)) {
        printf "ptxas-res.sh: ptxas reported nothing for entry %s\n", k > "/dev/stderr"
        bad = 1
        next
    }
    line[++nk] = sprintf("kernel %s regs=%d%s stack=%d spill_stores=%d spill_loads=%d%s", k, regs[k],
                         used[k], stack[k], sst[k], sld[k], tail[k])
}
END {
    if (bad) exit 1
    print "# Registers and memory ptxas allocates for the kernels of " ptx "."
    print "# Made by scenarios/kernels/ptxas-res.sh; format: scenarios/kernels/README.md."
    print "ptxas-record 1"
    print "tool ptxas " ver (build != "" ? " " build : "")
    print "arch " arch
    print "options " flags
    print "ptx " ptx
    for (i = 1; i <= nwarn; i++) print "# ptxas " warn[i]
    for (i = 1; i <= nk; i++) print line[i]
}
' "$work/log" "$work/entries" > "$tmp" || exit 1
mv -f "$tmp" "$outfile"
