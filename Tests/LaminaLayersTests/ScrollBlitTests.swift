import LaminaGraphics
import LaminaTesting
@testable import LaminaLayers
import Testing

/// Scrolls shown by moving pixels (`PixelScroll`): which scrolls qualify, what stays damaged, and
/// that every frame — several commits, a scroll among them — equals a full recomposite.
@Suite struct ScrollBlitTests {
    /// Rows 20 points tall, alternating colours, with a disc each, at quarter-point offsets so
    /// some edges fall on half pixels at scale 2.
    func rows(in scene: ScrollScene, count: Int = 12) {
        var commits: [(root: LayerID?, updated: [LayerID: LayerRenderState], removed: [LayerID])] = []
        for index in 0..<count {
            let y = Double(index) * 20.25
            var row = LayerRenderState.layer(Rect(x: 2, y: y, width: 60, height: 18.5),
                                             background: index % 2 == 0 ? .red : Color(red: 0.2, green: 0.4, blue: 1, alpha: 0.6))
            row.cornerRadius = Double(index % 3) * 2
            commits.append(scene.add(L(100 + UInt64(index)), row, under: ScrollScene.list))
        }
        scene.frame(commits)
    }

    @Test func aScrollByWholePixelsMovesThePixelsAndRedrawsOnlyTheExposedStrip() throws {
        let scene = try ScrollScene()
        rows(in: scene)
        let update = scene.frame([scene.scroll(by: 10)])
        // The list is (4, 6, 72, 108) points: (8, 12, 144, 216) pixels at scale 2.
        #expect(update.scrolls == [PixelScroll(region: Rect(x: 8, y: 12, width: 144, height: 216), dx: 0, dy: -20)])
        #expect(update.damage.rects == [Rect(x: 8, y: 208, width: 144, height: 20)], "only the strip that scrolled in")
        #expect(update.changedPixels.rects == [Rect(x: 8, y: 12, width: 144, height: 216)], "a presenter copies the moved region")
        #expect(try scene.differenceFromReference().differingPixelCount == 0)

        let back = scene.frame([scene.scroll(by: -35.5)])
        #expect(back.scrolls.map(\.dy) == [71])
        #expect(back.damage.rects == [Rect(x: 8, y: 12, width: 144, height: 71)])
        #expect(try scene.differenceFromReference().differingPixelCount == 0)
    }

    @Test func damageBeforeAScrollInTheSameFrameMovesWithThePixels() throws {
        let scene = try ScrollScene()
        rows(in: scene)
        // A row recoloured, then the scroll, then another row recoloured: three commits, one frame.
        let update = scene.frame([
            scene.change([L(103)]) { state, _ in state.backgroundColor = .green },
            scene.scroll(by: 15),
            scene.change([L(105)]) { state, _ in state.backgroundColor = .yellow },
        ])
        #expect(update.scrolls.count == 1)
        // Row 3 was at y 60.75…79.25 in the list, 6 + that on screen: pixels 133…171; the scroll
        // takes them 30 pixels up, and both places stay damaged.
        #expect(update.damage.intersects(Rect(x: 20, y: 104, width: 1, height: 1)))
        #expect(update.damage.intersects(Rect(x: 20, y: 134, width: 1, height: 1)))
        #expect(try scene.differenceFromReference().differingPixelCount == 0)
    }

    @Test func layersOverTheListAreRedrawnWhereTheyWereAndWhereTheirPixelsWent() throws {
        let scene = try ScrollScene()
        rows(in: scene)
        var overlay = LayerRenderState.layer(Rect(x: 20, y: 30, width: 30, height: 16), background: Color(white: 0, alpha: 0.5))
        overlay.shadowOpacity = 0.8
        overlay.shadowRadius = 2
        overlay.shadowOffset = Size(width: 0, height: 3)
        scene.frame([scene.add(ScrollScene.overlay, overlay, under: ScrollScene.root)])
        let update = scene.frame([scene.scroll(by: 8)])
        #expect(update.scrolls.count == 1)
        #expect(update.damage.intersects(Rect(x: 40, y: 60, width: 1, height: 1)), "the overlay's own pixels")
        #expect(update.damage.intersects(Rect(x: 40, y: 45, width: 1, height: 1)), "where its pixels were carried")
        #expect(try scene.differenceFromReference().differingPixelCount == 0)
    }

    @Test func scrollsThatPixelsCannotShowAreDamagedWhole() throws {
        let cases: [(String, (inout LayerRenderState) -> Void)] = [
            ("a translucent background", { $0.backgroundColor = Color(white: 1, alpha: 0.9) }),
            ("no clip", { $0.masksToBounds = false }),
            ("rounded corners", { $0.cornerRadius = 6 }),
            ("a border", { $0.borderWidth = 1; $0.borderColor = .blue }),
            ("opacity", { $0.opacity = 0.5 }),
            ("a rotation", { $0.transform = AffineTransform(rotationAngle: 0.1) }),
            ("a fractional scale", { $0.transform = AffineTransform(scaleX: 1.25, y: 1.25) }),
        ]
        for (name, edit) in cases {
            let scene = try ScrollScene()
            rows(in: scene)
            scene.frame([scene.change([ScrollScene.list]) { state, _ in edit(&state) }])
            let update = scene.frame([scene.scroll(by: 10)])
            #expect(update.scrolls.isEmpty, "\(name)")
            #expect(try scene.differenceFromReference().differingPixelCount == 0, "\(name)")
        }
        let scene = try ScrollScene()
        rows(in: scene)
        #expect(scene.frame([scene.scroll(by: 0.25)]).scrolls.isEmpty, "half a pixel: no whole-pixel move")
        #expect(try scene.differenceFromReference().differingPixelCount == 0)
        scene.frame([scene.change([ScrollScene.root]) { state, _ in state.opacity = 0.75 }])
        #expect(scene.frame([scene.scroll(by: 10)]).scrolls.isEmpty, "an ancestor less than opaque")
        #expect(try scene.differenceFromReference().differingPixelCount == 0)
    }

    @Test func aClipAboveTheListCutsTheMovedRegionToWholePixels() throws {
        let scene = try ScrollScene()
        rows(in: scene)
        // The root clips at 100.25 points, 200.5 pixels: its edge is snapped to pixel 201, as the
        // painter's clip is, so row 200 shows the list whole and moves with it.
        scene.frame([scene.change([ScrollScene.root]) { state, _ in
            state.masksToBounds = true
            state.bounds.size.height = 100.25
            state.position.y = 50.125
        }])
        let update = scene.frame([scene.scroll(by: 10)])
        #expect(update.scrolls.map(\.region) == [Rect(x: 8, y: 12, width: 144, height: 189)])
        #expect(try scene.differenceFromReference().differingPixelCount == 0)
    }

    /// Random frames of one to three commits — scrolls by whole and half pixels, rows recoloured,
    /// added, removed and moved, the overlay moved, the list's background made translucent and
    /// opaque again — each frame equal to a full recomposite.
    @Test(arguments: 1...8 as ClosedRange<UInt64>)
    func randomFramesWithScrollsEqualAFullRecomposite(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let scene = try ScrollScene(scale: seed % 4 == 0 ? 1 : 2)
        rows(in: scene, count: 8)
        scene.frame([scene.add(ScrollScene.overlay, .layer(Rect(x: 30, y: 50, width: 40, height: 12), background: Color(red: 0, green: 0.5, blue: 0, alpha: 0.5)), under: ScrollScene.root)])
        var nextRow: UInt64 = 200
        var scrolled = 0
        for step in 0..<40 {
            var commits: [(root: LayerID?, updated: [LayerID: LayerRenderState], removed: [LayerID])] = []
            for _ in 0...random.next(below: 3) {
                let rows = scene.states[ScrollScene.list]?.sublayers ?? []
                switch random.next(below: 10) {
                case 0...3: commits.append(scene.scroll(by: random.next(in: -30...30, step: random.chance(0.8) ? 0.5 : 0.25)))
                case 4 where !rows.isEmpty:
                    let row = rows[random.next(below: rows.count)]
                    commits.append(scene.change([row]) { state, _ in state.backgroundColor = Color(white: random.next(in: 0...1, step: 0.125)) })
                case 5 where !rows.isEmpty:
                    let row = rows[random.next(below: rows.count)]
                    commits.append(scene.change([row]) { state, _ in state.position.y += random.next(in: -20...20, step: 0.25) })
                case 6:
                    let y = random.next(in: -40...200, step: 0.25)
                    commits.append(scene.add(L(nextRow), .layer(Rect(x: 10, y: y, width: 40, height: 14), background: .blue), under: ScrollScene.list))
                    nextRow += 1
                case 7 where !rows.isEmpty:
                    commits.append(scene.remove(rows[random.next(below: rows.count)], from: ScrollScene.list))
                case 8:
                    commits.append(scene.change([ScrollScene.overlay]) { state, _ in
                        state.position = Point(x: random.next(in: 0...80, step: 0.5), y: random.next(in: 0...120, step: 0.25))
                    })
                default:
                    commits.append(scene.change([ScrollScene.list]) { state, _ in
                        state.backgroundColor = random.chance(0.8) ? .white : Color(white: 1, alpha: 0.75)
                    })
                }
            }
            let update = scene.frame(commits)
            scrolled += update.scrolls.count
            let difference = try scene.differenceFromReference()
            #expect(difference.differingPixelCount == 0, "seed \(seed), frame \(step): \(difference)")
            if difference.differingPixelCount > 0 { return }
        }
        #expect(scrolled > 5, "the history moved pixels (\(scrolled) times), not only redrew")
    }
}
