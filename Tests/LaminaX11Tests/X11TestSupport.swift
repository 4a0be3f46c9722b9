import LaminaGraphics
import LaminaLayers
import LaminaLoop
import LaminaTesting
import LaminaUI
@testable import LaminaX11
import XCTest

/// A view that fills its bounds with a colour, logs its pointer and key events, and can be the
/// first responder.
@MainActor
final class InputProbeView: View {
    var fill: Color = .red
    private(set) var log: [String] = []
    private(set) var keys: [KeyEvent] = []

    override var drawsContent: Bool { true }
    override var canBecomeFirstResponder: Bool { true }

    override func draw(_ rect: Rect, in context: GraphicsContext) {
        context.fillColor = fill
        context.fill(bounds)
    }

    override func pointerDown(_ event: PointerEvent) { log.append("down \(event.location)") }
    override func pointerMoved(_ event: PointerEvent) { log.append("move \(event.location)") }
    override func pointerUp(_ event: PointerEvent) { log.append("up \(event.location)") }
    override func scrollWheel(_ event: PointerEvent) {
        if case let .wheel(dx, dy) = event.phase { log.append("wheel \(dx) \(dy)") }
    }
    override func keyDown(_ event: KeyEvent) { keys.append(event) }
    override func keyUp(_ event: KeyEvent) { keys.append(event) }
}

/// A window that lays its subviews out to fill it, counting layouts.
@MainActor
final class FillingWindow: Window {
    private(set) var layouts = 0
    override func layoutSubviews() {
        layouts += 1
        for subview in subviews { subview.frame = bounds }
    }
}

/// One Xvfb for the whole test process, started by the first test that needs it.
enum SharedXvfb {
    nonisolated(unsafe) private static var server: XvfbServer?

    static func display() throws -> String {
        if let server { return server.display }
        let started = try XvfbServer.start()
        server = started
        atexit { SharedXvfb.server?.kill() }
        return started.display
    }
}

/// Runs the main loop, a short slice at a time, until `condition` holds; false when `timeout`
/// of real time passes first (so a broken event path fails instead of hanging).
@MainActor
func pump(until condition: () -> Bool, timeout: Duration = .seconds(10)) -> Bool {
    let deadline = EventLoop.Instant.monotonicNow.advanced(by: timeout)
    while !condition() {
        guard EventLoop.Instant.monotonicNow < deadline else { return false }
        _ = EventLoop.main.run(mode: .default, timeout: .milliseconds(20), returnAfterSourceHandled: true)
    }
    return true
}

/// Asserts that the window shows exactly `frame` (the colour channels: the X server keeps no
/// alpha at depth 24).
func assertSamePixels(_ shown: Image, _ frame: Image, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(shown.width, frame.width, "width \(message)", file: file, line: line)
    XCTAssertEqual(shown.height, frame.height, "height \(message)", file: file, line: line)
    guard shown.width == frame.width, shown.height == frame.height else { return }
    var mismatches = 0
    var first: (Int, Int)?
    shown.withUnsafePixelBytes { a, aStride in
        frame.withUnsafePixelBytes { b, bStride in
            for y in 0..<frame.height {
                for x in 0..<frame.width {
                    let pa = a.load(fromByteOffset: y * aStride + x * 4, as: UInt32.self) & 0xFF_FFFF
                    let pb = b.load(fromByteOffset: y * bStride + x * 4, as: UInt32.self) & 0xFF_FFFF
                    if pa != pb {
                        mismatches += 1
                        if first == nil { first = (x, y) }
                    }
                }
            }
        }
    }
    XCTAssertEqual(mismatches, 0, "pixels differ from the frame, first at \(String(describing: first)) \(message)",
                   file: file, line: line)
}
