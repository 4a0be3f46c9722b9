import LaminaLayers
import LaminaLoop

/// One `View.animate` block while it runs and until its animations stop: its timing, the
/// animations it added, and its completion, called once with whether they all finished.
@MainActor
final class ViewAnimationBlock: AnimationDelegate {
    let duration: Double
    let delay: Double
    let options: ViewAnimationOptions
    /// The spring the animations follow, for the spring form; nil for a curve.
    let spring: DampedSpring?
    private let completion: (@MainActor (Bool) -> Void)?

    /// Animations added and not stopped yet.
    private var running = 0
    /// Whether every animation that stopped had finished.
    private var allFinished = true
    /// Whether the block's closure has returned (completion waits for that too).
    private var isClosed = false
    /// The views the block animated, each held until its animations stop.
    private(set) var animatedViews: [View] = []

    init(duration: Double, delay: Double, options: ViewAnimationOptions, spring: DampedSpring?,
         completion: (@MainActor (Bool) -> Void)?) {
        self.duration = duration
        self.delay = delay
        self.options = options
        self.spring = spring
        self.completion = completion
    }

    /// The block nested in `outer` takes the outer block's duration, curve and repeat options,
    /// unless its options override them (UIKit's inheritance of nested animation blocks).
    static func nested(in outer: ViewAnimationBlock?, duration: Double, delay: Double, options: ViewAnimationOptions,
                       spring: DampedSpring?, completion: (@MainActor (Bool) -> Void)?) -> ViewAnimationBlock {
        guard let outer else {
            return ViewAnimationBlock(duration: duration, delay: delay, options: options, spring: spring, completion: completion)
        }
        var merged = options
        if !options.contains(.overrideInheritedCurve) {
            merged.subtract(ViewAnimationOptions(rawValue: 3 << 16))
            merged.formUnion(outer.options.curve)
        }
        if !options.contains(.overrideInheritedOptions) {
            merged.subtract([.repeat, .autoreverse])
            merged.formUnion(outer.options.intersection([.repeat, .autoreverse]))
        }
        let inheritsDuration = !options.contains(.overrideInheritedDuration)
        return ViewAnimationBlock(duration: inheritsDuration ? outer.duration : duration, delay: delay, options: merged,
                                  spring: options.contains(.overrideInheritedCurve) ? spring : (outer.spring ?? spring),
                                  completion: completion)
    }

    /// Gives `animation` the block's timing and makes the block its delegate.
    func configure(_ animation: inout any Animation, on layer: Layer) {
        animation.duration = duration
        if spring == nil { animation.timingFunction = options.timingFunction }
        if options.contains(.repeat) { animation.repeatCount = .infinity }
        if options.contains(.autoreverse) { animation.autoreverses = true }
        if delay > 0 {
            animation.beginTime = layer.convertTime(currentMediaTime() + delay, from: nil)
            animation.fillMode = .backwards
        }
        animation.delegate = self
    }

    /// The block added an animation to `view`'s layer.
    func didAdd(to view: View) {
        running += 1
        if !animatedViews.contains(where: { $0 === view }) {
            animatedViews.append(view)
            if !options.contains(.allowUserInteraction) { view.interactionBlockingAnimations += 1 }
        }
    }

    /// The block's closure returned: with nothing to wait for, the completion runs at the next
    /// turn of the main loop, as UIKit runs it.
    func close() {
        isClosed = true
        guard running == 0 else { return }
        EventLoop.main.perform { MainActor.assumeIsolated { self.finish() } }
    }

    func animationDidStop(_ animation: any Animation, finished: Bool) {
        running -= 1
        if !finished { allFinished = false }
        if running == 0 && isClosed { finish() }
    }

    private func finish() {
        for view in animatedViews where !options.contains(.allowUserInteraction) { view.interactionBlockingAnimations -= 1 }
        animatedViews = []
        completion?(allFinished)
    }
}
