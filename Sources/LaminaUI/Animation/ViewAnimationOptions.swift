import LaminaLayers

/// How a view animation block animates — the options of UIKit's `UIView.AnimationOptions` that
/// matter to Lamina. The curve defaults to ``curveEaseInOut``.
public struct ViewAnimationOptions: OptionSet, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Lays out the views the block changed before the block ends, so that their subviews'
    /// new frames animate along with them (UIKit: "lay out subviews at commit time").
    public static let layoutSubviews = ViewAnimationOptions(rawValue: 1 << 0)
    /// Lets the views being animated receive pointer events; without it, a view animated by the
    /// block is not hit until its animations stop (UIKit's default).
    public static let allowUserInteraction = ViewAnimationOptions(rawValue: 1 << 1)
    /// Starts each property's animation from what is on screen, replacing the animation already
    /// running for it, instead of adding the new motion on top of the running one (the default,
    /// additive: Docs chapter 10).
    public static let beginFromCurrentState = ViewAnimationOptions(rawValue: 1 << 2)
    /// Repeats the animations for ever.
    public static let `repeat` = ViewAnimationOptions(rawValue: 1 << 3)
    /// Runs each repeat forwards and then backwards (with ``repeat``; on its own, one way there
    /// and back).
    public static let autoreverse = ViewAnimationOptions(rawValue: 1 << 4)
    /// In a nested block: uses this block's duration, not the enclosing block's.
    public static let overrideInheritedDuration = ViewAnimationOptions(rawValue: 1 << 5)
    /// In a nested block: uses this block's curve, not the enclosing block's.
    public static let overrideInheritedCurve = ViewAnimationOptions(rawValue: 1 << 6)
    /// In a nested block: uses this block's repeat and autoreverse, not the enclosing block's.
    public static let overrideInheritedOptions = ViewAnimationOptions(rawValue: 1 << 7)

    /// Slow at both ends (the default curve).
    public static let curveEaseInOut = ViewAnimationOptions([])
    /// Slow at the start.
    public static let curveEaseIn = ViewAnimationOptions(rawValue: 1 << 16)
    /// Slow at the end.
    public static let curveEaseOut = ViewAnimationOptions(rawValue: 2 << 16)
    /// Even.
    public static let curveLinear = ViewAnimationOptions(rawValue: 3 << 16)

    /// The timing function the curve bits name.
    var timingFunction: TimingFunction {
        switch rawValue >> 16 & 3 {
        case 1: .easeIn
        case 2: .easeOut
        case 3: .linear
        default: .easeInEaseOut
        }
    }

    /// The curve bits alone.
    var curve: ViewAnimationOptions { ViewAnimationOptions(rawValue: rawValue & (3 << 16)) }
}
