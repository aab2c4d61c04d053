/* ws_pf_all.h: the policies and throttles the registry lists (one ops
 * struct each, defined in its own file). */
#ifndef WS_PF_ALL_H
#define WS_PF_ALL_H

#include "pf/ws_pf.h"

extern const ws_pf_ops ws_pf_nextline;     /* ws_pf_nextline.c */
extern const ws_pf_ops ws_pf_stride;       /* ws_pf_stride.c: RPT, per region */
extern const ws_pf_ops ws_pf_stridepc;     /* ws_pf_stridepc.c */
extern const ws_pf_ops ws_pf_stream;       /* ws_pf_stream.c */
extern const ws_pf_ops ws_pf_ghb;          /* ws_pf_ghb.c: AC/DC */
extern const ws_pf_ops ws_pf_ghb_stride;   /* ws_pf_ghb_stride.c: DSAP's stride GHB */
extern const ws_pf_ops ws_pf_mthwp;        /* ws_pf_mthwp.c */
extern const ws_pf_ops ws_pf_dsap;         /* ws_pf_dsap.c */
extern const ws_pt_ops ws_pt_mt;           /* ws_pt_mt.c: MTP adaptive throttling */
extern const ws_pt_ops ws_pt_feedback;     /* ws_pt_feedback.c: GHB+F */
extern const ws_pt_ops ws_pt_lateness;     /* ws_pt_lateness.c: StridePC+T */

#endif
