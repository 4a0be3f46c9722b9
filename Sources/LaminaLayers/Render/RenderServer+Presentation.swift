import Glibc
@_spi(LaminaTesting) import LaminaLoop

/// What the main thread knows of presented frames. Frames reach it as blocks performed on
/// `EventLoop.main`, so all of this advances only while the main loop runs.
extension RenderServer {
    /// The id of the last frame presented, as recorded on the main thread; 0 before the first.
    @MainActor
    public var lastPresentedFrameID: UInt64 {
        ledger.lastFrameID
    }

    /// The highest commit id the presented frames have contained, as recorded on the main
    /// thread; nil before the first frame.
    @MainActor
    public var lastPresentedCommitID: UInt64? {
        ledger.lastCommitID
    }

    /// Runs `body` on the main thread once the frame containing commit `id` has been presented —
    /// at once if it already has. This is how transaction completion blocks wait for the screen.
    /// Commits reach a server in increasing order, so a commit at or below the last presented one
    /// counts as presented. Main thread.
    @MainActor
    public func onPresentation(ofCommit id: UInt64, _ body: @escaping @MainActor () -> Void) {
        ledger.onPresentation(of: id, body)
    }

    /// Runs `EventLoop.main`, one iteration at a time in its current mode (default when it is not
    /// running), until the frame containing commit `id` has been presented or `timeout` of real
    /// time has passed. Never sleeps for time: each iteration waits for a wake-up, such as the
    /// render thread's report of a frame. A virtual clock on the main loop does not move. Main
    /// thread.
    ///
    /// - Returns: whether the commit was presented in time.
    @MainActor
    @discardableResult
    public func waitForPresentation(ofCommit id: UInt64, timeout: Duration = .seconds(10)) -> Bool {
        let main = EventLoop.main
        let deadline = EventLoop.Instant.monotonicNow.advanced(by: timeout)
        // The record of the frame may run early in an iteration, before its sleep: wake that
        // sleep, or the iteration would wait on after the frame is already in.
        ledger.onPresentation(of: id) { main.wakeUp() }
        while !ledger.isPresented(id) {
            let remaining = EventLoop.Instant.monotonicNow.duration(to: deadline)
            guard remaining > .zero else { return false }
            let result = main.runIteration(in: main.currentMode ?? .default, waitingForWakeUpAtMost: remaining)
            // An empty mode returns without waiting; let the render thread run meanwhile.
            if result == .finished { sched_yield() }
        }
        return true
    }
}
