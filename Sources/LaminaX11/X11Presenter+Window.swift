import CXCB
import Glibc

extension X11Presenter {
    /// Creates the (unmapped) window: the screen's visual, black until the first frame, and the
    /// events the event source handles.
    static func createWindow(on connection: X11Connection, pixels: (width: Int, height: Int)) -> xcb_window_t {
        let window = xcb_generate_id(connection.raw)
        let events: UInt32 = XCB_EVENT_MASK_EXPOSURE.rawValue | XCB_EVENT_MASK_STRUCTURE_NOTIFY.rawValue
            | XCB_EVENT_MASK_BUTTON_PRESS.rawValue | XCB_EVENT_MASK_BUTTON_RELEASE.rawValue
            | XCB_EVENT_MASK_POINTER_MOTION.rawValue | XCB_EVENT_MASK_KEY_PRESS.rawValue
            | XCB_EVENT_MASK_KEY_RELEASE.rawValue | XCB_EVENT_MASK_VISIBILITY_CHANGE.rawValue
        // Values in the order of their mask bits: background pixel, then the event mask.
        let values: [UInt32] = [connection.blackPixel, events]
        xcb_create_window(connection.raw, connection.depth, window, connection.root, 0, 0,
                          UInt16(pixels.width), UInt16(pixels.height), 0,
                          UInt16(XCB_WINDOW_CLASS_INPUT_OUTPUT.rawValue), connection.visual,
                          XCB_CW_BACK_PIXEL.rawValue | XCB_CW_EVENT_MASK.rawValue, values)
        return window
    }

    /// Title (WM_NAME, and _NET_WM_NAME in UTF-8), WM_CLASS (instance and class names, as
    /// window managers group windows by it), and WM_PROTOCOLS naming WM_DELETE_WINDOW, so that
    /// closing the window asks the app instead of killing its connection.
    func setProperties(title: String, windowClass: String) {
        let replace = UInt8(XCB_PROP_MODE_REPLACE.rawValue)
        let string = xcb_atom_t(XCB_ATOM_STRING.rawValue)
        setProperty(xcb_atom_t(XCB_ATOM_WM_NAME.rawValue), type: string, bytes: Array(title.utf8), mode: replace)
        setProperty(connection.atom("_NET_WM_NAME"), type: connection.atom("UTF8_STRING"), bytes: Array(title.utf8), mode: replace)
        let instance = windowClass.lowercased()
        let classBytes = Array(instance.utf8) + [0] + Array(windowClass.utf8) + [0]
        setProperty(xcb_atom_t(XCB_ATOM_WM_CLASS.rawValue), type: string, bytes: classBytes, mode: replace)
        var protocols: [xcb_atom_t] = [deleteWindowAtom]
        xcb_change_property(connection.raw, replace, windowID, protocolsAtom, xcb_atom_t(XCB_ATOM_ATOM.rawValue), 32, 1, &protocols)
    }

    private func setProperty(_ property: xcb_atom_t, type: xcb_atom_t, bytes: [UInt8], mode: UInt8) {
        xcb_change_property(connection.raw, mode, windowID, property, type, 8, UInt32(bytes.count), bytes)
    }
}
