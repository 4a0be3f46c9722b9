import Foundation
import LaminaGraphics

/// Where text is laid out: a size, insets, exclusion paths the lines flow around, a maximum
/// number of lines, and how text that does not fit is truncated (YYText's `YYTextContainer`).
///
/// A value type: copy it, change it, lay out again. Sizes that are NaN or negative count as
/// zero (nothing fits; the layout is empty); an infinite width never wraps, an infinite height
/// never runs out of room.
public struct TextContainer: Sendable, Hashable {
    /// The container's size in points.
    public var size: Size
    /// Space kept free inside the edges.
    public var insets: EdgeInsets
    /// Regions no line may enter, in container coordinates; each row keeps the fragments left
    /// between them (several lines per row).
    public var exclusionPaths: [Path]
    /// The most rows laid out; 0 means no limit.
    public var maximumNumberOfLines: Int
    /// How a last line is cut when text does not fit.
    public var truncationType: TruncationType
    /// What marks the cut; nil means "…" in the attributes of the text it replaces.
    public var truncationToken: AttributedString?
    /// Whether the text is set in vertical lines (YYText's `verticalForm`, Core Text's
    /// `kCTFrameProgressionRightToLeft` with vertical forms): each line runs top to bottom, the
    /// first on the right; ideographs, kana and emoji stand upright, Latin letters and digits
    /// lie on their side, turned 90° clockwise (UAX #50). The size and insets keep their meaning
    /// in the container's coordinates: lines are as long as the height inside the insets. With
    /// an unbounded width the columns end where the text does; exclusion paths then do not apply.
    public var isVerticalForm: Bool

    /// A container of `size` points.
    public init(size: Size, insets: EdgeInsets = .zero, exclusionPaths: [Path] = [],
                maximumNumberOfLines: Int = 0, truncationType: TruncationType = .none,
                truncationToken: AttributedString? = nil, isVerticalForm: Bool = false) {
        self.size = size
        self.insets = insets
        self.exclusionPaths = exclusionPaths
        self.maximumNumberOfLines = maximumNumberOfLines
        self.truncationType = truncationType
        self.truncationToken = truncationToken
        self.isVerticalForm = isVerticalForm
    }

    /// A container `width` points wide and unlimited in height, for measuring.
    public init(width: Double) {
        self.init(size: Size(width: width, height: .infinity))
    }

    /// The container the lines of a vertical layout are typeset in, in the line frame (x down
    /// the columns, y from the right edge leftwards): width and height swapped, each inset on the
    /// edge it becomes, exclusion paths turned with them. A horizontal container is its own.
    var lineFrameContainer: TextContainer {
        guard isVerticalForm else { return self }
        var lineFrame = self
        lineFrame.isVerticalForm = false
        lineFrame.size = Size(width: size.height, height: size.width)
        lineFrame.insets = EdgeInsets(top: insets.right, left: insets.top, bottom: insets.left, right: insets.bottom)
        if size.width.isFinite, let toLines = Self.lineFrameTransform(width: size.width).inverted() {
            lineFrame.exclusionPaths = exclusionPaths.map { $0.applying(toLines) }
        } else {
            lineFrame.exclusionPaths = []
        }
        return lineFrame
    }

    /// The transform from a vertical layout's line frame to a container `width` points wide:
    /// turned 90° clockwise, the line frame's top edge on the container's right.
    static func lineFrameTransform(width: Double) -> LaminaGraphics.AffineTransform {
        LaminaGraphics.AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: width, ty: 0)
    }

    /// The rectangle lines are laid out in: the size, cleaned of NaN and negative values, minus
    /// the insets (empty when they leave nothing).
    var layoutRect: Rect {
        func clean(_ value: Double) -> Double { value.isNaN ? 0 : max(value, 0) }
        func inset(_ value: Double) -> Double { value.isFinite ? max(value, 0) : 0 }
        let width = clean(size.width), height = clean(size.height)
        let left = inset(insets.left), top = inset(insets.top)
        return Rect(x: left, y: top, width: max(width - left - inset(insets.right), 0),
                    height: max(height - top - inset(insets.bottom), 0))
    }
}

/// Where a line that cannot hold the rest of the text is cut.
public enum TruncationType: Sendable, Hashable, CaseIterable {
    /// Not cut: text that does not fit is simply not shown.
    case none
    /// The start of the last line is replaced by the token: "…end of the text".
    case head
    /// The middle of the last line is replaced: "start … end".
    case middle
    /// The end of the last line is replaced: "start of the line…".
    case tail
}
