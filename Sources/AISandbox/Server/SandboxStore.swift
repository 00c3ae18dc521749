import Foundation

/// The lock and id counter shared by the sandbox's stateful resources.
/// `@unchecked Sendable`: subclasses touch their state only inside `locked(_:)`, which holds `lock`.
class SandboxStore: @unchecked Sendable {
    private let lock = NSLock()
    /// How many ids were handed out (also used for distinct timestamps).
    private(set) var counter = 0
    /// Told when a background job ends (`response.completed`, `batch.cancelled` …, and the resource's id): the
    /// sandbox then delivers a webhook. Set once, before the first request. When set, background work also runs to
    /// its end by itself instead of one step per poll, as it does on the real API.
    var onFinished: (@Sendable (_ type: String, _ id: String) -> Void)?

    func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// A new id such as `file-sandbox0001`; call it with the lock held.
    func nextID(_ prefix: String, separator: String = "_sandbox") -> String {
        counter += 1
        return "\(prefix)\(separator)\(String(format: "%04d", counter))"
    }
}
