// Vertical text orientation (UAX #50) with ICU, for LaminaText's vertical form.
//
// As in lamina_linebreak.h, ICU's headers stay in the .c file and this header uses only stdint
// types: Foundation carries its own ICU.
#ifndef LAMINA_VERTICAL_H
#define LAMINA_VERTICAL_H

#include <stdint.h>

/// The character lies on its side in vertical text: turned 90° clockwise, as Latin letters and
/// digits are (UAX #50's R).
#define LAMINA_VERTICAL_ROTATED 0
/// The character stands upright in vertical text (UAX #50's U, Tu and Tr: ideographs, kana,
/// emoji, and the punctuation a font's `vert` feature gives a vertical form).
#define LAMINA_VERTICAL_UPRIGHT 1
/// The character takes the orientation of the character before it: combining marks, joiners
/// and variation selectors, which belong to their base's cluster.
#define LAMINA_VERTICAL_INHERITED 2

/// How the code point `code_point` is set in vertical text: one of the three values above.
/// Code points outside Unicode's range are LAMINA_VERTICAL_ROTATED.
int32_t lamina_vertical_orientation(uint32_t code_point);

#endif
