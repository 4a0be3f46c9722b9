import LaminaFrames
import LaminaGraphics
import LaminaLayers
import LaminaLoop
import LaminaTesting
import LaminaUI
import XCTest

/// The stepper: one stop per presented frame, with a pause at each chosen phase of each commit.
final class FrameStepperTests: LaminaTestCase {
    func test_theStepperStopsOncePerFrameAfterPausingAtEachPhaseInOrder() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let window = try Window(size: Size(width: 40, height: 30), presenter: FrameRecorder())
                let view = FillView(frame: Rect(x: 0, y: 0, width: 20, height: 10))
                let stepper = FrameStepper(window: window)
                var pauses: [String] = []
                stepper.onPause = { phase in pauses.append("\(phase): \(view.log.last ?? "-")") }
                window.addSubview(view)
                let first = try XCTUnwrap(stepper.step())
                XCTAssertEqual(first.id, 1)
                XCTAssertEqual(first.tick?.index, 1)
                XCTAssertEqual(pauses, ["after layout: layoutSubviews", "after display: draw (0, 0, 20×10)",
                                        "after the delta is sent: draw (0, 0, 20×10)"])
                pauses = []
                stepper.pausePoints = [.display]
                view.fill = .blue
                view.setNeedsDisplay()
                XCTAssertEqual(stepper.step()?.id, 2)
                XCTAssertEqual(pauses, ["after display: draw (0, 0, 20×10)"])
                XCTAssertEqual(stepper.lastSteppedFrameID, 2)
                XCTAssertNil(stepper.step(timeout: .milliseconds(50)), "nothing changed: no frame")
            }
        }
    }
}
