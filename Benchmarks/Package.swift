// swift-tools-version: 6.1
// Lamina's benchmarks, each against its raw baseline in the same process: EventLoop against
// CFRunLoop, ImageDecoder against libjpeg-turbo and cairo's PNG reader, the compositor and
// the commit against their raw counterparts, text against HarfBuzz + ICU + cairo and Pango,
// presenting to an X server (LaminaX11) against xcb called directly, and the feed scrolled with
// async display on against off.
// A separate package, so the main build stays light. Run from the repository root with
// `make bench` (or `make bench-smoke`), or here with `swift run -c release LaminaBenchmarks`.
import PackageDescription

let package = Package(
    name: "LaminaBenchmarks",
    products: [
        .executable(name: "LaminaBenchmarks", targets: ["LaminaBenchmarks"]),
    ],
    dependencies: [
        .package(name: "Lamina", path: ".."),
        // The command line (generated help, errors with the usage, completion scripts); the
        // same version as the root package's.
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
    ],
    targets: [
        // cairo itself, for raw baselines.
        .systemLibrary(name: "CBenchCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        // libjpeg-turbo called directly: the JPEG decode baseline, and the encoder of its input.
        .target(name: "CBenchCodecs", linkerSettings: [.linkedLibrary("jpeg")]),
        // HarfBuzz's include directories for CBenchText (Swift never imports it).
        .systemLibrary(name: "CBenchHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        // The text baselines in C: HarfBuzz (OpenType functions) + ICU UAX #14 + a greedy wrap +
        // cairo_show_glyphs, and Pango. ICU's headers stay in its .c files. Pango is not reached
        // through pkg-config: pangocairo's flags carry -pthread, which SwiftPM refuses with a
        // warning; cairo's and HarfBuzz's directories come from the two system modules, Pango's
        // own (the same on every Debian architecture) is given here.
        .target(
            name: "CBenchText",
            dependencies: ["CBenchCairo", "CBenchHarfBuzz"],
            cSettings: [.unsafeFlags(["-I/usr/include/pango-1.0"])],
            linkerSettings: [
                .linkedLibrary("pangocairo-1.0"), .linkedLibrary("pango-1.0"), .linkedLibrary("gobject-2.0"),
                .linkedLibrary("glib-2.0"), .linkedLibrary("harfbuzz"), .linkedLibrary("freetype"),
                .linkedLibrary("fontconfig"), .linkedLibrary("icuuc"), .linkedLibrary("m"),
            ]
        ),
        // The raw xcb baseline of the x11-present benchmarks (MIT-SHM and PutImage, in C).
        .target(name: "CBenchX11", linkerSettings: [.linkedLibrary("xcb"), .linkedLibrary("xcb-shm")]),
        .executableTarget(
            name: "LaminaBenchmarks",
            dependencies: [
                .product(name: "LaminaLoop", package: "Lamina"),
                .product(name: "LaminaTrace", package: "Lamina"),
                .product(name: "LaminaGraphics", package: "Lamina"),
                .product(name: "LaminaLayers", package: "Lamina"),
                .product(name: "LaminaText", package: "Lamina"),
                .product(name: "LaminaUI", package: "Lamina"),
                .product(name: "LaminaImages", package: "Lamina"),
                .product(name: "LaminaTestServer", package: "Lamina"),
                .product(name: "LaminaX11", package: "Lamina"),
                .product(name: "FeedScene", package: "Lamina"),
                "CBenchCairo",
                "CBenchCodecs",
                "CBenchText",
                "CBenchX11",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
