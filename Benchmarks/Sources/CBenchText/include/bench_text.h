// The raw baselines of the text benchmarks, in C: the text pipeline a program without Lamina
// would write (HarfBuzz with its OpenType functions, ICU UAX #14, a greedy wrap,
// cairo_show_glyphs), and Pango doing the same label with pango_cairo_show_layout.
// Plain C types only: ICU's headers stay in the .c file, away from Swift and Foundation.
#ifndef BENCH_TEXT_H
#define BENCH_TEXT_H

#include <stddef.h>
#include <stdint.h>

/// A font loaded once, outside the timed code: the file blob, a HarfBuzz face and font with
/// HarfBuzz's own OpenType functions (not hb-ft), a FreeType face inside a cairo font face for
/// drawing, the metrics, and an ICU line break iterator reused for every label.
typedef struct bench_text_font bench_text_font;

/// Finds the file of `family` (regular weight) through fontconfig and writes its path into
/// `path` (`capacity` bytes). Returns 0 on success.
int bench_text_find_font(const char *family, char *path, size_t capacity);

/// Loads the font file at `path` for drawing at `size` pixels. Returns NULL on failure.
bench_text_font *bench_text_font_load(const char *path, double size);
void bench_text_font_free(bench_text_font *font);

/// A laid-out label: glyph ids and positions ready for cairo_show_glyphs, and line starts.
typedef struct bench_text_layout bench_text_layout;

/// Shapes `text` (UTF-16, `length` units) with HarfBuzz, finds its break opportunities with
/// ICU (`ubrk_setText` on the font's iterator), and wraps greedily at `width` pixels: trailing
/// spaces hang, hard breaks end the line, a word wider than the line breaks between clusters.
/// Left-aligned; baselines one line height apart from the font's ascent. NULL on failure.
bench_text_layout *bench_text_layout_make(bench_text_font *font, const uint16_t *text, int32_t length,
                                          double width);
void bench_text_layout_free(bench_text_layout *layout);

/// The number of lines of `layout`, and the UTF-16 offset where line `index` starts.
int32_t bench_text_layout_line_count(const bench_text_layout *layout);
int32_t bench_text_layout_line_start(const bench_text_layout *layout, int32_t index);

/// Draws `layout` in black with cairo_show_glyphs into a new ARGB32 image surface of
/// `width` × `height` points at `scale`, then destroys the surface. When `ink` is not NULL it
/// receives the sum of the surface's alpha bytes (a check that glyphs were drawn; slow, so
/// never inside timed code). Returns 0 on success.
int bench_text_layout_draw(const bench_text_layout *layout, const bench_text_font *font, double width,
                           double height, double scale, uint64_t *ink);

/// bench_text_layout_make for a mixed-direction paragraph, with the bidi a careful program adds:
/// ICU's embedding levels (`ubidi_setPara`, direction from the first strong character), each
/// level run shaped by HarfBuzz in its direction (right-to-left output reversed into logical
/// order), the same greedy wrap, and each line's runs put in visual order with
/// `ubidi_reorderVisual` and placed left to right from the line's left edge. NULL on failure.
bench_text_layout *bench_text_bidi_layout_make(bench_text_font *font, const uint16_t *text, int32_t length,
                                               double width);

/// The whole mixed-direction raw pipeline: bench_text_bidi_layout_make, bench_text_layout_draw,
/// bench_text_layout_free. Returns the number of lines, or -1 on failure.
int32_t bench_text_raw_bidi_label(bench_text_font *font, const uint16_t *text, int32_t length, double width,
                                  double height, double scale);

/// The whole raw pipeline, as timed: bench_text_layout_make, bench_text_layout_draw,
/// bench_text_layout_free. Returns the number of lines, or -1 on failure.
int32_t bench_text_raw_label(bench_text_font *font, const uint16_t *text, int32_t length, double width,
                             double height, double scale);

/// Pango with a cairo font map and one context, made once outside the timed code, with the
/// same font options as the raw side (hint metrics off, hint style none) and unrounded glyph
/// positions.
typedef struct bench_pango bench_pango;

/// A Pango context for `family` at `size` pixels (an absolute size: Pango's points are at
/// 96 dpi). Returns NULL on failure.
bench_pango *bench_pango_make(const char *family, double size);
void bench_pango_free(bench_pango *pango);

/// Lays out `text` (UTF-8, `length` bytes) in a new PangoLayout wrapped at `width` pixels
/// (PANGO_WRAP_WORD_CHAR) and draws it in black with pango_cairo_show_layout into a new ARGB32
/// image surface of `width` × `height` points at `scale`, then destroys both. When
/// `line_starts` is not NULL, up to `capacity` line starts (UTF-8 byte offsets) are written to
/// it; when `ink` is not NULL it receives the sum of the surface's alpha bytes. Returns the
/// number of lines, or -1 on failure.
int32_t bench_pango_label(bench_pango *pango, const char *text, int32_t length, double width, double height,
                          double scale, int32_t *line_starts, int32_t capacity, uint64_t *ink);

#endif
