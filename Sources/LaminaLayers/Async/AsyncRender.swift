import LaminaGraphics
import LaminaTrace

/// Where a render found that it was cancelled: the four checks of Docs/05-async-display.md.
public enum AsyncDisplayCancellationPoint: String, Sendable, Hashable, CaseIterable {
    /// On the display queue, before a context was made.
    case beforeDrawing = "before drawing"
    /// On the display queue, after the task's `display` returned.
    case afterDrawing = "after drawing"
    /// On the display queue, after the image was made.
    case afterMakingImage = "after making the image"
    /// On the main thread, before `contents` would have been set.
    case onMainThread = "on the main thread"
}

/// How a render ended.
enum AsyncRenderOutcome: Sendable {
    /// The image to become the layer's contents, if still current on the main thread.
    case image(Image)
    /// The sentinel moved on; the render stopped at that check.
    case cancelled(AsyncDisplayCancellationPoint)
    /// No context could be made for this size (logged).
    case refused
}

/// The part of a display that may run off the main thread: plain values captured on the main
/// thread and the task's `display` closure. The same `run()` serves the synchronous path, on the
/// main thread, and the asynchronous one, on a display queue.
struct AsyncRender: Sendable {
    let layerID: LayerID
    let size: Size
    let scale: Double
    let isOpaque: Bool
    let backgroundColor: Color?
    let sentinel: Sentinel
    let generation: UInt64
    let draw: @Sendable (GraphicsContext, Size, () -> Bool) -> Void
    /// The trace flow from the `setNeedsDisplay` that caused this render.
    let flow: TraceFlowID?
    /// When the render was handed to a queue (trace clock; zero while not tracing).
    let scheduledAt = Trace.isEnabled ? TraceClock.now() : 0

    /// Whether a newer display has made this one stale.
    var isCancelled: Bool {
        sentinel.hasMoved(since: generation)
    }

    /// Checks, draws, makes the image, checks again, on the calling thread.
    func run() -> AsyncRenderOutcome {
        // The thread is the queue: display queues are threads named after themselves.
        Trace.begin(.asyncRender, flow: flow, arguments: [
            "layer": layerID.description, "generation": "\(generation)",
            "waited": "\((TraceClock.now() &- scheduledAt) / 1_000) µs",
        ])
        let outcome = drawImage()
        if case .cancelled(let point) = outcome { traceCancellation(at: point) }
        Trace.end(.asyncRender)
        return outcome
    }

    private func drawImage() -> AsyncRenderOutcome {
        guard !isCancelled else { return .cancelled(.beforeDrawing) }
        let image: Image
        do {
            image = try GraphicsContext.makeImage(width: size.width, height: size.height, scale: scale,
                                                  opaque: isOpaque) { context in
                if isOpaque { context.fillOpaqueBackground(context.bounds, color: backgroundColor) }
                Trace.interval(.asyncDraw) { draw(context, size, { isCancelled }) }
                if isCancelled { throw AsyncRenderCancelled() }
            }
        } catch is AsyncRenderCancelled {
            return .cancelled(.afterDrawing)
        } catch {
            Trace.instant(.asyncRenderRefused, arguments: ["layer": layerID.description, "error": "\(error)"])
            return .refused
        }
        Trace.instant(.imageMade, arguments: ["pixels": "\(image.width)×\(image.height)"])
        // Dropped here, on the display queue, when stale: the main thread never frees it.
        guard !isCancelled else { return .cancelled(.afterMakingImage) }
        return .image(image)
    }

    /// Records a cancellation; the flow from `setNeedsDisplay` ends here.
    func traceCancellation(at point: AsyncDisplayCancellationPoint) {
        Trace.instant(.asyncDisplayCancelled, flow: flow,
                      arguments: ["layer": layerID.description, "at": point.rawValue])
    }
}

/// Thrown out of the drawing closure when the render went stale while drawing.
private struct AsyncRenderCancelled: Error {}
