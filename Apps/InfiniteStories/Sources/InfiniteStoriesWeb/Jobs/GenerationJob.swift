import Foundation

/// One running or finished generation. Events are kept, so a browser that reconnects (or comes late) gets them
/// all from where it left off; the job runs on regardless of who listens.
actor GenerationJob {
    nonisolated let id: UUID
    private(set) var events: [JobEvent] = []
    private(set) var isFinished = false
    private var subscribers: [UUID: AsyncStream<(Int, JobEvent)>.Continuation] = [:]
    /// The New story form filled in as this job's order was (the retry link after a failure).
    private(set) var retryPath = "/stories/new"

    init(id: UUID = UUID()) { self.id = id }

    func setRetryPath(_ path: String) { retryPath = path }

    /// The job as a page shows it when it is loaded: the text so far, the last step, the narration's progress and
    /// how it ended, with the number of events it covers (the page's script goes on from there).
    var snapshot: JobSnapshot {
        var snapshot = JobSnapshot(eventCount: events.count, retryPath: retryPath)
        for event in events {
            switch event {
            case .delta(let text): snapshot.text += text
            case .status(let text): snapshot.status = text
            case .narration(let completed, let total): snapshot.narration = (completed, total)
            case .done(let url): snapshot.outcome = .saved(url: url)
            case .failed(let message): snapshot.outcome = .failed(message)
            }
        }
        return snapshot
    }

    /// Records an event and hands it to every listener.
    func send(_ event: JobEvent) {
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
    func events(after lastEventID: Int) -> AsyncStream<(Int, JobEvent)> {
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

/// What a job has reported so far (see ``GenerationJob/snapshot``).
struct JobSnapshot: Sendable {
    enum Outcome: Sendable, Equatable {
        case saved(url: String)
        case failed(String)
    }

    var eventCount: Int
    var retryPath: String
    var text = ""
    var status: String?
    var narration: (completed: Int, total: Int)?
    /// nil while the job runs.
    var outcome: Outcome?
}
