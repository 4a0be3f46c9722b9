import Glibc
import LaminaGraphics
@testable import LaminaLayers

/// Timing parameters in one expression, defaults as Core Animation's except a 1 s duration.
func timing(begin: Double = 0, duration: Double = 1, speed: Double = 1, offset: Double = 0,
            repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
            fill: FillMode = .removed) -> TimingParameters {
    var timing = TimingParameters()
    timing.beginTime = begin
    timing.duration = duration
    timing.speed = speed
    timing.timeOffset = offset
    timing.repeatCount = repeatCount
    timing.repeatDuration = repeatDuration
    timing.autoreverses = autoreverses
    timing.fillMode = fill
    return timing
}

/// Whether two numbers agree to within `tolerance`.
func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}

/// Whether two points agree to within `tolerance`.
func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
    close(a.x, b.x, tolerance) && close(a.y, b.y, tolerance)
}

/// Whether two transforms agree entry by entry to within `tolerance`.
func close(_ a: AffineTransform, _ b: AffineTransform, _ tolerance: Double = 1e-9) -> Bool {
    [a.a - b.a, a.b - b.b, a.c - b.c, a.d - b.d, a.tx - b.tx, a.ty - b.ty].allSatisfy { abs($0) <= tolerance }
}

/// Whether two colours agree component by component to within `tolerance`.
func close(_ a: Color, _ b: Color, _ tolerance: Double = 1e-9) -> Bool {
    close(a.red, b.red, tolerance) && close(a.green, b.green, tolerance)
        && close(a.blue, b.blue, tolerance) && close(a.alpha, b.alpha, tolerance)
}

/// The error `validate()` throws, or nil when it accepts the animation.
func validationError(_ animation: some Animation) -> AnimationError? {
    do {
        try animation.validate()
        return nil
    } catch {
        return error
    }
}

/// The error `timing.validate()` throws, or nil.
func validationError(_ timing: TimingParameters) -> AnimationError? {
    do {
        try timing.validate()
        return nil
    } catch {
        return error
    }
}

/// `model` with `animation` applied at `time`.
func applying(_ animation: some Animation, to model: LayerRenderState = LayerRenderState(), at time: Double) -> LayerRenderState {
    var state = model
    animation.apply(to: &state, atLayerTime: time)
    return state
}

/// A 1×1 image whose one pixel is `color`, to tell images apart.
func onePixelImage(_ color: Color) throws -> Image {
    try Image(width: 1, height: 1, format: .argb32Premultiplied) { pixels, _ in
        pixels.storeBytes(of: color.premultipliedARGB32, as: UInt32.self)
    }
}

/// A model state with `position.x` = `x` (and everything else at its default).
func model(positionX x: Double) -> LayerRenderState {
    var state = LayerRenderState()
    state.position.x = x
    return state
}
