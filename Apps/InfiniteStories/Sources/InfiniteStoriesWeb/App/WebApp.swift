import Foundation
import HTTPTypes
import Hummingbird
import Logging
import ServiceLifecycle

/// The web app: its routes behind the host check, the password guard and the security headers, and the
/// generation jobs.
public struct WebApp: Sendable {
    let services: WebServices
    let jobs: JobRegistry
    /// When set, every page needs a session from the login page.
    let password: String?
    /// True when a TLS proxy fronts the app (`--behind-tls-proxy`): a non-loopback address is allowed, and
    /// every cookie is `Secure`.
    let behindTLSProxy: Bool
    /// The host names browsers use through the proxy (`--public-host`), accepted besides the loopback names.
    let publicHosts: [String]
    let sessions = Sessions()
    /// The custom event assistant's answers, and the image model's rewording of each avatar drawn: what a form's
    /// post produced, shown by the page it leads to.
    let assistedForms = Drafts<AssistantAnswer>()
    let drawnAvatars = Drafts<String>()
    let previews = VoicePreviews()
    let throttle: SignInThrottle
    let signInLimits: SignInLimits

    /// - Parameters:
    ///   - services: the library and the AI services.
    ///   - maxConcurrentGenerations: stories written at once; one more gets a "busy" page.
    ///   - password: when set, every page needs a session from the login page.
    ///   - behindTLSProxy: a TLS proxy fronts the app: a non-loopback address is allowed, cookies are `Secure`.
    ///   - publicHosts: the host names browsers use through the proxy.
    public init(
        services: WebServices, maxConcurrentGenerations: Int = 2, password: String? = nil, behindTLSProxy: Bool = false,
        publicHosts: [String] = []
    ) {
        self.init(
            services: services, maxConcurrentGenerations: maxConcurrentGenerations, password: password,
            behindTLSProxy: behindTLSProxy, publicHosts: publicHosts, signInLimits: .default)
    }

    /// The same, with other sign-in limits (tests move the throttle's clock).
    init(
        services: WebServices, maxConcurrentGenerations: Int = 2, password: String? = nil, behindTLSProxy: Bool = false,
        publicHosts: [String] = [], signInLimits: SignInLimits
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
    static func isLoopback(_ host: String) -> Bool {
        ["127.0.0.1", "::1", "localhost", "[::1]"].contains(host.lowercased()) || host.hasPrefix("127.")
    }

    /// True for the "every interface" addresses (0.0.0.0, ::), which no browser puts in `Host`.
    static func isWildcard(_ host: String) -> Bool {
        ["0.0.0.0", "::", "[::]", "*", ""].contains(host.lowercased())
    }

    /// Refuses what must not be served: a non-loopback address without a password, without a TLS proxy or
    /// without a public host name, and a weak password.
    func checkServable(host: String) throws {
        try Self.checkServable(host: host, password: password, behindTLSProxy: behindTLSProxy, publicHosts: publicHosts)
    }

    /// Throws ``WebServerError`` for what must not be served (the command line checks its options with it
    /// before there is an app): a non-loopback address without a password, without a TLS proxy or without a
    /// public host name, and a weak password.
    public static func checkServable(host: String, password: String?, behindTLSProxy: Bool, publicHosts: [String]) throws {
        if let password { try PasswordPolicy.check(password) }
        guard !isLoopback(host) else { return }
        guard password != nil else { throw WebServerError.passwordRequired(host: host) }
        guard behindTLSProxy else { throw WebServerError.tlsRequired(host: host) }
        guard !publicHosts.isEmpty else { throw WebServerError.publicHostRequired(host: host) }
    }

    /// The Hummingbird application, listening on `host:port`; the job registry runs beside it so that a
    /// graceful shutdown (SIGINT/SIGTERM) lets running generations finish saving. Throws ``WebServerError``
    /// as ``checkServable(host:password:behindTLSProxy:publicHosts:)`` does.
    ///
    /// - Parameter services: more services to run and stop with the app (a telemetry exporter).
    public func application(
        host: String = "127.0.0.1", port: Int = 8080, logger: Logger? = nil, services: [any Service] = [],
        onRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }
    ) throws -> some ApplicationProtocol {
        try checkServable(host: host)
        let hosts = AllowedHosts(host: host, port: port, publicHosts: publicHosts)
        var logger = logger ?? Logger(label: "infinite-stories.web")
        if logger.logLevel > .info { logger.logLevel = .info }
        return Application(
            router: router(hosts: hosts), configuration: .init(address: .hostname(host, port: port), serverName: "InfiniteStories"),
            services: [jobs] + services,
            onServerRunning: { channel in
                let bound = channel.localAddress?.port ?? port
                hosts.serverIsRunning(on: bound)
                await onRunning(bound)
            },
            logger: logger)
    }

    /// All routes, answering only requests for `hosts` (see ``AllowedHosts``); `HEAD` is answered like `GET`
    /// without the body.
    ///
    /// The middleware runs outside in: a span and the request metrics (for the tracer and metrics backend the
    /// program bootstrapped, if any; the SDK's model calls become children of the request's span), security
    /// headers (on every answer, errors included), the host check, the password guard, the static files (asked
    /// only when no route matched), then the visitor's context.
    func router(hosts: AllowedHosts) -> Router<WebRequestContext> {
        let router = Router(context: WebRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: TracingMiddleware())
        router.add(middleware: MetricsMiddleware())
        router.add(middleware: SecurityHeadersMiddleware(secureCookies: behindTLSProxy))
        router.add(middleware: HostGuardMiddleware(hosts: hosts))
        if password != nil {
            router.add(middleware: PasswordGuardMiddleware(sessions: sessions))
        }
        router.add(middleware: StaticFileProvider.middleware())
        router.add(middleware: VisitMiddleware(sandbox: services.sandbox))
        if let password {
            router.addRoutes(
                LoginRoutes(password: password, sessions: sessions, throttle: throttle, limits: signInLimits).collection)
        }
        router.addRoutes(LibraryRoutes(library: services.library).collection)
        router.addRoutes(StoryWritingRoutes(services: services, jobs: jobs, drafts: assistedForms).collection, atPath: "/stories")
        router.addRoutes(HeroRoutes(services: services, drawnAvatars: drawnAvatars).collection, atPath: "/heroes")
        router.addRoutes(ChildRoutes(library: services.library).collection, atPath: "/children")
        router.addRoutes(VoiceRoutes(services: services, previews: previews).collection)
        router.addRoutes(UsageRoutes(library: services.library).collection)
        router.addRoutes(SettingsRoutes(services: services).collection, atPath: "/settings")
        return router
    }
}
