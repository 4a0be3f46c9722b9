extension Font {
    /// A font weight on the OpenType scale (100 thin … 900 black), as CSS and fontconfig use it.
    public struct Weight: Sendable, Hashable, Comparable, RawRepresentable {
        /// The OpenType weight, clamped to 1…1000.
        public let rawValue: Int

        /// A weight of `rawValue` on the OpenType scale (clamped to 1…1000).
        public init(rawValue: Int) {
            self.rawValue = min(max(rawValue, 1), 1000)
        }

        /// 100.
        public static let thin = Weight(rawValue: 100)
        /// 200.
        public static let ultraLight = Weight(rawValue: 200)
        /// 300.
        public static let light = Weight(rawValue: 300)
        /// 400, the default.
        public static let regular = Weight(rawValue: 400)
        /// 500.
        public static let medium = Weight(rawValue: 500)
        /// 600.
        public static let semibold = Weight(rawValue: 600)
        /// 700.
        public static let bold = Weight(rawValue: 700)
        /// 800.
        public static let heavy = Weight(rawValue: 800)
        /// 900.
        public static let black = Weight(rawValue: 900)

        public static func < (lhs: Weight, rhs: Weight) -> Bool { lhs.rawValue < rhs.rawValue }
    }
}
