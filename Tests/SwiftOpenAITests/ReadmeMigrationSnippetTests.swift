import AISandbox
import Foundation
import SwiftOpenAI
import Testing

// README.md "Moving from SwiftOpenAI, SwiftAnthropic or SwiftAzureOpenAI": the snippet copied line for line — the
// stream bridge both ways and a test double of one service area — and run against the sandbox.

@Suite("README: moving from the seed libraries")
struct ReadmeMigrationSnippetTests {
    @Test("a stream bridged to AsyncThrowingStream and back through the test double assembles the same answer")
    func bridgeBothWays() async throws {
        try await withService { _, service in
            let parameters = ChatCompletionParameters(messages: [userMessage("Tell me a joke")], model: .gpt4oMini)

            // Code that names the seeds' stream type keeps it:
            let chunks: AsyncThrowingStream<ChatCompletionChunkObject, Error> =
                try await service.startStreamedChat(parameters: parameters).asyncThrowingStream

            var received: [ChatCompletionChunkObject] = []
            for try await chunk in chunks { received.append(chunk) }
            #expect(received.count > 2)

            let double = CannedChat(chunks: received)
            let replayed = try await double.startStreamedChat(parameters: parameters).accumulate()
            #expect(replayed.content == "Hello from AISandbox! You said: Tell me a joke")
            await #expect(throws: APIError.self) { try await double.startChat(parameters: parameters) }
        }
    }
}

// The README's test double.

final class CannedChat: OpenAIChatService {
    let chunks: [ChatCompletionChunkObject]
    init(chunks: [ChatCompletionChunkObject]) { self.chunks = chunks }

    func startChat(parameters: ChatCompletionParameters, options: RequestOptions) async throws -> ChatCompletionObject {
        throw APIError(kind: .notFound, message: "only streams are canned")
    }

    func startStreamedChat(parameters: ChatCompletionParameters, options: RequestOptions) async throws -> AIStream<ChatCompletionChunkObject> {
        AIStream(AsyncThrowingStream { [chunks] continuation in
            chunks.forEach { continuation.yield($0) }
            continuation.finish()
        })
    }
}
