/* t_pf_nextline.c: the next-line policy through a mock engine, and the
 * inspection record. */
#include "pf/ws_pf_all.h"
#include "arch/ws_opts.h"
#include "ws_pf_mock.h"
#include "ws_tap.h"

int main(void)
{
    mock_engine m;
    mock_init(&m);
    ws_error err;
    ws_opts *o = ws_opts_new();
    const ws_pf_ops *ops = ws_pf_find("nextline");
    ok(ops == &ws_pf_nextline, "registry finds nextline");
    ok(ws_pf_find("nope") == NULL, "unknown policy: NULL");
    ws_pf *p = ops->create(&m.x, o, &err);
    ok(p != NULL, "created");
    ws_pf_access a = mock_load(&m, 7, 3, 0x1000 + 40, WS_PF_MISS);
    p->ops = ops;
    ops->observe(p, &a);
    is_int(m.n, 1, "one prefetch per load");
    is_u64(m.iss[0].addr, 0x1080, "the next line");
    is_int(m.iss[0].wid, 3, "for the same warp");
    a.kind = WS_PF_STORE;
    ops->observe(p, &a);
    is_int(m.n, 1, "stores trigger nothing");
    m.x.degree = 3;
    m.x.distance = 2;
    a.kind = WS_PF_LOAD;
    ops->observe(p, &a);
    is_int(m.n, 4, "degree 3: three more");
    is_u64(m.iss[1].addr, 0x1100, "distance 2: line + 2");
    is_u64(m.iss[3].addr, 0x1200, "line + 4");
    m.x.degree = 0;
    ops->observe(p, &a);
    is_int(m.n, 4, "degree 0: none");
    ws_pf_insp in;
    ws_pf_insp_init(&in);
    ops->inspect(p, &in);
    const ws_pf_insp_kv *kv = ws_pf_insp_find(&in, "triggers");
    ok(kv && kv->ival == 3, "inspect: 3 load triggers");
    ws_pf_insp_table_begin(&in, "t", 2, (const char *const[]){ "a", "b" }, (const uint8_t[]){ 8, 16 });
    for (int64_t i = 0; i < 40; i++) ws_pf_insp_row(&in, (const int64_t[]){ i, -i });
    const ws_pf_insp_table *t = ws_pf_insp_find_table(&in, "t");
    ok(t && t->nrows == 40 && t->cells[2 * 39 + 1] == -39 && t->bits[1] == 16, "table rows kept");
    ws_pf_insp_free(&in);
    /* classifier */
    m.x.ranges[WS_ROLE_EDGE] = (ws_pf_range){ 0x2000, 0x3000, 4 };
    is_int(ws_pf_classify(&m.x, 0x2ffc), WS_ROLE_EDGE, "classify: inside");
    is_int(ws_pf_classify(&m.x, 0x3000), WS_ROLE_NONE, "classify: end excluded");
    ops->destroy(p);
    ws_opts_free(o);
    return tap_done();
}
