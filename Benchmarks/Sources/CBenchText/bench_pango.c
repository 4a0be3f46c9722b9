// Pango laying out and drawing a label: what a Linux developer would pick instead of Lamina.
// One font map and one context for every label, as a GTK widget keeps its context
// (pango_cairo_create_layout, which makes a new context per draw, measured the same).
#include "bench_text_internal.h"

#include <math.h>
#include <stdlib.h>

#include <pango/pangocairo.h>

struct bench_pango {
    PangoContext *context;
    PangoFontDescription *description;
};

bench_pango *bench_pango_make(const char *family, double size) {
    bench_pango *pango = calloc(1, sizeof *pango);
    if (!pango) return NULL;
    PangoFontMap *font_map = pango_cairo_font_map_new();
    pango->context = pango_font_map_create_context(font_map);
    g_object_unref(font_map);
    // The same options as the raw baseline's cairo font: unhinted metrics and outlines, and
    // positions left fractional (Pango rounds them to whole pixels by default).
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    pango_cairo_context_set_font_options(pango->context, options);
    cairo_font_options_destroy(options);
    pango_context_set_round_glyph_positions(pango->context, FALSE);

    pango->description = pango_font_description_new();
    pango_font_description_set_family(pango->description, family);
    // Pixels, not points: Pango's points are at 96 dpi.
    pango_font_description_set_absolute_size(pango->description, size * PANGO_SCALE);
    return pango;
}

void bench_pango_free(bench_pango *pango) {
    if (!pango) return;
    if (pango->description) pango_font_description_free(pango->description);
    if (pango->context) g_object_unref(pango->context);
    free(pango);
}

int32_t bench_pango_label(bench_pango *pango, const char *text, int32_t length, double width, double height,
                          double scale, int32_t *line_starts, int32_t capacity, uint64_t *ink) {
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)ceil(width * scale),
                                                          (int)ceil(height * scale));
    cairo_t *cr = cairo_create(surface);
    cairo_scale(cr, scale, scale);
    // Tells the context about the surface's transform and font options (a no-op at scale 1
    // once the first label has set them), as pango_cairo_create_layout would.
    pango_cairo_update_context(cr, pango->context);

    PangoLayout *layout = pango_layout_new(pango->context);
    pango_layout_set_font_description(layout, pango->description);
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
    pango_layout_set_width(layout, (int)floor(width * PANGO_SCALE));
    pango_layout_set_text(layout, text, length);

    cairo_set_source_rgb(cr, 0, 0, 0);
    pango_cairo_show_layout(cr, layout);
    int32_t lines = pango_layout_get_line_count(layout);
    if (line_starts) {
        int32_t index = 0;
        for (GSList *node = pango_layout_get_lines_readonly(layout); node && index < capacity; node = node->next) {
            line_starts[index++] = ((PangoLayoutLine *)node->data)->start_index;
        }
    }
    if (cairo_status(cr) != CAIRO_STATUS_SUCCESS) lines = -1;
    g_object_unref(layout);
    cairo_destroy(cr);
    if (ink) {
        cairo_surface_flush(surface);
        *ink = bench_text_ink(surface);
    }
    cairo_surface_destroy(surface);
    return lines;
}
