extension EventLoop {
    /// A run-loop mode: a named set of observers, timers, sources and blocks. A run runs one mode,
    /// and only that mode's items fire.
    ///
    /// ``common`` is not a mode you run: adding an item to it adds the item to every mode marked
    /// common (``EventLoop/addCommonMode(_:)``), now and later.
    public struct Mode: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
        /// The mode's name; two modes with the same name are the same mode.
        public let name: String

        /// The mode called `name`.
        public init(_ name: String) {
            self.name = name
        }

        /// The mode called `value`.
        public init(stringLiteral value: String) {
            self.init(value)
        }

        /// The mode loops run in by default.
        public static let `default` = Mode("default")
        /// The mode of scrolling and dragging (UITrackingRunLoopMode); common on the main loop.
        public static let tracking = Mode("tracking")
        /// The pseudo-mode standing for every mode marked common.
        public static let common = Mode("common")

        public var description: String { name }
    }
}
