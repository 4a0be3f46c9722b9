import LaminaGraphics
import Testing
import LaminaLayers

/// position.x through keyframes over 1 s.
@Suite struct KeyframeAnimationTests {
    static func keyframes(_ values: [Double], keyTimes: [Double]? = nil, mode: CalculationMode = .linear) -> KeyframeAnimation<Double> {
        var animation = KeyframeAnimation(keyPath: .positionX, values: values, keyTimes: keyTimes)
        animation.calculationMode = mode
        animation.duration = 1
        return animation
    }

    static func x(_ animation: KeyframeAnimation<Double>, at time: Double, model: Double = 0) -> Double {
        applying(animation, to: LaminaAnimationTests.model(positionX: model), at: time).position.x
    }

    @Test func evenlySpacedKeyframesInterpolateSegmentBySegment() {
        let animation = Self.keyframes([0, 10, 30])
        #expect(Self.x(animation, at: 0) == 0)
        #expect(Self.x(animation, at: 0.25) == 5)
        #expect(Self.x(animation, at: 0.5) == 10)
        #expect(Self.x(animation, at: 0.75) == 20)
    }

    @Test func keyTimesSayWhenEachKeyframeIsReached() {
        let animation = Self.keyframes([0, 10, 30], keyTimes: [0, 0.8, 1])
        #expect(Self.x(animation, at: 0.4) == 5)
        #expect(close(Self.x(animation, at: 0.9), 20, 1e-12))
    }

    @Test func keyframesBeforeTheFirstKeyTimeAndAfterTheLastHold() {
        let animation = Self.keyframes([7, 9], keyTimes: [0.2, 0.6])
        #expect(Self.x(animation, at: 0.1) == 7)
        #expect(Self.x(animation, at: 0.4) == 8)
        #expect(Self.x(animation, at: 0.8) == 9)
    }

    @Test func equalSuccessiveKeyTimesJump() {
        let animation = Self.keyframes([0, 10, 50, 60], keyTimes: [0, 0.5, 0.5, 1])
        #expect(Self.x(animation, at: 0.49) < 10)
        #expect(Self.x(animation, at: 0.5) == 50)
        #expect(Self.x(animation, at: 0.75) == 55)
    }

    @Test func eachSegmentEasesByItsOwnTimingFunction() {
        var animation = Self.keyframes([0, 10, 30])
        animation.timingFunctions = [.easeIn, .linear]
        #expect(close(Self.x(animation, at: 0.25), 10 * TimingFunction.easeIn.value(at: 0.5), 1e-12))
        #expect(close(Self.x(animation, at: 0.75), 20, 1e-12))
    }

    @Test func theAnimationsTimingFunctionAppliesBeforeTheSegments() {
        var animation = Self.keyframes([0, 10, 30])
        animation.timingFunction = .easeOut
        animation.timingFunctions = [.easeIn, .easeIn]
        let overall = TimingFunction.easeOut.value(at: 0.25)  // > 0.25, still in the first segment
        #expect(overall < 0.5)
        #expect(close(Self.x(animation, at: 0.25), 10 * TimingFunction.easeIn.value(at: overall * 2), 1e-12))
    }

    @Test func anOvershootingTimingFunctionExtendsTheEndSegments() {
        var animation = Self.keyframes([0, 10, 30])
        animation.timingFunction = TimingFunction(controlPoints: 0.3, -1, 0.7, 2)
        let early = TimingFunction(controlPoints: 0.3, -1, 0.7, 2).value(at: 0.1)
        #expect(early < 0)
        #expect(close(Self.x(animation, at: 0.1), 20 * early, 1e-12))
    }

    @Test func discreteKeyframesShareTheDurationEquallyWithoutKeyTimes() {
        let animation = Self.keyframes([1, 2, 3], mode: .discrete)
        #expect(Self.x(animation, at: 0.2) == 1)
        #expect(Self.x(animation, at: 0.34) == 2)
        #expect(Self.x(animation, at: 0.9) == 3)
    }

    @Test func discreteKeyTimesMayMarkTheEndOfTheLastKeyframeAsApplesDocumentationDoes() {
        let withEnd = Self.keyframes([1, 2, 3], keyTimes: [0, 0.5, 0.75, 1], mode: .discrete)
        #expect(validationError(withEnd) == nil)
        #expect(Self.x(withEnd, at: 0.6) == 2)
        #expect(Self.x(withEnd, at: 0.8) == 3)
        let oneEach = Self.keyframes([1, 2, 3], keyTimes: [0, 0.1, 0.9], mode: .discrete)
        #expect(Self.x(oneEach, at: 0.5) == 2)
        #expect(Self.x(oneEach, at: 0.95) == 3)
    }

    @Test func aDiscreteAnimationHeldAfterItsEndShowsTheLastKeyframe() {
        var animation = Self.keyframes([1, 2, 3], mode: .discrete)
        animation.fillMode = .forwards
        #expect(Self.x(animation, at: 4) == 3)
    }

    @Test func pacedKeyframesMoveAtConstantSpeedIgnoringKeyTimesAndTimingFunctions() {
        var animation = Self.keyframes([0, 10, 40], keyTimes: [0, 0.5, 1], mode: .paced)
        animation.timingFunction = .easeIn
        animation.timingFunctions = [.easeOut, .easeOut]
        for step in 0..<10 {
            let time = Double(step) / 10
            #expect(close(Self.x(animation, at: time), 40 * time, 1e-12), "at \(time)")
        }
        animation.fillMode = .forwards
        #expect(Self.x(animation, at: 1) == 40)
    }

    @Test func pacedPointsMoveAtConstantSpeedAlongTheirStraightLines() {
        var animation = KeyframeAnimation(keyPath: .position, values: [Point(x: 0, y: 0), Point(x: 3, y: 4), Point(x: 3, y: 14)])
        animation.calculationMode = .paced
        animation.duration = 1
        #expect(close(applying(animation, at: 1.0 / 3).position, Point(x: 3, y: 4), 1e-12))
        #expect(close(applying(animation, at: 2.0 / 3).position, Point(x: 3, y: 9), 1e-12))
    }

    @Test func pacedKeyframesThatNeverMoveStayPut() {
        #expect(Self.x(Self.keyframes([4, 4, 4], mode: .paced), at: 0.5) == 4)
    }

    @Test func aLoneKeyframeHoldsItsValue() {
        #expect(Self.x(Self.keyframes([6]), at: 0.3) == 6)
    }

    @Test func additiveKeyframesAddToTheModel() {
        var animation = Self.keyframes([0, 10])
        animation.isAdditive = true
        #expect(Self.x(animation, at: 0.5, model: 100) == 105)
    }

    @Test func cumulativeKeyframesOffsetEachRepeatByLastMinusFirst() {
        var animation = Self.keyframes([0, 10, 5])
        animation.isCumulative = true
        animation.repeatCount = 3
        #expect(Self.x(animation, at: 0.5) == 10)
        #expect(Self.x(animation, at: 1.5) == 15)
        #expect(Self.x(animation, at: 2.25) == 15)
    }

    @Test func keyframesOfFlagsSwitchHalfWayThroughEachSegment() {
        var animation = KeyframeAnimation(keyPath: .isHidden, values: [false, true, false])
        animation.duration = 1
        #expect(applying(animation, at: 0.2).isHidden == false)
        #expect(applying(animation, at: 0.3).isHidden == true)
        #expect(applying(animation, at: 0.8).isHidden == false)
    }

    @Test func keyframesOfTransformsInterpolateByDecomposition() {
        var animation = KeyframeAnimation(keyPath: .transform, values: [.identity, AffineTransform(rotationAngle: .pi / 2),
                                                                         AffineTransform(rotationAngle: .pi)])
        animation.duration = 1
        #expect(close(applying(animation, at: 0.25).transform, AffineTransform(rotationAngle: .pi / 4), 1e-12))
        #expect(close(applying(animation, at: 0.75).transform, AffineTransform(rotationAngle: 3 * .pi / 4), 1e-12))
    }
}
