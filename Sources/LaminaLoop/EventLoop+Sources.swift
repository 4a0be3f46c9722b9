@_spi(LaminaInternals) import LaminaTrace

extension EventLoop {
    /// Performs `state`'s signalled sources, by (order, first signal); returns whether the last
    /// one in the pass was performed (CF's rule, see below).
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
        for (source, _) in snapshot {
            // As in CF, the pass reports what happened to its *last* source, not whether any
            // was performed: a pass whose last source was invalidated (or unsignalled) meanwhile
            // counts as handling nothing, so the iteration does not poll.
            handled = source.takeSignal() && source.isValid
            if handled {
                if Trace.isEnabled {
                    Trace.interval(.source(named: source.name ?? "source \(source.order)")) { source.perform(source) }
                } else {
                    source.perform(source)
                }
            }
            if stopAfterOne && handled { break }
        }
        return handled
    }
}
