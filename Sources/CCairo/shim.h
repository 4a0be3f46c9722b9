// cairo, the 2D renderer behind GraphicsContext and the Compositor (LaminaGraphics, LaminaLayers).
// Include directories come from pkg-config (`cairo`).
#ifndef LAMINA_CCAIRO_SHIM_H
#define LAMINA_CCAIRO_SHIM_H

#include <cairo.h>
#include <cairo-ft.h>

#endif
