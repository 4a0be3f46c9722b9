import LaminaLoop
import LaminaUI

extension EventLoop {
    /// ``runUntilIdle(in:timeout:)`` in the mode `window` asks for
    /// (``/LaminaUI/Window/runLoopMode``): the tracking mode while one of its scroll views is
    /// dragged, as UIKit runs it. Main thread.
    @MainActor
    @discardableResult
    public func runUntilIdle(for window: Window, timeout: Duration = .seconds(10)) -> Bool {
        runUntilIdle(in: window.runLoopMode, timeout: timeout)
    }
}
