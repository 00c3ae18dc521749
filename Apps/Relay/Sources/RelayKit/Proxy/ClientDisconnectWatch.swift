import NIOConcurrencyHelpers
import NIOCore

/// Cancels work for a client that has gone away, even while the upstream is silent (a long generation that has
/// not sent its first byte yet): the operation runs in a child task, raced against the close of the client's
/// connection.
///
/// A client that goes away usually just closes its socket: the relay sees the end of its input (the server accepts
/// half-closed connections, so that alone doesn't close the channel) and, later, the channel's close. Either one
/// ends the client's requests, as nginx does by default (`proxy_ignore_client_abort off`): HTTP clients don't
/// half-close a connection on which they still expect an answer.
///
/// A connection serves many requests (keep-alive), so each connection gets one observer and one close callback,
/// installed by its first watched request, and requests add and remove themselves from that connection's list;
/// nothing is left behind when a request ends.
enum ClientDisconnectWatch {
    struct ClientWentAway: Error {}

    /// Runs `operation`; if the client's connection closes first, the operation is cancelled and `ClientWentAway`
    /// is thrown.
    static func run<T: Sendable>(
        on channel: any Channel, _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            let waiter = Waiter()
            group.addTask { try await operation() }
            group.addTask {
                await waiter.waitForClose(of: channel)
                guard Task.isCancelled else { throw ClientWentAway() }
                return nil
            }
            defer { group.cancelAll() }
            while let next = try await group.next() {
                if let value = next { return value }
            }
            throw ClientWentAway()
        }
    }

    /// One request's wait for its connection to close, ended early by task cancellation.
    final class Waiter: Sendable {
        private enum State {
            case idle
            case waiting(CheckedContinuation<Void, Never>)
            case finished
        }
        private let state = NIOLockedValueBox(State.idle)

        func waitForClose(of channel: any Channel) async {
            let id = Registry.shared.add(self, for: channel)
            defer { Registry.shared.remove(id, for: channel) }
            await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    let resumeNow = state.withLockedValue { state -> Bool in
                        guard case .idle = state else { return true }
                        state = .waiting(continuation)
                        return false
                    }
                    if resumeNow { continuation.resume() }
                }
            } onCancel: {
                finish()
            }
        }

        func finish() {
            let continuation = state.withLockedValue { state -> CheckedContinuation<Void, Never>? in
                defer { state = .finished }
                if case .waiting(let continuation) = state { return continuation }
                return nil
            }
            continuation?.resume()
        }
    }

    /// The waiters of each open connection, keyed by the connection's identity.
    final class Registry: Sendable {
        static let shared = Registry()
        private struct Entry {
            var waiters: [Int: Waiter] = [:]
        }
        private let entries = NIOLockedValueBox<(next: Int, byChannel: [ObjectIdentifier: Entry])>((0, [:]))

        func add(_ waiter: Waiter, for channel: any Channel) -> Int {
            let key = ObjectIdentifier(channel)
            let (id, isFirst) = entries.withLockedValue { entries -> (Int, Bool) in
                entries.next += 1
                let isFirst = entries.byChannel[key] == nil
                entries.byChannel[key, default: Entry()].waiters[entries.next] = waiter
                return (entries.next, isFirst)
            }
            if isFirst {
                channel.closeFuture.whenComplete { _ in self.connectionClosed(key) }
                channel.eventLoop.execute {
                    let observer = InputClosedObserver { self.connectionClosed(key) }
                    try? channel.pipeline.syncOperations.addHandler(observer, position: .first)
                }
            }
            if !channel.isActive { connectionClosed(key) }
            return id
        }

        func remove(_ id: Int, for channel: any Channel) {
            entries.withLockedValue { entries in
                entries.byChannel[ObjectIdentifier(channel)]?.waiters[id] = nil
            }
        }

        private func connectionClosed(_ key: ObjectIdentifier) {
            let waiters = entries.withLockedValue { entries in entries.byChannel.removeValue(forKey: key)?.waiters.values }
            waiters?.forEach { $0.finish() }
        }
    }
}

/// Sees the end of a connection's input (the client closed its side) before the HTTP decoder does, and reports it;
/// everything passes through unchanged.
final class InputClosedObserver: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let onInputClosed: @Sendable () -> Void

    init(onInputClosed: @escaping @Sendable () -> Void) {
        self.onInputClosed = onInputClosed
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireChannelRead(data)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .inputClosed = event as? ChannelEvent { onInputClosed() }
        context.fireUserInboundEventTriggered(event)
    }
}
