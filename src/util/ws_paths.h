/* Where warpscope finds its data (the lua/ library and scenarios/).
 *
 * Order: $WARPSCOPE_DATADIR; the source tree when the running binary is the
 * uninstalled one in the build tree; the installed package data directory. */
#ifndef WS_PATHS_H
#define WS_PATHS_H

#include <stddef.h>

/* The data directory (never NULL; a static string owned by this module
 * computed once from argv0-independent facts). */
const char *ws_paths_datadir(void);
/* Join datadir and a relative path into buf; returns buf. */
char *ws_paths_data(char *buf, size_t size, const char *rel);

#endif
