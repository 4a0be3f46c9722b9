import Foundation
import Lamina

/// One row of the feed: a title drawn on a display queue, a thumbnail loaded, decoded and scaled
/// off the main thread, and a byline whose link highlights while it is pressed.
final class FeedCell: ListCell {
    static let reuseIdentifier = "post"

    let title = AsyncLabel(frame: .zero)
    let thumbnail = AsyncImageView(frame: .zero)
    let byline = AsyncLabel(frame: .zero)
    /// Called with the link's address when it is tapped.
    var onLinkTap: ((String) -> Void)?

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

        byline.highlightTapAction = { [weak self] hit in
            if let link = hit.highlight.userInfo["link"] { self?.onLinkTap?(link) }
        }
        addSubview(byline)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        thumbnail.frame = Rect(x: bounds.width - 16 - 72, y: 12, width: 72, height: 72)
        title.frame = Rect(x: 16, y: 12, width: thumbnail.frame.minX - 28, height: 44)
        byline.frame = Rect(x: 16, y: 62, width: thumbnail.frame.minX - 28, height: 22)
    }

    override func prepareForReuse() {
        // A reused cell must not show the last row's picture while the new one loads.
        thumbnail.imageURL = nil
    }

    func configure(title text: String, thumbnailURL: URL?, author: String, link: String) {
        var title = AttributedString(text)
        title.font = Font(family: "DejaVu Sans", size: 17, weight: .bold)
        title.foregroundColor = Color(white: 0.1, alpha: 1)
        self.title.attributedText = title
        thumbnail.imageURL = thumbnailURL

        var byline = AttributedString("\(author) · ")
        var linkText = AttributedString(link)
        linkText.highlight = TextHighlight(color: Color(red: 0, green: 0.4, blue: 0.9, alpha: 1),
                                           highlightedBackgroundColor: Color(red: 0, green: 0.4, blue: 0.9, alpha: 0.2),
                                           userInfo: ["link": link])
        byline.append(linkText)
        byline.font = Font(family: "DejaVu Sans", size: 14)
        byline.foregroundColor = Color(white: 0.45, alpha: 1)
        self.byline.attributedText = byline
    }
}
