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
    /// The password breaks ``PasswordPolicy``; the reason never repeats the password.
    case weakPassword(String)
    /// Not on loopback, and no TLS proxy said to front the app: the API key typed into Settings and the
    /// password would cross the network in clear.
    case tlsRequired(host: String)
    /// Not on loopback, and no `--public-host`: the host check would have no name to accept.
    case publicHostRequired(host: String)

    public var description: String {
        switch self {
        case .passwordRequired(let host):
            "Refusing to listen on \(host) without a password: give --password-file PATH or set "
                + "INFINITE_STORIES_PASSWORD, or keep the default 127.0.0.1."
        case .weakPassword(let reason):
            "Refusing a weak password (\(reason)): use at least \(PasswordPolicy.minimumLength) characters, "
                + "at least \(PasswordPolicy.minimumDistinctCharacters) of them different, not only spaces."
        case .tlsRequired(let host):
            "Refusing to listen on \(host) without TLS: the password and the OpenAI key typed into Settings would "
                + "cross the network in clear. Put a TLS proxy (Caddy, nginx) in front and pass --behind-tls-proxy, "
                + "or keep the default 127.0.0.1."
        case .publicHostRequired(let host):
            "Listening on \(host) needs --public-host NAME: the host name browsers use to reach the app through "
                + "its TLS proxy (requests for other names are refused, against DNS rebinding)."
        }
    }
}

/// The web app: router, security headers, jobs.
public struct WebApp: Sendable {
    public let services: WebServices
    public let jobs: JobRegistry
    /// When set, every page needs a session from the login page.
    public let password: String?
    /// True when a TLS proxy fronts the app (`--behind-tls-proxy`): a non-loopback address is allowed, and
    /// every cookie is `Secure`.
    public let behindTLSProxy: Bool
    /// The host names browsers use through the proxy (`--public-host`), accepted besides the loopback names.
    public let publicHosts: [String]
    let sessions = Sessions()
    let throttle: SignInThrottle
    let signInLimits: SignInLimits

    public init(
        services: WebServices, maxConcurrentGenerations: Int = 2, password: String? = nil, behindTLSProxy: Bool = false,
        publicHosts: [String] = [], signInLimits: SignInLimits = .default
    ) {
        self.services = services
        jobs = JobRegistry(limit: maxConcurrentGenerations)
        self.password = password.flatMap { $0.isEmpty ? nil : $0 }
        self.behindTLSProxy = behindTLSProxy
        self.publicHosts = publicHosts
        self.signInLimits = signInLimits
        throttle = SignInThrottle(limits: signInLimits)
    }

    /// True for addresses only this machine can reach.
    public static func isLoopback(_ host: String) -> Bool {
        ["127.0.0.1", "::1", "localhost", "[::1]"].contains(host.lowercased()) || host.hasPrefix("127.")
    }

    /// True for the "every interface" addresses (0.0.0.0, ::), which no browser puts in `Host`.
    static func isWildcard(_ host: String) -> Bool {
        ["0.0.0.0", "::", "[::]", "*", ""].contains(host.lowercased())
    }

    /// Refuses what must not be served: a non-loopback address without a password, without a TLS proxy or
    /// without a public host name, and a weak password.
    public func checkServable(host: String) throws {
        try Self.checkServable(host: host, password: password, behindTLSProxy: behindTLSProxy, publicHosts: publicHosts)
    }

    /// ``checkServable(host:)`` before there is an app (the command line checks its options with it).
    public static func checkServable(host: String, password: String?, behindTLSProxy: Bool, publicHosts: [String]) throws {
        if let password { try PasswordPolicy.check(password) }
        guard !isLoopback(host) else { return }
        guard password != nil else { throw WebServerError.passwordRequired(host: host) }
        guard behindTLSProxy else { throw WebServerError.tlsRequired(host: host) }
        guard !publicHosts.isEmpty else { throw WebServerError.publicHostRequired(host: host) }
    }

    /// The Hummingbird application, listening on `host:port`; the job registry runs beside it so that a
    /// graceful shutdown (SIGINT/SIGTERM) lets running generations finish saving.
    public func application(
        host: String = "127.0.0.1", port: Int = 8080, logger: Logger? = nil,
        onRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }
    ) throws -> some ApplicationProtocol {
        try checkServable(host: host)
        let hosts = AllowedHosts(host: host, port: port, publicHosts: publicHosts)
        var logger = logger ?? Logger(label: "infinite-stories.web")
        if logger.logLevel > .info { logger.logLevel = .info }
        return Application(
            router: router(hosts: hosts), configuration: .init(address: .hostname(host, port: port), serverName: "InfiniteStories"),
            services: [jobs],
            onServerRunning: { channel in
                let bound = channel.localAddress?.port ?? port
                hosts.serverIsRunning(on: bound)
                await onRunning(bound)
            },
            logger: logger)
    }

    /// All routes, answering only requests for `hosts` (see ``AllowedHosts``); `HEAD` is answered like `GET`
    /// without the body.
    public func router(hosts: AllowedHosts) -> Router<WebRequestContext> {
        let router = Router(context: WebRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: SecurityHeadersMiddleware(secureCookies: behindTLSProxy))
        router.add(middleware: HostGuardMiddleware(hosts: hosts))
        if let password {
            router.add(middleware: PasswordGuardMiddleware(sessions: sessions))
            registerLogin(on: router, password: password)
        }
        let pages = Pages(services: services, jobs: jobs)
        pages.register(on: router)
        return router
    }
}

/// Content-Security-Policy and friends on every answer: no inline script, nothing from elsewhere; behind a TLS
/// proxy every cookie also gets `Secure`, so a browser never sends the session over plain HTTP.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    var secureCookies = false

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
        if secureCookies {
            let cookies = response.headers[values: .setCookie]
            if !cookies.isEmpty {
                response.headers[values: .setCookie] = cookies.map { cookie in
                    cookie.lowercased().contains("; secure") ? cookie : cookie + "; Secure"
                }
            }
        }
        return response
    }
}
