import LaminaGraphics
import Testing
import LaminaLayers

@Suite struct AnimationGroupTests {
    static func opacity(from: Double, to: Double, begin: Double = 0, duration: Double = 1) -> BasicAnimation<Double> {
        var animation = BasicAnimation(keyPath: .opacity, from: from, to: to)
        animation.beginTime = begin
        animation.duration = duration
        return animation
    }

    static func group(_ animations: [any Animation], duration: Double = 2) -> AnimationGroup {
        var group = AnimationGroup(animations: animations)
        group.duration = duration
        return group
    }

    @Test func childrenRunOnTheGroupsTimeFromItsBeginTime() {
        var group = Self.group([Self.opacity(from: 0, to: 1, begin: 0.5)])
        group.beginTime = 10
        #expect(applying(group, at: 10.25).opacity == 1)  // the child has not begun: the model shows
        #expect(applying(group, at: 11).opacity == 0.5)
        #expect(applying(group, at: 9).opacity == 1)
    }

    @Test func childrenAreClippedToTheGroupsDurationNotScaled() {
        var group = Self.group([Self.opacity(from: 0, to: 1, duration: 10)], duration: 5)
        #expect(close(applying(group, at: 4.9).opacity, 0.49, 1e-12))
        #expect(applying(group, at: 5).opacity == 1)  // over: the model shows
        group.fillMode = .forwards
        #expect(applying(group, at: 7).opacity == 0.5)  // held at the group's end: half way through the child
    }

    @Test func aChildBeginningAfterTheGroupEndsNeverShows() {
        let group = Self.group([Self.opacity(from: 0, to: 0.2, begin: 3)], duration: 2)
        for time in stride(from: 0.0, through: 4, by: 0.25) {
            #expect(applying(group, at: time).opacity == 1)
        }
    }

    @Test func aGroupHeldAfterItsEndHoldsChildrenThatEndWithIt() {
        var group = Self.group([Self.opacity(from: 0, to: 0.4, duration: 2)])
        group.fillMode = .forwards
        #expect(applying(group, at: 3).opacity == 0.4)
    }

    @Test func aChildThatEndedBeforeTheGroupStaysGoneWithoutItsOwnFill() {
        var group = Self.group([Self.opacity(from: 0, to: 0.4, duration: 1)])
        group.fillMode = .forwards
        #expect(applying(group, at: 1.5).opacity == 1)
        #expect(applying(group, at: 3).opacity == 1)
        var filled = Self.opacity(from: 0, to: 0.4, duration: 1)
        filled.fillMode = .forwards
        group.animations = [filled]
        #expect(applying(group, at: 1.5).opacity == 0.4)
        #expect(applying(group, at: 3).opacity == 0.4)
    }

    @Test func theGroupsSpeedAndAutoreverseDriveItsChildren() {
        var fast = Self.group([Self.opacity(from: 0, to: 1, duration: 2)])
        fast.speed = 2
        #expect(applying(fast, at: 0.5).opacity == 0.5)
        var reversing = Self.group([Self.opacity(from: 0, to: 1, duration: 2)])
        reversing.autoreverses = true
        #expect(applying(reversing, at: 3).opacity == 0.5)
    }

    @Test func theGroupsTimingFunctionWarpsItsChildrensTime() {
        var group = Self.group([Self.opacity(from: 0, to: 1, duration: 2)])
        group.timingFunction = .easeIn
        #expect(close(applying(group, at: 1).opacity, TimingFunction.easeIn.value(at: 0.5), 1e-12))
    }

    @Test func childrenApplyInOrderAndAllTheirPropertiesChange() {
        var move = BasicAnimation(keyPath: .positionX, from: 0, to: 100)
        move.duration = 2
        let group = Self.group([Self.opacity(from: 0, to: 1), Self.opacity(from: 1, to: 0.5, begin: 0.5), move])
        let state = applying(group, at: 1)
        #expect(state.opacity == 0.75 && state.position.x == 50)
        #expect(group.animatedKeyPaths == ["opacity", "position.x"])
    }

    @Test func groupsNest() {
        var inner = Self.group([Self.opacity(from: 0, to: 1)], duration: 1)
        inner.beginTime = 1
        let outer = Self.group([inner], duration: 3)
        #expect(applying(outer, at: 1.5).opacity == 0.5)
        #expect(outer.animatedKeyPaths == ["opacity"])
    }

    @Test func capturePassesThePresentationToEveryChild() {
        var noValues = BasicAnimation<Double>(keyPath: .opacity)
        noValues.duration = 1
        var group = Self.group([noValues])
        var presentation = LayerRenderState()
        presentation.opacity = 0.2
        group.capture(presentationAtAddition: presentation)
        #expect(close(applying(group, at: 0.5).opacity, 0.6, 1e-12))
    }

    @Test func anInvalidChildIsReportedWithItsIndex() {
        let group = Self.group([Self.opacity(from: 0, to: 1), BasicAnimation(keyPath: .opacity, from: 0, to: .nan)])
        #expect(validationError(group) == .invalidGroupChild(index: 1, error: .nonFiniteValue(keyPath: "opacity", role: "toValue", value: "nan")))
        let nested = Self.group([Self.group([BasicAnimation(keyPath: .isHidden, by: true)])])
        #expect(validationError(nested) == .invalidGroupChild(index: 0, error: .invalidGroupChild(
            index: 0, error: .discreteValueCannot(keyPath: "hidden", feature: "byValue"))))
        var badTiming = Self.group([])
        badTiming.speed = .infinity
        #expect(ValidationTests.same(validationError(badTiming), .nonFiniteTiming(property: "speed", value: .infinity)))
        #expect(validationError(Self.group([Self.opacity(from: 0, to: 1)])) == nil)
    }
}
