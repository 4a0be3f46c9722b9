import LaminaGraphics
import Testing
import LaminaLayers

@Suite struct KeyframeValidationTests {
    static func keyframes(_ values: [Double], keyTimes: [Double]? = nil, mode: CalculationMode = .linear) -> KeyframeAnimation<Double> {
        var animation = KeyframeAnimation(keyPath: .opacity, values: values, keyTimes: keyTimes)
        animation.calculationMode = mode
        animation.duration = 1
        return animation
    }

    @Test func wellFormedKeyframesAreAccepted() {
        #expect(validationError(Self.keyframes([0, 1, 0.5], keyTimes: [0, 0.3, 1])) == nil)
        #expect(validationError(Self.keyframes([0, 1, 0.5], keyTimes: [0, 0.3, 0.3])) == nil)
        #expect(validationError(Self.keyframes([0, 1], keyTimes: [0, 0.5, 1], mode: .discrete)) == nil)
        #expect(validationError(Self.keyframes([0, 1], keyTimes: [0.7, 0.1, 5], mode: .paced)) == nil)
    }

    @Test func noKeyframesAreRefused() {
        #expect(validationError(Self.keyframes([])) == .emptyKeyframes(keyPath: "opacity"))
        #expect(applying(Self.keyframes([]), at: 0.5) == LayerRenderState())
    }

    @Test func aNonFiniteKeyframeIsRefusedWithItsIndex() {
        #expect(validationError(Self.keyframes([0, 1, .nan])) == .nonFiniteValue(keyPath: "opacity", role: "values[2]", value: "nan"))
        #expect(validationError(Self.keyframes([.infinity])) == .nonFiniteValue(keyPath: "opacity", role: "values[0]", value: "inf"))
    }

    @Test func keyTimesOfTheWrongCountAreRefused() {
        #expect(validationError(Self.keyframes([0, 1, 2], keyTimes: [0, 1]))
                == .keyTimesCountMismatch(keyPath: "opacity", keyTimes: 2, keyframes: 3))
        #expect(validationError(Self.keyframes([0, 1, 2], keyTimes: [0, 0.2, 0.4, 1]))
                == .keyTimesCountMismatch(keyPath: "opacity", keyTimes: 4, keyframes: 3))
        #expect(validationError(Self.keyframes([0, 1], keyTimes: [0, 0.2, 0.4, 1], mode: .discrete))
                == .keyTimesCountMismatch(keyPath: "opacity", keyTimes: 4, keyframes: 2))
    }

    @Test func keyTimesOutsideZeroToOneAreRefused() {
        #expect(validationError(Self.keyframes([0, 1], keyTimes: [0, 1.5])) == .keyTimeOutOfRange(keyPath: "opacity", index: 1, value: 1.5))
        #expect(validationError(Self.keyframes([0, 1], keyTimes: [-0.1, 1])) == .keyTimeOutOfRange(keyPath: "opacity", index: 0, value: -0.1))
        let nan = validationError(Self.keyframes([0, 1], keyTimes: [0, .nan]))
        #expect(ValidationTests.same(nan, .keyTimeOutOfRange(keyPath: "opacity", index: 1, value: .nan)))
    }

    @Test func decreasingKeyTimesAreRefused() {
        #expect(validationError(Self.keyframes([0, 1, 2], keyTimes: [0, 0.6, 0.4]))
                == .keyTimesDecreasing(keyPath: "opacity", index: 2, value: 0.4, previous: 0.6))
    }

    @Test func badKeyTimesAppliedAnywayAreIgnoredRatherThanTrapping() {
        for keyTimes in [[0, 1], [0, 0.6, 0.4], [0, 2, 3], [0, .nan, 1]] as [[Double]] {
            for mode in [CalculationMode.linear, .discrete] {
                let state = applying(Self.keyframes([0, 1, 0.5], keyTimes: keyTimes, mode: mode), at: 0.5)
                #expect(state.opacity.isFinite)
            }
        }
    }

    @Test func segmentTimingFunctionsOfTheWrongCountAreRefused() {
        var animation = Self.keyframes([0, 1, 2])
        animation.timingFunctions = [.easeIn]
        #expect(validationError(animation) == .timingFunctionsCountMismatch(keyPath: "opacity", timingFunctions: 1, segments: 2))
        #expect(applying(animation, at: 0.75).opacity == 1.5)
        animation.timingFunctions = [.easeIn, .easeOut]
        #expect(validationError(animation) == nil)
    }

    @Test func valuesWithNoDistanceCannotBePaced() {
        var animation = KeyframeAnimation(keyPath: .transform, values: [.identity, AffineTransform(rotationAngle: 1)])
        animation.calculationMode = .paced
        #expect(validationError(animation) == .valuesHaveNoDistance(keyPath: "transform"))
    }

    @Test func valuesThatSwitchCannotBePacedAddedOrAccumulated() {
        var paced = KeyframeAnimation(keyPath: .isHidden, values: [false, true])
        paced.calculationMode = .paced
        #expect(validationError(paced) == .discreteValueCannot(keyPath: "hidden", feature: "paced"))
        var additive = KeyframeAnimation(keyPath: .contents, values: [nil, nil])
        additive.isAdditive = true
        #expect(validationError(additive) == .discreteValueCannot(keyPath: "contents", feature: "isAdditive"))
        var cumulative = KeyframeAnimation(keyPath: .isHidden, values: [false, true])
        cumulative.isCumulative = true
        #expect(validationError(cumulative) == .discreteValueCannot(keyPath: "hidden", feature: "isCumulative"))
    }

    @Test func badTimingIsRefusedForKeyframesToo() {
        var animation = Self.keyframes([0, 1])
        animation.duration = -1
        #expect(validationError(animation) == .negativeTiming(property: "duration", value: -1))
    }
}
