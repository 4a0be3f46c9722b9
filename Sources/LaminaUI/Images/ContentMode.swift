import LaminaLayers

/// How a view places its image in its bounds when their sizes differ — UIKit's
/// `UIView.ContentMode`, as far as images go. Each case maps onto one
/// ``/LaminaLayers/ContentsGravity`` of the view's layer, so the placement is the compositor's,
/// never a redraw.
public enum ContentMode: Sendable, Hashable, CaseIterable {
    /// Stretched to fill the bounds, aspect ignored (the default, as in UIKit).
    case scaleToFill
    /// Scaled to fit inside the bounds, aspect kept, centred.
    case scaleAspectFit
    /// Scaled to cover the bounds, aspect kept, centred (the overflow shows unless the view
    /// clips to its bounds).
    case scaleAspectFill
    /// Natural size, centred.
    case center
    /// Natural size, top edge centred.
    case top
    /// Natural size, bottom edge centred.
    case bottom
    /// Natural size, left edge centred.
    case left
    /// Natural size, right edge centred.
    case right
    /// Natural size, in the top-left corner.
    case topLeft
    /// Natural size, in the top-right corner.
    case topRight
    /// Natural size, in the bottom-left corner.
    case bottomLeft
    /// Natural size, in the bottom-right corner.
    case bottomRight

    /// The layer gravity that places contents this way.
    public var contentsGravity: ContentsGravity {
        switch self {
        case .scaleToFill: .resize
        case .scaleAspectFit: .resizeAspect
        case .scaleAspectFill: .resizeAspectFill
        case .center: .center
        case .top: .top
        case .bottom: .bottom
        case .left: .left
        case .right: .right
        case .topLeft: .topLeft
        case .topRight: .topRight
        case .bottomLeft: .bottomLeft
        case .bottomRight: .bottomRight
        }
    }
}
