import AICore
import AISandbox
import Foundation
import InfiniteStories
import InfiniteStoriesSandbox
import Logging
import SwiftAITestSupport
import SwiftOpenAI

/// The key the tests give the SDK (the sandbox only checks that one is sent).
let testAPIKey = "sk-proj-TESTKEYabcdefghijklmnopqrstuvwxyz0123456789"

/// A word the sandbox's moderations endpoint flags (its documented trigger word, see Sources/AISandbox/OpenAI/OpenAIModerations.swift).
let flaggedWord = "sandbox-unsafe"

/// Runs `body` with a fresh sandbox, an SDK service pointed at it (fast retries) and a story service on it.
func withStories<T>(
    settings: StorySettings = .default, maxRetries: Int = 2, usage: APIUsageTracker = APIUsageTracker(),
    cache: StoryCache? = nil, narrationCache: NarrationCache = NarrationCache(), logs: CapturingLogHandler? = nil,
    _ body: (Sandbox, InfiniteStories.OpenAIService) async throws -> T
) async throws -> T {
    try await withSandbox(answerer: .stories) { sandbox in
        let logger = logs.map { handler in Logger(label: "test", factory: { _ in handler }) } ?? Logger(label: "test")
        let sdk = OpenAIServiceFactory.service(
            apiKey: testAPIKey, overrideBaseURL: sandbox.baseURL.absoluteString,
            retryPolicy: RetryPolicy(maxRetries: maxRetries, initialDelay: 0.01, maxDelay: 0.05), streamIdleTimeout: 30, logger: logger)
        let stories = InfiniteStories.OpenAIService(
            service: sdk, settings: settings, usage: usage, cache: cache, narrationCache: narrationCache, logger: logger)
        return try await body(sandbox, stories)
    }
}

/// Settings without moderation, for tests about one endpoint.
var unmoderated: StorySettings {
    var settings = StorySettings.default
    settings.moderation = false
    return settings
}

extension Sandbox {
    /// The recorded requests whose path ends with `suffix`.
    func requests(to suffix: String) -> [RecordedRequest] {
        requests.filter { $0.path.hasSuffix(suffix) }
    }

    var chatRequests: [RecordedRequest] { requests(to: "/chat/completions") }
    var moderationRequests: [RecordedRequest] { requests(to: "/moderations") }
    var speechRequests: [RecordedRequest] { requests(to: "/audio/speech") }
}

extension RecordedRequest {
    /// The chat request's messages as (role, content) pairs.
    var chatMessages: [(role: String, content: String)] {
        (json?["messages"] as? [[String: Any]] ?? []).map { ($0["role"] as? String ?? "", $0["content"] as? String ?? "") }
    }
}

/// A hero with every field filled in.
let luna = Hero(name: "Luna", traits: ["brave", "curious"], appearance: "curly red hair", specialAbility: "talks to owls")

/// A chat stream body (server-sent events) whose content is `text`, cut into chunks of a few words.
func chatStreamBody(_ text: String, model: String = "gpt-4o") -> String {
    var events: [String] = []
    func event(_ delta: String, finish: String?) -> String {
        let content = (try? String(data: JSONEncoder().encode(delta), encoding: .utf8)) ?? "\"\""
        let reason = finish.map { "\"\($0)\"" } ?? "null"
        return #"data: {"id":"chatcmpl-raw","object":"chat.completion.chunk","created":1,"model":"\#(model)","choices":[{"index":0,"delta":{"content":\#(content)},"finish_reason":\#(reason)}]}"#
    }
    var words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    while !words.isEmpty {
        let piece = words.prefix(4).joined(separator: " ")
        words.removeFirst(min(4, words.count))
        events.append(event(words.isEmpty ? piece : piece + " ", finish: nil))
    }
    events.append(event("", finish: "stop"))
    events.append("data: [DONE]")
    return events.joined(separator: "\n\n") + "\n\n"
}

/// `data` re-encoded with sorted keys, to compare JSON bodies regardless of key order.
func canonicalJSON(_ data: Data) throws -> Data {
    try JSONSerialization.data(withJSONObject: JSONSerialization.jsonObject(with: data), options: [.sortedKeys])
}
