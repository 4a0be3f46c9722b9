import CXCB
import Glibc
import LaminaUI

/// Keycodes to ``KeyEvent``s through the server's keyboard mapping (xcb-keysyms).
///
/// xcb-keysyms rather than xkbcommon-x11: the demos need the named keys and the text of a
/// layout's plain and shifted levels, which the core keyboard mapping gives directly; xkbcommon
/// would bring a keymap compiler and state machine (dead keys, compose, level 3) that nothing
/// here uses, and its X11 half needs the XKB extension negotiated first.
final class X11Keyboard {
    private let symbols: OpaquePointer?

    init(connection: X11Connection) {
        symbols = xcb_key_symbols_alloc(connection.raw)
    }

    deinit {
        if let symbols { xcb_key_symbols_free(symbols) }
    }

    /// Reloads the mapping after the server announced a change (MappingNotify).
    func refresh(after event: UnsafeMutablePointer<xcb_mapping_notify_event_t>) {
        guard let symbols else { return }
        xcb_refresh_keyboard_mapping(symbols, event)
    }

    /// The event for `keycode` with the X modifier `state`.
    func event(keycode: UInt8, state: UInt16, phase: KeyEvent.Phase, isRepeat: Bool) -> KeyEvent {
        let modifiers = X11Keyboard.modifiers(state)
        let plain = keysym(keycode, column: 0)
        let key = X11Keyboard.key(for: plain)
        guard phase == .down, !modifiers.contains(.control), !modifiers.contains(.meta) else {
            return KeyEvent(key: key, phase: phase, modifiers: modifiers, isRepeat: isRepeat)
        }
        // Shift and Caps Lock pick the shifted level; Caps Lock only for letters.
        let shifted = keysym(keycode, column: 1)
        let isLetter = X11Keyboard.scalar(for: plain).map { $0.properties.isAlphabetic } ?? false
        let useShifted = modifiers.contains(.shift) != (modifiers.contains(.capsLock) && isLetter)
        let typed = useShifted && shifted != 0 ? shifted : plain
        let text = X11Keyboard.scalar(for: typed).map { String(Character($0)) }
        return KeyEvent(key: key, phase: phase, modifiers: modifiers, text: text, isRepeat: isRepeat)
    }

    private func keysym(_ keycode: UInt8, column: Int32) -> UInt32 {
        guard let symbols else { return 0 }
        return xcb_key_symbols_get_keysym(symbols, keycode, column)
    }

    /// X modifier bits: Shift 1, Lock 2, Control 4, Mod1 (Alt) 8, Mod4 (Super) 64.
    static func modifiers(_ state: UInt16) -> KeyEvent.Modifiers {
        var modifiers: KeyEvent.Modifiers = []
        if state & 1 != 0 { modifiers.insert(.shift) }
        if state & 2 != 0 { modifiers.insert(.capsLock) }
        if state & 4 != 0 { modifiers.insert(.control) }
        if state & 8 != 0 { modifiers.insert(.alt) }
        if state & 64 != 0 { modifiers.insert(.meta) }
        return modifiers
    }

    /// The named keys by keysym (X11's keysymdef.h values).
    static let namedKeys: [UInt32: KeyEvent.Key] = [
        0xFF52: .upArrow, 0xFF54: .downArrow, 0xFF51: .leftArrow, 0xFF53: .rightArrow,
        0xFF55: .pageUp, 0xFF56: .pageDown, 0xFF50: .home, 0xFF57: .end,
        0xFF97: .upArrow, 0xFF99: .downArrow, 0xFF96: .leftArrow, 0xFF98: .rightArrow,
        0xFF9A: .pageUp, 0xFF9B: .pageDown, 0xFF95: .home, 0xFF9C: .end,
        0x20: .space, 0xFF0D: .enter, 0xFF8D: .enter, 0xFF1B: .escape, 0xFF09: .tab,
        0xFF08: .backspace, 0xFFFF: .delete,
    ]

    /// The key a keysym names: a named key, a character key, or `.other`.
    static func key(for keysym: UInt32) -> KeyEvent.Key {
        if let named = namedKeys[keysym] { return named }
        if let scalar = scalar(for: keysym) { return .character(Character(scalar)) }
        return .other(keysym)
    }

    /// The character a keysym types: Latin-1 keysyms are their code points, and keysyms
    /// 0x0100_0000 + U are Unicode U. Others (function keys, dead keys) type nothing here.
    static func scalar(for keysym: UInt32) -> Unicode.Scalar? {
        switch keysym {
        case 0x20...0x7E, 0xA0...0xFF: Unicode.Scalar(keysym)
        case 0x0100_0100...0x0110_FFFF: Unicode.Scalar(keysym - 0x0100_0000)
        default: nil
        }
    }
}
