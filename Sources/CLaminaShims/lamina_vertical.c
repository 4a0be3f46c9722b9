#include "lamina_vertical.h"

#include <unicode/uchar.h>

int32_t lamina_vertical_orientation(uint32_t code_point) {
    if (code_point > 0x10FFFF) return LAMINA_VERTICAL_ROTATED;
    UChar32 c = (UChar32)code_point;
    if (U_GET_GC_MASK(c) & U_GC_M_MASK) return LAMINA_VERTICAL_INHERITED;
    if (c == 0x200D || (c >= 0xFE00 && c <= 0xFE0F) || (c >= 0xE0100 && c <= 0xE01EF)) {
        return LAMINA_VERTICAL_INHERITED;
    }
    switch (u_getIntPropertyValue(c, UCHAR_VERTICAL_ORIENTATION)) {
    case U_VO_UPRIGHT:
    case U_VO_TRANSFORMED_UPRIGHT:
    case U_VO_TRANSFORMED_ROTATED:
        return LAMINA_VERTICAL_UPRIGHT;
    default:
        return LAMINA_VERTICAL_ROTATED;
    }
}
