import Lamina

/// What chapter 8 measures in its frames: where each square is, which frames fell in the main
/// thread's sleep, what moved, and the account it prints — all counted from the recorded frames
/// and the chapter's trace.
extension ChapterEight {
    /// One presented frame, measured: where each square's centre is (nil when not found).
    struct Measured {
        let frame: PresentedFrame
        let animatedX: Double?
        let drivenX: Double?

        init(_ frame: PresentedFrame) {
            self.frame = frame
            animatedX = Self.centre(in: frame.image, row: Int(ChapterEight.laneY[0])) { $0.red > 0.7 && $0.blue < 0.45 }
            drivenX = Self.centre(in: frame.image, row: Int(ChapterEight.laneY[1])) { $0.blue > 0.7 && $0.red < 0.45 }
        }

        /// The middle of the pixels of `row` that `matches` accepts, in points.
        private static func centre(in image: Image, row: Int, matches: (Color) -> Bool) -> Double? {
            let y = Int(Double(row) * image.scale)
            guard y < image.height else { return nil }
            let xs = (0..<image.width).filter { matches(image.pixel(x: $0, y: y)) }
            guard let first = xs.first, let last = xs.last else { return nil }
            return (Double(first + last) + 1) / 2 / image.scale
        }
    }

    /// The frames of the run, measured and sorted around the main thread's sleep.
    struct Account {
        let measured: [Measured]
        let blockStart: EventLoop.Instant
        let blockEnd: EventLoop.Instant

        init(frames: [PresentedFrame], blockStart: EventLoop.Instant, blockEnd: EventLoop.Instant) {
            measured = frames.map(Measured.init)
            self.blockStart = blockStart
            self.blockEnd = blockEnd
        }

        /// The frames whose tick fell while the main thread slept.
        var duringBlock: [Measured] { measured.filter { isDuringBlock($0.frame) } }

        private func isDuringBlock(_ frame: PresentedFrame) -> Bool {
            guard let tick = frame.tick else { return false }
            return tick.time > blockStart && tick.time <= blockEnd
        }

        /// Whether the square `x` reads moved since the frame before (by half a point or more).
        private static func moved(_ x: KeyPath<Measured, Double?>, in frames: [Measured], at index: Int) -> Bool {
            guard index > 0, let now = frames[index][keyPath: x], let before = frames[index - 1][keyPath: x] else { return false }
            return abs(now - before) >= 0.5
        }

        /// How many frames in `range` of `measured` moved each square.
        private func moves(in range: Range<Int>) -> (animated: Int, driven: Int) {
            (range.filter { Self.moved(\.animatedX, in: measured, at: $0) }.count,
             range.filter { Self.moved(\.drivenX, in: measured, at: $0) }.count)
        }

        /// The frames for the contact sheet: two before the sleep, every one during it, three after.
        var sheetFrames: [PresentedFrame] {
            guard let first = measured.firstIndex(where: { isDuringBlock($0.frame) }),
                  let last = measured.lastIndex(where: { isDuringBlock($0.frame) }) else { return measured.suffix(24).map(\.frame) }
            return measured[max(first - 2, 0)...min(last + 3, measured.count - 1)].map(\.frame)
        }

        func report(skippedFrames: Int, trace events: [TraceEvent]) {
            let ticks = measured.compactMap { $0.frame.tick?.index }
            let tickSpan = ticks.last.map { last in last - (ticks.first ?? last) + 1 } ?? 0
            let whole = moves(in: 0..<measured.count)
            say("\n  \(measured.count) frames presented over \(tickSpan) ticks; the render-server square moved in "
                + "\(whole.animated) of them, the main-thread one in \(whole.driven)")
            guard let first = measured.firstIndex(where: { isDuringBlock($0.frame) }),
                  let last = measured.lastIndex(where: { isDuringBlock($0.frame) }) else {
                return say("  no frame was presented while the main thread slept")
            }
            let during = moves(in: first..<(last + 1))
            let count = last - first + 1
            let withCommits = measured[first...last].filter { !$0.frame.commits.isEmpty }
            let slept = ChapterEight.milliseconds(blockStart.duration(to: blockEnd))
            let tickRange = [measured[first], measured[last]].compactMap { $0.frame.tick.map { "\($0.index)" } }.joined(separator: "–")
            let committed = ChapterEight.commits(in: events, from: blockStart, to: blockEnd)
            say("""
                  While the main thread slept (\(slept)), the render server presented \(count) frames (ticks \(tickRange)):
                    render-server square (BasicAnimation): moved in \(during.animated) of \(count)
                    main-thread square (DisplayLink):       moved in \(during.driven) of \(count)\(standingNote(first...last))
                    the main thread committed \(committed) times meanwhile; \(withCommits.count) of the \(count) frames held a commit
                """)
            let submissions = ChapterEight.submissions(in: events)
            for entry in withCommits { describeCommits(of: entry.frame, submissions: submissions) }
            if let jump = firstJump(after: last) {
                say("""
                      After the sleep, frame \(jump.frame) (tick \(jump.tick), commit \(jump.commits)) moved the main-thread square \
                    \(Int(jump.distance.rounded())) pt at once;
                      the render-server square moves about \(Int(jump.step.rounded())) pt a frame. The display link skipped \
                    \(skippedFrames) callbacks
                      (it skips rather than catching up, as CADisplayLink does).
                    """)
            }
        }

        /// For a frame presented during the sleep that holds commits: when they were submitted.
        private func describeCommits(of frame: PresentedFrame, submissions: [UInt64: UInt64]) {
            for commit in frame.commits {
                guard let submitted = submissions[commit] else { continue }
                let before = Double(Int64(UInt64(blockStart.nanoseconds)) - Int64(submitted)) / 1e6
                let when = before >= 0 ? "\(String(format: "%.1f", before)) ms before the sleep began" : "during the sleep"
                let tick = frame.tick.map { "tick \($0.index)" } ?? "its frame"
                say("      commit \(commit), submitted \(when), was presented at \(tick), during the sleep:")
                say("      a frame already committed does not wait for the main thread")
            }
        }

        /// ", standing at x = 128 pt from tick 26 on" when the driven square stood still over the
        /// rest of `range` after its last move there (throughout when it never moved).
        private func standingNote(_ range: ClosedRange<Int>) -> String {
            let lastMove = range.last { Self.moved(\.drivenX, in: measured, at: $0) }
            let still = lastMove.map { $0...range.upperBound } ?? range
            let xs = Set(measured[still].compactMap(\.drivenX).map { Int($0.rounded()) })
            guard xs.count == 1, let x = xs.first else { return "" }
            guard let lastMove, let tick = measured[lastMove].frame.tick else { return ", standing at x = \(x) pt throughout" }
            return ", then standing at x = \(x) pt from tick \(tick.index) on"
        }

        /// The first frame after index `last` in which the driven square moved: how far, and how
        /// far the animated square moves in an ordinary frame.
        private func firstJump(after last: Int) -> (frame: UInt64, tick: String, commits: String, distance: Double, step: Double)? {
            guard let index = ((last + 1)..<measured.count).first(where: { Self.moved(\.drivenX, in: measured, at: $0) }),
                  let now = measured[index].drivenX, let before = measured[index - 1].drivenX else { return nil }
            let steps = (1..<measured.count).compactMap { i -> Double? in
                guard let a = measured[i].animatedX, let b = measured[i - 1].animatedX, abs(a - b) >= 0.5 else { return nil }
                return abs(a - b)
            }.sorted()
            let frame = measured[index].frame
            return (frame.id, frame.tick.map { "\($0.index)" } ?? "none",
                    frame.commits.isEmpty ? "none" : frame.commits.map(String.init).joined(separator: ","),
                    abs(now - before), steps.isEmpty ? 0 : steps[steps.count / 2])
        }
    }
}
