import AISandbox
import Foundation
import Testing

@testable import SwiftOpenAI

@Suite("Streamed chat")
struct StreamingChatTests {
    private let prompt = "Stream this sentence with émojis 😀 and more words"

    private func parameters(includeUsage: Bool = true) -> ChatCompletionParameters {
        ChatCompletionParameters(
            messages: [userMessage(prompt)], model: .gpt4oMini, streamOptions: .init(includeUsage: includeUsage))
    }

    @Test("streamed content equals the plain completion, with usage")
    func matchesCompletion() async throws {
        try await withService { sandbox, service in
            let plain = try await service.startChat(parameters: parameters())
            var deltas: [String] = []
            let result = try await service.startStreamedChat(parameters: parameters()).accumulate { chunk in
                if let content = chunk.choices.first?.delta.content, !content.isEmpty { deltas.append(content) }
            }
            #expect(deltas.count > 5)
            #expect(result.content == plain.choices.first?.message.content)
            #expect(result.finishReason?.description == "stop")
            #expect(result.usage?.totalTokens == plain.usage.totalTokens)
            #expect(result.completion.choices.first?.message.content == result.content)
            let body = try #require(sandbox.lastRequest?.json)
            #expect(body["stream"] as? Bool == true)
            #expect((body["stream_options"] as? [String: Any])?["include_usage"] as? Bool == true)
            #expect(sandbox.lastRequest?.header("Accept") == "text/event-stream")
        }
    }

    @Test("the same stream arrives intact at many chunkings", arguments: [
        SandboxBehavior.Splitting.every(3), .every(7), .every(64), .every(4096),
        .random(seed: 1, maxSize: 5), .random(seed: 2, maxSize: 40), .random(seed: 3, maxSize: 300),
        .at([5, 6, 100, 101, 102, 250]),
    ])
    func chunkings(splitting: SandboxBehavior.Splitting) async throws {
        try await withService { sandbox, service in
            let expected = try await service.startStreamedChat(parameters: parameters()).accumulate()
            sandbox.enqueue(.split(splitting, interval: 0.0005))
            let split = try await service.startStreamedChat(parameters: parameters()).accumulate()
            #expect(split.content == expected.content)
            #expect(split.chunkCount == expected.chunkCount)
            #expect(split.usage?.totalTokens == expected.usage?.totalTokens)
        }
    }

    @Test("tool call deltas accumulate into complete calls")
    func toolCallDeltas() async throws {
        try await withService { _, service in
            let tool = ChatCompletionParameters.Tool(
                function: .init(
                    name: "lookup", description: "Find a record",
                    parameters: .init(
                        type: .object,
                        properties: ["query": .init(type: .string), "limit": .init(type: .integer)],
                        required: ["query", "limit"])))
            var chunksWithCalls = 0
            let result = try await service.startStreamedChat(
                parameters: .init(messages: [userMessage("find")], model: .gpt4o, tools: [tool])
            ).accumulate { chunk in
                if chunk.choices.first?.delta.toolCalls != nil { chunksWithCalls += 1 }
            }
            #expect(chunksWithCalls > 3)
            let call = try #require(result.toolCalls.first)
            #expect(call.function.name == "lookup")
            #expect(call.id?.hasPrefix("call_") == true)
            #expect(call.function.arguments == #"{"limit":2,"query":"sandbox query"}"#)
            #expect(result.finishReason?.description == "tool_calls")
            #expect(result.completion.choices.first?.message.content == nil)
        }
    }

    @Test("a connection closed mid-stream: every chunk received, then .connection")
    func closedMidStream() async throws {
        try await withService { sandbox, service in
            sandbox.enqueue(.close(afterEvents: 4))
            var received = 0
            let error = await #expect(throws: APIError.self) {
                for try await _ in try await service.startStreamedChat(parameters: parameters()) { received += 1 }
            }
            #expect(error?.kind == .connection)
            #expect(received == 4)
        }
    }

    @Test("an error chunk inside the stream throws its APIError after earlier chunks")
    func inStreamError() async throws {
        try await withService { sandbox, service in
            var behavior = SandboxBehavior()
            behavior.streamErrorAfterEvents = 3
            sandbox.enqueue(behavior)
            var received = 0
            let error = await #expect(throws: APIError.self) {
                for try await _ in try await service.startStreamedChat(parameters: parameters()) { received += 1 }
            }
            #expect(error?.kind == .server)
            #expect(error?.type == "server_error")
            #expect(error?.message.contains("error while processing") == true)
            #expect(received == 3)
        }
    }

    @Test("a malformed chunk is a decoding error carrying the payload")
    func malformedChunk() async throws {
        try await withService { sandbox, service in
            sandbox.enqueue(.malformed)
            var received = 0
            let error = await #expect(throws: APIError.self) {
                for try await _ in try await service.startStreamedChat(parameters: parameters()) { received += 1 }
            }
            #expect(error?.kind == .decoding)
            // The sandbox cuts the second chunk's JSON in half.
            #expect(error?.rawBodyString?.hasPrefix(#"{"choices":"#) == true)
            #expect(received == 1)
        }
    }

    @Test("a stream without [DONE] but with a finish reason completes; a cut one fails")
    func missingDone() async throws {
        try await withService { sandbox, service in
            var lenient = SandboxBehavior()
            lenient.omitDone = true
            sandbox.enqueue(lenient)
            let result = try await service.startStreamedChat(parameters: parameters()).accumulate()
            #expect(result.finishReason?.description == "stop")

            var cut = SandboxBehavior()
            cut.closeAfterBytes = 300
            sandbox.enqueue(cut)
            let error = await #expect(throws: APIError.self) {
                _ = try await service.startStreamedChat(parameters: parameters()).accumulate()
            }
            #expect(error?.kind == .connection)
        }
    }

    @Test("idle timeout per call; rate limits before the stream are retried")
    func idleTimeoutAndRetry() async throws {
        try await withService { sandbox, service in
            sandbox.enqueue(.status(429, retryAfter: 0.05))
            sandbox.enqueue(.stall(afterEvents: 2))
            var received = 0
            let error = await #expect(throws: APIError.self) {
                let stream = try await service.startStreamedChat(
                    parameters: parameters(), options: RequestOptions(streamIdleTimeout: 2))
                for try await _ in stream { received += 1 }
            }
            #expect(error?.kind == .timeout)
            #expect(received == 2)
            #expect(sandbox.requests.count == 2)
        }
    }
}
