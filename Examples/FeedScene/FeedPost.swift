/// One row of the feed: a post with an author, a title, a summary, a link and two pictures. The
/// feed is made up, the same every run (a seeded generator), with titles and summaries of varied
/// length — some in Japanese, some with emoji — so rows differ in height as a real feed's do.
public struct FeedPost: Sendable, Hashable {
    /// The row.
    public let index: Int
    /// Who posted it.
    public let author: String
    /// A bold, multi-line title.
    public let title: String
    /// A paragraph shown in at most three lines, with a "more" token when it is longer.
    public let summary: String
    /// How long ago it was posted, in minutes.
    public let minutesAgo: Int
    /// The link shown after the timestamp, highlighted and tappable.
    public let link: String
    /// The image server's index of the author's picture.
    public let avatarImage: Int
    /// The image server's index of the post's picture.
    public let thumbnailImage: Int

    /// The number of different avatars the feed uses; thumbnails come after them.
    public static let avatarCount = 40
    /// The number of different thumbnails; rows further apart than this share one.
    public static let thumbnailCount = 160
    /// The number of pictures the image server must have.
    public static let imageCount = avatarCount + thumbnailCount

    /// `count` posts from `seed`.
    public static func feed(count: Int, seed: UInt64 = 2026) -> [FeedPost] {
        var random = SplitMix64(seed: seed)
        return (0..<max(count, 0)).map { index in
            let author = authors[random.next(below: authors.count)]
            var title = sentence(words: 4 + random.next(below: 11), using: &random)
            if index % 7 == 3 { title += " 🚀" }
            if index % 11 == 5 { title = japaneseTitles[random.next(below: japaneseTitles.count)] + " — " + title }
            var summary = sentence(words: 18 + random.next(below: 60), using: &random) + "."
            if index % 5 == 2 { summary += " " + sentence(words: 6 + random.next(below: 10), using: &random) + " 👍🏽." }
            return FeedPost(index: index, author: author, title: title, summary: summary,
                            minutesAgo: 1 + index * 7 + random.next(below: 7),
                            link: "lamina.dev/p/\(index + 1)",
                            avatarImage: random.next(below: avatarCount),
                            thumbnailImage: avatarCount + index % thumbnailCount)
        }
    }

    /// "3 min", "5 h", "2 d".
    public var age: String {
        minutesAgo < 60 ? "\(minutesAgo) min" : minutesAgo < 24 * 60 ? "\(minutesAgo / 60) h" : "\(minutesAgo / (24 * 60)) d"
    }

    private static func sentence(words count: Int, using random: inout SplitMix64) -> String {
        var words = (0..<count).map { _ in vocabulary[random.next(below: vocabulary.count)] }
        words[0] = words[0].prefix(1).uppercased() + words[0].dropFirst()
        return words.joined(separator: " ")
    }

    private static let authors = [
        "Ada Lovelace", "Alan Kay", "Grace Hopper", "Bret Victor", "Radia Perlman", "Ken Thompson",
        "Barbara Liskov", "Dennis Ritchie", "Frances Allen", "Edsger Dijkstra", "Margaret Hamilton",
        "Butler Lampson", "John Ousterhout", "Karen Spärck Jones", "Leslie Lamport", "Niklaus Wirth",
    ]

    private static let japaneseTitles = ["東京の朝", "新しい描画エンジン", "非同期レンダリング入門", "今日のニュース"]

    private static let vocabulary = """
        layer tree commit frame render server display queue async label image view scroll feed \
        pixel cairo glyph shaping harfbuzz line break transaction observer loop source timer \
        bitmap backing store damage region composite present tick vsync budget main thread \
        background decode cache memory reuse cell list height estimate layout text font emoji \
        fast smooth dropped late early quietly carefully measured exact honest simple clear \
        the a of to in for with on while before after under over between every each one two
        """.split(whereSeparator: \.isWhitespace).map(String.init)
}

/// A small, fast, seeded generator (SplitMix64): the same feed on every machine.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<bound (bound ≥ 1).
    mutating func next(below bound: Int) -> Int {
        Int(next() % UInt64(max(bound, 1)))
    }
}
