import Foundation

/// The body chunks a transport received and its reader hasn't taken yet, handed out joined.
///
/// A reader that falls behind — a loop on the main actor, which waits its turn on the main thread — then takes
/// everything that arrived meanwhile in one piece (up to ``maxTake`` bytes), so it leaves its actor once per
/// backlog rather than once per network read, and the slower it is the more each wake-up carries.
package final class ChunkBacklog: Sendable {
    /// The most bytes one take joins (a bound on the events one batch decodes and holds).
    package static let maxTake = 256 << 10

    private let state = LockedValue<(chunks: [Data], head: Int)>(([], 0))

    package init() {}

    /// Adds a chunk; returns true when the backlog was empty (the reader may be waiting and must be woken).
    package func append(_ chunk: Data) -> Bool {
        state.withLock { state in
            let wasEmpty = state.head == state.chunks.count
            state.chunks.append(chunk)
            return wasEmpty
        }
    }

    /// The oldest chunks joined, up to ``maxTake`` bytes (always at least one chunk); nil when there is none.
    package func take() -> Data? {
        state.withLock { state -> Data? in
            guard state.head < state.chunks.count else { return nil }
            var taken = state.chunks[state.head]
            state.head += 1
            while state.head < state.chunks.count, taken.count + state.chunks[state.head].count <= Self.maxTake {
                taken.append(state.chunks[state.head])
                state.head += 1
            }
            // Taken chunks are dropped from the list (a reader that never quite catches up would otherwise keep
            // every byte of the body alive): all at once when it caught up, else in steps.
            if state.head == state.chunks.count {
                state.chunks.removeAll(keepingCapacity: true)
                state.head = 0
            } else if state.head >= 16 {
                state.chunks.removeFirst(state.head)
                state.head = 0
            }
            return taken
        }
    }
}
