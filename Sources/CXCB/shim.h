// XCB, the X11 protocol binding behind LaminaX11's window and event source.
// Include directories come from pkg-config (`xcb`).
#ifndef LAMINA_CXCB_SHIM_H
#define LAMINA_CXCB_SHIM_H

#include <xcb/xcb.h>

#endif
