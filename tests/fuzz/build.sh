#!/bin/sh
# Build the libFuzzer targets (every tests/fuzz/fuzz_*.c; keep it generic)
# with clang's libFuzzer, ASan and UBSan.
#   tests/fuzz/build.sh [OUTDIR] [NAME...]   (default: build-fuzz, all targets)
#   tests/fuzz/build.sh ptx                  (only fuzz_ptx)
# A target lists what it needs on a line "fuzz-sources: ...":
#   - source folders ("fuzz-sources: src/ptx src/util"): every .c file of
#     those folders is compiled in, except those that need the build's
#     generated headers (config.h, ws_dirs.h, ws_commit_id.h);
#   - "fuzz-sources: libws": the whole library, configured with clang and
#     the sanitizers (plus coverage, -fsanitize=fuzzer-no-link) in
#     OUTDIR/obj and linked as libws.a (the first build takes a few
#     minutes on two cores; later ones only rebuild what changed).  The same
#     folder also gets a warpscope built that way (OUTDIR/obj/warpscope) for
#     tests/fuzz/lua_api.lua and tests/fuzz/tui_keys.sh.
# Without the line, the folders of the project headers it includes
# ("graph/ws_graph.h" -> src/graph) plus src/util are used.
# `make fuzz` (tests/fuzz/run.sh) builds them all and runs each for a while;
# to run one by hand on one core for ten minutes, new inputs in a scratch dir:
#   mkdir -p /tmp/gcorp && build-fuzz/fuzz_graph -jobs=1 -max_total_time=600 \
#       -max_len=4096 /tmp/gcorp tests/fuzz/graph-corpus
#   mkdir -p /tmp/pcorp && build-fuzz/fuzz_ptx -jobs=1 -max_total_time=600 \
#       -max_len=16384 -dict=tests/fuzz/ptx.dict /tmp/pcorp tests/fuzz/ptx-corpus
# Fold interesting inputs back into the committed corpus (kept small):
#   build-fuzz/fuzz_graph -merge=1 tests/fuzz/graph-corpus /tmp/gcorp
# Needs clang with libFuzzer (Debian: apt-get install clang libclang-rt-dev).
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
out=$(cd "$out" && pwd)
CC=${CC:-clang}
SAN="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}

# The instrumented library (and program) in $out/obj, configured once.
libws_ready=
build_libws() {
    [ -n "$libws_ready" ] && return 0
    obj=$out/obj
    mkdir -p "$obj"
    if [ ! -f "$top/configure" ]; then
        (cd "$top" && autoreconf -fi) >/dev/null 2>&1 || { echo "build.sh: autoreconf failed" >&2; exit 1; }
    fi
    if [ ! -f "$obj/Makefile" ] || [ "$top/configure" -nt "$obj/Makefile" ]; then
        echo "configuring the instrumented library in $obj"
        (cd "$obj" && "$top/configure" -q --disable-lto CC="$CC" \
            CFLAGS="-g -O1 -fsanitize=fuzzer-no-link $SAN" LDFLAGS="$SAN" >configure.out 2>&1) ||
            { tail -5 "$obj/configure.out" >&2; echo "build.sh: configure failed ($obj/config.log)" >&2; exit 1; }
    fi
    make -s -C "$obj" -j"$JOBS" libws.a warpscope >"$obj/make.out" 2>&1 ||
        { tail -30 "$obj/make.out" >&2; echo "build.sh: building $obj/libws.a failed" >&2; exit 1; }
    var() { sed -n "s/^$1 = //p" "$obj/Makefile" | head -1; }
    LIBWS_CFLAGS="-DHAVE_CONFIG_H -I$obj $(var LUA_CFLAGS) $(var CURSES_CFLAGS) $(var ZLIB_CFLAGS)"
    LIBWS_LIBS="$obj/libws.a $(var LUA_LIBS) $(var CURSES_LIBS) $(var ZLIB_LIBS) $(var LIBS)"
    libws_ready=1
}

# Whether a source file includes a header the build generates (config.h,
# ws_dirs.h, ws_commit_id.h, ...: one found neither below src/ nor beside it).
generated() {
    for h in $(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$1"); do
        [ -f "$top/src/$h" ] || [ -f "$(dirname "$1")/$h" ] || return 0
    done
    return 1
}

for name in $names; do
    src=$top/tests/fuzz/fuzz_$name.c
    dirs=$(sed -n 's/.*fuzz-sources:\(.*\)$/\1/p' "$src" | head -1)
    if [ -z "$dirs" ]; then
        dirs="src/util $(sed -n 's|^#include "\([a-z]*\)/[^"]*\.h".*|src/\1|p' "$src" | sort -u | grep -v '^src/util$' | tr '\n' ' ')"
    fi
    case $dirs in
    *libws*)
        build_libws
        # shellcheck disable=SC2086
        $CC -g -O1 -std=c11 -D_DEFAULT_SOURCE -fsanitize=fuzzer $SAN -I"$top/src" $LIBWS_CFLAGS \
            "$src" $LIBWS_LIBS -o "$out/fuzz_$name"
        ;;
    *)
        files=
        for d in $dirs; do
            for f in "$top"/$d/*.c; do
                [ -f "$f" ] || continue
                generated "$f" && continue
                files="$files $f"
            done
        done
        # shellcheck disable=SC2086
        $CC -g -O1 -std=c11 -D_DEFAULT_SOURCE -fsanitize=fuzzer $SAN -I"$top/src" \
            "$src" $files -lz -lm -o "$out/fuzz_$name"
        ;;
    esac
    echo "built $out/fuzz_$name ($dirs)"
done
