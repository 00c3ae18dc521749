import ArgumentParser
import NIOCore
import NIOHTTP1
import NIOPosix

/// `relay-bench upstream`: a fake OpenAI-compatible upstream on loopback, written on SwiftNIO directly so that it
/// costs far less than the proxies measured in front of it.
struct UpstreamCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "upstream",
        abstract: "Serve a fixed chat completion (plain or SSE stream) as fast as possible.",
        discussion: """
            POST /v1/chat/completions answers a fixed chat.completion with usage, or with "stream": true a role chunk, \
            --events content chunks of --event-bytes characters, a usage chunk when stream_options.include_usage is \
            true, then data: [DONE]. GET /health answers {"status":"ok"}. Keep-alive and pipelining are supported.
            """
    )

    @Option(help: "The port to listen on (127.0.0.1).")
    var port: Int

    @Option(help: "The address to bind.")
    var host = "127.0.0.1"

    @Option(help: "Content chunks per stream.")
    var events = 20

    @Option(help: "Characters of text per content chunk.")
    var eventBytes = 16

    @Option(help: "Event loop threads (default: one per available core).")
    var threads: Int?

    func validate() throws {
        guard (1...65535).contains(port) else { throw ValidationError("--port must be between 1 and 65535") }
        guard events >= 1, eventBytes >= 1 else { throw ValidationError("--events and --event-bytes must be positive") }
        if let threads, threads < 1 { throw ValidationError("--threads must be positive") }
    }

    func run() async throws {
        let fixtures = ChatFixtures(contentEvents: events, eventBytes: eventBytes)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: threads ?? System.coreCount)
        let channel = try await ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 4096)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withPipeliningAssistance: true)
                    try channel.pipeline.syncOperations.addHandler(UpstreamHandler(fixtures: fixtures))
                }
            }
            .bind(host: host, port: port)
            .get()
        print("relay-bench upstream listening on http://\(host):\(port) (\(events) content events of \(eventBytes) bytes)")
        try await channel.closeFuture.get()
        try await group.shutdownGracefully()
    }
}
