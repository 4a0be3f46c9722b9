// fontconfig, which resolves a family name such as "DejaVu Sans" to a font file for LaminaText.
// Include directories come from pkg-config (`fontconfig`).
#ifndef LAMINA_CFONTCONFIG_SHIM_H
#define LAMINA_CFONTCONFIG_SHIM_H

#include <fontconfig/fontconfig.h>

#endif
