// ICU's UAX #9 behind lamina_bidi.h. ICU's headers appear only here (see the header for why).
#include "lamina_bidi.h"

#include <string.h>

#include <unicode/ubidi.h>
#include <unicode/utypes.h>

int32_t lamina_bidi_resolve(const uint16_t *text, int32_t length, uint8_t paragraph_level,
                            uint8_t *levels, uint8_t *resolved_paragraph_level) {
    if (length < 0 || (length > 0 && (text == NULL || levels == NULL)) || resolved_paragraph_level == NULL) {
        return LAMINA_BIDI_ERR_ARGUMENT;
    }
    if (paragraph_level != LAMINA_BIDI_NATURAL && paragraph_level != LAMINA_BIDI_LEFT_TO_RIGHT
        && paragraph_level != LAMINA_BIDI_RIGHT_TO_LEFT) {
        return LAMINA_BIDI_ERR_ARGUMENT;
    }
    if (length == 0) {
        *resolved_paragraph_level = paragraph_level == LAMINA_BIDI_RIGHT_TO_LEFT ? 1 : 0;
        return LAMINA_BIDI_OK;
    }
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_openSized(length, 0, &status);
    if (U_FAILURE(status)) {
        return LAMINA_BIDI_ERR_ICU;
    }
    // ICU keeps a pointer to the text, which lives as long as this call.
    ubidi_setPara(bidi, (const UChar *)text, length, paragraph_level, NULL, &status);
    const UBiDiLevel *resolved = U_SUCCESS(status) ? ubidi_getLevels(bidi, &status) : NULL;
    if (U_FAILURE(status) || resolved == NULL) {
        ubidi_close(bidi);
        return LAMINA_BIDI_ERR_ICU;
    }
    memcpy(levels, resolved, (size_t)length);
    *resolved_paragraph_level = ubidi_getParaLevel(bidi) & 1;
    ubidi_close(bidi);
    return LAMINA_BIDI_OK;
}

int32_t lamina_bidi_reorder(const uint8_t *levels, int32_t count, int32_t *visual_to_logical) {
    if (count < 0 || (count > 0 && (levels == NULL || visual_to_logical == NULL))) {
        return LAMINA_BIDI_ERR_ARGUMENT;
    }
    for (int32_t i = 0; i < count; i++) {
        if (levels[i] > UBIDI_MAX_EXPLICIT_LEVEL + 1) {
            return LAMINA_BIDI_ERR_ARGUMENT;
        }
    }
    if (count > 0) {
        ubidi_reorderVisual(levels, count, visual_to_logical);
    }
    return LAMINA_BIDI_OK;
}
