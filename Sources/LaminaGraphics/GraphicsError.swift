/// Why an ``Image`` or a ``GraphicsContext`` could not be made from the values given.
///
/// These come from caller-supplied sizes and scales (outside data, per Docs/design.md's "API
/// conventions"), so they are thrown rather than trapped.
public enum GraphicsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A pixel width or height below 1 or above ``Image/maximumDimension``.
    case invalidSize(width: Int, height: Int)
    /// A scale that is not a finite number greater than zero.
    case invalidScale(Double)
    /// A point size that is NaN, infinite, or too large for a pixel surface at the given scale.
    case invalidPointSize(Size)
    /// cairo refused to create a surface or a context; carries cairo's status message.
    case cairo(String)

    public var description: String {
        switch self {
        case let .invalidSize(width, height):
            "invalid pixel size \(width)×\(height) (each side must be 1…\(Image.maximumDimension))"
        case let .invalidScale(scale): "invalid scale \(scale) (must be finite and greater than 0)"
        case let .invalidPointSize(size): "invalid point size \(size)"
        case let .cairo(message): "cairo: \(message)"
        }
    }
}
