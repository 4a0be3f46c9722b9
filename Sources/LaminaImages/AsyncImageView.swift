import Foundation
import LaminaGraphics
import LaminaLayers
import LaminaTrace
import LaminaUI

/// An image view that loads its image from a URL through an ``ImageLoader`` — SDWebImage's
/// `sd_setImage(with:)` and Texture's `ASNetworkImageNode`. Main thread.
///
/// Its layer is a plain layer: the loader does the off-main work (fetch, decode at the view's
/// pixel size), and the decoded image becomes ``/LaminaUI/ImageView/image`` on the main thread.
///
/// - **Reuse-safe**: a new ``imageURL`` cancels interest in the old one (the fetch stops when no
///   other view waits for it), and a result for an old URL never lands on the view: each
///   request carries a generation number that must still be current on delivery.
/// - **Visible-only**: a view whose frame — clipped by the window and by every ancestor that
///   clips (`masksToBounds`) — is empty neither decodes nor assigns (an image that arrives for a
///   view scrolled out of sight meanwhile waits in the memory cache). Waiting views are checked
///   again at the end of the layout phase
///   (``/LaminaLayers/Transaction/addLayoutPhaseObserver(_:)``) of every commit that may have moved
///   something (the transaction's geometry epoch), so a view scrolled into sight starts decoding on
///   the frame it appears, and commits that only bring contents cost nothing. A decoded image is
///   assigned if the view can still be seen: without looking again when the epoch has stood
///   since the check that started the load (nothing moved, hid or left a superlayer).
/// - **Near-visible**: a view within ``prefetchMargin`` points of the visible area fetches its
///   bytes (into the loader's caches) but does not decode them.
/// - **Errors** show ``placeholder`` and reach ``errorHandler``.
@MainActor
open class AsyncImageView: ImageView {
    /// The URL to show; nil shows the placeholder. Setting it withdraws interest in the old one.
    public var imageURL: URL? {
        didSet {
            guard imageURL != oldValue else { return }
            reload()
        }
    }

    /// Shown while the image loads, when it failed, and without a URL.
    public var placeholder: Image? {
        didSet { if showsPlaceholder { image = placeholder } }
    }

    /// Where images come from; ``ImageLoader/shared`` by default. Set it before ``imageURL``.
    public var loader: ImageLoader {
        get { ownLoader ?? .shared }
        set { ownLoader = newValue }
    }

    private var ownLoader: ImageLoader?

    /// How far outside the visible area (points) a view fetches its bytes without decoding them.
    public var prefetchMargin: Double = 0 {
        didSet { if prefetchMargin != oldValue { AsyncImageVisibility.setNeedsCheck() } }
    }

    /// Called on the main thread when a load for the current URL fails.
    public var errorHandler: (@MainActor (URL, ImageLoadingError) -> Void)?

    /// Where the view is in its load: nothing asked, waiting to become visible, loading, done.
    public enum LoadState: Sendable, Equatable {
        /// No URL.
        case idle
        /// Not visible yet: nothing decoded (bytes may be prefetching).
        case waitingForVisibility
        /// Visible, and the loader is working on it.
        case loading
        /// The image is shown.
        case loaded
        /// The load failed; the placeholder is shown.
        case failed(ImageLoadingError)
    }

    /// Where the view is in its load.
    public private(set) var loadState: LoadState = .idle

    private var ticket: ImageLoadTicket?
    private var prefetchTicket: ImageLoadTicket?
    private var generation = 0
    private var showsPlaceholder = true

    /// Creates an empty view with `frame`.
    public override init(frame: Rect) {
        super.init(frame: frame)
    }

    isolated deinit {
        // A view that goes away stops waiting: the fetch ends if nobody else wants it.
        ticket?.cancel()
        prefetchTicket?.cancel()
    }

    /// Withdraws from the loader and forgets the image, as a reused cell does before it is given
    /// a new URL. The placeholder shows.
    public func cancelLoad() {
        generation += 1
        ticket?.cancel()
        ticket = nil
        prefetchTicket?.cancel()
        prefetchTicket = nil
        AsyncImageVisibility.remove(self)
    }

    private func reload() {
        cancelLoad()
        show(placeholder: true)
        guard imageURL != nil else {
            loadState = .idle
            return
        }
        loadState = .waitingForVisibility
        AsyncImageVisibility.add(self)
        // A commit must come for the visibility check to run.
        setNeedsLayout()
    }

    /// What the visibility check found for this view.
    enum Visibility {
        case visible, near, hidden
    }

    /// Called at the end of a commit's layout phase while the view waits; returns whether it is
    /// done waiting.
    func checkVisibility(using pass: inout VisibilityPass) -> Bool {
        guard let url = imageURL, loadState == .waitingForVisibility else { return true }
        switch visibility(using: &pass) {
        case .hidden:
            return false
        case .near:
            if prefetchTicket == nil { prefetchTicket = loader.prefetch(url) }
            return false
        case .visible:
            startLoading(url, seenVisibleAt: Transaction.geometryEpoch)
            return true
        }
    }

    /// Starts loading `url` for a view a check found visible while the geometry epoch was `epoch`.
    private func startLoading(_ url: URL, seenVisibleAt epoch: UInt64) {
        let scale = window?.scale ?? layer.contentsScale
        loadState = .loading
        let expected = generation
        // A memory hit completes inside this call, so the image lands in the commit under way.
        let ticket = loader.loadImage(for: url, sizing: decodeSizing, scale: scale) { [weak self] result in
            guard let self, self.generation == expected, self.imageURL == url else { return }
            self.ticket = nil
            switch result {
            case let .success(image) where self.isVisible(seenAt: epoch):
                self.assign(image, for: url)
            case .success:
                // Scrolled out of sight while loading: not assigned now. The image is in the
                // loader's memory cache, and the view takes it from there (a hit, no decode)
                // when it is visible again.
                self.loadState = .waitingForVisibility
                AsyncImageVisibility.add(self)
            case let .failure(error):
                self.loadState = .failed(error)
                self.show(placeholder: true)
                self.errorHandler?(url, error)
            }
        }
        if loadState == .loading { self.ticket = ticket }
    }

    /// Whether the view, found visible while the geometry epoch was `epoch`, can be seen now:
    /// nothing moved, hid or left a superlayer since (the epoch stands), or a new check says so.
    private func isVisible(seenAt epoch: UInt64) -> Bool {
        Transaction.geometryEpoch == epoch || visibility() == .visible
    }

    private func assign(_ image: Image, for url: URL) {
        Trace.instant(.imageAssigned, arguments: ["url": url.absoluteString, "pixels": "\(image.width)×\(image.height)"])
        showsPlaceholder = false
        self.image = image
        loadState = .loaded
        prefetchTicket = nil
    }

    private func show(placeholder: Bool) {
        showsPlaceholder = placeholder
        image = placeholder ? self.placeholder : nil
    }

    /// The pixel size to decode at, from the bounds, the window's scale and the content mode:
    /// natural-size modes decode at full size.
    public var decodeSizing: ImageSizing {
        let scale = window?.scale ?? layer.contentsScale
        let width = Int((bounds.width * scale).rounded(.up)), height = Int((bounds.height * scale).rounded(.up))
        guard width > 0, height > 0 else { return .original }
        switch contentMode {
        case .scaleAspectFill, .scaleToFill: return .covering(width: width, height: height)
        case .scaleAspectFit: return .fitting(width: width, height: height)
        default: return .original
        }
    }

    /// Whether the view can be seen: its bounds in window coordinates, clipped by the window
    /// and every clipping ancestor; near when only the clip grown by ``prefetchMargin`` reaches
    /// it.
    func visibility() -> Visibility {
        var pass = VisibilityPass()
        return visibility(using: &pass)
    }

    /// ``visibility()`` with the ancestors' clips shared by the views of one check.
    func visibility(using pass: inout VisibilityPass) -> Visibility {
        guard !isHidden, alpha > 0, let parent = superview,
              let parentClip = pass.clip(inside: parent) else { return .hidden }
        let clip = parentClip.rect
        let rect = pass.windowRect(of: self, inside: parentClip)
        guard rect.isFinite, !rect.isEmpty else { return .hidden }
        if !clip.isEmpty, !rect.intersection(clip).isEmpty { return .visible }
        guard prefetchMargin > 0 else { return .hidden }
        let near = clip.isNull ? clip : clip.insetBy(dx: -prefetchMargin, dy: -prefetchMargin)
        return !rect.intersection(near).isEmpty ? .near : .hidden
    }
}
