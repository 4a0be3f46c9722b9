import CLaminaShims
@_spi(LaminaInternals) import LaminaTrace

extension EventLoop {
    /// The main queue's fd if a run of `state` should watch it: on the main loop (which runs
    /// only on the main thread), in a common mode, outside a main-queue drain, and when
    /// libdispatch handed out a handle. Otherwise -1.
    func watchedMainQueueHandle(for state: ModeState) -> Int32 {
        guard isMain, !isDrainingMainQueue else { return -1 }
        let isCommon = lock.withLock { commonModeNames.contains(state.name) }
        guard isCommon else { return -1 }
        if mainQueueHandle < 0 && Trace.isEnabled {
            Trace.instant(.mainQueueDrainingOff)
        }
        return mainQueueHandle
    }

    /// Runs a snapshot of `DispatchQueue.main`'s work (libdispatch's own drain): blocks queued
    /// meanwhile wait for a later iteration. Nested runs inside it neither drain the main queue
    /// nor count it as a source.
    func drainMainQueue() {
        isDrainingMainQueue = true
        if Trace.isEnabled {
            Trace.interval(.mainQueue) { _dispatch_main_queue_callback_4CF(nil) }
        } else {
            _dispatch_main_queue_callback_4CF(nil)
        }
        isDrainingMainQueue = false
    }
}
