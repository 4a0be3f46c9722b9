// Font loading for the raw text baseline, done once outside the timed code.
#include "bench_text_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <fontconfig/fontconfig.h>

int bench_text_find_font(const char *family, char *path, size_t capacity) {
    FcPattern *pattern = FcNameParse((const FcChar8 *)family);
    if (!pattern) return 1;
    FcConfigSubstitute(NULL, pattern, FcMatchPattern);
    FcDefaultSubstitute(pattern);
    FcResult result;
    FcPattern *match = FcFontMatch(NULL, pattern, &result);
    FcPatternDestroy(pattern);
    if (!match) return 1;
    FcChar8 *file = NULL;
    int status = 1;
    if (FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch && strlen((const char *)file) < capacity) {
        snprintf(path, capacity, "%s", (const char *)file);
        status = 0;
    }
    FcPatternDestroy(match);
    return status;
}

// cairo may keep a font face in its caches after the last reference goes, so the FT_Face is
// freed through the font face's user data, never directly.
static cairo_user_data_key_t bench_ft_face_key;

static void bench_release_ft_face(void *face) {
    FT_Done_Face((FT_Face)face);
}

bench_text_font *bench_text_font_load(const char *path, double size) {
    bench_text_font *font = calloc(1, sizeof *font);
    if (!font) return NULL;
    font->size = size;

    hb_blob_t *blob = hb_blob_create_from_file_or_fail(path);
    if (!blob) goto fail;
    font->hb_face = hb_face_create(blob, 0);
    hb_blob_destroy(blob);
    font->hb_font = hb_font_create(font->hb_face);
    hb_ot_font_set_funcs(font->hb_font);
    int scale = (int)(size * BENCH_TEXT_UNITS_PER_PIXEL + 0.5);
    hb_font_set_scale(font->hb_font, scale, scale);
    hb_font_make_immutable(font->hb_font);

    hb_font_extents_t extents;
    hb_font_get_h_extents(font->hb_font, &extents);
    font->ascent = extents.ascender / BENCH_TEXT_UNITS_PER_PIXEL;
    font->line_height = (extents.ascender - extents.descender + extents.line_gap) / BENCH_TEXT_UNITS_PER_PIXEL;

    // The FreeType library outlives every face cairo may still hold: it is never freed. Made
    // on first use; benchmarks load fonts in set-up, on the main thread only.
    static FT_Library library;
    if (!library && FT_Init_FreeType(&library) != 0) goto fail;
    FT_Face face;
    if (FT_New_Face(library, path, 0, &face) != 0) goto fail;
    font->cairo_face = cairo_ft_font_face_create_for_ft_face(face, 0);
    if (cairo_font_face_set_user_data(font->cairo_face, &bench_ft_face_key, face, bench_release_ft_face) !=
        CAIRO_STATUS_SUCCESS) {
        FT_Done_Face(face);
        goto fail;
    }
    font->font_options = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(font->font_options, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(font->font_options, CAIRO_HINT_STYLE_NONE);

    // Opening a line break iterator costs 6-20 us here, a large part of a label's layout; a
    // program lays out many labels with one, as Lamina does with one per thread.
    UErrorCode status = U_ZERO_ERROR;
    font->breaker = ubrk_open(UBRK_LINE, "en", NULL, 0, &status);
    if (U_FAILURE(status)) goto fail;
    return font;

fail:
    bench_text_font_free(font);
    return NULL;
}

void bench_text_font_free(bench_text_font *font) {
    if (!font) return;
    if (font->breaker) ubrk_close(font->breaker);
    if (font->font_options) cairo_font_options_destroy(font->font_options);
    if (font->cairo_face) cairo_font_face_destroy(font->cairo_face);
    if (font->hb_font) hb_font_destroy(font->hb_font);
    if (font->hb_face) hb_face_destroy(font->hb_face);
    free(font);
}
