/// Core Animation's `CAMediaTiming` protocol: what animations conform to. Each property
/// forwards to ``timing``, so `animation.duration = 1` reads as it does in Core Animation.
public protocol MediaTiming {
    /// The timing values themselves.
    var timing: TimingParameters { get set }
}

extension MediaTiming {
    /// When the object starts, in its parent's time. See ``TimingParameters/beginTime``.
    public var beginTime: Double {
        get { timing.beginTime }
        set { timing.beginTime = newValue }
    }

    /// The simple duration in seconds. See ``TimingParameters/duration``.
    public var duration: Double {
        get { timing.duration }
        set { timing.duration = newValue }
    }

    /// How fast local time runs against the parent's. See ``TimingParameters/speed``.
    public var speed: Double {
        get { timing.speed }
        set { timing.speed = newValue }
    }

    /// An offset into local time. See ``TimingParameters/timeOffset``.
    public var timeOffset: Double {
        get { timing.timeOffset }
        set { timing.timeOffset = newValue }
    }

    /// How many times the simple duration plays. See ``TimingParameters/repeatCount``.
    public var repeatCount: Double {
        get { timing.repeatCount }
        set { timing.repeatCount = newValue }
    }

    /// How long the object repeats for. See ``TimingParameters/repeatDuration``.
    public var repeatDuration: Double {
        get { timing.repeatDuration }
        set { timing.repeatDuration = newValue }
    }

    /// Whether each repeat plays forwards then backwards. See ``TimingParameters/autoreverses``.
    public var autoreverses: Bool {
        get { timing.autoreverses }
        set { timing.autoreverses = newValue }
    }

    /// What the object shows outside its active interval. See ``TimingParameters/fillMode``.
    public var fillMode: FillMode {
        get { timing.fillMode }
        set { timing.fillMode = newValue }
    }
}
