import LaminaLoop

/// A key going down, repeating or going up, as a window receives it (``Window/send(_:)``).
public struct KeyEvent: Sendable, Hashable {
    /// Which key, independent of the keyboard layout's text for it.
    public enum Key: Sendable, Hashable {
        case upArrow, downArrow, leftArrow, rightArrow
        case pageUp, pageDown, home, end
        case space, enter, escape, tab, backspace, delete
        /// A key that types text: its unshifted character as the layout gives it ("q", "1", "é").
        case character(Character)
        /// Any other key, by its X11 keysym (or a platform code), so it can still be told apart.
        case other(UInt32)
    }

    /// Modifier keys held while the key went down.
    public struct Modifiers: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        public static let shift = Modifiers(rawValue: 1 << 0)
        public static let control = Modifiers(rawValue: 1 << 1)
        /// Alt, Option.
        public static let alt = Modifiers(rawValue: 1 << 2)
        /// The Super, Windows or Command key.
        public static let meta = Modifiers(rawValue: 1 << 3)
        public static let capsLock = Modifiers(rawValue: 1 << 4)
    }

    /// Down (a press or an auto-repeat) or up.
    public enum Phase: Sendable, Hashable {
        case down
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
