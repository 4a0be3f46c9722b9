import FeedScene
import Foundation
import Lamina
import LaminaX11

/// `--x11`: the feed (async on) in an X11 window until it is closed or q is pressed, under a note
/// field (a `TextView`) to type into. The wheel, a drag, the arrows, Page Up/Down, Home/End and
/// Space scroll; tapping a row's link prints it, and tapping a summary's "more" expands the row.
/// A click in the note field gives it the keys; Escape gives them back to the feed.
/// Without an X server it says why and runs the measured, headless demo instead.
@MainActor
func runInteractive(posts: [FeedPost], images: FeedImages, options: FeedDemoCommand) {
    let presenter: X11Presenter
    do {
        presenter = try X11Presenter(size: options.size, scale: options.scale, title: "Lamina FeedDemo", windowClass: "FeedDemo")
    } catch {
        emit("FeedDemo: --x11: \(error); running headless")
        runMeasured(posts: posts, images: images, options: options)
        return
    }
    let window: Window
    do {
        window = try Window(size: options.size, scale: options.scale, presenter: presenter)
    } catch {
        emit("Could not make a window: \(error)")
        return
    }
    let scene = FeedScene(posts: posts, mode: .asyncOn, window: window, images: images)
    scene.headerHeight = NoteField.height
    let note = NoteField(frame: Rect(x: 0, y: 0, width: options.size.width, height: NoteField.height))
    note.feed = scene.list
    window.addSubview(note)
    let events = presenter.connectEvents(to: window)
    var quit = false
    events.onClose = { reason in
        emit("The window closed (\(reason)).")
        quit = true
    }
    scene.linkTapped = { row, hit in emit("Tapped \(hit.highlight.userInfo["link"] ?? "a link") in row \(row + 1)") }
    scene.quitRequested = {
        events.close()
    }
    scene.windowResizeObserved()
    if let path = options.screenshotPath {
        takeScreenshot(of: scene, presenter: presenter, to: path)
        events.close()
        scene.tearDown()
        return
    }
    emit("The feed is in an X11 window: wheel, drag or keys scroll; tap a link, or \"more\" to expand a row; q or closing the window quits. "
        + "Click the note field above the feed to type; Escape returns the keys to the feed.")
    while !quit {
        window.run(until: { quit }, timeout: .seconds(3_600))
    }
    scene.tearDown()
}

/// `--screenshot`: the feed scrolled to its fifth row and settled, read back from the X server
/// (what the window shows, not the headless frame) and written as a PNG; then a tap on the "more"
/// of the first whole row in view, and the window read back three times — as tapped, while the
/// row grows, and grown — side by side in a second PNG (`feed-x11.png` gives
/// `feed-x11-expanding.png`).
@MainActor
private func takeScreenshot(of scene: FeedScene, presenter: X11Presenter, to path: String) {
    scene.waitForLayouts()
    scene.list.scrollToRow(4, animated: false)
    scene.settleFirstScreen()
    do {
        try readBack(scene, presenter).pngData().write(to: URL(fileURLWithPath: path))
        emit("The X11 window's pixels, read back from the server: \(path)")
        let expanding = (path.hasSuffix(".png") ? String(path.dropLast(4)) : path) + "-expanding.png"
        try expansionStrip(of: scene, presenter: presenter).pngData().write(to: URL(fileURLWithPath: expanding))
        emit("A row expanding in the X11 window (tapped, growing, grown): \(expanding)")
    } catch {
        emit("Could not read the window back: \(error)")
    }
}

/// What the X server shows once everything committed is presented.
@MainActor
private func readBack(_ scene: FeedScene, _ presenter: X11Presenter) throws -> Image {
    _ = scene.window.snapshot()
    presenter.synchronize()
    return try presenter.readBack()
}

/// Taps "more" on the first whole row in view whose summary is cut (a pointer down and up at the
/// token, the events X input becomes) and reads the window back as tapped, while the row grows
/// (a third of the way through the list's animation) and grown.
@MainActor
private func expansionStrip(of scene: FeedScene, presenter: X11Presenter) throws -> Image {
    let list = scene.list
    guard let row = list.rowsInView.first(where: { row in
        list.rectForRow(row).maxY < list.contentOffset.y + list.bounds.height && scene.morePoint(ofRow: row) != nil
    }), let point = scene.morePoint(ofRow: row) else { throw FeedScreenshotError.noRowToExpand }
    scene.window.send(PointerEvent(phase: .down, location: point))
    scene.window.send(PointerEvent(phase: .up, location: point))
    let tapped = try readBack(scene, presenter)
    scene.window.run(until: { scene.layouts.layout(forRow: row)?.isExpanded == true }, timeout: .seconds(10))
    scene.window.run(until: { false }, timeout: .milliseconds(Int(ListView.rowAnimationDuration * 1_000 / 3)))
    let growing = try readBack(scene, presenter)
    scene.window.run(until: { false }, timeout: .milliseconds(Int(ListView.rowAnimationDuration * 1_000)))
    scene.settleFirstScreen()
    let grown = try readBack(scene, presenter)
    return try sideBySide([tapped, growing, grown])
}

/// `images` left to right on grey, 16 pixels apart.
private func sideBySide(_ images: [Image]) throws -> Image {
    let gap = 16.0
    let width = images.reduce(gap) { $0 + Double($1.width) + gap }
    let height = (images.map { Double($0.height) }.max() ?? 0) + 2 * gap
    let context = try GraphicsContext(width: width, height: height, scale: 1, opaque: true)
    context.fillColor = Color(white: 0.85, alpha: 1)
    context.fill(context.bounds)
    var x = gap
    for image in images {
        context.draw(image, in: Rect(x: x, y: gap, width: Double(image.width), height: Double(image.height)))
        x += Double(image.width) + gap
    }
    return context.makeImage()
}

/// The note field above the feed: a text view that hands the keys back to the feed on Escape.
@MainActor
final class NoteField: TextView {
    static let height = 64.0
    /// The view that gets the keys back.
    weak var feed: View?

    override init(frame: Rect) {
        super.init(frame: frame)
        placeholder = "Write a note: click here and type (Escape returns to the feed)"
        backgroundColor = Color(white: 0.97, alpha: 1)
        var attributes = typingAttributes
        attributes.font = .system(size: 15)
        typingAttributes = attributes
    }

    override func keyDown(_ event: KeyEvent) {
        if event.key == .escape, event.phase == .down, let feed {
            feed.becomeFirstResponder()
            return
        }
        super.keyDown(event)
    }
}

enum FeedScreenshotError: Error, CustomStringConvertible {
    case noRowToExpand
    var description: String { "no whole row in view has a summary to expand" }
}
