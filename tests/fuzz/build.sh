#!/bin/sh
# Build the libFuzzer targets (every tests/fuzz/fuzz_*.c; shared by the PTX
# and graph targets: keep it generic) with clang's libFuzzer, ASan, UBSan.
#   tests/fuzz/build.sh [OUTDIR] [NAME...]   (default: build-fuzz, all targets)
#   tests/fuzz/build.sh ptx                  (only fuzz_ptx)
# A target may list the source folders it needs on a line
# "fuzz-sources: src/ptx src/util"; otherwise the folders of the project
# headers it includes ("graph/ws_graph.h" -> src/graph) plus src/util are
# used.  Every .c file of those folders is compiled in, except those that
# need the build's generated headers (config.h, ws_dirs.h).
# Run one on one core for ten minutes, keeping new inputs in a scratch dir:
#   mkdir -p /tmp/gcorp && build-fuzz/fuzz_graph -jobs=1 -max_total_time=600 \
#       -max_len=4096 /tmp/gcorp tests/fuzz/graph-corpus
#   mkdir -p /tmp/pcorp && build-fuzz/fuzz_ptx -jobs=1 -max_total_time=600 \
#       -max_len=16384 -dict=tests/fuzz/ptx.dict /tmp/pcorp tests/fuzz/ptx-corpus
# Fold interesting inputs back into the committed corpus (kept small):
#   build-fuzz/fuzz_graph -merge=1 tests/fuzz/graph-corpus /tmp/gcorp
# Needs clang with libFuzzer (Debian: apt-get install clang libclang-rt-14-dev).
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
out=$top/build-fuzz
names=
for a in "$@"; do
    if [ -f "$top/tests/fuzz/fuzz_$a.c" ]; then names="$names $a"; else out=$a; fi
done
if [ -z "$names" ]; then
    names=$(cd "$top/tests/fuzz" && ls fuzz_*.c | sed 's/^fuzz_//; s/\.c$//')
fi
mkdir -p "$out"
CC=${CC:-clang}
for name in $names; do
    src=$top/tests/fuzz/fuzz_$name.c
    dirs=$(sed -n 's/.*fuzz-sources:\(.*\)$/\1/p' "$src" | head -1)
    if [ -z "$dirs" ]; then
        dirs="src/util $(sed -n 's|^#include "\([a-z]*\)/[^"]*\.h".*|src/\1|p' "$src" | sort -u | grep -v '^src/util$' | tr '\n' ' ')"
    fi
    files=
    for d in $dirs; do
        for f in "$top"/$d/*.c; do
            [ -f "$f" ] || continue
            grep -qE '#include "(config|ws_dirs)\.h"' "$f" && continue
            files="$files $f"
        done
    done
    $CC -g -O1 -std=c11 -D_DEFAULT_SOURCE -fsanitize=fuzzer,address,undefined \
        -fno-sanitize-recover=undefined -I"$top/src" \
        "$src" $files -lz -lm -o "$out/fuzz_$name"
    echo "built $out/fuzz_$name ($dirs)"
done
