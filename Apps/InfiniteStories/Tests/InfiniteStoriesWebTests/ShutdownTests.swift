import Foundation
import Hummingbird
import InfiniteStoriesStore
@testable import InfiniteStoriesWeb
import ServiceLifecycle
import Testing

@Suite("Graceful shutdown")
struct ShutdownTests {
    final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        var isSet: Bool { lock.withLock { value } }
        func set() { lock.withLock { value = true } }
    }

    @Test("a graceful shutdown waits for running generations to finish")
    func drainsJobs() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("infinite-stories-web-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let web = WebApp(services: WebServices(library: try StoryLibrary(folder: folder)) { fatalError("no AI here") })
        let app = try web.application(port: 0)
        let finished = Flag()
        _ = await web.jobs.start { job in
            try? await Task.sleep(for: .milliseconds(400))
            finished.set()
            await job.send(.done(url: "/"))
        }
        let group = ServiceGroup(configuration: .init(services: [app], logger: app.logger))
        let running = Task { try await group.run() }
        try await Task.sleep(for: .milliseconds(100))
        await group.triggerGracefulShutdown()
        try await running.value
        #expect(finished.isSet)
        #expect(await web.jobs.runningCount == 0)
    }
}
