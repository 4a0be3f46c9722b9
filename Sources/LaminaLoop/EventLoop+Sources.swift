import LaminaTrace

extension EventLoop {
    /// Performs `state`'s signalled sources, by (order, first signal); returns whether any was.
    ///
    /// Works on a snapshot: sources signalled during the pass wait for the next iteration (which
    /// follows at once, since performing a source makes this one poll). Each signal is cleared
    /// before `perform` runs. With `stopAfterOne`, the pass ends after the first source performed
    /// and the rest stay signalled.
    func performSources(in state: ModeState, stopAfterOne: Bool) -> Bool {
        var snapshot: [(source: Source, sequence: UInt64)] = lock.withLock {
            state.sources.compactMap { source in
                let sequence = source.signalSequence.load(ordering: .acquiring)
                return source.isValid && sequence != 0 ? (source, sequence) : nil
            }
        }
        guard !snapshot.isEmpty else { return false }
        if snapshot.count > 1 {
            snapshot.sort { ($0.source.order, $0.sequence) < ($1.source.order, $1.sequence) }
        }
        var handled = false
        for (source, _) in snapshot where source.isValid && source.takeSignal() {
            if Trace.isEnabled {
                Trace.interval(.source, source.name ?? "source \(source.order)") { source.perform(source) }
            } else {
                source.perform(source)
            }
            handled = true
            if stopAfterOne { break }
        }
        return handled
    }
}
