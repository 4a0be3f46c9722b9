import LaminaGraphics

extension ScrollView {
    /// How far one arrow press scrolls, in points.
    public static let keyLineStep = 40.0

    /// Scrolls for a scrolling key, as a desktop scroll view does: the up and down arrows by
    /// ``keyLineStep`` at once; Page Up/Down and Space (Shift-Space up) by the view's height less a
    /// line, and Home/End to the edges, animated. Returns false for any other key, or when the
    /// content does not scroll vertically.
    func scroll(for event: KeyEvent) -> Bool {
        let y = contentOffset.y, line = Self.keyLineStep
        let page = max(bounds.height - line, line)
        let target: Double
        var animated = true
        switch event.key {
        case .upArrow: (target, animated) = (y - line, false)
        case .downArrow: (target, animated) = (y + line, false)
        case .pageUp: target = y - page
        case .pageDown: target = y + page
        case .space: target = event.modifiers.contains(.shift) ? y - page : y + page
        case .home: target = minimumContentOffset.y
        case .end: target = maximumContentOffset.y
        default: return false
        }
        guard canScrollVertically else { return false }
        setContentOffset(clamped(Point(x: contentOffset.x, y: target)), animated: animated)
        return true
    }
}
