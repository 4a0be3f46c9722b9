extension Transaction {
    /// A callback that runs at the end of every commit's layout phase (phase 1), once all marked
    /// layers are laid out and before anything displays: geometry is final for this frame there,
    /// so it is where a view can ask "am I visible now?" — a scroll moves a bounds origin and lays
    /// out only the scroll view, not the subviews whose visibility changed. Main thread.
    ///
    /// Keep the returned observer; ``LayoutPhaseObserver/invalidate()`` (or releasing it) stops
    /// the callbacks. Marks made inside a callback are committed by this same commit when they
    /// change render state (contents, geometry), and by the next one when they ask for layout.
    public static func addLayoutPhaseObserver(_ handler: @escaping @MainActor () -> Void) -> LayoutPhaseObserver {
        let observer = LayoutPhaseObserver(handler: handler)
        layoutPhaseObservers.append(Weak(observer))
        return observer
    }

    private static var layoutPhaseObservers: [Weak] = []

    /// Runs the live observers, in the order they were added (from ``TransactionCommit/layOut``).
    static func runLayoutPhaseObservers() {
        guard !layoutPhaseObservers.isEmpty else { return }
        layoutPhaseObservers.removeAll { $0.observer?.isValid != true }
        for entry in layoutPhaseObservers {
            guard let observer = entry.observer, observer.isValid else { continue }
            observer.handler()
        }
    }

    private struct Weak {
        weak var observer: LayoutPhaseObserver?
        init(_ observer: LayoutPhaseObserver) { self.observer = observer }
    }
}

/// The handle of a callback added with ``Transaction/addLayoutPhaseObserver(_:)``. Main thread.
@MainActor
public final class LayoutPhaseObserver {
    let handler: @MainActor () -> Void
    /// Whether the callback still runs.
    public private(set) var isValid = true

    init(handler: @escaping @MainActor () -> Void) {
        self.handler = handler
    }

    /// Stops the callback.
    public func invalidate() {
        isValid = false
    }
}
