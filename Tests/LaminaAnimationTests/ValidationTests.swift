import LaminaGraphics
import Testing
import LaminaLayers

/// Every bad input `validate()` refuses, with the error that names it; and the same inputs
/// applied anyway (as an unvalidated caller could) neither trap nor write NaN.
@Suite struct ValidationTests {
    /// Whether two errors say the same thing (NaN payloads make `==` false for equal errors).
    static func same(_ a: AnimationError?, _ b: AnimationError) -> Bool {
        a.map { $0.description == b.description } ?? false
    }

    static func opacity(_ configure: (inout BasicAnimation<Double>) -> Void) -> BasicAnimation<Double> {
        var animation = BasicAnimation(keyPath: .opacity, from: 0, to: 1)
        animation.duration = 1
        configure(&animation)
        return animation
    }

    @Test func aWellFormedAnimationIsAccepted() {
        #expect(validationError(Self.opacity { _ in }) == nil)
        #expect(validationError(Self.opacity { $0.repeatCount = .infinity }) == nil)
        #expect(validationError(Self.opacity { $0.speed = -2; $0.timeOffset = 1 }) == nil)
    }

    @Test(arguments: [
        ("beginTime", Double.nan), ("beginTime", .infinity), ("duration", .nan), ("duration", .infinity),
        ("speed", .nan), ("speed", -.infinity), ("timeOffset", .nan), ("timeOffset", .infinity),
        ("repeatDuration", .nan), ("repeatDuration", .infinity), ("repeatCount", .nan),
    ])
    func aNonFiniteTimingValueIsRefusedByName(_ property: String, _ value: Double) {
        let animation = Self.opacity {
            switch property {
            case "beginTime": $0.beginTime = value
            case "duration": $0.duration = value
            case "speed": $0.speed = value
            case "timeOffset": $0.timeOffset = value
            case "repeatDuration": $0.repeatDuration = value
            default: $0.repeatCount = value
            }
        }
        let error = validationError(animation)
        #expect(Self.same(error, .nonFiniteTiming(property: property, value: value)), "\(String(describing: error))")
        #expect(error?.description.contains(property) == true)
        // Applied anyway, it has no effect rather than writing NaN.
        let state = applying(animation, at: 0.5)
        #expect(!state.opacity.isNaN)
    }

    @Test func negativeDurationsAndRepeatsAreRefused() {
        #expect(validationError(Self.opacity { $0.duration = -1 }) == .negativeTiming(property: "duration", value: -1))
        #expect(validationError(Self.opacity { $0.repeatCount = -2 }) == .negativeTiming(property: "repeatCount", value: -2))
        #expect(validationError(Self.opacity { $0.repeatDuration = -3 })
                == .negativeTiming(property: "repeatDuration", value: -3))
    }

    @Test func repeatCountAndRepeatDurationTogetherAreRefused() {
        let animation = Self.opacity { $0.repeatCount = 2; $0.repeatDuration = 3 }
        #expect(validationError(animation) == .conflictingRepeat(repeatCount: 2, repeatDuration: 3))
    }

    @Test func timingParametersValidateOnTheirOwnToo() {
        #expect(validationError(timing()) == nil)
        #expect(validationError(timing(speed: .nan)).map { $0.description } == "speed must be finite, not nan")
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func aNonFiniteValueIsRefusedNamingTheKeyPathRoleAndValue(_ bad: Double) {
        let from = Self.opacity { $0.fromValue = bad }
        #expect(validationError(from) == .nonFiniteValue(keyPath: "opacity", role: "fromValue", value: "\(bad)"))
        let to = Self.opacity { $0.toValue = bad }
        #expect(validationError(to) == .nonFiniteValue(keyPath: "opacity", role: "toValue", value: "\(bad)"))
        let by = Self.opacity { $0.toValue = nil; $0.byValue = bad }
        #expect(validationError(by) == .nonFiniteValue(keyPath: "opacity", role: "byValue", value: "\(bad)"))
        #expect(validationError(from)?.description == "opacity: fromValue must be finite, not \(bad)")
    }

    @Test func nonFiniteGeometryIsRefusedToo() {
        var move = BasicAnimation(keyPath: .position, to: Point(x: .nan, y: 0))
        move.duration = 1
        #expect(validationError(move) == .nonFiniteValue(keyPath: "position", role: "toValue",
                                                         value: Point(x: .nan, y: 0).description))
        let turn = BasicAnimation(keyPath: .transform, from: AffineTransform(a: .infinity, b: 0, c: 0, d: 1, tx: 0, ty: 0))
        #expect(validationError(turn).map { if case .nonFiniteValue = $0 { true } else { false } } == true)
    }

    @Test func valuesThatSwitchCannotTakeByAdditiveOrCumulative() {
        var by = BasicAnimation(keyPath: .isHidden, by: true)
        by.duration = 1
        #expect(validationError(by) == .discreteValueCannot(keyPath: "hidden", feature: "byValue"))
        var additive = BasicAnimation(keyPath: .isHidden, from: false, to: true)
        additive.isAdditive = true
        #expect(validationError(additive) == .discreteValueCannot(keyPath: "hidden", feature: "isAdditive"))
        var cumulative = BasicAnimation(keyPath: .contents, to: nil)
        cumulative.isCumulative = true
        #expect(validationError(cumulative) == .discreteValueCannot(keyPath: "contents", feature: "isCumulative"))
        #expect(validationError(BasicAnimation(keyPath: .isHidden, from: false, to: true)) == nil)
    }

    @Test func errorDescriptionsSayWhatIsWrong() {
        #expect(AnimationError.tooManyInterpolationValues(keyPath: "opacity").description
                == "opacity: fromValue, toValue and byValue cannot all be set; use at most two")
        #expect(AnimationError.conflictingRepeat(repeatCount: 2, repeatDuration: 3).description
                == "repeatCount (2.0) and repeatDuration (3.0) cannot both be set")
        #expect(AnimationError.invalidGroupChild(index: 1, error: .unknownKeyPath("x")).description
                == "animations[1]: no animatable property is called \"x\"")
    }
}
