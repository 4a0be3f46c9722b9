import LaminaGraphics
import Testing
import LaminaLayers

@Suite struct SpringAnimationTests {
    static func spring(damping: Double = 10) -> SpringAnimation<Double> {
        var animation = SpringAnimation(keyPath: .positionX, from: 0, to: 100)
        animation.damping = damping
        animation.duration = 3
        return animation
    }

    @Test func theDefaultsAreCoreAnimations() {
        let animation = SpringAnimation(keyPath: .opacity, to: 1)
        #expect(animation.mass == 1 && animation.stiffness == 100 && animation.damping == 10 && animation.initialVelocity == 0)
        #expect(animation.spring == DampedSpring())
    }

    @Test func theValueFollowsTheSpringsProgressInSeconds() {
        let animation = Self.spring()
        for time in [0.05, 0.2, 0.4, 1, 2] {
            let x = applying(animation, at: time).position.x
            #expect(close(x, 100 * DampedSpring().progress(at: time), 1e-9), "at \(time)")
        }
    }

    @Test func anUnderDampedSpringOvershootsItsTarget() {
        let peak = (1...300).map { applying(Self.spring(damping: 5), at: Double($0) / 100).position.x }.max()!
        #expect(peak > 100)
    }

    @Test func aShortDurationCutsTheMotionOffWhereItIs() {
        var animation = Self.spring()
        animation.duration = 0.1
        animation.fillMode = .forwards
        #expect(close(applying(animation, at: 5).position.x, 100 * DampedSpring().progress(at: 0.1), 1e-9))
    }

    @Test func settlingDurationIsTheSpringsAndChangesWithItsParameters() {
        var animation = Self.spring(damping: 5)
        #expect(animation.settlingDuration == DampedSpring(damping: 5).settlingDuration)
        animation.damping = 15
        #expect(animation.settlingDuration < DampedSpring(damping: 5).settlingDuration)
    }

    @Test func anInitialVelocityTowardsTheTargetGetsThereSooner() {
        var pushed = Self.spring(damping: 20)
        pushed.initialVelocity = 10
        #expect(applying(pushed, at: 0.05).position.x > applying(Self.spring(damping: 20), at: 0.05).position.x)
    }

    @Test func theSpringUsesTheFromToByRules() {
        var animation = SpringAnimation(keyPath: .positionX, by: 50)
        animation.duration = 3
        let x = applying(animation, to: model(positionX: 10), at: 0.3).position.x
        #expect(close(x, 10 + 50 * DampedSpring().progress(at: 0.3), 1e-9))
    }

    @Test func anAdditiveSpringAddsToTheModel() {
        var animation = SpringAnimation(keyPath: .positionX, from: -100, to: 0)
        animation.duration = 3
        animation.isAdditive = true
        let x = applying(animation, to: model(positionX: 500), at: 0.3).position.x
        #expect(close(x, 500 - 100 + 100 * DampedSpring().progress(at: 0.3), 1e-9))
    }

    @Test func badSpringParametersAreRefusedByName() {
        for (name, configure) in [
            ("mass", { (a: inout SpringAnimation<Double>) in a.mass = 0 }),
            ("mass", { $0.mass = -1 }), ("mass", { $0.mass = .nan }),
            ("stiffness", { $0.stiffness = 0 }), ("stiffness", { $0.stiffness = .infinity }),
            ("damping", { $0.damping = -0.5 }), ("damping", { $0.damping = .nan }),
            ("initialVelocity", { $0.initialVelocity = .infinity }),
        ] as [(String, (inout SpringAnimation<Double>) -> Void)] {
            var animation = Self.spring()
            configure(&animation)
            let error = validationError(animation)
            if case let .invalidSpringParameter(keyPath, parameter, _) = error {
                #expect(keyPath == "position.x" && parameter == name)
            } else {
                Issue.record("\(name): \(String(describing: error))")
            }
            // Applied anyway, the invalid spring sits on its target rather than writing NaN.
            #expect(applying(animation, at: 0.5).position.x == 100)
        }
        #expect(validationError(Self.spring(damping: 0)) == nil)
    }

    @Test func aSpringRefusesValuesThatSwitchAndTheOtherBasicMistakes() {
        #expect(validationError(SpringAnimation(keyPath: .isHidden, to: true)) == .discreteValueCannot(keyPath: "hidden", feature: "spring"))
        #expect(validationError(SpringAnimation(keyPath: .opacity, from: 0, to: 1, by: 1))
                == .tooManyInterpolationValues(keyPath: "opacity"))
        #expect(validationError(SpringAnimation(keyPath: .opacity, to: .nan))
                == .nonFiniteValue(keyPath: "opacity", role: "toValue", value: "nan"))
    }
}
