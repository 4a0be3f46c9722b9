import Lamina

/// A feed row: avatar, title, meta line with a link, summary and picture. Its labels draw the
/// row's precomputed ``FeedRowLayout`` (no text layout on the main thread); its pictures load
/// through the loader (async modes) or are decoded on the main thread (``FeedMode/asyncOff``).
@MainActor
final class FeedCell: ListCell {
    static let reuseIdentifier = "post"

    let avatar = AsyncImageView(frame: .zero)
    let title = AsyncLabel(frame: .zero)
    let meta = AsyncLabel(frame: .zero)
    let summary = AsyncLabel(frame: .zero)
    let thumbnail = AsyncImageView(frame: .zero)
    private let separator = View(frame: .zero)
    private var labels: [AsyncLabel] { [title, meta, summary] }
    /// The row's layout and the images it waits for, for "is the row's content final".
    private(set) var layout: FeedRowLayout?
    private(set) var synchronousImages = false
    /// Counts the cell's growths and reuses: a growth's end unclips only a cell still in it.
    private var growth = 0

    init(mode: FeedMode, loader: ImageLoader) {
        super.init(reuseIdentifier: Self.reuseIdentifier)
        backgroundColor = .white
        layer.isOpaque = true
        if mode == .grouped { layer.asyncCommitPolicy = .perContainer }
        for label in labels {
            label.displaysAsynchronously = mode.isAsync
            label.numberOfLines = 0
            label.textVerticalAlignment = .top
            addSubview(label)
        }
        for image in [avatar, thumbnail] {
            image.loader = loader
            image.contentMode = .scaleAspectFill
            image.clipsToBounds = true
            image.backgroundColor = FeedStyle.placeholder
            addSubview(image)
        }
        avatar.layer.cornerRadius = FeedStyle.avatarSize / 2
        thumbnail.layer.cornerRadius = 8
        separator.backgroundColor = FeedStyle.separator
        addSubview(separator)
    }

    override func prepareForReuse() {
        avatar.imageURL = nil
        thumbnail.imageURL = nil
        layout = nil
        growth += 1
        clipsToBounds = false
    }

    /// Takes `layout`, the row's expanded layout, whose summary is longer: the summary gets its
    /// new frame and text at once, and the cell clips to its bounds, so that as the list animates
    /// the row's height the growing bounds reveal the new lines. Call inside the list update;
    /// returns the growth to pass to ``endGrowing(_:)`` when the update ends.
    func beginGrowing(into layout: FeedRowLayout) -> Int {
        self.layout = layout
        summary.frame = layout.summaryFrame
        summary.textLayout = layout.summary
        growth += 1
        clipsToBounds = true
        return growth
    }

    /// Stops clipping when the cell is still in `growth` (not reused or grown again since).
    func endGrowing(_ growth: Int) {
        if growth == self.growth { clipsToBounds = false }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        // One device pixel, inside the row: a thinner line would snap onto the next row's first
        // pixel row, and show or not depending on which cell the list drew last.
        let hairline = 1 / max(window?.scale ?? layer.contentsScale, 1)
        separator.frame = Rect(x: FeedStyle.padding, y: bounds.height - hairline, width: bounds.width - FeedStyle.padding,
                               height: hairline)
    }

    /// Shows `post` with `layout` (nil while the row is not measured: the labels stay empty until
    /// the layout arrives). Images: through the loader, or decoded here with `images` when
    /// `decodeNow` (the synchronous mode).
    func configure(_ post: FeedPost, layout: FeedRowLayout?, images: FeedImages, decodeNow: Bool) {
        self.layout = layout
        synchronousImages = decodeNow
        guard let layout else {
            for label in labels { label.textLayout = nil }
            return
        }
        title.frame = layout.titleFrame
        meta.frame = layout.metaFrame
        summary.frame = layout.summaryFrame
        avatar.frame = layout.avatarFrame
        thumbnail.frame = layout.thumbnailFrame
        title.textLayout = layout.title
        meta.textLayout = layout.meta
        summary.textLayout = layout.summary
        let scale = window?.scale ?? layer.contentsScale
        for (view, index) in [(avatar, post.avatarImage), (thumbnail, post.thumbnailImage)] {
            if decodeNow {
                view.imageURL = nil
                view.image = images.decodeNow(index, sizing: view.decodeSizing, scale: scale)
            } else {
                view.imageURL = images.url(of: index)
            }
        }
    }

    /// Whether the row shows its final content: every label drawn (no render in flight or due)
    /// and every picture in sight shown. (A picture scrolled out of sight — the avatar of a row
    /// cut by the top edge — waits for visibility and loads nothing: nothing more is to come.)
    var showsFinalContent: Bool {
        guard layout != nil else { return false }
        let labelsDrawn = labels.allSatisfy { label in
            !label.layer.needsDisplay && label.asyncLayer.rendersInFlight == 0 && label.layer.contents != nil
        }
        let imagesShown = [avatar, thumbnail].allSatisfy { view in
            if synchronousImages { return view.image != nil }
            switch view.loadState {
            case .loaded, .waitingForVisibility, .failed: return true
            case .idle, .loading: return false
            }
        }
        return labelsDrawn && imagesShown
    }
}
