import Foundation
import LaminaGraphics
@testable import LaminaText
import LaminaTesting
import LaminaTrace
import Testing

@Suite("Drawing")
struct DrawingTests {
    let layout = TextLayout(container: TextContainer(size: Size(width: 320, height: 120)),
                            text: TextFixtures.text(TextFixtures.paragraph))
    let size = Size(width: 320, height: 120)

    @Test("cancellation is asked between phases and after each line, and stops the drawing")
    func cancellation() throws {
        var asks = 0
        let context = try GraphicsContext(width: 320, height: 120)
        #expect(layout.draw(in: context) { asks += 1; return false })
        // Eight phases, each asked before it and after each of its five lines.
        #expect(asks == 8 * (1 + 5))

        let stopped = try GraphicsContext.makeImage(width: 320, height: 120) { context in
            context.fillColor = .white
            context.fill(context.bounds)
            var calls = 0
            // Stops in the backgrounds phase, the third of eight: no glyph is drawn.
            let finished = layout.draw(in: context) { calls += 1; return calls > 12 }
            #expect(!finished)
        }
        #expect(stopped.inkedPixelCount == 0)
        #expect(try TextFixtures.render(layout, size: size).inkedPixelCount > 1000)
    }

    @Test("drawing only the phases a layout needs gives the pixels of drawing every phase")
    func skippedPhasesDrawNothing() throws {
        var drawnSomething = 0
        for seed in 0..<120 as Range<UInt64> {
            var random = SplitMix64(seed: seed)
            let text = TextStorageTests.randomText(&random)
            let layout = TextLayout(container: TextContainer(size: Size(width: 200, height: 160)), text: text)
            // A pressed highlight draws its background in the backgrounds phase.
            let options = TextDrawingOptions(highlightedRange: seed % 2 == 0 ? layout.visibleRange : nil)
            func render(_ phases: TextPainter.Phases) throws -> Image {
                try GraphicsContext.makeImage(width: 200, height: 160) { context in
                    _ = layout.draw(in: context, at: Point(x: 3, y: 4), options: options, phases: phases,
                                    isCancelled: { false })
                }
            }
            let own = try render(layout.phases), all = try render(.all)
            #expect(own == all, "seed \(seed)")
            if all.inkedPixelCount > 0 { drawnSomething += 1 }
        }
        #expect(drawnSomething > 80)
    }

    @Test("text takes the context's alpha, clip and shadow")
    func contextState() throws {
        let opaque = try TextFixtures.render(layout, size: size)
        let faded = try GraphicsContext.makeImage(width: 320, height: 120) { context in
            context.fillColor = .white
            context.fill(context.bounds)
            context.alpha = 0.3
            layout.draw(in: context)
        }
        #expect(abs(faded.inkAmount / opaque.inkAmount - 0.3) < 0.02)
        let clipped = try GraphicsContext.makeImage(width: 320, height: 120) { context in
            context.fillColor = .white
            context.fill(context.bounds)
            context.clip(to: Rect(x: 0, y: 0, width: 320, height: 18))
            layout.draw(in: context)
        }
        #expect(clipped.inkedPixelCount < opaque.inkedPixelCount / 3)
        let shadowed = try GraphicsContext.makeImage(width: 320, height: 120) { context in
            context.fillColor = .white
            context.fill(context.bounds)
            context.shadow = Shadow(offset: Size(width: 2, height: 2), blur: 2, color: Color(red: 1, green: 0, blue: 0))
            layout.draw(in: context)
        }
        #expect(shadowed.colouredPixelCount > 500)
    }

    @Test("decorations, backgrounds and text shadows draw in their colours")
    func decorations() throws {
        var text = TextFixtures.text("Decorated", size: 30)
        text.underline = TextDecoration(style: .double, color: Color(red: 0, green: 0, blue: 1))
        text.strikethrough = TextDecoration(style: .thick, color: Color(red: 1, green: 0, blue: 0))
        text.backgroundColor = Color(red: 1, green: 1, blue: 0)
        text.textShadow = TextShadow(offset: Size(width: 3, height: 3), blur: 1, color: Color(red: 0, green: 1, blue: 0))
        let result = TextLayout(container: TextContainer(width: 300), text: text)
        let image = try TextFixtures.render(result, size: Size(width: 300, height: 50))
        func count(_ test: (Color) -> Bool) -> Int {
            var n = 0
            for y in 0..<image.height { for x in 0..<image.width where test(image.pixel(x: x, y: y)) { n += 1 } }
            return n
        }
        #expect(count { $0.blue > 0.8 && $0.red < 0.3 && $0.green < 0.3 } > 50, "underline")
        #expect(count { $0.red > 0.8 && $0.green < 0.3 && $0.blue < 0.3 } > 50, "strikethrough")
        #expect(count { $0.red > 0.9 && $0.green > 0.9 && $0.blue < 0.2 } > 2000, "background")
        #expect(count { $0.green > 0.6 && $0.red < 0.4 && $0.blue < 0.4 } > 50, "shadow")
    }

    @Test("a pressed highlight draws in its highlighted colours")
    func pressedHighlight() throws {
        var text = TextFixtures.text("Tap me", size: 30)
        text.highlight = TextHighlight(color: .black, highlightedColor: Color(red: 1, green: 0, blue: 0),
                                       highlightedBackgroundColor: nil)
        let result = TextLayout(container: TextContainer(width: 300), text: text)
        let resting = try TextFixtures.render(result, size: Size(width: 300, height: 50))
        let pressed = try TextFixtures.render(result, size: Size(width: 300, height: 50),
                                              options: TextDrawingOptions(highlightedRange: 0..<6))
        #expect(resting.colouredPixelCount == 0)
        #expect(pressed.colouredPixelCount > 100)
    }

    @Test("a pressed highlight in the truncation token draws in its colours, and the text's range does not press it")
    func pressedTokenHighlight() throws {
        var more = TextFixtures.text("more", size: 30)
        more.highlight = TextHighlight(color: .black, highlightedColor: Color(red: 1, green: 0, blue: 0),
                                       highlightedBackgroundColor: nil)
        let container = TextContainer(size: Size(width: 300, height: .infinity), maximumNumberOfLines: 1,
                                      truncationType: .tail, truncationToken: TextFixtures.text("… ", size: 30) + more)
        let layout = TextLayout(container: container, text: TextFixtures.text(TextFixtures.paragraph, size: 30))
        let size = Size(width: 300, height: 50)
        let resting = try TextFixtures.render(layout, size: size)
        let token = try TextFixtures.render(layout, size: size, options: TextDrawingOptions(
            highlightedRange: 2..<6, highlightedRangeIsInTruncationToken: true))
        let textRange = try TextFixtures.render(layout, size: size, options: TextDrawingOptions(highlightedRange: 2..<6))
        #expect(resting.colouredPixelCount == 0)
        #expect(token.colouredPixelCount > 100)
        #expect(textRange.colouredPixelCount == 0, "the text's own 2..<6 carries no highlight")
    }

    @Test("the debug overlay draws line boxes, baselines and glyph bounds")
    func debugOverlay() throws {
        let plain = try TextFixtures.render(layout, size: size)
        let debug = try TextFixtures.render(layout, size: size, options: TextDrawingOptions(debug: .all))
        #expect(debug.colouredPixelCount > plain.colouredPixelCount + 1000)
    }

    @Test("layout and drawing are traced in the text category, with the thread that did them")
    func traced() throws {
        let recorder = TraceRecorder()
        let context = try GraphicsContext(width: 320, height: 120)
        Trace.withRecording(into: recorder) {
            Trace.instant(.text, "test marker")
            let layout = TextLayout(container: TextContainer(width: 320), text: TextFixtures.text(TextFixtures.paragraph))
            layout.draw(in: context)
        }
        // Other tests lay out text at the same time, on other threads: keep this thread's events.
        let all = recorder.events
        let thread = try #require(all.first { $0.name == "test marker" }).threadID
        let events = all.filter { (event: TraceEvent) in event.category == .text && event.threadID == thread }
        let names = events.map { $0.name }
        #expect(names.filter { $0 == "layout" }.count == 2)
        #expect(names.filter { $0 == "draw" }.count == 2)
        #expect(events.first { $0.name == "layout" && $0.phase == .end }?.arguments["lines"] == "5")
    }

    @Test("a layout built on one thread draws the same on another")
    func crossThread() async throws {
        let built = await Task.detached { TextLayout(container: TextContainer(width: 320), text: TextFixtures.text(TextFixtures.paragraph)) }.value
        let here = try TextFixtures.render(built, size: size)
        let there = try await Task.detached { try TextFixtures.render(built, size: size) }.value
        #expect(here == there)
    }
}
