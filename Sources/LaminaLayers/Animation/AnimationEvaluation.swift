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
}
