import Foundation
import NIOCore
import NIOHTTP1
import NIOWebSocket

/// Turns an authorized `GET` of a Realtime path with `Upgrade: websocket` into a session. Anything else — no
/// credentials, a refused `ek_` key, a queued error status — stays an HTTP request, so the router answers it in
/// the API's error shape (the 401 a client must be able to read).
enum RealtimeUpgrade {
    static func upgrader(state: SandboxState) -> NIOWebSocketServerUpgrader {
        // What the accepted handshake asked for, from shouldUpgrade to the pipeline set-up.
        let accepted = AcceptedHandshake()
        return NIOWebSocketServerUpgrader(
            maxFrameSize: 32 << 20, automaticErrorHandling: true,
            shouldUpgrade: { channel, head in
                let components = URLComponents(string: head.uri)
                let request = RecordedRequest(
                    method: head.method.rawValue, path: components?.path ?? head.uri,
                    query: (components?.queryItems ?? []).map { ($0.name, $0.value ?? "") },
                    headers: head.headers.map { ($0.name, $0.value) }, body: Data())
                guard RealtimeRoutes.isSessionPath(request.path), RealtimeRoutes.isAuthorized(request, state: state),
                    !state.hasQueuedBehavior(for: request.path, where: { $0.status != nil || $0.closeBeforeHead })
                else {
                    return channel.eventLoop.makeSucceededFuture(nil)
                }
                let (behavior, requestID) = state.receive(request)
                let bearer = request.header("authorization").flatMap { $0.hasPrefix("Bearer ek_") ? String($0.dropFirst(7)) : nil }
                accepted.set(
                    conversation: RealtimeSessionState(
                        model: RealtimeRoutes.model(of: request), secretSession: bearer.flatMap { state.realtimeSecrets.session(for: $0) }),
                    behavior: behavior)
                return channel.eventLoop.makeSucceededFuture(["x-request-id": requestID])
            },
            upgradePipelineHandler: { channel, _ in
                channel.eventLoop.makeCompletedFuture {
                    let (conversation, behavior) = accepted.take()
                    // NIO runs this on the channel's event loop, which owns the pipeline and its handlers: the HTTP
                    // handler is looked up there rather than captured, so no handler crosses threads.
                    let pipeline = channel.pipeline.syncOperations
                    pipeline.removeHandler(context: try pipeline.context(handlerType: SandboxHTTPHandler.self), promise: nil)
                    try pipeline.addHandler(
                        RealtimeSessionHandler(state: state, conversation: conversation, behavior: behavior))
                }
            })
    }

    /// Hands the handshake's session from `shouldUpgrade` to `upgradePipelineHandler` (both on the channel's loop).
    private final class AcceptedHandshake: @unchecked Sendable {
        private let lock = NSLock()
        private var conversation: RealtimeSessionState?
        private var behavior: SandboxBehavior?

        func set(conversation: RealtimeSessionState, behavior: SandboxBehavior?) {
            lock.withLock {
                self.conversation = conversation
                self.behavior = behavior
            }
        }

        func take() -> (RealtimeSessionState, SandboxBehavior?) {
            lock.withLock { (conversation ?? RealtimeSessionState(model: "gpt-realtime", secretSession: nil), behavior) }
        }
    }
}
