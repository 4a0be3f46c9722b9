import CXCB
import Glibc

/// The atoms the clipboard uses, interned in one round trip.
struct X11SelectionAtoms {
    let clipboard, targets, multiple, timestamp, text, utf8String, incr: xcb_atom_t
    /// The property of the clipboard's window that owners write replies into.
    let transfer: xcb_atom_t
    /// The property of the clipboard's window whose zero-length appends give timestamps.
    let clock: xcb_atom_t
    let string = xcb_atom_t(XCB_ATOM_STRING.rawValue)
    let atom = xcb_atom_t(XCB_ATOM_ATOM.rawValue)
    let integer = xcb_atom_t(XCB_ATOM_INTEGER.rawValue)
    let none = xcb_atom_t(XCB_ATOM_NONE.rawValue)

    init(connection: X11Connection) {
        let names = ["CLIPBOARD", "TARGETS", "MULTIPLE", "TIMESTAMP", "TEXT", "UTF8_STRING", "INCR",
                     "LAMINA_SELECTION", "LAMINA_TIMESTAMP"]
        let interned = connection.atoms(names)
        clipboard = interned[0]
        targets = interned[1]
        multiple = interned[2]
        timestamp = interned[3]
        text = interned[4]
        utf8String = interned[5]
        incr = interned[6]
        transfer = interned[7]
        clock = interned[8]
    }
}

/// A property's value as GetProperty returns it.
struct X11PropertyValue {
    /// `XCB_ATOM_NONE` when the property does not exist.
    var type: xcb_atom_t
    /// 8, 16 or 32 bits per item (0 when the property does not exist).
    var format: UInt8
    var bytes: [UInt8]

    /// The value as 32-bit items (format 32), in the client's byte order as xcb delivers them.
    var items32: [UInt32] {
        guard format == 32 else { return [] }
        return bytes.withUnsafeBytes { raw in (0..<raw.count / 4).map { raw.load(fromByteOffset: $0 * 4, as: UInt32.self) } }
    }
}

/// What a property write carries: a type, a format and the bytes (32-bit items in the client's
/// byte order).
struct X11PropertyData {
    var type: xcb_atom_t
    var format: UInt8
    var bytes: [UInt8]

    init(type: xcb_atom_t, format: UInt8 = 8, bytes: [UInt8]) {
        self.type = type
        self.format = format
        self.bytes = bytes
    }

    init(type: xcb_atom_t, items: [UInt32]) {
        self.init(type: type, format: 32, bytes: items.withUnsafeBytes { Array($0) })
    }
}

extension X11Clipboard {
    /// Writes `bytes` (items of `format` bits) to `property` of `window` and waits one round
    /// trip for the server's verdict: false when it refused (no memory — ICCCM 2.5 requires the
    /// owner to check for that before confirming — or the window is gone).
    func writeProperty(_ property: xcb_atom_t, of window: xcb_window_t, type: xcb_atom_t, format: UInt8,
                       bytes: ArraySlice<UInt8>, appending: Bool = false) -> Bool {
        let mode = UInt8((appending ? XCB_PROP_MODE_APPEND : XCB_PROP_MODE_REPLACE).rawValue)
        let items = UInt32(bytes.count / (Int(format) / 8))
        let cookie = bytes.withUnsafeBytes { raw in
            xcb_change_property_checked(connection.raw, mode, window, property, type, format, items, raw.baseAddress)
        }
        guard let error = xcb_request_check(connection.raw, cookie) else { return !connection.hasFailed }
        free(error)
        return false
    }

    /// Reads all of `property` of `window` in one GetProperty, deleting it afterwards when
    /// `delete` is true; nil when the connection broke.
    func readProperty(_ property: xcb_atom_t, of window: xcb_window_t, delete: Bool) -> X11PropertyValue? {
        // The length is in 32-bit units: ask for everything, the reply carries what there is.
        let cookie = xcb_get_property(connection.raw, delete ? 1 : 0, window, property,
                                      xcb_atom_t(XCB_GET_PROPERTY_TYPE_ANY.rawValue), 0, UInt32.max / 4)
        guard let reply = xcb_get_property_reply(connection.raw, cookie, nil) else { return nil }
        defer { free(reply) }
        let length = Int(xcb_get_property_value_length(reply))
        let bytes = xcb_get_property_value(reply).map { Array(UnsafeRawBufferPointer(start: $0, count: length)) } ?? []
        return X11PropertyValue(type: reply.pointee.type, format: reply.pointee.format, bytes: bytes)
    }

    /// Tells `requestor` that its conversion of `target` is in `property`, or was refused when
    /// `property` is None: a SelectionNotify sent with an empty event mask (ICCCM 2.2), with the
    /// request's selection, target and time.
    func notify(_ requestor: xcb_window_t, target: xcb_atom_t, property: xcb_atom_t, time: xcb_timestamp_t) {
        var event = xcb_selection_notify_event_t()
        event.response_type = UInt8(XCB_SELECTION_NOTIFY)
        event.time = time
        event.requestor = requestor
        event.selection = atoms.clipboard
        event.target = target
        event.property = property
        // Core events are 32 bytes on the wire.
        var wire = [CChar](repeating: 0, count: 32)
        withUnsafeBytes(of: &event) { bytes in
            for index in 0..<min(32, bytes.count) { wire[index] = CChar(bitPattern: bytes[index]) }
        }
        xcb_send_event(connection.raw, 0, requestor, XCB_EVENT_MASK_NO_EVENT.rawValue, wire)
        connection.flush()
    }

    /// The largest chunk one property write may carry: ``maximumChunkBytes``, under the
    /// server's maximum request length less ChangeProperty's 24-byte header (and BIG-REQUESTS'
    /// 4 more), in whole 32-bit units.
    var chunkBytes: Int {
        let serverLimit = connection.maximumRequestBytes - 28
        return max(4, min(maximumChunkBytes, serverLimit) & ~3)
    }
}
