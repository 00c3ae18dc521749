// swift-tools-version: 6.2
// 6.2 because swift-log 1.16, AsyncHTTPClient 1.37 and AsyncHTTPClient's own dependencies ship only 6.2 manifests:
// an older toolchain (Xcode 16) cannot even resolve them. Xcode 26 or a Swift 6.2 toolchain is required.
import Foundation
import CompilerPluginSupport
import PackageDescription

/// Where AICore runs on SwiftNIO (AsyncHTTPClient, NIO's WebSocket client, swift-crypto): everywhere but Apple's
/// platforms, which use URLSession and CryptoKit instead. The `SWIFTAI_NIO` define below names exactly these
/// platforms, so code never guesses the platform from `canImport` (an iOS app that also depends on AsyncHTTPClient
/// can import it without it being ours to use).
let nonApplePlatforms: [Platform] = [.linux, .android, .windows, .openbsd]
let onNIO = TargetDependencyCondition.when(platforms: nonApplePlatforms, traits: ["SwiftNIO"])
let withNIO = TargetDependencyCondition.when(traits: ["SwiftNIO"])
let withMacros = TargetDependencyCondition.when(traits: ["SwiftAIMacros"])
let withMCP = TargetDependencyCondition.when(traits: ["SwiftAIMCP"])
let withTelemetry = TargetDependencyCondition.when(traits: ["SwiftAITelemetry"])
/// Every target gets the same define, so a `#if SWIFTAI_NIO` means the same thing in sources, tests and tools.
let settings: [SwiftSetting] = [.define("SWIFTAI_NIO", .when(platforms: nonApplePlatforms, traits: ["SwiftNIO"]))]

let package = Package(
    name: "SwiftAI",
    // macOS 13 / iOS 16 / tvOS 16 / watchOS 9: what the MCP Swift SDK (the SwiftAIMCP trait) requires. SwiftPM checks
    // a target's platforms against those of every product it depends on, so one minimum for the package.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .macCatalyst(.v16)],
    products: [
        .library(name: "SwiftOpenAI", targets: ["SwiftOpenAI"]),
        .library(name: "SwiftAnthropic", targets: ["SwiftAnthropic"]),
        .library(name: "SwiftAzureOpenAI", targets: ["SwiftAzureOpenAI"]),
        .library(name: "InfiniteStories", targets: ["InfiniteStories"]),
        .library(name: "AISandbox", targets: ["AISandbox"]),
        // The story app's answers in the sandbox (stories in five languages, offline), registered by whoever runs a
        // sandbox for the app (its tests, `swiftai demo`, `infinite-stories --sandbox`): AISandbox itself knows no app.
        .library(name: "InfiniteStoriesSandbox", targets: ["InfiniteStoriesSandbox"]),
        // Opt-in, each behind the trait of the same name: `@StructuredOutput` / `@Guide` (builds swift-syntax) and
        // tools from MCP servers (the MCP SDK).
        .library(name: "SwiftAIMacros", targets: ["SwiftAIMacros"]),
        .library(name: "SwiftAIMCP", targets: ["SwiftAIMCP"]),
        .executable(name: "swiftai", targets: ["swiftai"]),
        .executable(name: "swiftai-bench", targets: ["swiftai-bench"]),
        .executable(name: "ConsoleChatbot", targets: ["ConsoleChatbot"]),
        .executable(name: "ResponsesConsoleChatbot", targets: ["ResponsesConsoleChatbot"]),
        .executable(name: "NonStreamingResponseConsoleChatbot", targets: ["NonStreamingResponseConsoleChatbot"]),
    ],
    // A dependency used only under a disabled trait is not even downloaded: an app that turns the default traits
    // off (`traits: []`, or unticks them in Xcode 26.4+) and uses SwiftOpenAI resolves swift-log alone.
    traits: [
        .trait(
            name: "SwiftNIO",
            description: """
                Off Apple platforms: HTTP through AsyncHTTPClient, Realtime through NIO's WebSocket client, webhook \
                signatures through swift-crypto (without it, Linux uses URLSession from FoundationNetworking and has \
                no webhook verification). On every platform: AISandbox, the swiftai and swiftai-bench programs and \
                the SwiftAzureOpenAI console programs, which run on SwiftNIO and swift-argument-parser. Nothing of it \
                is built into an Apple-platform app that uses only the SDK libraries.
                """),
        .trait(
            name: "SwiftAITelemetry",
            description: """
                Spans (swift-distributed-tracing) and metrics (swift-metrics) for every call, following OpenTelemetry's \
                generative-AI conventions. They cost nothing until the app bootstraps a tracer or a metrics backend.
                """),
        .trait(name: "SwiftAIMacros", description: "The SwiftAIMacros product: @StructuredOutput and @Guide (swift-syntax)."),
        .trait(name: "SwiftAIMCP", description: "The SwiftAIMCP product: tools from MCP servers (the MCP Swift SDK)."),
        .default(enabledTraits: ["SwiftNIO", "SwiftAITelemetry"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        // Spans and metrics of the SwiftAITelemetry trait: the two APIs server-side Swift services already use.
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.7.3"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        // The HTTP vocabulary (methods, header fields, statuses) shared by the SDK, the sandbox and the app, as
        // Hummingbird and swift-openapi use it.
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        // NIOHTTPTypesHTTP1: the server kit's bridge between NIO's HTTP/1 parts and swift-http-types (already
        // fetched by AsyncHTTPClient).
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/swiftlang/swift-syntax.git", from: "602.0.0"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk.git", exact: "0.12.1"),
    ],
    targets: [
        .target(
            name: "AICore",
            dependencies: [
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: onNIO),
                // The WebSocket client off Apple platforms (Apple platforms use URLSessionWebSocketTask); all of
                // it already comes with AsyncHTTPClient.
                .product(name: "NIOCore", package: "swift-nio", condition: onNIO),
                .product(name: "NIOPosix", package: "swift-nio", condition: onNIO),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: onNIO),
                .product(name: "NIOWebSocket", package: "swift-nio", condition: onNIO),
                .product(name: "NIOSSL", package: "swift-nio-ssl", condition: onNIO),
                // SHA-1 of the handshake's Sec-WebSocket-Accept check.
                .product(name: "Crypto", package: "swift-crypto", condition: onNIO),
                .product(name: "Tracing", package: "swift-distributed-tracing", condition: withTelemetry),
                .product(name: "CoreMetrics", package: "swift-metrics", condition: withTelemetry),
            ],
            swiftSettings: settings),
        // HMAC-SHA256 of webhook signatures: CryptoKit on Apple platforms, swift-crypto elsewhere.
        .target(
            name: "SwiftOpenAI",
            dependencies: [
                "AICore", .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Crypto", package: "swift-crypto", condition: onNIO),
            ],
            swiftSettings: settings),
        .target(
            name: "SwiftAnthropic", dependencies: ["AICore", .product(name: "HTTPTypes", package: "swift-http-types")],
            swiftSettings: settings),
        .target(
            name: "SwiftAzureOpenAI",
            dependencies: [
                "AICore", "SwiftOpenAI", .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: settings),
        .target(
            name: "InfiniteStories",
            dependencies: ["AICore", "SwiftOpenAI", .product(name: "Logging", package: "swift-log")],
            swiftSettings: settings),
        // A small HTTP/1 server on SwiftNIO: a typed route table, one request reader with limits, typed JSON and
        // byte-level faults. The sandbox, `swiftai webhooks listen` and the Realtime upgrade run on it.
        .target(
            name: "AIServerKit",
            dependencies: [
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio", condition: withNIO),
                .product(name: "NIOPosix", package: "swift-nio", condition: withNIO),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: withNIO),
                .product(name: "NIOWebSocket", package: "swift-nio", condition: withNIO),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras", condition: withNIO),
            ],
            swiftSettings: settings),
        .target(
            name: "AISandbox",
            dependencies: [
                "AIServerKit",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                // Delivers the webhooks it sends.
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: withNIO),
                .product(name: "NIOCore", package: "swift-nio", condition: withNIO),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio", condition: withNIO),
                .product(name: "NIOPosix", package: "swift-nio", condition: withNIO),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: withNIO),
                .product(name: "NIOWebSocket", package: "swift-nio", condition: withNIO),
                // Signs the webhooks it delivers.
                .product(name: "Crypto", package: "swift-crypto", condition: withNIO),
            ],
            swiftSettings: settings),
        .target(name: "InfiniteStoriesSandbox", dependencies: ["AISandbox"], swiftSettings: settings),
        .executableTarget(
            name: "swiftai",
            dependencies: [
                "SwiftOpenAI", "SwiftAnthropic", "AISandbox", "AIServerKit", "InfiniteStories", "InfiniteStoriesSandbox",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: withNIO),
                // `swiftai webhooks listen` serves HTTP.
                .product(name: "NIOCore", package: "swift-nio", condition: withNIO),
                .product(name: "NIOPosix", package: "swift-nio", condition: withNIO),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: withNIO),
            ],
            swiftSettings: settings),
        .target(
            name: "SAOAIConsole",
            dependencies: [
                "SwiftAzureOpenAI", .product(name: "ArgumentParser", package: "swift-argument-parser", condition: withNIO),
            ],
            swiftSettings: settings),
        .executableTarget(
            name: "ConsoleChatbot", dependencies: ["SAOAIConsole", "SwiftAzureOpenAI"], path: "Examples/ConsoleChatbot",
            swiftSettings: settings),
        .executableTarget(
            name: "ResponsesConsoleChatbot", dependencies: ["SAOAIConsole", "SwiftAzureOpenAI"],
            path: "Examples/ResponsesConsoleChatbot", swiftSettings: settings),
        .executableTarget(
            name: "NonStreamingResponseConsoleChatbot", dependencies: ["SAOAIConsole", "SwiftAzureOpenAI"],
            path: "Examples/NonStreamingResponseConsoleChatbot", swiftSettings: settings),
        .executableTarget(
            name: "swiftai-bench",
            dependencies: [
                "AICore", "SwiftOpenAI", "SwiftAnthropic", "AISandbox", "BenchMallocCounter",
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: onNIO),
            ],
            swiftSettings: settings),
        // The fuzzers' checks, run by `swiftai-fuzz` (below) and over the seed corpus by ReliabilityTests.
        .target(
            name: "FuzzHarness", dependencies: ["AICore", "AISandbox", "SwiftOpenAI", "SwiftAnthropic"],
            path: "Sources/FuzzHarness", swiftSettings: settings),
        // Counts heap allocations for swiftai-bench only (it defines malloc; nothing else links it).
        .target(name: "BenchMallocCounter", path: "Sources/BenchMallocCounter"),
        .macro(
            name: "SwiftAIMacrosPlugin",
            dependencies: [
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax", condition: withMacros),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax", condition: withMacros),
            ],
            swiftSettings: settings),
        .target(
            name: "SwiftAIMacros",
            dependencies: ["AICore", .target(name: "SwiftAIMacrosPlugin", condition: withMacros)],
            swiftSettings: settings),
        .target(
            name: "SwiftAIMCP",
            dependencies: [
                "AICore", .product(name: "MCP", package: "swift-sdk", condition: withMCP),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: settings),
        // A small MCP server over stdio that SwiftAIMCPTests starts as a child process.
        .executableTarget(
            name: "swiftai-mcp-fixture", dependencies: [.product(name: "MCP", package: "swift-sdk", condition: withMCP)],
            path: "Tests/MCPFixtureServer", swiftSettings: settings),
        // What every test target shares: transport kinds, a capturing log handler, the built executables' location,
        // sandbox helpers.
        .target(
            name: "SwiftAITestSupport",
            dependencies: ["AICore", "AISandbox", .product(name: "Logging", package: "swift-log")],
            path: "Tests/SwiftAITestSupport", swiftSettings: settings),
        .testTarget(
            name: "AICoreTests", dependencies: ["SwiftAITestSupport", "AICore", "AISandbox"], swiftSettings: settings),
        .testTarget(
            name: "SwiftAIMacrosTests",
            dependencies: [
                "SwiftAITestSupport",
                .target(name: "SwiftAIMacros", condition: withMacros),
                .target(name: "SwiftAIMacrosPlugin", condition: withMacros),
                "AICore", "SwiftOpenAI", "SwiftAnthropic", "AISandbox",
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax", condition: withMacros),
            ],
            swiftSettings: settings),
        // Xcode 26 makes new app targets main-actor by default: macro types and tools declared in such a module must
        // still compile and work, so this target is built the same way.
        .testTarget(
            name: "SwiftAIMainActorTests",
            dependencies: [
                "SwiftAITestSupport",
                .target(name: "SwiftAIMacros", condition: withMacros), "SwiftOpenAI", "SwiftAnthropic", "AISandbox",
            ],
            swiftSettings: settings + [.defaultIsolation(MainActor.self)]),
        .testTarget(
            name: "SwiftAIMCPTests",
            dependencies: [
                "SwiftAITestSupport",
                .target(name: "SwiftAIMCP", condition: withMCP), "AICore",
                .target(name: "swiftai-mcp-fixture", condition: withMCP),
                .product(name: "MCP", package: "swift-sdk", condition: withMCP),
            ],
            swiftSettings: settings),
        .testTarget(
            name: "SwiftOpenAITests", dependencies: ["SwiftAITestSupport", "AICore", "SwiftOpenAI", "AISandbox"],
            swiftSettings: settings),
        .testTarget(
            name: "TelemetryTests",
            dependencies: [
                "SwiftAITestSupport", "AICore", "SwiftOpenAI", "SwiftAnthropic", "AISandbox",
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing", condition: withTelemetry),
                .product(name: "MetricsTestKit", package: "swift-metrics", condition: withTelemetry),
                .product(name: "CoreMetrics", package: "swift-metrics", condition: withTelemetry),
                .product(name: "Tracing", package: "swift-distributed-tracing", condition: withTelemetry),
            ],
            swiftSettings: settings),
        .testTarget(
            name: "SwiftAnthropicTests", dependencies: ["SwiftAITestSupport", "AICore", "SwiftAnthropic", "AISandbox"],
            swiftSettings: settings),
        .testTarget(
            name: "AISandboxTests", dependencies: ["SwiftAITestSupport", "AICore", "AISandbox", "AIServerKit"],
            swiftSettings: settings),
        .testTarget(
            name: "ReliabilityTests",
            dependencies: [
                "SwiftAITestSupport",
                "AICore", "SwiftOpenAI", "SwiftAnthropic", "SwiftAzureOpenAI", "AISandbox", "FuzzHarness",
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: onNIO),
            ],
            swiftSettings: settings),
        .testTarget(
            name: "InfiniteStoriesTests",
            dependencies: [
                "SwiftAITestSupport",
                "InfiniteStories", "InfiniteStoriesSandbox", "AISandbox", "SwiftOpenAI", "AICore",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: settings),
        .testTarget(
            name: "SwiftAzureOpenAITests",
            dependencies: ["SwiftAITestSupport", "AICore", "SwiftAzureOpenAI", "SAOAIConsole", "AISandbox"],
            swiftSettings: settings),
    ],
    swiftLanguageModes: [.v6]
)

// The libFuzzer executable exists only when scripts/fuzz.sh builds it (SWIFTAI_FUZZ=1, with
// -sanitize=fuzzer,address): an ordinary build can't link a target whose `main` libFuzzer provides.
if ProcessInfo.processInfo.environment["SWIFTAI_FUZZ"] == "1" {
    package.targets.append(
        .executableTarget(
            name: "swiftai-fuzz", dependencies: ["FuzzHarness"], path: "Fuzz/swiftai-fuzz",
            swiftSettings: settings + [.unsafeFlags(["-parse-as-library"])]))
    package.products.append(.executable(name: "swiftai-fuzz", targets: ["swiftai-fuzz"]))
}
