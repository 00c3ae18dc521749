import AISandbox
import Foundation
import InfiniteStories
import Testing

@Suite("Several stories at once")
struct ConcurrencyTests {
    static let heroes = ["Luna", "Milo", "Zara", "Otto", "Pip"].map { Hero(name: $0, traits: ["kind"]) }

    @Test("five heroes, at most two at a time, stories in the heroes' order")
    func fiveHeroes() async throws {
        try await withStories(settings: unmoderated) { sandbox, stories in
            let results = try await stories.generateMultipleStories(
                heroes: Self.heroes, event: .friendship, targetDuration: 120, language: "Italian", maxConcurrent: 2)
            #expect(results.count == 5)
            let prompts = sandbox.chatRequests.map { $0.chatMessages.last?.content ?? "" }
            #expect(prompts.count == 5)
            for hero in Self.heroes {
                #expect(prompts.filter { $0.contains("di 2 minuti su \(hero.name).") }.count == 1)
            }
            // The sandbox's reply echoes the prompt, so each story names its own hero, in order.
            for (hero, story) in zip(Self.heroes, results) {
                #expect("\(story.title) \(story.content)".contains(hero.name))
            }
        }
    }

    @Test("cancelling the caller cancels every request and closes the connections")
    func cancellation() async throws {
        try await withStories(settings: unmoderated) { sandbox, stories in
            for _ in 0..<5 { sandbox.enqueue(.delay(30), path: "/chat/completions") }
            let closedBefore = sandbox.closedConnections
            let task = Task {
                try await stories.generateMultipleStories(heroes: Self.heroes, event: .bedtime, maxConcurrent: 3)
            }
            let deadline = Date().addingTimeInterval(20)
            while sandbox.chatRequests.isEmpty, Date() < deadline { try await Task.sleep(nanoseconds: 5_000_000) }
            #expect(!sandbox.chatRequests.isEmpty)
            let started = Date()
            task.cancel()
            let result = await task.result
            #expect(Date().timeIntervalSince(started) < 5)
            #expect(throws: CancellationError.self) { try result.get() }
            // Requests already on the wire may still be arriving; then no more come: the other heroes never start,
            // and every connection that carried a request is closed.
            try await Task.sleep(nanoseconds: 500_000_000)
            let seen = sandbox.chatRequests.count
            #expect((1...3).contains(seen))
            #expect(await sandbox.waitForClosedConnections(closedBefore + seen, timeout: 30))
            let prompts = sandbox.chatRequests.map { $0.chatMessages.last?.content ?? "" }
            #expect(!prompts.contains { $0.contains("about Otto.") || $0.contains("about Pip.") })
        }
    }
}
