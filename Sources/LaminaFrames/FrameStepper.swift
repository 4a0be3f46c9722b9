import Glibc
import LaminaLayers
@_spi(LaminaTesting) import LaminaLoop
import LaminaUI

/// Runs the main loop one presented frame at a time, with pause points between a commit's
/// phases — a debugger's "step" for the pipeline. Each ``step(timeout:)`` runs `EventLoop.main`
/// until the window's render server has presented the next frame, and returns that frame; on the
/// way, every commit stops at the pause points (after layout, after display, after the delta is
/// sent), where ``onPause`` can inspect or print the tree
/// (``/LaminaLayers/Layer/treeDescription``).
///
/// ```swift
/// let stepper = FrameStepper(window: window)
/// stepper.onPause = { phase in print("— \(phase)\n\(window.layer.treeDescription)") }
/// label.text = "Hello"
/// let frame = stepper.step()          // layout, display and commit pauses, then frame 1
/// ```
///
/// Main thread. Steps run the loop like a test driver: never nest one inside a run of the loop.
@MainActor
public final class FrameStepper {
    /// The window whose frames are stepped through.
    public let window: Window
    /// Where commits stop while stepping; all three phases by default.
    public var pausePoints: Set<CommitPhase> = Set(CommitPhase.allCases)
    /// Called at each pause point of each commit made while stepping, with the phase.
    public var onPause: (@MainActor (CommitPhase) -> Void)?
    /// The last frame a step returned; 0 before the first.
    public private(set) var lastSteppedFrameID: UInt64

    /// A stepper for `window`, starting after the frames it has already presented.
    public init(window: Window) {
        self.window = window
        lastSteppedFrameID = window.renderServer.lastPresentedFrameID
    }

    /// Runs the main loop (in its current mode, or the default mode) until the frame after the
    /// last one stepped to has been presented, and returns it; nil when no frame comes within
    /// `timeout` of real time. When two frames were recorded in one turn of the loop, the next
    /// step returns the second at once: one step per frame. The frame itself comes from the
    /// window's presenter: exact with a ``/LaminaLayers/FrameRecorder``, the latest frame with
    /// another ``/LaminaLayers/FrameKeepingPresenter``; a presenter that keeps nothing gives nil.
    @discardableResult
    public func step(timeout: Duration = .seconds(10)) -> PresentedFrame? {
        let observers = pausePoints.sorted { $0.order < $1.order }.map { phase in
            Transaction.addPhaseObserver(after: phase) { [weak self] phase in self?.onPause?(phase) }
        }
        defer { observers.forEach { $0.invalidate() } }
        let server = window.renderServer
        let main = EventLoop.main
        let deadline = EventLoop.Instant.monotonicNow.advanced(by: timeout)
        while server.lastPresentedFrameID <= lastSteppedFrameID {
            let remaining = EventLoop.Instant.monotonicNow.duration(to: deadline)
            guard remaining > .zero else { return nil }
            let result = main.runIteration(in: main.currentMode ?? .default, waitingForWakeUpAtMost: remaining)
            if result == .finished { sched_yield() }
        }
        lastSteppedFrameID += 1
        if let recorder = window.presenter as? FrameRecorder { return recorder.frame(withID: lastSteppedFrameID) }
        return (window.presenter as? any FrameKeepingPresenter)?.lastFrame
    }
}

extension CommitPhase {
    /// The phases' order within a commit.
    var order: Int {
        CommitPhase.allCases.firstIndex(of: self) ?? 0
    }
}
