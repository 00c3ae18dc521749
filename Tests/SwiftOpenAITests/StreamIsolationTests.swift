import AICore
import AISandbox
import Dispatch
import Foundation
import SwiftAITestSupport
import SwiftOpenAI
import Testing

/// A serial executor that counts the jobs it runs: every time a task resumes on the actor it backs, one job.
private final class CountingExecutor: SerialExecutor {
    private let queue = DispatchQueue(label: "counting-executor")
    private let jobs = LockedValue(0)

    var count: Int { jobs.current }

    func enqueue(_ job: consuming ExecutorJob) {
        jobs.withLock { $0 += 1 }
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor { UnownedSerialExecutor(ordinary: self) }
}

/// An actor on the counting executor, consuming a stream the way a view model on the main actor does.
private actor CountingConsumer {
    let executor = CountingExecutor()
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    func drain(_ stream: AIStream<ChatCompletionChunkObject>) async throws -> (chunks: Int, jobs: Int) {
        let before = executor.count
        var chunks = 0
        for try await chunk in stream { chunks += chunk.choices.count }
        return (chunks, executor.count - before)
    }
}

@Suite("Streams consumed on an actor resume it once per network read, not once per element")
struct StreamIsolationTests {
    @Test("3,000 chunks consumed on an actor take far fewer actor resumptions than chunks", arguments: TransportKind.allCases)
    func fewResumptions(transport: TransportKind) async throws {
        try await withSandbox { sandbox in
            let service = OpenAIServiceFactory.service(
                apiKey: "sk-test", overrideBaseURL: sandbox.baseURL.absoluteString, transport: transport.make())
            sandbox.enqueue(.benchmarkStream(chunks: 3_000))
            let stream = try await service.startStreamedChat(
                parameters: ChatCompletionParameters(messages: [.init(role: .user, content: .text("go"))], model: .gpt4oMini))
            let (chunks, jobs) = try await CountingConsumer().drain(stream)
            #expect(chunks == 3_001)
            // A stream that hopped per element (AsyncThrowingStream) resumes the actor at least once per chunk.
            #expect(jobs < 300, "the consuming actor was resumed \(jobs) times for \(chunks) chunks")
        }
    }
}
