import LaminaGraphics

/// A layer property an animation can change, typed by its value, with Core Animation's
/// key-path name: `AnimatableKeyPath<Double>.opacity` is `"opacity"`.
///
/// The static members (``opacity``, ``position``, ``boundsSize`` …) are the only way to make one
/// (or ``named(_:)`` from a string), so a misspelt or mistyped key path does not compile. Two key
/// paths are equal when their names are.
public struct AnimatableKeyPath<Value: AnimatableValue>: Sendable, Hashable, CustomStringConvertible {
    /// Core Animation's key-path string, e.g. `"position"`, `"bounds.size"`, `"position.x"`.
    public let name: String
    /// Where the value lives in a layer's state.
    let storage: WritableKeyPath<LayerRenderState, Value> & Sendable

    init(_ name: String, _ storage: WritableKeyPath<LayerRenderState, Value> & Sendable) {
        self.name = name
        self.storage = storage
    }

    /// The property's value in `state`.
    public func value(in state: LayerRenderState) -> Value { state[keyPath: storage] }

    /// Sets the property in `state`.
    public func set(_ value: Value, in state: inout LayerRenderState) { state[keyPath: storage] = value }

    /// Whether the two name the same property (the key path itself is not comparable).
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name }

    /// Hashes the name, as `==` compares it.
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// The name.
    public var description: String { name }

    /// The key path called `name`, for code that has Core Animation's strings.
    ///
    /// - Throws: ``AnimationError/unknownKeyPath(_:)`` for a name Lamina does not animate;
    ///   ``AnimationError/keyPathTypeMismatch(keyPath:expected:actual:)`` when the property's
    ///   values are not `Value`.
    public static func named(_ name: String) throws(AnimationError) -> AnimatableKeyPath<Value> {
        let found = try AnimatableKeyPaths.named(name)
        guard let typed = found as? AnimatableKeyPath<Value> else {
            throw .keyPathTypeMismatch(keyPath: name, expected: String(describing: Value.self),
                                       actual: String(describing: found.valueType))
        }
        return typed
    }
}

/// An ``AnimatableKeyPath`` of any value type, for looking key paths up by name.
public protocol AnyAnimatableKeyPath: Sendable, CustomStringConvertible {
    /// Core Animation's key-path string.
    var name: String { get }
    /// The type of the property's values.
    var valueType: any AnimatableValue.Type { get }
    /// The property's value in `state`.
    func anyValue(in state: LayerRenderState) -> any AnimatableValue
    /// A basic animation of this property from its value in `presentation` to whatever the
    /// model holds when it runs: the animation Core Animation's default action makes when a
    /// property changes.
    func basicAnimation(fromValueIn presentation: LayerRenderState) -> any Animation
    /// A basic animation of this property with no values: added as an action, it runs from the
    /// previous presentation value to the model value (``Layer/defaultAction(forKey:)``).
    var implicitAnimation: any Animation { get }
    /// An additive basic animation that takes the property from its value in `previous` to its
    /// value in `current`: from their difference to zero, added to whatever the model holds — how
    /// UIKit's animation blocks animate since iOS 8, so that a second change while the first
    /// runs adds its motion to it. Nil when the values cannot subtract (discrete values).
    func additiveAnimation(from previous: LayerRenderState, to current: LayerRenderState) -> (any Animation)?
    /// ``additiveAnimation(from:to:)`` moved by `spring`.
    func additiveSpringAnimation(from previous: LayerRenderState, to current: LayerRenderState,
                                 spring: DampedSpring) -> (any Animation)?
}

extension AnimatableKeyPath: AnyAnimatableKeyPath {
    /// `Value.self`.
    public var valueType: any AnimatableValue.Type { Value.self }

    /// ``value(in:)``, as an existential.
    public func anyValue(in state: LayerRenderState) -> any AnimatableValue { value(in: state) }

    /// `BasicAnimation(keyPath: self, from: value(in: presentation))`.
    public func basicAnimation(fromValueIn presentation: LayerRenderState) -> any Animation {
        BasicAnimation(keyPath: self, from: value(in: presentation))
    }

    /// `BasicAnimation(keyPath: self)`.
    public var implicitAnimation: any Animation {
        BasicAnimation(keyPath: self)
    }

    /// An additive `BasicAnimation` from `previous − current` to zero.
    public func additiveAnimation(from previous: LayerRenderState, to current: LayerRenderState) -> (any Animation)? {
        guard let offset = additiveOffset(from: previous, to: current) else { return nil }
        var animation = BasicAnimation(keyPath: self, from: offset.from, to: offset.to)
        animation.isAdditive = true
        return animation
    }

    /// An additive `SpringAnimation` from `previous − current` to zero, moved by `spring`.
    public func additiveSpringAnimation(from previous: LayerRenderState, to current: LayerRenderState,
                                        spring: DampedSpring) -> (any Animation)? {
        guard let offset = additiveOffset(from: previous, to: current) else { return nil }
        var animation = SpringAnimation(keyPath: self, from: offset.from, to: offset.to)
        animation.isAdditive = true
        animation.mass = spring.mass
        animation.stiffness = spring.stiffness
        animation.damping = spring.damping
        animation.initialVelocity = spring.initialVelocity
        return animation
    }

    /// The difference from `current` to `previous`, and the zero it runs to.
    private func additiveOffset(from previous: LayerRenderState, to current: LayerRenderState) -> (from: Value, to: Value)? {
        let target = value(in: current)
        guard let offset = Value.subtracting(value(in: previous), target),
              let zero = Value.subtracting(target, target) else { return nil }
        return (offset, zero)
    }
}

/// Every key path Lamina animates, by name.
public enum AnimatableKeyPaths {
    /// All of them, in the order of ``LayerRenderState``'s properties.
    public static let all: [any AnyAnimatableKeyPath] = [
        AnimatableKeyPath<Rect>.bounds, AnimatableKeyPath<Point>.boundsOrigin, AnimatableKeyPath<Size>.boundsSize,
        AnimatableKeyPath<Point>.position, AnimatableKeyPath<Double>.positionX, AnimatableKeyPath<Double>.positionY,
        AnimatableKeyPath<Point>.anchorPoint, AnimatableKeyPath<AffineTransform>.transform,
        AnimatableKeyPath<AffineTransform>.sublayerTransform, AnimatableKeyPath<Double>.zPosition,
        AnimatableKeyPath<Color>.backgroundColor, AnimatableKeyPath<Bool>.isHidden, AnimatableKeyPath<Double>.opacity,
        AnimatableKeyPath<Double>.cornerRadius, AnimatableKeyPath<Double>.borderWidth, AnimatableKeyPath<Color>.borderColor,
        AnimatableKeyPath<Color>.shadowColor, AnimatableKeyPath<Double>.shadowOpacity, AnimatableKeyPath<Size>.shadowOffset,
        AnimatableKeyPath<Double>.shadowRadius, AnimatableKeyPath<Image?>.contents, AnimatableKeyPath<Rect>.contentsRect,
        AnimatableKeyPath<Rect>.contentsCenter,
    ]

    private static let byName: [String: any AnyAnimatableKeyPath] =
        Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// The key path called `name`.
    ///
    /// - Throws: ``AnimationError/unknownKeyPath(_:)`` for a name Lamina does not animate.
    public static func named(_ name: String) throws(AnimationError) -> any AnyAnimatableKeyPath {
        guard let keyPath = byName[name] else { throw .unknownKeyPath(name) }
        return keyPath
    }
}
