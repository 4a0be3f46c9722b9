import CXCB
import Glibc
import LaminaLoop

/// Where an incremental transfer goes: the requestor's window and the property it named.
struct X11TransferKey: Hashable {
    var requestor: xcb_window_t
    var property: xcb_atom_t
}

/// An incremental (INCR) transfer this clipboard is sending (ICCCM 2.7.2).
struct X11OutgoingTransfer {
    var data: X11PropertyData
    /// How many bytes of `data` the requestor has been sent.
    var sent = 0
    /// Ends the transfer when the requestor stops taking chunks.
    var timer: EventLoop.Timer?
}

extension X11Clipboard {
    /// Takes ownership at `time`, the server time of this copy's zero-length append, unless a
    /// later copy superseded it; then asks the server who owns the selection (ICCCM 2.1: a
    /// SetSelectionOwner with a time older than the last change appears to succeed and does
    /// nothing, so only GetSelectionOwner tells).
    func acquire(at time: xcb_timestamp_t, generation: Int) {
        guard generation == acquisitionGeneration, !isClosed else { return }
        isAcquiring = false
        xcb_set_selection_owner(connection.raw, windowID, atoms.clipboard, time)
        let cookie = xcb_get_selection_owner(connection.raw, atoms.clipboard)
        var owner = xcb_window_t(XCB_NONE)
        if let reply = xcb_get_selection_owner_reply(connection.raw, cookie, nil) {
            owner = reply.pointee.owner
            free(reply)
        }
        if owner == windowID {
            acquisitionTime = time
            ownsSelection = true
        } else {
            loseSelection()
        }
    }

    /// Another client took the selection: reads go to it from now on. A copy waiting for its
    /// timestamp decides for itself: its SetSelectionOwner comes after this change, or fails.
    /// Transfers under way finish (ICCCM 2.2: an owner that loses the selection mid-transfer
    /// keeps serving it).
    func handleClear(_ event: xcb_selection_clear_event_t) {
        guard event.owner == windowID, event.selection == atoms.clipboard, !isAcquiring else { return }
        loseSelection()
    }

    private func loseSelection() {
        text = nil
        acquisitionTime = nil
        ownsSelection = false
    }

    /// Converts the selection for a requestor, or refuses: when this connection does not own
    /// it, or the request is timed before it took ownership (ICCCM 2.2); a property of None is
    /// an obsolete requestor's, answered in the property named like the target.
    func handleRequest(_ request: xcb_selection_request_event_t) {
        let property = request.property == atoms.none ? request.target : request.property
        let inPeriod = acquisitionTime.map { request.time == xcb_timestamp_t(XCB_CURRENT_TIME) || request.time >= $0 } ?? false
        guard request.selection == atoms.clipboard, ownsSelection, inPeriod, let text else {
            statistics.requestsRefused += 1
            notify(request.requestor, target: request.target, property: atoms.none, time: request.time)
            return
        }
        let delivered = if request.target == atoms.multiple {
            request.property != atoms.none && convertMultiple(text, for: request.requestor, in: request.property)
        } else {
            deliver(text, as: request.target, to: request.requestor, in: property)
        }
        if delivered { statistics.requestsAnswered += 1 } else { statistics.requestsRefused += 1 }
        notify(request.requestor, target: request.target, property: delivered ? property : atoms.none, time: request.time)
    }

    /// MULTIPLE (ICCCM 2.6.2): the property holds (target, property) pairs; each is converted
    /// in order as a request of its own, and a pair that fails has its target replaced by None.
    /// The pairs are written back before the one SelectionNotify.
    private func convertMultiple(_ text: String, for requestor: xcb_window_t, in property: xcb_atom_t) -> Bool {
        guard let list = readProperty(property, of: requestor, delete: false), list.format == 32 else { return false }
        var pairs = list.items32
        for index in stride(from: 0, to: pairs.count - 1, by: 2) {
            let (target, pairProperty) = (pairs[index], pairs[index + 1])
            let converted = target != atoms.multiple && pairProperty != atoms.none
                && deliver(text, as: target, to: requestor, in: pairProperty)
            if !converted { pairs[index] = atoms.none }
        }
        let written = X11PropertyData(type: list.type, items: pairs)
        return writeProperty(property, of: requestor, type: written.type, format: 32, bytes: written.bytes[...])
    }

    /// Puts `text` converted to `target` into `property` of `requestor`: in one write, or the
    /// INCR header when the text is larger than a chunk. False when the target is not one
    /// the text converts to, or the server refused the write.
    private func deliver(_ text: String, as target: xcb_atom_t, to requestor: xcb_window_t, in property: xcb_atom_t) -> Bool {
        guard let data = conversion(of: text, to: target) else { return false }
        guard data.bytes.count > chunkBytes else {
            return writeProperty(property, of: requestor, type: data.type, format: data.format, bytes: data.bytes[...])
        }
        return startTransfer(data, to: X11TransferKey(requestor: requestor, property: property))
    }

    /// The text as `target`: the atoms of the targets that succeed (TARGETS), the ownership
    /// time (TIMESTAMP), UTF-8 (UTF8_STRING), ISO Latin-1 (STRING, only for text that is
    /// Latin-1 with tab and newline, ICCCM 2.7.1), or TEXT in the owner's choice of encoding:
    /// STRING when the text allows it, UTF8_STRING otherwise. Nil for any other target.
    func conversion(of text: String, to target: xcb_atom_t) -> X11PropertyData? {
        let latin1 = X11Clipboard.latin1(text)
        switch target {
        case atoms.targets:
            var targets = [atoms.targets, atoms.multiple, atoms.timestamp, atoms.utf8String, atoms.text]
            if latin1 != nil { targets.append(atoms.string) }
            return X11PropertyData(type: atoms.atom, items: targets)
        case atoms.timestamp:
            return acquisitionTime.map { X11PropertyData(type: atoms.integer, items: [$0]) }
        case atoms.utf8String:
            return X11PropertyData(type: atoms.utf8String, bytes: Array(text.utf8))
        case atoms.string:
            return latin1.map { X11PropertyData(type: atoms.string, bytes: $0) }
        case atoms.text:
            return latin1.map { X11PropertyData(type: atoms.string, bytes: $0) }
                ?? X11PropertyData(type: atoms.utf8String, bytes: Array(text.utf8))
        default:
            return nil
        }
    }

    /// `text` in ISO Latin-1, or nil when it has a character STRING cannot carry: one above
    /// U+00FF, or a control character other than tab and newline (ICCCM 2.7.1).
    static func latin1(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x20...0x7E, 0xA0...0xFF: bytes.append(UInt8(scalar.value))
            default: return nil
            }
        }
        return bytes
    }
}
