import Foundation

/// Runs actions at deadlines with one re-armable timer, and forgets cancelled ones at once.
///
/// `Task.sleep` and `DispatchQueue.asyncAfter` keep a cancelled timer alive until its deadline; with a
/// 600 s timeout on every request (or every read of a stream) those pile up by the hundred thousand. Here
/// a cancelled deadline is removed immediately.
/// `@unchecked Sendable`: its deadlines and thread state are touched only under `lock`.
final class DeadlineScheduler: @unchecked Sendable {
    static let shared = DeadlineScheduler()

    typealias Token = UInt64

    private let lock = NSLock()
    private var entries: [Token: (deadline: UInt64, action: @Sendable () -> Void)] = [:]
    private var nextToken: Token = 0
    private var armedDeadline: UInt64 = .max
    private let timer: any DispatchSourceTimer

    private init() {
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "SwiftAI.deadlines"))
        timer.setEventHandler { [weak self] in self?.fire() }
        timer.schedule(deadline: .distantFuture)
        timer.resume()
    }

    /// Runs `action` after `seconds` unless cancelled first.
    func schedule(after seconds: TimeInterval, _ action: @escaping @Sendable () -> Void) -> Token {
        let now = DispatchTime.now().uptimeNanoseconds
        let deadline = now &+ UInt64(max(0, min(seconds, 1e9)) * 1e9)
        lock.lock()
        defer { lock.unlock() }
        nextToken &+= 1
        entries[nextToken] = (deadline, action)
        if deadline < armedDeadline {
            armedDeadline = deadline
            timer.schedule(deadline: DispatchTime(uptimeNanoseconds: deadline), leeway: .milliseconds(1))
        }
        return nextToken
    }

    /// How many actions are waiting for their deadline.
    var pendingCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return entries.count
    }

    /// Forgets a scheduled action.
    func cancel(_ token: Token) {
        lock.lock()
        entries[token] = nil
        lock.unlock()
    }

    private func fire() {
        let now = DispatchTime.now().uptimeNanoseconds
        var due: [@Sendable () -> Void] = []
        lock.lock()
        var earliest = UInt64.max
        for (token, entry) in entries {
            if entry.deadline <= now {
                due.append(entry.action)
                entries[token] = nil
            } else {
                earliest = min(earliest, entry.deadline)
            }
        }
        armedDeadline = earliest
        timer.schedule(deadline: earliest == .max ? .distantFuture : DispatchTime(uptimeNanoseconds: earliest), leeway: .milliseconds(1))
        lock.unlock()
        for action in due { action() }
    }
}
