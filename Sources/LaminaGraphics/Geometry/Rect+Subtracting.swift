extension Rect {
    /// The parts of this rectangle outside `other`: at most four bands (above, below, then left
    /// and right of it between those), none overlapping. The whole rectangle when they do not
    /// overlap; none when `other` covers it.
    package func subtracting(_ other: Rect) -> [Rect] {
        let inner = intersection(other)
        guard !inner.isNull, !inner.isEmpty else { return isEmpty ? [] : [self] }
        var parts: [Rect] = []
        if inner.minY > minY { parts.append(Rect(x: minX, y: minY, width: width, height: inner.minY - minY)) }
        if inner.maxY < maxY { parts.append(Rect(x: minX, y: inner.maxY, width: width, height: maxY - inner.maxY)) }
        if inner.minX > minX { parts.append(Rect(x: minX, y: inner.minY, width: inner.minX - minX, height: inner.height)) }
        if inner.maxX < maxX { parts.append(Rect(x: inner.maxX, y: inner.minY, width: maxX - inner.maxX, height: inner.height)) }
        return parts
    }

    /// The largest whole-pixel rectangle inside this one (its edges rounded inwards); null when
    /// no whole pixel fits.
    package var roundedInwards: Rect {
        guard isFinite, !isNull else { return .null }
        let s = standardized
        let minX = s.minX.rounded(.up), minY = s.minY.rounded(.up)
        let maxX = s.maxX.rounded(.down), maxY = s.maxY.rounded(.down)
        guard maxX > minX, maxY > minY else { return .null }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
