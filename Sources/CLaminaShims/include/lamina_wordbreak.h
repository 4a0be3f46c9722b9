// Word boundaries (Unicode UAX #29) with ICU's word-break iterator, for the word-wise caret
// movement and double-click selection of LaminaUI's TextView.
//
// As in lamina_linebreak.h, ICU's headers stay in the .c file (Foundation carries its own ICU);
// this header uses only stdint types.
//
// Offsets are UTF-16 code units. Errors are negative return values; no function crashes on NULL
// pointers or negative lengths.
#ifndef LAMINA_WORDBREAK_H
#define LAMINA_WORDBREAK_H

#include <stdint.h>

/// A NULL pointer where one is needed, a negative length, or too small a capacity.
#define LAMINA_WORDBREAK_ERR_ARGUMENT (-1)
/// ICU failed (its break-rule data is missing, or memory ran out).
#define LAMINA_WORDBREAK_ERR_ICU (-3)

/// Writes every word boundary of `length` UTF-16 code units at `text`, in order, into
/// `boundaries`: 0 first and `length` last (one boundary, 0, for empty text). For each segment
/// between boundaries[i] and boundaries[i + 1], `is_word[i]` is 1 when ICU counts it a word
/// (letters, numbers, kana or ideographs: a rule status other than UBRK_WORD_NONE) and 0 for
/// spaces and punctuation. `capacity` is the room in both arrays; `length + 1` always suffices.
/// `locale` is an ICU locale ID (NULL or "" for the root locale). Returns the number of
/// boundaries written, or a negative error.
int32_t lamina_word_boundaries(const char *locale, const uint16_t *text, int32_t length,
                               int32_t *boundaries, uint8_t *is_word, int32_t capacity);

#endif
