import LaminaLayers

/// The action a view answers inside an animation block: an additive animation of the property
/// change with the block's timing. By default it runs from the old model value minus the new one
/// to zero, on top of any animation of the property still running (UIKit's behaviour since iOS
/// 8); with ``ViewAnimationOptions/beginFromCurrentState`` it removes those and runs from what
/// is on screen.
@MainActor
struct ViewPropertyAction: Action {
    let block: ViewAnimationBlock
    let view: View

    func run(forKey key: String, on layer: Layer, arguments: ActionArguments) {
        // A view not in a window has nothing on screen to animate. One in a window animates
        // even before its first commit (a cell made and faded in in the same turn): the motion
        // starts from its model value before the change.
        guard layer.isInHostedTree, let keyPath = try? AnimatableKeyPaths.named(key) else { return }
        let from: LayerRenderState
        if block.options.contains(.beginFromCurrentState) {
            for running in layer.animationKeys where running == key || running.hasPrefix(key + "#") {
                layer.removeAnimation(forKey: running)
            }
            from = arguments.previousPresentation ?? arguments.previousState
        } else {
            from = arguments.previousState
        }
        let current = layer.modelState
        let made = block.spring.map { keyPath.additiveSpringAnimation(from: from, to: current, spring: $0) }
            ?? keyPath.additiveAnimation(from: from, to: current)
        guard var animation = made else { return }
        block.configure(&animation, on: layer)
        do {
            try layer.add(animation, forKey: layer.freeAnimationKey(for: key))
            block.didAdd(to: view)
        } catch {
            // An animation that cannot run leaves the change unanimated.
        }
    }
}

extension Layer {
    /// `key` when no animation holds it, else the first of `key#2`, `key#3` … that is free: the
    /// additive animations of one property stack under these.
    fileprivate func freeAnimationKey(for key: String) -> String {
        guard animation(forKey: key) != nil else { return key }
        var index = 2
        while animation(forKey: "\(key)#\(index)") != nil { index += 1 }
        return "\(key)#\(index)"
    }
}
