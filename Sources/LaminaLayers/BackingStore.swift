import Foundation
import LaminaGraphics
import LaminaTrace

/// The most a backing store may be: Docs/design.md's cap (16384 pixels a side, 256 MiB), never
/// allocated beyond — a huge layer is refused with a logged error instead.
public struct BackingStoreLimits: Sendable, Hashable {
    /// The largest width or height in pixels.
    public var maximumDimension: Int
    /// The largest size in bytes (4 per pixel).
    public var maximumBytes: Int

    /// Creates limits.
    public init(maximumDimension: Int = 16384, maximumBytes: Int = 256 << 20) {
        self.maximumDimension = maximumDimension
        self.maximumBytes = maximumBytes
    }

    /// The limits every layer uses; change them on the main thread before drawing.
    @MainActor public static var current = BackingStoreLimits()

    /// Whether a store of `width` × `height` pixels fits.
    public func allows(width: Int, height: Int) -> Bool {
        width <= maximumDimension && height <= maximumDimension
            && width.multipliedReportingOverflow(by: height * 4).partialValue <= maximumBytes
    }
}

/// The backing-store path of ``Layer/display()``: one bitmap per display, at the scale read now.
@MainActor
enum BackingStore {
    /// Renders `layer` into a new backing store, starting from its old contents when only
    /// `dirtyRect` needs redrawing. Returns the image (nil when the layer is under one point or
    /// the store is over the limits) and the rectangle actually redrawn (nil: all of it).
    static func render(_ layer: Layer, dirtyRect: Rect?) -> (image: Image?, redrawn: Rect?) {
        let bounds = layer.bounds, scale = layer.contentsScale
        guard bounds.width >= 1, bounds.height >= 1,
              let (pixelWidth, pixelHeight) = admittedPixelSize(of: layer, size: bounds.size, scale: scale) else {
            return (nil, nil)
        }
        let previous = layer.contents.flatMap { contents in
            // A partial redraw starts from the old pixels, when they still fit: a bounds or
            // scale change forces a full redraw.
            dirtyRect != nil && contents.scale == scale && contents.width == pixelWidth
                && contents.height == pixelHeight ? contents : nil
        }
        let redrawn = previous == nil ? nil : dirtyRect?.intersection(bounds)
        do {
            let image = try GraphicsContext.makeImage(width: bounds.width, height: bounds.height, scale: scale,
                                                      opaque: layer.isOpaque) { context in
                if let previous { context.draw(previous, at: .zero) }
                context.translateBy(x: -bounds.minX, y: -bounds.minY)
                if let redrawn { context.clip(to: redrawn) }
                if layer.isOpaque {
                    context.fillOpaqueBackground(redrawn ?? bounds, color: layer.backgroundColor)
                } else if previous != nil, let redrawn {
                    context.clear(redrawn)
                }
                layer.draw(in: context)
            }
            return (image, redrawn)
        } catch {
            refuse(layer, size: bounds.size, scale: scale)
            return (nil, nil)
        }
    }

    /// The pixel size of a store of `size` points at `scale`, or nil — logged to the trace and
    /// standard error — when it is over ``BackingStoreLimits/current``.
    /// The rounding is the context's own (``GraphicsContext/pixelSize(of:scale:)``), so the size
    /// admitted is the size made, and sizes too large for any bitmap are refused, not converted.
    static func admittedPixelSize(of layer: Layer, size: Size, scale: Double) -> (width: Int, height: Int)? {
        guard let pixels = GraphicsContext.pixelSize(of: size, scale: scale),
              BackingStoreLimits.current.allows(width: pixels.width, height: pixels.height) else {
            refuse(layer, size: size, scale: scale)
            return nil
        }
        return pixels
    }

    static func refuse(_ layer: Layer, size: Size, scale: Double) {
        let pixels = "\(size.width * scale)×\(size.height * scale)"
        let message = "Lamina: layer \(layer.id) needs a \(pixels)-pixel backing store, over the limits "
            + "(\(BackingStoreLimits.current.maximumDimension) px a side, \(BackingStoreLimits.current.maximumBytes) bytes); "
            + "contents left empty"
        Trace.instant(.backingStoreRefused, arguments: ["layer": layer.id.description, "pixels": pixels])
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}

extension GraphicsContext {
    /// Fills `area` white and then with `color`, so nothing of an uninitialised or old store shows
    /// through an opaque layer (YYAsyncLayer's rule, which Lamina keeps for every layer: Docs/03).
    func fillOpaqueBackground(_ area: Rect, color: Color?) {
        withSavedState {
            fillColor = .white
            fill(area)
            if let color {
                fillColor = color
                fill(area)
            }
        }
    }
}
