/// How a layer's local time follows from the global media time: Core Animation's timing
/// hierarchy. Every layer maps its superlayer's time through its own ``TimingParameters``
/// (`(parent − beginTime) × speed + timeOffset`), from the root down, and a layer's animations
/// run on the layer's time. The main thread (``Layer/presentation()``,
/// ``Layer/convertTime(_:from:)``) and the render server both use this one function.
enum LayerTimeline {
    /// The local time, at global media time `time`, of the layer whose own timing is the last of
    /// `timings` and whose ancestors' are before it, root first.
    static func localTime(at time: Double, through timings: [TimingParameters]) -> Double {
        var local = time
        for timing in timings where timing != Self.identity {
            local = timing.layerLocalTime(fromParentTime: local)
        }
        return local
    }

    /// The global media time at which the layer at the end of `timings` (root first) reads
    /// `localTime`: the inverse of ``localTime(at:through:)``, ignoring repeats (a layer whose
    /// timeline repeats reads the same local time at many global times; this is the first). A
    /// paused layer (speed 0) reads its time offset at every global time: the inverse is its
    /// begin time.
    static func globalTime(ofLocalTime localTime: Double, through timings: [TimingParameters]) -> Double {
        var time = localTime
        for timing in timings.reversed() where timing != Self.identity {
            time = timing.speed == 0 ? timing.beginTime : (time - timing.timeOffset) / timing.speed + timing.beginTime
        }
        return time
    }

    /// A layer's default timing, which maps time to itself.
    static let identity = TimingParameters()
}
