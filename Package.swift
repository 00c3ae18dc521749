// swift-tools-version: 6.1
import Foundation
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "SwiftAI",
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8)],
    products: [
        .library(name: "SwiftOpenAI", targets: ["SwiftOpenAI"]),
        .library(name: "SwiftAnthropic", targets: ["SwiftAnthropic"]),
        .library(name: "SwiftAzureOpenAI", targets: ["SwiftAzureOpenAI"]),
        .library(name: "InfiniteStories", targets: ["InfiniteStories"]),
        .library(name: "AISandbox", targets: ["AISandbox"]),
        // Opt-in: `@StructuredOutput` / `@Guide` (builds swift-syntax) and tools from MCP servers (the MCP SDK).
        .library(name: "SwiftAIMacros", targets: ["SwiftAIMacros"]),
        .library(name: "SwiftAIMCP", targets: ["SwiftAIMCP"]),
        .executable(name: "swiftai", targets: ["swiftai"]),
        .executable(name: "swiftai-bench", targets: ["swiftai-bench"]),
        .executable(name: "ConsoleChatbot", targets: ["ConsoleChatbot"]),
        .executable(name: "ResponsesConsoleChatbot", targets: ["ResponsesConsoleChatbot"]),
        .executable(name: "NonStreamingResponseConsoleChatbot", targets: ["NonStreamingResponseConsoleChatbot"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/swiftlang/swift-syntax.git", from: "602.0.0"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk.git", exact: "0.12.1"),
    ],
    targets: [
        .target(
            name: "AICore",
            dependencies: [
                .product(name: "Logging", package: "swift-log"),
                .product(
                    name: "AsyncHTTPClient", package: "async-http-client",
                    condition: .when(platforms: [.linux, .android, .windows, .openbsd])),
                // The WebSocket client off Apple platforms (Apple platforms use URLSessionWebSocketTask); all of
                // it already comes with AsyncHTTPClient.
                .product(name: "NIOCore", package: "swift-nio", condition: .when(platforms: [.linux, .android, .windows, .openbsd])),
                .product(name: "NIOPosix", package: "swift-nio", condition: .when(platforms: [.linux, .android, .windows, .openbsd])),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(platforms: [.linux, .android, .windows, .openbsd])),
                .product(
                    name: "NIOWebSocket", package: "swift-nio", condition: .when(platforms: [.linux, .android, .windows, .openbsd])),
                .product(name: "NIOSSL", package: "swift-nio-ssl", condition: .when(platforms: [.linux, .android, .windows, .openbsd])),
                // SHA-1 of the handshake's Sec-WebSocket-Accept check.
                .product(name: "Crypto", package: "swift-crypto", condition: .when(platforms: [.linux, .android, .windows, .openbsd])),
            ]),
        // Crypto: HMAC-SHA256 of webhook signatures (CryptoKit underneath on Apple platforms).
        .target(name: "SwiftOpenAI", dependencies: ["AICore", .product(name: "Crypto", package: "swift-crypto")]),
        .target(name: "SwiftAnthropic", dependencies: ["AICore"]),
        .target(
            name: "SwiftAzureOpenAI",
            dependencies: ["AICore", "SwiftOpenAI", .product(name: "Logging", package: "swift-log")]),
        .target(
            name: "InfiniteStories",
            dependencies: ["AICore", "SwiftOpenAI", .product(name: "Logging", package: "swift-log")]),
        .target(
            name: "AISandbox",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                // Signs the webhooks it delivers.
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        .executableTarget(
            name: "swiftai",
            dependencies: [
                "SwiftOpenAI", "SwiftAnthropic", "AISandbox", "InfiniteStories",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                // `swiftai webhooks listen` serves HTTP.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]),
        .target(
            name: "SAOAIConsole",
            dependencies: ["SwiftAzureOpenAI", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .executableTarget(
            name: "ConsoleChatbot", dependencies: ["SAOAIConsole", "SwiftAzureOpenAI"], path: "Examples/ConsoleChatbot"),
        .executableTarget(
            name: "ResponsesConsoleChatbot", dependencies: ["SAOAIConsole", "SwiftAzureOpenAI"],
            path: "Examples/ResponsesConsoleChatbot"),
        .executableTarget(
            name: "NonStreamingResponseConsoleChatbot", dependencies: ["SAOAIConsole", "SwiftAzureOpenAI"],
            path: "Examples/NonStreamingResponseConsoleChatbot"),
        .executableTarget(
            name: "swiftai-bench",
            dependencies: [
                "AICore", "SwiftOpenAI", "SwiftAnthropic", "AISandbox", "BenchMallocCounter",
                .product(
                    name: "AsyncHTTPClient", package: "async-http-client",
                    condition: .when(platforms: [.linux, .android, .windows, .openbsd])),
            ]),
        // The fuzzers' checks, run by `swiftai-fuzz` (below) and over the seed corpus by ReliabilityTests.
        .target(
            name: "FuzzHarness", dependencies: ["AICore", "AISandbox", "SwiftOpenAI", "SwiftAnthropic"],
            path: "Sources/FuzzHarness"),
        // Counts heap allocations for swiftai-bench only (it defines malloc; nothing else links it).
        .target(name: "BenchMallocCounter", path: "Sources/BenchMallocCounter"),
        .macro(
            name: "SwiftAIMacrosPlugin",
            dependencies: [
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ]),
        .target(name: "SwiftAIMacros", dependencies: ["AICore", "SwiftAIMacrosPlugin"]),
        .target(
            name: "SwiftAIMCP",
            dependencies: ["AICore", .product(name: "MCP", package: "swift-sdk"), .product(name: "Logging", package: "swift-log")]),
        // A small MCP server over stdio that SwiftAIMCPTests starts as a child process.
        .executableTarget(
            name: "swiftai-mcp-fixture", dependencies: [.product(name: "MCP", package: "swift-sdk")],
            path: "Tests/MCPFixtureServer"),
        .testTarget(name: "AICoreTests", dependencies: ["AICore", "AISandbox"]),
        .testTarget(
            name: "SwiftAIMacrosTests",
            dependencies: [
                "SwiftAIMacros", "SwiftAIMacrosPlugin", "SwiftOpenAI", "SwiftAnthropic", "AISandbox",
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
            ]),
        .testTarget(
            name: "SwiftAIMCPTests",
            dependencies: ["SwiftAIMCP", "AICore", "swiftai-mcp-fixture", .product(name: "MCP", package: "swift-sdk")]),
        .testTarget(name: "SwiftOpenAITests", dependencies: ["AICore", "SwiftOpenAI", "AISandbox"]),
        .testTarget(name: "SwiftAnthropicTests", dependencies: ["AICore", "SwiftAnthropic", "AISandbox"]),
        .testTarget(name: "AISandboxTests", dependencies: ["AISandbox"]),
        .testTarget(
            name: "ReliabilityTests",
            dependencies: [
                "AICore", "SwiftOpenAI", "SwiftAnthropic", "SwiftAzureOpenAI", "AISandbox", "FuzzHarness",
                .product(
                    name: "AsyncHTTPClient", package: "async-http-client",
                    condition: .when(platforms: [.linux, .android, .windows, .openbsd])),
            ]),
        .testTarget(
            name: "InfiniteStoriesTests",
            dependencies: [
                "InfiniteStories", "AISandbox", "SwiftOpenAI", "AICore",
                .product(name: "Logging", package: "swift-log"),
            ]),
        .testTarget(
            name: "SwiftAzureOpenAITests",
            dependencies: ["AICore", "SwiftAzureOpenAI", "SAOAIConsole", "AISandbox"]),
    ],
    swiftLanguageModes: [.v6]
)

// The libFuzzer executable exists only when scripts/fuzz.sh builds it (SWIFTAI_FUZZ=1, with
// -sanitize=fuzzer,address): an ordinary build can't link a target whose `main` libFuzzer provides.
if ProcessInfo.processInfo.environment["SWIFTAI_FUZZ"] == "1" {
    package.targets.append(
        .executableTarget(
            name: "swiftai-fuzz", dependencies: ["FuzzHarness"], path: "Fuzz/swiftai-fuzz",
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]))
    package.products.append(.executable(name: "swiftai-fuzz", targets: ["swiftai-fuzz"]))
}
