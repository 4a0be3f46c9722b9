import CXCB
import Foundation
import LaminaLoop
import LaminaTesting
import LaminaUI
@testable import LaminaX11
import XCTest

/// The CLIPBOARD selection against a real X client (xclip) and against raw xcb clients that
/// misbehave: copy, paste, non-ASCII and Latin-1 text, INCR both ways, losing the selection,
/// no owner, an owner that never answers and a requestor that vanishes mid-transfer.
final class X11ClipboardTests: LaminaTestCase {
    static let mixedText = "héllo — שלום — 日本"

    func test_textCopiedInLaminaIsReadByXclipWithTheTargetsItConvertsTo() throws {
        try onMainActor {
            let (display, window, events, clipboard) = try openClipboardWindow()
            defer { events.close() }
            XCTAssertTrue(window.pasteboard === clipboard, "the window's pasteboard is the X11 clipboard")
            clipboard.setString(Self.mixedText)
            XCTAssertTrue(pump { clipboard.ownsSelection }, "the copy takes the selection")
            XCTAssertEqual(try TestClient(display: display).selectionOwner(), clipboard.windowID)

            let utf8 = try Xclip.read(display: display)
            XCTAssertEqual(utf8.status, 0)
            XCTAssertEqual(String(decoding: utf8.output, as: UTF8.self), Self.mixedText)
            let targets = try Xclip.read(target: "TARGETS", display: display)
            let names = Set(String(decoding: targets.output, as: UTF8.self).split(separator: "\n").map(String.init))
            XCTAssertEqual(names, ["TARGETS", "MULTIPLE", "TIMESTAMP", "UTF8_STRING", "TEXT"],
                           "no STRING: the text has characters outside Latin-1")
            let string = try Xclip.read(target: "STRING", display: display)
            XCTAssertNotEqual(string.status, 0, "STRING is refused")
            XCTAssertEqual(string.output, [])
            let text = try Xclip.read(target: "TEXT", display: display)
            XCTAssertEqual(String(decoding: text.output, as: UTF8.self), Self.mixedText, "TEXT answers in UTF-8")
        }
    }

    func test_latin1TextIsAlsoOfferedAsSTRINGInLatin1() throws {
        try onMainActor {
            let (display, _, events, clipboard) = try openClipboardWindow()
            defer { events.close() }
            let latin1Text = "café crème\tà la carte\n"
            clipboard.setString(latin1Text)
            XCTAssertTrue(pump { clipboard.ownsSelection })
            let targets = try Xclip.read(target: "TARGETS", display: display)
            XCTAssertTrue(String(decoding: targets.output, as: UTF8.self).split(separator: "\n").contains("STRING"))
            let expected = latin1Text.unicodeScalars.map { UInt8($0.value) }
            XCTAssertEqual(try Xclip.read(target: "STRING", display: display).output, expected, "one byte per character")
            XCTAssertEqual(try Xclip.read(target: "TEXT", display: display).output, expected, "TEXT as STRING")
            XCTAssertEqual(try Xclip.read(display: display).output, Array(latin1Text.utf8), "UTF8_STRING stays UTF-8")
        }
    }

    func test_textCopiedByXclipPastesIntoLamina() throws {
        try onMainActor {
            let (display, _, events, clipboard) = try openClipboardWindow()
            defer { events.close() }
            let xclip = try Xclip.startOwner(of: Array(Self.mixedText.utf8), display: display)
            defer { xclip.kill() }
            XCTAssertEqual(paste(from: clipboard), .some(Self.mixedText))
        }
    }

    func test_anOwnerOfferingOnlySTRINGIsReadAsLatin1() throws {
        try onMainActor {
            let (display, _, events, clipboard) = try openClipboardWindow()
            defer { events.close() }
            // xclip -t STRING answers only STRING (and TARGETS): UTF8_STRING is refused first.
            let xclip = try Xclip.startOwner(of: [0x63, 0x61, 0x66, 0xE9], target: "STRING", display: display)
            defer { xclip.kill() }
            XCTAssertEqual(paste(from: clipboard), .some("café"))
        }
    }

    func test_aLargeTextGoesBothWaysIncrementally() throws {
        try onMainActor {
            let (display, _, events, clipboard) = try openClipboardWindow()
            defer { events.close() }
            // About 2 MB, with multi-byte characters across the chunk boundaries.
            let line = "\(Self.mixedText) 0123456789 abcdefghijklmnopqrstuvwxyz\n"
            let large = String(repeating: line, count: 2_000_000 / line.utf8.count + 1)
            XCTAssertGreaterThan(large.utf8.count, 2_000_000)

            clipboard.setString(large)
            XCTAssertTrue(pump { clipboard.ownsSelection })
            let copied = try Xclip.read(display: display)
            XCTAssertEqual(copied.status, 0)
            XCTAssertEqual(copied.output.count, large.utf8.count)
            XCTAssertTrue(copied.output == Array(large.utf8), "xclip read the whole text")
            XCTAssertEqual(clipboard.statistics.incrementalTransfersSent, 1, "sent in chunks of \(clipboard.chunkBytes) bytes")
            XCTAssertEqual(clipboard.incrementalTransferCount, 0, "the transfer finished")

            // xclip sends anything over 1 MiB on Xvfb by INCR (its threshold is the maximum
            // request length in 4-byte units, divided by 4).
            let otherLine = "xclip → Lamina ✓ \(Self.mixedText) 9876543210\n"
            let other = String(repeating: otherLine, count: 2_000_000 / otherLine.utf8.count + 1)
            let xclip = try Xclip.startOwner(of: Array(other.utf8), display: display)
            defer { xclip.kill() }
            let pasted = paste(from: clipboard, timeout: .seconds(30))
            XCTAssertEqual(pasted??.utf8.count, other.utf8.count)
            XCTAssertTrue(pasted == other, "Lamina read the whole text")
            XCTAssertEqual(clipboard.statistics.incrementalTransfersReceived, 1)
        }
    }

    func test_anotherClientTakingTheSelectionMakesLaminaReadItsText() throws {
        try onMainActor {
            let (display, window, events, clipboard) = try openClipboardWindow()
            defer { events.close() }
            window.pasteboard.setString("from Lamina")
            XCTAssertTrue(pump { clipboard.ownsSelection })
            XCTAssertEqual(paste(from: clipboard), .some("from Lamina"))
            let xclip = try Xclip.startOwner(of: Array("from xclip".utf8), display: display)
            defer { xclip.kill() }
            XCTAssertTrue(pump { !clipboard.ownsSelection }, "SelectionClear")
            XCTAssertEqual(paste(from: clipboard), .some("from xclip"))
        }
    }

    func test_aCopyInLaminaIsPastedFromMemoryWithoutARoundTrip() throws {
        try onMainActor {
            let (_, _, events, clipboard) = try openClipboardWindow()
            defer { events.close() }
            clipboard.setString("at once")
            var pasted: String??
            clipboard.readString { pasted = .some($0) }
            XCTAssertEqual(pasted, .some("at once"), "answered before readString returned, even before ownership")
        }
    }

    func test_readingWithNoOwnerGivesNilWithoutWaitingForTheTimeout() throws {
        try onMainActor {
            let (display, _, events, clipboard) = try openClipboardWindow()
            defer { events.close() }
            let client = try TestClient(display: display)
            let owner = client.makeWindow()
            client.takeClipboard(with: owner)
            xcb_destroy_window(client.raw, owner)
            client.sync()
            XCTAssertEqual(client.selectionOwner(), 0, "the owner's window went, and the selection with it")
            let start = EventLoop.Instant.monotonicNow
            XCTAssertEqual(paste(from: clipboard), .some(nil))
            XCTAssertLessThan(start.duration(to: .monotonicNow), clipboard.readTimeout, "the server refuses at once")
        }
    }

    func test_anOwnerThatNeverAnswersGivesNilAfterTheTimeoutWhileTheLoopRuns() throws {
        try onMainActor {
            let (display, _, events, clipboard) = try openClipboardWindow()
            defer { events.close() }
            let silent = try TestClient(display: display)
            silent.takeClipboard(with: silent.makeWindow())
            let ticks = TickCounter()
            let ticker = EventLoop.Timer(after: .milliseconds(50), interval: .milliseconds(50)) { _ in
                MainActor.assumeIsolated { ticks.count += 1 }
            }
            EventLoop.main.add(ticker, to: .common)
            defer { ticker.invalidate() }
            let start = EventLoop.Instant.monotonicNow
            XCTAssertEqual(paste(from: clipboard), .some(nil))
            let waited = start.duration(to: .monotonicNow)
            XCTAssertGreaterThanOrEqual(waited, clipboard.readTimeout)
            XCTAssertLessThan(waited, clipboard.readTimeout * 3)
            XCTAssertGreaterThanOrEqual(ticks.count, 10, "the main loop ran its timers while the paste waited")
        }
    }

    func test_aRequestorThatVanishesMidTransferIsDroppedAfterTheTransferTimeout() throws {
        try onMainActor {
            let (display, _, events, clipboard) = try openClipboardWindow()
            defer { events.close() }
            clipboard.maximumChunkBytes = 4096
            clipboard.transferTimeout = .milliseconds(300)
            let text = String(repeating: "chunked ", count: 4096)
            clipboard.setString(text)
            XCTAssertTrue(pump { clipboard.ownsSelection })

            var requestor: TestClient? = try TestClient(display: display)
            let window = requestor!.makeWindow()
            requestor!.convertClipboard(to: "UTF8_STRING", into: "REPLY", of: window)
            XCTAssertNotNil(requestor!.waitForEvent(XCB_SELECTION_NOTIFY))
            let header = requestor!.readProperty("REPLY", of: window, delete: true)
            XCTAssertEqual(header.type, requestor!.atom("INCR"))
            XCTAssertEqual(items32(header.bytes), [UInt32(text.utf8.count)], "INCR carries the size")
            let firstChunk = requestor!.waitForEvent(XCB_PROPERTY_NOTIFY) { event in
                event.withUnsafeBytes { $0.load(as: xcb_property_notify_event_t.self) }.state == UInt8(XCB_PROPERTY_NEW_VALUE.rawValue)
            }
            XCTAssertNotNil(firstChunk, "the first chunk")
            XCTAssertEqual(requestor!.readProperty("REPLY", of: window, delete: false).bytes.count, 4096)
            XCTAssertEqual(clipboard.incrementalTransferCount, 1)
            requestor = nil  // disconnects without reading on: the window goes with the client
            let start = EventLoop.Instant.monotonicNow
            XCTAssertTrue(pump { clipboard.incrementalTransferCount == 0 }, "the stalled transfer is dropped")
            XCTAssertGreaterThanOrEqual(start.duration(to: .monotonicNow), .milliseconds(250), "by its timer")

            let after = try Xclip.read(display: display)
            XCTAssertEqual(String(decoding: after.output, as: UTF8.self), text, "the next requestor is served")
        }
    }

    func test_MULTIPLEConvertsEachPairAndMarksTheOnesThatFail() throws {
        try onMainActor {
            let (display, _, events, clipboard) = try openClipboardWindow()
            defer { events.close() }
            clipboard.setString(Self.mixedText)
            XCTAssertTrue(pump { clipboard.ownsSelection })
            let client = try TestClient(display: display)
            let window = client.makeWindow()
            let pairs = [("UTF8_STRING", "P1"), ("STRING", "P2"), ("TIMESTAMP", "P3"), ("NO_SUCH_TARGET", "P4")]
            client.setProperty("PAIRS", of: window, type: "ATOM_PAIR",
                               items: pairs.flatMap { [client.atom($0.0), client.atom($0.1)] })
            client.convertClipboard(to: "MULTIPLE", into: "PAIRS", of: window)
            let notify = try XCTUnwrap(client.waitForEvent(XCB_SELECTION_NOTIFY))
            let event = notify.withUnsafeBytes { $0.load(as: xcb_selection_notify_event_t.self) }
            XCTAssertEqual(event.property, client.atom("PAIRS"))
            let answered = items32(client.readProperty("PAIRS", of: window, delete: true).bytes)
            XCTAssertEqual(answered, [client.atom("UTF8_STRING"), client.atom("P1"), 0, client.atom("P2"),
                                      client.atom("TIMESTAMP"), client.atom("P3"), 0, client.atom("P4")],
                           "the targets that failed are None")
            XCTAssertEqual(client.readProperty("P1", of: window, delete: true).bytes, Array(Self.mixedText.utf8))
            let timestamp = client.readProperty("P3", of: window, delete: true)
            XCTAssertEqual(timestamp.type, client.atom("INTEGER"))
            XCTAssertEqual(items32(timestamp.bytes), [try XCTUnwrap(clipboard.acquisitionTime)])
        }
    }

    func test_closingTheWindowReleasesTheSelectionAndKeepsTheTextInMemory() throws {
        try onMainActor {
            let (display, _, events, clipboard) = try openClipboardWindow()
            clipboard.setString("kept")
            XCTAssertTrue(pump { clipboard.ownsSelection })
            events.close()
            let client = try TestClient(display: display)
            XCTAssertEqual(client.selectionOwner(), 0, "the owner window was destroyed")
            XCTAssertFalse(clipboard.ownsSelection)
            XCTAssertEqual(paste(from: clipboard), .some("kept"))
            clipboard.setString("after")
            XCTAssertEqual(paste(from: clipboard), .some("after"))
        }
    }
}

/// Counts a timer's fires on the main thread.
@MainActor
final class TickCounter {
    var count = 0
}

/// An X11 window with its events connected, and its clipboard.
@MainActor
func openClipboardWindow() throws -> (display: String, window: Window, events: X11EventSource, clipboard: X11Clipboard) {
    guard Xclip.executable != nil else {
        throw XCTSkip("xclip is not installed (Scripts/install-deps.sh installs it): the clipboard tests are skipped")
    }
    let display = try SharedXvfb.display()
    let (_, window, events, _) = try openProbeWindow(display: display)
    return (display, window, events, events.clipboard)
}

/// Pastes from `clipboard`, running the main loop until the answer comes: `.some(text)`, or
/// nil when none came within `timeout`.
@MainActor
func paste(from clipboard: X11Clipboard, timeout: Duration = .seconds(10)) -> String?? {
    var answer: String??
    clipboard.readString { answer = .some($0) }
    _ = pump(until: { answer != nil }, timeout: timeout)
    return answer
}
