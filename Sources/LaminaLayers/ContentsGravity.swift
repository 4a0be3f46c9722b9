import LaminaGraphics

/// Where a layer's contents image sits in its bounds when their sizes differ — Core Animation's
/// twelve `contentsGravity` values.
///
/// Lamina is y-down throughout, so `.top` means the top edge on screen. (On iOS, Core Animation's
/// gravity names assume y-up geometry, so `kCAGravityTop` puts contents at the *bottom* of a
/// UIView's layer unless `geometryFlipped` is set; Lamina has no such inversion.)
public enum ContentsGravity: Sendable, Hashable, CaseIterable {
    /// Stretched to fill the bounds, aspect ignored (the default).
    case resize
    /// Scaled to fit inside the bounds, aspect kept, centred.
    case resizeAspect
    /// Scaled to cover the bounds, aspect kept, centred (overflow clipped only with masksToBounds).
    case resizeAspectFill
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

    /// The rectangle, in the layer's bounds space, that contents of `contentSize` points occupy
    /// in `bounds`.
    public func rect(forContentSize contentSize: Size, in bounds: Rect) -> Rect {
        let b = bounds.standardized
        switch self {
        case .resize:
            return b
        case .resizeAspect, .resizeAspectFill:
            guard contentSize.width > 0, contentSize.height > 0 else { return b }
            let fit = min(b.width / contentSize.width, b.height / contentSize.height)
            let fill = max(b.width / contentSize.width, b.height / contentSize.height)
            let factor = self == .resizeAspect ? fit : fill
            let size = contentSize.scaled(by: factor)
            return Rect(x: b.midX - size.width / 2, y: b.midY - size.height / 2,
                        width: size.width, height: size.height)
        default:
            let (h, v) = alignment
            let x = b.minX + (b.width - contentSize.width) * h
            let y = b.minY + (b.height - contentSize.height) * v
            return Rect(origin: Point(x: x, y: y), size: contentSize)
        }
    }

    /// For the natural-size gravities: 0 = left/top, 0.5 = centre, 1 = right/bottom.
    private var alignment: (horizontal: Double, vertical: Double) {
        switch self {
        case .top: (0.5, 0)
        case .bottom: (0.5, 1)
        case .left: (0, 0.5)
        case .right: (1, 0.5)
        case .topLeft: (0, 0)
        case .topRight: (1, 0)
        case .bottomLeft: (0, 1)
        case .bottomRight: (1, 1)
        case .center, .resize, .resizeAspect, .resizeAspectFill: (0.5, 0.5)
        }
    }
}
