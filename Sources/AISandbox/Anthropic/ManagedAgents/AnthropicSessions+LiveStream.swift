import AIServerKit
import Foundation
import NIOConcurrencyHelpers

/// A `text/event-stream` body written while the response is open (a session's event stream): the events come
/// from `poll` as they happen, and the connection stays open until the source ends or the client leaves.
///
/// ``ResponseActions`` asks for one write at a time: the events ready now, a short pause when there are none yet,
/// the end of the response once `poll` answers nil.
final class SandboxLiveStream: Sendable {
    /// The events that became ready since the last call (empty when none did); nil once the stream has ended.
    typealias Poll = @Sendable () -> [[UInt8]]?

    private struct State {
        var written = 0
        var failAfter: Int?
        var failure: [UInt8] = []
        var ended = false
    }

    /// How long to wait before asking `poll` again when it had nothing.
    static let pollInterval: TimeInterval = 0.005

    private let poll: Poll
    private let state = NIOLockedValueBox(State())

    init(poll: @escaping Poll) {
        self.poll = poll
    }

    /// Makes the stream write `event` after `count` events and end there: a queued behavior's in-stream error.
    func fail(afterEvents count: Int, with event: [UInt8]) {
        state.withLockedValue { state in
            state.failAfter = count
            state.failure = event
        }
    }

    /// The next write action.
    func nextAction() -> WriteAction {
        state.withLockedValue { state in
            if state.ended { return .end }
            if let limit = state.failAfter, state.written >= limit {
                state.ended = true
                return .write(state.failure)
            }
            guard var events = poll() else {
                state.ended = true
                return .end
            }
            if events.isEmpty { return .pause(Self.pollInterval) }
            if let limit = state.failAfter, state.written + events.count >= limit {
                events = Array(events.prefix(limit - state.written))
                state.ended = true
                state.written = limit
                return .write(events.flatMap { $0 } + state.failure)
            }
            state.written += events.count
            return .write(events.flatMap { $0 })
        }
    }
}
