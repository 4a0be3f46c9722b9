import Foundation
import LaminaGraphics
import LaminaLayers
import LaminaLoop

extension ScrollView {
    /// What moves the content between frames: momentum after a drag, or an animation to an offset.
    enum Motion {
        /// Points per second, decaying by `decelerationRate` per millisecond, from `position`:
        /// the exact offset, of which the content shows the nearest whole pixel.
        case momentum(velocity: Point, position: Point)
        /// From `start` to `target` over `duration`, easing out, from the first frame's time.
        case animation(start: Point, target: Point, duration: Duration, began: EventLoop.Instant?)
    }

    /// Below this speed, in points per second, momentum stops.
    static let restingSpeed = 5.0
    /// How long ``setContentOffset(_:animated:)`` takes when animated.
    public static let scrollAnimationDuration: Duration = .milliseconds(300)

    /// Moves the content to `offset` (not clamped, as in UIKit): at once, or animated over
    /// ``scrollAnimationDuration`` on the window's frame clock, easing out and landing exactly on
    /// `offset`. Stops any momentum. Without a window (or a frame clock) it moves at once.
    public func setContentOffset(_ offset: Point, animated: Bool) {
        guard offset.isFinite else { return }
        stopMotion()
        guard animated, offset != contentOffset, window?.frameClock != nil else {
            contentOffset = offset
            return
        }
        run(.animation(start: contentOffset, target: offset, duration: Self.scrollAnimationDuration, began: nil))
    }

    /// Momentum after a drag that ended at `velocity` (points per second).
    func startMomentum(velocity: Point) {
        guard hypot(velocity.x, velocity.y) > Self.restingSpeed, window?.frameClock != nil else { return }
        run(.momentum(velocity: velocity, position: contentOffset))
    }

    /// Stops momentum or an animation where it is.
    public func stopMotion() {
        motion = nil
        link?.invalidate()
        link = nil
    }

    private func run(_ newMotion: Motion) {
        guard let clock = window?.frameClock else { return }
        motion = newMotion
        let link = DisplayLink(frameClock: clock) { [weak self] link in self?.step(link) }
        self.link = link
        link.start()
    }

    /// One frame of motion, at the link's callback: where the content should be when the next
    /// frame shows.
    private func step(_ link: DisplayLink) {
        guard let motion, let target = link.targetTimestamp else { return stopMotion() }
        switch motion {
        case .momentum(let velocity, let position):
            let seconds = link.duration.seconds
            let decay = pow(decelerationRate, seconds * 1000)
            let next = Point(x: velocity.x * decay, y: velocity.y * decay)
            let wanted = Point(x: position.x + (velocity.x + next.x) / 2 * seconds,
                               y: position.y + (velocity.y + next.y) / 2 * seconds)
            let landed = clamped(wanted)
            contentOffset = scrollTarget(landed)
            let resting = hypot(next.x, next.y) < Self.restingSpeed
            if resting || landed != wanted { stopMotion() } else { self.motion = .momentum(velocity: next, position: landed) }
        case .animation(let start, let end, let duration, let began):
            let began = began ?? link.timestamp ?? target
            let progress = min(max(began.duration(to: target).seconds / duration.seconds, 0), 1)
            let eased = 1 - pow(1 - progress, 3)
            if progress >= 1 {
                contentOffset = end
                stopMotion()
            } else {
                contentOffset = pixelAligned(Point(x: start.x + (end.x - start.x) * eased, y: start.y + (end.y - start.y) * eased))
                self.motion = .animation(start: start, target: end, duration: duration, began: began)
            }
        }
    }
}
