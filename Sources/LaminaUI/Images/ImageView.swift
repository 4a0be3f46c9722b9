import LaminaGraphics
import LaminaLayers

/// Shows an ``/LaminaGraphics/Image`` — UIKit's `UIImageView`. Main thread.
///
/// The image becomes the layer's ``/LaminaLayers/Layer/contents`` as it is: the view never draws
/// (it has no backing store), and ``contentMode`` is the layer's
/// ``/LaminaLayers/Layer/contentsGravity``, so resizing the view or changing the mode costs the
/// compositor a different placement, not a redraw.
///
/// The layer's ``/LaminaLayers/Layer/contentsScale`` is kept equal to the image's
/// ``/LaminaGraphics/Image/scale``: a 2× image is 100 points wide when it has 200 pixels, whatever
/// the window's scale. Joining a window resets every layer's scale to the window's, so the view
/// puts the image's back then.
///
/// ```swift
/// let view = ImageView(image: try ImageDecoder.decode(data, scale: 2))
/// view.contentMode = .scaleAspectFit
/// view.sizeToFit()   // the image's size in points
/// ```
@MainActor
open class ImageView: View {
    /// The image shown; nil shows nothing (the background colour, if any).
    public var image: Image? {
        didSet { applyImage() }
    }

    /// How the image is placed in the bounds; ``ContentMode/scaleToFill`` by default.
    public var contentMode: ContentMode = .scaleToFill {
        didSet { layer.contentsGravity = contentMode.contentsGravity }
    }

    /// Creates an image view showing `image`, its frame the image's size in points at the origin
    /// (empty without an image), as `UIImageView(image:)` does.
    public init(image: Image?) {
        super.init(frame: Rect(size: image?.size ?? .zero))
        self.image = image
        applyImage()
    }

    /// Creates an empty image view with `frame`.
    public override init(frame: Rect) {
        super.init(frame: frame)
    }

    /// The image's size in points, whatever `size` is; the current size without an image.
    open override func sizeThatFits(_ size: Size) -> Size {
        image?.size ?? bounds.size
    }

    /// Puts the image's scale back on the layer: joining a window gave it the window's.
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if let image { layer.contentsScale = image.scale }
    }

    private func applyImage() {
        layer.contents = image
        if let image { layer.contentsScale = image.scale }
    }
}
