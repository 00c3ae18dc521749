import AISandbox
import Foundation
import InfiniteStories
import InfiniteStoriesSandbox
import SwiftAITestSupport
import SwiftOpenAI
import Testing

@Suite("Errors")
struct ErrorTests {
    let request = StoryGenerationRequest(hero: luna, event: .bedtime, targetDuration: 60)

    func storyError(_ sandbox: Sandbox, _ stories: InfiniteStories.OpenAIService) async -> AIServiceError? {
        do {
            _ = try await stories.generateStory(request: request)
            return nil
        } catch {
            return error as? AIServiceError
        }
    }

    @Test("401 is invalidAPIKey")
    func unauthorized() async throws {
        try await withStories(settings: unmoderated) { sandbox, stories in
            sandbox.enqueue(.status(401, code: "invalid_api_key", message: "Incorrect API key provided: \(testAPIKey)."))
            let error = await storyError(sandbox, stories)
            guard case .invalidAPIKey = error else { Issue.record(Comment(rawValue: "got \(String(describing: error))")); return }
            #expect(sandbox.chatRequests.count == 1)
            #expect(error?.userMessage(language: "German") == "Bitte richte deinen OpenAI-API-Schlüssel in den Einstellungen ein")
        }
    }

    @Test("429 after the SDK's own retries is rateLimitExceeded (no second retry loop)")
    func rateLimited() async throws {
        try await withStories(settings: unmoderated, maxRetries: 2) { sandbox, stories in
            for _ in 0..<3 { sandbox.enqueue(.status(429, code: "rate_limit_exceeded", retryAfter: 0.01), path: "/chat/completions") }
            let error = await storyError(sandbox, stories)
            guard case .rateLimitExceeded = error else { Issue.record(Comment(rawValue: "got \(String(describing: error))")); return }
            #expect(sandbox.chatRequests.count == 3)
        }
    }

    @Test("5xx after retries is apiError with the server's message, status and request id")
    func serverError() async throws {
        try await withStories(settings: unmoderated, maxRetries: 1) { sandbox, stories in
            for _ in 0..<2 { sandbox.enqueue(.status(500, message: "The server had an error."), path: "/chat/completions") }
            let error = await storyError(sandbox, stories)
            guard case .apiError(let message) = error else { Issue.record(Comment(rawValue: "got \(String(describing: error))")); return }
            #expect(message.contains("The server had an error."))
            #expect(message.contains("HTTP 500"))
            #expect(message.contains("request id req_sandbox_"))
            #expect(sandbox.chatRequests.count == 2)
            #expect(error?.userMessage(language: "English").hasPrefix("An unexpected error occurred: The server had an error.") == true)
        }
    }

    @Test("an HTML error page is apiError describing it; an HTML page on a 200 stream is a broken connection")
    func htmlBody() async throws {
        try await withStories(settings: unmoderated, maxRetries: 0) { sandbox, stories in
            sandbox.enqueue(.raw(502, body: "<html><body><h1>502 Bad Gateway</h1></body></html>"), path: "/chat/completions")
            let error = await storyError(sandbox, stories)
            guard case .apiError(let message) = error else { Issue.record(Comment(rawValue: "got \(String(describing: error))")); return }
            #expect(message.contains("502 Bad Gateway"))

            // A captive portal's page instead of the event stream: the stream never properly starts.
            sandbox.enqueue(.raw(200, body: "<html><body>Sign in to the portal</body></html>"), path: "/chat/completions")
            let second = await storyError(sandbox, stories)
            guard case .networkError = second else { Issue.record(Comment(rawValue: "got \(String(describing: second))")); return }
        }
    }

    @Test("an HTML page with 200 on a plain call is invalidResponse")
    func htmlOnPlainCall() async throws {
        try await withSandbox(answerer: .stories) { sandbox in
            let sdk = OpenAIServiceFactory.service(apiKey: testAPIKey, overrideBaseURL: sandbox.baseURL.absoluteString, retryPolicy: .none)
            let assistant = CustomEventAIAssistant(service: sdk, settings: unmoderated)
            sandbox.enqueue(.raw(200, body: "<html><body>Sign in to the portal</body></html>"), path: "/chat/completions")
            await #expect {
                _ = try await assistant.makeTitle(from: "A picnic")
            } throws: { error in
                if case .invalidResponse = error as? AIServiceError { return true }
                return false
            }
        }
    }

    @Test("connection failures are networkError with the APIError reachable")
    func connectionRefused() async throws {
        let sdk = OpenAIServiceFactory.service(
            apiKey: testAPIKey, overrideBaseURL: "http://127.0.0.1:9", retryPolicy: .none)
        let stories = InfiniteStories.OpenAIService(service: sdk, settings: unmoderated)
        do {
            _ = try await stories.generateStory(request: request)
            Issue.record("expected a failure")
        } catch let error as AIServiceError {
            guard case .networkError = error else { Issue.record(Comment(rawValue: "got \(error)")); return }
            #expect(error.underlying?.kind == .connection)
            #expect(handleAIError(error) == "Network connection error. Please check your internet connection")
        }
    }

    @Test("every error has a message in each of the five languages, and keys never show")
    func messages() {
        let errors: [AIServiceError] = [
            .invalidAPIKey, .networkError(URLError(.notConnectedToInternet)), .invalidResponse, .apiError("boom"),
            .rateLimitExceeded, .imageGenerationFailed, .fileSystemError, .contentRejected("violence"),
        ]
        for language in SupportedLanguage.allCases {
            let texts = errors.map { $0.userMessage(language: language.rawValue) }
            #expect(Set(texts).count == errors.count, "\(language)")
            if language != .english {
                #expect(zip(texts, errors.map { $0.userMessage(language: "English") }).allSatisfy { $0 != $1 }, "\(language)")
            }
        }
        #expect(AIServiceError.rateLimitExceeded.userMessage(language: "English") == "API rate limit reached. Please try again in a few minutes")
        #expect(AIServiceError.invalidResponse.userMessage(language: "English") == "Received invalid response from AI service. Please try again")
        #expect(handleAIError(APIError(kind: .rateLimited, message: "slow down"), language: "Italian") == "Limite di utilizzo dell'API raggiunto. Riprova tra qualche minuto")
        let leaked = AIServiceError.from(APIError(kind: .badRequest, statusCode: 400, message: "Bad key \(testAPIKey) used"))
        guard case .apiError(let text) = leaked else { Issue.record("not apiError"); return }
        #expect(!text.contains(testAPIKey))
        #expect(text.contains("sk-proj-…6789"))
    }

    @Test("SDK error kinds map to the seed's cases")
    func mapping() {
        func mapped(_ kind: APIError.Kind, code: String? = nil) -> String {
            "\(AIServiceError.from(APIError(kind: kind, code: code, message: "m")))"
        }
        #expect(mapped(.authentication) == "invalidAPIKey")
        #expect(mapped(.rateLimited) == "rateLimitExceeded")
        #expect(mapped(.timeout).hasPrefix("networkError"))
        #expect(mapped(.connection).hasPrefix("networkError"))
        #expect(mapped(.decoding) == "invalidResponse")
        #expect(mapped(.invalidResponse) == "invalidResponse")
        #expect(mapped(.server).hasPrefix("apiError"))
        #expect(mapped(.badRequest, code: "content_policy_violation").hasPrefix("contentRejected"))
    }
}
