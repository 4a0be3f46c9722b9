// HarfBuzz, which shapes text into positioned glyphs for LaminaText. hb-ft.h shares an FT_Face
// with cairo-ft; hb-ot.h gives OpenType metrics and tables.
// Include directories come from pkg-config (`harfbuzz`: /usr/include/harfbuzz, and freetype2).
#ifndef LAMINA_CHARFBUZZ_SHIM_H
#define LAMINA_CHARFBUZZ_SHIM_H

#include <hb.h>
#include <hb-ft.h>
#include <hb-ot.h>

#endif
