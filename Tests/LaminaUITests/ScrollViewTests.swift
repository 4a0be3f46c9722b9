import LaminaGraphics
import LaminaLayers
import LaminaLoop
import LaminaTesting
import LaminaUI
import XCTest

/// A scroll view of 100×100 points over 100×1,000 points of content holding one 100×50 cell that
/// handles pointer events, in a window on the virtual clock.
@MainActor
private func makeScene() throws -> (Window, ScrollView, ProbeView) {
    let window = try makeWindow(size: Size(width: 100, height: 100))
    let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    scroll.contentSize = Size(width: 100, height: 1_000)
    let cell = ProbeView(frame: Rect(x: 0, y: 0, width: 100, height: 50))
    window.addSubview(scroll)
    scroll.addSubview(cell)
    cell.clearLog()
    return (window, scroll, cell)
}

private func event(_ phase: PointerEvent.Phase, y: Double) -> PointerEvent {
    PointerEvent(phase: phase, location: Point(x: 50, y: y))
}

/// ScrollView: offsets and edges, the wheel, a drag taken over from a cell, momentum and an
/// animated offset on the frame clock (virtual time).
final class ScrollViewTests: LaminaTestCase {
    func test_theOffsetIsTheBoundsOriginAndStaysBetweenTheEdges() throws {
        try onMainActor {
            let (_, scroll, _) = try makeScene()
            scroll.contentInset = EdgeInsets(top: 10, left: 0, bottom: 20, right: 0)
            XCTAssertEqual(scroll.minimumContentOffset, Point(x: 0, y: -10))
            XCTAssertEqual(scroll.maximumContentOffset, Point(x: 0, y: 920))
            var scrolled = 0
            scroll.didScroll = { _ in scrolled += 1 }
            scroll.send(wheel: 50)
            XCTAssertEqual(scroll.contentOffset, Point(x: 0, y: 50))
            XCTAssertEqual(scroll.bounds.origin, Point(x: 0, y: 50))
            XCTAssertTrue(scroll.layer.needsLayout, "scrolling lays the scroll view out")
            scroll.send(wheel: 5_000)
            XCTAssertEqual(scroll.contentOffset.y, 920)
            scroll.send(wheel: -5_000)
            XCTAssertEqual(scroll.contentOffset.y, -10)
            scroll.send(wheel: .nan)
            XCTAssertEqual(scroll.contentOffset.y, -10)
            XCTAssertEqual(scrolled, 3)
            scroll.contentSize = Size(width: 100, height: 50)
            XCTAssertEqual(scroll.maximumContentOffset.y, -10, "content smaller than the view: no scrolling")
        }
    }

    func test_aDragPastTheThresholdTakesThePointerFromTheCellAndScrolls() throws {
        try onMainActor {
            let (window, scroll, cell) = try makeScene()
            window.send(event(.down, y: 40))
            window.send(event(.move, y: 35))
            XCTAssertEqual(scroll.contentOffset.y, 0, "under the threshold the cell keeps the pointer")
            window.send(event(.move, y: 20))
            XCTAssertEqual(cell.log, ["down (50, 40)", "move (50, 35)", "cancel"])
            XCTAssertEqual(scroll.contentOffset.y, 20)
            XCTAssertTrue(scroll.isDragging)
            window.send(event(.move, y: -60))
            XCTAssertEqual(scroll.contentOffset.y, 100)
            window.send(event(.up, y: -60))
            XCTAssertFalse(scroll.isDragging)
            XCTAssertEqual(cell.log.count, 3, "the rest of the gesture went to the scroll view")
        }
    }

    func test_momentumCarriesAFastDragOnAndStopsOnItsOwn() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { clock in
                let (window, scroll, _) = try makeScene()
                XCTAssertNotNil(window.frameClock)
                window.send(event(.down, y: 90))
                clock.advance(by: .milliseconds(10))
                window.send(event(.move, y: 70))
                clock.advance(by: .milliseconds(10))
                window.send(event(.move, y: 50))
                window.send(event(.up, y: 50))
                XCTAssertEqual(scroll.contentOffset.y, 40)
                XCTAssertTrue(scroll.isDecelerating, "2,000 points per second")
                _ = EventLoop.main.run(mode: .default, timeout: .milliseconds(100))
                let coasting = scroll.contentOffset.y
                XCTAssertGreaterThan(coasting, 150)
                _ = EventLoop.main.run(mode: .default, timeout: .seconds(5))
                XCTAssertFalse(scroll.isDecelerating)
                let rest = scroll.contentOffset.y
                // 2,000 pt/s decaying by 0.998 per ms travels about 2,000 / (−ln 0.998 × 1000) ≈ 999 pt.
                XCTAssertEqual(rest, 900, "stopped at the bottom edge")
                window.send(PointerEvent(phase: .wheel(dx: 0, dy: -30), location: Point(x: 50, y: 50)))
                XCTAssertEqual(scroll.contentOffset.y, 870)

                // A slow fling, 500 pt/s up the content, coasts about 250 points and rests by itself.
                window.send(event(.down, y: 20))
                clock.advance(by: .milliseconds(40))
                window.send(event(.move, y: 40))
                window.send(event(.up, y: 40))
                let released = scroll.contentOffset.y
                _ = EventLoop.main.run(mode: .default, timeout: .seconds(5))
                XCTAssertFalse(scroll.isDecelerating)
                XCTAssertEqual(released - scroll.contentOffset.y, 250, accuracy: 15)
            }
        }
    }

    func test_anAnimatedOffsetLandsExactlyAfterTheAnimationAndATouchStopsIt() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let (window, scroll, _) = try makeScene()
                scroll.setContentOffset(Point(x: 0, y: 333.3), animated: true)
                XCTAssertTrue(scroll.isDecelerating)
                _ = EventLoop.main.run(mode: .default, timeout: .milliseconds(120))
                let midway = scroll.contentOffset.y
                XCTAssertGreaterThan(midway, 100)
                XCTAssertLessThan(midway, 333.3)
                _ = EventLoop.main.run(mode: .default, timeout: .milliseconds(400))
                XCTAssertEqual(scroll.contentOffset.y, 333.3, "lands exactly")
                XCTAssertFalse(scroll.isDecelerating)

                scroll.setContentOffset(Point(x: 0, y: 0), animated: true)
                _ = EventLoop.main.run(mode: .default, timeout: .milliseconds(50))
                window.send(event(.down, y: 50))
                let stopped = scroll.contentOffset.y
                _ = EventLoop.main.run(mode: .default, timeout: .milliseconds(400))
                XCTAssertEqual(scroll.contentOffset.y, stopped, "a touch stops the animation where it is")
                scroll.setContentOffset(Point(x: 0, y: 10), animated: false)
                XCTAssertEqual(scroll.contentOffset.y, 10)
            }
        }
    }

    func test_scrollingKeysScrollTheFirstResponderAndOtherKeysGoOn() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let (window, scroll, _) = try makeScene()
                XCTAssertTrue(scroll.becomeFirstResponder())
                @MainActor func press(_ key: KeyEvent.Key, _ modifiers: KeyEvent.Modifiers = []) -> Double {
                    window.send(KeyEvent(key: key, modifiers: modifiers))
                    _ = EventLoop.main.run(mode: .default, timeout: .milliseconds(500))
                    return scroll.contentOffset.y
                }
                XCTAssertEqual(press(.downArrow), 40)
                XCTAssertEqual(press(.pageDown), 100, "a page is the height less a line")
                XCTAssertEqual(press(.space), 160)
                XCTAssertEqual(press(.space, .shift), 100)
                XCTAssertEqual(press(.upArrow), 60)
                XCTAssertEqual(press(.end), 900)
                XCTAssertEqual(press(.pageDown), 900, "the far edge holds")
                XCTAssertEqual(press(.home), 0)
                XCTAssertEqual(press(.upArrow), 0)
                XCTAssertEqual(press(.character("q")), 0, "other keys do not scroll")
                scroll.contentSize = Size(width: 100, height: 80)
                XCTAssertEqual(press(.pageDown), 0, "content shorter than the view does not scroll")
            }
        }
    }
}

extension ScrollViewTests {
    func test_whileADragIsUnderWayTheWindowAsksForTheTrackingMode() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                EventLoop.main.addCommonMode(.tracking)
                let (window, scroll, _) = try makeScene()
                var defaultFires = 0, commonFires = 0
                let defaultTimer = EventLoop.Timer(after: .milliseconds(5), interval: .milliseconds(5)) { _ in
                    MainActor.assumeIsolated { defaultFires += 1 }
                }
                let commonTimer = EventLoop.Timer(after: .milliseconds(5), interval: .milliseconds(5)) { _ in
                    MainActor.assumeIsolated { commonFires += 1 }
                }
                EventLoop.main.add(defaultTimer, to: .default)
                EventLoop.main.add(commonTimer, to: .common)
                defer { defaultTimer.invalidate(); commonTimer.invalidate() }
                XCTAssertEqual(window.runLoopMode, .default)
                window.send(event(.down, y: 90))
                window.send(event(.move, y: 60))
                XCTAssertTrue(scroll.isDragging)
                XCTAssertEqual(window.runLoopMode, .tracking)
                let start = EventLoop.main.now
                window.run(until: { start.duration(to: EventLoop.main.now) >= .milliseconds(50) }, timeout: .milliseconds(60))
                XCTAssertEqual(defaultFires, 0, "default-mode timers wait while the drag tracks")
                XCTAssertGreaterThanOrEqual(commonFires, 9)
                window.send(event(.up, y: 60))
                XCTAssertEqual(window.runLoopMode, .default)
                XCTAssertTrue(EventLoop.main.runUntilIdle(for: window))
                window.run(until: { defaultFires > 0 }, timeout: .milliseconds(20))
                XCTAssertGreaterThan(defaultFires, 0)
                var nested: Bool?
                EventLoop.main.perform { MainActor.assumeIsolated { nested = window.run(until: { true }, timeout: .seconds(1)) } }
                window.run(until: { nested != nil }, timeout: .milliseconds(20))
                XCTAssertEqual(nested, false, "a run from inside the loop never nests")
            }
        }
    }
}

@MainActor
private extension ScrollView {
    func send(wheel dy: Double) {
        scrollWheel(PointerEvent(phase: .wheel(dx: 0, dy: dy), location: .zero))
    }
}
