/* ws_opts_list.c: the option table for people (--list-options,
 * --list-presets) and for the statistics file (JSON). */
#include "arch/ws_opts_int.h"

#include "stats/ws_json.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* Headings of the key groups (by the prefix before the first dot). */
static const struct {
    const char *prefix, *title;
} groups[] = {
    { "check", "Checkers" },
    { "clock", "Clocks" },
    { "cmem", "Constant cache (per SM)" },
    { "coalesce", "Coalescer" },
    { "cta", "CTA limits" },
    { "dram", "DRAM (per channel; timing in command clocks)" },
    { "energy", "Energy model (pJ per event, W of static power; see ENERGY)" },
    { "icnt", "Interconnect" },
    { "ii", "Initiation intervals (cycles between warp instructions on one unit)" },
    { "iru", "Irregular accesses Reorder Unit (per memory partition)" },
    { "l1d", "L1 data cache (per SM)" },
    { "l2", "L2 cache (per slice)" },
    { "lat", "Latencies (cycles from issue to result)" },
    { "mem", "Memory partitions" },
    { "run", "Run control" },
    { "sm", "SM" },
    { "smem", "Shared memory" },
    { "stats", "Statistics" },
    { "thread", "Thread limits" },
};

static const char *group_title(const char *name, size_t plen)
{
    for (size_t i = 0; i < sizeof groups / sizeof groups[0]; i++)
        if (strlen(groups[i].prefix) == plen && strncmp(groups[i].prefix, name, plen) == 0)
            return groups[i].title;
    return "Other";
}

static const char *type_name(ws_opt_type t)
{
    switch (t) {
    case WS_OPT_UINT: return "uint";
    case WS_OPT_SIZE: return "size";
    case WS_OPT_BOOL: return "bool";
    case WS_OPT_ENUM: return "enum";
    case WS_OPT_DOUBLE: return "real";
    case WS_OPT_STRING: return "text";
    }
    return "?";
}

void ws_opts_print_list(const ws_opts *o, FILE *f)
{
    fprintf(f, "Configuration of preset %s (values marked * were changed with --set)\n\n", ws_opts_preset_name(o));
    fprintf(f, "  %-20s %-4s %-19s %s\n", "KEY", "TYPE", "VALUE", "RANGE / CHOICES");
    const char *prev = NULL;
    size_t prevlen = 0;
    for (size_t i = 0; i < ws_opts_table_len; i++) {
        const ws_opt_def *d = &ws_opts_table[i];
        const char *dot = strchr(d->name, '.');
        size_t plen = dot ? (size_t)(dot - d->name) : strlen(d->name);
        if (!prev || plen != prevlen || strncmp(prev, d->name, plen) != 0)
            fprintf(f, "\n%s\n", group_title(d->name, plen));
        prev = d->name;
        prevlen = plen;
        char val[300], v2[304], range[200], r2[260];
        ws_opts_display(o, d->name, val, sizeof val);
        snprintf(v2, sizeof v2, "%s%s", val, ws_opts_changed(o, d->name) ? " *" : "");
        ws_opts_range_text(d, range, sizeof range);
        if (d->type == WS_OPT_STRING)
            r2[0] = '\0';
        else
            snprintf(r2, sizeof r2, "%s%s%s", range, *d->unit ? " " : "", d->unit);
        if (strlen(v2) > 19) {      /* long values (dram.map): the range on a line of its own */
            fprintf(f, "  %-20s %-4s %s\n", d->name, type_name(d->type), v2);
            if (*r2)
                fprintf(f, "  %-45s %s\n", "", r2);
        } else if (*r2) {
            fprintf(f, "  %-20s %-4s %-19s %s\n", d->name, type_name(d->type), v2, r2);
        } else {
            fprintf(f, "  %-20s %-4s %s\n", d->name, type_name(d->type), v2);
        }
        fprintf(f, "      %s\n      source: %s\n", d->help, ws_opts_source(o, d->name));
    }
}

void ws_opts_print_presets(FILE *f)
{
    for (size_t i = 0; i < ws_opts_presets_len; i++) {
        const ws_preset *p = &ws_opts_presets[i];
        fprintf(f, "%-14s %s%s\n", p->name, p->summary, i == 0 ? " (default)" : "");
        fprintf(f, "%-14s source: %s\n", "", p->source);
    }
}

char *ws_opts_to_json(const ws_opts *o)
{
    ws_json j;
    ws_json_init(&j, true);
    ws_json_object(&j, false);
    ws_json_key(&j, "preset");
    ws_json_str(&j, ws_opts_preset_name(o));
    for (size_t i = 0; i < ws_opts_table_len; i++) {
        const ws_opt_def *d = &ws_opts_table[i];
        const ws_opt_val *v = &o->v[i];
        ws_json_key(&j, d->name);
        switch (d->type) {
        case WS_OPT_UINT:
        case WS_OPT_SIZE:
            ws_json_u64(&j, v->u);
            break;
        case WS_OPT_BOOL:
            ws_json_bool(&j, v->u != 0);
            break;
        case WS_OPT_DOUBLE:
            ws_json_double(&j, v->d);
            break;
        case WS_OPT_ENUM:
        case WS_OPT_STRING:
            ws_json_str(&j, v->s ? v->s : "");
            break;
        }
    }
    ws_json_end(&j);
    return ws_json_take(&j, NULL);
}
