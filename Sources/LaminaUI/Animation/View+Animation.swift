import LaminaLayers

extension View {
    /// Animates the changes `animations` makes to views — UIKit's
    /// `UIView.animate(withDuration:delay:options:animations:completion:)`.
    ///
    /// While `animations` runs, a view answers its layer's action search
    /// (``action(for:forKey:)``) for the properties a view animates — ``frame``, ``bounds``,
    /// ``center``, ``transform``, ``alpha``, ``backgroundColor`` (their layer keys `bounds`,
    /// `position`, `transform`, `opacity`, `backgroundColor`) — with an animation of the change:
    /// additive, from the old value minus the new one to zero on top of the new model value, so a
    /// change made while an earlier one still runs adds its motion to it and what is on screen
    /// moves on smoothly (``ViewAnimationOptions/beginFromCurrentState`` replaces the running
    /// animation instead). The model values change at once: hit testing and layout see the new
    /// ones, as in UIKit. Only views in a window animate; a block that changes nothing
    /// animatable still calls `completion`, at the next turn of the main loop.
    ///
    /// A nested block takes the enclosing block's duration, curve and repeat options unless its
    /// own options override them. Without ``ViewAnimationOptions/allowUserInteraction`` the
    /// animated views are not hit until their animations stop.
    ///
    /// - Parameters:
    ///   - duration: Seconds; negative or non-finite values are taken as 0 (no animation).
    ///   - delay: Seconds before the animations start; before that the old values show.
    ///   - options: The curve, repetition and interaction options (``ViewAnimationOptions``).
    ///   - animations: The changes to animate, made at once on the model; runs before this returns.
    ///   - completion: Called once every animation of the block has stopped, with whether all
    ///     of them finished (false when one was removed first).
    public static func animate(withDuration duration: Double, delay: Double = 0, options: ViewAnimationOptions = [],
                               animations: () -> Void, completion: (@MainActor (Bool) -> Void)? = nil) {
        run(ViewAnimationBlock.nested(in: ViewAnimation.current, duration: duration, delay: delay, options: options,
                                      spring: nil, completion: completion), animations)
    }

    /// Animates the changes `animations` makes with a spring — UIKit's
    /// `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:animations:completion:)`.
    /// The spring has the damping ratio `dampingRatio` (1: no overshoot; less: it bounces) and is
    /// stiff enough to settle within `duration`; `velocity` is the starting speed in whole changes
    /// per second (1: the whole distance in one second). The options' curve is ignored.
    public static func animate(withDuration duration: Double, delay: Double = 0, usingSpringWithDamping dampingRatio: Double,
                               initialSpringVelocity velocity: Double, options: ViewAnimationOptions = [],
                               animations: () -> Void, completion: (@MainActor (Bool) -> Void)? = nil) {
        let spring = ViewSpring.settling(within: sanitized(duration), dampingRatio: dampingRatio, initialVelocity: velocity)
        run(ViewAnimationBlock.nested(in: ViewAnimation.current, duration: duration, delay: delay, options: options,
                                      spring: spring, completion: completion), animations)
    }

    /// Runs `changes` with no view animation, even inside an animation block — UIKit's
    /// `performWithoutAnimation(_:)`.
    public static func performWithoutAnimation(_ changes: () -> Void) {
        ViewAnimation.stack.append(nil)
        defer { ViewAnimation.stack.removeLast() }
        changes()
    }

    /// Whether an animation block (and no ``performWithoutAnimation(_:)`` inside it) is running.
    public static var areAnimationsEnabled: Bool {
        ViewAnimation.current != nil
    }

    private static func run(_ block: ViewAnimationBlock, _ animations: () -> Void) {
        ViewAnimation.stack.append(block.duration > 0 ? block : nil)
        animations()
        if block.options.contains(.layoutSubviews) {
            for view in block.animatedViews { view.layoutIfNeeded() }
        }
        ViewAnimation.stack.removeLast()
        block.close()
    }

    private static func sanitized(_ duration: Double) -> Double {
        duration.isFinite && duration > 0 ? duration : 0
    }

    /// The layer's action for `key` while a view animation block runs: the block's animation of
    /// the change for the properties a view animates; ``NullAction`` for everything else, and
    /// for every key outside a block — view-backed layers never animate implicitly (Core
    /// Animation Programming Guide: "The UIView class disables layer animations by default but
    /// reenables them inside animation blocks").
    func viewAction(forKey key: String) -> any Action {
        guard let block = ViewAnimation.current, ViewAnimation.animatableKeys.contains(key) else { return NullAction() }
        return ViewPropertyAction(block: block, view: self)
    }
}

/// The view animation blocks open on the main thread, innermost last; nil stands for a
/// `performWithoutAnimation` (or a block of zero duration).
@MainActor
enum ViewAnimation {
    static var stack: [ViewAnimationBlock?] = []

    /// The innermost block, unless animations are off there.
    static var current: ViewAnimationBlock? {
        stack.last ?? nil
    }

    /// The layer keys of the properties a view animates.
    static let animatableKeys: Set<String> = ["bounds", "position", "transform", "opacity", "backgroundColor"]
}
