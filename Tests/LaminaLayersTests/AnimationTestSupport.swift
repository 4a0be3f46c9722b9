import LaminaGraphics
@testable import LaminaLayers
import LaminaLoop
import LaminaTesting
import XCTest

/// A 100×40 point white root holding a red 10×10 square centred at (15, 20), on a 60 Hz render
/// server that records its frames; for animation tests on the main loop's clock.
@MainActor
final class AnimatedScene {
    let recorder = FrameRecorder(capacity: 240)
    let server: RenderServer
    let host: LayerTreeHost
    let root: Layer
    let square: Layer

    init(interval: Duration = FrameClock.sixtyHertz) throws {
        server = try RenderServer(size: Size(width: 100, height: 40), scale: 1, backgroundColor: .white,
                                  presenter: recorder, frameInterval: interval)
        root = makeLayer(Rect(x: 0, y: 0, width: 100, height: 40))
        root.backgroundColor = .white
        square = makeLayer(Rect(x: 10, y: 15, width: 10, height: 10))
        square.backgroundColor = .red
        root.addSublayer(square)
        host = LayerTreeHost(rootLayer: root, renderServer: server)
        Transaction.flush()
        XCTAssertTrue(server.waitForPresentation(ofCommit: try XCTUnwrap(host.lastCommitID)))
    }

    /// Commits what is pending and waits for its frame.
    func flushAndWait(file: StaticString = #filePath, line: UInt = #line) {
        Transaction.flush()
        guard let commit = host.lastCommitID else { return XCTFail("nothing was ever committed", file: file, line: line) }
        XCTAssertTrue(server.waitForPresentation(ofCommit: commit), file: file, line: line)
    }

    /// The x of the red square's left edge in `image`, scanning row 20; nil when no pixel is red.
    func squareLeftEdge(in image: Image) -> Int? {
        (0..<image.width).first { image.has(.red, atX: $0, y: 20) }
    }

    /// The x of the square's left edge in the last presented frame.
    var shownLeftEdge: Int? {
        recorder.lastFrame.flatMap { squareLeftEdge(in: $0.image) }
    }

    func shutdown() {
        server.shutdown()
    }
}

/// An animation delegate that writes down what it hears, in order.
@MainActor
final class AnimationLog: AnimationDelegate {
    private(set) var entries: [String] = []

    func animationDidStart(_ animation: any Animation) {
        entries.append("start \(animation.animatedKeyPaths.joined(separator: ","))")
    }

    func animationDidStop(_ animation: any Animation, finished: Bool) {
        entries.append("stop \(animation.animatedKeyPaths.joined(separator: ",")) \(finished ? "finished" : "early")")
    }
}

/// A position animation of the square's centre from x 15 to x 85 over `duration` seconds.
func slide(duration: Double = 1, delegate: AnimationLog? = nil) -> BasicAnimation<Point> {
    var animation = BasicAnimation(keyPath: .position, from: Point(x: 15, y: 20), to: Point(x: 85, y: 20))
    animation.duration = duration
    animation.delegate = delegate
    return animation
}

/// One 60 Hz frame interval.
let frameInterval = FrameClock.sixtyHertz
