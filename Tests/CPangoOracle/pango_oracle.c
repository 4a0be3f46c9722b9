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

static int32_t oracle_lay_out(PangoContext *context, const char *text, int32_t length, const char *family,
                              double pixel_size, int32_t width_units, int32_t *starts, int32_t capacity) {
    PangoLayout *layout = pango_layout_new(context);

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
