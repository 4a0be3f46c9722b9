import Foundation
import Lamina
import LaminaX11

/// What the command line asks of every chapter: the windows' frame clock and overlays, the
/// frames to record and write, the pauses of `--step`. Chapters make their windows here.
@MainActor
final class TourSession {
    let options: TourCommand
    /// The windows of the chapter under way, for `--step`'s tree dumps and `--frames`.
    private var windows: [(window: Window, recorder: FrameRecorder)] = []
    private var stepObservers: [CommitPhaseObserver] = []
    /// The X11 windows of the chapter under way (`--x11`), closed when it ends.
    private var x11Windows: [X11EventSource] = []
    private var x11Failed = false
    private var commitsSeen = 0
    /// The stretch of its trace the chapter under way wants its frame picture to draw; nil draws
    /// its last frames. Forgotten when the chapter finishes.
    var framePicture: FramePictureStretch?

    /// A stretch of a chapter's trace for its frame picture, and where the grid's lines fall.
    struct FramePictureStretch {
        let window: FramePictureWindow
        /// A `CLOCK_MONOTONIC` time in nanoseconds a grid line falls on (a tick of the window's
        /// frame clock); nil puts one at the window's start.
        let gridOrigin: UInt64?
    }

    init(options: TourCommand) {
        self.options = options
        guard options.steps else { return }
        stepObservers = CommitPhase.allCases.map { phase in
            Transaction.addPhaseObserver(after: phase) { [weak self] phase in self?.pause(after: phase) }
        }
    }

    /// A window with the tour's frame clock and overlays, whose frames are recorded — and shown
    /// in an X11 window too with `--x11`.
    func makeWindow(size: Size, scale: Double) throws(GraphicsError) -> Window {
        let screen = x11Presenter(size: size, scale: scale)
        let recorder = FrameRecorder(capacity: 600, wrapping: screen ?? HeadlessPresenter())
        let window = try Window(size: size, scale: scale, presenter: recorder, frameInterval: options.frameInterval)
        window.debugOverlays = options.debugOverlays.union(window.debugOverlays)
        windows.append((window, recorder))
        if let screen { x11Windows.append(screen.connectEvents(to: window)) }
        return window
    }

    /// With `--x11`, an X11 window for a tour window; nil without the option or when no X server
    /// answers (said once, then the tour runs headless).
    private func x11Presenter(size: Size, scale: Double) -> X11Presenter? {
        guard options.x11, !x11Failed else { return nil }
        do {
            return try X11Presenter(size: size, scale: scale, title: "PipelineTour", windowClass: "PipelineTour")
        } catch {
            x11Failed = true
            print("PipelineTour: --x11: \(error); running headless")
            return nil
        }
    }

    /// The timeline of a chapter's events, in the categories `--only` asks for.
    func timeline(of events: [TraceEvent]) -> String {
        var timelineOptions = TextTimelineOptions()
        if let categories = options.timelineCategories { timelineOptions.categories = categories }
        return TextTimeline.render(events, options: timelineOptions)
    }

    /// After chapter `number`: writes its frames and contact sheet when `--frames` asks, and
    /// forgets its windows and its frame picture's stretch.
    func finishChapter(_ number: Int) {
        defer {
            windows = []
            framePicture = nil
            for source in x11Windows { source.close() }
            x11Windows = []
        }
        guard let directory = options.framesDirectory else { return }
        let chapterDirectory = (directory as NSString).appendingPathComponent("chapter-\(number)")
        do {
            var written = 0
            for (index, entry) in windows.enumerated() {
                let folder = windows.count == 1 ? chapterDirectory : chapterDirectory + "-window-\(index + 1)"
                let frames = entry.recorder.frames
                guard !frames.isEmpty else { continue }
                written += try entry.recorder.writePNGs(toDirectory: folder).count
                let sheetPath = (folder as NSString).appendingPathComponent("contact-sheet.png")
                try ContactSheet(frames: Array(frames.suffix(24)), columns: 4).writePNG(toPath: sheetPath)
                print("Frames of chapter \(number): \(frames.count) PNGs and a contact sheet in \(folder)/ (\(sheetPath))")
            }
            if written == 0 { print("Chapter \(number) presented no frames to write.") }
        } catch {
            print("Could not write the frames of chapter \(number): \(error)")
        }
    }

    /// `--step`: the phase, the tree of every window, then Enter (end of input goes on).
    private func pause(after phase: CommitPhase) {
        if phase == .layout { commitsSeen += 1 }
        print("\n⏸ commit \(commitsSeen), paused \(phase)")
        for (window, _) in windows { print(window.layer.treeDescription) }
        print("  (Enter to go on)", terminator: "")
        _ = readLine()
    }
}
