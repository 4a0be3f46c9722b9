// FreeType, which loads font files and rasterises glyphs for LaminaText (through cairo-ft).
// Include directories come from pkg-config (`freetype2`: /usr/include/freetype2).
#ifndef LAMINA_CFREETYPE_SHIM_H
#define LAMINA_CFREETYPE_SHIM_H

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_SFNT_NAMES_H
#include FT_TRUETYPE_TABLES_H

#endif
