import CCairo

/// An ``Image`` with the cairo surface over its pixels made once, for code that draws the same
/// image frame after frame (the compositor keeps one per layer's contents). One thread at a
/// time: cairo's source surfaces (and pixman's images under them) are not reference-counted
/// atomically, so a surface is never shared between threads — the image itself may be.
package final class ImageSurface {
    package let image: Image
    let surface: OpaquePointer

    package init(_ image: Image) {
        self.image = image
        surface = image.makeCairoSurface()
    }

    deinit {
        cairo_surface_destroy(surface)
    }
}
