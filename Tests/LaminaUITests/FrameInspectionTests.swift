import Foundation
import LaminaGraphics
import LaminaLayers
import LaminaLoop
import LaminaTesting
import LaminaUI
import XCTest

/// Looking at frames: the recorder's history and PNGs, the contact sheet, the stepper's one stop
/// per frame with its pause points, and the tree dump.
final class FrameInspectionTests: LaminaTestCase {
    func test_theRecorderKeepsTheLastFramesAndPassesThemOn() throws {
        try onMainActor {
            let headless = HeadlessPresenter()
            let recorder = FrameRecorder(capacity: 2, wrapping: headless)
            let window = try Window(size: Size(width: 40, height: 30), presenter: recorder)
            let view = ProbeView(frame: Rect(x: 0, y: 0, width: 20, height: 10))
            window.addSubview(view)
            for fill in [Color.red, .blue, .green] {
                view.fill = fill
                view.setNeedsDisplay()
                _ = try XCTUnwrap(window.snapshot())
            }
            XCTAssertEqual(recorder.frameCount, 3)
            XCTAssertEqual(recorder.frames.map(\.id), [2, 3])
            XCTAssertEqual(recorder.lastFrame?.image.pixel(x: 5, y: 5), .green)
            XCTAssertEqual(recorder.frame(withID: 2)?.image.pixel(x: 5, y: 5), .blue)
            XCTAssertNil(recorder.frame(withID: 1))
            XCTAssertEqual(headless.frameCount, 3)
            XCTAssertEqual(window.snapshot()?.pixel(x: 5, y: 5), .green, "a snapshot reads the recorder")

            let directory = NSTemporaryDirectory() + "lamina-recorder-\(getpid())"
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let paths = try recorder.writePNGs(toDirectory: directory)
            XCTAssertEqual(paths.map { ($0 as NSString).lastPathComponent }, ["frame-0002.png", "frame-0003.png"])
            let written = try ImageDecoder.decode(Data(contentsOf: URL(fileURLWithPath: paths[1])))
            XCTAssertEqual(written.width, 40)
            XCTAssertEqual(written.pixel(x: 5, y: 5), .green)
            XCTAssertThrowsError(try recorder.writePNGs(toDirectory: "/proc/lamina-cannot-write"))
            recorder.removeAll()
            XCTAssertEqual(recorder.frames.count, 0)
            XCTAssertEqual(FrameRecorder(capacity: 0).capacity, 1)
        }
    }

    func test_theContactSheetShowsEachFrameLabelledWithItsDamageOutlined() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let recorder = FrameRecorder()
                let window = try Window(size: Size(width: 80, height: 60), presenter: recorder)
                let view = ProbeView(frame: Rect(x: 10, y: 10, width: 20, height: 20))
                window.addSubview(view)
                _ = window.snapshot()
                view.frame.origin.x = 40
                _ = window.snapshot()
                view.fill = .blue
                view.setNeedsDisplay()
                _ = window.snapshot()
                // Commit ids count for the whole process: number them from 1 for the picture.
                let frames = recorder.frames.enumerated().map { index, frame in
                    PresentedFrame(id: frame.id, image: frame.image, damage: frame.damage,
                                   commits: [UInt64(index + 1)], tick: frame.tick)
                }
                let sheet = ContactSheet(frames: frames, columns: 2, thumbnailWidth: 80)
                XCTAssertEqual(recorder.frames.map(\.commits.count), [1, 1, 1])
                XCTAssertEqual(ContactSheet.label(of: frames[0]), ["frame 1 · tick 1", "commits 1 · 1 damage rect"])
                XCTAssertEqual(ContactSheet.label(of: frames[1]), ["frame 2 · tick 2", "commits 2 · 2 damage rects"])
                let image = try sheet.render()
                XCTAssertEqual(image.width, 12 + 2 * (180 + 12), "columns are wide enough for their labels")
                assertSnapshot(of: image, as: .image(tolerance: .antialiasing), named: "three-frames")
                XCTAssertEqual(try ContactSheet(frames: []).render().width, 12 + 240 + 12)
            }
        }
    }

    func test_theStepperStopsOncePerFrameAfterPausingAtEachPhaseInOrder() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let window = try Window(size: Size(width: 40, height: 30), presenter: FrameRecorder())
                let view = ProbeView(frame: Rect(x: 0, y: 0, width: 20, height: 10))
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

    func test_theTreeDescriptionShowsMarksContentsAndTheRenderTree() throws {
        try onMainActor {
            let window = try makeWindow(size: Size(width: 40, height: 30), scale: 2)
            let view = ProbeView(frame: Rect(x: 5, y: 5, width: 20, height: 10))
            window.addSubview(view)
            _ = window.snapshot()
            let root = window.layer.id, probe = view.layer.id
            XCTAssertEqual(window.layer.treeDescription, """
                Layer \(root) (delegate Window) frame (0, 0, 40×30), contents none, in render tree
                  Layer \(probe) (delegate ProbeView) frame (5, 5, 20×10), contents 40×20 @2x, in render tree
                """)
            view.setNeedsDisplay()
            view.frame.origin.x = 6
            let hidden = Layer()
            view.layer.addSublayer(hidden)
            XCTAssertEqual(view.layer.treeDescription, """
                Layer \(probe) (delegate ProbeView) frame (6, 5, 20×10), needsLayout, needsDisplay, contents 40×20 @2x, render tree stale
                  Layer \(hidden.id) frame (0, 0, 0×0), contents none, not in render tree
                """)
            XCTAssertEqual(Layer().treeDescription.hasSuffix("contents none, not hosted"), true)
        }
    }
}
