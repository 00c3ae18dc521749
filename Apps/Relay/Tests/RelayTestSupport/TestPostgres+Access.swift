import Foundation

/// Tests using the shared test PostgreSQL hold shared access; a test that restarts the server holds exclusive
/// access, so it never pulls the database from under another test running in parallel. `TestStore` takes shared
/// access by itself; other PostgreSQL tests should run inside `TestPostgres.withSharedAccess`.
extension TestPostgres {
    public static func withSharedAccess<T>(_ body: () async throws -> T) async throws -> T {
        await gate.acquire(exclusive: false)
        do {
            let result = try await body()
            await gate.release(exclusive: false)
            return result
        } catch {
            await gate.release(exclusive: false)
            throw error
        }
    }

    public static func withExclusiveAccess<T>(_ body: () async throws -> T) async throws -> T {
        await gate.acquire(exclusive: true)
        do {
            let result = try await body()
            await gate.release(exclusive: true)
            return result
        } catch {
            await gate.release(exclusive: true)
            throw error
        }
    }

    private static let gate = AccessGate()
}

/// A readers-writer gate, first come first served (a waiting writer holds back later readers, so it isn't starved).
private actor AccessGate {
    private var readers = 0
    private var writing = false
    private var waiters: [(exclusive: Bool, continuation: CheckedContinuation<Void, Never>)] = []

    func acquire(exclusive: Bool) async {
        if waiters.isEmpty && !writing && (!exclusive || readers == 0) {
            if exclusive { writing = true } else { readers += 1 }
            return
        }
        await withCheckedContinuation { waiters.append((exclusive, $0)) }
    }

    func release(exclusive: Bool) {
        if exclusive { writing = false } else { readers -= 1 }
        while let next = waiters.first, !writing, !next.exclusive || readers == 0 {
            waiters.removeFirst()
            if next.exclusive { writing = true } else { readers += 1 }
            next.continuation.resume()
        }
    }
}
