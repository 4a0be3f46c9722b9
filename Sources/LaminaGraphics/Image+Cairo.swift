import CCairo

/// The cairo user-data key under which a surface keeps its image's storage alive.
private nonisolated(unsafe) var storageKey = cairo_user_data_key_t()

extension Image {
    /// Calls `body` with a cairo image surface over this image's pixels, without copying them.
    ///
    /// The surface holds a reference to the pixel storage for as long as cairo keeps the surface
    /// (a pattern or context may outlive `body`), so the bytes never disappear under it. The
    /// surface must only be read from: images are immutable.
    package func withCairoSurface<R>(_ body: (OpaquePointer) throws -> R) rethrows -> R {
        let surface = makeCairoSurface()
        defer { cairo_surface_destroy(surface) }
        return try body(surface)
    }

    /// A new reference to a cairo surface over this image's pixels (see ``withCairoSurface(_:)``);
    /// the caller destroys it.
    package func makeCairoSurface() -> OpaquePointer {
        let data = (storage.bytes + byteOffset).assumingMemoryBound(to: UInt8.self)
        let surface = cairo_image_surface_create_for_data(
            data, format.cairoFormat, Int32(width), Int32(height), Int32(bytesPerRow))!
        let retained = Unmanaged.passRetained(storage).toOpaque()
        let status = cairo_surface_set_user_data(surface, &storageKey, retained) { pointer in
            Unmanaged<PixelStorage>.fromOpaque(pointer!).release()
        }
        // Only allocation failure can make this fail; the surface is then in an error state that
        // cairo propagates to every draw as a no-op, so the storage reference must not leak.
        if status != CAIRO_STATUS_SUCCESS { Unmanaged<PixelStorage>.fromOpaque(retained).release() }
        return surface
    }
}
