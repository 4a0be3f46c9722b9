// swift-tools-version: 6.1
// Lamina: the iOS drawing pipeline, headless, on Linux. See Docs/README.md.
import PackageDescription

/// A Debian system library reached through pkg-config, with the apt package that provides it.
func systemLibrary(_ name: String, pkgConfig: String, apt: String) -> Target {
    .systemLibrary(name: name, pkgConfig: pkgConfig, providers: [.apt([apt])])
}

/// swift-argument-parser, for the command-line tools and their tests.
let argumentParser: Target.Dependency = .product(name: "ArgumentParser", package: "swift-argument-parser")

let package = Package(
    name: "Lamina",
    products: [
        .library(name: "Lamina", targets: ["Lamina"]),
        .library(name: "LaminaTrace", targets: ["LaminaTrace"]),
        .library(name: "LaminaLoop", targets: ["LaminaLoop"]),
        .library(name: "LaminaGraphics", targets: ["LaminaGraphics"]),
        .library(name: "LaminaText", targets: ["LaminaText"]),
        .library(name: "LaminaLayers", targets: ["LaminaLayers"]),
        .library(name: "LaminaUI", targets: ["LaminaUI"]),
        .library(name: "LaminaFrames", targets: ["LaminaFrames"]),
        .library(name: "LaminaTesting", targets: ["LaminaTesting"]),
        .library(name: "LaminaImages", targets: ["LaminaImages"]),
        .library(name: "LaminaTestServer", targets: ["LaminaTestServer"]),
        .library(name: "LaminaX11", targets: ["LaminaX11"]),
        .executable(name: "PipelineTour", targets: ["PipelineTour"]),
        .executable(name: "FeedDemo", targets: ["FeedDemo"]),
        // The feed of FeedDemo as a library, so that its tests and the feed-scroll benchmark
        // scroll the same scene.
        .library(name: "FeedScene", targets: ["FeedScene"]),
        .executable(name: "lamina-test-server", targets: ["LaminaTestServerTool"]),
    ],
    dependencies: [
        // The Image snapshot strategy in LaminaTesting. Only its SnapshotTesting product is
        // used, which depends on nothing else (swift-syntax is resolved, never built).
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", exact: "1.19.7"),
        // The loopback test server (HTTP/1.1 that misbehaves on purpose). ImageLoader's client
        // is libcurl, from Debian (CCurl): no TLS or HTTP/2 stack to compile.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // The programs' command lines: generated help, errors with the usage, shell completion
        // scripts. No library target uses it.
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
    ],
    targets: [
        // C libraries from Debian, each behind a module map and a shim header.
        systemLibrary("CCairo", pkgConfig: "cairo", apt: "libcairo2-dev"),
        systemLibrary("CFreeType", pkgConfig: "freetype2", apt: "libfreetype-dev"),
        systemLibrary("CHarfBuzz", pkgConfig: "harfbuzz", apt: "libharfbuzz-dev"),
        systemLibrary("CFontconfig", pkgConfig: "fontconfig", apt: "libfontconfig-dev"),
        // ImageLoader's HTTP client: libcurl's multi interface on one thread (Sources/CCurl/shim.h
        // wraps its variadic setters for Swift).
        systemLibrary("CCurl", pkgConfig: "libcurl", apt: "libcurl4-openssl-dev"),
        // xcb with MIT-SHM, XTEST and the key-symbol tables (Sources/CXCB/shim.h says why one module).
        .systemLibrary(name: "CXCB", pkgConfig: "xcb",
                       providers: [.apt(["libxcb1-dev", "libxcb-shm0-dev", "libxcb-xtest0-dev", "libxcb-keysyms1-dev"])]),
        // The one C target: what cannot be Swift (Docs/design.md, "Modules").
        .target(
            name: "CLaminaShims",
            linkerSettings: [
                .linkedLibrary("icuuc"),
                .linkedLibrary("png16"),
                .linkedLibrary("jpeg"),
                .linkedLibrary("dispatch"),
            ]
        ),

        .target(name: "LaminaTrace", dependencies: ["CLaminaShims"]),
        .target(name: "LaminaLoop", dependencies: ["LaminaTrace", "CLaminaShims"]),
        .target(name: "LaminaGraphics", dependencies: ["CCairo", "CLaminaShims"]),
        .target(
            name: "LaminaText",
            dependencies: [
                "CCairo", "CFreeType", "CHarfBuzz", "CFontconfig", "CLaminaShims", "LaminaGraphics", "LaminaTrace",
            ]
        ),
        .target(name: "LaminaLayers", dependencies: ["LaminaGraphics", "LaminaLoop", "LaminaTrace"]),
        .target(
            name: "LaminaUI",
            dependencies: ["LaminaLayers", "LaminaText", "LaminaGraphics", "LaminaLoop", "LaminaTrace"]
        ),
        // Pictures of the pipeline's frames: FramePicture (a trace drawn as a timeline, SVG and
        // PNG), ContactSheet (presented frames side by side) and FrameStepper (one frame at a time,
        // with pause points). Above LaminaUI, which it reads (a window's presented frames and
        // trace); in the umbrella, as it links nothing the umbrella does not already link.
        .target(
            name: "LaminaFrames",
            dependencies: ["LaminaUI", "LaminaLayers", "LaminaText", "LaminaGraphics", "LaminaLoop", "LaminaTrace"]
        ),
        // Test support: loop driving, virtual time, trace assertions, Image snapshots (it
        // re-exports SnapshotTesting, so test targets need no dependency of their own on it),
        // pixel assertions, LaminaTestCase and its windows. Kept out of the umbrella so apps that `import Lamina` do not link test code.
        .target(
            name: "LaminaTesting",
            dependencies: [
                "LaminaLoop", "LaminaTrace", "LaminaGraphics", "LaminaLayers", "LaminaUI",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]
        ),
        // Networked images: ImageLoader, its memory and disk caches, AsyncImageView. A target of
        // its own so that LaminaUI (and everything that only draws) never links libcurl.
        .target(
            name: "LaminaImages",
            dependencies: [
                "LaminaUI", "LaminaLayers", "LaminaGraphics", "LaminaLoop", "LaminaTrace",
                "CCurl",
            ]
        ),
        // A loopback HTTP/1.1 server that misbehaves on purpose, for tests, benchmarks and the
        // feed demo. Outside the umbrella and outside LaminaTesting (which links XCTest).
        .target(
            name: "LaminaTestServer",
            dependencies: [
                "LaminaGraphics",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        // The same server as a child process, so a demo's measurements do not share its threads.
        .executableTarget(name: "LaminaTestServerTool", dependencies: ["LaminaTestServer", argumentParser]),
        .target(
            name: "Lamina",
            dependencies: [
                "LaminaTrace", "LaminaLoop", "LaminaGraphics", "LaminaText", "LaminaLayers", "LaminaUI", "LaminaImages",
                "LaminaFrames",
            ]
        ),

        // The X11 presenter and event source: outside the umbrella, so that headless users of
        // `Lamina` never link xcb.
        .target(name: "LaminaX11", dependencies: ["CXCB", "LaminaUI", "LaminaLayers", "LaminaGraphics", "LaminaLoop", "LaminaTrace"]),

        .executableTarget(name: "PipelineTour", dependencies: ["Lamina", "LaminaTestServer", "LaminaX11", argumentParser],
                          path: "Examples/PipelineTour"),
        .target(name: "FeedScene", dependencies: ["Lamina", "LaminaTestServer"], path: "Examples/FeedScene"),
        // Depends on the server tool so that `swift build --product FeedDemo` builds the child
        // process the demo starts.
        .executableTarget(name: "FeedDemo", dependencies: ["FeedScene", "Lamina", "LaminaX11", "LaminaTestServerTool", argumentParser],
                          path: "Examples/FeedDemo"),

        .testTarget(
            name: "SystemLibrariesTests",
            dependencies: ["CCairo", "CFreeType", "CHarfBuzz", "CFontconfig", "CXCB", "CLaminaShims"]
        ),
        .testTarget(name: "LaminaTraceTests", dependencies: ["LaminaTrace"]),
        // The code of the DocC tutorials (Sources/Lamina/Lamina.docc/Tutorials): every file a
        // step shows is in one of these modules, compiled and run by `make test`, and `make docs`
        // copies them into the catalog. FeedKit and BadgeKit are the tutorials' apps as they end;
        // TutorialFeedCell1 and 2 hold the feed cell as it is earlier on. Each Check.swift (not
        // shown in the tutorial) checks its step and writes the step's frame for `make
        // docs-images`.
        .target(name: "TutorialSupport", dependencies: ["Lamina", "LaminaTesting", "LaminaTestServer"],
                path: "Tests/Tutorials/Support"),
        .target(name: "FeedKit", dependencies: ["Lamina"], path: "Tests/Tutorials/FeedKit"),
        .target(name: "BadgeKit", dependencies: ["Lamina"], path: "Tests/Tutorials/BadgeKit"),
        .testTarget(name: "TutorialFeedCell1", dependencies: ["Lamina", "LaminaTesting", "TutorialSupport"],
                    path: "Tests/Tutorials/FeedCell1"),
        .testTarget(name: "TutorialFeedCell2", dependencies: ["Lamina", "LaminaTesting", "TutorialSupport"],
                    path: "Tests/Tutorials/FeedCell2"),
        .testTarget(name: "FeedKitTests", dependencies: ["FeedKit", "Lamina", "LaminaTesting", "LaminaTestServer", "TutorialSupport"],
                    path: "Tests/Tutorials/FeedKitTests"),
        .testTarget(name: "BadgeKitTests", dependencies: ["BadgeKit", "Lamina", "LaminaTesting", "TutorialSupport"],
                    path: "Tests/Tutorials/BadgeKitTests", exclude: ["__Snapshots__"]),
        // The tour's command line, through `@testable import` of the executable.
        .testTarget(name: "PipelineTourTests", dependencies: ["PipelineTour", "Lamina", argumentParser]),
        // lamina-test-server's command line, through `@testable import` of the executable.
        .testTarget(name: "LaminaTestServerToolTests", dependencies: ["LaminaTestServerTool", argumentParser]),
        .testTarget(name: "LaminaLoopTests", dependencies: ["LaminaLoop", "LaminaTrace", "LaminaTesting"]),
        // EventLoop and CFRunLoop driven through the same scenarios; imports Foundation so that
        // CoreFoundation links.
        .testTarget(name: "LaminaLoopDifferentialTests", dependencies: ["LaminaLoop"]),
        .testTarget(
            name: "LaminaGraphicsTests",
            dependencies: ["LaminaGraphics", "LaminaTesting", "CCairo", "CLaminaShims"],
            // Reference PNGs and seed images, read by path from the source tree.
            exclude: ["__Snapshots__", "Fixtures"]
        ),
        .testTarget(
            name: "LaminaTextTests",
            dependencies: [
                "LaminaText", "LaminaGraphics", "LaminaTrace", "LaminaTesting", "PangoOracle",
            ],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(
            name: "LaminaLayersTests",
            dependencies: ["LaminaLayers", "LaminaGraphics", "LaminaLoop", "LaminaTrace", "LaminaTesting"],
            exclude: ["__Snapshots__"]
        ),
        // Core Animation's animations as values: timing, timing functions, springs,
        // interpolation and evaluation on a LayerRenderState. No threads, no layer tree.
        .testTarget(name: "LaminaAnimationTests", dependencies: ["LaminaLayers", "LaminaGraphics"]),
        .testTarget(
            name: "LaminaUITests",
            dependencies: [
                "LaminaUI", "LaminaText", "LaminaLayers", "LaminaGraphics", "LaminaLoop", "LaminaTesting",
            ],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(
            name: "LaminaFramesTests",
            dependencies: ["LaminaFrames", "LaminaUI", "LaminaLayers", "LaminaGraphics", "LaminaLoop", "LaminaTrace", "LaminaTesting"],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(
            name: "LaminaImagesTests",
            dependencies: [
                "LaminaImages", "LaminaUI", "LaminaLayers", "LaminaGraphics", "LaminaLoop", "LaminaTrace",
                "LaminaTesting", "LaminaTestServer",
            ],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(
            name: "LaminaTestingTests",
            dependencies: [
                "LaminaTesting", "LaminaLoop", "LaminaTrace", "LaminaGraphics", "LaminaLayers", "LaminaUI",
            ]
        ),
        // Pango's line starts for LaminaText's tests to compare against, and the reference
        // paragraphs they are compared on. Used by test targets only: not a product, not in
        // the umbrella.
        .target(name: "PangoOracle", dependencies: ["CPangoOracle"], path: "Tests/PangoOracle"),
        // Pango behind a plain C header. Not a pkg-config system library: pangocairo's
        // pkg-config flags carry -pthread (through gio and gmodule), which SwiftPM refuses with
        // a warning in every build of this package and of packages that depend on it. cairo's
        // and HarfBuzz's include directories come from CCairo and CHarfBuzz; Pango's own
        // (the same path on every Debian architecture) is given here.
        .target(
            name: "CPangoOracle",
            dependencies: ["CCairo", "CHarfBuzz"],
            path: "Tests/CPangoOracle",
            cSettings: [.unsafeFlags(["-I/usr/include/pango-1.0"])],
            linkerSettings: [
                .linkedLibrary("pangocairo-1.0"), .linkedLibrary("pango-1.0"),
                .linkedLibrary("gobject-2.0"), .linkedLibrary("glib-2.0"),
            ]
        ),
        .testTarget(name: "PangoOracleTests", dependencies: ["PangoOracle"]),
        .testTarget(
            name: "FeedSceneTests",
            dependencies: ["FeedScene", "FeedDemo", "Lamina", "LaminaTesting", "LaminaTestServer", argumentParser]
        ),
        .testTarget(
            name: "LaminaX11Tests",
            dependencies: ["LaminaX11", "CXCB", "LaminaUI", "LaminaLayers", "LaminaGraphics", "LaminaLoop", "LaminaTesting",
                           "FeedScene", "Lamina", "LaminaTestServer"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
