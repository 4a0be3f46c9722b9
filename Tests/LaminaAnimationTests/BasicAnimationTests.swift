import LaminaGraphics
import Testing
import LaminaLayers

/// position.x animations over 1 s, read at a quarter of the way unless a test says otherwise.
@Suite struct BasicAnimationTests {
    static func animation(from: Double? = nil, to: Double? = nil, by: Double? = nil) -> BasicAnimation<Double> {
        var animation = BasicAnimation(keyPath: .positionX, from: from, to: to, by: by)
        animation.duration = 1
        return animation
    }

    static func x(_ animation: BasicAnimation<Double>, model: Double = 2, at time: Double = 0.25) -> Double {
        applying(animation, to: LaminaAnimationTests.model(positionX: model), at: time).position.x
    }

    @Test func fromAndToInterpolateBetweenThem() {
        #expect(Self.x(Self.animation(from: 10, to: 20)) == 12.5)
    }

    @Test func fromAndByInterpolateFromFromToFromPlusBy() {
        #expect(Self.x(Self.animation(from: 10, by: 4)) == 11)
    }

    @Test func byAndToInterpolateFromToMinusByToTo() {
        #expect(Self.x(Self.animation(to: 20, by: 4)) == 17)
    }

    @Test func fromAloneInterpolatesToTheCurrentValue() {
        #expect(Self.x(Self.animation(from: 10), model: 2) == 8)
    }

    @Test func toAloneInterpolatesFromTheCurrentValue() {
        #expect(Self.x(Self.animation(to: 20), model: 2) == 6.5)
    }

    @Test func byAloneInterpolatesFromTheCurrentValueToItPlusBy() {
        #expect(Self.x(Self.animation(by: 4), model: 2) == 3)
    }

    @Test func noValuesInterpolateFromThePresentationValueAtAdditionToTheCurrentValue() {
        var animation = Self.animation()
        animation.capture(presentationAtAddition: model(positionX: 6))
        #expect(animation.previousPresentationValue == 6)
        #expect(Self.x(animation, model: 2) == 5)
    }

    @Test func noValuesAndNothingCapturedShowTheCurrentValue() {
        #expect(Self.x(Self.animation(), model: 2) == 2)
    }

    @Test func allThreeValuesAreRefusedAndWouldReadAsFromAndTo() {
        let animation = Self.animation(from: 10, to: 20, by: 4)
        #expect(validationError(animation) == .tooManyInterpolationValues(keyPath: "position.x"))
        #expect(Self.x(animation) == 12.5)
    }

    @Test func theCurrentValueIsReadAtEachFrameSoAModelChangeRetargets() {
        let animation = Self.animation(to: 20)
        #expect(Self.x(animation, model: 0, at: 0.5) == 10)
        #expect(Self.x(animation, model: 10, at: 0.5) == 15)
    }

    @Test func outsideItsActiveIntervalAnUnfilledAnimationLeavesTheStateAlone() {
        let animation = Self.animation(from: 10, to: 20)
        let state = model(positionX: 2)
        #expect(applying(animation, to: state, at: -0.1) == state)
        #expect(applying(animation, to: state, at: 1) == state)
    }

    @Test func aForwardsFillHoldsTheEndValue() {
        var animation = Self.animation(from: 10, to: 20)
        animation.fillMode = .forwards
        #expect(Self.x(animation, at: 5) == 20)
    }

    @Test func theTimingFunctionEasesTheFraction() {
        var animation = Self.animation(from: 0, to: 100)
        animation.timingFunction = .easeIn
        #expect(close(Self.x(animation, at: 0.5), 100 * TimingFunction.easeIn.value(at: 0.5), 1e-12))
        #expect(Self.x(animation, at: 0.5) < 50)
    }

    @Test func anAdditiveAnimationAddsItsValueToTheCurrentOne() {
        var animation = Self.animation(from: -50, to: 0)
        animation.isAdditive = true
        #expect(Self.x(animation, model: 100, at: 0.5) == 75)
        #expect(Self.x(animation, model: 100, at: 2) == 100)
    }

    @Test func aCumulativeAnimationContinuesEachRepeatFromTheLastOnesEnd() {
        var animation = Self.animation(from: 10, to: 15)
        animation.isCumulative = true
        animation.repeatCount = 3
        animation.fillMode = .forwards
        #expect(Self.x(animation, at: 0.5) == 12.5)
        #expect(Self.x(animation, at: 1.5) == 17.5)
        #expect(Self.x(animation, at: 2.5) == 22.5)
        #expect(Self.x(animation, at: 9) == 25)
    }

    @Test func withoutCumulativeEachRepeatStartsOver() {
        var animation = Self.animation(from: 10, to: 15)
        animation.repeatCount = 3
        #expect(Self.x(animation, at: 2.5) == 12.5)
    }

    @Test func anAutoreversingCumulativeRepeatAddsNothingBecauseItEndsWhereItBegan() {
        var animation = Self.animation(from: 10, to: 15)
        animation.isCumulative = true
        animation.autoreverses = true
        animation.repeatCount = 2
        #expect(Self.x(animation, at: 2.5) == 12.5)
        #expect(Self.x(animation, at: 3.5) == 12.5)
    }

    @Test func aCumulativeTurnKeepsTurningTheSameWay() {
        var animation = BasicAnimation(keyPath: .transform, from: .identity, to: AffineTransform(rotationAngle: .pi / 2))
        animation.duration = 1
        animation.repeatCount = 3
        animation.isCumulative = true
        let transform = applying(animation, at: 2.5).transform
        #expect(close(transform, AffineTransform(rotationAngle: 5 * .pi / 4), 1e-12))
    }

    @Test func aTransformAnimationTurnsWithoutShrinking() {
        var animation = BasicAnimation(keyPath: .transform, to: AffineTransform(rotationAngle: .pi / 2))
        animation.duration = 1
        let transform = applying(animation, at: 0.5).transform
        #expect(close(transform, AffineTransform(rotationAngle: .pi / 4), 1e-12))
    }

    @Test func anAdditiveTransformAnimationAppliesItsTransformBeforeTheModels() {
        var animation = BasicAnimation(keyPath: .transform, from: .identity, to: AffineTransform(rotationAngle: .pi / 2))
        animation.duration = 1
        animation.isAdditive = true
        var model = LayerRenderState()
        model.transform = AffineTransform(translationX: 100, y: 0)
        let transform = applying(animation, to: model, at: 1 - 1e-12).transform
        #expect(close(transform.apply(to: Point(x: 1, y: 0)), Point(x: 100, y: 1), 1e-9))
    }

    @Test func aColorAnimationMovesEachComponent() {
        var animation = BasicAnimation(keyPath: .backgroundColor, from: .black, to: .white)
        animation.duration = 2
        #expect(close(applying(animation, at: 0.5).backgroundColor!, Color(white: 0.25), 1e-12))
    }

    @Test func aFlagSwitchesHalfWay() {
        var animation = BasicAnimation(keyPath: .isHidden, from: false, to: true)
        animation.duration = 1
        #expect(applying(animation, at: 0.49).isHidden == false)
        #expect(applying(animation, at: 0.5).isHidden == true)
    }

    @Test func contentsSwitchHalfWay() throws {
        let (red, blue) = (try onePixelImage(.red), try onePixelImage(.blue))
        var animation = BasicAnimation(keyPath: .contents, from: red, to: blue)
        animation.duration = 1
        #expect(applying(animation, at: 0.25).contents == red)
        #expect(applying(animation, at: 0.75).contents == blue)
        var toNothing = BasicAnimation(keyPath: .contents, from: red, to: nil)
        toNothing.duration = 1
        var model = LayerRenderState()
        model.contents = blue
        #expect(applying(toNothing, to: model, at: 0.75).contents == blue)
    }

    @Test func itNamesTheKeyPathItAnimates() {
        #expect(Self.animation().animatedKeyPaths == ["position.x"])
        #expect(BasicAnimation(keyPath: .boundsSize).animatedKeyPaths == ["bounds.size"])
    }

    @Test func theDefaultsAreCoreAnimations() {
        let animation = BasicAnimation(keyPath: .opacity)
        #expect(animation.isRemovedOnCompletion && !animation.isAdditive && !animation.isCumulative)
        #expect(animation.timingFunction == nil && animation.delegate == nil && animation.fillMode == .removed)
        #expect(animation.timing == TimingParameters())
    }
}

@Suite struct AnimationEvaluationTests {
    static func opacity(from: Double, to: Double, additive: Bool = false) -> BasicAnimation<Double> {
        var animation = BasicAnimation(keyPath: .opacity, from: from, to: to)
        animation.duration = 1
        animation.isAdditive = additive
        return animation
    }

    @Test func withNoAnimationsThePresentationIsTheModel() {
        var model = LayerRenderState()
        model.opacity = 0.4
        #expect(AnimationEvaluation.presentation(of: model, animations: [], atLayerTime: 3) == model)
    }

    @Test func laterAnimationsReplaceEarlierOnesUnlessAdditive() {
        let first = Self.opacity(from: 0, to: 1)
        let second = Self.opacity(from: 1, to: 0.8)
        let third = Self.opacity(from: 0, to: 0.2, additive: true)
        let model = LayerRenderState()
        #expect(AnimationEvaluation.presentation(of: model, animations: [first], atLayerTime: 0.5).opacity == 0.5)
        #expect(AnimationEvaluation.presentation(of: model, animations: [first, second], atLayerTime: 0.5).opacity == 0.9)
        #expect(close(AnimationEvaluation.presentation(of: model, animations: [first, second, third], atLayerTime: 0.5).opacity,
                      1.0, 1e-12))
        #expect(close(AnimationEvaluation.presentation(of: model, animations: [third, first], atLayerTime: 0.5).opacity,
                      0.5, 1e-12))
    }

    @Test func animationsOfDifferentPropertiesAllApply() {
        var move = BasicAnimation(keyPath: .position, from: .zero, to: Point(x: 100, y: 50))
        move.duration = 2
        var grow = BasicAnimation(keyPath: .boundsSize, to: Size(width: 200, height: 100))
        grow.duration = 1
        var model = LayerRenderState()
        model.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        let state = AnimationEvaluation.presentation(of: model, animations: [move, grow], atLayerTime: 0.5)
        #expect(state.position == Point(x: 25, y: 12.5))
        #expect(state.bounds.size == Size(width: 150, height: 100))
        #expect(model.position == .zero)
    }

    @Test func anAnimationThatIsOverNoLongerCounts() {
        let first = Self.opacity(from: 0, to: 0.5)
        var later = Self.opacity(from: 0.5, to: 1)
        later.beginTime = 1
        let state = AnimationEvaluation.presentation(of: LayerRenderState(), animations: [first, later], atLayerTime: 1.5)
        #expect(state.opacity == 0.75)
        let done = AnimationEvaluation.presentation(of: LayerRenderState(), animations: [first, later], atLayerTime: 2.5)
        #expect(done.opacity == 1)
    }
}
