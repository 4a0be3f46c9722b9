import CXCB
import Glibc

/// Sending a large selection incrementally (INCR, ICCCM 2.5 and 2.7.2).
///
/// 1. The reply property gets type INCR and, as its value, a lower bound of the size (here the
///    exact size); the clipboard selects PropertyChange on the requestor's window first, so
///    that it hears the requestor delete it. Then the SelectionNotify goes out as usual.
/// 2. The requestor deletes the property: that is its "go". Each PropertyNotify (Deleted) of
///    that property on that window makes the clipboard append the next chunk, of the real
///    type, at most ``X11Clipboard/chunkBytes`` long.
/// 3. When the last chunk has been deleted, the clipboard writes zero bytes: the end.
///
/// A requestor that stops deleting (it crashed, or gave up) would leave the transfer waiting
/// for ever; each chunk re-arms a timer of ``X11Clipboard/transferTimeout``, and when it fires
/// the transfer is dropped. A write the server refuses (the requestor's window is gone) drops
/// it at once.
extension X11Clipboard {
    /// Writes the INCR header for `data` into `key`'s property and records the transfer; false
    /// when the server refused the write.
    func startTransfer(_ data: X11PropertyData, to key: X11TransferKey) -> Bool {
        if outgoing[key] != nil { endTransfer(key) }
        watchProperties(of: key.requestor, true)
        let header = X11PropertyData(type: atoms.incr, items: [UInt32(clamping: data.bytes.count)])
        guard writeProperty(key.property, of: key.requestor, type: header.type, format: 32, bytes: header.bytes[...]) else {
            if !outgoing.keys.contains(where: { $0.requestor == key.requestor }) { watchProperties(of: key.requestor, false) }
            return false
        }
        outgoing[key] = X11OutgoingTransfer(data: data)
        armTransferTimer(key)
        return true
    }

    /// The requestor deleted `key`'s property: sends the next chunk, or the zero-length end
    /// after the last one (which finishes the transfer). Deletions of other properties are
    /// not this clipboard's business.
    func sendNextChunk(_ key: X11TransferKey) {
        guard var transfer = outgoing[key] else { return }
        let data = transfer.data
        let end = min(transfer.sent + chunkBytes, data.bytes.count)
        let written = writeProperty(key.property, of: key.requestor, type: data.type, format: data.format,
                                    bytes: data.bytes[transfer.sent..<end], appending: true)
        guard written, transfer.sent < data.bytes.count else {
            endTransfer(key, completed: written)
            return
        }
        transfer.sent = end
        outgoing[key] = transfer
        armTransferTimer(key)
    }

    /// Ends the transfer to `key` — `completed`, or dropped — and, when no other transfer goes
    /// to that window, stops listening to its properties.
    func endTransfer(_ key: X11TransferKey, completed: Bool = false) {
        guard let transfer = outgoing.removeValue(forKey: key) else { return }
        transfer.timer?.invalidate()
        if completed { statistics.incrementalTransfersSent += 1 } else { statistics.incrementalTransfersDropped += 1 }
        if !outgoing.keys.contains(where: { $0.requestor == key.requestor }) { watchProperties(of: key.requestor, false) }
    }

    /// The number of incremental transfers under way (tests watch it drain).
    var incrementalTransferCount: Int { outgoing.count }

    /// (Re)starts the timer that drops the transfer to `key` when its requestor stalls.
    private func armTransferTimer(_ key: X11TransferKey) {
        outgoing[key]?.timer?.invalidate()
        outgoing[key]?.timer = startTimer(after: transferTimeout, name: "X11 clipboard transfer timeout") { [weak self] in
            self?.endTransfer(key)
        }
    }

    /// Selects (or deselects) PropertyChange on a requestor's window. The mask is this
    /// connection's own on that window, so the requestor's selections are not touched. A
    /// window that is gone gives an error event, which the event source ignores.
    private func watchProperties(of window: xcb_window_t, _ watching: Bool) {
        guard !connection.hasFailed else { return }
        let values: [UInt32] = [watching ? XCB_EVENT_MASK_PROPERTY_CHANGE.rawValue : 0]
        xcb_change_window_attributes(connection.raw, window, XCB_CW_EVENT_MASK.rawValue, values)
        connection.flush()
    }
}
