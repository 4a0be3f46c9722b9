// ICU UAX #29 word boundaries behind lamina_wordbreak.h.
#include "lamina_wordbreak.h"

#include <unicode/ubrk.h>
#include <unicode/utypes.h>

/// ICU requires a valid (non-NULL) text pointer even for empty text.
static const UChar empty_text[1] = {0};

int32_t lamina_word_boundaries(const char *locale, const uint16_t *text, int32_t length,
                               int32_t *boundaries, uint8_t *is_word, int32_t capacity) {
    if (boundaries == NULL || is_word == NULL || length < 0 || (text == NULL && length > 0) ||
        capacity < 1) {
        return LAMINA_WORDBREAK_ERR_ARGUMENT;
    }
    UErrorCode status = U_ZERO_ERROR;
    const UChar *chars = length > 0 ? (const UChar *)text : empty_text;
    UBreakIterator *iterator =
        ubrk_open(UBRK_WORD, (locale != NULL && locale[0] != '\0') ? locale : "", chars, length, &status);
    if (U_FAILURE(status)) {
        return LAMINA_WORDBREAK_ERR_ICU;
    }
    int32_t count = 0;
    boundaries[count++] = 0;
    for (int32_t boundary = ubrk_next(iterator); boundary != UBRK_DONE; boundary = ubrk_next(iterator)) {
        if (count >= capacity) {
            ubrk_close(iterator);
            return LAMINA_WORDBREAK_ERR_ARGUMENT;
        }
        // The rule status of a boundary describes the segment that ends at it.
        is_word[count - 1] = ubrk_getRuleStatus(iterator) != UBRK_WORD_NONE;
        boundaries[count++] = boundary;
    }
    ubrk_close(iterator);
    return count;
}
