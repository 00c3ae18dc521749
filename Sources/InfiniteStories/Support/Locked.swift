import Foundation

/// A value behind a lock, for the library's small shared caches.
///
/// `@unchecked Sendable`: `value` is only touched inside `withLock`, under `lock`.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) { self.value = value }

    @discardableResult
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
