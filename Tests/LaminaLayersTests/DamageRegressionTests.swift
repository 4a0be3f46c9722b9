import LaminaGraphics
import LaminaLayers
import LaminaTesting
import XCTest

/// The smallest failing histories the differential damage test found (shrunk from random seeds,
/// or written from what they showed), one per fix: each fails when its fix is taken out. Each
/// frame of each history must equal a full recomposite of its tree.
final class DamageRegressionTests: LaminaTestCase {
    private func assertExact(_ edits: [TreeEdit], scale: Double = 1, label: String = #function,
                             file: StaticString = #filePath, line: UInt = #line) throws {
        try onMainActor {
            try DamageDifferentialTests.assertExact(edits, scale: scale, label: label, file: file, line: line)
        }
    }

    private static let blue = Color(red: 0.125, green: 0.25, blue: 1, alpha: 1)
    private static let pink = Color(red: 1, green: 0.375, blue: 0.875, alpha: 1)

    /// A change next to a shadow re-renders part of it: the shadow there must be blurred from the
    /// caster's whole drawing, not from the part of it inside the damaged rectangle.
    func test_aShadowNextToADamagedRectangleIsBlurredFromTheWholeCaster() throws {
        try assertExact([
            .add(1, parent: 0, frame: Rect(x: 20, y: 20, width: 40, height: 30), background: Self.blue),
            .set(1, .shadow(opacity: 1, radius: 6, offset: Size(width: 4, height: 4), color: .black)),
            .add(2, parent: 0, frame: Rect(x: 52, y: 40, width: 14, height: 14), background: nil),
            .set(2, .backgroundColor(Color(red: 1, green: 1, blue: 0, alpha: 0.25))),
        ])
    }

    /// A sublayer's change moves the shadow its superlayer casts from it, beyond the sublayer's
    /// own rectangle.
    func test_aSublayerChangeDamagesTheShadowItsSuperlayerCastsFromIt() throws {
        try assertExact([
            .add(1, parent: 0, frame: Rect(x: 10, y: 10, width: 30, height: 30), background: nil),
            .set(1, .shadow(opacity: 1, radius: 3, offset: Size(width: 8, height: 6), color: .black)),
            .add(2, parent: 1, frame: Rect(x: 20, y: 20, width: 24, height: 20), background: Self.pink),
            .set(2, .backgroundColor(Color(red: 1, green: 0.375, blue: 0.875, alpha: 0.25))),
            .set(2, .position(Point(x: 40, y: 36))),
        ], scale: 2)
    }

    /// A shadow path that reaches beyond the bounds casts its shadow there too: moving the
    /// layer damages where that shadow was and is.
    func test_aShadowPathBeyondTheBoundsIsDamagedWhereItsShadowFalls() throws {
        try assertExact([
            .add(1, parent: 0, frame: Rect(x: 30, y: 20, width: 10, height: 10), background: Self.blue),
            .set(1, .shadowPath(Rect(x: -20, y: -10, width: 50, height: 40), oval: true)),
            .set(1, .shadow(opacity: 1, radius: 2, offset: Size(width: 3, height: 3), color: .black)),
            .set(1, .position(Point(x: 60, y: 40))),
        ])
    }

    /// Group opacity applies once a translucent layer has sublayers: gaining its first one
    /// changes how its own background and border blend, everywhere, not only under the sublayer.
    func test_theFirstSublayerOfATranslucentLayerRedrawsItAsAGroup() throws {
        try assertExact([
            .add(2, parent: 0, frame: Rect(x: 20, y: -0.5, width: 53.75, height: 48), background: Color(red: 0, green: 0.125, blue: 0.375, alpha: 1)),
            .set(2, .opacity(0.375)),
            .set(2, .border(width: 1, color: Color(red: 0.875, green: 1, blue: 0.375, alpha: 0.75))),
            .add(3, parent: 2, frame: Rect(x: 35.25, y: 31.5, width: 50.5, height: 29.75), background: Color(red: 1, green: 0.875, blue: 1, alpha: 1)),
        ])
    }

    /// Stretched contents are resampled the same way under any clip (drawn from a raster): a
    /// shadow's damage cutting through them leaves no seam.
    func test_stretchedContentsShowNoSeamAtTheEdgeOfTheDamage() throws {
        try assertExact([
            .add(1, parent: 0, frame: Rect(x: 55.75, y: 64.5, width: 48, height: 40.25), background: Color(red: 1, green: 0.125, blue: 0.5, alpha: 1)),
            .set(0, .contents(0)),
            .set(1, .shadow(opacity: 1, radius: 10, offset: Size(width: -7, height: -4.5), color: Color(red: 1, green: 0.75, blue: 0.5, alpha: 1))),
        ], scale: 2)
    }

    /// A rotated layer's edges are antialiased the same way in every frame (rasterised whole):
    /// a neighbour's damage cutting through its clip leaves no seam.
    func test_aRotatedClipShowsNoSeamAtTheEdgeOfTheDamage() throws {
        try assertExact([
            .add(1, parent: 0, frame: Rect(x: 60.25, y: 48.25, width: 27, height: 58.75), background: Color(red: 0.625, green: 0.125, blue: 0.5, alpha: 1)),
            .set(1, .transform(AffineTransform(a: -0.60876142900872, b: 0.7933533402912357, c: -0.7933533402912357, d: -0.60876142900872, tx: 0, ty: 0))),
            .set(1, .masksToBounds(true)),
            .add(7, parent: 0, frame: Rect(x: 60.5, y: 31, width: 3, height: 44.25), background: nil),
        ])
    }

    /// A border whose inner edge falls between pixels is antialiased the same way in every frame.
    func test_aBorderOffWholePixelsShowsNoSeamAtTheEdgeOfTheDamage() throws {
        try assertExact([
            .add(1, parent: 0, frame: Rect(x: 25, y: 57.5, width: 40, height: 31.5), background: nil),
            .add(2, parent: 0, frame: Rect(x: 26, y: 24.75, width: 51.5, height: 24.75), background: Color(red: 0.125, green: 0.25, blue: 1, alpha: 0.75)),
            .add(5, parent: 1, frame: Rect(x: 0.75, y: 50.5, width: 3.5, height: 54.5), background: Color(red: 0.625, green: 0.875, blue: 1, alpha: 1)),
            .set(1, .position(Point(x: 27.25, y: 44))),
            .set(2, .border(width: 5, color: Color(red: 0.625, green: 0.875, blue: 0.75, alpha: 1))),
            .set(5, .position(Point(x: 30.25, y: 26.5))),
            .move(5, to: 0),
        ])
    }

    /// Snapping moves a layer thinner than half a pixel to the nearest pixel edge, which can be
    /// outside the pixels its unsnapped rectangle covers: its damage covers where it is drawn.
    func test_aLayerThinnerThanHalfAPixelIsDamagedWhereSnappingDrawsIt() throws {
        try assertExact([
            .add(6, parent: 0, frame: Rect(x: 47.75, y: 49.75, width: 42.75, height: 0.25), background: Color(red: 0.125, green: 0.125, blue: 0.5, alpha: 1)),
        ])
    }

    /// A partial redraw of contents that are resampled on screen damages every device pixel the
    /// redrawn bitmap pixels reach (the backing store here is 15 pixels over 14.75 points).
    func test_aPartialRedrawOfResampledContentsDamagesWhereTheirPixelsShow() throws {
        try assertExact([
            .add(3, parent: 0, frame: Rect(x: 73.25, y: 57.75, width: 14.75, height: 15.25), background: Self.pink),
            .set(3, .drawsPattern(true)),
            .redraw(3, Rect(x: 11.5, y: -0.5, width: 3.5, height: 11.75)),
        ], scale: 2)
    }

    /// Snapping moves contents that overflow a thin layer's bounds: the damage covers where they
    /// are drawn, snapped, as well as where they would be.
    func test_contentsOverflowingASnappedLayerAreDamagedWhereTheyAreDrawn() throws {
        try assertExact([
            .add(1, parent: 0, frame: Rect(x: 29.75, y: 0.75, width: 0.25, height: 38.25), background: Color(red: 0.125, green: 0.125, blue: 0, alpha: 1)),
            .add(2, parent: 1, frame: Rect(x: 46.75, y: -1.75, width: 30, height: 57.5), background: nil),
            .add(3, parent: 2, frame: Rect(x: 14.5, y: 66.75, width: 20.25, height: 0), background: Color(red: 0.625, green: 0.5, blue: 0.75, alpha: 1)),
            .add(4, parent: 3, frame: Rect(x: 36.25, y: 41.75, width: 38, height: 27), background: Color(red: 0.875, green: 0.625, blue: 0, alpha: 1)),
            .add(9, parent: 4, frame: Rect(x: 59.5, y: 29.25, width: 50.5, height: 28.75), background: nil),
            .move(9, to: 0),
            .set(9, .contents(2)),
            .set(0, .position(Point(x: 6.5, y: 6.25))),
            .set(9, .contentsGravity(.left)),
        ], scale: 2)
    }
}

/// A layer under half a pixel wide is painted a whole pixel over (snapping keeps its width and
/// moves it onto the nearest pixel): when it masks to bounds, its shadow and sublayers are
/// clipped there, so damage and culling must use that place too. Found by the animated
/// differential test.
final class ThinMaskingLayerDamageTests: LaminaTestCase {
    func test_theShadowOfAMaskingLayerNarrowerThanHalfAPixelIsDamagedWhereItIsPainted() throws {
        try onMainActor {
            for scale in [1.0, 2.0] {
                try DamageDifferentialTests.assertExact([
                    .add(6, parent: 0, frame: Rect(x: 51.0, y: 29.5, width: 4.25, height: 27.5), background: Color(red: 0.625, green: 0.375, blue: 0.125, alpha: 1.0)),
                    .add(9, parent: 6, frame: Rect(x: 19.75, y: 9.0, width: 0.25, height: 15.5), background: Color(red: 0.75, green: 0.25, blue: 0.625, alpha: 1.0)),
                    .set(9, .masksToBounds(true)),
                    .set(9, .shadow(opacity: 1.0, radius: 5.5, offset: Size(width: 0.5, height: -3.0), color: Color(red: 0.25, green: 0.125, blue: 0.125, alpha: 1.0))),
                    .add(10, parent: 9, frame: Rect(x: 0, y: 2, width: 3, height: 3), background: .yellow),
                    .set(10, .position(Point(x: 1, y: 6))),
                ], scale: scale, label: "thin masking layer at scale \(scale)")
            }
        }
    }
}
