import LaminaFrames
import LaminaGraphics
import LaminaLayers
import LaminaLoop
import LaminaTesting
import LaminaUI
import XCTest

/// The contact sheet: a window's recorded frames side by side, labelled, with their damage.
final class ContactSheetTests: LaminaTestCase {
    func test_theContactSheetShowsEachFrameLabelledWithItsDamageOutlined() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let recorder = FrameRecorder()
                let window = try Window(size: Size(width: 80, height: 60), presenter: recorder)
                let view = FillView(frame: Rect(x: 10, y: 10, width: 20, height: 20))
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
}
