import FeedScene
import Foundation
import Lamina
import LaminaX11

/// `--x11`: the feed (async on) in an X11 window until it is closed or q is pressed. The wheel, a
/// drag, the arrows, Page Up/Down, Home/End and Space scroll; tapping a row's link prints it.
/// Without an X server it says why and runs the measured, headless demo instead.
@MainActor
func runInteractive(posts: [FeedPost], images: FeedImages, options: FeedDemoOptions) {
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
    emit("The feed is in an X11 window: wheel, drag or keys scroll; tap a link; q or closing the window quits.")
    while !quit {
        window.run(until: { quit }, timeout: .seconds(3_600))
    }
    scene.tearDown()
}

/// `--screenshot`: the feed scrolled to its fifth row and settled, read back from the X server
/// (what the window shows, not the headless frame) and written as a PNG.
@MainActor
private func takeScreenshot(of scene: FeedScene, presenter: X11Presenter, to path: String) {
    scene.waitForLayouts()
    scene.list.scrollToRow(4, animated: false)
    scene.settleFirstScreen()
    _ = scene.window.snapshot()
    presenter.synchronize()
    do {
        try presenter.readBack().pngData().write(to: URL(fileURLWithPath: path))
        emit("The X11 window's pixels, read back from the server: \(path)")
    } catch {
        emit("Could not read the window back: \(error)")
    }
}
