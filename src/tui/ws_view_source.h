/* ws_view_source.h: what the source view offers the rest of the TUI (the
 * `/` search and breakpoints at the cursor). */
#ifndef WS_VIEW_SOURCE_H
#define WS_VIEW_SOURCE_H

#include <stdint.h>

#include "ptx/ws_ptx_ir.h"
#include "tui/ws_tui.h"

/* Search the function the source view shows (the selected warp's, else the
 * kernel) for `text`, from instruction `from` on (wrapping around): an
 * instruction whose PTX text contains it (case-insensitive), or whose line
 * is that number when text is a decimal number, or which a label of that
 * name precedes.  On a match the view's cursor moves there (the view stops
 * following the selected warp) and the instruction index is returned; -1
 * when nothing matches or no kernel is running. */
int ws_view_source_find(ws_tui *t, const char *text, int from);

/* The instruction under the source view's cursor (for "break here"):
 * fills *f, *pc and *line and returns 0, or returns -1 when there is none. */
int ws_view_source_cursor(ws_tui *t, const ws_ptx_func **f, uint32_t *pc, uint32_t *line);

/* The CUDA line under the cursor when it is on a CUDA row (the CUDA and
 * PTX+CUDA modes): fills *file (base name) and *line and returns 0; -1
 * otherwise. */
int ws_view_source_cursor_cu(ws_tui *t, const char **file, uint32_t *line);

#endif
