import FeedScene
import Lamina
import Testing

/// The feed's data and row layouts: the same feed every run, rows that fit their frames, a
/// summary cut at three lines with its "more" token, odd widths, percentiles and the table.
@Suite struct FeedModelTests {
    @Test func theFeedIsTheSameEveryRunAndVaried() {
        let feed = FeedPost.feed(count: 200)
        #expect(feed == FeedPost.feed(count: 200))
        #expect(feed != FeedPost.feed(count: 200, seed: 7))
        #expect(feed.map(\.index) == Array(0..<200))
        #expect(Set(feed.map(\.title)).count == 200)
        #expect(feed.contains { $0.title.contains("🚀") } && feed.contains { $0.title.contains("東京") || $0.title.contains("描画") || $0.title.contains("非同期") || $0.title.contains("今日") })
        #expect(feed.allSatisfy { (0..<FeedPost.avatarCount).contains($0.avatarImage) })
        #expect(feed.allSatisfy { (FeedPost.avatarCount..<FeedPost.imageCount).contains($0.thumbnailImage) })
        #expect(FeedPost.feed(count: 0).isEmpty && FeedPost.feed(count: -3).isEmpty)
    }

    @Test func aRowsFramesStackInsideItsHeightAndItsTextFitsThem() {
        for post in FeedPost.feed(count: 40) {
            let layout = FeedRowLayout(post: post, width: 390)
            #expect(layout.metaFrame.maxY <= layout.titleFrame.minY)
            #expect(layout.titleFrame.maxY <= layout.summaryFrame.minY)
            #expect(layout.thumbnailFrame.minX >= layout.titleFrame.maxX)
            #expect(layout.thumbnailFrame.maxX <= 390 - FeedStyle.padding + 1e-9)
            #expect([layout.summaryFrame, layout.thumbnailFrame, layout.avatarFrame].allSatisfy { $0.maxY <= layout.height })
            #expect(layout.title.textBoundingSize.height <= layout.titleFrame.height)
            #expect(layout.title.container.size.width == layout.titleFrame.width)
            #expect(layout.summary.lines.count <= 3)
            #expect(layout.meta.lines.count == 1)
        }
    }

    @Test func aLongSummaryEndsWithTheMoreToken() throws {
        let long = try #require(FeedPost.feed(count: 100).first { $0.summary.count > 300 })
        let layout = FeedRowLayout(post: long, width: 390)
        #expect(layout.summary.lines.count == 3)
        let last = try #require(layout.summary.lines.last)
        #expect(last.isTruncated)
        #expect(last.runs.contains { $0.isTruncationToken })
    }

    @Test func oddWidthsGiveFiniteRows() {
        let post = FeedPost.feed(count: 1)[0]
        for width in [0.0, -50, 1, 60, .nan, 10_000] {
            let layout = FeedRowLayout(post: post, width: width)
            #expect(layout.height.isFinite && layout.height > 0, "width \(width)")
        }
    }

    @Test func percentilesAreNearestRank() {
        let values = Percentiles((1...100).map(Double.init) + [.nan])
        #expect(values.count == 100)
        #expect(values.median == 50 && values.p99 == 99 && values.maximum == 100 && values.mean == 50.5)
        #expect(Percentiles([]).median == 0 && Percentiles([]).mean == 0)
        #expect(FeedReport.fixed(1.5, 2) == "1.50" && FeedReport.fixed(2.449, 1) == "2.4" && FeedReport.fixed(.infinity, 1) == "-")
    }
}
