/* ws_cpol_all.h: every cache policy (one file each), for the registry. */
#ifndef WS_CPOL_ALL_H
#define WS_CPOL_ALL_H

#include "cpol/ws_cpol.h"

extern const ws_cpol_ops ws_cpol_noninclusive;
extern const ws_cpol_ops ws_cpol_exclusive;
extern const ws_cpol_ops ws_cpol_flexclusion;
extern const ws_cpol_ops ws_cpol_rexclusion;

#endif
