// Line breaking (Unicode UAX #14) with ICU's line-break iterator, for LaminaText's TextLayout.
//
// ICU's headers stay in lamina_linebreak.c: Foundation carries its own ICU (_FoundationICU), and a
// Swift module that saw both would meet two different `UErrorCode`s. This header uses only
// stdint/stddef types.
//
// Usage:
//
//     lamina_linebreaker *lb;
//     if (lamina_linebreaker_create("en", &lb) < 0) { ... }
//     lamina_linebreaker_set_text(lb, utf16, length);
//     lamina_line_break breaks[64];
//     int32_t from = 0, n;
//     while ((n = lamina_linebreaker_breaks(lb, from, breaks, 64)) > 0) {
//         ... breaks[0 ..< n] ...
//         from = breaks[n - 1].offset;
//     }
//     lamina_linebreaker_destroy(lb);
//
// Offsets are in UTF-16 code units of the text last set. A break at offset `o` means a line may
// (LAMINA_LINEBREAK_OPPORTUNITY) or must (LAMINA_LINEBREAK_MANDATORY) end before the code unit at
// `o`; trailing spaces stay on the line that ends there. The start of the text (offset 0) is
// never reported; the end of non-empty text always is, so text of `length` code units has at
// most `length` breaks.
//
// Threads: a handle is used by one thread at a time. Distinct handles (lamina_linebreaker_clone
// makes one cheaply) may be used on different threads at once.
//
// Errors are negative return values (LAMINA_LINEBREAK_ERR_*); no function crashes on a NULL
// handle, NULL buffer, or negative length.
#ifndef LAMINA_LINEBREAK_H
#define LAMINA_LINEBREAK_H

#include <stddef.h>
#include <stdint.h>

/// An opaque, reusable ICU line-break iterator with its own copy of the text.
typedef struct lamina_linebreaker lamina_linebreaker;

/// Success.
#define LAMINA_LINEBREAK_OK 0
/// A NULL handle or output pointer, a negative length or capacity, NULL text with a non-zero
/// length, or an offset outside 0...length.
#define LAMINA_LINEBREAK_ERR_ARGUMENT (-1)
/// Memory could not be allocated.
#define LAMINA_LINEBREAK_ERR_MEMORY (-2)
/// ICU failed (for example, its break-rule data is missing). On an existing handle,
/// lamina_linebreaker_last_icu_error_name gives ICU's own name of the error.
#define LAMINA_LINEBREAK_ERR_ICU (-3)

/// A line may end here (ICU rule status UBRK_LINE_SOFT), e.g. after a space.
#define LAMINA_LINEBREAK_OPPORTUNITY 0
/// A line must end here (ICU rule status UBRK_LINE_HARD), e.g. after "\n", "\r\n" or U+2029.
#define LAMINA_LINEBREAK_MANDATORY 1

/// One break: the offset (UTF-16 code units) where the next line would start, and its kind.
typedef struct lamina_line_break {
    /// The UTF-16 offset of the break, in 1...length.
    int32_t offset;
    /// LAMINA_LINEBREAK_OPPORTUNITY or LAMINA_LINEBREAK_MANDATORY.
    int32_t kind;
} lamina_line_break;

/// Creates a line breaker for `locale` (an ICU locale ID such as "en", "ja" or "en@lb=strict";
/// NULL or "" means the root locale) holding empty text. Stores the handle in `*out` and returns
/// LAMINA_LINEBREAK_OK, or stores NULL and returns a negative error.
int32_t lamina_linebreaker_create(const char *locale, lamina_linebreaker **out);

/// A new, independent handle with the same locale and a copy of `source`'s text, cheaper than
/// create. Stores it in `*out` and returns LAMINA_LINEBREAK_OK, or a negative error.
int32_t lamina_linebreaker_clone(const lamina_linebreaker *source, lamina_linebreaker **out);

/// Frees the handle. NULL is a no-op.
void lamina_linebreaker_destroy(lamina_linebreaker *breaker);

/// Sets the text to break: `length` UTF-16 code units at `text`, copied (the caller's buffer may
/// go away afterwards). NULL text with length 0 sets empty text. The handle's buffer is reused
/// across calls. On error the handle keeps empty text. Returns LAMINA_LINEBREAK_OK or a negative
/// error.
int32_t lamina_linebreaker_set_text(lamina_linebreaker *breaker, const uint16_t *text,
                                    int32_t length);

/// The length in UTF-16 code units of the text last set, or a negative error.
int32_t lamina_linebreaker_text_length(const lamina_linebreaker *breaker);

/// Writes up to `capacity` breaks that come strictly after offset `from` (0...length), in
/// increasing order, to `out`. Returns how many were written (0 when none remain), or a negative
/// error. To read every break in chunks, call again with `from` set to the last offset returned.
/// `out` may be NULL only when `capacity` is 0.
int32_t lamina_linebreaker_breaks(lamina_linebreaker *breaker, int32_t from,
                                  lamina_line_break *out, int32_t capacity);

/// The last break strictly before `offset` (1...length), e.g. where to wrap a line that
/// overflows at `offset`. Returns 1 and fills `*out`, 0 when there is none (only the start of the
/// text precedes `offset`), or a negative error.
int32_t lamina_linebreaker_preceding(lamina_linebreaker *breaker, int32_t offset,
                                     lamina_line_break *out);

/// The first break strictly after `offset` (0...length). Returns 1 and fills `*out`, 0 when
/// there is none (`offset` is the end of the text), or a negative error.
int32_t lamina_linebreaker_following(lamina_linebreaker *breaker, int32_t offset,
                                     lamina_line_break *out);

/// ICU's name for the last ICU error this handle met (e.g. "U_MISSING_RESOURCE_ERROR"), or
/// "U_ZERO_ERROR". A static string; NULL handle gives "U_ILLEGAL_ARGUMENT_ERROR".
const char *lamina_linebreaker_last_icu_error_name(const lamina_linebreaker *breaker);

/// A static English description of a LAMINA_LINEBREAK_* return code.
const char *lamina_linebreak_error_message(int32_t code);

#endif
