extension Font {
    /// The points per font unit at this size.
    var pointsPerUnit: Double {
        guard let face else { return 0 }
        return size / face.unitsPerEm
    }

    /// The distance from the baseline to the top of the line box, in points (positive).
    public var ascent: Double { (face?.ascender ?? 0) * pointsPerUnit }

    /// The distance from the baseline to the bottom of the line box, in points (positive).
    public var descent: Double { (face?.descender ?? 0) * pointsPerUnit }

    /// The extra space the font asks for between lines, in points.
    public var leading: Double { (face?.lineGap ?? 0) * pointsPerUnit }

    /// The default distance between baselines: ascent + descent + leading, in points.
    public var lineHeight: Double { ascent + descent + leading }

    /// The height of capital letters above the baseline, in points.
    public var capHeight: Double { (face?.capHeight ?? 0) * pointsPerUnit }

    /// The height of lower-case letters such as "x" above the baseline, in points.
    public var xHeight: Double { (face?.xHeight ?? 0) * pointsPerUnit }
}
