import LaminaGraphics

/// A rounded box drawn around text (YYText's `YYTextBorder`): a fill, an outline, corner radius,
/// insets and a shadow.
///
/// Two attributes use it, each drawn behind the glyphs:
/// - ``LaminaBackgroundBorderAttribute``: one box per line around the runs the range covers, as
///   behind a mention or a tag. A range that wraps gets a box on each of its lines (YYText's
///   `YYTextDrawBorder` in `YYTextLayout.m` draws one rounded rectangle per line too).
/// - ``LaminaBlockBorderAttribute``: one box around every line the range touches, the full width
///   of the container, as around a quoted block or a code block.
///
/// The box of a run is its typographic box, from the line's ascent to its descent; `insets` move
/// its edges inward (negative values grow it). The outline lies *outside* the box, as YYText
/// draws it: a ``TextDecoration/Style/single`` outline covers `strokeWidth` points around the
/// box, a ``TextDecoration/Style/thick`` one twice that, and a ``TextDecoration/Style/double``
/// one two rings of `strokeWidth` with a gap of `strokeWidth` between them.
public struct TextBorder: Sendable, Hashable {
    /// The colour filling the box; nil fills nothing.
    public var fillColor: Color?
    /// The outline's colour; nil draws no outline.
    public var strokeColor: Color?
    /// The outline's width in points (0 draws no outline).
    public var strokeWidth: Double
    /// How the outline is drawn.
    public var lineStyle: TextDecoration.Style
    /// The radius of the box's corners, in points.
    public var cornerRadius: Double
    /// How far each edge of the box moves inward from the text's box (negative: outward).
    public var insets: EdgeInsets
    /// A shadow the box casts, as one shape with the others of the same layout.
    public var shadow: TextShadow?

    /// A border. Non-finite or negative widths and radii count as zero, non-finite insets as zero.
    public init(fillColor: Color? = nil, strokeColor: Color? = nil, strokeWidth: Double = 0,
                lineStyle: TextDecoration.Style = .single, cornerRadius: Double = 0,
                insets: EdgeInsets = .zero, shadow: TextShadow? = nil) {
        func clean(_ value: Double) -> Double { value.isFinite ? max(value, 0) : 0 }
        func finite(_ value: Double) -> Double { value.isFinite ? value : 0 }
        self.fillColor = fillColor
        self.strokeColor = strokeColor
        self.strokeWidth = clean(strokeWidth)
        self.lineStyle = lineStyle
        self.cornerRadius = clean(cornerRadius)
        self.insets = EdgeInsets(top: finite(insets.top), left: finite(insets.left),
                                 bottom: finite(insets.bottom), right: finite(insets.right))
        self.shadow = shadow
    }

    /// Whether the border draws anything.
    var isVisible: Bool { fillColor != nil || hasOutline || shadow != nil }

    /// Whether the border has an outline to draw.
    var hasOutline: Bool { strokeColor != nil && strokeWidth > 0 }

    /// The outline's rings, as (how far outside the box the ring's middle lies, its width).
    var outlineRings: [(outset: Double, width: Double)] {
        guard hasOutline else { return [] }
        switch lineStyle {
        case .single: return [(strokeWidth / 2, strokeWidth)]
        case .thick: return [(strokeWidth, strokeWidth * 2)]
        case .double: return [(strokeWidth / 2, strokeWidth), (strokeWidth * 2.5, strokeWidth)]
        }
    }
}
