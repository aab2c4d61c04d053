/* ws_tui_views.c: the table of views, in the order of the 1-8 keys. */
#include "config.h"
#include "tui/ws_tui.h"

#include <string.h>

const ws_view *const ws_tui_views[] = {
    &ws_view_warps, &ws_view_warp, &ws_view_stalls, &ws_view_caches,
    &ws_view_prefetch, &ws_view_memory, &ws_view_source, &ws_view_console,
};
const int ws_tui_nviews = (int)(sizeof ws_tui_views / sizeof ws_tui_views[0]);

int ws_tui_view_find(const char *name)
{
    int found = -1;
    size_t n = strlen(name);
    for (int i = 0; i < ws_tui_nviews; i++) {
        if (!strcmp(ws_tui_views[i]->name, name))
            return i;
        if (n && !strncmp(ws_tui_views[i]->name, name, n))
            found = found == -1 ? i : -2;
    }
    return found < 0 ? -1 : found;
}
