import CCairo

/// A drawing surface over fresh pixels, in points: the one way Lamina draws.
///
/// A context is made for one render and used on one thread at a time; it can be created on any
/// thread (display queues make theirs in the background). Coordinates are points with the origin
/// at the top-left corner and y pointing down; the `scale` is applied to the transformation
/// matrix once, at creation, so a 2× context of 100×50 points has 200×100 pixels and drawing code
/// never mentions pixels.
///
/// The drawing model is Core Graphics': a graphics state (fill and stroke colours, line style,
/// transform, clip, alpha, shadow, interpolation) saved and restored as a stack
/// (``saveGState()``, ``restoreGState()``, ``withSavedState(_:)``), and operations that fill or
/// stroke rectangles, ellipses and ``Path``s, paint gradients, and draw ``Image``s. Geometry that
/// is not finite (NaN or infinite) makes an operation a no-op, as outside data must never crash.
///
/// ```swift
/// let context = try GraphicsContext(width: 120, height: 40, scale: 2)
/// context.fillColor = .blue
/// context.fill(Rect(x: 10, y: 10, width: 100, height: 20))
/// let image = context.makeImage()   // 240×80 pixels, 120×40 points
/// ```
public final class GraphicsContext {
    /// The size in points.
    public let size: Size
    /// Pixels per point.
    public let scale: Double
    /// Whether the pixels are opaque RGB24 (faster to composite) rather than ARGB32. An opaque
    /// context starts black; its owner fills it (an opaque layer fills its background colour).
    public let isOpaque: Bool
    /// The width in pixels, `ceil(size.width × scale)`.
    public let pixelWidth: Int
    /// The height in pixels, `ceil(size.height × scale)`.
    public let pixelHeight: Int

    let format: Image.Format
    let bytesPerRow: Int
    let storage: PixelStorage
    let surface: OpaquePointer
    /// The cairo context; its matrix maps user space to pixels.
    let cairo: OpaquePointer
    /// The part of the graphics state cairo does not hold (colours, alpha, shadow, …), and the
    /// saved copies of it, pushed and popped with cairo's own state.
    var state = DrawingState()
    var savedStates: [DrawingState] = []
    /// For each open transparency layer, how many states were saved when it began.
    var transparencyLayerBases: [Int] = []

    /// Creates a context of `width` × `height` points at `scale` pixels per point, transparent
    /// (or black, when `opaque`).
    ///
    /// - Throws: ``GraphicsError`` when a side is not finite, or is under one pixel or over
    ///   ``Image/maximumDimension`` pixels once scaled, or when the scale is not positive and
    ///   finite.
    public convenience init(width: Double, height: Double, scale: Double = 1, opaque: Bool = false) throws(GraphicsError) {
        guard scale.isFinite, scale > 0 else { throw .invalidScale(scale) }
        let size = Size(width: width, height: height)
        guard size.isFinite, width > 0, height > 0,
              width * scale <= Double(Image.maximumDimension) + 1,
              height * scale <= Double(Image.maximumDimension) + 1
        else { throw .invalidPointSize(size) }
        let pixelWidth = Self.pixelCount(width, scale: scale)
        let pixelHeight = Self.pixelCount(height, scale: scale)
        try Image.validate(width: pixelWidth, height: pixelHeight, scale: scale)
        let format: Image.Format = opaque ? .rgb24 : .argb32Premultiplied
        let storage = PixelStorage(byteCount: Image.bytesPerRow(forWidth: pixelWidth, format: format) * pixelHeight)
        storage.bytes.initializeMemory(as: UInt8.self, repeating: 0, count: storage.byteCount)
        try self.init(size: size, scale: scale, opaque: opaque, pixelWidth: pixelWidth, pixelHeight: pixelHeight, storage: storage)
    }

    /// A context over `storage`, whose pixels it draws on as they are: the checked sizes of the
    /// public initialiser, or another context's (``FramebufferChain`` reuses buffers this way).
    init(size: Size, scale: Double, opaque: Bool, pixelWidth: Int, pixelHeight: Int, storage: PixelStorage) throws(GraphicsError) {
        self.size = size
        self.scale = scale
        self.isOpaque = opaque
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        format = opaque ? .rgb24 : .argb32Premultiplied
        bytesPerRow = Image.bytesPerRow(forWidth: pixelWidth, format: format)
        precondition(storage.byteCount >= bytesPerRow * pixelHeight, "Lamina: pixel storage too small for the context")
        self.storage = storage
        surface = cairo_image_surface_create_for_data(
            storage.bytes.assumingMemoryBound(to: UInt8.self), format.cairoFormat,
            Int32(pixelWidth), Int32(pixelHeight), Int32(bytesPerRow))
        cairo = cairo_create(surface)
        let status = cairo_status(cairo)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(cairo)
            cairo_surface_destroy(surface)
            throw .cairo(String(cString: cairo_status_to_string(status)))
        }
        cairo_scale(cairo, scale, scale)
        // Core Graphics' default; cairo's is 2.
        cairo_set_line_width(cairo, 1)
    }

    /// Creates a context of `size` points; see ``init(width:height:scale:opaque:)``.
    public convenience init(size: Size, scale: Double = 1, opaque: Bool = false) throws(GraphicsError) {
        try self.init(width: size.width, height: size.height, scale: scale, opaque: opaque)
    }

    deinit {
        cairo_destroy(cairo)
        cairo_surface_destroy(surface)
    }

    /// Whole pixels covering `points` at `scale`. A hair of tolerance keeps 100.5 pt × 2 at 201
    /// pixels when floating point makes it 201.00000000000003.
    static func pixelCount(_ points: Double, scale: Double) -> Int {
        Int((points * scale - 1e-9).rounded(.up))
    }

    /// The pixel size of a context (and of the image it makes) of `size` points at `scale` —
    /// the same rounding the context uses —, or nil when the size or scale is not finite and
    /// positive, or the pixels would not fit in an `Int`. Any size that fits is returned, however
    /// large: whether it may be allocated is the caller's limit to apply.
    public static func pixelSize(of size: Size, scale: Double) -> (width: Int, height: Int)? {
        guard scale.isFinite, scale > 0, size.isFinite, size.width > 0, size.height > 0 else { return nil }
        // Far beyond any bitmap, and well inside Int: the conversion below cannot trap.
        let largest = Double(1 << 52)
        guard size.width * scale <= largest, size.height * scale <= largest else { return nil }
        return (pixelCount(size.width, scale: scale), pixelCount(size.height, scale: scale))
    }

    /// The bounds of the context in points: origin zero, ``size``.
    public var bounds: Rect { Rect(size: size) }

    /// A copy of the pixels drawn so far, as an image of ``size`` points at ``scale`` (RGB24 when
    /// the context is opaque). Drawing may go on afterwards; the image does not change.
    public func makeImage() -> Image {
        cairo_surface_flush(surface)
        let copy = PixelStorage(byteCount: storage.byteCount)
        copy.bytes.copyMemory(from: storage.bytes, byteCount: storage.byteCount)
        return Image(width: pixelWidth, height: pixelHeight, scale: scale, format: format,
                     bytesPerRow: bytesPerRow, storage: copy, byteOffset: 0)
    }

    /// Makes a context, lets `draw` draw into it, and returns the pixels without copying them
    /// (the context ends with the call), the way `UIGraphicsImageRenderer.image(actions:)` works.
    ///
    /// - Throws: ``GraphicsError`` for an invalid size or scale; whatever `draw` throws.
    public static func makeImage<E: Error>(
        width: Double, height: Double, scale: Double = 1, opaque: Bool = false,
        _ draw: (GraphicsContext) throws(E) -> Void
    ) throws -> Image {
        let context = try GraphicsContext(width: width, height: height, scale: scale, opaque: opaque)
        try draw(context)
        cairo_surface_flush(context.surface)
        return Image(width: context.pixelWidth, height: context.pixelHeight, scale: scale,
                     format: context.format, bytesPerRow: context.bytesPerRow,
                     storage: context.storage, byteOffset: 0)
    }
}
