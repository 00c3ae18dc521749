import Foundation
import HTTPTypes

/// Sees, and may amend, every request a service sends; sees every response head and every call's final error.
///
/// Interceptors are how an app adds a header to every call, signs a body, logs or audits requests in one place,
/// or counts responses by status. Give a service its interceptors with the factory's `interceptors:` parameter, or
/// one call more with ``RequestOptions/interceptors``.
///
/// **Order.** ``prepare(_:)`` runs for the service's interceptors in the order given, then for the call's; then
/// ``received(_:for:)`` and ``failed(_:for:)`` run in the reverse order. The first interceptor is the outermost, as
/// in a middleware chain: it prepares first and hears last.
///
/// **When.** `prepare` runs before every attempt, retries included, after the service has set its own headers
/// (credentials, refreshed tokens, the trace context), so an interceptor sees what goes on the wire and may replace
/// any of it. `received` runs for every response head, the failed attempts' included (a 429 that is retried is
/// seen, then the success): for a plain call once its body has been read, for a stream before its body. `failed`
/// runs once, with the error the call throws (a stream's too when it fails after its head). A WebSocket handshake
/// (Realtime) is prepared like any request; its `received` sees the 101 that opens the session.
///
/// An error thrown by `prepare` ends the call at once, without retries: an ``APIError`` as it is, anything else as
/// `.invalidRequest` naming it.
public protocol AIInterceptor: Sendable {
    /// Called before each attempt is sent; may change the headers and the body.
    func prepare(_ request: inout AIInterceptedRequest) async throws
    /// Called with every attempt's response head (see the order and timing above).
    func received(_ response: HTTPResponseMetadata, for request: AIInterceptedRequest) async
    /// Called once when the call fails for good, with the error it throws.
    func failed(_ error: APIError, for request: AIInterceptedRequest) async
}

extension AIInterceptor {
    public func prepare(_ request: inout AIInterceptedRequest) async throws {}
    public func received(_ response: HTTPResponseMetadata, for request: AIInterceptedRequest) async {}
    public func failed(_ error: APIError, for request: AIInterceptedRequest) async {}
}

/// An interceptor made of closures, for hooks that don't need a type of their own.
///
/// ```swift
/// let service = OpenAIServiceFactory.service(apiKey: key, interceptors: [
///     AIRequestHooks(prepare: { $0.headers[HTTPField.Name("X-Tenant")!] = tenant }),
/// ])
/// ```
public struct AIRequestHooks: AIInterceptor {
    private let onPrepare: (@Sendable (inout AIInterceptedRequest) async throws -> Void)?
    private let onReceived: (@Sendable (HTTPResponseMetadata, AIInterceptedRequest) async -> Void)?
    private let onFailed: (@Sendable (APIError, AIInterceptedRequest) async -> Void)?

    public init(
        prepare: (@Sendable (inout AIInterceptedRequest) async throws -> Void)? = nil,
        received: (@Sendable (HTTPResponseMetadata, AIInterceptedRequest) async -> Void)? = nil,
        failed: (@Sendable (APIError, AIInterceptedRequest) async -> Void)? = nil
    ) {
        onPrepare = prepare
        onReceived = received
        onFailed = failed
    }

    public func prepare(_ request: inout AIInterceptedRequest) async throws { try await onPrepare?(&request) }
    public func received(_ response: HTTPResponseMetadata, for request: AIInterceptedRequest) async {
        await onReceived?(response, request)
    }
    public func failed(_ error: APIError, for request: AIInterceptedRequest) async { await onFailed?(error, request) }
}

/// One attempt of a request, as interceptors see it.
///
/// Its headers hold the service's credentials: they are on the wire anyway, and an interceptor may need to replace
/// them. Its `description` redacts them, so logging the request as a whole is safe.
public struct AIInterceptedRequest: Sendable {
    public let method: HTTPRequest.Method
    /// The full URL, query included.
    public let url: URL
    public var headers: HTTPFields
    /// The body as it will be sent (JSON, or a multipart form); nil for requests without one.
    public var body: Data?
    /// 1 for the first attempt, 2 for the first retry, and so on.
    public let attempt: Int
    /// What the call does, in a few bounded words: the generative-AI operation (`chat`, `embeddings`,
    /// `text_completion`, `generate_content`) or the API resource (`files`, `vector_stores`, `batches`).
    public let operation: String

    package init(
        method: HTTPRequest.Method, url: URL, headers: HTTPFields, body: Data?, attempt: Int, operation: String
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.attempt = attempt
        self.operation = operation
    }
}

extension AIInterceptedRequest: CustomStringConvertible {
    public var description: String {
        "\(method) \(url.absoluteString) attempt \(attempt) [\(HeaderRedaction.describe(headers))]"
            + (body.map { " body: \($0.count) bytes" } ?? "")
    }
}

/// `dump()` and debuggers show the description's fields, never the credential headers.
extension AIInterceptedRequest: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "method": method, "url": url, "headers": "[\(HeaderRedaction.describe(headers))]",
                "body": body.map { "\($0.count) bytes" } ?? "none", "attempt": attempt, "operation": operation,
            ], displayStyle: .struct)
    }
}
