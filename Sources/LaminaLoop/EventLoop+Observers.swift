@_spi(LaminaInternals) import LaminaTrace

extension EventLoop {
    /// Calls `state`'s observers of `activity`, in order, from a snapshot taken now.
    ///
    /// Observers already firing are skipped (a nested run inside an observer's handler skips
    /// that observer), and so are invalid ones, checked just before each call: one invalidated
    /// meanwhile is skipped, one merely removed is still called (it is in the snapshot). A
    /// non-repeating observer is invalidated right after its call. No lock is held during calls.
    func notifyObservers(_ activity: Activity, in state: ModeState) {
        let snapshot: [Observer] = lock.withLock {
            state.observerMask.contains(activity) ? state.observers(of: activity) : []
        }
        if Trace.isEnabled {
            Trace.instant(TraceEventName(.loop, activity.description), arguments: ["mode": state.name, "observers": "\(snapshot.count)"])
        }
        for observer in snapshot where observer.isValid && !observer.isFiring {
            observer.isFiring = true
            if Trace.isEnabled {
                Trace.interval(.observer(named: observer.name, order: observer.order), arguments: ["activity": activity.description]) {
                    observer.handler(observer, activity)
                }
            } else {
                observer.handler(observer, activity)
            }
            if !observer.repeats { observer.invalidate() }
            observer.isFiring = false
        }
    }
}
