# kernels_ptx.sh: the committed PTX of scenarios/kernels is complete and free
# of build-machine details (see scenarios/kernels/nvcc-ptx.sh).
. "$WS_SRCDIR/tests/tap.sh"
[ -d "$WS_SRCDIR/scenarios/kernels" ] || t_skip_all "no scenarios/kernels in $WS_SRCDIR"
for dir in "$WS_SRCDIR/scenarios/kernels" "$WS_SRCDIR/scenarios/micro"; do

# Every kernel source has its -O3 PTX, generated for sm_75.
for cu in "$dir"/*.cu; do
    k=$(basename "$cu" .cu)
    ptx=$dir/$k.ptx
    t_ok "$([ -s "$ptx" ]; echo $?)" "$k.cu has $k.ptx"
    t_match "$(grep -m1 '^\.target' "$ptx" 2>/dev/null)" '^\.target[[:space:]]+sm_75$' "$k.ptx targets sm_75"
done

# Every PTX file comes from a kernel source; -G builds are marked debug.
for ptx in "$dir"/*.ptx; do
    k=$(basename "$ptx" .ptx)
    case $k in
    *_g)
        t_ok "$([ -f "$dir/${k%_g}.cu" ]; echo $?)" "$k.ptx has its source ${k%_g}.cu"
        t_match "$(grep -m1 '^\.target' "$ptx")" '^\.target[[:space:]]+sm_75, debug$' "$k.ptx is a -G (debug) build"
        ;;
    *)
        t_ok "$([ -f "$dir/$k.cu" ]; echo $?)" "$k.ptx has its source $k.cu"
        ;;
    esac
    t_match "$(grep -m1 '^\.version' "$ptx")" '^\.version[[:space:]]+[0-9]+\.[0-9]+$' "$k.ptx has a .version"
done

# No absolute path anywhere: not in the text, not in .file directives, not in
# the DWARF strings of -G builds (.b8 byte lists; 47 is '/').
hits=$(grep -n '/tmp\|/work\|/home\|/root\|/usr' "$dir"/*.ptx)
t_is "$hits" "" "no build-machine path in the PTX text"
hits=$(grep -n '^[[:space:]]*\.file[[:space:]]\+[0-9]\+[[:space:]]\+"[^"]*/' "$dir"/*.ptx)
t_is "$hits" "" ".file directives name bare files"
hits=$(grep -n '^\.b8 47,' "$dir"/*.ptx)
t_is "$hits" "" "no absolute path in the DWARF strings"
hits=$(grep -n '_INTERNAL_[0-9a-f]\{8\}_' "$dir"/*.ptx | grep -v '_INTERNAL_00000000_')
t_is "$hits" "" "file-local names carry no path hash"
done

t_done
