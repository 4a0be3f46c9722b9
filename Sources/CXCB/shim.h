// XCB, the X11 protocol binding behind LaminaX11's window and event source, with the three
// extensions it uses: MIT-SHM (xcb-shm: frames through shared memory), XTEST (xcb-xtest: input
// injected by the X11 tests) and the key-symbol tables (xcb-keysyms: keycodes to keysyms).
// One module rather than four: each extension header includes xcb.h, and four modules each
// holding a textual copy of xcb.h's declarations would make its types ambiguous in Swift.
// Include directories come from pkg-config (`xcb`; the extensions install into the same one).
#ifndef LAMINA_CXCB_SHIM_H
#define LAMINA_CXCB_SHIM_H

#include <xcb/xcb.h>
#include <xcb/shm.h>
#include <xcb/xtest.h>
#include <xcb/xcb_keysyms.h>
#include <sys/ipc.h>
#include <sys/shm.h>

#endif
