// The Unicode Bidirectional Algorithm (UAX #9) with ICU's ubidi, for LaminaText's TextLayout.
//
// As in lamina_linebreak.h, ICU's headers stay in the .c file: Foundation carries its own ICU,
// and a Swift module that saw both would meet two different `UErrorCode`s. This header uses only
// stdint types.
//
// Usage: resolve one paragraph's embedding levels (rules P2–P3 and X1–I2), then reorder the
// level runs of each line (rule L2) once line breaking has cut the paragraph:
//
//     uint8_t levels[n], paragraph;
//     if (lamina_bidi_resolve(utf16, n, LAMINA_BIDI_NATURAL, levels, &paragraph) < 0) { ... }
//     ... break lines, lower each line's trailing whitespace to `paragraph` (rule L1) ...
//     int32_t order[runs];
//     lamina_bidi_reorder(run_levels, runs, order);   // order[visual] = logical run index
//
// No function keeps a pointer to its arguments; every function may be called on any thread.
// Errors are negative return values; no function crashes on a NULL pointer or a bad length.
#ifndef LAMINA_BIDI_H
#define LAMINA_BIDI_H

#include <stdint.h>

/// The paragraph's level comes from its first strong character (rules P2–P3), left to right when
/// it has none: NSWritingDirection.natural.
#define LAMINA_BIDI_NATURAL 0xFE
/// A left-to-right paragraph (level 0).
#define LAMINA_BIDI_LEFT_TO_RIGHT 0
/// A right-to-left paragraph (level 1).
#define LAMINA_BIDI_RIGHT_TO_LEFT 1

/// Success.
#define LAMINA_BIDI_OK 0
/// A NULL pointer with a non-zero length, a negative length, or a paragraph level other than
/// the three above.
#define LAMINA_BIDI_ERR_ARGUMENT (-1)
/// ICU failed (out of memory, or a paragraph deeper than its limits).
#define LAMINA_BIDI_ERR_ICU (-3)

/// Resolves the embedding level of each of the `length` UTF-16 code units at `text`, one
/// paragraph whose direction `paragraph_level` gives, into `levels` (`length` bytes; both units
/// of a surrogate pair get the pair's level; characters rule X9 removes, such as the explicit
/// embedding controls, get the level ICU gives them, which UAX #9 leaves open). The
/// paragraph's resolved level (0 or 1) goes to `*resolved_paragraph_level`. The text should
/// hold one paragraph: a paragraph separator inside it ends ICU's paragraph, and what follows
/// gets its own level. Returns LAMINA_BIDI_OK or a negative error.
int32_t lamina_bidi_resolve(const uint16_t *text, int32_t length, uint8_t paragraph_level,
                            uint8_t *levels, uint8_t *resolved_paragraph_level);

/// Rule L2: the visual order of `count` runs (or characters) with the embedding levels
/// `levels`, left to right: `visual_to_logical[v]` is the index of the run shown v-th. Returns
/// LAMINA_BIDI_OK or a negative error (a level above 126).
int32_t lamina_bidi_reorder(const uint8_t *levels, int32_t count, int32_t *visual_to_logical);

#endif
