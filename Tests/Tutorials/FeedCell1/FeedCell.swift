import Foundation
import Lamina

/// One row of the feed. Its title is an `AsyncLabel`: the text is laid out and drawn on a
/// display queue, and the finished bitmap is committed on the main loop.
final class FeedCell: ListCell {
    static let reuseIdentifier = "post"

    let title = AsyncLabel(frame: .zero)

    init() {
        super.init(reuseIdentifier: Self.reuseIdentifier)
        backgroundColor = .white
        title.numberOfLines = 2
        title.textVerticalAlignment = .top
        addSubview(title)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        title.frame = Rect(x: 16, y: 12, width: bounds.width - 32, height: 44)
    }

    func configure(title text: String) {
        var title = AttributedString(text)
        title.font = Font(family: "DejaVu Sans", size: 17, weight: .bold)
        title.foregroundColor = Color(white: 0.1, alpha: 1)
        self.title.attributedText = title
    }
}
