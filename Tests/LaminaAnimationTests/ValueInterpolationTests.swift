import Glibc
import LaminaGraphics
import Testing
import LaminaLayers

@Suite struct ValueInterpolationTests {
    @Test func numbersPointsSizesAndRectsInterpolateLinearlyAndExtrapolate() {
        #expect(Double.interpolate(10, 20, fraction: 0.25) == 12.5)
        #expect(Double.interpolate(10, 20, fraction: 1.5) == 25)
        #expect(Double.interpolate(10, 20, fraction: -0.5) == 5)
        #expect(Point.interpolate(Point(x: 0, y: 10), Point(x: 100, y: -10), fraction: 0.5) == Point(x: 50, y: 0))
        #expect(Size.interpolate(Size(width: 10, height: 20), Size(width: 30, height: 60), fraction: 0.5)
                == Size(width: 20, height: 40))
        #expect(Rect.interpolate(Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 10, y: 20, width: -10, height: 30),
                                 fraction: 0.5) == Rect(x: 5, y: 10, width: 0, height: 20))
    }

    @Test func numbersPointsSizesAndRectsAddSubtractAndMeasure() {
        #expect(Double.adding(2, 3) == 5 && Double.subtracting(2, 3) == -1 && Double.distance(2, -3) == 5)
        #expect(Point.adding(Point(x: 1, y: 2), Point(x: 3, y: 4)) == Point(x: 4, y: 6))
        #expect(Point.subtracting(Point(x: 1, y: 2), Point(x: 3, y: 4)) == Point(x: -2, y: -2))
        #expect(Point.distance(Point(x: 0, y: 0), Point(x: 3, y: 4)) == 5)
        #expect(Size.adding(Size(width: 1, height: 2), Size(width: 3, height: 4)) == Size(width: 4, height: 6))
        #expect(Size.distance(Size(width: 0, height: 0), Size(width: 6, height: 8)) == 10)
        #expect(Rect.subtracting(Rect(x: 5, y: 5, width: 5, height: 5), Rect(x: 1, y: 2, width: 3, height: 4))
                == Rect(x: 4, y: 3, width: 2, height: 1))
        #expect(Rect.distance(Rect(x: 0, y: 0, width: 0, height: 0), Rect(x: 1, y: 1, width: 1, height: 1)) == 2)
    }

    @Test func finitenessIsCheckedOnEveryComponent() {
        #expect(!Double.nan.isFiniteValue && !Double.infinity.isFiniteValue && 1.0.isFiniteValue)
        #expect(!Point(x: 0, y: .nan).isFiniteValue)
        #expect(!Size(width: .infinity, height: 0).isFiniteValue)
        #expect(!Rect.null.isFiniteValue && Rect.zero.isFiniteValue)
        #expect(!AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: .nan, ty: 0).isFiniteValue)
        #expect(Color.red.isFiniteValue && true.isFiniteValue)
    }

    @Test func colorsInterpolateStraightComponentsSoFadingToClearDarkens() {
        let half = Color.interpolate(.red, .clear, fraction: 0.5)
        #expect(close(half, Color(red: 0.5, green: 0, blue: 0, alpha: 0.5)))
        let fade = Color.interpolate(.red, Color.red.withAlpha(0), fraction: 0.5)
        #expect(close(fade, Color(red: 1, green: 0, blue: 0, alpha: 0.5)))
    }

    @Test func colorsClampOvershootAndArithmeticToZeroToOne() {
        #expect(Color.interpolate(.black, .white, fraction: 1.5) == .white)
        #expect(Color.interpolate(.black, .white, fraction: -0.5) == .black)
        #expect(Color.adding(Color(white: 0.8), Color(white: 0.5)) == .white)
        #expect(Color.subtracting(Color(white: 0.2), Color(white: 0.5)) == Color(white: 0, alpha: 0))
        #expect(close(Color.distance(.black, .white)!, 3.0.squareRoot(), 1e-12))
    }

    @Test func flagsAndImagesSwitchAtTheMidpointAndCannotAdd() throws {
        #expect(Bool.interpolate(false, true, fraction: 0.49) == false)
        #expect(Bool.interpolate(false, true, fraction: 0.5) == true)
        #expect(Bool.interpolate(false, true, fraction: -3) == false)
        #expect(Bool.isDiscrete && Bool.adding(true, false) == nil && Bool.distance(true, false) == nil)
        let image = try onePixelImage(.red)
        #expect(Image?.interpolate(nil, image, fraction: 0.3) == nil)
        #expect(Image?.interpolate(nil, image, fraction: 0.7) == image)
        #expect(Image?.isDiscrete && Image?.subtracting(image, nil) == nil)
        #expect(!Double.isDiscrete && !AffineTransform.isDiscrete && !Color.isDiscrete)
    }
}

@Suite struct TransformInterpolationTests {
    /// How much a transform scales lengths along x.
    static func scaleX(_ t: AffineTransform) -> Double { (t.a * t.a + t.b * t.b).squareRoot() }

    @Test func aQuarterTurnPassesThroughAnEighthTurnAtFullSizeUnlikeEntryByEntry() {
        let quarter = AffineTransform(rotationAngle: .pi / 2)
        let middle = AffineTransform.interpolate(.identity, quarter, fraction: 0.5)
        #expect(close(middle, AffineTransform(rotationAngle: .pi / 4), 1e-12))
        #expect(close(Self.scaleX(middle), 1, 1e-12))
        // The entry-by-entry midpoint, for contrast, shrinks the layer to √½.
        let entryWise = AffineTransform(a: 0.5, b: 0.5, c: -0.5, d: 0.5, tx: 0, ty: 0)
        #expect(close(Self.scaleX(entryWise), 0.5.squareRoot(), 1e-12))
    }

    @Test func rotationTakesTheShorterWayRound() {
        let threeQuarters = AffineTransform(rotationAngle: 3 * .pi / 2)
        let middle = AffineTransform.interpolate(.identity, threeQuarters, fraction: 0.5)
        #expect(close(middle, AffineTransform(rotationAngle: -.pi / 4), 1e-12))
        let across = AffineTransform.interpolate(AffineTransform(rotationAngle: 170 * .pi / 180),
                                                 AffineTransform(rotationAngle: -170 * .pi / 180), fraction: 0.5)
        #expect(close(across, AffineTransform(rotationAngle: .pi), 1e-12))
    }

    @Test func translationScaleAndRotationEachMoveLinearly() {
        let from = AffineTransform(scaleX: 1, y: 1).translatedBy(x: 0, y: 0)
        let to = AffineTransform(scaleX: 3, y: 2).concatenating(AffineTransform(rotationAngle: .pi / 3))
            .concatenating(AffineTransform(translationX: 40, y: -20))
        let quarter = AffineTransform.interpolate(from, to, fraction: 0.25)
        let expected = AffineTransform(scaleX: 1.5, y: 1.25).concatenating(AffineTransform(rotationAngle: .pi / 12))
            .concatenating(AffineTransform(translationX: 10, y: -5))
        #expect(close(quarter, expected, 1e-12))
    }

    static func randomTransforms() -> [AffineTransform] {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53) * 4 - 2
        }
        return (0..<200).map { _ in AffineTransform(a: next(), b: next(), c: next(), d: next(), tx: next() * 50, ty: next() * 50) }
            + [.identity, AffineTransform(scaleX: -1, y: 1), AffineTransform(scaleX: 1, y: -1), AffineTransform(scaleX: -2, y: -3),
               AffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 1, ty: 2), AffineTransform(a: 0, b: 0, c: 2, d: 1, tx: 0, ty: 0),
               AffineTransform(a: 1, b: 0, c: 0.7, d: 1, tx: 0, ty: 0)]
    }

    @Test func interpolationStartsAndEndsExactlyOnItsTransformsWhateverTheyAre() {
        let transforms = Self.randomTransforms()
        for (from, to) in zip(transforms, transforms.reversed()) {
            #expect(close(AffineTransform.interpolate(from, to, fraction: 0), from, 1e-9), "\(from)")
            #expect(close(AffineTransform.interpolate(from, to, fraction: 1), to, 1e-9), "\(to)")
        }
    }

    @Test func aReflectionUnflipsThroughACollapseNotAHalfTurn() {
        let middle = AffineTransform.interpolate(.identity, AffineTransform(scaleX: -1, y: 1), fraction: 0.5)
        #expect(close(middle, AffineTransform(a: 0, b: 0, c: 0, d: 1, tx: 0, ty: 0), 1e-12))
    }

    @Test func addingConcatenatesWithTheAddedTransformFirst() {
        let base = AffineTransform(translationX: 100, y: 0)
        let added = AffineTransform(rotationAngle: .pi / 2)
        let sum = AffineTransform.adding(base, added)!
        // (1, 0) turns a quarter to (0, 1), then moves to (100, 1).
        #expect(close(sum.apply(to: Point(x: 1, y: 0)), Point(x: 100, y: 1), 1e-12))
    }

    @Test func subtractingUndoesAddingAndRefusesASingularTransform() {
        let a = AffineTransform(a: 2, b: 1, c: -1, d: 3, tx: 4, ty: 5)
        let b = AffineTransform(rotationAngle: 0.3).translatedBy(x: 7, y: -2)
        let difference = AffineTransform.subtracting(a, b)!
        #expect(close(AffineTransform.adding(difference, b)!, a, 1e-12))
        #expect(AffineTransform.subtracting(a, AffineTransform(scaleX: 0, y: 1)) == nil)
        #expect(AffineTransform.distance(a, b) == nil)
    }
}
