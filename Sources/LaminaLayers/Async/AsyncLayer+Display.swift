import LaminaGraphics
import LaminaLoop
import LaminaTrace

extension AsyncLayer {
    /// Runs one display task: steps 1–2 here, then the render now or on a display queue.
    func run(_ task: AsyncDisplayTask) {
        let generation = sentinel.increase()
        task.willDisplay?(self)
        let size = bounds.size, scale = contentsScale
        guard size.width >= 1, size.height >= 1, let draw = task.display else {
            replaceContents(with: nil, flow: displayFlow)
            task.didDisplay?(self, true)
            return
        }
        guard let pixels = BackingStore.admittedPixelSize(of: self, size: size, scale: scale) else {
            replaceContents(with: nil, flow: displayFlow)
            task.didDisplay?(self, false)
            return
        }
        let render = AsyncRender(layerID: id, size: size, scale: scale, isOpaque: isOpaque,
                                 backgroundColor: backgroundColor, sentinel: sentinel, generation: generation,
                                 draw: draw, flow: displayFlow)
        if displaysAsynchronously {
            showInFlightContents(size: size, pixels: pixels, scale: scale)
            schedule(render, task: task)
        } else {
            finish(render, with: render.run(), task: task)
        }
    }

    /// Step 3 on a display queue, then step 4 posted back to the main loop.
    private func schedule(_ render: AsyncRender, task: AsyncDisplayTask) {
        let handoff = AsyncRenderHandoff(task: task, group: AsyncCommitGroup.open(for: self))
        let pool = displayQueuePool
        let queue = pool.nextQueueIndex()
        Trace.instant(.asyncDisplayScheduled, flow: render.flow, arguments: [
            "layer": id.description, "queue": pool.queueName(at: queue), "generation": "\(render.generation)",
        ])
        rendersInFlight += 1
        EventLoop.main.beginOutstandingWork()
        pool.enqueue(onQueue: queue) { [weak self] in
            let outcome = render.run()
            EventLoop.main.perform {
                MainActor.assumeIsolated {
                    EventLoop.main.endOutstandingWork()
                    let (task, group) = handoff.take()
                    guard let task else { return }
                    guard let self else {
                        if case .image(let image) = outcome { pool.release(image) }
                        group?.layerVanished()
                        return
                    }
                    self.rendersInFlight -= 1
                    if let group {
                        group.add(render, outcome, task: task, for: self)
                    } else {
                        self.finish(render, with: outcome, task: task)
                    }
                }
            }
            EventLoop.main.wakeUp()
        }
    }

    /// Step 4 on the main thread: sets the contents if the render is still current.
    func finish(_ render: AsyncRender, with outcome: AsyncRenderOutcome, task: AsyncDisplayTask) {
        switch outcome {
        case .image(let image) where render.isCancelled:
            render.traceCancellation(at: .onMainThread)
            task.didDisplay?(self, false)
            displayQueuePool.release(image)
        case .image(let image):
            Trace.begin(.asyncContentsCommitted, flow: render.flow, arguments: ["layer": id.description])
            replaceContents(with: image, flow: render.flow)
            task.didDisplay?(self, true)
            Trace.end(.asyncContentsCommitted)
        case .cancelled:
            task.didDisplay?(self, false)
        case .refused:
            if !render.isCancelled { replaceContents(with: nil, flow: render.flow) }
            task.didDisplay?(self, false)
        }
    }

    /// Sets `contents`, sending the bitmap it replaces to the release queue. The contents count
    /// as the layer's own drawing, so a later `contentsScale` change redraws them.
    func replaceContents(with image: Image?, flow: TraceFlowID?) {
        let old = contents
        contents = image
        state.contentsCameFromDisplayQueue = image != nil
        contentsAreBackingStore = image != nil
        contentsFlow = flow
        // An identity check: `!=` would compare the pixels here, on the main thread.
        if let old, !(image.map(old.isIdentical(to:)) ?? false) { displayQueuePool.release(old) }
    }

    /// Applies ``inFlightContents`` as a render starts. Old contents of another pixel size or
    /// scale are cleared whatever the policy: shown stretched they would be wrong, not just stale.
    private func showInFlightContents(size: Size, pixels: (width: Int, height: Int), scale: Double) {
        switch inFlightContents {
        case .keepOldContents:
            if let old = contents, old.scale != scale || old.width != pixels.width || old.height != pixels.height {
                replaceContents(with: nil, flow: nil)
            }
        case .clearContents:
            if contents != nil { replaceContents(with: nil, flow: nil) }
        case .placeholder(let color):
            replaceContents(with: PlaceholderCache.image(color, size: size, scale: scale), flow: nil)
        }
    }
}
