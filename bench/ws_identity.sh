#!/bin/sh
# ws_identity.sh: does a change leave every result as it was?
#
#   bench/ws_identity.sh OLD_WARPSCOPE NEW_WARPSCOPE [WORKDIR]
#
# Runs every experiment (scenarios/experiments/*.lua, --quick, except
# dsap-probe, which takes options) and every scenario (scenarios/*.lua) with
# both binaries and compares what they write byte for byte: JSON, CSV and
# the printed tables.  Printed wall and CPU times and file paths are left
# out of the comparison.  The scenarios are read from the source tree this
# script is in (WARPSCOPE_DATADIR), so both binaries see the same Lua.
# Keep a copy of the old binary (cp build/warpscope /tmp/ws-old) before
# rebuilding.  Exit status 0 when every file is identical, 1 otherwise.
# It takes a few minutes of CPU per binary.
set -u
if [ $# -lt 2 ]; then
    echo "usage: $0 OLD_WARPSCOPE NEW_WARPSCOPE [WORKDIR]" >&2
    exit 2
fi
old=$1 new=$2
work=${3:-$(mktemp -d "${TMPDIR:-/tmp}/ws_identity.XXXXXX")}
src=$(cd "$(dirname "$0")/.." && pwd)
for b in "$old" "$new"; do
    if [ ! -x "$b" ]; then
        echo "$0: '$b' is not an executable" >&2
        exit 2
    fi
done
WARPSCOPE_DATADIR=$src
export WARPSCOPE_DATADIR

# run BINARY OUTDIR: every experiment and scenario, one .out file each
run() {
    mkdir -p "$2" || exit 2
    for f in "$src"/scenarios/experiments/*.lua; do
        id=$(basename "$f" .lua)
        [ "$id" = dsap-probe ] && continue
        mkdir -p "$2/$id"
        (cd "$src" && "$1" --batch "$f" --quick --out "$2/$id") > "$2/$id.out" 2>&1
        echo "exit status $?" >> "$2/$id.out"
    done
    for f in "$src"/scenarios/*.lua; do
        id=scenario-$(basename "$f" .lua)
        (cd "$src" && "$1" --batch "$f") > "$2/$id.out" 2>&1
        echo "exit status $?" >> "$2/$id.out"
    done
}

# the printed tables without times and paths
norm() {
    sed -e 's/([0-9.]* s)//g' -e 's/done in [0-9.]* s of CPU//g' \
        -e "s#$1##g" -e "s#$src/##g" "$2"
}

echo "old: $old -> $work/old"
run "$old" "$work/old"
echo "new: $new -> $work/new"
run "$new" "$work/new"
bad=0 n=0
for f in $(cd "$work/old" && find . -type f | sort); do
    n=$((n + 1))
    if [ ! -f "$work/new/$f" ]; then
        echo "missing in new: $f"
        bad=$((bad + 1))
        continue
    fi
    case $f in
    *.out)
        norm "$work/old" "$work/old/$f" > "$work/a.tmp"
        norm "$work/new" "$work/new/$f" > "$work/b.tmp"
        cmp -s "$work/a.tmp" "$work/b.tmp" ;;
    *) cmp -s "$work/old/$f" "$work/new/$f" ;;
    esac || { echo "differs: $f"; bad=$((bad + 1)); }
done
rm -f "$work/a.tmp" "$work/b.tmp"
echo "$n files compared, $bad differ ($work)"
[ "$bad" -eq 0 ]
