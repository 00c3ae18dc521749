import AIServerKit
import Foundation

/// A loopback HTTP/1.1 server that speaks the OpenAI wire protocol, for tests, demos and benchmarks.
///
/// It listens on 127.0.0.1 (an ephemeral port unless one is given), answers deterministically, records
/// every request, and can be told to misbehave per request with ``SandboxBehavior``. It shares no code
/// with the SDK: its JSON is written here, independently.
///
/// What it answers is realistic enough for an app to run offline end to end:
/// - Chat answers are generic (an echo, tool calls, a sample of the requested JSON schema); an app registers its
///   own answers for its own prompts with a ``SandboxAnswerer`` (the InfiniteStoriesSandbox module's
///   `StoryAnswerer` writes stories). Text answers stop at `max_completion_tokens`/`max_tokens` with
///   `finish_reason` `length`.
/// - `/v1/audio/speech` in `mp3` (the default) returns a valid MP3: an ID3 tag, then silent MPEG-1 Layer III
///   frames (44.1 kHz, 64 kbit/s, mono), about one second for every 15 characters of input.
/// - Image generation returns a valid 64×64 PNG avatar drawn from the prompt, as `b64_json` or `url`.
/// - Moderations flag inputs containing the trigger word `sandbox-unsafe` (in `violence`, or in the
///   category after a colon, as in `sandbox-unsafe:harassment`), and words starting with `kill`, `hurt` or
///   `attack` (in `violence`).
/// - `GET /v1/realtime?model=…` (and Azure's realtime routes) upgraded to WebSocket speaks the Realtime API: text
///   deltas, audio as a PCM16 tone with its transcript, function calls for `[sandbox-tools: …]`, `error` events.
/// - Started with a webhook URL, it delivers signed webhooks when background responses and batches end.
public final class Sandbox: Sendable {
    /// The port the server listens on.
    public let port: Int
    /// `http://127.0.0.1:<port>`, the host part to give an SDK as its base URL.
    public let baseURL: URL

    let state: SandboxState
    private let server: HTTPServer

    private init(server: HTTPServer, state: SandboxState) {
        self.server = server
        self.port = server.port
        self.state = state
        baseURL = URL(string: "http://127.0.0.1:\(port)")!
    }

    /// Starts a sandbox on `host`:`port` (0 picks a free port).
    ///
    /// - Parameters:
    ///   - requireAuthorization: answer 401 to requests without credentials, as the real APIs do.
    ///   - maxBodyBytes: a larger request body is answered 413 (in the provider's error shape) and its
    ///     connection closed.
    ///   - requestTimeout: a connection whose next request has not arrived whole this many seconds after it
    ///     opened (or after the previous response) is closed — slow or stalled clients don't hold it (0: never).
    ///     Longer than clients keep idle pooled connections (AsyncHTTPClient 60 s, libcurl 118 s), so the server
    ///     is never the side that closes a connection a client is about to reuse.
    ///   - webhookURL: where to deliver signed webhooks (`response.completed`/`incomplete`/`cancelled`, `batch.completed`/`failed`/
    ///     `cancelled`) when background responses and batches end; they then run to their end by themselves instead
    ///     of one step per poll. An `http` URL.
    ///   - webhookSecret: the `whsec_…` secret the webhooks are signed with (required with `webhookURL`; plain text
    ///     is used as its bytes). An empty one, a bare `whsec_` or a `whsec_` one that isn't base64 throws
    ///     ``SandboxError/invalidWebhookSecret``.
    ///   - answerer: an app's own answers to chat requests (see ``SandboxAnswerer``); nil: the generic ones only.
    public static func start(
        host: String = "127.0.0.1", port: Int = 0, requireAuthorization: Bool = true,
        maxBodyBytes: Int = 64 << 20, requestTimeout: TimeInterval = 300, webhookURL: URL? = nil, webhookSecret: String? = nil,
        answerer: (any SandboxAnswerer)? = nil
    ) async throws -> Sandbox {
        var webhooks: WebhookDelivery?
        if let webhookURL {
            guard let webhookSecret else { throw SandboxError.invalidWebhook("webhooks need a secret as well as a URL") }
            webhooks = try WebhookDelivery(url: webhookURL, secret: webhookSecret)
        }
        let state = SandboxState(
            requireAuthorization: requireAuthorization, maxBodyBytes: maxBodyBytes, requestTimeout: requestTimeout, webhooks: webhooks,
            answerer: answerer)
        let server: HTTPServer
        do {
            server = try await HTTPServer.start(
                host: host, port: port, limits: HTTPServer.Limits(maxBodyBytes: maxBodyBytes, requestTimeout: requestTimeout),
                responder: SandboxResponder(state: state), upgraders: { [RealtimeUpgrade.upgrader(state: state)] })
        } catch HTTPServerError.noPort {
            throw SandboxError.noPort
        }
        return Sandbox(server: server, state: state)
    }

    /// Starts a sandbox, runs `body` with it, and shuts the sandbox down afterwards, also when `body` throws.
    ///
    /// The parameters are those of ``start(host:port:requireAuthorization:maxBodyBytes:requestTimeout:webhookURL:webhookSecret:answerer:)``. An error from `body` is
    /// rethrown (a shutdown error is then ignored); after a successful `body`, a shutdown error is thrown.
    /// `body` runs on the caller's actor, so a main-actor test (an Xcode 26 app target's default) passes its
    /// closure as it is.
    ///
    /// ```swift
    /// let count = try await Sandbox.withRunning { sandbox in
    ///     // point a client at sandbox.baseURL, make requests...
    ///     sandbox.requests.count
    /// }
    /// ```
    public static func withRunning<T>(
        host: String = "127.0.0.1", port: Int = 0, requireAuthorization: Bool = true, webhookURL: URL? = nil,
        webhookSecret: String? = nil, answerer: (any SandboxAnswerer)? = nil, isolation: isolated (any Actor)? = #isolation,
        _ body: (Sandbox) async throws -> T
    ) async throws -> T {
        let sandbox = try await start(
            host: host, port: port, requireAuthorization: requireAuthorization, webhookURL: webhookURL, webhookSecret: webhookSecret,
            answerer: answerer)
        let result: T
        do {
            result = try await body(sandbox)
        } catch {
            try? await sandbox.shutdown()
            throw error
        }
        try await sandbox.shutdown()
        return result
    }

    /// The JSON of the chunk that ``SandboxBehavior/benchmarkStream(chunks:)`` repeats (for the benchmark's
    /// own decoding measurements).
    package static var benchmarkChunkJSON: String { OpenAIChat.benchmarkChunk }

    /// The bytes `/v1/audio/speech` returns for `input` in `format` (for tests comparing what a client got).
    package static func speechAudio(input: String, format: String = "mp3", speed: Double = 1) -> Data {
        Data(OpenAIAudio.speechBytes(input: input, format: format, speed: speed))
    }

    /// The PNG the image routes return for the `index`-th image made for `prompt` (nil for variations).
    package static func imagePNG(prompt: String?, index: Int = 0) -> Data {
        OpenAIImages.png(id: OpenAIImages.imageID(prompt: prompt, index: index))
    }

    /// Stops listening and closes the server socket.
    public func shutdown() async throws {
        try await server.shutdown()
    }

    /// Queues a behavior for the next request whose path ends with `path` (any request when nil).
    public func enqueue(_ behavior: SandboxBehavior, path: String? = nil) {
        state.enqueue(behavior, path: path)
    }

    /// Every request received so far, oldest first.
    public var requests: [RecordedRequest] { state.requests }

    /// The most recent request.
    public var lastRequest: RecordedRequest? { state.requests.last }

    /// Queues a behavior written as JSON or `key=value` pairs (see ``SandboxBehaviorSpec``), as many times as it says.
    public func enqueue(_ spec: SandboxBehaviorSpec) {
        for _ in 0..<spec.times { state.enqueue(spec.behavior, path: spec.path) }
    }

    /// Forgets the recorded requests and queued behaviors.
    public func reset() { state.reset() }

    /// The client events received on Realtime (WebSocket) sessions, oldest first: method `WS`, the event's JSON as
    /// the body. (The handshakes are in ``requests``, method `GET`.)
    public var realtimeEvents: [RecordedRequest] { state.receivedRealtimeEvents }

    /// The webhook deliveries tried so far, oldest first: the event id, its type and the endpoint's status (0: no
    /// answer). Retries of one event share its id.
    public var webhookDeliveries: [(eventID: String, type: String, status: Int)] {
        (state.webhooks?.log ?? []).map { ($0.eventID, $0.type, $0.status) }
    }

    /// How many WebSocket pings Realtime sessions have received (and answered).
    public var realtimePings: Int { state.realtimePingCount }

    /// The PCM16 audio (24 kHz mono) the Realtime route speaks for `transcript`, for tests comparing what a client got.
    package static func realtimeAudio(transcript: String) -> Data { RealtimeTone.pcm16(forTranscript: transcript) }

    /// How many client connections are open now.
    public var openConnections: Int { state.connectionCounts.open }

    /// How many client connections have been closed, by either side.
    public var closedConnections: Int { state.connectionCounts.closed }

    /// Waits until at least `count` connections have closed; returns false after `timeout` seconds.
    public func waitForClosedConnections(_ count: Int, timeout: TimeInterval = 5) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if closedConnections >= count { return true }
            try? await Task.sleep(nanoseconds: 5_000_000)
        }
        return closedConnections >= count
    }
}

/// Errors starting the sandbox.
public enum SandboxError: Error {
    /// The server socket was bound but reported no local port.
    case noPort
    /// A behavior written as JSON or `key=value` pairs could not be read; the text says why.
    case invalidBehavior(String)
    /// The webhook URL can't be used, or a URL came without a secret; the text says why.
    case invalidWebhook(String)
    /// The webhook secret is empty, a bare `whsec_`, or `whsec_` followed by something that isn't base64: its HMAC
    /// key would be empty (anyone could sign with it) or can't be read.
    case invalidWebhookSecret
}

extension SandboxError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .noPort: "the sandbox's socket reported no local port"
        case .invalidBehavior(let reason): "invalid sandbox behavior: \(reason)"
        case .invalidWebhook(let reason): "invalid sandbox webhook settings: \(reason)"
        case .invalidWebhookSecret:
            "invalid sandbox webhook secret: it is empty or malformed (expected whsec_ followed by base64, or non-empty text)"
        }
    }
}

/// The mutable state shared by the sandbox's connections.
/// `@unchecked Sendable`: every stored property is read and written under its `lock`.
final class SandboxState: @unchecked Sendable {
    struct ConnectionCounts {
        var open = 0
        var closed = 0
    }

    let requireAuthorization: Bool
    /// The largest request body taken; larger ones are answered 413.
    let maxBodyBytes: Int
    /// Seconds a connection has to deliver its next request whole (0: no limit).
    let requestTimeout: TimeInterval
    /// Anthropic batches, models and files.
    let anthropic = AnthropicResources()
    /// Stored OpenAI responses.
    let responses = OpenAIResponses()
    /// OpenAI files and uploads.
    let files = OpenAIFiles()
    /// OpenAI batches (over `files`).
    let batches: OpenAIBatches
    /// OpenAI fine-tuning jobs (over `files`).
    let fineTuning: OpenAIFineTuning
    /// OpenAI vector stores (over `files`).
    let vectorStores: OpenAIVectorStores
    /// OpenAI Assistants v2.
    let assistants = OpenAIAssistants()
    /// Realtime client secrets.
    let realtimeSecrets = RealtimeSecrets()
    private let lock = NSLock()
    private var recorded: [RecordedRequest] = []
    private var queued: [(path: String?, behavior: SandboxBehavior)] = []
    private var counts = ConnectionCounts()
    private var requestCounter = 0
    private var realtimeEvents: [RecordedRequest] = []
    private var realtimePings = 0
    private var areaStores: [ObjectIdentifier: any Sendable] = [:]

    /// Where webhooks go, when the sandbox was started with a webhook URL.
    let webhooks: WebhookDelivery?
    /// The app's own answers to chat requests, when one was registered.
    let answerer: (any SandboxAnswerer)?

    init(
        requireAuthorization: Bool, maxBodyBytes: Int = 64 << 20, requestTimeout: TimeInterval = 300, webhooks: WebhookDelivery? = nil,
        answerer: (any SandboxAnswerer)? = nil
    ) {
        self.answerer = answerer
        self.requireAuthorization = requireAuthorization
        self.maxBodyBytes = maxBodyBytes
        self.requestTimeout = requestTimeout
        self.webhooks = webhooks
        batches = OpenAIBatches(files: files, answerer: answerer)
        fineTuning = OpenAIFineTuning(files: files)
        vectorStores = OpenAIVectorStores(files: files)
        if let webhooks {
            let deliver: @Sendable (String, String) -> Void = { type, id in webhooks.deliver(type: type, resourceID: id) }
            responses.onFinished = deliver
            batches.onFinished = deliver
        }
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    func enqueue(_ behavior: SandboxBehavior, path: String?) {
        locked { queued.append((path, behavior)) }
    }

    var requests: [RecordedRequest] { locked { recorded } }

    /// The paths of the queued behaviors, oldest first (nil: any request).
    var queuedPaths: [String?] { locked { queued.map(\.path) } }

    func reset() {
        locked {
            recorded.removeAll()
            queued.removeAll()
            realtimeEvents.removeAll()
        }
    }

    /// Records `request`, returns the behavior queued for it and a fresh request id.
    func receive(_ request: RecordedRequest) -> (SandboxBehavior?, String) {
        locked {
            recorded.append(request)
            requestCounter += 1
            let id = "req_sandbox_\(requestCounter)"
            if let index = queued.firstIndex(where: { $0.path == nil || request.path.hasSuffix($0.path!) }) {
                return (queued.remove(at: index).behavior, id)
            }
            return (nil, id)
        }
    }

    var connectionCounts: ConnectionCounts { locked { counts } }

    /// The store of one API area (conversations, containers, evals…), made by `make` on first use; one per sandbox.
    /// An area keeps its state in its own file this way instead of another property here.
    func store<Store: Sendable>(_ type: Store.Type, make: () -> Store) -> Store {
        locked {
            if let existing = areaStores[ObjectIdentifier(type)] as? Store { return existing }
            let made = make()
            areaStores[ObjectIdentifier(type)] = made
            return made
        }
    }

    /// Whether a behavior is queued for `path` (without taking it).
    func hasQueuedBehavior(for path: String, where predicate: (SandboxBehavior) -> Bool) -> Bool {
        locked { queued.contains { ($0.path == nil || path.hasSuffix($0.path!)) && predicate($0.behavior) } }
    }

    /// Client events received on Realtime sessions, oldest first (method `WS`, the event JSON as body).
    var receivedRealtimeEvents: [RecordedRequest] { locked { realtimeEvents } }

    func recordRealtimeEvent(_ event: RecordedRequest) { locked { realtimeEvents.append(event) } }

    /// Pings received on Realtime sessions.
    var realtimePingCount: Int { locked { realtimePings } }

    func countRealtimePing() { locked { realtimePings += 1 } }

    func connectionOpened() { locked { counts.open += 1 } }

    func connectionClosed() {
        locked {
            counts.open -= 1
            counts.closed += 1
        }
    }
}
