# warpscope.crand: glibc's rand() in Lua.  Its first values after srand(1)
# are fixed here; with a C compiler the first 1000 values of several seeds
# are compared with the system's own srand()/rand() (skipped without cc, or
# when the C library is not glibc, whose generator this is).
. "$WS_SRCDIR/tests/tap.sh"
W=$WARPSCOPE
T=$WS_BUILDDIR/crand.tmp
rm -rf "$T"; mkdir -p "$T"

cat > "$T/crand.lua" <<'EOF'
local crand = require "warpscope.crand"
local seed, n = tonumber(arg[1]), tonumber(arg[2])
local rand = crand.new(math.tointeger(seed))
for _ = 1, n do print(rand()) end
EOF

# glibc 2.x, srand(1): the values every C programmer has seen
want="1804289383 846930886 1681692777 1714636915 1957747793 424238335 719885386 1649760492 596516649 1189641421"
got=$($W --batch "$T/crand.lua" 1 10 | tr '\n' ' ' | sed 's/ $//')
t_is "$got" "$want" "srand(1): the first 10 values of glibc rand()"
got=$($W --batch "$T/crand.lua" 0 3 | tr '\n' ' ' | sed 's/ $//')
t_is "$got" "1804289383 846930886 1681692777" "srand(0) is srand(1)"

cat > "$T/bad.lua" <<'EOF'
local crand = require "warpscope.crand"
local ok, err = pcall(crand.new, -1)
print(ok, err)
EOF
got=$($W --batch "$T/bad.lua")
t_match "$got" 'warpscope.crand.new: argument 1 \(seed\) must be an integer in 0..4294967295, got number -1' "a bad seed is refused"

cc=${CC:-cc}
cat > "$T/rand.c" <<'EOF'
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
    if (argc != 3)
        return 2;
    srand((unsigned)strtoul(argv[1], NULL, 10));
    int n = atoi(argv[2]);
    for (int i = 0; i < n; i++)
        printf("%d\n", rand());
    return 0;
}
EOF
if ! command -v "$cc" >/dev/null 2>&1 || ! "$cc" -o "$T/rand" "$T/rand.c" 2>/dev/null; then
    t_ok 0 "# SKIP no C compiler ($cc): not compared with the system's rand()"
elif [ "$("$T/rand" 1 1)" != 1804289383 ]; then
    t_ok 0 "# SKIP the C library's rand() is not glibc's"
else
    for seed in 1 2 42 12345 2147483647 2147483648 4294967295; do
        "$T/rand" "$seed" 1000 > "$T/c.out"
        $W --batch "$T/crand.lua" "$seed" 1000 > "$T/lua.out"
        cmp -s "$T/c.out" "$T/lua.out"
        t_ok $? "srand($seed): the first 1000 values are the system's rand()"
    done
fi
t_done
