/// A phase of a transaction's commit, after which observers can run: ``layout`` (phase 1),
/// ``display`` (phase 2), ``commit`` (phase 3, once the deltas are sent to the render servers).
public enum CommitPhase: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Every marked layer is laid out; nothing has displayed yet.
    case layout
    /// Every marked layer has displayed (async layers have started their renders).
    case display
    /// The deltas are sent: the render servers have what this commit changed.
    case commit

    public var description: String {
        switch self {
        case .layout: "after layout"
        case .display: "after display"
        case .commit: "after the delta is sent"
        }
    }
}

extension Transaction {
    /// A callback that runs at the end of every commit's layout phase (phase 1), once all marked
    /// layers are laid out and before anything displays: geometry is final for this frame there,
    /// so it is where a view can ask "am I visible now?" — a scroll moves a bounds origin and lays
    /// out only the scroll view, not the subviews whose visibility changed. Main thread.
    ///
    /// Keep the returned observer; ``CommitPhaseObserver/invalidate()`` (or releasing it) stops
    /// the callbacks. Marks made inside a callback are committed by this same commit when they
    /// change render state (contents, geometry), and by the next one when they ask for layout.
    public static func addLayoutPhaseObserver(_ handler: @escaping @MainActor () -> Void) -> CommitPhaseObserver {
        addPhaseObserver(after: .layout) { _ in handler() }
    }

    /// A callback that runs at the end of `phase` in every commit, with the phase — where a
    /// debugger pauses (`FrameStepper`) to look at the tree between phases. Observers of one phase
    /// run in the order they were added. Main thread.
    ///
    /// Keep the returned observer; ``CommitPhaseObserver/invalidate()`` (or releasing it) stops
    /// the callbacks.
    public static func addPhaseObserver(after phase: CommitPhase,
                                        _ handler: @escaping @MainActor (CommitPhase) -> Void) -> CommitPhaseObserver {
        let observer = CommitPhaseObserver(phase: phase, handler: handler)
        phaseObservers.append(Weak(observer))
        return observer
    }

    private static var phaseObservers: [Weak] = []

    /// Runs the live observers of `phase`, in the order they were added (from
    /// ``TransactionCommit``).
    static func runPhaseObservers(after phase: CommitPhase) {
        guard !phaseObservers.isEmpty else { return }
        phaseObservers.removeAll { $0.observer?.isValid != true }
        for entry in phaseObservers {
            guard let observer = entry.observer, observer.isValid, observer.phase == phase else { continue }
            observer.handler(phase)
        }
    }

    private struct Weak {
        weak var observer: CommitPhaseObserver?
        init(_ observer: CommitPhaseObserver) { self.observer = observer }
    }
}

/// The handle of a callback added with ``Transaction/addPhaseObserver(after:_:)`` or
/// ``Transaction/addLayoutPhaseObserver(_:)``. Main thread.
@MainActor
public final class CommitPhaseObserver {
    /// The phase after which the callback runs.
    public let phase: CommitPhase
    let handler: @MainActor (CommitPhase) -> Void
    /// Whether the callback still runs.
    public private(set) var isValid = true

    init(phase: CommitPhase, handler: @escaping @MainActor (CommitPhase) -> Void) {
        self.phase = phase
        self.handler = handler
    }

    /// Stops the callback.
    public func invalidate() {
        isValid = false
    }
}
