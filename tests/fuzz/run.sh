#!/bin/bash
# run.sh: `make fuzz`: build every fuzz target with clang, libFuzzer, ASan
# and UBSan (tests/fuzz/build.sh) and run each for FUZZ_TIME seconds, one
# after the other, on one core:
#   libFuzzer targets  fuzz_ptx, fuzz_graph, fuzz_dinero, fuzz_opts, fuzz_tui
#                      (over their committed corpus tests/fuzz/NAME-corpus,
#                      new finds into OUT/new/NAME)
#   lua_api            tests/fuzz/lua_api.lua, one seed after another
#   tui_keys           tests/fuzz/tui_keys.sh under tmux (skipped without tmux)
# then prints, per harness, what ran and what it found, and how to keep the
# new inputs.  The kernels differential (tests/fuzz/kernels.lua) needs nvcc
# and hours; it is not part of this (HACKING, Fuzzing).
#
#   tests/fuzz/run.sh                      # every harness, 60 s each
#   FUZZ_TIME=3600 tests/fuzz/run.sh       # a real campaign: an hour each
#   FUZZ_TARGETS="dinero opts" tests/fuzz/run.sh
#   make fuzz FUZZ_TIME=600 [FUZZ_TARGETS=...]    (the same from a build dir)
#
# Environment: FUZZ_TIME (seconds per harness, default 60), FUZZ_TARGETS
# (default: all: ptx graph dinero opts tui lua_api tui_keys), FUZZ_CC (the
# compiler, default clang), FUZZ_OUT (the
# build and scratch folder, default build-fuzz in the source tree),
# FUZZ_CI=1 (CI: fuzz over a copy of the corpus only, fail when clang is
# missing).  Exit status: 0 when nothing was found (or, outside CI, when
# clang with libFuzzer is missing: a message says so), 1 when a harness
# found something: the reproducer's path is printed (rerun it with
# OUT/fuzz_NAME PATH, or for lua_api and tui_keys the command shown).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
T=${FUZZ_TIME:-60}
out=${FUZZ_OUT:-$top/build-fuzz}
ci=${FUZZ_CI:-}
targets=${FUZZ_TARGETS:-ptx graph dinero opts tui lua_api tui_keys}
case $T in '' | *[!0-9]*) echo "make fuzz: FUZZ_TIME must be a number of seconds, got '$T'" >&2; exit 2 ;; esac

say() { printf 'make fuzz: %s\n' "$*"; }

# clang with libFuzzer and the sanitizers?
mkdir -p "$out"
out=$(cd "$out" && pwd)
CC=${FUZZ_CC:-clang}   # (not CC: make exports the build's compiler to recipes)
if ! command -v "$CC" >/dev/null 2>&1 ||
   ! printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n);\nint LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' |
     "$CC" -x c -fsanitize=fuzzer,address,undefined - -o "$out/probe" >"$out/probe.log" 2>&1; then
    say "SKIPPED: no clang with libFuzzer ('$CC' cannot build -fsanitize=fuzzer,address,undefined; see $out/probe.log)"
    say "install it (Debian: apt-get install clang libclang-rt-dev) or set FUZZ_CC"
    [ -n "$ci" ] && exit 1
    exit 0
fi
rm -f "$out/probe" "$out/probe.log"

libf=
for t in $targets; do
    # (the instrumented warpscope, OUT/obj, comes with any libws target)
    case $t in lua_api | tui_keys) libf="$libf tui" ;; *) libf="$libf $t" ;; esac
done
say "building in $out"
# shellcheck disable=SC2086
CC=$CC "$top/tests/fuzz/build.sh" "$out" $libf >"$out/build.log" 2>&1 ||
    { tail -30 "$out/build.log"; say "the build failed ($out/build.log)"; exit 1; }
W=$out/obj/warpscope

mkdir -p "$out/new" "$out/crashes" "$out/logs"
found=0
summary=()
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

run_libfuzzer() {
    local name=$1 maxlen=4096 extra=()
    case $name in
    ptx) maxlen=16384 ;;
    tui) maxlen=512; extra=(-timeout=60) ;;
    esac
    [ -f "$top/tests/fuzz/$name.dict" ] && extra+=("-dict=$top/tests/fuzz/$name.dict")
    local new=$out/new/$name log=$out/logs/$name.log corpus=$top/tests/fuzz/$name-corpus
    mkdir -p "$new"
    local dirs=("$new" "$corpus")
    if [ -n "$ci" ]; then   # CI: from the committed corpus alone
        rm -rf "$new"; mkdir -p "$new"
    fi
    local n0
    n0=$(ls "$corpus" | wc -l)
    say "$name: fuzzing for ${T}s over $n0 inputs of tests/fuzz/$name-corpus"
    rm -f "$out/crashes/$name-"*
    "$out/fuzz_$name" -max_total_time="$T" -max_len=$maxlen -rss_limit_mb=2560 -timeout=25 "${extra[@]}" \
        -print_final_stats=1 -artifact_prefix="$out/crashes/$name-" "${dirs[@]}" >"$log" 2>&1
    local rc=$?
    local runs secs
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    secs=$(sed -n 's/^stat::[a-z_]*time[a-z_]*: *//p' "$log" | head -1)
    local n1
    n1=$(ls "$new" | wc -l)
    if [ $rc -ne 0 ]; then
        found=1
        local art
        art=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
        grep -E '^(==[0-9]+==ERROR|SUMMARY|.*runtime error)' "$log" | head -5
        say "$name: FOUND a problem after ${runs:-?} runs: reproducer ${art:-(none written; see $log)}"
        say "  rerun: $out/fuzz_$name ${art:-INPUT}    log: $log"
        summary+=("$name: FOUND: ${art:-see $log}")
    else
        say "$name: nothing found: ${runs:-?} runs; $n1 new inputs in $new"
        summary+=("$name: ${runs:-?} runs in ${T}s, $n0 corpus inputs, $n1 new: nothing found")
    fi
}

run_lua_api() {
    local d=$out/lua_api log=$out/logs/lua_api.log
    rm -rf "$d"; mkdir -p "$d"
    : > "$log"
    local seed0=$(( $(date +%s) % 100000 * 10 )) seed end=$(( $(date +%s) + T )) n=0 bad=
    say "lua_api: random Lua API calls for ${T}s (seeds from $seed0)"
    for ((seed = seed0; $(date +%s) < end; seed++)); do
        local left=$(( end - $(date +%s) + 60 ))
        (cd "$d" && ASAN_OPTIONS=allocator_may_return_null=1:detect_leaks=1 FZ_SEED=$seed FZ_N=1500 \
            FZ_LOG=calls-$seed.log timeout $left "$W" --batch --set run.max_cycles=20000 \
            "$top/tests/fuzz/lua_api.lua" >"out-$seed.txt" 2>&1)
        local rc=$?
        n=$((n + 1))
        tail -1 "$d/out-$seed.txt" >> "$log"
        if [ $rc -ne 0 ] || grep -qE 'AddressSanitizer|LeakSanitizer|runtime error' "$d/out-$seed.txt"; then
            bad="seed $seed (exit $rc): $d/out-$seed.txt, calls in $d/calls-$seed.log"
            break
        fi
        rm -f "$d/out-$seed.txt" "$d/calls-$seed.log"
    done
    if [ -n "$bad" ]; then
        found=1
        tail -15 "$d/out-$seed.txt"
        say "lua_api: FOUND a problem: $bad"
        say "  rerun: cd $d && FZ_SEED=$seed FZ_N=1500 FZ_LOG=calls.log $W --batch --set run.max_cycles=20000 $top/tests/fuzz/lua_api.lua"
        summary+=("lua_api: FOUND: $bad")
    else
        say "lua_api: nothing found: $n seeds of 1,500 calls"
        summary+=("lua_api: $n seeds x 1500 calls in ${T}s: nothing found")
    fi
}

run_tui_keys() {
    if ! command -v tmux >/dev/null 2>&1; then
        say "tui_keys: SKIPPED: tmux is not installed (fuzz_tui covers the same keys in process)"
        summary+=("tui_keys: skipped (no tmux)")
        return
    fi
    local d=$out/tui_keys seed0=$(( $(date +%s) % 100000 * 10 )) seed end=$(( $(date +%s) + T )) n=0
    rm -rf "$d"; mkdir -p "$d"
    say "tui_keys: random keys in tmux for ${T}s (seeds from $seed0)"
    for ((seed = seed0; $(date +%s) < end; seed++)); do
        # short sessions on the small scenarios, so that several fit
        WARPSCOPE=$W OUT=$d SCENARIOS="micro/coalesce.lua default.lua isa_exercise.lua" \
            "$top/tests/fuzz/tui_keys.sh" "$seed" "$seed" 80 >/dev/null 2>&1
        n=$((n + 1))
        grep -q FINDING "$d/summary" 2>/dev/null && break
    done
    if grep -q FINDING "$d/summary" 2>/dev/null; then
        found=1
        grep FINDING "$d/summary"
        say "tui_keys: FOUND a problem (the seed's folder holds its log, screen and sanitizer output)"
        say "  rerun: WARPSCOPE=$W KEEP=1 tests/fuzz/tui_keys.sh SEED SEED 80"
        summary+=("tui_keys: FOUND: $(grep FINDING "$d/summary" | head -1)")
    else
        say "tui_keys: nothing found: $n sessions"
        summary+=("tui_keys: $n sessions of 80 actions in ${T}s: nothing found")
    fi
}

for t in $targets; do
    case $t in
    lua_api) run_lua_api ;;
    tui_keys) run_tui_keys ;;
    *)
        if [ ! -x "$out/fuzz_$t" ]; then
            say "no harness '$t' (expected one of: ptx graph dinero opts tui lua_api tui_keys)"
            found=1
            continue
        fi
        run_libfuzzer "$t" ;;
    esac
done

echo
say "summary (FUZZ_TIME=${T}s per harness):"
for s in "${summary[@]}"; do echo "  $s"; done
if [ -z "$ci" ]; then
    echo "New inputs are in $out/new/NAME.  To keep the ones that reach new code (keep the"
    echo "committed corpus small), merge them and commit the result:"
    echo "  $out/fuzz_NAME -merge=1 -use_counters=0 tests/fuzz/NAME-corpus $out/new/NAME"
fi
[ $found -eq 0 ]
