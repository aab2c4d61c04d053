# build_sh.sh: what a new user meets in build.sh and the README's build lines:
# building needs no tmux (only the interface's tests use it), the README's
# package line is exactly what build.sh installs, the README's classic build
# configures in build/ (the directory build.sh uses), and a source tree
# configured in place makes build.sh say what to do instead of failing in
# configure.
. "$WS_SRCDIR/tests/tap.sh"
tmp=$WS_BUILDDIR/build_sh.tmp
rm -rf "$tmp"; mkdir -p "$tmp"

pk=$(sh "$WS_SRCDIR/build.sh" packages)
t_is "$(printf '%s\n' $pk | grep -c '^tmux$')" 0 "build.sh: building does not need tmux"
line=$(grep '^sudo apt-get install' "$WS_SRCDIR/README.md" | head -1)
t_is "$line" "sudo apt-get install $pk" "README: the package line is build.sh's"
t_match "$(cat "$WS_SRCDIR/README.md")" "tests.*use .tmux. and are skipped" "README: says the tests use tmux"
classic=$(grep '&& make check && sudo make install' "$WS_SRCDIR/README.md")
t_match "$classic" "mkdir -p build && cd build && \.\./configure" "README: the classic build configures in build/"

# a tree configured in place
mkdir -p "$tmp/src"
cp "$WS_SRCDIR/build.sh" "$tmp/src/"
touch "$tmp/src/config.status"
out=$(sh "$tmp/src/build.sh" run 2>&1); rc=$?
t_is "$rc" 1 "build.sh in a tree configured in place: exit status 1"
t_match "$out" "configured in place.*run 'make distclean' there" "... says what to do"
t_is "$(ls "$tmp/src" | tr '\n' ' ')" "build.sh config.status " "... and touches nothing"
rm -rf "$tmp"
t_done
