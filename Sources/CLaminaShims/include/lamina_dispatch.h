// libdispatch's private hooks for a run loop that drains the main queue, as CoreFoundation uses
// them on Linux (swift-corelibs-libdispatch, src/queue.c). Declared here rather than with
// @_silgen_name in Swift.
#ifndef LAMINA_DISPATCH_H
#define LAMINA_DISPATCH_H

#include <stdint.h>

/// The main queue's eventfd, readable while main-queue work is pending; -1 when libdispatch hands
/// out no handle (the main queue is being drained by someone else, e.g. dispatch_main).
int _dispatch_get_main_queue_handle_4CF(void);
/// Drains a snapshot of the main queue on the calling (main) thread. `msg` is unused on Linux.
void _dispatch_main_queue_callback_4CF(void *msg);

#endif
