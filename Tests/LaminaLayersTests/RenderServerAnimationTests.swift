import LaminaGraphics
@testable import LaminaLayers
@_spi(LaminaTesting) import LaminaLoop
import LaminaTesting
import LaminaTrace
import XCTest

/// Animations on the render server, frame by frame on the main loop's virtual clock: each tick's
/// frame shows the animation at the tick's time, the main thread commits nothing meanwhile, and
/// the layer, its delegate and the transaction hear of the start and the end.
final class RenderServerAnimationTests: LaminaTestCase {
    /// The left edge of the square whose centre slides from 15 to 85 over `duration` seconds
    /// from `begin`, at `time`, snapped to a whole pixel.
    private nonisolated static func expectedLeftEdge(at time: Double, begin: Double, duration: Double = 1) -> Int {
        let progress = min(max((time - begin) / duration, 0), 1)
        return Int((15 + 70 * progress - 5).rounded(.toNearestOrAwayFromZero))
    }

    func test_everyTickOfAnAnimationIsAFrameAtTheTicksTimeWithNoCommit() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let scene = try AnimatedScene()
                defer { scene.shutdown() }
                try scene.square.add(slide(), forKey: "slide")
                let begin = currentMediaTime()
                scene.flushAndWait()
                let (_, trace) = try recordingTrace {
                    for _ in 0..<30 {
                        let frames = scene.recorder.frameCount
                        let lastTick = scene.recorder.lastFrame?.tick?.index ?? -1
                        XCTAssertTrue(EventLoop.main.advance(by: frameInterval))
                        XCTAssertEqual(scene.recorder.frameCount, frames + 1, "one frame per tick")
                        let frame = try XCTUnwrap(scene.recorder.lastFrame)
                        let tick = try XCTUnwrap(frame.tick)
                        XCTAssertEqual(tick.index, lastTick + 1)
                        XCTAssertEqual(frame.commits, [], "a frame of the animation alone")
                        let shown = try XCTUnwrap(scene.squareLeftEdge(in: frame.image))
                        XCTAssertEqual(Double(shown), Double(Self.expectedLeftEdge(at: tick.time.mediaTime, begin: begin)), accuracy: 1)
                    }
                }
                XCTAssertEqual(trace.count(.commit), 0, "the main thread committed nothing")
                XCTAssertEqual(trace.threadNames(of: .animationsEvaluated), ["render server"])
                XCTAssertEqual(scene.square.position, Point(x: 15, y: 20), "the model value never moves")
            }
        }
    }

    func test_aFinishedAnimationLeavesTheLayerAndTheModelValueShowsAgain() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let scene = try AnimatedScene()
                defer { scene.shutdown() }
                let log = AnimationLog()
                var completed = false
                Transaction.begin()
                Transaction.setCompletionBlock { completed = true }
                try scene.square.add(slide(duration: 0.5, delegate: log), forKey: "slide")
                Transaction.commit()
                XCTAssertEqual(scene.square.animationKeys, ["slide"])
                scene.flushAndWait()
                XCTAssertEqual(log.entries, ["start position"])
                XCTAssertFalse(completed, "the block waits for the animation")
                EventLoop.main.advance(by: .milliseconds(400))
                XCTAssertNotNil(scene.square.animation(forKey: "slide"))
                XCTAssertFalse(completed)
                EventLoop.main.advance(by: .milliseconds(200))
                XCTAssertEqual(log.entries, ["start position", "stop position finished"])
                XCTAssertTrue(completed)
                XCTAssertNil(scene.square.animation(forKey: "slide"), "removed on completion")
                XCTAssertEqual(scene.square.animationKeys, [])
                XCTAssertEqual(scene.shownLeftEdge, 10, "the model position shows again")
                let frames = scene.recorder.frameCount
                EventLoop.main.advance(by: .milliseconds(100))
                XCTAssertEqual(scene.recorder.frameCount, frames, "no animation, no frame")
            }
        }
    }

    func test_theAddedCopyHasItsBeginTimeResolvedAtTheCommitInTheLayersTime() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let scene = try AnimatedScene()
                defer { scene.shutdown() }
                var animation = slide()
                try scene.square.add(animation, forKey: "slide")
                animation.duration = 9
                XCTAssertEqual(scene.square.animation(forKey: "slide")?.duration, 1, "the layer holds a copy")
                XCTAssertEqual(scene.square.animation(forKey: "slide")?.beginTime, 0, "resolved at the commit")
                let commitTime = currentMediaTime()
                Transaction.flush()
                XCTAssertEqual(try XCTUnwrap(scene.square.animation(forKey: "slide")?.beginTime), commitTime, accuracy: 1e-9)

                var zero = BasicAnimation(keyPath: .opacity, from: 1, to: 0)
                zero.duration = 0
                try scene.square.add(zero, forKey: "fade")
                XCTAssertEqual(scene.square.animation(forKey: "fade")?.duration, Transaction.defaultAnimationDuration)
            }
        }
    }

    func test_presentationIsTheModelWithTheRunningAnimationsAtTheCurrentTime() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let scene = try AnimatedScene()
                defer { scene.shutdown() }
                XCTAssertNil(makeLayer(.zero).presentation(), "a layer no render server shows has none")
                let newcomer = makeLayer(Rect(x: 0, y: 0, width: 4, height: 4))
                scene.root.addSublayer(newcomer)
                XCTAssertNil(newcomer.presentation(), "none before the commit that sends it")
                try scene.square.add(slide(), forKey: "slide")
                let begin = currentMediaTime()
                XCTAssertEqual(scene.square.presentation()?.position, Point(x: 15, y: 20), "not before the commit")
                scene.flushAndWait()
                EventLoop.main.advance(by: .milliseconds(250))
                let elapsed = currentMediaTime() - begin
                let presented = try XCTUnwrap(scene.square.presentation())
                XCTAssertEqual(presented.position.x, 15 + 70 * elapsed, accuracy: 1e-9)
                XCTAssertEqual(presented.bounds, scene.square.bounds)
                XCTAssertTrue(presented.sublayers.isEmpty)
                XCTAssertEqual(scene.square.position.x, 15, "the model is untouched")
                let rendered = try XCTUnwrap(scene.server.renderTreeStates()[scene.square.id])
                let tickTime = try XCTUnwrap(scene.recorder.lastFrame?.tick?.time.mediaTime)
                XCTAssertEqual(rendered.position.x, 15 + 70 * (tickTime - begin), accuracy: 1e-9,
                               "the render tree holds the presentation value at the frame's tick")
            }
        }
    }

    func test_removingOrReplacingAnAnimationStopsItEarly() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let scene = try AnimatedScene()
                defer { scene.shutdown() }
                let first = AnimationLog(), second = AnimationLog(), third = AnimationLog()
                try scene.square.add(slide(delegate: first), forKey: "slide")
                scene.flushAndWait()
                EventLoop.main.advance(by: .milliseconds(100))
                try scene.square.add(slide(delegate: second), forKey: "slide")
                scene.flushAndWait()
                XCTAssertEqual(first.entries, ["start position", "stop position early"], "replaced under its key")
                XCTAssertEqual(second.entries, ["start position"])
                scene.square.removeAnimation(forKey: "slide")
                scene.flushAndWait()
                XCTAssertEqual(second.entries, ["start position", "stop position early"])
                XCTAssertEqual(scene.shownLeftEdge, 10)

                var completed = false
                Transaction.begin()
                Transaction.setCompletionBlock { completed = true }
                try scene.square.add(slide(delegate: third), forKey: "slide")
                scene.square.removeAllAnimations()
                Transaction.commit()
                XCTAssertEqual(third.entries, ["stop position early"], "never sent: stopped at the commit")
                XCTAssertTrue(completed)
                XCTAssertTrue(EventLoop.main.runUntilIdle())
            }
        }
    }

    func test_aLayerLeavingTheTreeStopsItsAnimationsEarly() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let scene = try AnimatedScene()
                defer { scene.shutdown() }
                let log = AnimationLog(), innerLog = AnimationLog()
                let inner = makeLayer(Rect(x: 2, y: 2, width: 4, height: 4))
                scene.square.addSublayer(inner)
                var fade = BasicAnimation(keyPath: .opacity, from: 1, to: 0)
                fade.delegate = innerLog
                try inner.add(fade, forKey: "fade")
                try scene.square.add(slide(delegate: log), forKey: "slide")
                scene.flushAndWait()
                scene.square.removeFromSuperlayer()
                scene.flushAndWait()
                XCTAssertEqual(log.entries, ["start position", "stop position early"])
                XCTAssertEqual(innerLog.entries, ["start opacity", "stop opacity early"], "the whole subtree left")
                XCTAssertEqual(scene.square.animationKeys, [])
                XCTAssertEqual(inner.animationKeys, [])
                XCTAssertNil(scene.shownLeftEdge)
            }
        }
    }

    func test_shuttingTheRenderServerDownStopsItsAnimationsEarlyAtTheNextTurn() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let scene = try AnimatedScene()
                let log = AnimationLog(), lateLog = AnimationLog()
                var completed = false
                try scene.square.add(slide(delegate: log), forKey: "slide")
                Transaction.setCompletionBlock { completed = true }
                scene.flushAndWait()
                // Added after the last commit: sent to nobody, it would never run either.
                try scene.root.add(slide(delegate: lateLog), forKey: "late")
                // An animation on a layer in no tree is not the server's: it stays.
                let loose = makeLayer(Rect(x: 0, y: 0, width: 4, height: 4))
                try loose.add(slide(), forKey: "loose")
                scene.shutdown()
                XCTAssertEqual(log.entries, ["start position"], "nothing heard during the shutdown itself")
                _ = EventLoop.main.run(mode: .default, timeout: .zero, returnAfterSourceHandled: false)
                XCTAssertEqual(log.entries, ["start position", "stop position early"])
                XCTAssertEqual(lateLog.entries, ["stop position early"])
                XCTAssertTrue(completed, "the completion block waiting for it ran")
                XCTAssertEqual(scene.square.animationKeys, [])
                XCTAssertEqual(scene.root.animationKeys, [])
                XCTAssertEqual(loose.animationKeys, ["loose"])
            }
        }
    }

    func test_aTreeTakenOutOfAServerThatThenShutsDownStopsItsAnimationsEarly() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let scene = try AnimatedScene()
                let log = AnimationLog()
                try scene.square.add(slide(delegate: log), forKey: "slide")
                scene.flushAndWait()
                // A window closing: its content is removed, then its server shuts down, before
                // the commit that would have sent the removal.
                scene.square.removeFromSuperlayer()
                scene.shutdown()
                Transaction.flush()
                XCTAssertEqual(log.entries, ["start position", "stop position early"])
                XCTAssertEqual(scene.square.animationKeys, [])
            }
        }
    }

    func test_aCompletionBlockWaitsOnlyForAnimationsAddedAfterItAndAReplacedOneForThoseBefore() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let scene = try AnimatedScene()
                defer { scene.shutdown() }
                var order: [String] = []
                Transaction.begin()
                try scene.square.add(slide(duration: 1), forKey: "long")
                Transaction.setCompletionBlock { order.append("first") }
                Transaction.setCompletionBlock { order.append("second") }
                XCTAssertEqual(order, ["first"], "replaced with no animation added after it: run at once")
                var short = BasicAnimation(keyPath: .opacity, from: 1, to: 0.5)
                short.duration = 0.2
                try scene.square.add(short, forKey: "short")
                Transaction.commit()
                scene.flushAndWait()
                XCTAssertEqual(order, ["first"])
                EventLoop.main.advance(by: .milliseconds(300))
                XCTAssertEqual(order, ["first", "second"], "the earlier, longer animation does not hold it")
            }
        }
    }

    func test_aCompletionBlockWithoutAnimationsRunsAtTheCommit() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let scene = try AnimatedScene()
                defer { scene.shutdown() }
                var completed = false
                scene.square.backgroundColor = .blue
                Transaction.setCompletionBlock { completed = true }
                Transaction.flush()
                XCTAssertTrue(completed)
            }
        }
    }

    func test_aForwardsFillThatStaysHoldsTheLastValueAndABackwardsFillTheFirst() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let scene = try AnimatedScene()
                defer { scene.shutdown() }
                var held = slide(duration: 0.2)
                held.fillMode = .both
                held.isRemovedOnCompletion = false
                held.beginTime = scene.square.convertTime(currentMediaTime(), from: nil) + 0.1
                try scene.square.add(held, forKey: "held")
                scene.flushAndWait()
                XCTAssertEqual(scene.shownLeftEdge, 10, "before its begin time, the backwards fill holds the first value")
                EventLoop.main.advance(by: .milliseconds(400))
                XCTAssertEqual(scene.shownLeftEdge, 80, "after its end, the forwards fill holds the last value")
                XCTAssertNotNil(scene.square.animation(forKey: "held"), "not removed on completion")
                XCTAssertEqual(scene.square.presentation()?.position.x, 85)
                scene.square.removeAnimation(forKey: "held")
                scene.flushAndWait()
                XCTAssertEqual(scene.shownLeftEdge, 10)
            }
        }
    }

    func test_aPausedLayerFreezesItsAnimationsAndASlowOneSlowsThem() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let scene = try AnimatedScene()
                defer { scene.shutdown() }
                scene.root.speed = 0.1
                scene.flushAndWait()
                try scene.square.add(slide(), forKey: "slide")
                let begin = currentMediaTime()
                scene.flushAndWait()
                EventLoop.main.advance(by: .seconds(2))
                let slowed = try XCTUnwrap(scene.square.presentation()).position.x
                XCTAssertEqual(slowed, 15 + 70 * 0.1 * (currentMediaTime() - begin), accuracy: 1e-6, "ten times slower")
                XCTAssertNotNil(scene.square.animation(forKey: "slide"), "a 1 s animation runs 10 s")

                // The pause recipe: speed 0, and the time offset at the time it stood at.
                let standing = scene.root.convertTime(currentMediaTime(), from: nil)
                scene.root.speed = 0
                scene.root.timeOffset = standing
                scene.flushAndWait()
                let shown = scene.shownLeftEdge
                EventLoop.main.advance(by: .seconds(3))
                XCTAssertEqual(scene.shownLeftEdge, shown, "paused")
                XCTAssertEqual(try XCTUnwrap(scene.square.presentation()).position.x, slowed, accuracy: 1e-6)
                // Scrubbing: the offset alone says where it stands.
                scene.root.timeOffset = standing + 0.5
                scene.flushAndWait()
                XCTAssertEqual(try XCTUnwrap(scene.square.presentation()).position.x, slowed + 35, accuracy: 1e-6)
            }
        }
    }

    func test_anAnimationThatCannotRunIsRefusedWhereItIsAdded() throws {
        try onMainActor {
            let layer = makeLayer(Rect(x: 0, y: 0, width: 10, height: 10))
            var nanDuration = slide()
            nanDuration.duration = .nan
            XCTAssertThrowsError(try layer.add(nanDuration, forKey: "nan"))
            var infiniteSpeed = slide()
            infiniteSpeed.speed = .infinity
            XCTAssertThrowsError(try layer.add(infiniteSpeed, forKey: "speed"))
            XCTAssertThrowsError(try layer.add(BasicAnimation(keyPath: .opacity, from: 0, to: .nan), forKey: "value"))
            XCTAssertEqual(layer.animationKeys, [], "the layer is unchanged")
            layer.speed = .nan
            layer.timeOffset = .infinity
            XCTAssertEqual(layer.speed, 1)
            XCTAssertEqual(layer.timeOffset, 0)
            layer.repeatCount = .infinity
            XCTAssertEqual(layer.repeatCount, .infinity)
            Transaction.flush()
        }
    }

    func test_convertTimeMapsThroughEachLayersBeginTimeSpeedAndOffset() {
        onMainActor {
            let root = makeLayer(Rect(x: 0, y: 0, width: 10, height: 10))
            let child = makeLayer(Rect(x: 0, y: 0, width: 5, height: 5))
            root.addSublayer(child)
            root.speed = 2
            root.beginTime = 10
            child.timeOffset = 3
            child.speed = 0.5
            // root: (t − 10) × 2; child: root × 0.5 + 3.
            XCTAssertEqual(child.convertTime(20, from: nil), ((20 - 10) * 2) * 0.5 + 3)
            XCTAssertEqual(root.convertTime(13, from: child), 20)
            XCTAssertEqual(child.convertTime(13, to: nil), 20)
            XCTAssertEqual(child.convertTime(child.convertTime(7, from: nil), to: nil), 7, accuracy: 1e-12)
            Transaction.flush()
        }
    }
}

/// The render thread's CPU clock, read from another thread.
final class RenderThreadTimeTests: LaminaTestCase {
    func test_theRenderThreadsCPUTimeGrowsWithItsFramesAndIsZeroAfterShutdown() throws {
        try onMainActor {
            let scene = try AnimatedScene()
            let before = scene.server.renderThreadCPUTime
            XCTAssertGreaterThan(before, .zero, "the first frame took some")
            for step in 0..<20 {
                scene.square.position = Point(x: 15 + Double(step), y: 20)
                scene.flushAndWait()
            }
            XCTAssertGreaterThan(scene.server.renderThreadCPUTime, before)
            scene.shutdown()
            XCTAssertEqual(scene.server.renderThreadCPUTime, .zero)
        }
    }
}

/// On the real clock: the render thread keeps its ticks while the main thread is blocked.
final class MainThreadHitchTests: LaminaTestCase {
    func test_anAnimationKeepsMovingEveryTickWhileTheMainThreadIsBlocked() throws {
        try onMainActor {
            let scene = try AnimatedScene()
            defer { scene.shutdown() }
            try scene.square.add(slide(duration: 1), forKey: "slide")
            scene.flushAndWait()
            _ = EventLoop.main.run(mode: .default, timeout: .milliseconds(200))
            let framesBefore = scene.recorder.frameCount
            let blockStart = EventLoop.Instant.monotonicNow
            let (_, trace) = recordingTrace { usleep(250_000) }
            let blockEnd = EventLoop.Instant.monotonicNow
            // The recorder keeps 240 frames, far more than the ~30 of this test: it has dropped none.
            let since = scene.recorder.frames.dropFirst(framesBefore)
            let during = since.filter { frame in
                guard let tick = frame.tick else { return false }
                return tick.time > blockStart && tick.time <= blockEnd
            }
            // 250 ms holds 15 ticks at 60 Hz; allow for a slow machine missing a few.
            XCTAssertGreaterThanOrEqual(during.count, 10, "frames kept coming while the main thread was blocked")
            // Every frame since is a tick's; only a tick at either edge of the block may fall outside it
            // (rendered just before the block started, or between its end and this line).
            XCTAssertTrue(since.allSatisfy { $0.tick != nil })
            XCTAssertLessThanOrEqual(since.count - during.count, 2)
            let ticks = during.compactMap { $0.tick?.index }
            XCTAssertEqual(ticks, ticks.sorted())
            XCTAssertEqual(Set(ticks).count, ticks.count, "at most one frame per tick")
            XCTAssertTrue(during.allSatisfy { $0.commits.isEmpty }, "no transaction committed")
            XCTAssertEqual(trace.count(.commit), 0)
            let edges = during.compactMap { scene.squareLeftEdge(in: $0.image) }
            XCTAssertEqual(edges.count, during.count)
            for (earlier, later) in zip(edges, edges.dropFirst()) {
                XCTAssertGreaterThan(later, earlier, "each frame shows the square further on")
            }
        }
    }

    func test_aFlushedCommitIsPresentedAtTheNextTickWhileTheMainThreadStaysBusy() throws {
        try onMainActor {
            let scene = try AnimatedScene()
            defer { scene.shutdown() }
            Transaction.performWithoutActions { scene.square.backgroundColor = .blue }
            let beforeFlush = EventLoop.Instant.monotonicNow
            Transaction.flush()
            let commit = try XCTUnwrap(scene.host.lastCommitID)
            let flushed = EventLoop.Instant.monotonicNow
            let deadline = flushed.advanced(by: .milliseconds(300))
            // Busy on the main thread, never running the loop: only the render thread can show it.
            while scene.recorder.frames.last(where: { $0.commits.contains(commit) }) == nil,
                  EventLoop.Instant.monotonicNow < deadline {
                usleep(1_000)
            }
            let frame = try XCTUnwrap(scene.recorder.frames.last { $0.commits.contains(commit) },
                                      "the frame came while the main thread was busy")
            let tick = try XCTUnwrap(frame.tick)
            let clock = try XCTUnwrap(scene.server.frameClock)
            XCTAssertTrue([clock.tick(after: beforeFlush), clock.tick(after: flushed)].contains(tick),
                          "at the first tick after the flush, not when the main thread is free")
            XCTAssertTrue(frame.image.has(.blue, atX: 15, y: 20))
            XCTAssertTrue(scene.server.waitForPresentation(ofCommit: commit))
        }
    }
}

/// What the tree description says of animations.
final class AnimationDescriptionTests: LaminaTestCase {
    func test_theTreeDescriptionListsALayersAnimationsUntilTheyFinish() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let scene = try AnimatedScene()
                defer { scene.shutdown() }
                var fade = BasicAnimation(keyPath: .opacity, from: 1, to: 0)
                fade.duration = 0.5
                fade.repeatCount = 2
                try scene.square.add(slide(), forKey: "slide")
                try scene.square.add(fade)
                let pending = scene.root.treeDescription
                XCTAssertTrue(pending.contains("animations: \"slide\": BasicAnimation<Point> position 1.0s not committed; (no key): BasicAnimation<Double> opacity 0.5s ×2.0 not committed"), pending)
                scene.flushAndWait()
                XCTAssertTrue(scene.root.treeDescription.contains("\"slide\": BasicAnimation<Point> position 1.0s;"), scene.root.treeDescription)
                EventLoop.main.advance(by: .seconds(2))
                XCTAssertFalse(scene.root.treeDescription.contains("animations:"), scene.root.treeDescription)
            }
        }
    }
}

/// Every kind of animation crosses to the render server and runs there as `presentation()`
/// computes it on the main thread.
final class AnimationKindsOnTheRenderServerTests: LaminaTestCase {
    func test_keyframesSpringsAndGroupsRunOnTheRenderServerAsPresentationSaysTheyDo() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let scene = try AnimatedScene()
                defer { scene.shutdown() }
                var keyframes = KeyframeAnimation(keyPath: .position, values: [Point(x: 15, y: 20), Point(x: 85, y: 20), Point(x: 50, y: 20)])
                keyframes.duration = 1
                var spring = SpringAnimation(keyPath: .opacity, from: 0.2, to: 1)
                spring.duration = spring.settlingDuration
                var turn = BasicAnimation(keyPath: .transform, from: .identity, to: AffineTransform(rotationAngle: .pi / 2))
                turn.duration = 0.8
                var grow = BasicAnimation(keyPath: .boundsSize, from: Size(width: 10, height: 10), to: Size(width: 20, height: 20))
                grow.duration = 0.8
                var group = AnimationGroup(animations: [turn, grow])
                group.duration = 0.8
                try scene.square.add(keyframes, forKey: "path")
                try scene.square.add(spring, forKey: "fade")
                try scene.square.add(group, forKey: "group")
                scene.flushAndWait()
                for _ in 0..<20 {
                    EventLoop.main.advance(by: frameInterval * 3)
                    let tickTime = try XCTUnwrap(scene.recorder.lastFrame?.tick?.time.mediaTime)
                    XCTAssertEqual(tickTime, currentMediaTime(), "the frame of the current tick")
                    let rendered = try XCTUnwrap(scene.server.renderTreeStates()[scene.square.id])
                    let presented = try XCTUnwrap(scene.square.presentation())
                    XCTAssertEqual(rendered.position.x, presented.position.x, accuracy: 1e-9)
                    XCTAssertEqual(rendered.opacity, presented.opacity, accuracy: 1e-9)
                    XCTAssertEqual(rendered.transform.b, presented.transform.b, accuracy: 1e-9)
                    XCTAssertEqual(rendered.bounds.width, presented.bounds.width, accuracy: 1e-9)
                }
                XCTAssertTrue(scene.square.animationKeys.contains("fade") || scene.square.animationKeys.isEmpty)
                XCTAssertEqual(scene.square.animationKeys.filter { $0 != "fade" }, [], "the keyframes and the group finished")
            }
        }
    }
}
