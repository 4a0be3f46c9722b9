// ICU UAX #14 line breaking behind lamina_linebreak.h. ICU's headers appear only here (see the
// header for why).
#include "lamina_linebreak.h"

#include <stdlib.h>
#include <string.h>

#include <unicode/ubrk.h>
#include <unicode/uloc.h>
#include <unicode/utypes.h>
#include <unicode/uversion.h>

struct lamina_linebreaker {
    UBreakIterator *iterator;
    /// The handle's own copy of the text: ICU keeps a pointer to it, never a copy.
    UChar *text;
    int32_t length;
    int32_t capacity;
    UErrorCode last_icu_error;
};

/// ICU requires a valid (non-NULL) text pointer even for empty text.
static const UChar empty_text[1] = {0};

/// Whether `unit` is a hard line break character: UAX #14 classes BK (VT, FF, LS, PS), CR, LF and
/// NL (NEL). Only a boundary right after one is mandatory (rules LB4 and LB5).
static int is_hard_break_unit(UChar unit) {
    return (unit >= 0x000A && unit <= 0x000D) || unit == 0x0085 || unit == 0x2028 || unit == 0x2029;
}

static int32_t kind_of_current_boundary(const lamina_linebreaker *breaker) {
    // ICU's rule status is a lookup of its own; a boundary after any other character is an
    // opportunity, so ask only after a hard break character.
    int32_t offset = ubrk_current(breaker->iterator);
    if (offset <= 0 || offset > breaker->length || !is_hard_break_unit(breaker->text[offset - 1])) {
        return LAMINA_LINEBREAK_OPPORTUNITY;
    }
    int32_t status = ubrk_getRuleStatus(breaker->iterator);
    return (status >= UBRK_LINE_HARD && status < UBRK_LINE_HARD_LIMIT)
               ? LAMINA_LINEBREAK_MANDATORY
               : LAMINA_LINEBREAK_OPPORTUNITY;
}

static int32_t fail_icu(lamina_linebreaker *breaker, UErrorCode status) {
    breaker->last_icu_error = status;
    return LAMINA_LINEBREAK_ERR_ICU;
}

/// Points ICU at the handle's buffer (or empty text). Called after the buffer changes.
static int32_t attach_text(lamina_linebreaker *breaker) {
    UErrorCode status = U_ZERO_ERROR;
    const UChar *text = breaker->length > 0 ? breaker->text : empty_text;
    ubrk_setText(breaker->iterator, text, breaker->length, &status);
    if (U_FAILURE(status)) {
        breaker->length = 0;
        UErrorCode ignored = U_ZERO_ERROR;
        ubrk_setText(breaker->iterator, empty_text, 0, &ignored);
        return fail_icu(breaker, status);
    }
    return LAMINA_LINEBREAK_OK;
}

/// Copies `length` code units into the handle's buffer, growing it when needed.
static int32_t store_text(lamina_linebreaker *breaker, const UChar *text, int32_t length) {
    if (length > breaker->capacity) {
        UChar *grown = realloc(breaker->text, (size_t)length * sizeof(UChar));
        if (grown == NULL) {
            return LAMINA_LINEBREAK_ERR_MEMORY;
        }
        breaker->text = grown;
        breaker->capacity = length;
    }
    if (length > 0) {
        memcpy(breaker->text, text, (size_t)length * sizeof(UChar));
    }
    breaker->length = length;
    return LAMINA_LINEBREAK_OK;
}

static lamina_linebreaker *new_handle(UBreakIterator *iterator) {
    lamina_linebreaker *breaker = calloc(1, sizeof(*breaker));
    if (breaker == NULL) {
        return NULL;
    }
    breaker->iterator = iterator;
    breaker->last_icu_error = U_ZERO_ERROR;
    return breaker;
}

/// Wraps a freshly opened or cloned iterator in a handle; closes it and fails if ICU reported an
/// error or the handle cannot be allocated.
static int32_t adopt_iterator(UBreakIterator *iterator, UErrorCode status, lamina_linebreaker **out) {
    if (U_FAILURE(status) || iterator == NULL) {
        if (iterator != NULL) {
            ubrk_close(iterator);
        }
        return LAMINA_LINEBREAK_ERR_ICU;
    }
    *out = new_handle(iterator);
    if (*out == NULL) {
        ubrk_close(iterator);
        return LAMINA_LINEBREAK_ERR_MEMORY;
    }
    return LAMINA_LINEBREAK_OK;
}

int32_t lamina_linebreaker_create(const char *locale, lamina_linebreaker **out) {
    if (out == NULL) {
        return LAMINA_LINEBREAK_ERR_ARGUMENT;
    }
    *out = NULL;
    // "" is ICU's root locale; NULL would mean the process's default locale instead.
    const char *id = (locale != NULL) ? locale : "";
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(UBRK_LINE, id, empty_text, 0, &status);
    return adopt_iterator(iterator, status, out);
}

int32_t lamina_linebreaker_clone(const lamina_linebreaker *source, lamina_linebreaker **out) {
    if (out == NULL) {
        return LAMINA_LINEBREAK_ERR_ARGUMENT;
    }
    *out = NULL;
    if (source == NULL) {
        return LAMINA_LINEBREAK_ERR_ARGUMENT;
    }
    UErrorCode status = U_ZERO_ERROR;
#if U_ICU_VERSION_MAJOR_NUM >= 69
    UBreakIterator *iterator = ubrk_clone(source->iterator, &status);
#else
    UBreakIterator *iterator = ubrk_safeClone(source->iterator, NULL, NULL, &status);
#endif
    int32_t adopted = adopt_iterator(iterator, status, out);
    if (adopted != LAMINA_LINEBREAK_OK) {
        return adopted;
    }
    lamina_linebreaker *breaker = *out;
    // The clone still points at the source's buffer; give it its own copy.
    int32_t result = store_text(breaker, source->text, source->length);
    if (result == LAMINA_LINEBREAK_OK) {
        result = attach_text(breaker);
    }
    if (result != LAMINA_LINEBREAK_OK) {
        lamina_linebreaker_destroy(breaker);
        *out = NULL;
    }
    return result;
}

void lamina_linebreaker_destroy(lamina_linebreaker *breaker) {
    if (breaker == NULL) {
        return;
    }
    ubrk_close(breaker->iterator);
    free(breaker->text);
    free(breaker);
}

int32_t lamina_linebreaker_set_text(lamina_linebreaker *breaker, const uint16_t *text,
                                    int32_t length) {
    if (breaker == NULL) {
        return LAMINA_LINEBREAK_ERR_ARGUMENT;
    }
    if (length < 0 || (text == NULL && length != 0)) {
        breaker->length = 0;
        attach_text(breaker);
        return LAMINA_LINEBREAK_ERR_ARGUMENT;
    }
    int32_t result = store_text(breaker, (const UChar *)text, length);
    if (result != LAMINA_LINEBREAK_OK) {
        breaker->length = 0;
        attach_text(breaker);
        return result;
    }
    return attach_text(breaker);
}

int32_t lamina_linebreaker_text_length(const lamina_linebreaker *breaker) {
    return breaker != NULL ? breaker->length : LAMINA_LINEBREAK_ERR_ARGUMENT;
}

int32_t lamina_linebreaker_breaks(lamina_linebreaker *breaker, int32_t from,
                                  lamina_line_break *out, int32_t capacity) {
    if (breaker == NULL || capacity < 0 || (out == NULL && capacity > 0) || from < 0 ||
        from > breaker->length) {
        return LAMINA_LINEBREAK_ERR_ARGUMENT;
    }
    if (capacity == 0 || from == breaker->length) {
        return 0;
    }
    int32_t count = 0;
    int32_t offset = ubrk_following(breaker->iterator, from);
    while (offset != UBRK_DONE && count < capacity) {
        out[count].offset = offset;
        out[count].kind = kind_of_current_boundary(breaker);
        count += 1;
        if (count < capacity) {
            offset = ubrk_next(breaker->iterator);
        }
    }
    return count;
}

int32_t lamina_linebreaker_preceding(lamina_linebreaker *breaker, int32_t offset,
                                     lamina_line_break *out) {
    if (breaker == NULL || out == NULL || offset < 1 || offset > breaker->length) {
        return LAMINA_LINEBREAK_ERR_ARGUMENT;
    }
    int32_t found = ubrk_preceding(breaker->iterator, offset);
    if (found == UBRK_DONE || found <= 0) {
        return 0;
    }
    out->offset = found;
    out->kind = kind_of_current_boundary(breaker);
    return 1;
}

int32_t lamina_linebreaker_following(lamina_linebreaker *breaker, int32_t offset,
                                     lamina_line_break *out) {
    if (breaker == NULL || out == NULL || offset < 0 || offset > breaker->length) {
        return LAMINA_LINEBREAK_ERR_ARGUMENT;
    }
    if (offset == breaker->length) {
        return 0;
    }
    int32_t found = ubrk_following(breaker->iterator, offset);
    if (found == UBRK_DONE) {
        return 0;
    }
    out->offset = found;
    out->kind = kind_of_current_boundary(breaker);
    return 1;
}

const char *lamina_linebreaker_last_icu_error_name(const lamina_linebreaker *breaker) {
    if (breaker == NULL) {
        return u_errorName(U_ILLEGAL_ARGUMENT_ERROR);
    }
    return u_errorName(breaker->last_icu_error);
}

const char *lamina_linebreak_error_message(int32_t code) {
    switch (code) {
    case LAMINA_LINEBREAK_OK:
        return "no error";
    case LAMINA_LINEBREAK_ERR_ARGUMENT:
        return "invalid argument (NULL handle or buffer, negative length, or offset out of range)";
    case LAMINA_LINEBREAK_ERR_MEMORY:
        return "out of memory";
    case LAMINA_LINEBREAK_ERR_ICU:
        return "ICU line-break iterator failed";
    default:
        return code > 0 ? "no error" : "unknown line-break error";
    }
}
