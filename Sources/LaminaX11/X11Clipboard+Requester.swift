import CXCB
import Glibc
import LaminaLoop

/// A paste under way: who waits for it, and how far it got.
struct X11PendingRead {
    enum Stage {
        /// Waiting for the server time to ask with.
        case awaitingTimestamp
        /// ConvertSelection sent; waiting for the owner's SelectionNotify.
        case converting(target: xcb_atom_t, time: xcb_timestamp_t)
        /// The owner answered INCR; chunks arrive in `property`.
        case receiving(property: xcb_atom_t)
    }

    let id: Int
    var completions: [@MainActor (String?) -> Void]
    var stage = Stage.awaitingTimestamp
    /// The chunks of an INCR transfer so far, and their type (the first chunk's).
    var received: [UInt8] = []
    var receivedType: xcb_atom_t?
    /// Gives up when the owner is silent for ``X11Clipboard/readTimeout``.
    var timer: EventLoop.Timer?
}

/// Pasting from another client (ICCCM 2.4, and 2.7.2 for INCR):
///
/// 1. Get a server time (a zero-length append: a ConvertSelection should not use CurrentTime).
/// 2. Delete the reply property of the clipboard's window (ICCCM 2.4: it should not exist
///    when the request is made), then ConvertSelection of CLIPBOARD to UTF8_STRING into it.
/// 3. SelectionNotify: a property of None is a refusal (or no owner: the server answers
///    itself); UTF8_STRING refused, ask for STRING; STRING refused, nil. Otherwise read the
///    property and delete it in the same GetProperty.
/// 4. A property of type INCR: that deletion started the transfer. Each PropertyNotify
///    (NewValue) of the property brings a chunk, read and deleted the same way, until a
///    zero-length one.
///
/// Each step re-arms a timer of ``X11Clipboard/readTimeout``; when it fires the paste gives
/// nil. Nothing blocks: every wait is the main loop running until an event or the timer.
extension X11Clipboard {
    /// Starts a paste for `completion`, or adds it to the one under way.
    func startRead(_ completion: @escaping @MainActor (String?) -> Void) {
        if read != nil {
            read?.completions.append(completion)
            return
        }
        readsStarted += 1
        let id = readsStarted
        read = X11PendingRead(id: id, completions: [completion])
        armReadTimer()
        requestTimestamp { [weak self] time in
            guard let self else { return }
            convert(to: atoms.utf8String, at: time, read: id)
        }
    }

    /// Asks the owner for the selection as `target` (step 2).
    private func convert(to target: xcb_atom_t, at time: xcb_timestamp_t, read id: Int) {
        guard read?.id == id else { return }
        xcb_delete_property(connection.raw, windowID, atoms.transfer)
        xcb_convert_selection(connection.raw, windowID, atoms.clipboard, target, atoms.transfer, time)
        connection.flush()
        read?.stage = .converting(target: target, time: time)
        armReadTimer()
    }

    /// The owner's (or the server's) answer to the ConvertSelection (step 3).
    func handleNotify(_ event: xcb_selection_notify_event_t) {
        guard event.requestor == windowID, event.selection == atoms.clipboard, let read,
              case let .converting(target, time) = read.stage, event.target == target else { return }
        guard event.property != atoms.none else {
            if target == atoms.utf8String {
                convert(to: atoms.string, at: time, read: read.id)
            } else {
                finishRead(nil)
            }
            return
        }
        guard let value = readProperty(event.property, of: windowID, delete: true), value.type != atoms.none else {
            finishRead(nil)
            return
        }
        if value.type == atoms.incr {
            self.read?.stage = .receiving(property: event.property)
            armReadTimer()
        } else {
            finishRead(decode(value.bytes, type: value.type))
        }
    }

    /// A property of the clipboard's window has a new value: the next chunk of an incoming
    /// INCR transfer, when that is what it is (step 4).
    func receiveChunk(property: xcb_atom_t) {
        guard case .receiving(property)? = read?.stage,
              let chunk = readProperty(property, of: windowID, delete: true) else { return }
        guard !chunk.bytes.isEmpty else {
            statistics.incrementalTransfersReceived += 1
            finishRead(read.flatMap { decode($0.received, type: $0.receivedType ?? chunk.type) })
            return
        }
        read?.received.append(contentsOf: chunk.bytes)
        if read?.receivedType == nil { read?.receivedType = chunk.type }
        armReadTimer()
    }

    /// Ends the paste under way, if any, calling everyone who waits for it with `text`.
    func finishRead(_ text: String?) {
        guard let finished = read else { return }
        read = nil
        finished.timer?.invalidate()
        for completion in finished.completions { completion(text) }
    }

    /// Text from a reply of `type`: ISO Latin-1 for STRING; UTF-8 for UTF8_STRING and for any
    /// other 8-bit type an owner chose (with U+FFFD for bytes that are not UTF-8).
    private func decode(_ bytes: [UInt8], type: xcb_atom_t) -> String? {
        if type == atoms.string {
            var scalars = String.UnicodeScalarView()
            scalars.append(contentsOf: bytes.map { Unicode.Scalar($0) })
            return String(scalars)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// (Re)starts the timer that gives up on the paste under way.
    private func armReadTimer() {
        guard let id = read?.id else { return }
        read?.timer?.invalidate()
        read?.timer = startTimer(after: readTimeout, name: "X11 clipboard read timeout") { [weak self] in
            guard let self, read?.id == id else { return }
            statistics.readsTimedOut += 1
            finishRead(nil)
        }
    }
}
