/* t_gpu_diag.c: a deadlock diagnosis names what the SMs and the memory
 * system still hold when no warp is stuck.  An L1 MSHR entry whose request
 * is lost (built by hand: the request leaves the miss queue and is freed, as
 * happened to fetch-on-write writes before they filled L1) keeps SM 0 from
 * ever being idle: the launch's warps all finish, and the run ends in a
 * deadlock that must say where the machine is held; ending the launch does
 * not wait for that entry. */
#include <stdio.h>
#include <string.h>

#include "arch/ws_cache.h"
#include "arch/ws_gpu.h"
#include "arch/ws_gpu_int.h"
#include "ws_line_kernel.h"
#include "ws_tap.h"

int main(void)
{
    ws_error err;
    ws_line_fix f;
    static const char *const kv[] = { "run.deadlock=3000", NULL };
    ws_line_setup(&f, "gtx480", kv, 256);
    ws_sm *sm = &f.g->sms[0];

    /* a read miss far from the kernel's arrays, whose request then vanishes */
    ws_mreq *r = ws_mreq_alloc(&f.g->pool);
    r->kind = WS_MREQ_READ;
    r->addr = 0x7f000000;
    r->size = 128;
    r->sector_mask = 0xf;
    ws_cache_result res = ws_cache_access(sm->l1d, r, 0, &f.g->pool);
    ok(res.status == WS_CACHE_MISS && res.forwarded, "the read misses and takes an L1 MSHR entry");
    ok(ws_cache_missq_pop(sm->l1d) == r, "its request leaves the miss queue");
    ws_mreq_free(&f.g->pool, r);

    if (ws_line_begin(&f) < 0) return 1;
    int rc;
    while ((rc = ws_gpu_run(f.g, 1000, &err)) == 0) {}
    is_int(rc, -1, "the launch cannot end");
    ok(strstr(err.msg, "deadlock in kernel 'k'") != NULL, "a deadlock: %.60s", err.msg);
    is_int(ws_line_errors(&f), 0, "every warp finished its work");
    ok(strstr(err.msg, "(no resident warps; 0 CTA(s) never dispatched)") != NULL, "no warp is stuck");
    uint32_t dsm = 99, dslot = 99;
    ok(!ws_gpu_diagnosis_warp(f.g, &dsm, &dslot) && dsm == 99 && dslot == 99,
       "so the diagnosis names no first warp");
    ok(strstr(err.msg, "SM 0 holds: 0 request(s) queued at the LD/ST unit, 1 L1 MSHR entry waiting for a fill, "
                       "0 request(s) in the L1 miss queue, 0 bypassing L1, 0 L1 hit(s) to deliver\n") != NULL,
       "the diagnosis names SM 0's MSHR entry");
    ok(strstr(err.msg, "SM 1 holds") == NULL && strstr(err.msg, "memory system holds") == NULL,
       "and nothing else: the other SMs and the memory system are idle");
    if (!strstr(err.msg, "SM 0 holds")) diag("%s", err.msg);
    /* ending the launch lets requests in flight finish; an entry nothing
     * will fill does not keep it waiting (it used to run 100 M cycles) */
    uint64_t t = ws_gpu_cycle(f.g);
    ws_gpu_launch_end(f.g, &err);
    ok(ws_gpu_cycle(f.g) - t < 10, "the launch ends at once (%llu cycles of draining)",
       (unsigned long long)(ws_gpu_cycle(f.g) - t));
    ws_gpu_free(f.g);
    return tap_done();
}
