/// Evaluates a layer's animations: the one function `Layer.presentation()` (main thread) and
/// the render server (each frame) both call, so they cannot disagree.
public enum AnimationEvaluation {
    /// `model` with `animations` applied at `layerTime`, in the order they were added: each one
    /// sees the model with the earlier ones applied, so a later animation of the same property
    /// replaces an earlier one's value unless it is additive.
    public static func presentation(of model: LayerRenderState, animations: [any Animation],
                                    atLayerTime layerTime: Double) -> LayerRenderState {
        var state = model
        for animation in animations {
            animation.apply(to: &state, atLayerTime: layerTime)
        }
        return state
    }

    /// The same, for the render server's committed animations (no array of them is made).
    static func presentation(of model: LayerRenderState, committed animations: [CommittedAnimation],
                             atLayerTime layerTime: Double) -> LayerRenderState {
        var state = model
        for index in animations.indices {
            animations[index].animation.apply(to: &state, atLayerTime: layerTime)
        }
        return state
    }
}
