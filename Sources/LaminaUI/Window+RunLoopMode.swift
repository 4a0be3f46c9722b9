import Glibc
@_spi(LaminaTesting) import LaminaLoop

extension Window {
    /// The mode the main loop should run in for this window: `.tracking` while a pointer drags a
    /// ``ScrollView`` in it — UIKit runs the main loop in `UITrackingRunLoopMode` during a drag,
    /// so that default-mode timers and work wait and the scroll stays smooth — `.default`
    /// otherwise. ``run(until:timeout:)`` follows it, and so should any other driver of the main
    /// loop (LaminaTesting's `runUntilIdle(for:)`).
    public var runLoopMode: EventLoop.Mode {
        draggingScrollViews.contains { $0.view?.isDragging == true } ? .tracking : .default
    }

    /// Runs the main loop, one pass at a time in ``runLoopMode`` (read again before each pass), until
    /// `condition` holds or `timeout` of the loop's time passes; returns whether the condition
    /// held. The examples' main-loop driver. Never nests: called from inside a run of the main
    /// loop (an event handler, a timer) it returns false at once without running anything.
    @discardableResult
    public func run(until condition: () -> Bool, timeout: Duration) -> Bool {
        let main = EventLoop.main
        guard main.currentMode == nil else { return false }
        let deadline = main.now.advanced(by: timeout)
        while !condition() {
            let remaining = main.now.duration(to: deadline)
            guard remaining > .zero else { return false }
            if main.run(mode: runLoopMode, timeout: min(remaining, .milliseconds(50)), returnAfterSourceHandled: true) == .finished {
                sched_yield()
            }
        }
        return true
    }

    /// Notes a scroll view whose drags switch the window's ``runLoopMode``.
    func noteDragging(_ scrollView: ScrollView) {
        draggingScrollViews.removeAll { $0.view == nil || $0.view === scrollView }
        if scrollView.isDragging { draggingScrollViews.append(WeakScrollView(view: scrollView)) }
    }
}

/// A scroll view the window does not keep alive.
struct WeakScrollView {
    weak var view: ScrollView?
}
