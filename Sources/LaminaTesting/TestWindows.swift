import LaminaGraphics
import LaminaLayers
import LaminaUI

/// A new window of `size` points at `scale`, white, presenting to a new
/// ``/LaminaLayers/FrameRecorder`` that keeps its last ``TestWindows/keptFrames`` frames (read
/// them with ``presentedFrames(of:)`` and ``lastFrame(of:)``), kept alive until the current
/// ``LaminaTestCase`` test ends. Main thread.
///
/// - Throws: ``/LaminaGraphics/GraphicsError`` when the size or scale cannot make a framebuffer.
@MainActor
public func makeWindow(size: Size = TestWindows.defaultSize, scale: Double = 1) throws -> Window {
    let window = try Window(size: size, scale: scale, presenter: FrameRecorder(capacity: TestWindows.keptFrames))
    TestWindows.shared.made.append(window)
    return window
}

/// The current test's window, made on first use: ``TestWindows/defaultSize`` at scale 1. Each
/// ``LaminaTestCase`` test gets its own. Main thread.
@MainActor
public var testWindow: Window {
    get throws {
        if let existing = TestWindows.shared.default { return existing }
        let made = try makeWindow()
        TestWindows.shared.default = made
        return made
    }
}

/// The last frame `window` presented (the current test's ``testWindow`` when nil), or nil before
/// its first frame. Main thread.
@MainActor
public func lastFrame(of window: Window? = nil) -> PresentedFrame? {
    let presenter = window?.presenter ?? TestWindows.shared.default?.presenter
    return (presenter as? any FrameKeepingPresenter)?.lastFrame
}

/// The frames `window` presented (the current test's ``testWindow`` when nil), oldest first, up
/// to ``TestWindows/keptFrames`` of them: its frame history. Empty for a window whose presenter
/// is not a ``/LaminaLayers/FrameRecorder``. Main thread.
@MainActor
public func presentedFrames(of window: Window? = nil) -> [PresentedFrame] {
    let presenter = window?.presenter ?? TestWindows.shared.default?.presenter
    return (presenter as? FrameRecorder)?.frames ?? []
}

/// The windows of the test that is running: made by ``makeWindow(size:scale:)`` and
/// ``testWindow``, released by ``LaminaTestCase`` when the test ends so that no test sees
/// another's views or frames. Main thread.
@MainActor
public final class TestWindows {
    /// The size of ``testWindow``, in points.
    public nonisolated static let defaultSize = Size(width: 100, height: 100)
    /// How many frames a test window keeps.
    public nonisolated static let keptFrames = 60

    static let shared = TestWindows()

    /// Every window the test made, ``testWindow`` included.
    var made: [Window] = []
    /// ``testWindow``, once made.
    var `default`: Window?

    /// How many windows the running test has made.
    public static var count: Int { shared.made.count }

    func removeAll() {
        made = []
        `default` = nil
    }
}
