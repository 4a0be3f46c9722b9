import CCairo

/// An image copied onto a context at a whole-pixel offset, one image pixel to one pixel of the
/// context: what a compositor does for most layers of a frame (``GraphicsContext/draw(_:)``).
package struct ImageBlit {
    /// The image's cairo surface, not retained: the ``ImageSurface`` it comes from must outlive
    /// the draw.
    let surface: OpaquePointer
    /// Where the image's top-left pixel lands, in the context's pixels.
    let x: Double
    let y: Double
    /// Multiplies the image's alpha; 1 copies it as it is.
    let alpha: Double

    /// `source` with its top-left pixel at pixel (`x`, `y`) of the context, multiplied by `alpha`.
    package init(_ source: ImageSurface, x: Int, y: Int, alpha: Double) {
        surface = source.surface
        self.x = Double(x)
        self.y = Double(y)
        self.alpha = alpha
    }

    private init(surface: OpaquePointer, x: Double, y: Double, alpha: Double) {
        self.surface = surface
        self.x = x
        self.y = y
        self.alpha = alpha
    }

    /// The same image `dx`, `dy` pixels further, its alpha multiplied by `alpha`.
    package func offset(x dx: Int, y dy: Int, alpha: Double) -> ImageBlit {
        ImageBlit(surface: surface, x: x + Double(dx), y: y + Double(dy), alpha: self.alpha * alpha)
    }
}

extension GraphicsContext {
    /// Draws `blits` in order, each at its pixel offset whatever the context's transform, within
    /// the context's clip. No resampling, no shadow (the context has none while blits are drawn).
    ///
    /// One tight loop of cairo calls rather than one ``draw(_:in:)`` per image: a frame of many
    /// small blits spends as much on fetching cairo's and pixman's code as on running it when
    /// other work runs between the blits (measured with callgrind's cache simulation: about three
    /// times the instruction-cache misses per blit), so a compositor gathers its blits first.
    package func draw(_ blits: [ImageBlit]) {
        guard !blits.isEmpty else { return }
        assert(state.shadow == nil, "blits are drawn without a shadow")
        cairo_save(cairo)
        cairo_identity_matrix(cairo)
        for blit in blits {
            cairo_set_source_surface(cairo, blit.surface, blit.x, blit.y)
            if blit.alpha >= 1 {
                cairo_paint(cairo)
            } else {
                cairo_paint_with_alpha(cairo, blit.alpha)
            }
        }
        cairo_restore(cairo)
    }
}
