import Testing
import LaminaLayers

/// One row of the hand-worked timing table: parameters, a parent time, and where the object is.
struct TimingCase: Sendable, CustomTestStringConvertible {
    let name: String
    let timing: TimingParameters
    let time: Double
    let expected: ActiveTime?

    init(_ name: String, _ timing: TimingParameters, at time: Double, _ expected: ActiveTime?) {
        (self.name, self.timing, self.time, self.expected) = (name, timing, time, expected)
    }

    var testDescription: String { "\(name) at \(time)" }
}

private func active(_ iteration: Int, _ fraction: Double) -> ActiveTime { ActiveTime(phase: .active, iteration: iteration, fraction: fraction) }
private func before(_ iteration: Int, _ fraction: Double) -> ActiveTime { ActiveTime(phase: .before, iteration: iteration, fraction: fraction) }
private func after(_ iteration: Int, _ fraction: Double) -> ActiveTime { ActiveTime(phase: .after, iteration: iteration, fraction: fraction) }

/// Every expectation below was worked out by hand from t = (tp − begin) × speed + offset, the
/// active interval [begin, begin + activeDuration / |speed|), and the folding into repeats.
@Suite struct ActiveTimeTests {
    static let cases: [TimingCase] = [
        // One play of 1 s from 0.
        TimingCase("plain", timing(), at: 0, active(0, 0)),
        TimingCase("plain", timing(), at: 0.25, active(0, 0.25)),
        TimingCase("plain, the end is outside", timing(), at: 1, nil),
        TimingCase("plain, before", timing(), at: -0.5, nil),
        TimingCase("plain, after", timing(), at: 1.5, nil),
        // Fill modes.
        TimingCase("backwards before", timing(fill: .backwards), at: -0.5, before(0, 0)),
        TimingCase("backwards after", timing(fill: .backwards), at: 1.5, nil),
        TimingCase("forwards before", timing(fill: .forwards), at: -0.5, nil),
        TimingCase("forwards after", timing(fill: .forwards), at: 1.5, after(0, 1)),
        TimingCase("forwards at the end", timing(fill: .forwards), at: 1, after(0, 1)),
        TimingCase("both before", timing(fill: .both), at: -3, before(0, 0)),
        TimingCase("both after", timing(fill: .both), at: 30, after(0, 1)),
        // Repeats.
        TimingCase("3 repeats", timing(repeatCount: 3), at: 2.25, active(2, 0.25)),
        TimingCase("3 repeats, a boundary starts the next", timing(repeatCount: 3), at: 1, active(1, 0)),
        TimingCase("3 repeats, held", timing(repeatCount: 3, fill: .forwards), at: 3.5, after(2, 1)),
        TimingCase("2.5 repeats", timing(repeatCount: 2.5), at: 2.25, active(2, 0.25)),
        TimingCase("2.5 repeats, over", timing(repeatCount: 2.5), at: 2.5, nil),
        TimingCase("2.5 repeats, held half way", timing(repeatCount: 2.5, fill: .forwards), at: 4, after(2, 0.5)),
        TimingCase("0.5 repeats, held", timing(repeatCount: 0.5, fill: .forwards), at: 4, after(0, 0.5)),
        TimingCase("for ever", timing(repeatCount: .infinity), at: 1_000_000.25, active(1_000_000, 0.25)),
        TimingCase("Float.greatestFiniteMagnitude is for ever",
                   timing(repeatCount: Double(Float.greatestFiniteMagnitude)), at: 1e12 + 0.5, active(1_000_000_000_000, 0.5)),
        // Autoreverse: a repeat is forward then back.
        TimingCase("autoreverse forward", timing(autoreverses: true), at: 0.25, active(0, 0.25)),
        TimingCase("autoreverse at the turn", timing(autoreverses: true), at: 1, active(0, 1)),
        TimingCase("autoreverse back", timing(autoreverses: true), at: 1.25, active(0, 0.75)),
        TimingCase("autoreverse over", timing(autoreverses: true), at: 2, nil),
        TimingCase("autoreverse held", timing(autoreverses: true, fill: .forwards), at: 2, after(0, 0)),
        TimingCase("autoreverse ×2, second forward", timing(repeatCount: 2, autoreverses: true), at: 2.5, active(1, 0.5)),
        TimingCase("autoreverse ×2, second back", timing(repeatCount: 2, autoreverses: true), at: 3.25, active(1, 0.75)),
        TimingCase("autoreverse ×1.5, held at the next turn",
                   timing(repeatCount: 1.5, autoreverses: true, fill: .forwards), at: 9, after(1, 1)),
        // Speed.
        TimingCase("speed 2", timing(speed: 2), at: 0.25, active(0, 0.5)),
        TimingCase("speed 2 is over at 0.5", timing(speed: 2), at: 0.5, nil),
        TimingCase("speed 2 held", timing(speed: 2, fill: .forwards), at: 0.6, after(0, 1)),
        TimingCase("speed 0.5", timing(speed: 0.5), at: 1, active(0, 0.5)),
        TimingCase("speed 0.5 still playing", timing(speed: 0.5), at: 1.5, active(0, 0.75)),
        TimingCase("speed 0 stands at the offset", timing(speed: 0, offset: 0.3), at: 100, active(0, 0.3)),
        TimingCase("speed 0 has not begun", timing(speed: 0, offset: 0.3), at: -1, nil),
        TimingCase("speed 0 held before", timing(speed: 0, offset: 0.3, fill: .backwards), at: -1, before(0, 0.3)),
        TimingCase("speed -1 starts at the end", timing(speed: -1), at: 0, active(0, 1)),
        TimingCase("speed -1 plays backwards", timing(speed: -1), at: 0.25, active(0, 0.75)),
        TimingCase("speed -1 held at the start", timing(speed: -1, fill: .forwards), at: 1, after(0, 0)),
        TimingCase("speed -1 held before at the end", timing(speed: -1, fill: .backwards), at: -1, before(0, 1)),
        TimingCase("speed -1 from offset 1", timing(speed: -1, offset: 1), at: 0.25, active(0, 0.75)),
        TimingCase("speed -2, 2 repeats, starts at the last end", timing(speed: -2, repeatCount: 2), at: 0, active(1, 1)),
        TimingCase("speed -2, 2 repeats", timing(speed: -2, repeatCount: 2), at: 0.25, active(1, 0.5)),
        TimingCase("speed -2, 2 repeats, first repeat", timing(speed: -2, repeatCount: 2), at: 0.75, active(0, 0.5)),
        TimingCase("speed -2, 2 repeats, over", timing(speed: -2, repeatCount: 2), at: 1, nil),
        // timeOffset: moves the start, wraps past the end, does not change the active interval.
        TimingCase("offset 0.5", timing(offset: 0.5), at: 0, active(0, 0.5)),
        TimingCase("offset 0.5", timing(offset: 0.5), at: 0.25, active(0, 0.75)),
        TimingCase("offset 0.5 wraps", timing(offset: 0.5), at: 0.75, active(0, 0.25)),
        TimingCase("offset 0.5 wraps at its turn", timing(offset: 0.5), at: 0.5, active(0, 0)),
        TimingCase("offset 0.5 still lasts 1 s", timing(offset: 0.5), at: 1, nil),
        TimingCase("offset 0.5 held where it wrapped to", timing(offset: 0.5, fill: .forwards), at: 2, after(0, 0.5)),
        TimingCase("offset 0.5, 2 repeats", timing(offset: 0.5, repeatCount: 2), at: 1.25, active(1, 0.75)),
        TimingCase("offset 0.5, 2 repeats, wrapped", timing(offset: 0.5, repeatCount: 2), at: 1.75, active(0, 0.25)),
        TimingCase("offset 2.5 past the end", timing(offset: 2.5), at: 0, active(0, 0.5)),
        TimingCase("offset -0.25", timing(offset: -0.25), at: 0, active(0, 0.75)),
        TimingCase("offset 0.5, speed 2", timing(speed: 2, offset: 0.5), at: 0.125, active(0, 0.75)),
        // repeatDuration.
        TimingCase("repeat 2.5 s", timing(repeatDuration: 2.5), at: 2.25, active(2, 0.25)),
        TimingCase("repeat 2.5 s, over", timing(repeatDuration: 2.5), at: 2.5, nil),
        TimingCase("repeat 2.5 s, held", timing(repeatDuration: 2.5, fill: .forwards), at: 3, after(2, 0.5)),
        TimingCase("repeat 1.5 s autoreversing, back", timing(repeatDuration: 1.5, autoreverses: true), at: 1.25, active(0, 0.75)),
        TimingCase("repeat 1.5 s autoreversing, held",
                   timing(repeatDuration: 1.5, autoreverses: true, fill: .forwards), at: 2, after(0, 0.5)),
        // Begin times in the future and the past.
        TimingCase("begins at 10, not yet", timing(begin: 10), at: 5, nil),
        TimingCase("begins at 10, held before", timing(begin: 10, fill: .backwards), at: 5, before(0, 0)),
        TimingCase("begins at 10", timing(begin: 10), at: 10.5, active(0, 0.5)),
        TimingCase("began at -10, long over", timing(begin: -10), at: 0, nil),
        TimingCase("began at -10, held", timing(begin: -10, fill: .forwards), at: 0, after(0, 1)),
        TimingCase("began at -0.5", timing(begin: -0.5), at: 0, active(0, 0.5)),
        TimingCase("begins at 2, speed 2, 2 repeats", timing(begin: 2, speed: 2, repeatCount: 2), at: 2.75, active(1, 0.5)),
        TimingCase("begins at 2, speed 2, 2 repeats, over", timing(begin: 2, speed: 2, repeatCount: 2), at: 3, nil),
        // Zero duration: over as it begins.
        TimingCase("zero duration at its begin", timing(duration: 0), at: 0, nil),
        TimingCase("zero duration held", timing(duration: 0, fill: .forwards), at: 0, after(0, 1)),
        TimingCase("zero duration held before", timing(duration: 0, fill: .backwards), at: -1, before(0, 0)),
        TimingCase("zero duration, repeats for ever", timing(duration: 0, repeatCount: .infinity, fill: .both), at: 5, after(0, 1)),
    ]

    @Test(arguments: cases)
    func theTimingModelPutsTheObjectWhereTheTableSays(_ row: TimingCase) {
        let position = row.timing.activeTime(atParentTime: row.time)
        guard let expected = row.expected else {
            #expect(position == nil)
            return
        }
        guard let position else {
            Issue.record("expected \(expected), got nil")
            return
        }
        #expect(position.phase == expected.phase)
        #expect(position.iteration == expected.iteration)
        #expect(abs(position.fraction - expected.fraction) < 1e-9, "fraction \(position.fraction)")
    }

    @Test func theActiveIntervalEndsWhereTheActiveDurationOverTheSpeedSays() {
        #expect(timing().activeEndInParentTime == 1)
        #expect(timing(begin: 2, speed: 2, repeatCount: 2).activeEndInParentTime == 3)
        #expect(timing(speed: -0.5, repeatCount: 1.5, autoreverses: true).activeEndInParentTime == 6)
        #expect(timing(repeatDuration: 2.5).activeEndInParentTime == 2.5)
        #expect(timing(offset: 0.5).activeEndInParentTime == 1)
        #expect(timing(begin: 4, duration: 0).activeEndInParentTime == 4)
        #expect(timing(repeatCount: .infinity).activeEndInParentTime == .infinity)
        #expect(timing(speed: 0).activeEndInParentTime == .infinity)
        #expect(timing(speed: .nan).activeEndInParentTime == -.infinity)
    }

    @Test func theActiveDurationCountsRepeatsAndAutoreversal() {
        #expect(timing(duration: 2).activeDuration == 2)
        #expect(timing(duration: 2, autoreverses: true).activeDuration == 4)
        #expect(timing(duration: 2, repeatCount: 2.5, autoreverses: true).activeDuration == 10)
        #expect(timing(duration: 2, repeatDuration: 3).activeDuration == 3)
        // Both set (validation refuses it): the shorter, as SMIL rules.
        #expect(timing(duration: 2, repeatCount: 5, repeatDuration: 3).activeDuration == 3)
        #expect(timing(duration: 0, repeatCount: 5).activeDuration == 0)
    }

    @Test(arguments: [1e300, 1e308, Double.greatestFiniteMagnitude, .infinity])
    func hugeTimesGiveAFinitePositionNeverNaN(_ time: Double) {
        for parameters in [timing(repeatCount: .infinity), timing(speed: 1e300, repeatCount: .infinity),
                           timing(speed: -3, repeatCount: .infinity), timing(begin: -1e308, repeatCount: .infinity),
                           timing(offset: 1e308, repeatCount: .infinity, autoreverses: true)] {
            let position = parameters.activeTime(atParentTime: time)
            #expect(position != nil)
            #expect(position.map { $0.fraction >= 0 && $0.fraction <= 1 } == true)
        }
        #expect(timing(fill: .forwards).activeTime(atParentTime: time) == after(0, 1))
        #expect(timing(fill: .backwards).activeTime(atParentTime: -time) == before(0, 0))
    }

    @Test func aHugeSpeedEndsAlmostAtOnce() {
        #expect(timing(speed: 1e300, fill: .forwards).activeTime(atParentTime: 1e-6) == after(0, 1))
    }

    @Test func nanTimesOrParametersHaveNoEffect() {
        #expect(timing(fill: .both).activeTime(atParentTime: .nan) == nil)
        for bad in [timing(begin: .nan, fill: .both), timing(speed: .nan, fill: .both), timing(offset: .infinity, fill: .both),
                    timing(duration: .nan, fill: .both), timing(duration: .infinity, fill: .both)] {
            #expect(bad.activeTime(atParentTime: 0.5) == nil)
        }
    }

    @Test func negativeOrNaNRepeatValuesThatSlippedPastValidationPlayOnce() {
        #expect(timing(repeatCount: -2).activeDuration == 1)
        #expect(timing(repeatCount: .nan).activeDuration == 1)
        #expect(timing(repeatDuration: -2).activeDuration == 1)
        #expect(timing(duration: -1, fill: .forwards).activeTime(atParentTime: 0) == after(0, 1))
    }

    @Test func mediaTimingPropertiesForwardToTheTimingValues() {
        var animation = BasicAnimation(keyPath: .opacity, from: 0, to: 1)
        animation.beginTime = 1
        animation.duration = 2
        animation.speed = 3
        animation.timeOffset = 4
        animation.repeatCount = 5
        animation.repeatDuration = 6
        animation.autoreverses = true
        animation.fillMode = .both
        #expect(animation.timing == timing(begin: 1, duration: 2, speed: 3, offset: 4, repeatCount: 5,
                                           repeatDuration: 6, autoreverses: true, fill: .both))
        #expect(animation.beginTime == 1 && animation.duration == 2 && animation.speed == 3 && animation.timeOffset == 4)
        #expect(animation.repeatCount == 5 && animation.repeatDuration == 6 && animation.autoreverses && animation.fillMode == .both)
    }
}

@Suite struct LayerLocalTimeTests {
    @Test func aLayerWithNoDurationMapsTimeLinearlyAndNeverWraps() {
        #expect(timing(begin: 1, duration: 0, speed: 2, offset: 0.5).layerLocalTime(fromParentTime: 3) == 4.5)
        #expect(timing(duration: 0).layerLocalTime(fromParentTime: 1e9) == 1e9)
        #expect(timing(duration: 0).layerLocalTime(fromParentTime: -7) == -7)
    }

    @Test func aPausedLayerStandsAtItsOffset() {
        #expect(timing(begin: 3, duration: 0, speed: 0, offset: 7).layerLocalTime(fromParentTime: 100) == 7)
    }

    @Test func aLayerWithADurationFoldsItsTimeAndHoldsOutsideItsInterval() {
        #expect(timing(duration: 2).layerLocalTime(fromParentTime: 1) == 1)
        #expect(timing(duration: 2).layerLocalTime(fromParentTime: 3) == 2)
        #expect(timing(duration: 2).layerLocalTime(fromParentTime: -3) == 0)
        #expect(timing(duration: 2, repeatCount: .infinity).layerLocalTime(fromParentTime: 5) == 1)
        #expect(timing(duration: 1, autoreverses: true).layerLocalTime(fromParentTime: 1.5) == 0.5)
    }

    @Test func nonFiniteInputsGiveTheOffsetNotNaN() {
        #expect(timing(duration: 0, offset: 2).layerLocalTime(fromParentTime: .nan) == 2)
        #expect(timing(duration: 0, speed: .nan, offset: 2).layerLocalTime(fromParentTime: 1) == 2)
        #expect(timing(duration: 0, offset: .nan).layerLocalTime(fromParentTime: 1) == 0)
    }
}
