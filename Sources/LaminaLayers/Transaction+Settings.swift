extension Transaction {
    /// The settings of one level of transaction nesting: the implicit transaction's (or the
    /// outermost's), then one per open ``begin()``. A nested level starts with a copy of the
    /// level around it, as Core Animation's nested transactions inherit their parent's values;
    /// changing it changes nothing outside.
    struct Settings {
        var animationDuration = Transaction.defaultAnimationDuration
        var animationTimingFunction = TimingFunction.default
        var disableActions = false
        /// The level's completion block, and where in the pending transaction's
        /// `addedAnimations` the animations it waits for begin (those added after it was set).
        var completion: (block: @MainActor () -> Void, firstAnimation: Int)?

        /// The settings a nested level starts with: these, without the completion block (each
        /// level has its own).
        var inherited: Settings {
            var copy = self
            copy.completion = nil
            return copy
        }
    }

    /// The duration of the implicit animations that property changes make in the innermost open
    /// transaction, and of animations added there with a `duration` of 0:
    /// ``defaultAnimationDuration`` (0.25 s) unless set — Core Animation's
    /// `CATransaction.animationDuration()`. Negative or non-finite values are ignored.
    public static var animationDuration: Double {
        get { settings[settings.count - 1].animationDuration }
        set {
            guard newValue.isFinite, newValue >= 0 else { return }
            settings[settings.count - 1].animationDuration = newValue
        }
    }

    /// The timing function of the implicit animations that property changes make in the
    /// innermost open transaction: ``TimingFunction/default`` unless set — Core Animation's
    /// `CATransaction.animationTimingFunction()`.
    public static var animationTimingFunction: TimingFunction {
        get { settings[settings.count - 1].animationTimingFunction }
        set { settings[settings.count - 1].animationTimingFunction = newValue }
    }

    /// Whether property changes in the innermost open transaction skip their actions — no
    /// implicit animations, no action search at all. False unless set — Core Animation's
    /// `CATransaction.disableActions()`.
    public static var disableActions: Bool {
        get { settings[settings.count - 1].disableActions }
        set { settings[settings.count - 1].disableActions = newValue }
    }

    /// Runs `changes` with ``disableActions`` on, then puts back what it was: property changes
    /// made in `changes` run no actions (no implicit animations). Commits nothing.
    public static func performWithoutActions(_ changes: () throws -> Void) rethrows {
        let wereDisabled = disableActions
        disableActions = true
        defer { disableActions = wereDisabled }
        try changes()
    }
}
