import Foundation
import ServiceLifecycle

/// The generation jobs: at most `limit` at once, kept for a while after they finish so a page can still read
/// them. As a Service, on graceful shutdown it waits for the running ones to finish saving (a story is saved
/// in one transaction, so it is saved whole or not at all).
actor JobRegistry: Service {
    nonisolated let limit: Int
    private var jobs: [UUID: GenerationJob] = [:]
    private var order: [UUID] = []
    private var running: [UUID: Task<Void, Never>] = [:]
    private let keep = 50

    init(limit: Int = 2) { self.limit = limit }

    var runningCount: Int { running.count }

    /// Starts `work` as a new job, or returns nil when `limit` jobs are running already.
    func start(_ work: @escaping @Sendable (GenerationJob) async -> Void) -> GenerationJob? {
        guard running.count < limit else { return nil }
        let job = GenerationJob()
        jobs[job.id] = job
        order.append(job.id)
        while order.count > keep, let oldest = order.first, running[oldest] == nil {
            order.removeFirst()
            jobs[oldest] = nil
        }
        running[job.id] = Task {
            await work(job)
            await job.finish()
            self.ended(job.id)
        }
        return job
    }

    func job(id: UUID) -> GenerationJob? { jobs[id] }

    private func ended(_ id: UUID) { running[id] = nil }

    /// Waits for every running job.
    func drain() async {
        while let task = running.values.first {
            await task.value
        }
    }

    nonisolated func run() async throws {
        try? await gracefulShutdown()
        await drain()
    }
}
