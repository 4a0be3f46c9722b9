import LaminaGraphics
import LaminaLayers
import LaminaLoop
import LaminaTesting
import LaminaUI
import XCTest

/// A container that takes a pointer away from its subviews once it has moved more than 10
/// points from where it went down — a scroll view's drag threshold.
@MainActor
private final class DraggingContainer: View {
    var log: [String] = []
    var takesOverAtDown = false
    private var start: Point?

    override func shouldTakeOverPointer(_ event: PointerEvent, from target: View) -> Bool {
        if event.phase == .down { start = event.location; return takesOverAtDown }
        guard let start else { return false }
        return abs(event.location.y - start.y) > 10
    }

    override func pointerDown(_ event: PointerEvent) { log.append("down") }
    override func pointerMoved(_ event: PointerEvent) { log.append("move \(event.location.y)") }
    override func pointerUp(_ event: PointerEvent) { log.append("up") }
    override func pointerCancelled(_ event: PointerEvent) { log.append("cancel") }
}

/// A window holding a dragging container over a 100×50 cell, the cell's log cleared.
@MainActor
private func makeTakeoverScene() throws -> (Window, DraggingContainer, ProbeView) {
    let window = try makeWindow()
    let container = DraggingContainer(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let cell = ProbeView(frame: Rect(x: 0, y: 0, width: 100, height: 50))
    window.addSubview(container)
    container.addSubview(cell)
    cell.clearLog()
    return (window, container, cell)
}

/// Gesture arbitration: an ancestor takes a pointer over from the view it went down on.
final class PointerTakeoverTests: LaminaTestCase {
    func test_aDragPastTheThresholdMovesThePointerToTheAncestorAndCancelsTheChild() throws {
        try onMainActor {
            let (window, container, cell) = try makeTakeoverScene()
            window.send(PointerEvent(phase: .down, location: Point(x: 10, y: 10)))
            window.send(PointerEvent(phase: .move, location: Point(x: 10, y: 15)))
            window.send(PointerEvent(phase: .move, location: Point(x: 10, y: 30)))
            window.send(PointerEvent(phase: .move, location: Point(x: 10, y: 40)))
            window.send(PointerEvent(phase: .up, location: Point(x: 10, y: 40)))
            XCTAssertEqual(cell.log, ["down (10, 10)", "move (10, 15)", "cancel"])
            XCTAssertEqual(container.log, ["move 30.0", "move 40.0", "up"], "the cancel stops below the taker")
        }
    }

    func test_aSmallMoveLeavesThePointerWithTheChildAndAnAncestorCanTakeItAtTheDown() throws {
        try onMainActor {
            let (window, container, cell) = try makeTakeoverScene()
            window.send(PointerEvent(phase: .down, location: Point(x: 10, y: 10)))
            window.send(PointerEvent(phase: .move, location: Point(x: 12, y: 18)))
            window.send(PointerEvent(phase: .up, location: Point(x: 12, y: 18)))
            XCTAssertEqual(cell.log, ["down (10, 10)", "move (12, 18)", "up (12, 18)"])
            XCTAssertEqual(container.log, [])

            cell.clearLog()
            container.takesOverAtDown = true
            window.send(PointerEvent(phase: .down, location: Point(x: 10, y: 10)))
            window.send(PointerEvent(phase: .up, location: Point(x: 10, y: 10)))
            XCTAssertEqual(cell.log, [])
            XCTAssertEqual(container.log, ["down", "up"])
        }
    }
}
