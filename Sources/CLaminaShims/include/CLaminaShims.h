// CLaminaShims: the C that Lamina cannot write in Swift, behind plain-C headers that use only
// stdint/stddef types, so no system header (ICU, libpng, libjpeg, epoll) reaches a Swift module.
#ifndef CLAMINASHIMS_H
#define CLAMINASHIMS_H

#include "lamina_io.h"
#include "lamina_dispatch.h"
#include "lamina_linebreak.h"
#include "lamina_wordbreak.h"
#include "lamina_bidi.h"
#include "lamina_vertical.h"
#include "lamina_codecs.h"

#endif
