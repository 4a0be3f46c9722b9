// The Pango side of PangoOracle. PangoOracle.swift documents the settings and why each is set.
#include "pango_oracle.h"

#include <pthread.h>

#include <pango/pangocairo.h>

// Pango's font maps and contexts are not thread-safe and Swift Testing runs tests on several
// threads: one context for the process, used under one lock. One font map also means fonts
// are loaded once.
static pthread_mutex_t oracle_lock = PTHREAD_MUTEX_INITIALIZER;
static PangoContext *oracle_context;

static PangoContext *oracle_make_context(void) {
    PangoFontMap *font_map = pango_cairo_font_map_new();
    if (!font_map) return NULL;
    PangoContext *context = pango_font_map_create_context(font_map);
    g_object_unref(font_map); // the context holds its font map
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    pango_cairo_context_set_font_options(context, options);
    cairo_font_options_destroy(options);
    pango_context_set_round_glyph_positions(context, FALSE);
    return context;
}

/// A layout of `text` with the oracle's settings. The caller unrefs it.
static PangoLayout *oracle_layout(PangoContext *context, const char *text, int32_t length, const char *family,
                                  double pixel_size, int32_t width_units, int32_t direction) {
    switch (direction) {
    case PANGO_ORACLE_DIRECTION_LTR: pango_context_set_base_dir(context, PANGO_DIRECTION_LTR); break;
    case PANGO_ORACLE_DIRECTION_RTL: pango_context_set_base_dir(context, PANGO_DIRECTION_RTL); break;
    default: pango_context_set_base_dir(context, PANGO_DIRECTION_WEAK_LTR); break;
    }
    PangoLayout *layout = pango_layout_new(context);
    pango_layout_set_auto_dir(layout, direction == PANGO_ORACLE_DIRECTION_NATURAL);

    PangoFontDescription *description = pango_font_description_new();
    pango_font_description_set_family(description, family);
    pango_font_description_set_absolute_size(description, pixel_size * PANGO_SCALE);
    pango_layout_set_font_description(layout, description);
    pango_font_description_free(description);

    // An attribute with the default range covers the whole text.
    PangoAttrList *attributes = pango_attr_list_new();
    pango_attr_list_insert(attributes, pango_attr_insert_hyphens_new(FALSE));
    pango_layout_set_attributes(layout, attributes);
    pango_attr_list_unref(attributes);

    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
    pango_layout_set_width(layout, width_units);
    pango_layout_set_text(layout, text, length);
    return layout;
}

static int32_t oracle_lay_out(PangoContext *context, const char *text, int32_t length, const char *family,
                              double pixel_size, int32_t width_units, int32_t *starts, int32_t capacity) {
    PangoLayout *layout = oracle_layout(context, text, length, family, pixel_size, width_units,
                                        PANGO_ORACLE_DIRECTION_NATURAL);
    int32_t count = 0;
    for (GSList *node = pango_layout_get_lines_readonly(layout); node; node = node->next) {
        if (count < capacity) starts[count] = ((PangoLayoutLine *)node->data)->start_index;
        count++;
    }
    g_object_unref(layout);
    return count;
}

int32_t pango_oracle_line_starts(const char *text, int32_t length, const char *family, double pixel_size,
                                 int32_t width_units, int32_t *starts, int32_t capacity) {
    pthread_mutex_lock(&oracle_lock);
    if (!oracle_context) oracle_context = oracle_make_context();
    int32_t count = oracle_context
        ? oracle_lay_out(oracle_context, text, length, family, pixel_size, width_units, starts, capacity)
        : -1;
    pthread_mutex_unlock(&oracle_lock);
    return count;
}

static int32_t oracle_glyphs(PangoContext *context, const char *text, int32_t length, const char *family,
                             double pixel_size, int32_t width_units, int32_t direction, PangoTabArray *tabs,
                             pango_oracle_glyph *glyphs, int32_t capacity) {
    PangoLayout *layout = oracle_layout(context, text, length, family, pixel_size, width_units, direction);
    if (tabs) pango_layout_set_tabs(layout, tabs);
    PangoLayoutIter *iter = pango_layout_get_iter(layout);
    int32_t count = 0, line = 0;
    do {
        PangoRectangle line_extents;
        pango_layout_iter_get_line_extents(iter, NULL, &line_extents);
        // Runs come left to right; NULL ends the line.
        for (;;) {
            PangoGlyphItem *run = pango_layout_iter_get_run_readonly(iter);
            if (!run) break;
            PangoRectangle run_extents;
            pango_layout_iter_get_run_extents(iter, NULL, &run_extents);
            int pen = run_extents.x - line_extents.x;
            for (int i = 0; i < run->glyphs->num_glyphs; i++) {
                PangoGlyphInfo *info = &run->glyphs->glyphs[i];
                if (count < capacity) {
                    glyphs[count] = (pango_oracle_glyph){
                        .line = line,
                        .glyph = info->glyph,
                        .x = (double)(pen + info->geometry.x_offset) / PANGO_SCALE,
                        .byte_offset = run->item->offset + run->glyphs->log_clusters[i],
                        .level = run->item->analysis.level,
                    };
                }
                count++;
                pen += info->geometry.width;
            }
            if (!pango_layout_iter_next_run(iter)) break;
        }
        line++;
    } while (pango_layout_iter_next_line(iter));
    pango_layout_iter_free(iter);
    g_object_unref(layout);
    return count;
}

int32_t pango_oracle_glyphs(const char *text, int32_t length, const char *family, double pixel_size,
                            int32_t width_units, int32_t direction, pango_oracle_glyph *glyphs, int32_t capacity) {
    pthread_mutex_lock(&oracle_lock);
    if (!oracle_context) oracle_context = oracle_make_context();
    int32_t count = oracle_context
        ? oracle_glyphs(oracle_context, text, length, family, pixel_size, width_units, direction, NULL, glyphs, capacity)
        : -1;
    pthread_mutex_unlock(&oracle_lock);
    return count;
}

int32_t pango_oracle_glyphs_with_tabs(const char *text, int32_t length, const char *family, double pixel_size,
                                      int32_t width_units, const double *tab_locations, const int32_t *tab_alignments,
                                      int32_t tab_count, pango_oracle_glyph *glyphs, int32_t capacity) {
    static const PangoTabAlign alignments[] = {PANGO_TAB_LEFT, PANGO_TAB_RIGHT, PANGO_TAB_CENTER, PANGO_TAB_DECIMAL};
    // Locations in Pango units, for sub-pixel stops.
    PangoTabArray *tabs = pango_tab_array_new(tab_count, FALSE);
    for (int32_t i = 0; i < tab_count; i++) {
        int32_t alignment = tab_alignments[i] >= 0 && tab_alignments[i] <= 3 ? tab_alignments[i] : 0;
        pango_tab_array_set_tab(tabs, i, alignments[alignment], (int)(tab_locations[i] * PANGO_SCALE));
        if (alignments[alignment] == PANGO_TAB_DECIMAL) pango_tab_array_set_decimal_point(tabs, i, '.');
    }
    pthread_mutex_lock(&oracle_lock);
    if (!oracle_context) oracle_context = oracle_make_context();
    int32_t count = oracle_context
        ? oracle_glyphs(oracle_context, text, length, family, pixel_size, width_units, PANGO_ORACLE_DIRECTION_NATURAL,
                        tabs, glyphs, capacity)
        : -1;
    pthread_mutex_unlock(&oracle_lock);
    pango_tab_array_free(tabs);
    return count;
}
