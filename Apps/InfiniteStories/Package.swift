// swift-tools-version: 6.2
// 6.2: the root package's dependencies (swift-log, AsyncHTTPClient) ship 6.2 manifests only.
import PackageDescription

/// The InfiniteStories app: the story library on SQLite and the `infinite-stories` command-line program.
///
/// A package of its own, so that an app depending on SwiftAI for its SDK never resolves SQLite or the app's
/// other packages. It builds on the root package's `InfiniteStories` AI layer by path.
let package = Package(
    name: "InfiniteStoriesApp",
    // Hummingbird 2's API needs macOS 14 / iOS 17 / tvOS 17; watchOS 9 and Mac Catalyst 16 are the root package's.
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v9), .macCatalyst(.v17)],
    products: [
        .library(name: "InfiniteStoriesStore", targets: ["InfiniteStoriesStore"]),
        .library(name: "InfiniteStoriesWeb", targets: ["InfiniteStoriesWeb"]),
        .executable(name: "infinite-stories", targets: ["infinite-stories"]),
    ],
    dependencies: [
        .package(name: "SwiftAI", path: "../.."),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        // The web app reads the client's address (NIOCore.SocketAddress) to throttle sign-ins per client.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        // `--otlp-endpoint`: traces and metrics (the SDK's model calls, the web app's requests) over OTLP/HTTP.
        .package(url: "https://github.com/swift-otel/swift-otel.git", from: "1.6.0", traits: ["OTLPHTTP"]),
    ],
    targets: [
        .target(
            name: "InfiniteStoriesStore",
            dependencies: [
                .product(name: "InfiniteStories", package: "SwiftAI"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        .target(
            name: "InfiniteStoriesWeb",
            dependencies: [
                "InfiniteStoriesStore",
                .product(name: "InfiniteStories", package: "SwiftAI"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]),
        .executableTarget(
            name: "infinite-stories",
            dependencies: [
                "InfiniteStoriesStore",
                "InfiniteStoriesWeb",
                .product(name: "InfiniteStories", package: "SwiftAI"),
                .product(name: "SwiftOpenAI", package: "SwiftAI"),
                .product(name: "AISandbox", package: "SwiftAI"),
                // `--sandbox` runs answer story prompts with stories.
                .product(name: "InfiniteStoriesSandbox", package: "SwiftAI"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "OTel", package: "swift-otel"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]),
        .testTarget(
            name: "InfiniteStoriesStoreTests",
            dependencies: ["InfiniteStoriesStore", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(
            name: "InfiniteStoriesCLITests",
            dependencies: [
                "infinite-stories", "InfiniteStoriesStore",
                .product(name: "InfiniteStories", package: "SwiftAI"),
                .product(name: "SwiftOpenAI", package: "SwiftAI"),
                .product(name: "AISandbox", package: "SwiftAI"),
                .product(name: "InfiniteStoriesSandbox", package: "SwiftAI"),
                // The OTLP receiver the export test sends to.
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]),
        .testTarget(
            name: "InfiniteStoriesWebTests",
            dependencies: [
                "InfiniteStoriesWeb", "InfiniteStoriesStore",
                .product(name: "InfiniteStories", package: "SwiftAI"),
                .product(name: "AISandbox", package: "SwiftAI"),
                .product(name: "InfiniteStoriesSandbox", package: "SwiftAI"),
                .product(name: "SwiftOpenAI", package: "SwiftAI"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
