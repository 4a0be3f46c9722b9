import Foundation
import Lamina

/// Everything a feed row needs to be shown without laying anything out: its three text layouts,
/// the frames of its subviews and its height. Made off the main thread by the scene's
/// ``RowLayoutCache`` (YYText's feed keeps a `WBStatusLayout` per row the same way), and handed
/// to the cell, whose labels draw the layouts as they are.
public struct FeedRowLayout: Sendable {
    /// The row's height in points.
    public let height: Double
    /// Where the subviews go, in the cell's coordinates.
    public let avatarFrame: Rect, titleFrame: Rect, metaFrame: Rect, summaryFrame: Rect, thumbnailFrame: Rect
    /// The bold title, every line.
    public let title: TextLayout
    /// The age, the highlighted link and the author, on one line.
    public let meta: TextLayout
    /// The summary: at most three lines ending in "… more" when cut, or all of it once expanded.
    public let summary: TextLayout
    /// Whether the summary shows in full (its "more" was tapped).
    public let isExpanded: Bool

    /// The layout of `post` in a row `width` points wide: the avatar on the left; beside it the
    /// meta line, then the title and the summary with the picture on their right; the summary
    /// in full when `expanded`. Any thread.
    public init(post: FeedPost, width: Double, expanded: Bool = false) {
        let style = FeedStyle.self
        let textX = style.padding + style.avatarSize + style.gap
        let columnWidth = max(width - textX - style.padding, 1)
        let textWidth = max(columnWidth - style.thumbnailSize - style.gap, 1)
        meta = TextLayout(container: TextContainer(size: Size(width: columnWidth, height: .infinity),
                                                   maximumNumberOfLines: 1, truncationType: .tail),
                          text: FeedText.meta(of: post))
        title = TextLayout(container: TextContainer(width: textWidth), text: FeedText.title(of: post))
        summary = TextLayout(container: TextContainer(size: Size(width: textWidth, height: .infinity),
                                                      maximumNumberOfLines: expanded ? 0 : 3, truncationType: .tail,
                                                      truncationToken: FeedText.moreToken),
                             text: FeedText.summary(of: post))
        isExpanded = expanded
        avatarFrame = Rect(x: style.padding, y: style.padding, width: style.avatarSize, height: style.avatarSize)
        metaFrame = Rect(x: textX, y: style.padding, width: columnWidth, height: meta.textBoundingSize.height)
        titleFrame = Rect(x: textX, y: metaFrame.maxY + 4, width: textWidth, height: title.textBoundingSize.height)
        summaryFrame = Rect(x: textX, y: titleFrame.maxY + 4, width: textWidth, height: summary.textBoundingSize.height)
        thumbnailFrame = Rect(x: textX + textWidth + style.gap, y: metaFrame.maxY + 6,
                              width: style.thumbnailSize, height: style.thumbnailSize)
        height = max(summaryFrame.maxY, thumbnailFrame.maxY, avatarFrame.maxY) + style.padding
    }
}

/// The feed's look: sizes, fonts and colours.
public enum FeedStyle {
    /// Around a row's content, in points.
    public static let padding = 12.0
    /// Between the avatar and the text column.
    public static let gap = 10.0
    /// The avatar's side.
    public static let avatarSize = 40.0
    /// The picture's side.
    public static let thumbnailSize = 88.0
    static let titleFont = Font.system(size: 17, weight: .bold)
    static let metaFont = Font.system(size: 13)
    static let summaryFont = Font.system(size: 15)
    static let ink = Color(hex: "#1C1C1E")!
    static let secondaryInk = Color(hex: "#6E6E73")!
    static let link = Color(hex: "#0A66D8")!
    static let linkPressed = Color(hex: "#063E85")!
    static let linkPressedBackground = Color(hex: "#D6E6FA")!
    static let separator = Color(hex: "#E5E5EA")!
    static let placeholder = Color(hex: "#F2F2F7")!
}

/// The attributed strings of a row.
enum FeedText {
    static func title(of post: FeedPost) -> AttributedString {
        var text = AttributedString(post.title)
        text.font = FeedStyle.titleFont
        text.foregroundColor = FeedStyle.ink
        return text
    }

    /// "5 h · lamina.dev/p/12 · Ada Lovelace", the link highlighted (tappable, with the post's
    /// row in its user info); the author comes last, so a narrow row cuts the name, not the link.
    static func meta(of post: FeedPost) -> AttributedString {
        var age = AttributedString("\(post.age) · ")
        age.font = FeedStyle.metaFont
        age.foregroundColor = FeedStyle.secondaryInk
        var link = AttributedString(post.link)
        link.font = FeedStyle.metaFont
        link.foregroundColor = FeedStyle.link
        link.highlight = TextHighlight(color: FeedStyle.link, highlightedColor: FeedStyle.linkPressed,
                                       highlightedBackgroundColor: FeedStyle.linkPressedBackground,
                                       userInfo: ["row": String(post.index), "link": post.link])
        var author = AttributedString(" · \(post.author)")
        author.font = FeedStyle.metaFont
        author.foregroundColor = FeedStyle.secondaryInk
        return age + link + author
    }

    static func summary(of post: FeedPost) -> AttributedString {
        var text = AttributedString(post.summary)
        text.font = FeedStyle.summaryFont
        text.foregroundColor = FeedStyle.ink
        return text
    }

    /// What a summary cut at three lines ends with: "… more", the "more" tappable (its
    /// highlight's user info says "expand").
    static let moreToken: AttributedString = {
        var ellipsis = AttributedString("… ")
        ellipsis.font = FeedStyle.summaryFont
        ellipsis.foregroundColor = FeedStyle.ink
        var more = AttributedString("more")
        more.font = FeedStyle.summaryFont
        more.foregroundColor = FeedStyle.link
        more.highlight = TextHighlight(color: FeedStyle.link, highlightedColor: FeedStyle.linkPressed,
                                       highlightedBackgroundColor: FeedStyle.linkPressedBackground,
                                       userInfo: ["action": "expand"])
        return ellipsis + more
    }()
}
