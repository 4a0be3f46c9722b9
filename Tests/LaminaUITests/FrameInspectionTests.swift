import Foundation
import LaminaGraphics
import LaminaLayers
import LaminaTesting
import LaminaUI
import XCTest

/// Looking at frames: the recorder's history and PNGs, and the tree dump. (The contact sheet and
/// the stepper are LaminaFrames', tested in LaminaFramesTests.)
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
