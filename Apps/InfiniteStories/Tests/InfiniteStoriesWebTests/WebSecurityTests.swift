import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InfiniteStoriesStore
@testable import InfiniteStoriesWeb
import Testing

/// The web app's defences: host names (DNS rebinding), password strength, sign-in throttle, sign-out, TLS, HEAD.
@Suite("Web security")
struct WebSecurityTests {
    /// A clock a test moves by hand, so a 15-minute lockout ends without waiting.
    final class ManualClock: @unchecked Sendable {
        private let lock = NSLock()
        private var current = ContinuousClock.now

        var now: ContinuousClock.Instant { lock.withLock { current } }

        func advance(_ duration: Duration) { lock.withLock { current += duration } }
    }

    private func limits(perClient: Int = 3, overall: Int = 100, clock: ManualClock) -> SignInLimits {
        var limits = SignInLimits()
        limits.failuresPerClient = perClient
        limits.failuresOverall = overall
        limits.failureDelay = .zero
        limits.now = { clock.now }
        return limits
    }

    private func services() throws -> WebServices {
        let library = try StoryLibrary(folder: FileManager.default.temporaryDirectory
            .appendingPathComponent("infinite-stories-web-\(UUID().uuidString)"))
        return WebServices(library: library) { fatalError("no AI here") }
    }

    // MARK: a. Host names

    @Test("On a real server a request for another host name or port gets 421 and a short page; the loopback names pass")
    func foreignHostRefused() async throws {
        try await WebHarness.run(live: true) { harness, browser in
            let port = try #require(browser.client.port)
            try await TestClient.withClient(host: "127.0.0.1", port: port) { client in
                func get(_ authority: String, _ headers: HTTPFields = [:]) async throws -> TestClient.Response {
                    try await client.execute(TestClient.Request("/", method: .get, authority: authority, headers: headers))
                }
                for name in ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)", "LOCALHOST.:\(port)"] {
                    #expect(try await get(name).head.status == .ok, "\(name)")
                }
                let page = try await get("rebind.attacker.example:\(port)")
                #expect(page.head.status == .misdirectedRequest)
                let text = page.body.map { String(buffer: $0) } ?? ""
                #expect(page.head.headerFields[.contentType] == "text/html; charset=utf-8" && text.contains("Wrong address"))
                #expect(page.head.headerFields[values: .setCookie].isEmpty, "no CSRF cookie for a foreign page")
                #expect(try await get("127.0.0.1:\(port + 1)").head.status == .misdirectedRequest, "another port")
                let spanish = try await get("127.0.0.1.nip.io:\(port)", [.acceptLanguage: "es"])
                #expect(spanish.head.status == .misdirectedRequest)
                #expect(spanish.body.map { String(buffer: $0) }?.contains("Dirección equivocada") == true)
                // The attack's point is to act: a form post for a foreign name is refused before anything runs.
                let post = try await client.execute(TestClient.Request(
                    "/heroes", method: .post, authority: "rebind.attacker.example:\(port)",
                    headers: [.contentType: "application/x-www-form-urlencoded"], body: ByteBuffer(string: "name=Mallory")))
                #expect(post.head.status == .misdirectedRequest)
            }
            #expect(try await harness.library.hero(named: "Mallory") == nil)
        }
    }

    @Test("Allowed hosts: loopback names and the bound address with the bound port, public names with any port")
    func allowedHosts() {
        let local = AllowedHosts(host: "127.0.0.1", port: 8080)
        for allowed in ["127.0.0.1:8080", "localhost:8080", "[::1]:8080", "LocalHost.:8080"] {
            #expect(local.allows(allowed), "\(allowed)")
        }
        for refused in [
            "127.0.0.1:9090", "localhost", "evil.example:8080", "localhost.evil.example:8080", "[::1", "[::1]x",
            "user@localhost:8080", "localhost:80a", "", "127.0.0.1:99999",
        ] {
            #expect(!local.allows(refused), "\(refused)")
        }
        let proxied = AllowedHosts(host: "0.0.0.0", port: 8080, publicHosts: ["Stories.Example.org"])
        #expect(proxied.allows("stories.example.org") && proxied.allows("stories.example.org:443"))
        #expect(proxied.allows("127.0.0.1:8080") && !proxied.allows("0.0.0.0:8080") && !proxied.allows("other.example.org"))
        let lan = AllowedHosts(host: "192.168.1.5", port: 80)
        #expect(lan.allows("192.168.1.5") && lan.allows("192.168.1.5:80") && !lan.allows("192.168.1.6"))
        let ephemeral = AllowedHosts(host: "127.0.0.1", port: 0)
        #expect(ephemeral.allows("127.0.0.1:50123") && !ephemeral.allows("evil.example:50123"))
        ephemeral.serverIsRunning(on: 50123)
        #expect(ephemeral.allows("127.0.0.1:50123") && !ephemeral.allows("127.0.0.1:50124"))
    }

    // MARK: b. Password strength

    @Test("A weak password is refused at startup with a message that does not repeat it")
    func weakPasswords() throws {
        for weak in ["  ", "x", "shortpass", "aaaaaaaaaaaaaaa", "abababababab", "          \t "] {
            #expect(throws: WebServerError.self, "\(weak)") { try PasswordPolicy.check(weak) }
        }
        for strong in ["open sesame", "correct horse battery"] { try PasswordPolicy.check(strong) }
        let error = try #require(throws: WebServerError.self) {
            _ = try WebApp(services: services(), password: "  ").application(port: 0)
        }
        #expect(error.description.contains("at least 10 characters"))
        let short = try #require(throws: WebServerError.self) {
            _ = try WebApp(services: services(), password: "hunter2!").application(port: 0)
        }
        #expect(!short.description.contains("hunter2!"))
    }

    // MARK: c. Throttle

    @Test("Wrong passwords lock the address out with 429 and Retry-After, even for the right one, until the lockout ends")
    func lockout() async throws {
        let clock = ManualClock()
        try await WebHarness.run(password: "open sesame", signInLimits: limits(clock: clock)) { _, browser in
            try await browser.get("/login")
            for _ in 0..<3 {
                #expect(try await browser.post("/login", [("password", "guess")]).status == .unauthorized)
            }
            let locked = try await browser.post("/login", [("password", "open sesame")])
            #expect(locked.status == .tooManyRequests)
            #expect(locked.headers[.retryAfter] == "900")
            #expect(locked.text.contains("Too many wrong passwords") && locked.text.contains("15 min"))
            clock.advance(.seconds(600))
            #expect(try await browser.post("/login", [("password", "open sesame")]).headers[.retryAfter] == "300")
            clock.advance(.seconds(301))
            #expect(try await browser.post("/login", [("password", "open sesame")]).status == .seeOther)
        }
    }

    @Test("20 parallel guesses: only the allowed number is even checked, the rest get 429")
    func parallelGuesses() async throws {
        let clock = ManualClock()
        try await WebHarness.run(password: "open sesame", signInLimits: limits(perClient: 5, clock: clock)) { _, browser in
            try await browser.get("/login")
            let token = try #require(browser.token)
            let client = browser.client
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for guess in 0..<20 {
                    group.addTask {
                        try await client.execute(
                            uri: "/login", method: .post,
                            headers: [.contentType: "application/x-www-form-urlencoded", .cookie: "is_csrf=\(token)"],
                            body: ByteBuffer(string: "_csrf=\(token)&password=guess\(guess)")
                        ).status
                    }
                }
                return try await group.reduce(into: [HTTPResponse.Status]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .unauthorized }.count == 5)
            #expect(statuses.filter { $0 == .tooManyRequests }.count == 15)
        }
    }

    @Test("Failures from many addresses together lock everyone out; a success forgets the address's failures")
    func overallLimit() async {
        let clock = ManualClock()
        let throttle = SignInThrottle(limits: limits(perClient: 3, overall: 4, clock: clock))
        #expect(await throttle.attempt(from: "a", correct: false) == .wrongPassword)
        #expect(await throttle.attempt(from: "a", correct: false) == .wrongPassword)
        #expect(await throttle.attempt(from: "a", correct: true) == .signedIn)
        #expect(await throttle.attempt(from: "a", correct: false) == .wrongPassword, "the count started over")
        #expect(await throttle.attempt(from: "b", correct: false) == .wrongPassword, "the fourth failure overall")
        #expect(await throttle.attempt(from: "c", correct: true) == .lockedOut(retryAfter: 900), "four failures overall")
        clock.advance(.seconds(901))
        #expect(await throttle.attempt(from: "c", correct: true) == .signedIn)
        // Failures older than the window no longer count.
        #expect(await throttle.attempt(from: "d", correct: false) == .wrongPassword)
        #expect(await throttle.attempt(from: "d", correct: false) == .wrongPassword)
        clock.advance(.seconds(15 * 60 + 1))
        #expect(await throttle.attempt(from: "d", correct: false) == .wrongPassword)
        #expect(await throttle.attempt(from: "d", correct: true) == .signedIn)
    }

    // MARK: d. Sign-out

    @Test("Signing out needs the CSRF token, ends the session on the server and drops the cookie")
    func signOut() async throws {
        try await WebHarness.run(password: "open sesame") { _, browser in
            try await browser.get("/login")
            #expect(try await browser.post("/login", [("password", "open sesame")]).status == .seeOther)
            let home = try await browser.get("/")
            #expect(home.status == .ok)
            #expect(home.text.contains(#"action="/logout""#) && home.text.contains("Sign out"))
            #expect(try await browser.get("/?lang=de").text.contains("Abmelden"))
            #expect(try await browser.post("/logout", [], withToken: false).status == .forbidden)
            #expect(try await browser.get("/").status == .ok, "still signed in")
            let out = try await browser.post("/logout", [])
            #expect(out.status == .seeOther && out.location == "/login")
            let cleared = try #require(out.headers[values: .setCookie].first { $0.hasPrefix("is_session=") })
            #expect(cleared.hasPrefix("is_session=;") && cleared.contains("Max-Age=0"))
            // The browser here keeps the old cookie: the server must have forgotten the session.
            #expect(browser.cookies["is_session"]?.isEmpty == false)
            #expect(try await browser.get("/").location == "/login")
        }
    }

    @Test("Without a password there is no sign-out button")
    func noSignOutWithoutPassword() async throws {
        try await WebHarness.run { _, browser in
            let page = try await browser.get("/")
            #expect(page.status == .ok && !page.text.contains("/logout"))
        }
    }

    // MARK: e. TLS

    @Test("A non-loopback address needs a TLS proxy and a public host name; behind the proxy every cookie is Secure")
    func tlsRequired() async throws {
        #expect(throws: WebServerError.tlsRequired(host: "0.0.0.0")) {
            _ = try WebApp(services: services(), password: "open sesame").application(host: "0.0.0.0", port: 0)
        }
        #expect(throws: WebServerError.publicHostRequired(host: "192.168.1.5")) {
            _ = try WebApp(services: services(), password: "open sesame", behindTLSProxy: true)
                .application(host: "192.168.1.5", port: 0)
        }
        try await WebHarness.run(password: "open sesame", behindTLSProxy: true) { _, browser in
            let login = try await browser.get("/login")
            let csrf = try #require(login.headers[values: .setCookie].first { $0.hasPrefix("is_csrf=") })
            #expect(csrf.hasSuffix("; Secure"))
            let signedIn = try await browser.post("/login", [("password", "open sesame")])
            #expect(signedIn.headers[values: .setCookie].allSatisfy { $0.hasSuffix("; Secure") })
        }
        try await WebHarness.run { _, browser in
            let page = try await browser.get("/")
            #expect(!page.headers[values: .setCookie].isEmpty)
            #expect(page.headers[values: .setCookie].allSatisfy { !$0.contains("Secure") })
        }
    }

    // MARK: f. HEAD

    @Test("HEAD answers like GET without the body")
    func head() async throws {
        try await WebHarness.run { _, browser in
            for path in ["/", "/heroes", "/static/app.css", "/favicon.ico", "/settings"] {
                let get = try await browser.get(path)
                let head = try await browser.head(path)
                #expect(head.status == get.status && head.status == .ok, "\(path)")
                #expect(head.contentType == get.contentType, "\(path)")
                #expect(head.bytes.isEmpty, "\(path)")
            }
            #expect(try await browser.head("/no/such/page").status == .notFound)
        }
        try await WebHarness.run(password: "open sesame") { _, browser in
            let head = try await browser.head("/")
            #expect(head.status == .seeOther && head.location == "/login")
            #expect(try await browser.head("/login").status == .ok)
        }
    }
}
