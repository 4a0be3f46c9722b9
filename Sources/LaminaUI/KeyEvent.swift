import LaminaLoop

/// A key going down, repeating or going up, as a window receives it
/// (``Window/send(_:)-(KeyEvent)``).
public struct KeyEvent: Sendable, Hashable {
    /// Which key, independent of the keyboard layout's text for it.
    public enum Key: Sendable, Hashable {
        /// An arrow key (up and down scroll a scroll view by ``ScrollView/keyLineStep`` points).
        case upArrow, downArrow, leftArrow, rightArrow
        /// Page Up, Page Down, Home and End (a scroll view scrolls a page, or to its top or
        /// bottom).
        case pageUp, pageDown, home, end
        /// A key named by what it does rather than the text it types.
        case space, enter, escape, tab, backspace, delete
        /// A key that types text: its unshifted character as the layout gives it ("q", "1", "é").
        case character(Character)
        /// Any other key, by its X11 keysym (or a platform code), so it can still be told apart.
        case other(UInt32)
    }

    /// Modifier keys held while the key went down.
    public struct Modifiers: OptionSet, Sendable, Hashable {
        /// One bit per modifier.
        public let rawValue: UInt8
        /// The modifiers whose bits are set in `rawValue`.
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// Shift.
        public static let shift = Modifiers(rawValue: 1 << 0)
        /// Control.
        public static let control = Modifiers(rawValue: 1 << 1)
        /// Alt, Option.
        public static let alt = Modifiers(rawValue: 1 << 2)
        /// The Super, Windows or Command key.
        public static let meta = Modifiers(rawValue: 1 << 3)
        /// Caps Lock, while it is on.
        public static let capsLock = Modifiers(rawValue: 1 << 4)
    }

    /// Down (a press or an auto-repeat) or up.
    public enum Phase: Sendable, Hashable {
        /// The key went down, or repeats while held (``KeyEvent/isRepeat``).
        case down
        /// The key was released.
        case up
    }

    /// Which key.
    public var key: Key
    /// Down or up.
    public var phase: Phase
    /// The modifiers held.
    public var modifiers: Modifiers
    /// The text the key types with these modifiers (shift applied), or nil for keys that type
    /// nothing (arrows, Page Up) and for ups.
    public var text: String?
    /// Whether this down is the keyboard's auto-repeat of a key held down, not a new press.
    public var isRepeat: Bool
    /// When, on the main loop's clock.
    public var timestamp: EventLoop.Instant

    /// Creates an event.
    public init(key: Key, phase: Phase = .down, modifiers: Modifiers = [], text: String? = nil,
                isRepeat: Bool = false, timestamp: EventLoop.Instant = .monotonicNow) {
        self.key = key
        self.phase = phase
        self.modifiers = modifiers
        self.text = text
        self.isRepeat = isRepeat
        self.timestamp = timestamp
    }
}
