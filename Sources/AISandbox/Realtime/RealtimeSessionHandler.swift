import AIServerKit
import Foundation
import NIOCore
import NIOWebSocket

/// Serves one WebSocket session over an upgraded connection — Realtime or Responses: reads client events, answers
/// them through its ``SandboxSocketConversation``, plays responses out event by event (one after another), and misbehaves as its queued
/// ``SandboxBehavior`` says, in the first response (`closeAfterEvents` with or without `webSocketCloseCode`, `stallAfterEvents`,
/// `streamErrorAfterEvents`, `unknownEvents`), or in every response (`writeInterval` between response events), `splitting: .every(n)` to
/// send every message in frames of at most `n` bytes, `invalidUTF8` to turn every `ZQX` of a message into `Z`, 0xFF, `X`). A stall without an end (`stallDuration` nil) silences the
/// connection as a dead network would: pings go unanswered too.
final class RealtimeSessionHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let state: SandboxState
    private let conversation: any SandboxSocketConversation
    private var behavior: SandboxBehavior?
    private var fragments: ByteBuffer?
    private var closing = false
    /// The response being played out: its id, the events left, and how many were sent.
    private var playing: (id: String, events: ArraySlice<JSON>, sent: Int)?
    /// Responses asked for while another was being played out, in order.
    private var queued: [(id: String, events: [JSON])] = []
    private var nextWrite: Scheduled<Void>?
    /// Stalled for good: nothing is sent any more, not even pongs.
    private var silent = false
    /// Frame size of fragmented messages (0: one frame per message).
    private let fragmentSize: Int

    init(state: SandboxState, conversation: any SandboxSocketConversation, behavior: SandboxBehavior?) {
        self.state = state
        self.conversation = conversation
        self.behavior = behavior
        if case .every(let size)? = behavior?.splitting { fragmentSize = max(1, size) } else { fragmentSize = 0 }
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if let greeting = conversation.greeting { send(greeting, context: context) }
    }

    func channelInactive(context: ChannelHandlerContext) {
        nextWrite?.cancel()
        state.connectionClosed()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text where frame.fin:
            received(frame.unmaskedData, context: context)
        case .text:
            fragments = frame.unmaskedData
        case .continuation:
            var data = frame.unmaskedData
            fragments?.writeBuffer(&data)
            if frame.fin, let whole = fragments {
                fragments = nil
                received(whole, context: context)
            }
        case .ping:
            guard !silent else { return }
            state.countRealtimePing()
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)), promise: nil)
        case .connectionClose:
            guard !closing else {
                context.close(promise: nil)
                return
            }
            closing = true
            var echo = context.channel.allocator.buffer(capacity: 2)
            var payload = frame.unmaskedData
            if let code = payload.readWebSocketErrorCode() { echo.write(webSocketErrorCode: code) }
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: echo))).assumeIsolated()
                .whenComplete { _ in context.close(promise: nil) }
        case .binary:
            send(
                [
                    "type": "error", "event_id": "event_sandbox_binary",
                    "error": [
                        "type": "invalid_request_error", "code": "invalid_value",
                        "message": "Binary messages are not supported; send JSON text.", "param": nil, "event_id": nil,
                    ],
                ], context: context)
        default:
            break
        }
    }

    private func received(_ buffer: ByteBuffer, context: ChannelHandlerContext) {
        let text = String(decoding: buffer.readableBytesView, as: UTF8.self)
        var recorded = RecordedRequest(
            method: "WS", path: conversation.recordedPath, query: [], headers: [:], body: Data(buffer.readableBytesView))
        recorded.localAddress = ""
        state.recordRealtimeEvent(recorded)
        for output in conversation.handle(text) {
            switch output {
            case .event(let event):
                send(event, context: context)
            case .response(let id, let events):
                guard playing == nil else {
                    queued.append((id, events))
                    continue
                }
                play(id, events, context: context)
            case .cancel(let events):
                nextWrite?.cancel()
                playing = nil
                for event in events { send(event, context: context) }
            case .interrupt(let id, let events, let next, let otherwise):
                guard let interrupted = playing, interrupted.id == id else {
                    for event in otherwise { send(event, context: context) }
                    continue
                }
                nextWrite?.cancel()
                playing = nil
                for (index, var event) in events.enumerated() {
                    event["sequence_number"] = .int(interrupted.sent + index)
                    send(event, context: context)
                }
                conversation.ended(id)
                play(next.id, next.events, context: context)
            }
        }
    }

    private func play(_ id: String, _ events: [JSON], context: ChannelHandlerContext) {
        playing = (id, events[...], 0)
        conversation.started(id)
        if behavior?.unknownEvents == true { send(conversation.unknownEvent(), context: context) }
        playNext(context: context)
    }

    /// Sends the events of the response being played out, applying the queued faults: all at once (a loop, not
    /// recursion — a response may have tens of thousands of events), or one per `writeInterval`.
    ///
    /// Events sent back to back are flushed together, every ``eventsPerFlush`` events and when the loop stops, as a
    /// server with events ready writes them: a client then reads several per network read, as it does from OpenAI's
    /// servers when a response streams faster than the network delivers it. After ``eventsPerTurn`` events the loop
    /// goes on in a task of its own, so one long response doesn't hold the event loop (and every other connection
    /// on it) for its whole length.
    private func playNext(context: ChannelHandlerContext) {
        var unflushed = 0
        var sentThisTurn = 0
        defer { if unflushed > 0 { context.flush() } }
        while var response = playing, !closing {
            guard let event = response.events.first else {
                playing = nil
                conversation.ended(response.id)
                // The faults are for one response; the pace (`writeInterval`) stays for the whole session.
                let pace = behavior?.writeInterval ?? 0
                behavior = pace > 0 ? SandboxBehavior(writeInterval: pace) : nil
                if !queued.isEmpty {
                    let next = queued.removeFirst()
                    play(next.id, next.events, context: context)
                }
                return
            }
            if let behavior {
                if let after = behavior.closeAfterEvents, response.sent >= after {
                    // What was sent reaches the client before the end.
                    if unflushed > 0 { context.flush() }
                    unflushed = 0
                    closing = true
                    if let code = behavior.webSocketCloseCode {
                        var data = context.channel.allocator.buffer(capacity: 32)
                        data.write(webSocketErrorCode: WebSocketErrorCode(codeNumber: code))
                        data.writeString("The sandbox closed the session.")
                        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: data)), promise: nil)
                        // A client that doesn't answer the close within a second is dropped.
                        context.eventLoop.assumeIsolated().scheduleTask(in: .seconds(1)) { context.close(promise: nil) }
                    } else {
                        context.close(promise: nil)
                    }
                    return
                }
                if let after = behavior.stallAfterEvents, response.sent >= after {
                    self.behavior?.stallAfterEvents = nil
                    if let seconds = behavior.stallDuration {
                        nextWrite = context.eventLoop.assumeIsolated().scheduleTask(in: .nanoseconds(Int64(seconds * 1e9))) { [self] in
                            playNext(context: context)
                        }
                    } else {
                        silent = true
                    }
                    return
                }
                if let after = behavior.streamErrorAfterEvents, response.sent >= after {
                    self.behavior = nil
                    playing = nil
                    for var failure in conversation.failure(responseID: response.id) {
                        if failure["sequence_number"] != nil { failure["sequence_number"] = .int(response.sent) }
                        send(failure, context: context)
                    }
                    return
                }
            }
            let pause = behavior?.writeInterval ?? 0
            unflushed += 1
            send(event, context: context, flush: pause > 0 || unflushed == Self.eventsPerFlush)
            if pause > 0 || unflushed == Self.eventsPerFlush { unflushed = 0 }
            response.events = response.events.dropFirst()
            response.sent += 1
            playing = response
            // After the last event the response ends at once: a client that saw its end may act on it right away.
            if pause > 0, !response.events.isEmpty {
                nextWrite = context.eventLoop.assumeIsolated().scheduleTask(in: .nanoseconds(Int64(pause * 1e9))) { [self] in
                    playNext(context: context)
                }
                return
            }
            sentThisTurn += 1
            if sentThisTurn == Self.eventsPerTurn, !response.events.isEmpty {
                nextWrite = context.eventLoop.assumeIsolated().scheduleTask(in: .zero) { [self] in playNext(context: context) }
                return
            }
        }
    }

    /// At most this many events of a response are written before other work on the event loop gets a turn.
    static let eventsPerTurn = 256

    /// `ZQX` → `Z` 0xFF `X`: a text message that is not UTF-8 (a protocol violation the client must report).
    static func breakingUTF8(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == UInt8(ascii: "Z"), bytes[index + 1] == UInt8(ascii: "Q"), bytes[index + 2] == UInt8(ascii: "X") { bytes[index + 1] = 0xFF }
            index += 1
        }
        return bytes
    }

    /// At most this many events of a response go out in one flush.
    static let eventsPerFlush = 32

    /// Sends one event in one text frame (or in frames of `fragmentSize`); `flush: false` leaves it for the next flush.
    private func send(_ event: JSON, context: ChannelHandlerContext, flush: Bool = true) {
        guard !closing, !silent else { return }
        var bytes = JSONText.encode(event)
        if behavior?.invalidUTF8 == true { bytes = Self.breakingUTF8(bytes) }
        guard fragmentSize > 0, bytes.count > fragmentSize else {
            let frame = wrapOutboundOut(WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(bytes: bytes)))
            if flush { context.writeAndFlush(frame, promise: nil) } else { context.write(frame, promise: nil) }
            return
        }
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + fragmentSize, bytes.count)
            let frame = WebSocketFrame(
                fin: end == bytes.count, opcode: offset == 0 ? .text : .continuation, data: ByteBuffer(bytes: bytes[offset..<end]))
            context.write(wrapOutboundOut(frame), promise: nil)
            offset = end
        }
        if flush { context.flush() }
    }
}
