import Foundation
import HTTPTypes
import Hummingbird
import InfiniteStories
import InfiniteStoriesStore
import Logging
import ServiceLifecycle

/// What the web app works with: the library, and a fresh story service per generation (so each job's usage is
/// recorded once).
public struct WebServices: Sendable {
    public var library: StoryLibrary
    public var makeStoryService: @Sendable () -> InfiniteStories.OpenAIService
    /// Where the Settings page saves the OpenAI key (the CLI's `key set` storage).
    public var keyStorage: KeychainHelper
    /// The environment the key may come from (`OPENAI_API_KEY` wins over the saved key).
    public var environment: [String: String]
    /// True with `--sandbox`: the key is not used.
    public var sandbox: Bool
    /// The custom event assistant, counting its usage with the given story service's; nil hides its buttons.
    public var makeAssistant: (@Sendable (InfiniteStories.OpenAIService) -> CustomEventAIAssistant)?

    public init(
        library: StoryLibrary, keyStorage: KeychainHelper = .shared,
        environment: [String: String] = ProcessInfo.processInfo.environment, sandbox: Bool = false,
        makeAssistant: (@Sendable (InfiniteStories.OpenAIService) -> CustomEventAIAssistant)? = nil,
        makeStoryService: @escaping @Sendable () -> InfiniteStories.OpenAIService
    ) {
        self.makeAssistant = makeAssistant
        self.library = library
        self.makeStoryService = makeStoryService
        self.keyStorage = keyStorage
        self.environment = environment
        self.sandbox = sandbox
    }
}

/// Errors `serve` reports before it starts.
public enum WebServerError: Error, CustomStringConvertible, Equatable {
    case passwordRequired(host: String)

    public var description: String {
        switch self {
        case .passwordRequired(let host):
            "Refusing to listen on \(host) without a password: give --password-file PATH or set "
                + "INFINITE_STORIES_PASSWORD, or keep the default 127.0.0.1."
        }
    }
}

/// The web app: router, security headers, jobs.
public struct WebApp: Sendable {
    public let services: WebServices
    public let jobs: JobRegistry
    /// When set, every page needs a session from the login page.
    public let password: String?
    let sessions = Sessions()

    public init(services: WebServices, maxConcurrentGenerations: Int = 2, password: String? = nil) {
        self.services = services
        jobs = JobRegistry(limit: maxConcurrentGenerations)
        self.password = password.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// True for addresses only this machine can reach.
    public static func isLoopback(_ host: String) -> Bool {
        ["127.0.0.1", "::1", "localhost", "[::1]"].contains(host.lowercased()) || host.hasPrefix("127.")
    }

    /// The Hummingbird application, listening on `host:port`; the job registry runs beside it so that a
    /// graceful shutdown (SIGINT/SIGTERM) lets running generations finish saving.
    public func application(
        host: String = "127.0.0.1", port: Int = 8080, logger: Logger? = nil,
        onRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }
    ) throws -> some ApplicationProtocol {
        guard Self.isLoopback(host) || password != nil else { throw WebServerError.passwordRequired(host: host) }
        var logger = logger ?? Logger(label: "infinite-stories.web")
        if logger.logLevel > .info { logger.logLevel = .info }
        return Application(
            router: router(), configuration: .init(address: .hostname(host, port: port), serverName: "InfiniteStories"),
            services: [jobs],
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) },
            logger: logger)
    }

    /// All routes.
    public func router() -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: SecurityHeadersMiddleware())
        if let password {
            router.add(middleware: PasswordGuardMiddleware(sessions: sessions))
            registerLogin(on: router, password: password, sessions: sessions)
        }
        let pages = Pages(services: services, jobs: jobs)
        pages.register(on: router)
        return router
    }
}

/// Content-Security-Policy and friends on every answer: no inline script, nothing from elsewhere.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as HTTPError {
            response = Response(
                status: error.status, headers: [.contentType: "text/plain; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: error.body ?? error.status.reasonPhrase)))
        }
        response.headers[HTTPField.Name("Content-Security-Policy")!] = "default-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
        response.headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        response.headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        return response
    }
}
