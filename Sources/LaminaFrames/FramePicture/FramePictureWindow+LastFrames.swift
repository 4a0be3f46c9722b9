import LaminaLayers
import LaminaTrace

extension FramePictureWindow {
    /// The last `intervals` frame intervals of `events` that end with their last presentation
    /// (plus a millisecond, so the presentation's end shows) — the whole trace when it is that
    /// short, and its first `intervals` intervals when nothing was presented. What an example
    /// shows of a run in one picture: enough for a commit, an async render and the frame that
    /// shows it, few enough for every slice to be wide enough to read.
    public static func lastFrames(of events: [TraceEvent], frameInterval: Duration = FrameClock.sixtyHertz,
                                  intervals: Int = 6) -> FramePictureWindow {
        let first = events.map(\.timestamp).min() ?? 0, last = events.map(\.timestamp).max() ?? 0
        let (seconds, attoseconds) = frameInterval.components
        let interval = max(UInt64(max(seconds, 0)) * 1_000_000_000 + UInt64(max(attoseconds, 0) / 1_000_000_000), 1)
        let span = UInt64(max(intervals, 1)) * interval
        guard last - first > span else { return .wholeTrace }
        guard let lastPresent = events.last(where: { $0.phase == .end && TraceEventName.present.matches($0) }) else {
            return .between(start: first, end: first + span)
        }
        let end = min(lastPresent.timestamp + 1_000_000, last)
        return .between(start: max(end - span, first), end: end)
    }
}
