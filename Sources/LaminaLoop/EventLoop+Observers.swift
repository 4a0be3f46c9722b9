@_spi(LaminaInternals) import LaminaTrace

extension EventLoop {
    /// Calls `state`'s observers of `activity`, in order, from a snapshot taken now.
    ///
    /// The snapshot leaves out invalid observers and those already firing (a nested run inside
    /// an observer's handler skips that observer). Each observer is checked again just before
    /// its call: one invalidated meanwhile is skipped, one merely removed is still called. A
    /// non-repeating observer is invalidated right after its call. No lock is held during calls.
    func notifyObservers(_ activity: Activity, in state: ModeState) {
        let snapshot: [Observer] = lock.withLock {
            guard state.observerMask.contains(activity) else { return [] }
            return state.observers.filter { observer in
                observer.activities.contains(activity) && observer.isValid && !observer.isFiring
            }
        }
        if Trace.isEnabled {
            Trace.instant(.loop, activity.description, arguments: ["mode": state.name, "observers": "\(snapshot.count)"])
        }
        for observer in snapshot where observer.isValid {
            observer.isFiring = true
            if Trace.isEnabled {
                Trace.interval(.observer, observer.traceLabel, arguments: ["activity": activity.description]) {
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
