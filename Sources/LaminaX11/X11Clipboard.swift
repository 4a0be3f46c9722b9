import CXCB
import Glibc
import LaminaLoop
import LaminaUI

/// The X11 `CLIPBOARD` selection of one connection as a ``/LaminaUI/Pasteboard``: what a `Window` copies
/// reaches other X programs, and what they copy pastes into it. Main thread.
///
/// ``X11Presenter/connectEvents(to:)`` makes one and sets it as the window's
/// `Window/pasteboard`; the ``X11EventSource`` hands it the selection events (SelectionRequest,
/// SelectionNotify, SelectionClear, PropertyNotify). Everything runs on the main loop: no call
/// waits for another client, only for the server (a round trip to confirm ownership or a
/// property write), and waiting for another client is a timer of `EventLoop.main`.
///
/// An X selection is not a buffer the server keeps: its owner keeps the data and converts it
/// when asked (ICCCM section 2).
///
/// - **Copy** (``setString(_:)``, X11Clipboard+Owner.swift) keeps the text, gets a server
///   timestamp from a zero-length property append (ICCCM 2.1), takes ownership with it and
///   checks with `GetSelectionOwner` that it has it. Then it answers `SelectionRequest`s for
///   `TARGETS`, `UTF8_STRING`, `STRING`, `TEXT`, `TIMESTAMP` and `MULTIPLE`; text larger than
///   ``maximumChunkBytes`` goes incrementally (INCR, ICCCM 2.5 and 2.7.2). Another client
///   taking the selection (`SelectionClear`) drops the text.
/// - **Paste** (``readString(completion:)``, X11Clipboard+Requester.swift) answers from memory
///   while this connection owns the selection; otherwise it asks the owner to convert the
///   selection to `UTF8_STRING` (then `STRING`) into a property of the clipboard's window, and
///   reads it when `SelectionNotify` says it is there, following INCR. An owner that does not
///   answer within ``readTimeout`` gives nil.
///
/// `STRING` is ISO Latin-1 with tab and newline and no other control characters (ICCCM 2.7.1).
/// Text that has anything else cannot be converted to it, so the clipboard refuses `STRING`
/// for such text and leaves it out of `TARGETS` (ICCCM 2.2: refuse what cannot be converted;
/// 2.6.2: `TARGETS` lists the conversions that will succeed) rather than answering with a
/// lossy or mislabelled copy; `TEXT`, whose encoding is the owner's choice, is then answered
/// as `UTF8_STRING`.
///
/// After the event source closes, the clipboard no longer talks to the server: it keeps the
/// last text set here and answers reads with it (nil when it held none).
@MainActor
public final class X11Clipboard: Pasteboard {
    /// How long a paste waits for the owner's answer (the `SelectionNotify`, then each chunk of
    /// an incremental transfer) before it gives nil; 1 s by default.
    public var readTimeout: Duration = .seconds(1)
    /// How long an incremental transfer this clipboard sends waits for the requestor to take
    /// each chunk before it is dropped (a requestor that went away); 5 s by default.
    public var transferTimeout: Duration = .seconds(5)
    /// The most text bytes written to a property in one request; longer text goes
    /// incrementally, in chunks of this size. 256 KiB by default, and never more than the
    /// server's maximum request allows (ICCCM 2.5: a large selection is one that is large
    /// relative to the maximum request size).
    public var maximumChunkBytes = 256 * 1024
    /// Whether this connection owns `CLIPBOARD`, as the server confirmed: false before the
    /// first copy, while a copy is taking ownership, and once another client took it.
    public internal(set) var ownsSelection = false
    /// The X window that owns the selection and receives replies: an unmapped input-only child
    /// of the root, made for the purpose (ICCCM 2.1: a window the client created).
    public let windowID: UInt32
    /// What the clipboard has done with other clients so far.
    public internal(set) var statistics = X11ClipboardStatistics()

    let connection: X11Connection
    let atoms: X11SelectionAtoms

    /// The text copied here, answered from memory; nil when another client's copy replaced it.
    var text: String?
    /// The server time this connection last took ownership at (the `TIMESTAMP` target).
    var acquisitionTime: xcb_timestamp_t?
    /// Counts copies, so that only the latest one's timestamp takes ownership.
    var acquisitionGeneration = 0
    /// Whether a copy is waiting for its timestamp to take ownership.
    var isAcquiring = false
    /// Incremental transfers under way to requestors, by requestor window and property.
    var outgoing: [X11TransferKey: X11OutgoingTransfer] = [:]
    /// The paste under way, if any.
    var read: X11PendingRead?
    var readsStarted = 0
    /// Who waits for a server timestamp, in the order their appends were sent.
    var timestampWaiters: [@MainActor (xcb_timestamp_t) -> Void] = []
    var isClosed = false

    /// Makes the clipboard's window on `connection`. A broken connection makes a clipboard
    /// that only keeps text in memory once it is closed.
    init(connection: X11Connection) {
        self.connection = connection
        atoms = X11SelectionAtoms(connection: connection)
        windowID = xcb_generate_id(connection.raw)
        // PropertyChange: timestamps from zero-length appends, and the chunks of incoming
        // incremental transfers, arrive as PropertyNotify on this window.
        let values: [UInt32] = [XCB_EVENT_MASK_PROPERTY_CHANGE.rawValue]
        xcb_create_window(connection.raw, 0, windowID, connection.root, -10, -10, 1, 1, 0,
                          UInt16(XCB_WINDOW_CLASS_INPUT_ONLY.rawValue), xcb_visualid_t(XCB_COPY_FROM_PARENT),
                          XCB_CW_EVENT_MASK.rawValue, values)
        connection.flush()
    }

    /// Copies `string`: keeps it and takes ownership of `CLIPBOARD` once the server has given a
    /// timestamp (on the main loop, a moment later; ``ownsSelection`` says when). Reads answer
    /// with it from now on. When another client takes the selection in between, with a later
    /// time, the copy is given up (ICCCM 2.6.1.3: a client that cannot take the clipboard does
    /// not act as though it had copied).
    public func setString(_ string: String) {
        text = string
        guard !isClosed else { return }
        acquisitionGeneration += 1
        isAcquiring = true
        let generation = acquisitionGeneration
        requestTimestamp { [weak self] time in self?.acquire(at: time, generation: generation) }
    }

    /// Pastes: calls `completion` with the text of `CLIPBOARD` — at once when this connection
    /// holds it; otherwise on the main loop once the owner has answered, or with nil when there
    /// is no owner, it holds no text, or it does not answer within ``readTimeout``. Reads made
    /// while one is under way get its answer.
    public func readString(completion: @escaping @MainActor (String?) -> Void) {
        if let text {
            completion(text)
            return
        }
        guard !isClosed else {
            completion(nil)
            return
        }
        startRead(completion)
    }

    /// Stops talking to the server (the event source closed): reads under way give nil,
    /// transfers stop, and the window goes (which releases the selection). Later calls do
    /// nothing.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        ownsSelection = false
        timestampWaiters.removeAll()
        for key in Array(outgoing.keys) { endTransfer(key) }
        finishRead(nil)
        guard !connection.hasFailed else { return }
        xcb_destroy_window(connection.raw, windowID)
        connection.flush()
    }

    /// Handles a selection or property event; the event source passes every one of these kinds.
    func handle(_ event: UnsafeMutablePointer<xcb_generic_event_t>) {
        guard !isClosed else { return }
        let raw = UnsafeMutableRawPointer(event)
        switch Int32(event.pointee.response_type & 0x7F) {
        case XCB_SELECTION_REQUEST: handleRequest(raw.load(as: xcb_selection_request_event_t.self))
        case XCB_SELECTION_CLEAR: handleClear(raw.load(as: xcb_selection_clear_event_t.self))
        case XCB_SELECTION_NOTIFY: handleNotify(raw.load(as: xcb_selection_notify_event_t.self))
        case XCB_PROPERTY_NOTIFY: handlePropertyNotify(raw.load(as: xcb_property_notify_event_t.self))
        default: break
        }
    }

    /// A property was written or deleted: a timestamp arriving, a chunk of an incoming transfer,
    /// or a requestor having read a chunk of an outgoing one.
    private func handlePropertyNotify(_ event: xcb_property_notify_event_t) {
        let isNewValue = event.state == UInt8(XCB_PROPERTY_NEW_VALUE.rawValue)
        if event.window == windowID {
            if event.atom == atoms.clock, isNewValue, !timestampWaiters.isEmpty {
                timestampWaiters.removeFirst()(event.time)
            } else if isNewValue {
                receiveChunk(property: event.atom)
            }
        } else if !isNewValue {
            sendNextChunk(X11TransferKey(requestor: event.window, property: event.atom))
        }
    }

    /// Calls `then` with the current server time: a zero-length append to a property of the
    /// clipboard's window, whose PropertyNotify carries the time (ICCCM 2.1's way to get a
    /// timestamp when no event triggered the request).
    func requestTimestamp(_ then: @escaping @MainActor (xcb_timestamp_t) -> Void) {
        timestampWaiters.append(then)
        xcb_change_property(connection.raw, UInt8(XCB_PROP_MODE_APPEND.rawValue), windowID, atoms.clock,
                            xcb_atom_t(XCB_ATOM_INTEGER.rawValue), 32, 0, nil)
        connection.flush()
    }

    /// A one-shot timer of `EventLoop.main` in its common modes, calling `action` on the main
    /// thread.
    func startTimer(after delay: Duration, name: String, _ action: @escaping @Sendable @MainActor () -> Void) -> EventLoop.Timer {
        let timer = EventLoop.Timer(after: delay, name: name) { _ in MainActor.assumeIsolated { action() } }
        EventLoop.main.add(timer, to: .common)
        return timer
    }
}
