#!/bin/sh
# build.sh: from a fresh clone to a running warpscope.
#
#   ./build.sh run [ARGS...]   install what is missing, build, run warpscope ARGS
#   ./build.sh check           install what is missing, build, run the test suite
#   make -C build fuzz [FUZZ_TIME=S]   then: every fuzz harness for S seconds (default
#                              60; needs clang with libFuzzer; HACKING, Fuzzing)
#
# Environment: BUILD_DIR (default: build), WS_CONFIGURE_FLAGS (extra configure
# flags, e.g. --enable-sanitizers), JOBS (default: all cores).
set -u

top=$(cd "$(dirname "$0")" && pwd)
build=${BUILD_DIR:-$top/build}
case $build in /*) ;; *) build=$top/$build ;; esac
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}
flags=${WS_CONFIGURE_FLAGS:-}

say() { printf 'build.sh: %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }

# Debian packages needed to build (the README's package line).  tmux is needed
# only by the interface's tests, which skip without it: `check` installs it
# when run as root and otherwise says how to.
PKGS="autoconf automake libtool pkg-config make gcc liblua5.4-dev libncurses-dev zlib1g-dev"

missing_pkgs() {
    command -v dpkg-query >/dev/null 2>&1 || return 0
    for p in $PKGS; do
        st=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)
        case $st in *"install ok installed"*) ;; *) printf '%s ' "$p" ;; esac
    done
}

install_deps() {
    command -v dpkg-query >/dev/null 2>&1 || {
        for t in autoreconf pkg-config make cc; do
            command -v $t >/dev/null 2>&1 || die "'$t' not found: install autoconf, automake, pkg-config, make, a C compiler, Lua 5.4 (or 5.3) headers, ncurses and zlib headers"
        done
        return 0
    }
    miss=$(missing_pkgs)
    [ -z "$miss" ] && return 0
    if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
        say "installing missing packages: $miss"
        export DEBIAN_FRONTEND=noninteractive
        if ! apt-get install -y -q $miss >/dev/null 2>&1; then
            apt-get update -q >/dev/null 2>&1
            apt-get install -y -q $miss >/dev/null || die "apt-get install failed for: $miss"
        fi
    else
        die "missing packages; install them with:  sudo apt-get install $miss"
    fi
}

# A source tree configured in place (`./configure` run in it) stops configure
# in build/ ("source directory already configured"): say what to do.
in_tree_check() {
    [ "$build" = "$top" ] && return 0
    [ -f "$top/config.status" ] || return 0
    die "the source tree is configured in place (./configure was run in $top): run 'make distclean' there, then ./build.sh again (it builds in $build); or keep building in place with make"
}

# tmux for the interface's tests: installed as root, otherwise a note.
check_tmux() {
    command -v tmux >/dev/null 2>&1 && return 0
    if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
        say "installing tmux (for the interface's tests)"
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q tmux >/dev/null 2>&1 && return 0
    fi
    say "tmux is not installed: the interface's tests will be skipped (sudo apt-get install tmux)"
}

bootstrap() {
    # Regenerate configure only when it is missing or older than its inputs.
    if [ ! -x "$top/configure" ] || [ "$top/configure.ac" -nt "$top/configure" ] || \
       [ ! -f "$top/Makefile.in" ] || [ ! -f "$top/build-aux/tap-driver.sh" ]; then
        say "bootstrapping (autoreconf)"
        (cd "$top" && autoreconf -fi) || die "autoreconf failed"
    fi
    mkdir -p "$build"
    stamp="$build/.ws-configure-flags"
    if [ ! -f "$build/Makefile" ] || [ "$top/configure" -nt "$build/Makefile" ] || \
       [ "$(cat "$stamp" 2>/dev/null)" != "$flags" ]; then
        say "configuring in $build ${flags:+($flags)}"
        (cd "$build" && "$top/configure" $flags >configure.out 2>&1) || { tail -5 "$build/configure.out" >&2; die "configure failed (see $build/config.log)"; }
        sed -n '/warpscope .* configured/,$p' "$build/configure.out" >&2
        printf '%s' "$flags" > "$stamp"
    fi
}

compile() {
    make -C "$build" -j"$jobs" >/dev/null || { make -C "$build" 2>&1 | tail -40; die "build failed"; }
}

# Count TAP results over every .trs file below DIR; prints "P F S".
count_results() {
    find "$1" -name '*.trs' -exec cat {} + 2>/dev/null | awk '
        /^:test-result: (PASS|XFAIL)/ { p++ }
        /^:test-result: (FAIL|XPASS|ERROR)/ { f++ }
        /^:test-result: SKIP/ { s++ }
        END { printf "%d %d %d\n", p, f, s }'
}

summary() {
    set -- $(count_results "$1")
    if [ "$3" -gt 0 ]; then echo "$1 passed, $2 failed, $3 skipped"; else echo "$1 passed, $2 failed"; fi
}

cmd=${1:-run}
[ $# -gt 0 ] && shift
case $cmd in
run)
    in_tree_check; install_deps; bootstrap; compile
    exec "$build/warpscope" "$@"
    ;;
check)
    in_tree_check; install_deps; check_tmux; bootstrap; compile
    find "$build" -name '*.trs' -delete 2>/dev/null
    make -C "$build" -j"$jobs" check >"$build/check.out" 2>&1
    rc=$?
    grep -E '^(PASS|FAIL|XPASS|ERROR|SKIP|XFAIL):' "$build/check.out" | grep -Ev '^(PASS|SKIP|XFAIL):' >&2
    if [ $rc -ne 0 ]; then
        for log in $(grep -l -E '^:test-result: (FAIL|XPASS|ERROR)' $(find "$build" -name '*.trs') 2>/dev/null); do
            say "failed: ${log%.trs}.log"; sed 's/^/    /' "${log%.trs}.log" | grep -v '^    ok ' | tail -30 >&2
        done
        grep -q 'test-suite.log' "$build/check.out" || tail -30 "$build/check.out" >&2
    fi
    line=$(summary "$build")
    echo "$line"
    case $line in "0 passed, 0 failed"*) exit 1 ;; esac
    [ $rc -eq 0 ] && case $line in *", 0 failed"*) exit 0 ;; esac
    exit 1
    ;;
packages)
    # internal: the packages needed to build (used by tests/build_sh.sh)
    echo $PKGS
    ;;
count)
    # internal: ./build.sh count DIR -> "P F S" (used by .ci/run)
    count_results "${1:?directory}"
    ;;
-h|--help|help)
    sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
    ;;
*)
    say "unknown command '$cmd' (expected run or check)"; exit 2
    ;;
esac
