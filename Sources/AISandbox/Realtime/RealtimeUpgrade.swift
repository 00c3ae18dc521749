import AIServerKit
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOWebSocket

/// Turns an authorized `GET` of a Realtime path, or of `/v1/responses` (Responses over WebSocket), with
/// `Upgrade: websocket` into a session. Anything else — no credentials, a refused `ek_` key, a queued error status —
/// stays an HTTP request, so the router answers it in the API's error shape (the 401 a client must be able to read).
enum RealtimeUpgrade {
    static func upgrader(state: SandboxState) -> NIOWebSocketServerUpgrader {
        // What the accepted handshake asked for, from shouldUpgrade to the pipeline set-up.
        let accepted = AcceptedHandshake()
        return NIOWebSocketServerUpgrader(
            maxFrameSize: 32 << 20, automaticErrorHandling: true,
            shouldUpgrade: { channel, head in
                guard let handshake = ServerRequest(head: head, body: Data(), channel: channel) else {
                    return channel.eventLoop.makeSucceededFuture(nil)
                }
                let request = RecordedRequest(handshake)
                let responses = responsesSocketPaths.contains(request.path)
                guard responses || RealtimeRoutes.isSessionPath(request.path), RealtimeRoutes.isAuthorized(request, state: state),
                    !state.hasQueuedBehavior(for: request.path, where: { $0.status != nil || $0.closeBeforeHead })
                else {
                    return channel.eventLoop.makeSucceededFuture(nil)
                }
                let (behavior, requestID) = state.receive(request)
                let bearer = request.header("authorization").flatMap { $0.hasPrefix("Bearer ek_") ? String($0.dropFirst(7)) : nil }
                accepted.set(
                    responses: responses, model: RealtimeRoutes.model(of: request),
                    secretSession: bearer.flatMap { state.realtimeSecrets.session(for: $0) }, behavior: behavior)
                return channel.eventLoop.makeSucceededFuture(["x-request-id": requestID])
            },
            upgradePipelineHandler: { channel, _ in
                channel.eventLoop.makeCompletedFuture {
                    // The kit has taken its request reader out of the pipeline already.
                    let (conversation, behavior) = accepted.take(state: state)
                    try channel.pipeline.syncOperations.addHandler(
                        RealtimeSessionHandler(state: state, conversation: conversation, behavior: behavior))
                }
            })
    }

    /// Where a Responses WebSocket opens (OpenAI's and Azure's v1 layout).
    static let responsesSocketPaths: Set<String> = ["/v1/responses", "/openai/v1/responses"]

    /// Hands what the accepted handshake asked for from `shouldUpgrade` to `upgradePipelineHandler` (both on the
    /// channel's loop); the session itself is made there, on the loop that serves it.
    private final class AcceptedHandshake: Sendable {
        private struct Handshake {
            var responses = false
            var model = "gpt-realtime"
            var secretSession: [String: JSON]?
            var behavior: SandboxBehavior?
        }

        private let handshake = NIOLockedValueBox(Handshake())

        func set(responses: Bool, model: String, secretSession: [String: JSON]?, behavior: SandboxBehavior?) {
            handshake.withLockedValue {
                $0 = Handshake(responses: responses, model: model, secretSession: secretSession, behavior: behavior)
            }
        }

        func take(state: SandboxState) -> (any SandboxSocketConversation, SandboxBehavior?) {
            let accepted = handshake.withLockedValue { $0 }
            if accepted.responses {
                return (ResponsesSocketState(responses: state.responses, answer: accepted.behavior?.answer), accepted.behavior)
            }
            return (RealtimeSessionState(model: accepted.model, secretSession: accepted.secretSession), accepted.behavior)
        }
    }
}
