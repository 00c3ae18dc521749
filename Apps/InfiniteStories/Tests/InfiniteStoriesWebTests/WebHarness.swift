import AISandbox
import Foundation
import Hummingbird
import HummingbirdTesting
import InfiniteStories
import InfiniteStoriesSandbox
import InfiniteStoriesStore
@testable import InfiniteStoriesWeb
import SwiftOpenAI

/// The web app as `serve --sandbox` runs it: the embedded AISandbox in-process and a fresh temporary library.
struct WebHarness: Sendable {
    let web: WebApp
    let library: StoryLibrary

    static func run(
        maxConcurrentGenerations: Int = 2, password: String? = nil, rejectedKey: Bool = false,
        behindTLSProxy: Bool = false, signInLimits: SignInLimits = .default, live: Bool = false,
        _ body: @Sendable (WebHarness, Browser) async throws -> Void
    ) async throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("infinite-stories-web-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // As `serve --sandbox` opens it: what the sandbox runs spend is recorded as simulated.
        let library = try StoryLibrary(folder: folder, simulated: true)
        try await Sandbox.withRunning(answerer: .stories) { sandbox in
            let sdk = OpenAIServiceFactory.service(
                apiKey: rejectedKey ? "" : "sk-sandbox", overrideBaseURL: sandbox.baseURL.absoluteString,
                retryPolicy: rejectedKey ? .none : .default)
            let web = WebApp(
                services: WebServices(
                    library: library, keyStorage: KeychainHelper(directory: folder.appendingPathComponent("keys")),
                    environment: [:], sandbox: true,
                    makeAssistant: { CustomEventAIAssistant(service: sdk, usage: $0.usage) }
                ) {
                    InfiniteStories.OpenAIService(service: sdk)
                },
                maxConcurrentGenerations: maxConcurrentGenerations, password: password, behindTLSProxy: behindTLSProxy,
                signInLimits: signInLimits)
            let app = try web.application(port: 0)
            let harness = WebHarness(web: web, library: library)
            // Live: a real server on 127.0.0.1 and an ephemeral port, for what the router tests can't send (their
            // requests always say `Host: localhost`).
            try await app.test(live ? .live : .router) { client in
                try await body(harness, Browser(client: client))
            }
            await web.jobs.drain()
        }
    }
}

/// A tiny browser over the test client: keeps the CSRF cookie and sends forms with its token.
final class Browser: @unchecked Sendable {
    let client: any TestClientProtocol
    private(set) var cookies: [String: String] = [:]
    var token: String? { cookies["is_csrf"] }
    private var cookieHeader: String? {
        cookies.isEmpty ? nil : cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
    }

    init(client: any TestClientProtocol) { self.client = client }

    @discardableResult
    func get(_ uri: String, headers: HTTPFields = [:]) async throws -> Page {
        var headers = headers
        if let cookieHeader { headers[.cookie] = cookieHeader }
        let response = try await client.execute(uri: uri, method: .get, headers: headers, body: nil)
        remember(response)
        return Page(response)
    }

    /// A HEAD request, with the cookies.
    func head(_ uri: String) async throws -> Page {
        var headers: HTTPFields = [:]
        if let cookieHeader { headers[.cookie] = cookieHeader }
        return Page(try await client.execute(uri: uri, method: .head, headers: headers, body: nil))
    }

    /// Posts a form, with the token unless `withToken` is false.
    @discardableResult
    func post(
        _ uri: String, _ fields: [(String, String)], withToken: Bool = true, headers extra: HTTPFields = [:]
    ) async throws -> Page {
        if token == nil { try await get("/") }
        var pairs = fields
        if withToken, let token { pairs.insert(("_csrf", token), at: 0) }
        let body = pairs.map { "\(encode($0.0))=\(encode($0.1))" }.joined(separator: "&")
        var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
        headers.append(contentsOf: extra)
        if let cookieHeader { headers[.cookie] = cookieHeader }
        let response = try await client.execute(
            uri: uri, method: .post, headers: headers, body: ByteBuffer(string: body))
        remember(response)
        return Page(response)
    }

    private func remember(_ response: HummingbirdTesting.TestResponse) {
        for value in response.headers[values: .setCookie] {
            let pair = value.prefix { $0 != ";" }.split(separator: "=", maxSplits: 1)
            if pair.count == 2 { cookies[String(pair[0])] = String(pair[1]) }
        }
    }

    private func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}

struct Page: Sendable {
    typealias Raw = HummingbirdTesting.TestResponse
    let status: HTTPResponse.Status
    let headers: HTTPFields
    let bytes: [UInt8]
    var text: String { String(decoding: bytes, as: UTF8.self) }
    var contentType: String { headers[.contentType] ?? "" }
    var location: String { headers[.location] ?? "" }

    init(_ raw: Raw) {
        status = raw.status
        headers = raw.headers
        bytes = Array(buffer: raw.body)
    }
}

