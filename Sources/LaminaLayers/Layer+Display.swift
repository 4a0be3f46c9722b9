import LaminaGraphics
import LaminaTrace

extension Layer {
    /// Marks the whole layer to be redrawn at the next commit.
    ///
    /// Why batched: a layer may change many times in one turn of the loop (text set, then font,
    /// then colour); drawing at each change would draw several times for one frame. The mark is
    /// a flag; the implicit ``Transaction`` drains every marked layer once, at the commit
    /// observer just before the main loop sleeps (``displayIfNeeded()`` drains one layer now).
    public func setNeedsDisplay() {
        dirtyRect = nil
        markNeedsDisplay(partial: false)
    }

    /// Marks `rect` (in bounds space) to be redrawn at the next commit; marks accumulate into
    /// their union. The redraw keeps the pixels outside the union and is clipped to it, and only
    /// that part of the screen is re-composited. Non-finite or empty rectangles are ignored.
    /// Batched like ``setNeedsDisplay()``.
    public func setNeedsDisplay(in rect: Rect) {
        guard rect.isFinite, !rect.isEmpty else { return }
        if needsDisplay {
            // Already marked whole: a part adds nothing.
            if let current = dirtyRect { dirtyRect = current.union(rect) }
        } else {
            dirtyRect = rect.standardized
        }
        markNeedsDisplay(partial: true)
    }

    private func markNeedsDisplay(partial: Bool) {
        didMarkNeedsDisplay()
        if Trace.isEnabled {
            // The first mark starts the flow the display, the commit and the frame continue.
            if !needsDisplay { displayFlow = Trace.newFlowID() }
            Trace.instant(partial ? .setNeedsDisplayInRect : .setNeedsDisplay,
                          flow: needsDisplay ? nil : displayFlow, arguments: ["layer": id.description])
        }
        guard !needsDisplay else { return }
        needsDisplay = true
        Transaction.current.needsDisplay.append(self)
    }

    /// Displays the layer now if it is marked, clearing the mark; otherwise does nothing. The
    /// commit calls this for every marked layer.
    public func displayIfNeeded() {
        guard needsDisplay else { return }
        needsDisplay = false
        Trace.begin(.display, flow: displayFlow, arguments: ["layer": id.description])
        display()
        dirtyRect = nil
        displayFlow = nil
        Trace.end(.display)
    }

    /// The default ``display()``: see there.
    func displayContents() {
        if let displayDelegate = delegate as? any LayerDisplayDelegate {
            displayDelegate.display(self)
            return
        }
        delegate?.layerWillDraw(self)
        let (image, redrawn) = BackingStore.render(self, dirtyRect: dirtyRect)
        state.contents = image
        state.contentsCameFromDisplayQueue = false
        contentsAreBackingStore = image != nil
        contentsDirtyRect = image == nil ? nil : redrawn
        contentsFlow = displayFlow
        renderStateChanged()
    }
}
