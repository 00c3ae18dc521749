import Foundation
import ServiceLifecycle

/// What a generation job reports, in order; each event's SSE id is its 1-based position.
public enum JobEvent: Sendable, Equatable {
    /// Story text as it is written.
    case delta(String)
    /// Narration progress: parts done of all parts.
    case narration(completed: Int, total: Int)
    /// A step: "Narrating part 1 of 3", "Illustrating…".
    case status(String)
    /// Saved: the story page's URL.
    case done(url: String)
    /// Failed, with the friendly message to show.
    case failed(String)
}

/// One running or finished generation. Events are kept, so a browser that reconnects (or comes late) gets them
/// all from where it left off; the job runs on regardless of who listens.
public actor GenerationJob {
    public nonisolated let id: UUID
    private(set) var events: [JobEvent] = []
    private(set) var isFinished = false
    private var subscribers: [UUID: AsyncStream<(Int, JobEvent)>.Continuation] = [:]
    /// The New story form filled in as this job's order was (the retry link after a failure).
    public private(set) var retryPath = "/stories/new"

    init(id: UUID = UUID()) { self.id = id }

    func setRetryPath(_ path: String) { retryPath = path }

    /// Records an event and hands it to every listener.
    public func send(_ event: JobEvent) {
        guard !isFinished else { return }
        events.append(event)
        for subscriber in subscribers.values { subscriber.yield((events.count, event)) }
        switch event {
        case .done, .failed: finish()
        default: break
        }
    }

    func finish() {
        isFinished = true
        for subscriber in subscribers.values { subscriber.finish() }
        subscribers = [:]
    }

    /// The events after `lastEventID` (0 for all), then the ones still to come; ends when the job does.
    public func events(after lastEventID: Int) -> AsyncStream<(Int, JobEvent)> {
        let (stream, continuation) = AsyncStream.makeStream(of: (Int, JobEvent).self)
        for (index, event) in events.enumerated() where index + 1 > lastEventID {
            continuation.yield((index + 1, event))
        }
        if isFinished {
            continuation.finish()
        } else {
            let key = UUID()
            subscribers[key] = continuation
            continuation.onTermination = { [weak self] _ in
                Task { await self?.unsubscribe(key) }
            }
        }
        return stream
    }

    private func unsubscribe(_ key: UUID) { subscribers[key] = nil }
}

/// The generation jobs: at most `limit` at once, kept for a while after they finish so a page can still read
/// them. As a Service, on graceful shutdown it waits for the running ones to finish saving (a story is saved
/// in one transaction, so it is saved whole or not at all).
public actor JobRegistry: Service {
    public nonisolated let limit: Int
    private var jobs: [UUID: GenerationJob] = [:]
    private var order: [UUID] = []
    private var running: [UUID: Task<Void, Never>] = [:]
    private let keep = 50

    public init(limit: Int = 2) { self.limit = limit }

    public var runningCount: Int { running.count }

    /// Starts `work` as a new job, or returns nil when `limit` jobs are running already.
    public func start(_ work: @escaping @Sendable (GenerationJob) async -> Void) -> GenerationJob? {
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

    public func job(id: UUID) -> GenerationJob? { jobs[id] }

    private func ended(_ id: UUID) { running[id] = nil }

    /// Waits for every running job.
    public func drain() async {
        while let task = running.values.first {
            await task.value
        }
    }

    public nonisolated func run() async throws {
        try? await gracefulShutdown()
        await drain()
    }
}
