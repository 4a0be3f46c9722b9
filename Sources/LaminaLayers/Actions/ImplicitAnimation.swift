/// The class default of ``Layer/defaultAction(forKey:)``: what a standalone layer runs when a
/// property changes.
@MainActor
enum ImplicitAnimation {
    /// A basic animation for every continuous animatable property, from the previous
    /// presentation value to the model value, timed by the innermost open transaction.
    static func defaultAction(forKey key: String) -> (any Action)? {
        guard let keyPath = keyPaths[key] else { return nil }
        var animation = keyPath.implicitAnimation
        animation.duration = Transaction.animationDuration
        animation.timingFunction = Transaction.animationTimingFunction
        return animation
    }

    /// The animatable key paths a setter changes, by name. Not their components (`position.x`
    /// …), which no setter changes on their own; not the discrete `hidden` and `contents`,
    /// whose basic animation would only switch at its midpoint — a change delayed, not
    /// animated. (Core Animation cross-fades `contents` with a transition; Lamina's render
    /// server holds one image per layer, so `contents` has no default action.)
    private static let keyPaths: [String: any AnyAnimatableKeyPath] = Dictionary(
        uniqueKeysWithValues: AnimatableKeyPaths.all
            .filter { !$0.name.contains(".") && !$0.valueType.isDiscrete }
            .map { ($0.name, $0) }
    )
}
