import Foundation
import Lamina

/// One row of the feed: a title drawn on a display queue, and a thumbnail loaded, decoded and
/// scaled off the main thread.
final class FeedCell: ListCell {
    static let reuseIdentifier = "post"

    let title = AsyncLabel(frame: .zero)
    let thumbnail = AsyncImageView(frame: .zero)

    init() {
        super.init(reuseIdentifier: Self.reuseIdentifier)
        backgroundColor = .white
        title.numberOfLines = 2
        title.textVerticalAlignment = .top
        addSubview(title)

        thumbnail.contentMode = .scaleAspectFill
        thumbnail.clipsToBounds = true
        thumbnail.layer.cornerRadius = 8
        thumbnail.backgroundColor = Color(white: 0.92, alpha: 1)
        addSubview(thumbnail)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        thumbnail.frame = Rect(x: bounds.width - 16 - 72, y: 12, width: 72, height: 72)
        title.frame = Rect(x: 16, y: 12, width: thumbnail.frame.minX - 28, height: 44)
    }

    override func prepareForReuse() {
        // A reused cell must not show the last row's picture while the new one loads.
        thumbnail.imageURL = nil
    }

    func configure(title text: String, thumbnailURL: URL?) {
        var title = AttributedString(text)
        title.font = Font(family: "DejaVu Sans", size: 17, weight: .bold)
        title.foregroundColor = Color(white: 0.1, alpha: 1)
        self.title.attributedText = title
        thumbnail.imageURL = thumbnailURL
    }
}
