# report_run.sh: --report FILE on a run (issue 39, part 3).  The report
# written at the end of a run (two gpus) is byte-identical to `warpscope
# report` of the same run's --json; without --json it names the script; a
# path that cannot be written is refused before the run (status 2); a run
# that launches nothing says that nothing was written (status 1).  Reports
# written at the same moment to one file each use a temporary file of
# their own: every writer succeeds and the file is whole.
. "$WS_SRCDIR/tests/tap.sh"
W=$WARPSCOPE
tmp=$WS_BUILDDIR/report_run.tmp
rm -rf "$tmp"; mkdir -p "$tmp"

cat > "$tmp/run.lua" <<'LUA'
local ws = require "warpscope"
local B = require "warpscope.bfs"
local g = ws.graph.grid{ width = 12, height = 6, seed = 1 }
for i = 1, 2 do
  local gpu = ws.gpu{ quiet = true, ["sm.count"] = 2 * i }
  B.data(gpu, g, 0, 4)
  gpu:close()
end
LUA
$W -b --set stats.interval=100 --json="$tmp/two.json" --report="$tmp/two.html" "$tmp/run.lua" > "$tmp/out" 2>&1
t_is "$?" 0 "a run with --json and --report"
t_is "$(cat "$tmp/out")" "" "says nothing"
$W report "$tmp/two.json" -o "$tmp/two-cli.html" > "$tmp/out" 2>&1
t_is "$?" 0 "warpscope report of its --json"
t_ok "$(cmp -s "$tmp/two.html" "$tmp/two-cli.html"; echo $?)" "--report is byte-identical to warpscope report of --json"
t_is "$(grep -c '<section id="g2-ipc">' "$tmp/two.html")" 1 "both gpus are in it"

$W -b --set stats.interval=100 --report="$tmp/alone.html" "$tmp/run.lua" > "$tmp/out" 2>&1
t_is "$?" 0 "--report without --json"
t_match "$(grep -o '<title>[^<]*' "$tmp/alone.html" | head -1)" "^<title>warpscope report: .*run\.lua$" "the title names the script"
t_is "$(sed 's|run\.lua|two.json|g' "$tmp/alone.html" | cmp -s - "$tmp/two.html"; echo $?)" 0 "the same report but for the name"
t_is "$(ls "$tmp" | grep -c json)" 1 "no JSON file is written for it"

$W -b --report="$tmp/no/such/dir/r.html" "$tmp/run.lua" > "$tmp/out" 2>&1
t_is "$?" 2 "an unwritable --report: status 2 before the run"
t_match "$(cat "$tmp/out")" "^warpscope: --report: cannot write '.*no/such/dir/r.html': directory .*: No such file or directory" "... with a message naming it"

echo 'print("no gpu")' > "$tmp/none.lua"
$W -b --report="$tmp/none.html" "$tmp/none.lua" > "$tmp/out" 2>&1
t_is "$?" 1 "a run that launches nothing: status 1"
t_match "$(cat "$tmp/out")" "warpscope: --report: nothing written to '.*none.html': no kernel ran" "... and says so"
t_ok "$([ ! -e "$tmp/none.html" ]; echo $?)" "... and writes no file"

# eight writers of one report at once (the same second): each succeeds
for i in 1 2 3 4 5 6 7 8; do
    ( $W report "$tmp/two.json" -o "$tmp/same.html" > "$tmp/same.$i" 2>&1; echo $? >> "$tmp/same.$i" ) &
done
wait
t_is "$(cat "$tmp"/same.? | tr '\n' ' ')" "0 0 0 0 0 0 0 0 " "eight reports written at once to one file all succeed"
t_ok "$(cmp -s "$tmp/same.html" "$tmp/two-cli.html"; echo $?)" "the file is one whole report"
# another writer's temporary file in the way (a name made from the time
# alone, as the first version's was, collided with it): still written
now=$(date +%s)
for s in 0 1 2; do mkdir -p "$tmp/busy.html.tmp$(( (now + s) % 100000 ))"; done
$W report "$tmp/two.json" -o "$tmp/busy.html" > "$tmp/out" 2>&1
t_is "$?" 0 "another writer's temporary file of this second does not stop the report"
t_ok "$(cmp -s "$tmp/busy.html" "$tmp/two-cli.html"; echo $?)" "... which is whole"
rmdir "$tmp"/busy.html.tmp*
t_is "$(ls "$tmp" | grep -c '\.tmp')" 0 "no temporary file is left"
rm -rf "$tmp"
t_done
