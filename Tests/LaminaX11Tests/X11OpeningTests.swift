import Glibc
import LaminaGraphics
@testable import LaminaX11
import XCTest

/// Opening a window where there is no usable X server gives a typed error, never a crash or a
/// hang. No Xvfb needed.
final class X11OpeningTests: XCTestCase {
    func test_noDisplayVariableGivesNoDisplay() {
        let saved = getenv("DISPLAY").map { String(cString: $0) }
        unsetenv("DISPLAY")
        defer { if let saved { setenv("DISPLAY", saved, 1) } }
        XCTAssertThrowsError(try X11Presenter(size: Size(width: 10, height: 10))) { error in
            XCTAssertEqual(error as? X11Error, .noDisplay)
        }
    }

    func test_aDisplayNameThatDoesNotParseIsRejected() {
        for name in ["not a display", "host:", ":x", "::"] {
            XCTAssertThrowsError(try X11Presenter(displayName: name, size: Size(width: 10, height: 10)), name) { error in
                XCTAssertEqual(error as? X11Error, .invalidDisplayName(name), name)
            }
        }
    }

    func test_aDisplayNobodyServesRefusesTheConnection() {
        // A display number no test starts (Xvfb -displayfd picks low free numbers).
        XCTAssertThrowsError(try X11Presenter(displayName: ":4093", size: Size(width: 10, height: 10))) { error in
            guard case .connectionFailed(display: ":4093", _) = error as? X11Error else {
                return XCTFail("\(error)")
            }
        }
    }

    func test_sizesNoWindowCanHaveAreRejectedBeforeConnecting() {
        for size in [Size(width: 0, height: 10), Size(width: .nan, height: 10), Size(width: 40000, height: 10)] {
            XCTAssertThrowsError(try X11Presenter(displayName: ":4093", size: size)) { error in
                guard case .invalidSize = error as? X11Error else { return XCTFail("\(error)") }
            }
        }
    }
}
