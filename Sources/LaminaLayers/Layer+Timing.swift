/// The layer's place in Core Animation's timing hierarchy (`CAMediaTiming` on `CALayer`): its
/// time runs from its superlayer's through these values, and its animations and its sublayers'
/// run on it. `speed = 0` pauses everything below the layer; `speed = 0.1` on a window's root
/// layer slows every animation ten times; `speed = 0` with a `timeOffset` scrubs. The values
/// travel with the layer's render state; they are not animatable. Non-finite values are ignored
/// (the property keeps its value). Main thread.
extension Layer {
    /// When the layer's timeline starts, in its superlayer's time. 0 by default.
    public var beginTime: Double {
        get { state.timing.beginTime }
        set { setTiming(\.beginTime, newValue) }
    }

    /// How fast the layer's time runs against its superlayer's: 1 by default, 0 pauses.
    public var speed: Double {
        get { state.timing.speed }
        set { setTiming(\.speed, newValue) }
    }

    /// Added to the layer's time after `speed`: with `speed` 0, the time the layer stands at.
    public var timeOffset: Double {
        get { state.timing.timeOffset }
        set { setTiming(\.timeOffset, newValue) }
    }

    /// The layer timeline's simple duration; 0 (the default) means it never ends or repeats.
    public var duration: Double {
        get { state.timing.duration }
        set { setTiming(\.duration, newValue) }
    }

    /// How many times the layer's timeline repeats (with a `duration`); may be infinite.
    public var repeatCount: Double {
        get { state.timing.repeatCount }
        set { setTiming(\.repeatCount, newValue, allowsInfinity: true) }
    }

    /// How long the layer's timeline repeats (with a `duration`).
    public var repeatDuration: Double {
        get { state.timing.repeatDuration }
        set { setTiming(\.repeatDuration, newValue) }
    }

    /// Whether each repeat of the layer's timeline plays forwards then backwards.
    public var autoreverses: Bool {
        get { state.timing.autoreverses }
        set { update(\.timing.autoreverses, to: newValue) }
    }

    /// What the layer's timeline holds outside its active time.
    public var fillMode: FillMode {
        get { state.timing.fillMode }
        set { update(\.timing.fillMode, to: newValue) }
    }

    /// Converts `time` from `layer`'s local time (nil: global media time, ``currentMediaTime()``)
    /// to this layer's — `CALayer.convertTime(_:from:)`. A layer whose timeline repeats reads a
    /// local time at many global times; the conversion takes the first. Main thread.
    public func convertTime(_ time: Double, from layer: Layer?) -> Double {
        let global = layer.map { LayerTimeline.globalTime(ofLocalTime: time, through: $0.timingChain) } ?? time
        return localTime(atMediaTime: global)
    }

    /// Converts `time` from this layer's local time to `layer`'s (nil: global media time). Main
    /// thread.
    public func convertTime(_ time: Double, to layer: Layer?) -> Double {
        let global = LayerTimeline.globalTime(ofLocalTime: time, through: timingChain)
        return layer.map { $0.localTime(atMediaTime: global) } ?? global
    }

    /// The layer's local time at global media time `time`: the timings from the root of its tree
    /// down to it applied in turn, as ``LayerTimeline/localTime(at:through:)`` applies
    /// ``timingChain``, without building the chain (every commit that sends animations asks).
    func localTime(atMediaTime time: Double) -> Double {
        let parentTime = (superlayer ?? maskedLayer)?.localTime(atMediaTime: time) ?? time
        let timing = state.timing
        return timing == LayerTimeline.identity ? parentTime : timing.layerLocalTime(fromParentTime: parentTime)
    }

    /// The timings from the root of the layer's tree down to the layer (a mask's parent is the
    /// layer it masks).
    var timingChain: [TimingParameters] {
        var chain: [TimingParameters] = []
        var current: Layer? = self
        while let layer = current {
            chain.append(layer.state.timing)
            current = layer.superlayer ?? layer.maskedLayer
        }
        return chain.reversed()
    }

    private func setTiming(_ keyPath: WritableKeyPath<TimingParameters, Double>, _ value: Double, allowsInfinity: Bool = false) {
        guard value.isFinite || (allowsInfinity && value == .infinity) else { return }
        let path: WritableKeyPath<LayerRenderState, TimingParameters> = \.timing
        update(path.appending(path: keyPath), to: value)
    }
}
