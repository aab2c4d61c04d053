/* Special registers in 3-D grids and blocks: %tid, %ntid, %ctaid, %nctaid,
 * %laneid, %warpid, %nwarpid, %smid, %nsmid, %gridid, %lanemask_*,
 * %clock64, %dynamic_smem_size; plus mad.lo.cc / madc. */
#include <stdint.h>

#include "core/tcore.h"
#include "util/ws_util.h"

#define HDR ".version 7.8\n.target sm_75\n.address_size 64\n"

static const char *ptx = HDR
    ".visible .entry s(.param .u64 out)\n{\n"
    "  .reg .b64 %o, %a, %c0, %c1; .reg .b32 %r<24>;\n"
    "  ld.param.u64 %o, [out];\n"
    "  mov.u32 %r1, %tid.x; mov.u32 %r2, %tid.y; mov.u32 %r3, %tid.z;\n"
    "  mov.u32 %r4, %ntid.x; mov.u32 %r5, %ntid.y; mov.u32 %r6, %ntid.z;\n"
    "  mov.u32 %r7, %ctaid.x; mov.u32 %r8, %ctaid.y; mov.u32 %r9, %ctaid.z;\n"
    "  mov.u32 %r10, %nctaid.x; mov.u32 %r11, %nctaid.y; mov.u32 %r12, %nctaid.z;\n"
    "  mov.u32 %r13, %laneid; mov.u32 %r14, %warpid; mov.u32 %r15, %nwarpid;\n"
    "  mov.u32 %r16, %smid; mov.u32 %r17, %nsmid; mov.u32 %r18, %gridid;\n"
    "  mov.u32 %r19, %lanemask_lt; mov.u32 %r20, %lanemask_ge;\n"
    "  mov.u32 %r21, %dynamic_smem_size; mov.u64 %c0, %clock64; mov.u64 %c1, %clock64;\n"
    "  sub.s64 %c1, %c1, %c0; cvt.u32.u64 %r22, %c1;\n"
    /* linear thread id: ((ctaid linear) * threads + tid linear) */
    "  mad.lo.u32 %r0, %r3, %r5, %r2; mad.lo.u32 %r0, %r0, %r4, %r1;\n"
    "  mad.lo.u32 %r23, %r9, %r11, %r8; mad.lo.u32 %r23, %r23, %r10, %r7;\n"
    "  mul.lo.u32 %r23, %r23, 64; add.u32 %r0, %r0, %r23;\n"
    "  mul.wide.u32 %a, %r0, 96; add.s64 %a, %o, %a;\n"
    "  st.global.v4.u32 [%a], {%r1, %r2, %r3, %r4};\n"
    "  st.global.v4.u32 [%a+16], {%r5, %r6, %r7, %r8};\n"
    "  st.global.v4.u32 [%a+32], {%r9, %r10, %r11, %r12};\n"
    "  st.global.v4.u32 [%a+48], {%r13, %r14, %r15, %r16};\n"
    "  st.global.v4.u32 [%a+64], {%r17, %r18, %r19, %r20};\n"
    "  st.global.v2.u32 [%a+80], {%r21, %r22};\n"
    "  ret;\n}\n";

int main(void)
{
    tc_init();
    ws_module *m = tc_load(ptx);
    const ws_kernel *k = m ? ws_module_kernel(m, "s", &tc_err) : NULL;
    enum { BX = 8, BY = 4, BZ = 2, GX = 3, GY = 2, GZ = 2, T = BX * BY * BZ, C = GX * GY * GZ };
    uint64_t out = ws_devmem_alloc(tc_dev, 96ull * T * C, "out", &tc_err);
    ws_launch_config lc = { .grid = { GX, GY, GZ }, .block = { BX, BY, BZ }, .shared_bytes = 100 };
    ws_arg a[] = { WS_ARG_PTR(out) };
    ok(k && ws_launch(tc_dev, k, &lc, a, 1, &tc_err) == 0, "3-D launch runs");
    uint32_t *o = ws_xmalloc(96ull * T * C);
    ws_devmem_read(tc_dev, out, o, 96ull * T * C, NULL);
    int bad[8] = { 0 };
    uint32_t gridid = o[17];
    for (int cz = 0; cz < GZ; cz++)
        for (int cy = 0; cy < GY; cy++)
            for (int cx = 0; cx < GX; cx++)
                for (int z = 0; z < BZ; z++)
                    for (int y = 0; y < BY; y++)
                        for (int x = 0; x < BX; x++) {
                            int cl = (cz * GY + cy) * GX + cx, tl = (z * BY + y) * BX + x;
                            const uint32_t *r = o + (size_t)(cl * 64 + tl) * 24;
                            bad[0] += r[0] != (uint32_t)x || r[1] != (uint32_t)y || r[2] != (uint32_t)z;
                            bad[1] += r[3] != BX || r[4] != BY || r[5] != BZ;
                            bad[2] += r[6] != (uint32_t)cx || r[7] != (uint32_t)cy || r[8] != (uint32_t)cz;
                            bad[3] += r[9] != GX || r[10] != GY || r[11] != GZ;
                            bad[4] += r[12] != (uint32_t)(tl % 32) || r[13] != (uint32_t)(tl / 32) || r[14] != 48;
                            bad[5] += r[15] != (uint32_t)(cl % 15) || r[16] != 15 || r[17] != gridid;
                            bad[6] += r[18] != (1u << (tl % 32)) - 1 || r[19] != ~((1u << (tl % 32)) - 1);
                            bad[7] += r[20] != 100 || r[21] != 1;
                        }
    is_int(bad[0], 0, "%%tid.x/y/z");
    is_int(bad[1], 0, "%%ntid");
    is_int(bad[2], 0, "%%ctaid");
    is_int(bad[3], 0, "%%nctaid");
    is_int(bad[4], 0, "%%laneid, %%warpid, %%nwarpid");
    is_int(bad[5], 0, "%%smid (CTA i on SM i %% 15), %%nsmid, %%gridid");
    is_int(bad[6], 0, "%%lanemask_lt / _ge");
    is_int(bad[7], 0, "%%dynamic_smem_size; %%clock64 counts the warp's instructions");
    ok(k && ws_launch(tc_dev, k, &lc, a, 1, &tc_err) == 0, "second launch");
    uint32_t g2;
    ws_devmem_read(tc_dev, out + 17 * 4, &g2, 4, NULL);
    is_int(g2, gridid + 1, "%%gridid increases per launch");
    free(o);
    /* carry chain through mad.lo.cc */
    uint64_t in[3] = { 0x80000000u, 4, 5 }, r[2];
    tc_exec("mad.lo.cc.u32 %d, %a, %b, %c;\n  addc.u32 %e, 0, 0;", "u32", "u32", NULL, 1, in, r);
    is_u64(r[0], 5, "mad.lo.cc.u32: low word of 2^33 + 5");
    is_u64(r[1], 0, "no carry: the product's high part is dropped before the add");
    in[0] = 0xffffffffu, in[1] = 1, in[2] = 1;
    tc_exec("mad.lo.cc.u32 %d, %a, %b, %c;\n  addc.u32 %e, 0, 0;", "u32", "u32", NULL, 1, in, r);
    ok(r[0] == 0 && r[1] == 1, "mad.lo.cc carries out of the add");
    ws_device_free(tc_dev);
    return tap_done();
}
