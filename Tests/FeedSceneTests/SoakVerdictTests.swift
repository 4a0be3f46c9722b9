@testable import FeedDemo
import Testing

/// The soak run's verdict: memory within 5 % of the first sample, counts no higher than their
/// peaks in the first 10,000 frames (trace events within 5 %).
@Suite struct SoakVerdictTests {
    static let counts = SoakSample.Counts(layers: 80, cells: 11, reusableCells: 3, cachedImages: 200, traceEvents: 1_000_000)

    static func sample(_ frame: Int, megabytes: Int, _ change: (inout SoakSample.Counts) -> Void = { _ in }) -> SoakSample {
        var counts = Self.counts
        change(&counts)
        return SoakSample(frame: frame, passes: frame / 800, residentBytes: megabytes << 20, counts: counts)
    }

    static func verdict(_ samples: [SoakSample]) -> Bool {
        SoakSample.verdict(first: samples[0], last: samples[samples.count - 1], firstWindowPeaks: counts, samples: samples)
    }

    @Test func flatCountsAndMemoryHold() {
        #expect(Self.verdict([Self.sample(10_000, megabytes: 100), Self.sample(20_000, megabytes: 104),
                              Self.sample(30_000, megabytes: 103) { $0.reusableCells = 2; $0.traceEvents = 1_040_000 }]))
    }

    @Test func memoryGrowingPastFivePercentFails() {
        #expect(!Self.verdict([Self.sample(10_000, megabytes: 100), Self.sample(20_000, megabytes: 106)]))
    }

    @Test(arguments: ["layers", "cells", "reusable cells", "cached images"])
    func anyCountAboveItsFirstPeakFails(_ count: String) {
        let grown = Self.sample(20_000, megabytes: 100) { counts in
            switch count {
            case "layers": counts.layers += 1
            case "cells": counts.cells += 1
            case "reusable cells": counts.reusableCells += 1
            default: counts.cachedImages += 1
            }
        }
        #expect(!Self.verdict([Self.sample(10_000, megabytes: 100), grown]))
    }

    @Test func traceEventsMayVaryByFivePercent() {
        #expect(!Self.verdict([Self.sample(10_000, megabytes: 100),
                               Self.sample(20_000, megabytes: 100) { $0.traceEvents = 1_060_000 }]))
    }
}
